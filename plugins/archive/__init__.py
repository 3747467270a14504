"""The archive as players and federations use it, across championships.

- a page per person (``players/<key>.html`` at the site root) recognised by a federation
  id or a ``person`` column (:mod:`people`), with a chart of rank and rating (:mod:`chart`),
  and ``data/people.json`` with its parts;
- a page per club and per country listing everyone of it, and their lists (:mod:`clubs`);
- the front page's search over championships and people, from a split static index
  (:mod:`search`, ``static/archive/search.js``);
- an Atom feed per championship and one for the archive (:mod:`feeds`), and an iCalendar
  file per championship (:mod:`calendar`) from the schedule (:mod:`schedule`).
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plugins.archive.people import check_people, person_key
from plugins.archive.schedule import read_round_schedule
from publisher import hookimpl
from publisher.build.kept import Kept
from publisher.model import DataFile, Event, File, Page, Session, Site
from publisher.problems import Problem, Problems

if TYPE_CHECKING:
    from plugins.archive.keeper import Keeper
    from plugins.archive.people import Person

HERE = Path(__file__).parent


@hookimpl
def publisher_template_dirs() -> list[Path]:
    return [HERE / "templates"]


@hookimpl
def publisher_static_dirs() -> list[Path]:
    return [HERE / "static"]


@hookimpl
def publisher_catalog_dirs() -> list[Path]:
    return [HERE / "locale"]


@hookimpl
def publisher_jinja_filters() -> dict[str, Any]:
    from plugins.archive.filters import country, place  # Jinja2: only commands that render
    from plugins.archive.rows import member_rows

    return {"person_key": person_key, "country": country, "ordinal": place, "member_rows": member_rows}


@hookimpl
def publisher_load_event(event: Event) -> None:
    problems = Problems()
    check_people(event, problems)
    event.data["archive"] = read_round_schedule(event, problems)
    problems.check()


@hookimpl(trylast=True)
def publisher_event_schedule(event: Event) -> list[Session] | None:
    return event.data.get("archive")


@hookimpl
def publisher_event_pages(event: Event, site: Site) -> list[Page | DataFile | File]:
    """The championship's feed and calendar, in its language: the same files for every
    language of its pages."""
    from plugins.archive.calendar import event_calendar  # here: commands that make no pages skip them
    from plugins.archive.feeds import event_feed

    return [event_feed(event, site), event_calendar(event, site)]


@hookimpl
def publisher_site_pages(site: Site, kept: Kept) -> list[Page | DataFile | File]:
    from plugins.archive.clubs import CLUBS, COUNTRIES, group_pages, groups
    from plugins.archive.feeds import archive_feed
    from plugins.archive.keeper import read_keeper
    from plugins.archive.kept import archive_people, championships
    from plugins.archive.people import normalise_key, people_files
    from plugins.archive.search import index_files, people_shards

    keeper = read_keeper(site.content_dir, normalise_key)
    parts = championships(site.events, kept)
    people, problems = archive_people(parts, keeper, kept)
    site.warnings += problems
    site.warnings += unknown_keys(people, keeper)
    clubs, countries = groups(people, (other for part in parts for other in part.others), kept)
    return [
        *person_pages(people, kept),
        *(moved_page(person, key) for person in people for key in person.keys[1:]),
        *group_pages(CLUBS, clubs),
        *group_pages(COUNTRIES, countries),
        *people_files(people, kept),
        *index_files([people_shards(people, kept), *(part.rows for part in parts)], kept),
        archive_feed([(part.event, part.entries) for part in parts], site, kept),
    ]


def person_pages(people: list[Person], kept: Kept) -> list[Page]:
    """Every person's page; under ``watch`` each one's is kept while they are the same person
    (the archive keeps a person while their championships and people.toml are the same:
    :func:`plugins.archive.kept.archive_people`)."""
    store = kept.store("archive.person-pages")
    last = store.get("pages", {})
    made = {}
    for person in people:
        previous = last.get(person.key)
        if previous is None or previous[0] is not person:
            previous = (person, person_page(person, kept))
        made[person.key] = previous
    if kept.between_builds:
        store["pages"] = made
    return [page for _, page in made.values()]


def person_page(person: Person, kept: Kept) -> Page:
    """A person's page: who they are now, every championship, their rank and rating. Its
    context (the charts) is made as the page is written, so that an archive's thousands
    of people pages are not all held at once. It is keyed by a digest of what it shows
    (:func:`page_digest`): a result saved in a championship of theirs that leaves their
    place, wins and score as they were leaves their page alone. It is not dated: every
    championship on it gives its own dates, so a page whose data did not change keeps its
    bytes (not written, not published again)."""
    return Page(person.page, "archive/person.html", person.name, functools.partial(person_context, person),
                context_only=True, dated=False, digest=page_digest(person, kept))


def page_digest(person: Person, kept: Kept) -> bytes:
    """What a person's page shows, summed up: their part of ``data/people.json``
    (:func:`plugins.archive.people.person_bytes`: names, ids, club, country and every
    championship's name, date, place, wins, score, rank and rating), with what the page
    shows beside it (each championship's field and its score's label)."""
    from plugins.archive.people import person_bytes

    shown = [(len(a.event.players), (a.event.record or {}).get("score_label", ""))
             for a in person.appearances]
    return hashlib.sha256(person_bytes(person, kept) + repr(shown).encode()).digest()


def moved_page(person: Person, key: str) -> Page:
    """The page of another key of a person (a PIN joined to a ``person`` key): a link to
    their page, where a championship's player page that knows only that key points."""
    return Page(f"players/{key}.html", "archive/moved.html", person.name,
                {"name": person.name, "target": person.page}, context_only=True, dated=False)


def unknown_keys(people: list[Person], keeper: Keeper) -> list[Problem]:
    """A warning for each table of people.toml that names nobody of the archive (a typo, or a
    championship taken away)."""
    if not keeper.entries:
        return []
    known = {key for person in people for key in person.keys}
    return [Problem(keeper.path, "no player of the archive has this key, so the table does nothing",
                    "write the key as the person's page has it, like egd-12345678", key=key)
            for key in keeper.entries if key not in known]


def person_context(person: Person) -> dict[str, Any]:
    """What a person's page shows; its charts are functions of their label, which the page
    gives in its language."""
    from plugins.archive.chart import Point, trend_svg
    from plugins.archive.clubs import club_link, country_link
    from plugins.archive.people import ID_NAMES, ids

    latest = person.latest.player
    ranks = [Point(a.event.start, a.player.rank.value, str(a.player.rank), a.event.name)
             for a in person.appearances if a.player.rank is not None]
    ratings = [Point(a.event.start, a.player.rating, str(a.player.rating), a.event.name)
               for a in person.appearances if a.player.rating is not None]
    return {
        "person": person, "player": latest, "ids": ids(person), "id_names": ID_NAMES,
        "club_page": club_link(latest.club), "country": country_link(latest.country),
        "rows": list(reversed(person.appearances)),
        "rank_chart": functools.partial(trend_svg, ranks) if len(ranks) > 1 else "",
        "rating_chart": functools.partial(trend_svg, ratings) if len(ratings) > 1 else "",
    }

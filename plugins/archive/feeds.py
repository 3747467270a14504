"""Atom feeds (RFC 4287): one per championship and one for the whole archive.

A championship's feed gets an entry when a round's pairings (or seating) appear, when
its results are complete and when the final standings are published, each linking the
page. Nothing in it comes from the clock: an entry is dated by the schedule (the round's
start; its end for results) or, without one, by the event's days (its first day for the
rounds, its last for the final standings). Ids are ``urn:uuid`` names made from the
championship's folder and the entry, so they stay the same on every build and host.

A feed is one file for every language of the site: a championship's is written in its
language (event.toml's ``language``, else the site's first), the archive's in the site's
first (:meth:`publisher.model.Site.in_language`).
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plugins.archive.schedule import localize
from publisher.build.kept import Kept
from publisher.languages import Message, message
from publisher.model import Event, File, Session, Site

if TYPE_CHECKING:
    from feedgen.feed import FeedGenerator

ARCHIVE_ENTRIES = 200  # the archive feed keeps the newest of every championship's entries


@dataclass(frozen=True)
class Entry:
    """One thing a subscriber hears about."""

    key: str  # stable within the championship: "round-3-pairings"
    title: Message
    updated: dt.datetime
    page: str  # inside the championship folder
    summary: Message


def stable_id(*names: str) -> str:
    """An Atom id that is the same on every build: a name-based UUID of the championship
    folder and the entry."""
    return uuid.uuid5(uuid.NAMESPACE_URL, "tournament-publisher:" + "/".join(names)).urn


def entries(event: Event) -> list[Entry]:
    """The championship's entries in order of time (then of the rounds)."""
    record = event.record or {}
    found: list[Entry] = []
    for rnd in record.get("rounds", []):
        number, label = rnd["round"], rnd["label"]
        start, end = _round_times(event, number)
        title, summary = _published(rnd.get("published") or "pairings", label, event.name)
        found.append(Entry(f"round-{number}-pairings", title, start, rnd["page"], summary))
        if rnd["complete"]:
            found.append(Entry(f"round-{number}-results", message("%(round)s: results complete", round=label),
                               end, rnd.get("standings_page") or rnd["page"],
                               message("%(round)s of %(championship)s: every result is in.", round=label,
                                       championship=event.name)))
    if record.get("finished"):
        sessions = [s for s in event.schedule if s.kind == "play"]
        final = _end(sessions[-1], event) if sessions else _day(event, event.end)
        found.append(Entry("final-standings", message("Final standings"), final, record["final_page"],
                           message("%(championship)s is over: the final standings are published.",
                                   championship=event.name)))
    return sorted(found, key=lambda e: e.updated)  # stable: same times keep the rounds' order


def _published(what: str, label: str, name: str) -> tuple[Message, Message]:
    """The title and summary of a round's entry: its pairings or its seating
    (``published`` of the record) are published."""
    if what == "seating":
        return (message("%(round)s: seating published", round=label),
                message("%(round)s of %(championship)s: seating published.", round=label, championship=name))
    return (message("%(round)s: pairings published", round=label),
            message("%(round)s of %(championship)s: pairings published.", round=label, championship=name))


def _round_times(event: Event, number: int) -> tuple[dt.datetime, dt.datetime]:
    """When round ``number`` starts and ends by the schedule, or the event's first day."""
    sessions = [s for s in event.schedule if s.round == number and s.kind == "play"]
    if not sessions:
        day = _day(event, event.start)
        return day, day
    return _aware(event, sessions[0].start), _end(sessions[-1], event)


def _end(session: Session, event: Event) -> dt.datetime:
    return _aware(event, session.start) + dt.timedelta(minutes=session.minutes)


def _aware(event: Event, when: dt.datetime) -> dt.datetime:
    return localize(when, event.timezone or dt.UTC)


def _day(event: Event, day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(), tzinfo=event.timezone or dt.UTC)


def _feed(feed_id: str, title: str, self_link: str, home: str) -> FeedGenerator:
    from feedgen.feed import FeedGenerator  # with lxml: imported when a feed is made

    feed = FeedGenerator()
    feed.id(feed_id)
    feed.title(title)
    feed.author({"name": title})
    feed.link(href=home, rel="alternate", type="text/html")
    feed.link(href=self_link, rel="self", type="application/atom+xml")
    return feed


def _add(feed: FeedGenerator, entry_id: str, title: str, updated: dt.datetime, link: str,
         summary: str) -> None:
    item = feed.add_entry(order="append")
    item.id(entry_id)
    item.title(title)
    item.updated(updated)
    item.link(href=link, rel="alternate", type="text/html")
    item.summary(summary)


def event_feed(event: Event, site: Site) -> File:
    """``<slug>/feed.atom``; its links are relative to the feed, which works on any host."""
    feed = _feed(stable_id(event.slug), event.name, "feed.atom", "index.html")
    found = entries(event)
    feed.updated(found[-1].updated if found else _day(event, event.start))
    for entry in reversed(found):  # newest first, as readers list them
        _add(feed, stable_id(event.slug, entry.key), site.in_language(entry.title, event.language),
             entry.updated, entry.page, site.in_language(entry.summary, event.language))
    return File("feed.atom", feed.atom_str(pretty=True))


def archive_feed(parts: list[tuple[Event, list[Entry]]], site: Site, kept: Kept) -> File:
    """``feed.atom`` of the archive: the newest entries of every championship (``parts``:
    each championship with its :func:`entries`), titled with the front page's title; links
    are full addresses when site.toml gives the site's ``url``, else relative. What it was
    last made from (its texts as written) and its bytes are kept in ``kept``: a save under
    watch seldom changes the newest entries of the archive, and feedgen takes a while over
    two hundred."""
    found = sorted(((entry, event.slug) for event, found in parts for entry in found),
                   key=lambda pair: (pair[0].updated, pair[1]))[-ARCHIVE_ENTRIES:]
    names = {event.slug: event.name for event, _ in parts}
    first_days = [_day(e, e.start) for e, _ in parts] or [dt.datetime(1970, 1, 1, tzinfo=dt.UTC)]
    updated = found[-1][0].updated if found else max(first_days)
    base, say = site.url, site.in_language
    made = (say(site.front_title), base, updated,
            [(stable_id(slug, entry.key), f"{names[slug]} — {say(entry.title)}", entry.updated,
              f"{base}{slug}/{entry.page}", say(entry.summary)) for entry, slug in found])
    store = kept.store("archive.feed")
    if store.get("made") != made:
        feed = _feed(stable_id("archive"), made[0], base + "feed.atom", base + "index.html")
        feed.updated(updated)
        for item in reversed(made[3]):
            _add(feed, *item)
        store["made"], store["bytes"] = made, feed.atom_str(pretty=True)
    return File("feed.atom", store["bytes"])

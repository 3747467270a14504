"""Pages every championship has, whatever its system: overview, players, the organiser's
Markdown pages and ``event.json``; the archive's front page; and the filter that gives a
page's scripts their words for a count (``plural_samples``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from publisher import hookimpl
from publisher.languages import locale_of, message
from publisher.model import DataFile, Event, Page, Site
from publisher.problems import ContentError, Problem
from publisher.text import fold_table, search_key

# What a standings table may show of each player beside the scores, in this order.
STANDINGS_COLUMNS = ("rank", "rating", "club", "country")
# Counts that together fall in every plural category of every language (CLDR's ``many``
# of French is a million).
_COUNTS = (*range(200), 1000, 10_000, 100_000, 1_000_000)


@hookimpl
def publisher_catalog_dirs() -> list[Path]:
    return [Path(__file__).parent / "locale"]


@hookimpl
def publisher_jinja_filters() -> dict[str, Any]:
    return {"plural_samples": plural_samples}


@lru_cache(maxsize=16)
def plural_samples(language: str) -> tuple[tuple[str, int], ...]:
    """``lang | plural_samples``: each plural category of ``language`` (CLDR's ``one``,
    ``few``, ``other``...) with a count that falls in it. A page gives a script its words
    for a count as ``ngettext`` of each sample, by category, and the script picks the form
    of a number with ``Intl.PluralRules``: so the script carries no words of its own."""
    rule = locale_of(language).plural_form
    found: dict[str, int] = {}
    for count in _COUNTS:
        found.setdefault(rule(count), count)
    return tuple(found.items())


@hookimpl
def publisher_load_event(event: Event) -> None:
    """``[standings] columns`` of event.toml: which of rank, rating, club and country the
    standings show (all four when absent; a column nobody has a value for is left out)."""
    table = event.config.get("standings", {})
    columns = table.get("columns", list(STANDINGS_COLUMNS)) if isinstance(table, dict) else None
    if not isinstance(columns, list) or not all(c in STANDINGS_COLUMNS for c in columns):
        raise ContentError(Problem(event.toml_path, f"must be a list of {', '.join(STANDINGS_COLUMNS)}, "
                                   f"not {columns!r}", 'write columns = ["rating", "club"] under [standings]',
                                   key="standings.columns"))
    event.data["core"] = {"standings_columns": [c for c in STANDINGS_COLUMNS if c in columns]}


def _players_context(event: Event) -> dict[str, Any]:
    """The Players page: the field in alphabetical order, each with its search key (found by
    the name in their own script and its readings too)."""
    players = sorted(event.players, key=lambda p: (p.name.casefold(), p.id))
    return {"players": players, "fold": fold_table(),
            "keys": {p.id: search_key(" ".join(filter(None, [p.name, p.name_native, p.id, p.club,
                                                             p.country])), p.country)
                     for p in players}}


@hookimpl
def publisher_event_pages(event: Event) -> list[Page | DataFile]:
    outputs: list[Page | DataFile] = [
        Page("index.html", "event.html", event.name, nav=message("Overview"), nav_order=0),
        Page("players.html", "players.html", message("Players — %(championship)s", championship=event.name),
             lambda: _players_context(event), nav=message("Players"), nav_order=10, context_only=True,
             sources=(event.toml_path, event.players_path)),
        DataFile("data/event.json", event_json(event)),
    ]
    outputs += [
        Page(f"pages/{page.slug}.html", "markdown.html", page.title, {"markdown": page},
             nav=page.title, nav_order=80 + min(page.order, 99))
        for page in event.pages if page.slug != "index"
    ]
    return outputs


@hookimpl
def publisher_site_pages(site: Site) -> list[Page | DataFile]:
    return [Page("index.html", "archive.html", site.front_title),
            DataFile("data/championships.json", archive_json(site))]


def archive_json(site: Site) -> dict:
    """The archive for other programs (a federation's rating list, a club site): every
    championship, newest first, with where to find its data."""
    return {"championships": [
        {"slug": e.slug, "name": e.name, "game": e.game, "system": e.system,
         "start": e.start.isoformat(), "end": e.end.isoformat(), "venue": e.venue,
         "players": len(e.players), "status": e.status, "event": f"{e.slug}/data/event.json"}
        for e in site.events]}


def event_json(event: Event) -> dict:
    """``event.json`` of the contract: the event's facts and its field."""
    return {
        "name": event.name,
        "system": event.system,
        "game": event.game,
        "rounds": event.rounds,
        "start": event.start.isoformat(),
        "end": event.end.isoformat(),
        "venue": event.venue,
        "players": [p.as_json() for p in event.players],
    }

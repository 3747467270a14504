"""What the archive's own pages take from each championship, kept between builds.

A watched archive asks for its pages after every save, and hands the summaries of the
championships whose folders did not change as they were, the same objects. Each
championship's part of the archive (its players' appearances, their rows of the search
index, its feed entries, its files) is made from its summary alone, so it is kept under
that summary: a save in one championship of fifty makes that championship's part again,
not the others'. Rows of the search index equal to those kept are kept as the same
lists, so that an index file whose parts are all the same objects is not made again
(:func:`plugins.archive.search.index_files`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import plugins.archive.feeds as feeds
import plugins.archive.search as search
from plugins.archive.people import Appearance, appearances
from publisher.build.changed import event_files
from publisher.build.kept import Kept
from publisher.model import Event


@dataclass(slots=True)
class Championship:
    """One championship's part of the archive, made from its summary ``event``."""

    event: Event
    people: list[Appearance]  # the players who are people of the archive (with a key)
    others: list[Appearance]  # the players without a key: on their club's and country's pages
    rows: dict[str, list[list[str]]]  # the search rows of the others, by index file letter
    entries: list[feeds.Entry]  # of its feed, and of the archive's
    files: tuple[Path, ...]  # what its players' person pages are made from


def championships(events: list[Event], kept: Kept) -> list[Championship]:
    """Every championship's part, the oldest championship first; only this archive's are
    kept in ``kept`` for the next build, so a championship taken away is let go."""
    store = kept.store("archive.championships")
    made = {}
    for event in sorted(events, key=lambda e: (e.start, e.end, e.slug)):
        previous = store.get(event.slug)
        same = previous is not None and previous.event is event
        made[event.slug] = previous if same else _part(event, previous)
    store.clear()
    store.update(made)
    return list(made.values())


def _part(event: Event, previous: Championship | None) -> Championship:
    found = appearances(event)
    rows = search.shards(search.player_rows(found))
    return Championship(event, [a for a in found if a.key], [a for a in found if not a.key],
                        search.steady(rows, previous.rows if previous is not None else {}),
                        feeds.entries(event), tuple(sorted(event_files(event))))

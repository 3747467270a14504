"""Atom feeds (RFC 4287): one per championship and one for the whole archive.

A championship's feed gets an entry when a round's pairings (or seating) appear, when
its results are complete and when the final standings are published, each linking the
page. Nothing in it comes from the clock: an entry is dated by the schedule (the round's
start; its end for results) or, without one, by the event's days (its first day for the
rounds, its last for the final standings). Ids are ``urn:uuid`` names made from the
championship's folder and the entry, so they stay the same on every build and host.
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plugins.archive.schedule import localize
from publisher.build.kept import Kept
from publisher.model import Event, File, Session

if TYPE_CHECKING:
    from feedgen.feed import FeedGenerator

ARCHIVE_ENTRIES = 200  # the archive feed keeps the newest of every championship's entries


@dataclass(frozen=True)
class Entry:
    """One thing a subscriber hears about."""

    key: str  # stable within the championship: "round-3-pairings"
    title: str
    updated: dt.datetime
    page: str  # inside the championship folder
    summary: str


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
        what = rnd.get("published") or "pairings"
        found.append(Entry(f"round-{number}-pairings", f"{label}: {what} published", start, rnd["page"],
                           f"{event.name}, {label.lower()}: {what} published."))
        if rnd["complete"]:
            found.append(Entry(f"round-{number}-results", f"{label}: results complete", end,
                               rnd.get("standings_page") or rnd["page"],
                               f"Every result of {label.lower()} of {event.name} is in."))
    if record.get("finished"):
        sessions = [s for s in event.schedule if s.kind == "play"]
        final = _end(sessions[-1], event) if sessions else _day(event, event.end)
        found.append(Entry("final-standings", "Final standings", final, record["final_page"],
                           f"{event.name} is over: the final standings are published."))
    return sorted(found, key=lambda e: e.updated)  # stable: same times keep the rounds' order


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


def _add(feed: FeedGenerator, entry_id: str, title: str, entry: Entry, link: str) -> None:
    item = feed.add_entry(order="append")
    item.id(entry_id)
    item.title(title)
    item.updated(entry.updated)
    item.link(href=link, rel="alternate", type="text/html")
    item.summary(entry.summary)


def event_feed(event: Event) -> File:
    """``<slug>/feed.atom``; its links are relative to the feed, which works on any host."""
    feed = _feed(stable_id(event.slug), event.name, "feed.atom", "index.html")
    found = entries(event)
    feed.updated(found[-1].updated if found else _day(event, event.start))
    for entry in reversed(found):  # newest first, as readers list them
        _add(feed, stable_id(event.slug, entry.key), entry.title, entry, entry.page)
    return File("feed.atom", feed.atom_str(pretty=True))


def archive_feed(parts: list[tuple[Event, list[Entry]]], title: str, base: str, kept: Kept) -> File:
    """``feed.atom`` of the archive: the newest entries of every championship (``parts``:
    each championship with its :func:`entries`); links are full addresses when site.toml
    gives the site's ``url`` (``base``), else relative. What it was last made from and its
    bytes are kept in ``kept``: a save under watch seldom changes the newest entries of the
    archive, and feedgen takes a while over two hundred."""
    found = sorted(((entry, event.slug) for event, found in parts for entry in found),
                   key=lambda pair: (pair[0].updated, pair[1]))[-ARCHIVE_ENTRIES:]
    names = {event.slug: event.name for event, _ in parts}
    first_days = [_day(e, e.start) for e, _ in parts] or [dt.datetime(1970, 1, 1, tzinfo=dt.UTC)]
    updated = found[-1][0].updated if found else max(first_days)
    made = (title, base, updated, [(entry, slug, names[slug]) for entry, slug in found])
    store = kept.store("archive.feed")
    if store.get("made") != made:
        feed = _feed(stable_id("archive"), title, base + "feed.atom", base + "index.html")
        feed.updated(updated)
        for entry, slug, name in reversed(made[3]):
            _add(feed, stable_id(slug, entry.key), f"{name} — {entry.title}", entry,
                 f"{base}{slug}/{entry.page}")
        store["made"], store["bytes"] = made, feed.atom_str(pretty=True)
    return File("feed.atom", store["bytes"])

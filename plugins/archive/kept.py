"""What the archive's own pages take from each championship, kept between builds.

A watched archive asks for its pages after every save, and hands the summaries of the
championships whose folders did not change as they were, the same objects. Each
championship's part of the archive (its players' appearances, their rows of the search
index, its feed entries, its files) is made from its summary alone, so it is kept under
that summary: a save in one championship of fifty makes that championship's part again,
not the others'. Rows of the search index equal to those kept are kept as the same
lists, so that an index file whose parts are all the same objects is not made again
(:func:`plugins.archive.search.index_files`).

The people of the archive are kept too (:func:`archive_people`): a save makes again only the
people with a row in the championships that changed, and keeps every other person as the
same object, so that what is made from a person (their part of ``data/people.json``,
their search row, their club's entry) is kept while they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

import plugins.archive.feeds as feeds
import plugins.archive.search as search
from plugins.archive.keeper import Keeper
from plugins.archive.people import (
    Appearance,
    Person,
    appearance_keys,
    appearances,
    joined_people,
    person_conflicts,
    row_keys,
)
from publisher.build.kept import Kept
from publisher.model import Event
from publisher.problems import Problem


@dataclass(slots=True)
class Championship:
    """One championship's part of the archive, made from its summary ``event``."""

    event: Event
    people: list[Appearance]  # the players who are people of the archive (with a key)
    keys: list[tuple[str, str]]  # the :func:`row_keys` of each of ``people``
    # The players without a key, on their club's and country's pages, each by their entry's key
    # there (``<slug>/<player id>``: :func:`plugins.archive.clubs.groups`).
    others: list[tuple[str, Appearance]]
    rows: dict[str, list[list[str]]]  # the search rows of the others, by index file letter
    entries: list[feeds.Entry]  # of its feed, and of the archive's


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
    keyed = [a for a in found if a.key]
    others = [(f"{event.slug}/{a.player.id}", a) for a in found if not a.key]
    return Championship(event, keyed, [row_keys(a.player) for a in keyed], others,
                        search.steady(rows, previous.rows if previous is not None else {}),
                        feeds.entries(event))


Row = tuple[Appearance, tuple[str, str]]  # an appearance and its :func:`appearance_keys`


@dataclass(slots=True)
class People:
    """The people of the archive as a build gathered them, with what gathers them again."""

    keeper: Keeper
    rows: dict[str, tuple[Championship, list[Row]]]  # each championship's rows of people, by slug
    people: list[Person]  # by key
    by_key: dict[str, Person]  # every key of every person
    where: dict[str, set[str]]  # the championships (slugs) with a row of each key
    problems: dict[str, list[Problem]]  # :func:`person_conflicts` of each person that has some


def archive_people(parts: list[Championship], keeper: Keeper,
                   kept: Kept) -> tuple[list[Person], list[Problem]]:
    """The people of the archive (:func:`plugins.archive.people.gather` of ``parts``) and their
    conflicts. Under ``watch`` they are kept: the next build gathers again only the people
    with a row in a championship that is not the same part (changed, added or taken away),
    with every row of theirs, and keeps every other person as the same object. A changed
    people.toml gathers everyone."""
    if not kept.between_builds:  # a single build: no index of the rows for a next one
        found = joined_people((row for part in parts for row in _rows(part, keeper)), keeper)
        return found, [p for person in found for p in person_conflicts(person, keeper)]
    store = kept.store("archive.people")
    last = store.pop("people", None)  # taken out while changed: a build that fails keeps nothing
    made = _everyone(parts, keeper) if last is None or last.keeper != keeper else _again(last, parts)
    store["people"] = made
    return made.people, [p for person in made.people for p in made.problems.get(person.key, ())]


def _rows(part: Championship, keeper: Keeper) -> list[Row]:
    return [(a, appearance_keys(a, keeper, keys)) for a, keys in zip(part.people, part.keys, strict=True)]


def _everyone(parts: list[Championship], keeper: Keeper) -> People:
    rows = {part.event.slug: (part, _rows(part, keeper)) for part in parts}
    found = joined_people((row for _, part_rows in rows.values() for row in part_rows), keeper)
    where: dict[str, set[str]] = {}
    for slug, (_, part_rows) in rows.items():
        for key in _keys(part_rows):
            where.setdefault(key, set()).add(slug)
    return People(keeper, rows, found, {key: person for person in found for key in person.keys}, where,
                  _problems(found, keeper))


def _again(last: People, parts: list[Championship]) -> People:
    """``last`` made again for ``parts``: the people of every key of a championship that
    changed are joined again from every row of theirs. A row of another championship that
    has one of their keys has its other key among theirs (it joined them last time), so
    their rows are all they are made from."""
    rows: dict[str, tuple[Championship, list[Row]]] = {}
    touched: set[str] = set()
    for part in parts:
        slug = part.event.slug
        previous = last.rows.pop(slug, None)
        if previous is not None and previous[0] is part:
            rows[slug] = previous
            continue
        rows[slug] = (part, _rows(part, last.keeper))
        _move(last.where, slug, previous[1] if previous else [], rows[slug][1], touched)
    for slug, (_, gone) in last.rows.items():  # championships taken away
        _move(last.where, slug, gone, [], touched)
    if not touched:
        return People(last.keeper, rows, last.people, last.by_key, last.where, last.problems)
    keys = {k for key in touched for k in (last.by_key[key].keys if key in last.by_key else (key,))}
    gone = {last.by_key[key].key for key in keys if key in last.by_key}
    order = {slug: number for number, slug in enumerate(rows)}
    slugs = sorted({slug for key in keys for slug in last.where.get(key, ())}, key=order.__getitem__)
    found = joined_people((row for slug in slugs for row in rows[slug][1]
                           if row[1][0] in keys or row[1][1] in keys), last.keeper)
    for key in keys:
        last.by_key.pop(key, None)
    for key in gone:
        last.problems.pop(key, None)
    last.by_key.update((key, person) for person in found for key in person.keys)
    last.problems.update(_problems(found, last.keeper))
    everyone = [person for person in last.people if person.key not in gone] + found
    everyone.sort(key=attrgetter("key"))
    return People(last.keeper, rows, everyone, last.by_key, last.where, last.problems)


def _keys(rows: list[Row]) -> set[str]:
    return {key for _, keys in rows for key in keys if key}


def _move(where: dict[str, set[str]], slug: str, old: list[Row], new: list[Row], touched: set[str]) -> None:
    """Championship ``slug``'s rows ``old`` replaced by ``new`` in ``where``; their keys are ``touched``."""
    for key in _keys(old):
        where[key].discard(slug)
        if not where[key]:
            del where[key]
        touched.add(key)
    for key in _keys(new):
        where.setdefault(key, set()).add(slug)
        touched.add(key)


def _problems(found: list[Person], keeper: Keeper) -> dict[str, list[Problem]]:
    return {person.key: problems for person in found if (problems := person_conflicts(person, keeper))}

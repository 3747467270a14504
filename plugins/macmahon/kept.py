"""Standings and round files kept between the builds of one process, found again by what
they are made from.

Under ``watch`` a saved result reloads its championship, and the standings after
every round would be computed again although a result in round 7 changes only the
standings after rounds 7 and later. The standings after round n are kept under a
digest of exactly what :func:`~plugins.macmahon.standings.compute` reads: the
settings, the groups, each player's id, name and rating in the field's order, and
round files 1 to n as read (each game's table, players, result, handicap and komi,
and the byes). Equal digests are equal inputs,
so a kept table is the table a fresh computation would give; anything that cannot
be digested is simply computed. The store holds the most recently used tables
only (:data:`KEEP`: the rounds of the championship being edited and a few more),
so a watched archive of fifty does not hold fifty championships' standings.

Round files are kept under their path, modification time and size and the ids of the
field they were checked against (:func:`~plugins.macmahon.rounds.read_rounds`): a save
reads again only the file it changed, not the six before it. Everything is kept in
the builder's :class:`~publisher.build.kept.Kept` (the hooks' ``kept``, by the rule
written there), in stores named ``macmahon.*``; without one (``pair``), everything is
made anew.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Iterable
from typing import TypeVar

from publisher.build.kept import Kept

T = TypeVar("T")

KEEP = 40  # standings tables kept: about four championships of ten rounds


def running_digests(first: object, parts: Iterable[object]) -> list[bytes] | None:
    """For each of ``parts``, the digest of ``first`` and the parts up to it (the settings,
    groups and field, then each round file as read: the inputs of the standings after
    it); None when they cannot be pickled (nothing is kept then)."""
    try:
        running = hashlib.sha256(_pickled(first))
        digests = []
        for part in parts:
            running.update(_pickled(part))
            digests.append(running.copy().digest())
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    return digests


def kept_or_computed(kept: Kept | None, digest: bytes | None, compute: Callable[[], T]) -> T:
    """The standings kept under ``digest``, or ``compute()`` kept under it from now on."""
    if digest is None or kept is None:
        return compute()
    tables = kept.store("macmahon.standings")
    found = tables.get(digest)
    if found is None:
        found = tables[digest] = compute()
        while len(tables) > KEEP:
            tables.popitem(last=False)
    else:
        tables.move_to_end(digest)
    return found


def _pickled(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def kept_entries(kept: Kept | None, rnd: object, inputs: tuple, make: Callable[[], T]) -> T:
    """The players' entries of round ``rnd`` (a kept round file, the same object at every
    build while the file stays as it was) as ``make()`` made them with the same ``inputs``
    (the field's ids and what the settings score a bye and an absence with), or made now
    and kept from now on."""
    if kept is None:
        return make()
    return kept.made_from("macmahon.entries", KEEP).get_or_make(rnd, inputs, make)

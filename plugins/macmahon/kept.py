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

A round file read is kept under its path, modification time and size and the ids of
the field it was checked against (:func:`kept_round`, :mod:`publisher.keptfiles`): a
save reads again only the file it changed, not the six before it.
"""

from __future__ import annotations

import hashlib
import pickle
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from publisher.keptfiles import MadeFrom, kept_file, store

if TYPE_CHECKING:
    from plugins.macmahon.grouping import Grouping
    from plugins.macmahon.rounds import Round
    from plugins.macmahon.settings import Settings
    from plugins.macmahon.standings import Entry, Standings
    from publisher.model import Player

KEEP = 40  # standings tables kept: about four championships of ten rounds

_kept: OrderedDict[bytes, Standings] = store()
_entries = MadeFrom(KEEP)


def input_digests(players: list[Player], rounds: list[Round], grouping: Grouping,
                  settings: Settings) -> list[bytes] | None:
    """For each round file, the digest of the inputs of the standings after it; None when
    the inputs cannot be pickled (nothing is kept then)."""
    try:
        running = hashlib.sha256(_pickled((settings, grouping, [(p.id, p.name, p.rating) for p in players])))
        digests = []
        for rnd in rounds:
            running.update(_pickled((rnd.number, [g.black for g in rnd.byes],
                                     [(g.table, g.black, g.white, g.result, g.handicap, g.komi)
                                      for g in rnd.games])))
            digests.append(running.copy().digest())
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    return digests


def kept_or_computed(digest: bytes | None, compute: Callable[[], Standings]) -> Standings:
    """The standings kept under ``digest``, or ``compute()`` kept under it from now on."""
    if digest is None:
        return compute()
    found = _kept.get(digest)
    if found is None:
        found = _kept[digest] = compute()
        while len(_kept) > KEEP:
            _kept.popitem(last=False)
    else:
        _kept.move_to_end(digest)
    return found


def _pickled(value: object) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def kept_round(path: Path, ids: tuple[str, ...], read: Callable[[], Round]) -> Round:
    """Round file ``path`` as last read against the field ``ids``, or ``read()`` kept from
    now on (:mod:`publisher.keptfiles`)."""
    return kept_file(path, ids, read)



def kept_entries(rnd: Round, inputs: tuple, make: Callable[[], list[tuple[str, Entry]]]
                 ) -> list[tuple[str, Entry]]:
    """The players' entries of round ``rnd`` (a kept round file, the same object at every
    build while the file stays as it was) as ``make()`` made them with the same ``inputs``
    (the field's ids and what the settings score a bye and an absence with), or made now
    and kept from now on."""
    return _entries.get_or_make(rnd, inputs, make)

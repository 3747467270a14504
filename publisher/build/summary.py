"""What a build keeps of a championship once its pages are written: its summary.

The archive's own pages (``publisher_site_pages``: the front page, people pages, the
search index, the feeds) are made from every championship's summary, and a watched
build keeps the summaries between builds; they are what grows with the archive, so
they hold what those pages read and as little else as can be:

- the event's facts, its Markdown pages, ``status``, ``record``, ``schedule`` and
  ``warnings`` as the plugins left them; no ``data`` (what a system computed: rounds,
  standings, page contexts) and no ``live``;
- its players, each a row of players.csv whose ``fields`` hold only the columns beyond
  the typed attributes (``person``, ``egd_pin``...): ``id``, ``name``, ``rank`` and the
  other contract columns are read from the attributes;
- every string in it (names, countries, clubs, places, scores) interned and every rank
  and player number shared, so a country or a place written a thousand times across
  the archive is held once;
- a list of dictionaries with the same keys (the record's standings: a line for each
  player) held as a :class:`Table`, a tuple of values a line, read as the list it was.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any, overload

from publisher.build.kept import Kept
from publisher.model import Event, Player
from publisher.ranks import Rank

# players.csv columns held by an attribute of Player, and so left out of a summary's fields.
TYPED_COLUMNS = frozenset(f.name for f in dataclasses.fields(Player)) - {"line", "fields"}


def summary(event: Event, kept: Kept | None = None) -> Event:
    """The summary of a loaded (or already summarised) championship; ``event`` is left as it is.

    The summarised field is kept in ``kept`` by the list it was made from: players.csv,
    unchanged, is the same list at every build of a watched championship."""
    made = partial(_field, event.players)
    players = kept.made_from("summary.fields", 4).get_or_make(event.players, (), made) if kept else made()
    return dataclasses.replace(event, players=players, data={}, live=None, record=_shared(event.record))


def _field(players: list[Player]) -> list[Player]:
    return [_player(p) for p in players]


# The fields of the many players who have no column beyond the typed ones: one empty
# dictionary for all of them (a summary is read, never changed).
_NO_FIELDS: dict[str, str] = {}


def _player(player: Player) -> Player:
    fields = {_text(k): _text(v) for k, v in player.fields.items() if k not in TYPED_COLUMNS}
    return Player(id=_text(player.id), name=_text(player.name), line=_value(player.line),
                  rank=_value(player.rank), rating=_value(player.rating), country=_text(player.country),
                  club=_text(player.club), esc_rank=_value(player.esc_rank), esc_round2=player.esc_round2,
                  group=_text(player.group), name_native=_text(player.name_native),
                  fields=fields or _NO_FIELDS)


def _text(value: str) -> str:
    return sys.intern(value) if type(value) is str else value


# One object for each rank and each number a player holds (a line of players.csv, a
# rating): a few thousand values, repeated across the archive's fields. An intern table,
# as sys.intern keeps for strings: an equal value is the same value, so it never goes
# stale and needs no place in a builder's Kept.
_VALUES: dict[tuple[type, Rank | int], Rank | int] = {}


def _value(value: Rank | int | None) -> Rank | int | None:
    return None if value is None else _VALUES.setdefault((type(value), value), value)


def _shared(value: Any) -> Any:
    """``value`` (a record: dicts and lists of text and numbers) with its strings interned,
    and its lists of dictionaries of the same keys as tables."""
    if isinstance(value, dict):
        return {_text(k): _shared(v) for k, v in value.items()}
    if isinstance(value, list):
        items = [_shared(v) for v in value]
        keys = tuple(items[0]) if items and isinstance(items[0], dict) else None
        if keys is not None and all(isinstance(v, dict) and tuple(v) == keys for v in items):
            return Table(keys, [tuple(v.values()) for v in items])
        return items
    return _text(value) if isinstance(value, str) else value


class Table(Sequence[dict[str, Any]]):
    """A list of dictionaries with the same keys, held as one tuple of values a dictionary:
    a record's standings are a line for each player of the championship, and fifty
    championships of a thousand players held them as fifty thousand dictionaries (9 MB;
    as tuples, 3). Reading a line makes its dictionary again."""

    __slots__ = ("keys", "rows")

    def __init__(self, keys: tuple[str, ...], rows: list[tuple[Any, ...]]):
        self.keys = keys
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [dict(zip(self.keys, row, strict=True)) for row in self.rows[index]]
        return dict(zip(self.keys, self.rows[index], strict=True))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        keys = self.keys
        return (dict(zip(keys, row, strict=True)) for row in self.rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"Table({list(self)!r})"

"""The find-your-table list: every player of the current tables, by name.

This is the one place that makes the rows. The page carries them as JSON (in
``find.html`` itself and as ``data/find.json``); ``static/screens/find.js`` only
draws them and filters them by the typed name, folded as ``publisher.text.fold`` does.
A player is found by the name in their own script and its readings too (加藤, ``katou``),
which the row carries for the pages in its language to show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from publisher.languages import listed, message
from publisher.model import Player
from publisher.native import name_languages, native_lang
from publisher.text import fold, search_key


@dataclass(frozen=True)
class Entry:
    """One player's line: where they sit and whom they play, and their name in their own
    script (``native``: the name, its ``lang`` attribute and the ``languages`` of the pages
    that show it), or None."""

    key: str
    name: str
    table: str
    seat: str
    others: str
    result: str
    native: dict[str, Any] | None = None


def find_entries(live: dict[str, Any], players: Mapping[str, Player]) -> list[Entry]:
    """Every seated player of ``live["tables"]``, in alphabetical order of name; ``players``
    are the field by id, whose names in their own script the rows carry."""
    entries = []
    for table in live.get("tables", []):
        seated = table.get("players", [])
        for player in seated:
            others = listed([o.get("name", "") for o in seated if o is not player] or [""])
            found = players.get(player.get("id", ""))
            entries.append(Entry(
                key=_key(player, found), native=_native(found),
                name=player.get("name", ""), table=_table(table.get("table", "")),
                seat=_seat(player.get("seat") or "", table), others=others,
                result=own_result(table.get("result") or "", seated.index(player))
                if len(seated) == 2 else table.get("result") or ""))
    return sorted(entries, key=lambda e: (fold(e.name), e.table))


def _key(row: dict[str, Any], player: Player | None) -> str:
    """What a row is found by: the name and id of the live view's ``row``, and the name of
    ``player`` (the row's player of players.csv) in their own script."""
    native = f" {player.name_native}" if player is not None and player.name_native else ""
    return search_key(f"{row.get('name', '')}{native} {row.get('id', '')}", player.country if player else "")


def _native(player: Player | None) -> dict[str, Any] | None:
    if player is None or not player.name_native:
        return None
    return {"name": player.name_native, "lang": native_lang(player.name_native, player.country),
            "languages": list(name_languages(player.name_native, player.country))}


def _seat(seat: str, table: dict[str, Any]) -> str:
    """The seat with the game's handicap and komi where the system gives them: "Black (H3,
    komi 0.5)"."""
    handicap, komi = table.get("handicap"), table.get("komi")
    if komi is None or komi == "":
        return message("%(seat)s (H%(handicap)s)", seat=seat, handicap=handicap) if handicap else seat
    komi = f"{komi:g}" if isinstance(komi, float) else str(komi)
    if handicap:
        return message("%(seat)s (H%(handicap)s, komi %(komi)s)", seat=seat, handicap=handicap, komi=komi)
    return message("%(seat)s (komi %(komi)s)", seat=seat, komi=komi)


def own_result(result: str, side: int) -> str:
    """A two-player result as the player on ``side`` (0 first, 1 second) reads it.

    ``"1-0"`` is "won 1-0" for the first player and "lost 0-1" for the second; a draw
    reads "drew ½-½", ``"0-0"`` "lost 0-0" for both, a forfeit ("1-0!") says so. A result
    of another shape (a bye, a mahjong score) is shown as it is.
    """
    forfeit = result.endswith("!")
    scores = result.removesuffix("!").replace("½", "0.5").split("-")
    try:
        first, second = (float(s) for s in scores)
    except ValueError:
        return result
    own, other = (first, second) if side == 0 else (second, first)
    shown = result.removesuffix("!").split("-")
    score = f"{shown[side]}-{shown[1 - side]}"
    won, lost = own > other or own == other == 1, own < other or own == other == 0
    if forfeit:
        return (message("won %(score)s by forfeit", score=score) if won
                else message("lost %(score)s by forfeit", score=score) if lost
                else message("drew %(score)s by forfeit", score=score))
    return (message("won %(score)s", score=score) if won
            else message("lost %(score)s", score=score) if lost
            else message("drew %(score)s", score=score))


def find_data(live: dict[str, Any], players: Mapping[str, Player]) -> dict[str, Any]:
    """What the find page shows: the heading of what is played, the rows, and the players no
    longer at the tables (``out``: key, name and how their championship ended), as JSON;
    ``players`` are the field by id."""
    out = sorted(({"key": _key(p, players.get(p.get("id", ""))), "name": p.get("name", ""),
                   "note": p.get("note", "")} for p in live.get("out", [])), key=lambda o: fold(o["name"]))
    return {"heading": live.get("heading", ""), "entries": [_row(e) for e in find_entries(live, players)],
            "out": out}


def _row(entry: Entry) -> dict[str, Any]:
    """An entry as find.json has it: ``native`` only where the player has such a name."""
    # vars, not asdict: the fields are strings, which asdict would deep-copy one by one
    row = dict(vars(entry))
    if entry.native is None:
        del row["native"]
    return row


def _table(value: object) -> str:
    """A table's number as text; a word (the bye's, a Message) as it is, to be translated."""
    return value if isinstance(value, str) else str(value)

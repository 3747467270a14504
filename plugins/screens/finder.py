"""The find-your-table list: every player of the current tables, by name.

This is the one place that makes the rows. The page carries them as JSON (in
``find.html`` itself and as ``data/find.json``); ``static/screens/find.js`` only
draws them and filters them by the typed name, with the same ``search_key``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Entry:
    """One player's line: where they sit and whom they play."""

    key: str
    name: str
    table: str
    seat: str
    others: str
    result: str


def search_key(text: str) -> str:
    """Lower case without accents, so "zoran", "Zoran" and "Žoran" find the same player.

    find.js reduces what a player types the same way: lower case, then NFD, then
    every nonspacing mark (Unicode category Mn) dropped.
    """
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def find_entries(live: dict[str, Any]) -> list[Entry]:
    """Every seated player of ``live["tables"]``, in alphabetical order of name."""
    entries = []
    for table in live.get("tables", []):
        players = table.get("players", [])
        for player in players:
            others = ", ".join(o.get("name", "") for o in players if o is not player)
            entries.append(Entry(
                key=search_key(f"{player.get('name', '')} {player.get('id', '')}"),
                name=player.get("name", ""), table=str(table.get("table", "")),
                seat=player.get("seat") or "", others=others, result=table.get("result") or ""))
    return sorted(entries, key=lambda e: (search_key(e.name), e.table))


def find_data(live: dict[str, Any]) -> dict[str, Any]:
    """What the find page shows: the heading of what is played and the rows, as JSON."""
    return {"heading": live.get("heading", ""), "entries": [asdict(e) for e in find_entries(live)]}

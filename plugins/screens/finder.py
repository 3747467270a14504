"""The find-your-table list: every player of the current tables, by name.

``static/screens/find.js`` builds the same rows from ``live.json`` when it
changes; keep the two in step.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
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
    """Lower case without accents, so "zoran", "Zoran" and "Žoran" find the same player."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


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

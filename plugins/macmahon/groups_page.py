"""The groups page: every group with its ranks, size, initial score and players, and why
ranks were merged; ESC promotions and the director's moves beside them."""

from __future__ import annotations

from dataclasses import dataclass

from plugins.macmahon.grouping import Group, Grouping, Move
from publisher.languages import message
from publisher.model import Event, Page, Player
from publisher.ranks import Rank


@dataclass
class Member:
    """One player's row in a group's table."""

    player: Player
    level: Rank | None
    from_rating: bool
    promoted: bool
    move: Move | None
    correction: int = 0  # players.csv mms_correction


@dataclass
class Section:
    group: Group
    members: list[Member]


def groups_page(event: Event, grouping: Grouping) -> Page:
    """The ``groups.html`` page of a McMahon event: made from event.toml and players.csv
    alone, so a saved result neither makes it again nor re-dates it."""
    return Page("groups.html", "macmahon/groups.html", message("Groups — %(event)s", event=event.name),
                lambda: _context(event, grouping), nav=message("Groups"), nav_order=15, context_only=True,
                sources=(event.toml_path, event.players_path))


def _context(event: Event, grouping: Grouping) -> dict:
    promoted = {p.player for p in grouping.promotions}
    moves = {m.player: m for m in grouping.moves}
    sections = [
        Section(group, [
            Member(event.player(pid), grouping.levels.get(pid), pid in grouping.from_rating,
                   pid in promoted, moves.get(pid), grouping.corrections.get(pid, 0))
            for pid in group.players
        ])
        for group in grouping.groups
    ]
    return {"grouping": grouping, "sections": sections}

"""McMahon groups and initial scores.

A Swiss event is one group with initial score 0. McMahon events group the field
by rank: ``min-size`` (the WOSC regulation) or ``bar-floor`` (classic Go).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from plugins.macmahon.settings import Settings
from publisher.model import Event
from publisher.ranks import Rank


@dataclass
class Group:
    """One McMahon group: ``index`` 1 is the top; ``ranks`` strongest first."""

    index: int
    ranks: list[Rank]
    initial_score: int
    players: list[str]
    reason: str = ""

    @property
    def label(self) -> str:
        if not self.ranks:
            return "All players"
        top, bottom = str(self.ranks[0]), str(self.ranks[-1])
        return top if top == bottom else f"{top}-{bottom}"


@dataclass
class Promotion:
    """A player moved to the top group after a round (an ESC round-2 player after round 1)."""

    player: str
    after_round: int
    from_group: int


@dataclass
class Grouping:
    """The groups of an event and what happens to them as rounds go by."""

    groups: list[Group]
    promotions: list[Promotion] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def group_of(self, player_id: str) -> Group:
        for group in self.groups:
            if player_id in group.players:
                return group
        raise KeyError(player_id)

    def initial_score(self, player_id: str, round_number: int) -> int:
        """The player's McMahon score before any points, as it stands for ``round_number``.

        A promotion after round r counts from round r + 1 on: from then the player
        carries the top group's initial score instead of their own group's.
        """
        for promotion in self.promotions:
            if promotion.player == player_id and round_number > promotion.after_round:
                return self.groups[0].initial_score
        return self.group_of(player_id).initial_score

    def as_json(self) -> dict:
        """``groups.json`` of the contract."""
        return {
            "groups": [
                {"index": g.index, "label": g.label, "ranks": [str(r) for r in g.ranks],
                 "initial_score": g.initial_score, "players": list(g.players)}
                for g in self.groups
            ],
            "promotions": [
                {"player": p.player, "after_round": p.after_round, "from_group": p.from_group}
                for p in self.promotions
            ],
        }


def allocate(event: Event, settings: Settings) -> Grouping:
    """Group the field of ``event`` as its settings say."""
    if settings.system == "swiss":
        return Grouping([Group(1, [], 0, [p.id for p in event.players])])
    raise NotImplementedError(f"grouping {settings.grouping!r}")

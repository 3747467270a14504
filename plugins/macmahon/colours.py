"""Handicap, komi and colours of a table, the way OpenGotha gives them.

Handicap (``[macmahon.handicap]``): each player has a level, their McMahon score at
pairing time with half points dropped (``based_on = "mms"``) or their rank
(``"rank"``); a level above the handicap ``bar`` counts as the bar. The difference of
the two levels less ``correction`` (never below 0; a correction of -1 adds a stone)
and at most ``max`` is the handicap, and the weaker player takes Black.

Even games balance colours: the player who has had White more often in even games
takes Black. When both have had each colour equally often, a seeded draw decides
(nigiri in Go, furigoma in shogi). Each table's note says which of these gave the colours.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from plugins.macmahon.settings import Handicap


class Seated(Protocol):
    id: str
    level: int | None
    balance: int


@dataclass(frozen=True)
class Seating:
    """Who takes Black (player1) and White, with how many stones and what komi, and why."""

    black: str
    white: str
    handicap: int = 0
    komi: float | None = None
    note: str = ""


def level(score: float, rank_value: int | None, rank_offset: int | None, handicap: Handicap) -> int | None:
    """A player's handicap level: the McMahon score with half points dropped, as the rank it
    stands for where groups are one rank a point (``rank_offset``), or the player's rank."""
    if handicap.based_on == "rank":
        return rank_value
    return math.floor(score) + (rank_offset or 0)


def stones(stronger: int, weaker: int, handicap: Handicap) -> int:
    """The handicap between two levels (``stronger`` >= ``weaker`` after the bar)."""
    difference = stronger - weaker
    if difference <= 0:
        return 0
    return min(max(difference - handicap.correction, 0), handicap.max)


def seat(a: Seated, b: Seated, handicap: Handicap | None, rng: random.Random, game: str,
         name: Callable[[str], str] = str) -> Seating:
    """The seating of ``a`` against ``b``; ``rng`` draws the colours of a balanced even game."""
    black_word, white_word = ("Sente", "Gote") if game == "shogi" else ("Black", "White")
    draw = "furigoma" if game == "shogi" else "nigiri"
    if handicap is not None and a.level is not None and b.level is not None:
        capped = {p.id: min(p.level, handicap.bar.value) if handicap.bar else p.level for p in (a, b)}
        strong, weak = (a, b) if capped[a.id] >= capped[b.id] else (b, a)
        given = stones(capped[strong.id], capped[weak.id], handicap)
        if given:
            return Seating(weak.id, strong.id, given, handicap.handicap_komi,
                           f"Handicap {given}: {name(weak.id)} takes {black_word} as the weaker "
                           f"player ({capped[strong.id] - capped[weak.id]} below, less the correction "
                           f"{handicap.correction}).")
    komi = handicap.komi if handicap is not None else None
    if a.balance != b.balance:
        black, white = (a, b) if a.balance > b.balance else (b, a)
        return Seating(black.id, white.id, 0, komi,
                       f"{name(black.id)} takes {black_word} for colour balance: {name(black.id)} "
                       f"has had {white_word} more often than {name(white.id)}.")
    black, white = (a, b) if rng.random() < 0.5 else (b, a)
    return Seating(black.id, white.id, 0, komi,
                   f"Colours drawn by {draw}: {name(black.id)} takes {black_word}.")

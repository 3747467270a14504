"""Handicap, komi and colours of a table, the way OpenGotha gives them.

Handicap (``[macmahon.handicap]``): each player has a level, their McMahon score at
pairing time with half points dropped (``based_on = "mms"``) or their rank
(``"rank"``); a level above the handicap ``bar`` counts as the bar. The difference of
the two levels less ``correction`` (never below 0; a correction of -1 adds a stone)
and at most ``max`` is the handicap, and the weaker player takes Black.

Even games balance colours: the player who has had White more often in even games
takes Black. When both have had each colour equally often, a seeded draw decides
(nigiri in Go, furigoma in shogi). Each table's note says which of these gave the colours.
The pairing itself prefers opponents whose colours balance (:func:`imbalance`), so that
the seating rarely has to give a player the colour they have had more often.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from plugins.macmahon.settings import Handicap
from plugins.macmahon.words import seat_names
from publisher.languages import message


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


def _handicap_game(a: Seated, b: Seated, handicap: Handicap | None) -> tuple[int, int, Seated, Seated]:
    """(stones, levels apart, stronger, weaker) of the game; 0 stones for an even game."""
    if handicap is None or a.level is None or b.level is None:
        return 0, 0, a, b
    capped = {p.id: min(p.level, handicap.bar.value) if handicap.bar else p.level for p in (a, b)}
    strong, weak = (a, b) if capped[a.id] >= capped[b.id] else (b, a)
    apart = capped[strong.id] - capped[weak.id]
    return stones(capped[strong.id], capped[weak.id], handicap), apart, strong, weak


def imbalance(a: Seated, b: Seated, handicap: Handicap | None) -> int:
    """How far from balanced the game leaves the two players' colours: each player's
    |White - Black| in even games after it, less 1 (a player one game off is as balanced
    as an odd number of games allows), added up. A handicap game costs nothing: the
    handicap gives the colours and they do not count in the balance.

    Seated as :func:`seat` seats them, two players who have had opposite colours more
    often (or one of them neither) cost 0; two who have both had White more often cost
    at least 1, as one of them takes White again."""
    if handicap is not None and _handicap_game(a, b, handicap)[0]:
        return 0
    high, low = (a.balance, b.balance) if a.balance >= b.balance else (b.balance, a.balance)
    # max(0, |high - 1| - 1) + max(0, |low + 1| - 1), written out: a pairing asks it often
    return ((high - 2 if high > 2 else -high if high < 0 else 0)
            + (low if low > 0 else -low - 2 if low < -2 else 0))


def seat(a: Seated, b: Seated, handicap: Handicap | None, rng: random.Random, game: str,
         name: Callable[[str], str] = str) -> Seating:
    """The seating of ``a`` against ``b``; ``rng`` draws the colours of a balanced even game."""
    black_word, white_word = seat_names(game)
    if handicap is not None:
        given, apart, strong, weak = _handicap_game(a, b, handicap)
        if given:
            return Seating(weak.id, strong.id, given, handicap.handicap_komi, message(
                "Handicap %(stones)s: %(player)s takes %(black)s as the weaker player (%(apart)s below, "
                "less the correction %(correction)s).", stones=given, player=name(weak.id),
                black=black_word, apart=apart, correction=handicap.correction))
    komi = handicap.komi if handicap is not None else None
    if a.balance != b.balance:
        black, white = (a, b) if a.balance > b.balance else (b, a)
        return Seating(black.id, white.id, 0, komi, message(
            "%(player)s takes %(black)s for colour balance: %(player)s has had %(white)s more often "
            "than %(other)s.", player=name(black.id), black=black_word, white=white_word,
            other=name(white.id)))
    black, white = (a, b) if rng.random() < 0.5 else (b, a)
    draw = message("furigoma") if game == "shogi" else message("nigiri")
    return Seating(black.id, white.id, 0, komi, message(
        "Colours drawn by %(draw)s: %(player)s takes %(black)s.", draw=draw, player=name(black.id),
        black=black_word))

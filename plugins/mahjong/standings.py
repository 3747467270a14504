"""Standings of a round, the cut and its tie-breaks, and the carry-over into the next round.

Everything is exact (``Fraction``). Equal totals share a rank; only a tie
that straddles the cut is broken: by the biggest winning hand of the round,
then the second biggest and so on, then by a lottery seeded from the event's
seed. Every broken tie says why on the standings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from math import floor

from plugins.mahjong.rounds import Scores
from publisher.problems import ContentError, Problem
from publisher.text import ordinal

ADVANCED, ELIMINATED, PENDING = "advanced", "eliminated", "pending"


@dataclass
class Standing:
    """One player's line in a round."""

    player: str
    group: str
    carried: Fraction
    play: Fraction
    hands: list[Fraction]
    rank: int = 0
    status: str = PENDING
    tiebreak: str = ""

    @property
    def total(self) -> Fraction:
        return self.carried + self.play


def exact(value: Fraction) -> str:
    """An exact value as the JSON writes it: ``37``, ``-5/2``, ``1151/4``."""
    return str(value)


def display(value: Fraction) -> str:
    """Two decimals, rounded down (towards minus infinity): 287.75, -12.35."""
    cents = floor(value * 100)
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def places(ranks: Iterable[int]) -> dict[int, str]:
    """How each rank is written in a list: ``=3`` where players share it, ``3`` otherwise
    (the EMA's way, on every page and screen)."""
    counts = Counter(ranks)
    return {rank: f"={rank}" if count > 1 else str(rank) for rank, count in counts.items()}


def rank_standings(standings: list[Standing], advance: int | None, complete: bool, seed: str,
                   round_number: int, scores: Scores | None,
                   name_of: Callable[[str], str]) -> list[Standing]:
    """Order a round by total, share ranks, apply the cut; returns the ordered list.

    ``advance`` is None in the final. ``standings`` come in field order, which
    orders players with equal totals (they share a rank). ``name_of`` spells a
    player (by id) in the tie-break reasons.
    """
    ordered = sorted(standings, key=lambda s: -s.total)
    for index, standing in enumerate(ordered):
        if index and standing.total == ordered[index - 1].total:
            standing.rank = ordered[index - 1].rank
        else:
            standing.rank = index + 1
    if not complete:
        return ordered
    if advance is None:  # the final has no cut: a shared title stays shared
        for standing in ordered:
            standing.status = ADVANCED if standing.rank == 1 else ELIMINATED
        return ordered
    if advance < len(ordered) and ordered[advance - 1].total == ordered[advance].total:
        ordered = _break_tie(ordered, advance, seed, round_number, scores, name_of)
    for index, standing in enumerate(ordered):
        standing.status = ADVANCED if index < advance else ELIMINATED
    return ordered


def _break_tie(ordered: list[Standing], keep: int, seed: str, round_number: int,
               scores: Scores | None, name_of: Callable[[str], str]) -> list[Standing]:
    """Reorder the players tied across the cut by their hands, then by lottery."""
    total = ordered[keep - 1].total
    tied = [s for s in ordered if s.total == total]
    first = ordered.index(tied[0])
    if not any(s.hands for s in tied) and scores is not None:
        lines = sorted(line for s in tied for line in scores.lines.get(s.player, []))
        raise ContentError(Problem(
            scores.path,
            f"{', '.join(s.player for s in tied)} are tied on {display(total)} across the cut "
            f"after round {round_number}, and none of them has winning hands recorded",
            "fill in the hands column (the values of their winning hands in this round, "
            f"space separated) on lines {', '.join(map(str, lines))}", line=lines[0]))
    rng = random.Random(f"{seed}:cut:{round_number}")
    broken: list[Standing] = []
    by_hands = sorted(tied, key=_hand_key, reverse=True)
    for _, same in groupby(by_hands, key=_hand_key):
        group = sorted(same, key=lambda s: s.player)
        rng.shuffle(group)
        broken.extend(group)
    for index, standing in enumerate(broken):  # the rank stays shared: equal totals
        below = index + 1 < len(broken)
        neighbour = broken[index + 1] if below else broken[index - 1]
        standing.tiebreak = (
            f"tied on {display(total)} across the cut ({len(tied)} players); "
            f"winning hands {_hands_text(standing.hands)}; place {index + 1} of the tie: "
            f"{'ahead of' if below else 'behind'} {name_of(neighbour.player)} "
            f"{_decided(standing, neighbour)}")
    return ordered[:first] + broken + ordered[first + len(tied):]


def _hand_key(standing: Standing) -> list[Fraction]:
    return sorted(standing.hands, reverse=True)


def _decided(one: Standing, other: Standing) -> str:
    a, b = _hand_key(one), _hand_key(other)
    for index in range(max(len(a), len(b))):
        x = a[index] if index < len(a) else None
        y = b[index] if index < len(b) else None
        if x != y:
            which = "biggest" if index == 0 else f"{ordinal(index + 1)} biggest"
            return f"by the {which} hand ({_value(x)} against {_value(y)})"
    return "by seeded lottery (equal hands)"


def _value(value: Fraction | None) -> str:
    return "none" if value is None else exact(value)


def _hands_text(hands: list[Fraction]) -> str:
    return " ".join(exact(h) for h in sorted(hands, reverse=True)) or "none"


def carry(standing: Standing, rate: Fraction) -> Fraction:
    """What an advancing player takes into the next round: ``rate`` of the running total."""
    return standing.total * rate


@dataclass
class Result:
    """A player's place in the final order of the field."""

    rank: int
    player: str
    eliminated_in: int | None
    total: Fraction
    prize: Fraction


def final_order(finalists: list[Standing], eliminated: dict[int, list[Standing]],
                prizes: list[Fraction], above: int = 0) -> list[Result]:
    """The field's order: the final by total, then each elimination round's losers by their
    total in it, later rounds first. Equal totals share a rank and split the prizes evenly.
    ``above`` counts players still in play, ranked above everyone listed."""
    tiers: list[tuple[int | None, list[Standing]]] = [(None, finalists)]
    tiers += [(number, eliminated[number]) for number in sorted(eliminated, reverse=True)]
    results: list[Result] = []
    for number, standings in tiers:
        ordered = sorted(standings, key=lambda s: -s.total)
        for _, same in groupby(ordered, key=lambda s: s.total):
            group = list(same)
            start = above + len(results)
            pot = sum(prizes[start:start + len(group)], Fraction(0))
            results.extend(Result(start + 1, s.player, number, s.total, pot / len(group))
                           for s in group)
    return results

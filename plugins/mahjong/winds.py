"""Balanced starting winds: over a round's parts no player starts on one wind more often than
needed.

The tables of every part are fixed first (:mod:`design`); here only the order of the four
players at each table is chosen. A player who starts four parts should start once on each
wind, as the rules intend when they draw the winds at random: drawing every table on its
own lets a player start East in all four parts (and Pantheon's "balanced" mode still
allows two).

Where every table of every part holds one player of each starting slot (the rotation
patterns do: the player of slot s comes from table t - r*s), winds follow a Latin square:
the player of slot s starts part r on wind ``sigma[(s + shift[r]) % 4]``, with ``sigma`` and
the part shifts drawn from the seed, so over four parts everyone starts once on each wind.
Other layouts (24 players over four parts, 8 over four quarters) start from each table's
order that adds least to the sum of squared wind counts (ties drawn from the seed); passes
over every table then redo each one against all the others until none can do better.
"""

from __future__ import annotations

import random
from itertools import permutations

from plugins.mahjong.seats import WINDS

ORDERS = tuple(permutations(range(len(WINDS))))  # ORDERS[k][i]: the wind of the table's i-th player
MAX_PASSES = 20
RESTARTS = 30  # only small layouts (24 players over four parts, 8 over four quarters) search
Order = tuple[int, ...]

Tables = list[list[list[str]]]  # tables[part][table] -> the four players, in any order


def balance(tables: Tables, slot: dict[str, int],
            rng: random.Random) -> list[list[tuple[str, str, str, str]]]:
    """The seats (E, S, W, N) of every table of every part, with balanced starting winds;
    ``slot`` is each player's starting slot in the pattern (0-3)."""
    if all(sorted(slot[p] for p in players) == list(range(len(WINDS)))
           for part in tables for players in part):
        chosen = _latin(tables, slot, rng)
    else:
        need = -(-len(tables) // len(WINDS))  # once a wind per four parts, rounded up
        chosen, most = {}, None
        for _ in range(RESTARTS):
            tried = _searched(tables, rng)
            score = _worst_count(tables, tried)
            if most is None or score < most:
                chosen, most = tried, score
            if most <= need:
                break
    return [[_seats(players, chosen[r, t]) for t, players in enumerate(part)]
            for r, part in enumerate(tables)]


def _latin(tables: Tables, slot: dict[str, int], rng: random.Random) -> dict[tuple[int, int], Order]:
    """Slot s starts part r on wind sigma[(s + shift[r]) % 4]: four parts, four winds each."""
    sigma = rng.sample(range(len(WINDS)), len(WINDS))
    shifts = [w for _ in range(0, len(tables), len(WINDS)) for w in rng.sample(range(len(WINDS)), len(WINDS))]
    return {(r, t): tuple(sigma[(slot[p] + shifts[r]) % len(WINDS)] for p in players)
            for r, part in enumerate(tables) for t, players in enumerate(part)}


def _searched(tables: Tables, rng: random.Random) -> dict[tuple[int, int], Order]:
    """Greedy part by part, then passes redoing each table against all the others."""
    count: dict[str, list[int]] = {p: [0] * len(WINDS) for part in tables for t in part for p in t}
    chosen: dict[tuple[int, int], Order] = {}
    spots = [(r, t) for r, part in enumerate(tables) for t in range(len(part))]
    for r, t in spots:
        chosen[r, t] = _best(tables[r][t], count, rng)
        _add(tables[r][t], chosen[r, t], count, 1)
    for _ in range(MAX_PASSES):
        improved = False
        rng.shuffle(spots)
        for r, t in spots:
            players = tables[r][t]
            _add(players, chosen[r, t], count, -1)
            best = _best(players, count, rng, keep=chosen[r, t])
            improved |= best != chosen[r, t]
            chosen[r, t] = best
            _add(players, best, count, 1)
        if not improved:
            break
    return chosen


def _worst_count(tables: Tables, chosen: dict[tuple[int, int], Order]) -> int:
    return worst([[_seats(players, chosen[r, t]) for t, players in enumerate(part)]
                  for r, part in enumerate(tables)])


def _seats(players: list[str], order: Order) -> tuple[str, str, str, str]:
    by_wind = [""] * len(WINDS)
    for player, wind in zip(players, order, strict=True):
        by_wind[wind] = player
    return tuple(by_wind)  # type: ignore[return-value]


def _best(players: list[str], count: dict[str, list[int]], rng: random.Random,
          keep: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The order adding least to the squared counts: an order's cost is the sum of the counts
    its players already have on their winds. ``keep`` wins its ties, so passes settle."""
    costs = [sum(count[p][w] for p, w in zip(players, order, strict=True)) for order in ORDERS]
    low = min(costs)
    if keep is not None and costs[ORDERS.index(keep)] == low:
        return keep
    return rng.choice([order for order, cost in zip(ORDERS, costs, strict=True) if cost == low])


def _add(players: list[str], order: tuple[int, ...], count: dict[str, list[int]], by: int) -> None:
    for player, wind in zip(players, order, strict=True):
        count[player][wind] += by


def worst(seatings: list[list[tuple[str, ...]]]) -> int:
    """The most starts any player has on one wind over the given parts."""
    count: dict[tuple[str, int], int] = {}
    for part in seatings:
        for seats in part:
            for wind, player in enumerate(seats):
                count[player, wind] = count.get((player, wind), 0) + 1
    return max(count.values(), default=0)

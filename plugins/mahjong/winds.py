"""Balanced starting winds: over a round's parts every player starts on each wind as evenly as
the parts allow.

The tables of every part are fixed first (:mod:`design`); here only the order of the four
players at each table is chosen. Over four parts a player starts once on each wind, over two
parts on two different winds, over six parts twice on two winds and once on the others; in
every block of four parts (1-4, 5-8, ...) once on each wind. Drawing every table on its own
lets a player start East in all four parts (Pantheon's "balanced" mode still allows two).

Where every table of every part holds one player of each starting slot (the rotation
patterns do: the player of slot s comes from table t - r*s), winds follow a Latin square:
the player of slot s starts part r on wind ``sigma[(s + shift[r]) % 4]``, with ``sigma`` and
the part shifts drawn from the seed.

Any other layout (24 players over four parts, 8 over four quarters, the searched patterns of
many parts) is an edge colouring: a bipartite graph joins each table of each part to its four
players, a player counted once per block of four parts, so that no node has more than four
edges. Every bipartite graph of degree at most four has a proper colouring in four colours
(König's theorem), and the colours are the winds: each table gets each wind once, and each
player each wind at most once per block. The colouring is built edge by edge in an order
drawn from the seed, swapping the two colours along an alternating path where the free
colours of an edge's ends differ (the classic proof, which never fails).
"""

from __future__ import annotations

import random

from plugins.mahjong.seats import WINDS

Tables = list[list[list[str]]]  # tables[part][table] -> the four players, in any order
Seats = tuple[str, str, str, str]  # the players starting on E, S, W, N
Node = tuple[str | int, int]  # (player, block of four parts) or (part, table)


def balance(tables: Tables, slot: dict[str, int], rng: random.Random) -> list[list[Seats]]:
    """The seats (E, S, W, N) of every table of every part, with balanced starting winds;
    ``slot`` is each player's starting slot in the pattern (0-3)."""
    if all(sorted(slot[p] for p in players) == list(range(len(WINDS)))
           for part in tables for players in part):
        return _latin(tables, slot, rng)
    return _coloured(tables, rng)


def _latin(tables: Tables, slot: dict[str, int], rng: random.Random) -> list[list[Seats]]:
    """Slot s starts part r on wind sigma[(s + shift[r]) % 4]: four parts, four winds each."""
    sigma = rng.sample(range(len(WINDS)), len(WINDS))
    shifts = [w for _ in range(0, len(tables), len(WINDS)) for w in rng.sample(range(len(WINDS)), len(WINDS))]
    return [[_seats({sigma[(slot[p] + shifts[r]) % len(WINDS)]: p for p in players}) for players in part]
            for r, part in enumerate(tables)]


def _coloured(tables: Tables, rng: random.Random) -> list[list[Seats]]:
    """A proper four-colouring of the tables-players graph (one player node per block of four
    parts); colour c is wind ``sigma[c]``."""
    edges: list[tuple[Node, Node]] = [((p, r // len(WINDS)), (r, t))
                                      for r, part in enumerate(tables)
                                      for t, players in enumerate(part) for p in players]
    rng.shuffle(edges)
    ends: dict[Node, list[Node | None]] = {}  # ends[node][colour]: the node across that edge
    for player, table in edges:
        at_player = ends.setdefault(player, [None] * len(WINDS))
        at_table = ends.setdefault(table, [None] * len(WINDS))
        a = rng.choice([c for c, other in enumerate(at_player) if other is None])
        if at_table[a] is not None:
            b = rng.choice([c for c, other in enumerate(at_table) if other is None])
            _swap_path(ends, table, a, b)
        at_player[a], at_table[a] = table, player
    sigma = rng.sample(range(len(WINDS)), len(WINDS))
    return [[_seats({sigma[c]: player[0] for c, player in enumerate(ends[r, t])})  # type: ignore[index]
             for t in range(len(part))] for r, part in enumerate(tables)]


def _swap_path(ends: dict[Node, list[Node | None]], start: Node, a: int, b: int) -> None:
    """Swap colours ``a`` and ``b`` along the path from ``start`` that alternates them, which
    frees ``a`` at ``start``. In a bipartite graph the path cannot reach the edge's other end,
    whose colour ``a`` is free."""
    path: list[tuple[Node, Node, int]] = []
    node, colour = start, a
    while (nxt := ends[node][colour]) is not None:
        path.append((node, nxt, colour))
        node, colour = nxt, b if colour == a else a
    for left, right, c in path:
        ends[left][c] = ends[right][c] = None
    for left, right, c in path:
        swapped = b if c == a else a
        ends[left][swapped], ends[right][swapped] = right, left


def _seats(by_wind: dict[int, str]) -> Seats:
    return tuple(by_wind[w] for w in range(len(WINDS)))  # type: ignore[return-value]


def worst(seatings: list[list[tuple[str, ...]]]) -> int:
    """The most starts any player has on one wind over the given parts."""
    count: dict[tuple[str, int], int] = {}
    for part in seatings:
        for seats in part:
            for wind, player in enumerate(seats):
                count[player, wind] = count.get((player, wind), 0) + 1
    return max(count.values(), default=0)

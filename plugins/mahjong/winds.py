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

From round 2 on, the draw also knows every player's starts in the earlier rounds (their
seating files), and :func:`even_out` reorders the players of each table so that the starts
over the whole event are as even as it can make them; a round balanced on its own lets
imbalances add up (6 starts on one wind in 13 parts).
"""

from __future__ import annotations

import random
from collections import deque
from itertools import permutations
from math import ceil
from operator import add

from plugins.mahjong.rounds import Part
from plugins.mahjong.seats import WIND_NAMES, WINDS

Tables = list[list[list[str]]]  # tables[part][table] -> the four players, in any order
Seats = tuple[str, str, str, str]  # the players starting on E, S, W, N
Node = tuple[str | int, int]  # (player, block of four parts) or (part, table)
Starts = dict[str, list[int]]  # player -> starts on E, S, W, N so far

# Every order of a table's four players over the winds; the first keeps them where they are.
ORDERS = tuple(permutations(range(len(WINDS))))
COLUMNS = tuple(zip(*ORDERS, strict=True))  # COLUMNS[i]: the wind of player i in each order
# A start on a wind a player has started on n times costs STEEP ** n: the draw would rather
# give three players their second start on a wind than one player a third.
STEEP = 4


def balance(tables: Tables, slot: dict[str, int], rng: random.Random,
            history: Starts | None = None) -> list[list[Seats]]:
    """The seats (E, S, W, N) of every table of every part, with balanced starting winds;
    ``slot`` is each player's starting slot in the pattern (0-3). With ``history``, the starts
    of the earlier rounds, the winds are then evened out over the event (:func:`even_out`)."""
    if all(sorted(slot[p] for p in players) == list(range(len(WINDS)))
           for part in tables for players in part):
        seats = _latin(tables, slot, rng)
    else:
        seats = _coloured(tables, rng)
    return even_out(seats, history, rng) if history else seats


def even_out(seats: list[list[Seats]], history: Starts, rng: random.Random) -> list[list[Seats]]:
    """Reorder the players of each table so that every player's starts over the event, the
    earlier rounds' and this round's, are as even as they can be made.

    The round's balanced seats are the start; then each table in turn (in an order drawn from
    the seed) takes whichever of its 24 orders costs least, the cost of a player's n-th start
    on a wind being STEEP ** n. A table that changes sends the other tables of its players
    back into the queue, until none is left. A table only changes when the total cost falls,
    so the queue runs dry; a table that cannot improve keeps its order, so with an even
    history the round's own balance stays as it was."""
    count = {p: list(history.get(p, [0] * len(WINDS))) for part in seats for table in part for p in table}
    tables_of: dict[str, list[tuple[int, int]]] = {}
    for r, part in enumerate(seats):
        for t, table in enumerate(part):
            for wind, player in enumerate(table):
                count[player][wind] += 1
                tables_of.setdefault(player, []).append((r, t))
    result = [list(part) for part in seats]
    queue = deque((r, t) for r, part in enumerate(seats) for t in range(len(part)))
    rng.shuffle(queue)
    queued = set(queue)
    while queue:
        r, t = queue.popleft()
        queued.discard((r, t))
        players = result[r][t]
        counts = [count[player] for player in players]
        for wind, winds in enumerate(counts):
            winds[wind] -= 1
        best = ORDERS[0]
        if any(winds[wind] > min(winds) for wind, winds in enumerate(counts)):
            # else every player starts on a wind they have sat least: no order is cheaper
            best = _cheapest([[STEEP ** n for n in winds] for winds in counts])
        for winds, wind in zip(counts, best, strict=True):
            winds[wind] += 1
        if best != ORDERS[0]:
            result[r][t] = _seats({w: players[i] for i, w in enumerate(best)})
            again = dict.fromkeys(other for player in players for other in tables_of[player]
                                  if other not in queued and other != (r, t))
            queue.extend(again)
            queued.update(again)
    return result


def _cheapest(costs: list[list[int]]) -> tuple[int, ...]:
    """The order of ORDERS (player i on wind order[i]) of least total cost, the first of
    equals; summed column by column with ``map``, since the draw asks this of every table."""
    totals = [0] * len(ORDERS)
    for player, row in enumerate(costs):
        totals = list(map(add, totals, map(row.__getitem__, COLUMNS[player])))
    return ORDERS[totals.index(min(totals))]


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


def starts(parts: list[Part], history: Starts | None = None, owner_counts: bool = True) -> Starts:
    """Each player's starts on E, S, W and N: ``history`` plus the given parts. A seat a
    substitute played counts for its owner when the owner keeps the substitute's scores
    (``substitute_scores = "owner"``), else for nobody: the owner did not play that part."""
    count = {player: list(winds) for player, winds in (history or {}).items()}
    for part in parts:
        for table in part.tables:
            for wind, player in enumerate(table.seats):
                if owner_counts or player not in table.substitutes:
                    count.setdefault(player, [0] * len(WINDS))[wind] += 1
    return count


def spread_note(count: Starts, rounds: str) -> str:
    """What ``publisher draw`` says of the winds over the event: the bound every player keeps,
    P being the parts they played, how many keep the even share, and the player furthest over
    it (of those, the one with the most starts on one wind, then the first id)."""
    excess = {player: max(winds) - ceil(sum(winds) / len(WINDS)) for player, winds in count.items()}
    bound = "ceil(P/4)" + (f"+{max(excess.values())}" if max(excess.values()) else "")
    even = sum(1 for e in excess.values() if e == 0)
    most = max(sorted(count), key=lambda player: (excess[player], max(count[player])))
    wind = WIND_NAMES[count[most].index(max(count[most]))]
    return (f"Winds over {rounds}: every player within {bound} starts on one wind, P the parts they played"
            + (f"; {even} of {len(count)} within ceil(P/4)" if bound != "ceil(P/4)" else "")
            + f"; most: {max(count[most])} ({most} on {wind}, in {sum(count[most])} parts)")


def worst(seatings: list[list[tuple[str, ...]]]) -> int:
    """The most starts any player has on one wind over the given parts."""
    count: dict[tuple[str, int], int] = {}
    for part in seatings:
        for seats in part:
            for wind, player in enumerate(seats):
                count[player, wind] = count.get((player, wind), 0) + 1
    return max(count.values(), default=0)

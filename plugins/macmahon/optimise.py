"""Making the draw optimal: fewest repeats, then the smallest sum of score differences.

The top-down draw (:mod:`.pairing`) follows the strategy and explains itself, and nearly
always crosses each score-group boundary as few times as parity allows: a boundary with
an odd number of players above it once, any other boundary not at all. Such a pairing
has the smallest possible sum, over its tables, of the McMahon score differences, since
that sum is each boundary's score gap times the tables crossing it. Where the draw
crosses a boundary more often, the score groups around it (and everyone paired with
them) are re-paired by a minimum-cost perfect matching whose cost is, in this order:
a repeated game (a third meeting far more than a second), the pair's score difference,
then the secondary criteria (a club or country the two share, where the event avoids it,
then a game off colour balance), then leaving a pair the draw made and the distance from
the strategy's opponents. The window grows a score group at a time on both sides while
it stays small enough to solve at once; the new pairs are kept only if they cost less.

Last, :func:`exchange` lets two tables of one score group trade opponents wherever that
lowers the secondary criteria without a repeated game: inside a score group every pair
has the same score difference, 0, so the sum is untouched. Trades between two tables
reach the fewest same-club games and games off balance a score group allows in nearly
every field, in far less time than a matching of the whole group would take.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from plugins.macmahon.repair import Pair
from publisher.languages import Message

REPEAT_COST = 10**15  # times the square of the meetings so far
GAP_COST = 10**9      # a half point of score difference: more than a window's secondary criteria
BREAK_COST = 10       # leaving a pair the draw made
WINDOW = 48           # players re-paired at once at most (a matching of 48 takes ~0.1 s)


class Player(Protocol):
    id: str
    score: float
    met: frozenset[str]
    met_twice: frozenset[str]


@dataclass(frozen=True)
class Quality:
    """What the pairing is judged on, in order: repeats (weighted), the sum of score
    differences in half points, and how far it is from the draw and the strategy."""

    repeats: int
    difference: int
    strategy: int


def meetings(a: Player, b: Player) -> int:
    """How often two players have met: 0, 1, or 2 for twice or more."""
    return 2 if b.id in a.met_twice else 1 if b.id in a.met else 0


def half_points(a: Player, b: Player) -> int:
    return round(2 * abs(a.score - b.score))


def quality(pairs: list[Pair], by_id: Mapping[str, Player]) -> Quality:
    """The pairing's repeats (a second meeting 1, a third 4) and sum of differences."""
    return Quality(sum(meetings(by_id[p.a], by_id[p.b]) ** 2 for p in pairs),
                   sum(half_points(by_id[p.a], by_id[p.b]) for p in pairs), 0)


def excess_boundaries(pairs: list[Pair], by_id: Mapping[str, Player]) -> list[float]:
    """The score groups (by score) below which the pairing crosses more often than parity needs."""
    scores = sorted({by_id[x].score for p in pairs for x in (p.a, p.b)}, reverse=True)
    index = {s: i for i, s in enumerate(scores)}
    crossings = [0] * len(scores)
    above = [0] * len(scores)
    for p in pairs:
        i, j = sorted((index[by_id[p.a].score], index[by_id[p.b].score]))
        for k in range(i, j):
            crossings[k] += 1
    for x in (x for p in pairs for x in (p.a, p.b)):
        above[index[by_id[x].score]] += 1
    found, total = [], 0
    for k, score in enumerate(scores[:-1]):
        total += above[k]
        if crossings[k] > total % 2:
            found.append(score)
    return found


def optimise(pairs: list[Pair], by_id: Mapping[str, Player], position: Mapping[str, int],
             strategy_cost: Callable[[str, str], int], secondary: Callable[[str, str], int],
             note: Callable[[int, str], Message]) -> list[Pair]:
    """The pairs, with every window around a boundary crossed too often re-paired where that
    lowers the repeats or the sum of score differences. New pairs get ``note(players re-paired,
    score differences saved)``; pairs kept keep their own notes."""
    tried: set[float] = set()
    while True:
        todo = [s for s in excess_boundaries(pairs, by_id) if s not in tried]
        if not todo:
            return pairs
        pairs, solved = _improve_around(pairs, todo[0], by_id, position, strategy_cost, secondary,
                                        note)
        tried |= solved | {todo[0]}


def _improve_around(pairs: list[Pair], score: float, by_id: Mapping[str, Player],
                    position: Mapping[str, int], strategy_cost: Callable[[str, str], int],
                    secondary: Callable[[str, str], int],
                    note: Callable[[int, str], Message]) -> tuple[list[Pair], set[float]]:
    """Re-pair the widest window of score groups around the boundary below ``score`` that
    stays within WINDOW players (or, where the two groups beside it are more, the tables
    crossing it and those nearest to it in the order); keep it if it is better. Also
    returns the boundaries inside the window: it is now as good as it can be around them."""
    scores = sorted({by_id[x].score for p in pairs for x in (p.a, p.b)}, reverse=True)
    k = scores.index(score)
    best, inside = None, set()
    for reach in range(len(scores)):
        groups = scores[max(0, k - reach):k + 2 + reach]
        window = [p for p in pairs if by_id[p.a].score in groups or by_id[p.b].score in groups]
        if 2 * len(window) > WINDOW:
            break
        best, inside = window, set(groups[:-1])
        if len(window) == len(pairs):
            break
    if best is None:
        best = _nearest(pairs, score, scores[k + 1], by_id, position)
    fresh = _match(best, by_id, strategy_cost, secondary)
    if fresh is None:
        return pairs, inside
    before = quality(best, by_id)
    after = quality(fresh, by_id)
    if (after.repeats, after.difference) >= (before.repeats, before.difference):
        return pairs, inside
    kept = {frozenset((p.a, p.b)) for p in best}
    players = 2 * len(best)
    saved = before.difference - after.difference
    text = note(players, _points(saved))
    for pair in fresh:
        if frozenset((pair.a, pair.b)) not in kept:
            pair.notes.append(text)
    old = {id(p) for p in best}
    return [p for p in pairs if id(p) not in old] + fresh, inside


def _nearest(pairs: list[Pair], upper: float, lower: float, by_id: Mapping[str, Player],
             position: Mapping[str, int]) -> list[Pair]:
    """The tables crossing the boundary between scores ``upper`` and ``lower``, and the
    tables of those two groups nearest to it in the order, WINDOW players in all."""
    border = min(position[x] for p in pairs for x in (p.a, p.b) if by_id[x].score <= lower)

    def distance(pair: Pair) -> int:
        return min(abs(position[x] - border) for x in (pair.a, pair.b))

    crossing = [p for p in pairs
                if min(by_id[p.a].score, by_id[p.b].score) <= lower < upper
                <= max(by_id[p.a].score, by_id[p.b].score)]
    beside = sorted((p for p in pairs if p not in crossing
                     and {by_id[p.a].score, by_id[p.b].score} <= {upper, lower}), key=distance)
    return crossing + beside[:max(0, WINDOW // 2 - len(crossing))]


def _match(window: list[Pair], by_id: Mapping[str, Player], strategy_cost: Callable[[str, str], int],
           secondary: Callable[[str, str], int]) -> list[Pair] | None:
    """The minimum-cost perfect matching of the window's players, or None if there is none."""
    import networkx as nx  # a tenth of a second to import, and most pairings never get here

    old = {frozenset((p.a, p.b)): p for p in window}
    players = sorted({x for p in window for x in (p.a, p.b)}, key=lambda x: (-by_id[x].score, x))
    costs: dict[tuple[str, str], int] = {}
    for a, b in combinations(players, 2):
        pa, pb = by_id[a], by_id[b]
        kept = frozenset((a, b)) in old
        costs[a, b] = (REPEAT_COST * meetings(pa, pb) ** 2 + GAP_COST * half_points(pa, pb)
                       + secondary(a, b) + (0 if kept else BREAK_COST + strategy_cost(a, b)))
    ceiling = max(costs.values(), default=0) + 1
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_weighted_edges_from((a, b, ceiling - c) for (a, b), c in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(players):
        return None
    order = {x: i for i, x in enumerate(players)}
    fresh = []
    for a, b in matching:
        a, b = sorted((a, b), key=order.__getitem__)
        fresh.append(old.get(frozenset((a, b))) or Pair(a, b, []))
    return fresh


def exchange(pairs: list[Pair], by_id: Mapping[str, Player], position: Mapping[str, int],
             strategy_cost: Callable[[str, str], int], secondary: Callable[[str, str], int],
             explain: Callable[[Pair, Pair], Message]) -> list[Pair]:
    """The pairs, with tables of one score group trading opponents while that lowers the
    secondary criteria without a repeated game.

    Each table that costs something in them, in order, tries every other table of its
    score group and both ways to trade; the trade that lowers the cost most (then stays
    nearest the strategy) is made. Rounds of this go on until one makes no trade. The two
    new tables are told why by ``explain(old table, other old table)``; the notes of the
    tables they replace no longer hold and are dropped."""
    pairs = list(pairs)
    groups: dict[float, list[int]] = {}
    for index, p in enumerate(pairs):
        if by_id[p.a].score == by_id[p.b].score:
            groups.setdefault(by_id[p.a].score, []).append(index)
    for members in groups.values():
        cost = {i: secondary(pairs[i].a, pairs[i].b) for i in members}
        traded = True
        while traded:
            traded = False
            for i in (i for i in members if cost[i]):
                trade = _best_trade(pairs, i, members, cost, by_id, strategy_cost, secondary)
                if trade is None:
                    continue
                j, one, two = trade
                why = explain(pairs[i], pairs[j])
                pairs[i], pairs[j] = (Pair(*sorted(new, key=position.__getitem__), [why])
                                      for new in (one, two))
                cost[i], cost[j] = secondary(*one), secondary(*two)
                traded = True
    return pairs


def _best_trade(pairs: list[Pair], i: int, members: list[int], cost: Mapping[int, int],
                by_id: Mapping[str, Player], strategy_cost: Callable[[str, str], int],
                secondary: Callable[[str, str], int]) -> tuple[int, tuple[str, str], tuple[str, str]] | None:
    """The table table ``i`` should trade opponents with, and the two new pairs; None if no trade
    lowers the cost without a repeated game."""
    p = pairs[i]
    best: tuple[tuple[int, int], int, tuple[str, str], tuple[str, str]] | None = None
    for j in members:
        if j == i:
            continue
        q = pairs[j]
        before = cost[i] + cost[j]
        for one, two in (((p.a, q.a), (p.b, q.b)), ((p.a, q.b), (p.b, q.a))):
            if one[1] in by_id[one[0]].met or two[1] in by_id[two[0]].met:
                continue
            saved = secondary(*one) + secondary(*two) - before
            if saved < 0:
                key = (saved, strategy_cost(*one) + strategy_cost(*two))
                if best is None or key < best[0]:
                    best = (key, j, one, two)
    return None if best is None else best[1:]


def _points(half: int) -> str:
    whole, rest = divmod(half, 2)
    return f"{whole}{'½' if rest else ''}" if whole else "½"

"""Repairing a draw that cornered itself at the bottom of the field.

Pairing top-down can leave the last players with nobody they have not met. Then
the bottom of the field (the players left over plus the pairs made last) is
re-paired by a minimum-cost perfect matching: a pair costs its score gap,
far more than anything else; then the secondary criteria (a club or country the two
share, where the event avoids it, then a game that leaves colours off balance); then
breaking a pair the greedy draw made and moving away from the opponents the strategy
prefers cost a little, so the repair keeps equal scores first, the secondary criteria
second and stays close to the strategy last. The window doubles until a
repeat-free matching exists, and twice more to look for a cheaper one; only when the
whole field has none is a repeat allowed.

The matching of a small pool (at most EXACT_NODES players) is found here, by dynamic
programming, when it is the only one of its cost; it is then the matching networkx's
exact algorithm returns too. When several cost the same, and for bigger pools, networkx
finds it, as it chooses among equals. Most repairs are small, and networkx takes longer to
import than such a repair takes to solve.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Protocol

from publisher.languages import Message, message

REPEAT_COST = 10**16  # a game two players have already played: more than any window's gaps
GAP_COST = 10**9      # per half point of score gap: more than any window's secondary criteria
AVOID_COST = 100_000  # a club or country both players share, where the event avoids it
COLOUR_COST = 1_000   # a game off colour balance (see colours.imbalance), a unit
BREAK_COST = 10       # a pair the greedy draw made and the repair does not keep
WIDENINGS = 2                 # windows tried beyond the first that can be repaired
_DOWN = "\x00down"            # the stand-in an odd pool's floater is paired with
# Up to 18 players the dynamic programming below takes at most about 15 ms (dense pools; it
# grows about fourfold with each two players more), against 70 ms to import networkx.
EXACT_NODES = 18

Matching = list[tuple[str, str]]


class Player(Protocol):
    id: str
    score: float
    met: frozenset[str]
    met_twice: frozenset[str]


@dataclass
class Pair:
    """Two players paired, ``a`` above ``b`` in the order, with the reasons to show for them."""

    a: str
    b: str
    notes: list[Message] = field(default_factory=list)


@dataclass
class Repaired:
    """The pairs that replace the last ``replaced`` pairs, and who goes down (odd pools)."""

    pairs: list[Pair]
    replaced: int
    floater: str | None = None


def repair(pairs: list[Pair], stuck: list[str], by_id: Mapping[str, Player],
           position: Mapping[str, int], strategy_cost: Callable[[str, str], int],
           secondary: Callable[[str, str], int], note: Callable[[int], Message],
           label: Callable[[str], str], *,
           spare: bool = False, last_resort: bool = True) -> Repaired | None:
    """Pair ``stuck`` by re-pairing as few of the last ``pairs`` as needed.

    ``strategy_cost(a, b)`` says how far the pair is from what the strategy would
    give two players of the same score group (0 for the strategy's own pair);
    ``secondary(a, b)`` what the pair costs in the secondary criteria (AVOID_COST and
    COLOUR_COST units).
    With ``spare`` one player may stay unpaired (an odd pool: they go down).
    Without a repeat-free way, ``last_resort`` allows repeats; otherwise None.
    Every new pair gets ``note(players re-paired)``; pairs the repair keeps keep their own notes.
    """
    size, best, widened = max(len(stuck), 2), None, 0
    while widened <= WIDENINGS:
        window = pairs[max(0, len(pairs) - size):]
        pool = sorted([*stuck, *(x for p in window for x in (p.a, p.b))], key=position.__getitem__)
        everyone = len(window) == len(pairs)
        cost = _Cost(window, by_id, strategy_cost, secondary)
        matched = _match(pool, cost, repeats=False, spare=spare)
        if matched is None and everyone and last_resort:
            matched = _match(pool, cost, repeats=True, spare=spare)
        if matched is not None:
            total = sum(cost(a, b) for a, b in matched[0])
            if best is not None:  # the smaller window's repair, with the pairs it kept around it
                _, _, small, small_window = best
                kept_outside = [p for p in window if p not in small_window]
                previous = sum(cost(a, b) for a, b in small[0]) + sum(cost(p.a, p.b) for p in kept_outside)
                if previous <= total:
                    total, matched, pool, window = previous, small, best[1], small_window
            best = (total, pool, matched, window)
            widened += 1
        if everyone:
            break
        size *= 2
    if best is None:
        return None
    _, pool, (matched, floater), window = best
    told = note(len(pool))
    kept = {frozenset((p.a, p.b)): p for p in window}
    fresh: list[Pair] = []
    for a, b in matched:
        a, b = sorted((a, b), key=position.__getitem__)
        old = kept.get(frozenset((a, b)))
        if old is not None:
            fresh.append(old)
            continue
        notes = [told]
        if b in by_id[a].met:
            notes.append(message("%(player)s and %(other)s meet again: no pairing of the field without a "
                                 "repeated game exists.", player=label(a), other=label(b)))
        fresh.append(Pair(a, b, notes))
    fresh.sort(key=lambda p: position[p.a])
    return Repaired(fresh, len(window), floater)


class _Cost:
    """What a pair costs in a repair of ``window``: see the module's docstring."""

    def __init__(self, window: list[Pair], by_id: Mapping[str, Player],
                 strategy_cost: Callable[[str, str], int], secondary: Callable[[str, str], int]):
        self.kept = {frozenset((p.a, p.b)) for p in window}
        self.by_id = by_id
        self.strategy_cost = strategy_cost
        self.secondary = secondary

    def met(self, a: str, b: str) -> bool:
        return b in self.by_id[a].met

    def __call__(self, a: str, b: str) -> int:
        gap = round(2 * abs(self.by_id[a].score - self.by_id[b].score))
        times = 4 if b in self.by_id[a].met_twice else 1 if self.met(a, b) else 0  # a third meeting
        return (GAP_COST * gap + REPEAT_COST * times + self.secondary(a, b)
                + (0 if frozenset((a, b)) in self.kept else BREAK_COST + self.strategy_cost(a, b)))


def _match(pool: list[str], cost: _Cost, repeats: bool,
           spare: bool) -> tuple[Matching, str | None] | None:
    """A minimum-cost perfect matching of ``pool`` and who is left over, or None if none
    avoids repeats. With ``spare``, one player pairs with a stand-in: they go down."""
    costs: dict[tuple[str, str], int] = {}
    for a, b in combinations(pool, 2):
        if repeats or not cost.met(a, b):
            costs[a, b] = cost(a, b)
    if spare:
        costs.update(((a, _DOWN), 0) for a in pool)
    nodes = [*pool, _DOWN] if spare else pool
    matching = _only_optimum(nodes, costs) if len(nodes) <= EXACT_NODES else _TIED
    if isinstance(matching, _Tied):
        matching = _networkx_matching(nodes, costs)
    if matching is None:
        return None
    pairs = sorted(tuple(sorted(m)) for m in matching)
    floater = next((b for a, b in pairs if a == _DOWN), None)
    return [p for p in pairs if _DOWN not in p], floater  # type: ignore[misc]


class _Tied:
    """Several matchings share the least cost: networkx chooses among them."""


_TIED = _Tied()


def _networkx_matching(nodes: list[str], costs: dict[tuple[str, str], int]) -> Matching | None:
    """A minimum-cost perfect matching of ``nodes`` over the pairs ``costs`` allows, or None."""
    import networkx as nx  # here: networkx takes longer to import than a build needs it

    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    ceiling = max(costs.values(), default=0) + 1
    for (a, b), pair_cost in costs.items():
        graph.add_edge(a, b, weight=ceiling - pair_cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return None if 2 * len(matching) < len(nodes) else list(matching)


def _only_optimum(nodes: list[str], costs: dict[tuple[str, str], int]) -> Matching | _Tied | None:
    """The minimum-cost perfect matching of ``nodes`` over the pairs ``costs`` allows if it is
    the only one of its cost; None if there is no perfect matching; ``_TIED`` if several share
    the least cost.

    Dynamic programming over the sets of players still to pair (bit masks): the lowest of a
    set is paired with each partner it may have, and the rest solved the same way. Each set's
    answer is its least cost, how many matchings reach it (counted up to two) and the partner
    of its lowest player in the best one.
    """
    size = len(nodes)
    if size % 2:
        return None
    index = {x: i for i, x in enumerate(nodes)}
    partners: list[list[tuple[int, int]]] = [[] for _ in nodes]
    for (a, b), pair_cost in costs.items():
        i, j = sorted((index[a], index[b]))
        partners[i].append((j, pair_cost))
    solved: dict[int, tuple[int, int, int] | None] = {0: (0, 1, -1)}

    def solve(left: int) -> tuple[int, int, int] | None:
        if left in solved:
            return solved[left]
        low = (left & -left).bit_length() - 1
        rest = left ^ (1 << low)
        best: tuple[int, int, int] | None = None
        for partner, pair_cost in partners[low]:
            if not rest >> partner & 1:
                continue
            below = solve(rest ^ (1 << partner))
            if below is None:
                continue
            total = pair_cost + below[0]
            if best is None or total < best[0]:
                best = (total, below[1], partner)
            elif total == best[0]:
                best = (total, min(2, best[1] + below[1]), best[2])
        solved[left] = best
        return best

    left = (1 << size) - 1
    answer = solve(left)
    if answer is None:
        return None
    if answer[1] > 1:
        return _TIED
    pairs = []
    while left:
        low = (left & -left).bit_length() - 1
        partner = solved[left][2]  # type: ignore[index]
        pairs.append((nodes[low], nodes[partner]))
        left ^= (1 << low) | (1 << partner)
    return pairs

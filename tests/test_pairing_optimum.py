"""The pairing against an exact optimum computed independently on the whole field.

Random McMahon fields of up to 40 players, in three clubs of two countries, play several
rounds with seeded results, and the pairing avoids same-club and same-country games and
balances colours. For every round, the project's pairing must have the fewest repeated
games (a third meeting counting four times a second) and then the smallest sum over tables
of the McMahon score difference that any pairing of the same players has: a minimum-cost
perfect matching over every pair of the field, solved by networkx here and nowhere else.
The secondary criteria choose only among pairings that equal it.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import networkx as nx
import pytest

from plugins.macmahon.pairing import Entrant, pair


def exact(field: list[Entrant], met: dict[str, Counter]) -> tuple[int, int]:
    """(weighted repeats, sum of differences in half points) of the best pairing of ``field``."""
    graph = nx.Graph()
    for a, b in combinations(field, 2):
        times = met[a.id][b.id]
        repeats = 0 if not times else 1 if times == 1 else 4
        difference = round(2 * abs(a.score - b.score))
        graph.add_edge(a.id, b.id, weight=-(repeats * 10**9 + difference), repeats=repeats,
                       difference=difference)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return (sum(graph[a][b]["repeats"] for a, b in matching),
            sum(graph[a][b]["difference"] for a, b in matching))


def achieved(tables, by_id: dict[str, Entrant], met: dict[str, Counter]) -> tuple[int, int]:
    repeats = sum({0: 0, 1: 1}.get(met[t.black][t.white], 4) for t in tables)
    return repeats, sum(round(2 * abs(by_id[t.black].score - by_id[t.white].score)) for t in tables)


def play(size: int, rounds: int, groups: int, strategy: str, seed: int) -> list[tuple]:
    """Pair ``rounds`` rounds of a random field; each round's (ours, optimum)."""
    rng = random.Random(seed)
    start = {f"p{i:02}": rng.randrange(groups) for i in range(size)}
    score = {p: float(s) for p, s in start.items()}
    club = {p: rng.choice(["A", "B", "C"]) for p in start}
    met: dict[str, Counter] = {p: Counter() for p in start}
    byes: Counter = Counter()
    balance: Counter = Counter()
    found = []
    for number in range(1, rounds + 1):
        order = sorted(start, key=lambda p: (-score[p], p))
        field = [Entrant(p, score[p], frozenset(met[p]), byes[p], balance=balance[p],
                         met_twice=frozenset(o for o, n in met[p].items() if n > 1), club=club[p],
                         country="X" if club[p] == "A" else "Y") for p in order]
        by_id = {e.id: e for e in field}
        result = pair(field, strategy, f"{seed}:{number}", avoid=("club", "country"))
        paired = [e for e in field if e.id != result.bye]
        found.append((achieved(result.tables, by_id, met), exact(paired, met)))
        for table in result.tables:
            met[table.black][table.white] += 1
            met[table.white][table.black] += 1
            balance[table.black] -= 1
            balance[table.white] += 1
            winner = table.black if rng.random() < 0.5 else table.white
            score[winner] += 1
        if result.bye:
            byes[result.bye] += 1
            score[result.bye] += 1
    return found


@pytest.mark.parametrize("strategy", ["fold", "split", "adjacent", "simple"])
@pytest.mark.parametrize(("size", "rounds", "groups"), [(8, 6, 1), (13, 5, 3), (21, 6, 4), (32, 6, 5),
                                                        (40, 5, 6), (17, 9, 2)])
def test_every_round_is_as_good_as_the_exact_optimum(strategy, size, rounds, groups):
    for seed in range(3):
        for number, (ours, best) in enumerate(play(size, rounds, groups, strategy, seed), 1):
            assert ours == best, f"seed {seed}, round {number}: {ours} against the optimum {best}"

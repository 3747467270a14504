"""The repair's matching of a small pool, solved without networkx when only one matching has
the least cost: it is the matching networkx returns, and every pairing is the one the
networkx-only repair made."""

from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_pairing_properties import fields

from plugins.macmahon import repair
from plugins.macmahon.pairing import Entrant, pair
from plugins.macmahon.settings import STRATEGIES


def networkx_only(nodes: list[str], costs: dict[tuple[str, str], int]) -> list[tuple[str, str]] | None:
    """The repair's matching as it was always made: networkx's, in the repair's order."""
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    ceiling = max(costs.values(), default=0) + 1
    for (a, b), cost in costs.items():
        graph.add_edge(a, b, weight=ceiling - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return None if 2 * len(matching) < len(nodes) else sorted(tuple(sorted(m)) for m in matching)


def least_costs(nodes: list[str], costs: dict[tuple[str, str], int]) -> list[int]:
    """The cost of every perfect matching, by trying them all (small pools only)."""
    if not nodes:
        return [0]
    first, rest = nodes[0], nodes[1:]
    found = []
    for other in rest:
        cost = costs.get((first, other), costs.get((other, first)))
        if cost is not None:
            left = [x for x in rest if x != other]
            found += [cost + below for below in least_costs(left, costs)]
    return found


@st.composite
def pools(draw, most: int = repair.EXACT_NODES):
    size = draw(st.integers(1, most))
    nodes = [f"p{i:02d}" for i in range(size)]
    costs = {}
    for a, b in combinations(nodes, 2):
        if draw(st.integers(0, 9)):  # a pair may be barred (they have met)
            costs[a, b] = draw(st.sampled_from([0, 10, 11, 20, 1_000_000, 1_000_010]))
    return nodes, costs


@settings(max_examples=400, deadline=None)
@given(pools())
def test_a_matching_found_without_networkx_is_the_one_networkx_finds(pool):
    nodes, costs = pool
    found = repair._only_optimum(nodes, costs)
    if isinstance(found, repair._Tied):
        return  # networkx chooses among equals, as before
    expected = networkx_only(nodes, costs)
    assert (None if found is None else sorted(tuple(sorted(p)) for p in found)) == expected


@settings(max_examples=300, deadline=None)
@given(pools(most=10))
def test_ties_and_missing_matchings_are_told_apart_from_the_only_optimum(pool):
    nodes, costs = pool
    every = least_costs(nodes, costs) if len(nodes) % 2 == 0 else []
    found = repair._only_optimum(nodes, costs)
    if not every:
        assert found is None
    elif every.count(min(every)) > 1:
        assert isinstance(found, repair._Tied)
    else:
        assert sum(costs.get(p, costs.get(p[::-1], 0)) for p in found) == min(every)


@settings(max_examples=200, deadline=None)
@given(fields(most=24, games=4), st.sampled_from(STRATEGIES))
def test_every_pairing_is_the_one_networkx_alone_made(entrants, strategy):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(repair, "EXACT_NODES", 0)  # every matching by networkx, as before
        before = pair(entrants, strategy, "same")
    assert pair(entrants, strategy, "same") == before


def test_a_small_repair_with_one_best_matching_does_not_need_networkx(monkeypatch):
    # Split pairs 1-5, 2-6, 3-7 and corners 4 and 8, who have met (see test_pairing): the
    # repair of those six players has one cheapest matching.
    def refuse(*_):
        raise AssertionError("networkx was asked")

    monkeypatch.setattr(repair, "_networkx_matching", refuse)
    players = [f"p{i}" for i in range(1, 9)]
    entrants = [Entrant(p, 0.0, frozenset({"p8"} if p == "p4" else {"p4"} if p == "p8" else ()))
                for p in players]
    result = pair(entrants, "split", "s")
    assert [(t.black, t.white) if t.black < t.white else (t.white, t.black) for t in result.tables] == [
        ("p1", "p5"), ("p2", "p6"), ("p3", "p8"), ("p4", "p7")]

"""Properties of every pairing, on random small fields: everyone plays once or has the bye,
the bye rules hold, and a game is repeated only when no pairing without a repeat exists."""

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from plugins.macmahon.pairing import Entrant, pair
from plugins.macmahon.settings import STRATEGIES


@st.composite
def fields(draw, most: int = 11, games: int = 3):
    """Fields of 2 to ``most`` players who have played up to ``games`` games each."""
    size = draw(st.integers(2, most))
    ids = [f"p{i:02d}" for i in range(size)]
    scores = sorted((draw(st.integers(0, 3)) for _ in ids), reverse=True)
    edges = draw(st.sets(st.tuples(st.sampled_from(ids), st.sampled_from(ids)), max_size=size * games))
    met = {p: set() for p in ids}
    for a, b in edges:
        if a != b:
            met[a].add(b)
            met[b].add(a)
    byes = draw(st.sets(st.sampled_from(ids)))
    balances = draw(st.lists(st.integers(-2, 2), min_size=size, max_size=size))
    clubs = draw(st.lists(st.sampled_from(["", "A", "B"]), min_size=size, max_size=size))
    return [Entrant(p, float(s), frozenset(met[p]), int(p in byes), balance=b, club=c)
            for p, s, b, c in zip(ids, scores, balances, clubs, strict=True)]


def repeat_free_exists(players: list[Entrant]) -> bool:
    """Is there a perfect matching of ``players`` using only pairs that have not met?"""
    graph = nx.Graph()
    graph.add_nodes_from(e.id for e in players)
    graph.add_edges_from((a.id, b.id) for i, a in enumerate(players) for b in players[i + 1:]
                         if b.id not in a.met)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(players)


@settings(max_examples=300, deadline=None)
@given(fields(), st.sampled_from(STRATEGIES))
def test_every_pairing_is_complete_fair_and_repeat_free_when_possible(entrants, strategy):
    result = pair(entrants, strategy, "prop", avoid=("club",))
    seated = [p for t in result.tables for p in (t.black, t.white)]
    seated += [result.bye] if result.bye else []
    assert sorted(seated) == sorted(e.id for e in entrants)
    assert [t.number for t in result.tables] == list(range(1, len(result.tables) + 1))
    by_id = {e.id: e for e in entrants}
    if len(entrants) % 2:
        if any(not e.byes for e in entrants):
            assert by_id[result.bye].byes == 0
        allowed = [e for e in entrants if not e.byes] or entrants
        possible = any(repeat_free_exists([e for e in entrants if e is not bye]) for bye in allowed)
    else:
        assert result.bye is None
        possible = repeat_free_exists(entrants)
    assert bool(result.repeats) == (not possible)
    for table in result.tables:
        assert table.repeat == (table.white in by_id[table.black].met)
        if table.repeat:
            assert "meet again" in table.note

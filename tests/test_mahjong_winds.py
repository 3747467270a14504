"""Balanced starting winds: every player starts on each wind as evenly as the parts allow."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from plugins.mahjong.draw import draw_group
from plugins.mahjong.winds import balance

WINDS = "ESWN"


def starts(parts: list[list[tuple[str, ...]]]) -> dict[str, list[str]]:
    """Each player's starting wind in every part, in part order."""
    winds: dict[str, list[str]] = {}
    for part in parts:
        for seats in part:
            for wind, player in zip(WINDS, seats, strict=True):
                winds.setdefault(player, []).append(wind)
    return winds


def unbalanced(parts: list[list[tuple[str, ...]]]) -> dict[str, str]:
    """Players who start on a wind twice while another wind of theirs is unsat, or more
    generally on one wind two starts more than on another; and players who start twice on
    one wind inside a block of four parts (1-4, 5-8, ...). Each with their winds."""
    found = {}
    for player, winds in starts(parts).items():
        count = Counter({w: 0 for w in WINDS}) + Counter(winds)
        counts = [count[w] for w in WINDS]
        twice_while_unsat = max(counts) >= 2 and min(counts) == 0
        blocks = [winds[i:i + 4] for i in range(0, len(winds), 4)]
        if twice_while_unsat or max(counts) - min(counts) > 1 or any(len(set(b)) < len(b) for b in blocks):
            found[player] = "".join(winds)
    return found


def drawn(size: int, parts: int, seed: str) -> list[list[tuple[str, ...]]]:
    return [[table.seats for table in part.tables]
            for part in draw_group([f"p{i:04d}" for i in range(size)], parts, seed, None)]


def test_every_field_from_8_to_520_players_over_one_to_four_parts():
    failures = {(size, parts): unbalanced(drawn(size, parts, "winds"))
                for parts in (1, 2, 3, 4) for size in range(8, 521, 4)}
    assert {shape: players for shape, players in failures.items() if players} == {}


def test_twenty_four_players_over_four_parts_start_once_on_each_wind():
    """The field whose tables come from a search, not a rotation: it used to let a player
    start twice on one wind."""
    for seed in ("winds", "hk-2026", "macau"):
        for player, winds in starts(drawn(24, 4, seed)).items():
            assert sorted(winds) == sorted(WINDS), (seed, player, winds)


def test_sixteen_players_over_five_parts_start_twice_on_one_wind_and_once_on_the_others():
    for winds in starts(drawn(16, 5, "winds")).values():
        assert sorted(Counter(winds).values()) == [1, 1, 1, 2]
        assert sorted(winds[:4]) == sorted(WINDS)


@settings(max_examples=40, deadline=None)
@given(tables=st.integers(2, 512), parts=st.integers(1, 8), seed=st.text(max_size=8))
def test_any_field_up_to_2048_players_any_parts_any_seed(tables, parts, seed):
    assert unbalanced(drawn(tables * 4, parts, seed)) == {}


@settings(max_examples=60, deadline=None)
@given(tables=st.integers(1, 64), parts=st.integers(1, 16), seed=st.integers(0, 2**32))
def test_any_layout_of_tables_gets_balanced_winds(tables, parts, seed):
    """Whatever tables the parts have (here shuffled at random, players meeting again and
    again), the winds are balanced and every table seats its own four players."""
    rng = random.Random(seed)
    players = [f"p{i:03d}" for i in range(tables * 4)]
    layout = []
    for _ in range(parts):
        rng.shuffle(players)
        layout.append([players[i:i + 4] for i in range(0, len(players), 4)])
    slot = {p: rng.randrange(4) for p in players}  # no slot structure: the general case
    seated = balance(layout, slot, random.Random(seed))
    assert [[sorted(seats) for seats in part] for part in seated] == [
        [sorted(table) for table in part] for part in layout]
    assert unbalanced(seated) == {}


def test_the_same_seed_gives_the_same_winds_and_another_seed_other_winds():
    for size, parts in ((24, 4), (8, 4), (16, 5), (100, 4), (2048, 2)):
        assert drawn(size, parts, "a") == drawn(size, parts, "a")
        assert drawn(size, parts, "a") != drawn(size, parts, "b")

"""Table rotation patterns and seat winds: repeat-free where the field allows it."""

from itertools import combinations

import pytest

from plugins.mahjong.design import classic_limit, meetings, pattern, repeats
from plugins.mahjong.draw import draw_group
from plugins.mahjong.seats import cycles


@pytest.mark.parametrize("parts", [2, 4])
def test_every_field_from_16_to_520_players_is_repeat_free(parts):
    failures = {players: repeats(pattern(players // 4, parts))
                for players in range(16, 521, 4) if repeats(pattern(players // 4, parts))}
    assert failures == {}


@pytest.mark.parametrize("players", [16, 24, 36])
def test_the_fields_the_classic_rotation_fails_over_four_parts(players):
    assert classic_limit(players // 4) < 4
    layout = pattern(players // 4, 4)
    assert repeats(layout) == 0
    assert max(meetings(layout).values()) == 1


def test_sixteen_players_get_the_five_parallel_classes_of_the_affine_plane():
    layout = pattern(4, 5)
    counts = meetings(layout)
    assert repeats(layout) == 0
    # 5 parts x 4 tables x 6 pairs = 120 = every pair of the 16 players exactly once
    assert len(counts) == 120 == 16 * 15 // 2


def test_eight_players_over_four_quarters_meet_at_most_twice():
    counts = meetings(pattern(2, 4))
    assert max(counts.values()) == 2
    assert sum(counts.values()) == 4 * 2 * 6


def test_classic_limit_formula():
    assert [classic_limit(t) for t in (4, 5, 6, 8, 9, 12, 18)] == [2, 5, 2, 4, 3, 4, 6]


def test_every_part_fills_every_table_with_four():
    for tables, parts in [(4, 4), (6, 4), (9, 4), (256, 4), (2, 4), (1, 1)]:
        for part in pattern(tables, parts):
            assert sorted(part) == sorted(list(range(tables)) * 4)


def test_a_drawn_group_is_repeat_free_and_reproducible():
    players = [f"p{i:03d}" for i in range(1, 101)]
    first = draw_group(players, 4, "seed-1", "A", first_table=11)
    assert first == draw_group(players, 4, "seed-1", "A", first_table=11)
    assert first != draw_group(players, 4, "seed-2", "A", first_table=11)
    met = [pair for part in first for table in part.tables for pair in combinations(sorted(table.seats), 2)]
    assert len(met) == len(set(met)) == 4 * 25 * 6
    assert [t.number for t in first[0].tables] == list(range(11, 36))
    for part in first:
        assert sorted(p for table in part.tables for p in table.seats) == players


def test_winds_swap_after_each_cycle_in_elimination_rounds():
    assert cycles(("a", "b", "c", "d"), 2, final=False) == [
        {"E": "a", "S": "b", "W": "c", "N": "d"},
        {"E": "d", "S": "c", "W": "b", "N": "a"},
    ]


def test_final_seats_rotate_so_each_original_wind_starts_a_cycle():
    assert cycles(("a", "b", "c", "d"), 4, final=True) == [
        {"E": "a", "S": "b", "W": "c", "N": "d"},
        {"E": "b", "S": "a", "W": "d", "N": "c"},
        {"E": "c", "S": "d", "W": "a", "N": "b"},
        {"E": "d", "S": "c", "W": "b", "N": "a"},
    ]

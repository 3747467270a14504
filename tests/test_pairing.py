"""Pairing inside score groups: the four strategies on hand-checked groups of 8 and 7,
byes, floats, departures from the strategy and the repair of a cornered draw."""

from plugins.macmahon.pairing import Entrant, Pairing, pair


def field(*groups: tuple[float, list[str]], met: dict[str, set[str]] | None = None,
          byes: set[str] = frozenset()) -> list[Entrant]:
    """Entrants in pairing order: ``groups`` top down as (score, ids); ``met`` is symmetric."""
    met = met or {}
    opponents: dict[str, set[str]] = {}
    for a, others in met.items():
        for b in others:
            opponents.setdefault(a, set()).add(b)
            opponents.setdefault(b, set()).add(a)
    return [Entrant(pid, score, frozenset(opponents.get(pid, ())), int(pid in byes))
            for score, ids in groups for pid in ids]


def games(pairing: Pairing) -> list[tuple[str, str]]:
    """Tables in order, each pair written top player first (ids sort in pairing order)."""
    return [tuple(sorted((t.black, t.white))) for t in pairing.tables]


EIGHT = [f"p{i}" for i in range(1, 9)]
SEVEN_AND_THREE = [(1.0, [f"p{i}" for i in range(1, 8)]), (0.0, ["q1", "q2", "q3"])]


def test_fold_pairs_top_with_bottom():
    result = pair(field((0, EIGHT)), "fold", "s")
    assert games(result) == [("p1", "p8"), ("p2", "p7"), ("p3", "p6"), ("p4", "p5")]
    assert result.explanations() == [] and result.bye is None


def test_split_pairs_top_half_with_bottom_half():
    assert games(pair(field((0, EIGHT)), "split", "s")) == [
        ("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")]


def test_adjacent_pairs_neighbours():
    assert games(pair(field((0, EIGHT)), "adjacent", "s")) == [
        ("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")]


def test_split_with_seven_sends_the_middle_player_down():
    result = pair(field(*SEVEN_AND_THREE), "split", "s")
    assert games(result) == [("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "q2"), ("q1", "q3")]
    assert [t.note for t in result.tables][3] == (
        "p4 was left over in score group 1 (an odd number of players to pair) "
        "and went down to score group 0.")


def test_fold_with_seven_sends_the_middle_player_down():
    assert games(pair(field(*SEVEN_AND_THREE), "fold", "s")) == [
        ("p1", "p7"), ("p2", "p6"), ("p3", "p5"), ("p4", "q3"), ("q1", "q2")]


def test_adjacent_with_seven_sends_the_last_player_down():
    assert games(pair(field(*SEVEN_AND_THREE), "adjacent", "s")) == [
        ("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "q1"), ("q2", "q3")]


def test_simple_is_a_seeded_draw_inside_each_group():
    entrants = field((2.0, EIGHT), (1.0, [f"q{i}" for i in range(1, 9)]))
    first = games(pair(entrants, "simple", "seed-a"))
    assert first == games(pair(entrants, "simple", "seed-a"))
    assert all(a[0] == b[0] for a, b in first)  # nobody leaves their score group
    draws = {tuple(games(pair(entrants, "simple", f"seed-{n}"))) for n in range(6)}
    assert len(draws) > 1
    assert sorted(p for g in first for p in g) == sorted(e.id for e in entrants)


def test_strategy_opponent_already_met_takes_the_next_one_with_a_reason():
    result = pair(field((0, EIGHT), met={"p1": {"p8"}}), "fold", "s")
    assert games(result) == [("p1", "p7"), ("p2", "p8"), ("p3", "p6"), ("p4", "p5")]
    assert result.tables[0].note == "p1 had already played p8, so p1 plays p7."


def test_player_who_met_the_whole_group_floats_to_the_top_of_the_next():
    entrants = field((2.0, ["a1", "a2"]), (1.0, ["b1", "b2"]), met={"a1": {"a2"}})
    result = pair(entrants, "fold", "s")
    assert games(result) == [("a1", "b2"), ("a2", "b1")]
    assert result.tables[0].note == ("a1 had already played everyone left in score group 2 "
                                     "and went down to score group 1.")
    assert result.tables[1].note == ("a2 was left over in score group 2 (an odd number of "
                                     "players to pair) and went down to score group 1.")


def test_bye_goes_to_the_bottom_player():
    result = pair(field((1.0, ["p1", "p2"]), (0.0, ["p3"])), "fold", "s")
    assert result.bye == "p3" and games(result) == [("p1", "p2")]
    assert result.bye_note == "p3 gets the bye as the lowest in the order."


def test_bye_never_goes_twice_to_the_same_player():
    result = pair(field((1.0, ["p1", "p2"]), (0.0, ["p3"]), byes={"p3"}), "fold", "s")
    assert result.bye == "p2" and games(result) == [("p1", "p3")]
    assert result.bye_note == ("p2 gets the bye as the lowest in the order who has not had one "
                               "(p3 had a bye already).")


def test_second_bye_only_when_everyone_has_had_one():
    result = pair(field((0.0, ["p1", "p2", "p3"]), byes={"p1", "p2", "p3"}), "fold", "s")
    assert result.bye == "p3"
    assert "everyone has had one" in result.bye_note


def test_bye_moves_up_when_the_bottom_bye_forces_a_repeat():
    result = pair(field((0.0, ["p1", "p2", "p3"]), met={"p1": {"p2"}}), "fold", "s")
    assert result.bye == "p2" and games(result) == [("p1", "p3")] and not result.repeats
    assert "so it went up" in result.bye_note


def test_cornered_draw_is_repaired_by_matching_close_to_the_strategy():
    # Split pairs 1-5, 2-6, 3-7 and leaves 4 and 8, who have met: the repair re-pairs the
    # bottom and keeps split's idea (top half against bottom half): 3-8 and 4-7.
    result = pair(field((0, EIGHT), met={"p4": {"p8"}}), "split", "s")
    assert games(result) == [("p1", "p5"), ("p2", "p6"), ("p3", "p8"), ("p4", "p7")]
    assert not result.repeats
    assert result.tables[2].note == (
        "p4 and p8 were left last in score group 0 and had already played each other, so 6 "
        "players of the group were re-paired by a minimum-cost matching that keeps them in the "
        "group and stays as close to the strategy as it can.")
    assert result.tables[0].note == ""


def test_group_cornered_by_its_own_draw_is_re_paired_instead_of_floating_three():
    # Fold: a1-a5, then a2 has met a3 and a4, who have met each other: greedily three players
    # would go down. Re-pairing the group sends down only the one its odd size forces, and the
    # cheapest way (nearest to fold) is a1-a4, a2-a5 with a3 going down to b1.
    entrants = field((1.0, ["a1", "a2", "a3", "a4", "a5"]), (0.0, ["b1"]),
                     met={"a2": {"a3", "a4"}, "a3": {"a4"}})
    result = pair(entrants, "fold", "s")
    assert games(result) == [("a1", "a4"), ("a2", "a5"), ("a3", "b1")]
    assert result.tables[0].note == (
        "The draw of score group 1 left a2, a3 and a4 with nobody left they had not played, so 5 "
        "players of the group were re-paired by a minimum-cost matching that keeps them in the "
        "group and stays as close to the strategy as it can.")
    assert result.tables[2].note == ("a3 was left over in score group 1 (an odd number of "
                                     "players to pair) and went down to score group 0.")


def test_repair_keeps_scores_equal_then_the_strategy():
    # Fold pairs b1-b4 and corners b2 and b3, who have met. Re-pairing across score groups
    # would work but costs a score gap; inside the 0-group, b1-b3 b2-b4 is closer to fold
    # (each player one place from their fold opponent) than b1-b2 b3-b4.
    entrants = field((1.0, ["a1", "a2"]), (0.0, ["b1", "b2", "b3", "b4"]), met={"b2": {"b3"}})
    result = pair(entrants, "fold", "s")
    assert games(result) == [("a1", "a2"), ("b1", "b3"), ("b2", "b4")]
    assert not result.repeats and result.tables[0].note == ""


def test_a_repeat_only_when_no_pairing_without_one_exists_and_it_is_said():
    result = pair(field((0.0, ["p1", "p2"]), met={"p1": {"p2"}}), "fold", "s")
    assert games(result) == [("p1", "p2")]
    assert [t.repeat for t in result.tables] == [True]
    assert "p1 and p2 meet again: no pairing of the field without a repeated game exists." \
        in result.tables[0].note


def repeat_free_pairing_exists(ids: list[str], met: dict[str, set[str]]) -> bool:
    """Brute force, for small fields: can everyone be paired with someone new?"""
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    return any(repeat_free_pairing_exists([x for x in rest if x != other], met)
               for other in rest if other not in met[first])


def test_repeats_happen_only_when_brute_force_finds_no_way_out():
    # Eight players with random scores over seven rounds: whenever the pairing repeats a
    # game, an exhaustive search confirms that no repeat-free pairing of the field existed.
    import random

    rng = random.Random(7)
    ids = [f"p{i}" for i in range(1, 9)]
    met: dict[str, set[str]] = {p: set() for p in ids}
    score = dict.fromkeys(ids, 0.0)
    for number in range(1, 8):
        order = sorted(ids, key=lambda p: (-score[p], p))
        result = pair([Entrant(p, score[p], frozenset(met[p])) for p in order], "split", f"r{number}")
        assert bool(result.repeats) == (not repeat_free_pairing_exists(ids, met)), number
        for t in result.tables:
            met[t.black].add(t.white)
            met[t.white].add(t.black)
            score[rng.choice([t.black, t.white])] += 1


def test_same_input_same_pairing_and_colours():
    entrants = field((0, EIGHT))
    one, two = pair(entrants, "fold", "x"), pair(entrants, "fold", "x")
    assert [(t.black, t.white) for t in one.tables] == [(t.black, t.white) for t in two.tables]


def test_a_top_group_that_cannot_pair_itself_sends_two_down_and_no_more():
    # The benchmark's case: four leaders, p1 has met p3 and p4, who have met each other.
    # Every pairing of the four repeats a game, so two of them must play in the group
    # below: p1-p2 stays, p3 and p4 meet the 1-group, which pairs its other two itself.
    entrants = field((2.0, ["p1", "p2", "p3", "p4"]), (1.0, ["q1", "q2", "q3", "q4"]),
                     met={"p1": {"p3", "p4"}, "p3": {"p4"}})
    result = pair(entrants, "fold", "s")
    assert games(result) == [("p1", "p2"), ("p3", "q4"), ("p4", "q3"), ("q1", "q2")]
    assert result.tables[0].note == "p1 had already played p4 and p3, so p1 plays p2."
    assert result.tables[1].note == ("p3 had already played everyone left in score group 2 "
                                     "and went down to score group 1.")

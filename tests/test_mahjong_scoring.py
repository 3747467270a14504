"""Carry-over, cuts, tie-breaks, final order and prizes, on small events computed by hand."""

import json
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import write

from plugins.mahjong.standings import Standing, rank_standings
from publisher.build.loading import load_event
from publisher.plugins import plugin_manager
from publisher.problems import ContentError

THREE_ROUNDS = """
    name = "Test Mahjong"
    game = "mahjong"
    system = "mahjong-elimination"
    start = 2026-10-02
    seed = "test-mahjong"

    [mahjong]
    advance = [8, 4]
    parts = [1, 1, 1]
    cycles_per_part = [2, 2, 4]
    round1_groups = {groups}
    carry_over = "1/4"
    table_total = "{table_total}"
    {rates}
    prizes = {prizes}
"""


def make_event(tmp_path: Path, groups: int = 1, rates: str = "", prizes: str = "[1000, 500, 300]",
               players: int = 16, table_total: str = "unchecked") -> Path:
    """A three-round event; its play scores, made up player by player, are not checked
    against a table total unless ``table_total`` says so."""
    folder = tmp_path / "content" / "test-mahjong"
    write(folder / "event.toml", THREE_ROUNDS.format(groups=groups, rates=rates, prizes=prizes,
                                                     table_total=table_total))
    rows = ["id,name,group"] + [f"p{i:02d},Player {i:02d},{'A' if i <= players // 2 else 'B'}"
                                for i in range(1, players + 1)]
    write(folder / "players.csv", "\n".join(rows) + "\n")
    return folder


def play(run, folder: Path, number: int, scores: dict[str, int | str | tuple[int | str, str]]) -> None:
    """Draw round ``number`` and enter one part of scores: id -> score or (score, hands)."""
    assert run("draw", folder, "--round", number)[0] == 0
    lines = ["player,part,score,hands"]
    for player, value in scores.items():
        score, hands = value if isinstance(value, tuple) else (value, "")
        lines.append(f"{player},1,{score},{hands}")
    write(folder / "rounds" / f"{number}-scores.csv", "\n".join(lines) + "\n")


def state(folder: Path):
    return load_event(plugin_manager(), folder).data["mahjong"]


def table(folder: Path, number: int) -> dict[str, dict]:
    """Standings of a round by player, as the round JSON would carry them."""
    from plugins.mahjong.pages import standing_json
    return {s.player: standing_json(s) for s in state(folder).rounds[number - 1].standings}


ROUND1 = {"p01": 100, "p02": 90, "p03": -10, "p04": -20, "p05": -30, "p06": -40, "p07": -50,
          "p08": -60, "p09": 80, "p10": 70, "p11": 60, "p12": 50, "p13": -5, "p14": -15,
          "p15": -25, "p16": -35}
ROUND2 = {"p01": -31, "p02": 3, "p03": 1, "p09": -50, "p10": -40, "p11": -31, "p12": 7, "p13": 0}
FINAL = {"p12": -20, "p02": 10, "p11": 40, "p03": -30}


@pytest.fixture
def played(tmp_path, run) -> Path:
    """Round 1 in groups A (p01-p08, rate 1/4) and B (p09-p16, rate 1/2), then round 2 and the final."""
    folder = make_event(tmp_path, groups=2, rates='carry_over_round1 = { A = "1/4", B = "1/2" }')
    play(run, folder, 1, ROUND1)
    play(run, folder, 2, ROUND2)
    play(run, folder, 3, FINAL)
    return folder


def test_round1_carry_uses_each_groups_rate(played):
    round2 = table(played, 2)
    assert {p: s["carried"] for p, s in round2.items()} == {
        "p01": "25", "p02": "45/2", "p03": "-5/2", "p09": "40", "p10": "35", "p11": "30",
        "p12": "25", "p13": "-5/2"}


def test_running_totals_carry_a_quarter_and_a_sixteenth_exactly(played):
    round2 = table(played, 2)
    assert [(p, s["total"], s["rank"], s["status"]) for p, s in round2.items()] == [
        ("p12", "32", 1, "advanced"), ("p02", "51/2", 2, "advanced"), ("p11", "-1", 3, "advanced"),
        ("p03", "-3/2", 4, "advanced"), ("p13", "-5/2", 5, "eliminated"),
        ("p10", "-5", 6, "eliminated"), ("p01", "-6", 7, "eliminated"), ("p09", "-10", 8, "eliminated")]
    final = table(played, 3)
    # p02 (group A): 1/4 of round 2's play (3) plus 1/16 of round 1's (90) = 51/8
    assert final["p02"]["carried"] == "51/8"
    assert final["p03"]["carried"] == "-3/8"   # 1/4 - 10/16, a negative total carried
    assert final["p11"]["carried"] == "-1/4"   # group B: -31/4 + 60/8
    assert [(p, s["total"], s["total_display"]) for p, s in final.items()] == [
        ("p11", "159/4", "39.75"), ("p02", "131/8", "16.37"), ("p12", "-12", "-12.00"),
        ("p03", "-243/8", "-30.38")]


def test_final_order_and_prizes(played, tmp_path, run):
    out = tmp_path / "site"
    assert run("build", "--content", played.parent, "--out", out)[0] == 0
    results = json.loads((out / "test-mahjong/data/mahjong-results.json").read_text())["results"]
    assert [(r["rank"], r["player"], r["eliminated_in"], r["prize"]) for r in results] == [
        (1, "p11", None, "1000"), (2, "p02", None, "500"), (3, "p12", None, "300"), (4, "p03", None, "0"),
        (5, "p13", 2, "0"), (6, "p10", 2, "0"), (7, "p01", 2, "0"), (8, "p09", 2, "0"),
        (9, "p14", 1, "0"), (10, "p04", 1, "0"), (11, "p15", 1, "0"), (12, "p05", 1, "0"),
        (13, "p16", 1, "0"), (14, "p06", 1, "0"), (15, "p07", 1, "0"), (16, "p08", 1, "0")]
    round3 = json.loads((out / "test-mahjong/data/mahjong-round-3.json").read_text())
    assert round3["standings"][0] == {
        "rank": 1, "player": "p11", "group": "B", "carried": "-1/4", "play": "40", "total": "159/4",
        "carried_display": "-0.25", "play_display": "40.00", "total_display": "39.75",
        "status": "advanced", "tiebreak": "", "hands": [], "penalty": "0", "penalty_display": "0.00",
        "penalties": [], "withdrawal": None, "replaces": None}
    assert len(round3["parts"][0]["tables"][0]["cycles"]) == 4


TIED_ROUND1 = {"p01": 50, "p02": 40, "p03": 30, "p04": 20, "p05": 20, "p06": 10, "p07": 5,
               "p11": -10, "p12": -20, "p13": -30, "p14": -40, "p15": -50, "p16": -50}


def test_equal_totals_share_a_rank_and_a_tie_across_the_cut_goes_to_the_bigger_hands(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {**TIED_ROUND1, "p08": (0, "8 64"), "p09": (0, "64 16"), "p10": (0, "32 32 32")})
    standings = table(folder, 1)
    assert [(p, s["rank"], s["status"]) for p, s in standings.items()] == [
        ("p01", 1, "advanced"), ("p02", 2, "advanced"), ("p03", 3, "advanced"), ("p04", 4, "advanced"),
        ("p05", 4, "advanced"), ("p06", 6, "advanced"), ("p07", 7, "advanced"), ("p09", 8, "advanced"),
        ("p08", 8, "eliminated"), ("p10", 8, "eliminated"), ("p11", 11, "eliminated"),
        ("p12", 12, "eliminated"), ("p13", 13, "eliminated"), ("p14", 14, "eliminated"),
        ("p15", 15, "eliminated"), ("p16", 15, "eliminated")]
    assert standings["p09"]["tiebreak"] == (
        "tied on 0.00 across the cut (3 players); winning hands 64 16; place 1 of the tie: "
        "ahead of Player 08 by the 2nd biggest hand (16 against 8)")
    assert standings["p08"]["tiebreak"].endswith("ahead of Player 10 by the biggest hand (64 against 32)")
    assert standings["p10"]["tiebreak"].endswith("behind Player 08 by the biggest hand (32 against 64)")
    assert standings["p04"]["tiebreak"] == ""  # a tie away from the cut stays a tie


def test_a_tie_with_equal_hands_is_drawn_by_seeded_lottery(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {**TIED_ROUND1, "p08": (0, "64 8"), "p09": (0, "8 64"), "p10": (0, "-")})
    first = table(folder, 1)
    assert first == table(folder, 1)
    assert first["p08"]["rank"] == first["p09"]["rank"]  # equal totals: one rank, the cut decides
    winner, loser = sorted(("p08", "p09"), key=lambda p: first[p]["status"])
    assert first[winner]["status"] == "advanced" and first[loser]["status"] == "eliminated"
    assert first[winner]["tiebreak"].endswith(
        f"ahead of Player {loser[1:]} by seeded lottery (equal hands)")
    assert first["p10"]["tiebreak"].endswith("by the biggest hand (none against 64)")


def test_a_tie_across_the_cut_with_hands_not_entered_stops_with_the_players_and_lines(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {**TIED_ROUND1, "p08": (0, ""), "p09": (0, "-"), "p10": (0, "")})
    with pytest.raises(ContentError) as error:
        state(folder)
    problem = error.value.problems[0]
    assert (problem.file.name, problem.line) == ("1-scores.csv", 15)
    assert problem.message == ("p08, p09, p10 are tied on 0.00 across the cut after round 1, "
                               "and the hands of p08, p10 are not entered")
    assert problem.fix == ("fill in the hands column on lines 15, 17: the values of the winning hands "
                           "of that part, space separated, or - for a part in which the player won "
                           "no hands")


def test_a_tie_of_players_who_won_no_hands_goes_to_the_lottery(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {**TIED_ROUND1, "p08": (0, "-"), "p09": (0, "0"), "p10": (0, "-")})
    standings = table(folder, 1)
    through = [p for p in ("p08", "p09", "p10") if standings[p]["status"] == "advanced"]
    assert len(through) == 1
    assert standings[through[0]]["tiebreak"].startswith(
        "tied on 0.00 across the cut (3 players); winning hands none; place 1 of the tie: ahead of")
    assert standings[through[0]]["tiebreak"].endswith("by seeded lottery (equal hands)")


def test_tied_players_split_the_prizes_of_the_places_they_share(tmp_path, run):
    folder = make_event(tmp_path, prizes="[1000, 500, 300, 200, 100, 60]")
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})  # p01-p08 carry 99/4 .. 92/4
    play(run, folder, 2, {"p01": 0, "p02": 0, "p03": "0.25", "p04": 0, "p05": 4, "p06": 5, "p07": 6,
                          "p08": 7})  # p02 and p03 both end on 24.5, out in places 6 and 7
    play(run, folder, 3, dict.fromkeys(("p05", "p06", "p07", "p08"), 0))
    results = state(folder).results
    assert [(r.rank, r.player, str(r.prize)) for r in results[:8]] == [
        (1, "p08", "1000"), (2, "p07", "500"), (3, "p06", "300"), (4, "p05", "200"),
        (5, "p01", "100"), (6, "p02", "30"), (6, "p03", "30"), (8, "p04", "0")]


def test_a_shared_title_splits_the_first_prizes(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    play(run, folder, 2, {f"p{i:02d}": 0 for i in range(1, 9)})
    carried = {s.player: s.carried for s in state(folder).rounds[2].standings}
    assert carried == {"p01": Fraction(99, 16), "p02": Fraction(98, 16), "p03": Fraction(97, 16),
                       "p04": Fraction(96, 16)}
    # p01 and p02 end level on 10: 99/16 + 61/16 = 98/16 + 62/16
    play(run, folder, 3, {"p01": "3.8125", "p02": "3.875", "p03": -50, "p04": -60})
    results = state(folder).results
    assert [(r.rank, r.player, str(r.total), str(r.prize)) for r in results[:4]] == [
        (1, "p01", "10", "750"), (1, "p02", "10", "750"), (3, "p03", "-703/16", "300"),
        (4, "p04", "-54", "0")]
    standings = state(folder).rounds[2].standings
    assert [(s.player, s.rank, s.status) for s in standings] == [
        ("p01", 1, "advanced"), ("p02", 1, "advanced"), ("p03", 3, "eliminated"), ("p04", 4, "eliminated")]


@pytest.mark.parametrize(("differing", "words"), [
    (0, "the biggest hand"), (1, "the 2nd biggest hand"), (20, "the 21st biggest hand"),
    (21, "the 22nd biggest hand"), (10, "the 11th biggest hand")])
def test_a_tie_decided_by_a_later_hand_names_it_in_words(differing, words):
    same = [Fraction(64)] * differing
    ahead = Standing("a", "", Fraction(0), Fraction(0), [*same, Fraction(16)])
    behind = Standing("b", "", Fraction(0), Fraction(0), [*same, Fraction(8)])
    ordered = rank_standings([behind, ahead], 1, True, "seed", 1, None, str.upper)
    assert [s.player for s in ordered] == ["a", "b"]
    assert ordered[0].tiebreak.endswith(f"ahead of B by {words} (16 against 8)")

"""Standings and tiebreaks on a small event computed by hand, and the pages and JSON built from them.

Five players, Swiss, bye worth 1, tiebreaks SOS, SOSOS, SODOS:

round 1: a-b 1-0, c-d 0-1, e bye        round 2: a-d draw, b-e 1-0, c bye

After round 2: scores a 1.5, d 1.5, b 1, c 1, e 1.
SOS (an unplayed round counts the player's own score): a = b 1 + d 1.5 = 2.5;
b = a 1.5 + e 1 = 2.5; c = d 1.5 + own 1 = 2.5; d = c 1 + a 1.5 = 2.5; e = own 1 + b 1 = 2.
SOSOS: a = 2.5 + 2.5 = 5; b = 2.5 + 2 = 4.5; c = 2.5 + own 2.5 = 5; d = 2.5 + 2.5 = 5; e = 2 + 2.5 = 4.5.
SODOS: a = b 1 + half of d 1.5 = 1.75; d = c 1 + half of a 1.5 = 1.75; b = e 1; c = e = 0.
So a and d share first place; c (SOSOS 5) is third before b (4.5); e (SOS 2) is last.
"""

import json

import pytest
from conftest import write

from plugins.macmahon.grouping import Group, Grouping
from plugins.macmahon.rounds import Game, Round
from plugins.macmahon.settings import Settings
from plugins.macmahon.standings import compute, display
from publisher.build.kept import Kept
from publisher.build.loading import load_event
from publisher.model import Player
from publisher.plugins import plugin_manager

TOML = """
    name = "Five"
    game = "go"
    system = "swiss"
    start = 2026-03-01
    rounds = 3
    seed = "five"

    [macmahon]
    pairing = "fold"
    tiebreaks = ["sos", "sosos", "sodos"]
    bye_score = 1
"""
PLAYERS = """
    id,name,rank,rating
    a,Ann Able,3d,2300
    b,Bob Baker,1k,2050
    c,Cleo Cole,5k,1650
    d,Dan Dale,2d,2200
    e,Eve Eden,6k,1500
"""


@pytest.fixture
def five(tmp_path):
    folder = tmp_path / "content" / "five"
    write(folder / "event.toml", TOML)
    write(folder / "players.csv", PLAYERS)
    write(folder / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n2,c,d,0-1\n,e,,bye\n")
    write(folder / "rounds" / "2.csv", "table,player1,player2,result\n1,a,d,½-½\n2,b,e,1-0\n,c,,bye\n")
    return folder


def table(standings):
    return [(s.place_text, s.player, s.score, s.wins, s.tiebreaks) for s in standings.lines]


def test_standings_after_round_two_by_hand(five):
    results = load_event(plugin_manager(), five).data["macmahon"].results
    assert table(results.standings[1]) == [
        ("=1", "a", 1.5, 1.5, {"sos": 2.5, "sosos": 5.0, "sodos": 1.75}),
        ("=1", "d", 1.5, 1.5, {"sos": 2.5, "sosos": 5.0, "sodos": 1.75}),
        ("3", "c", 1.0, 1.0, {"sos": 2.5, "sosos": 5.0, "sodos": 0.0}),
        ("4", "b", 1.0, 1.0, {"sos": 2.5, "sosos": 4.5, "sodos": 1.0}),
        ("5", "e", 1.0, 1.0, {"sos": 2.0, "sosos": 4.5, "sodos": 0.0}),
    ]


def test_standings_after_round_one_share_places(five):
    # a 1, d 1, e 1 (bye); SOS a = b 0, d = c 0, e = own 1: e first, a and d share 2nd;
    # b and c: score 0, SOS 1, SOSOS 0, SODOS 0: they share 4th.
    results = load_event(plugin_manager(), five).data["macmahon"].results
    assert [(s.place_text, s.player) for s in results.standings[0].lines] == [
        ("1", "e"), ("=2", "a"), ("=2", "d"), ("=4", "b"), ("=4", "c")]
    assert results.standings[0].by_player["e"].tiebreaks == {"sos": 1.0, "sosos": 1.0, "sodos": 0.0}


def test_mcmahon_score_starts_from_the_group_and_sos_uses_it():
    players = [Player(p, p.upper(), 2) for p in "abcd"]
    grouping = Grouping([Group(1, [], 1, ["a", "b"]), Group(2, [], 0, ["c", "d"])])
    rnd = Round(1, None, [Game(1, "a", "c", "0-1"), Game(2, "b", "d", "1-0")])  # type: ignore[arg-type]
    standings = compute(players, [rnd], grouping, Settings("macmahon", tiebreaks=["sos", "sodos"]), 1)
    assert table(standings) == [
        ("1", "b", 2.0, 1.0, {"sos": 0.0, "sodos": 0.0}),
        ("2", "c", 1.0, 1.0, {"sos": 1.0, "sodos": 1.0}),
        ("3", "a", 1.0, 0.0, {"sos": 1.0, "sodos": 0.0}),
        ("4", "d", 0.0, 0.0, {"sos": 2.0, "sodos": 0.0}),
    ]


def test_json_of_rounds_and_standings(five, tmp_path, run):
    out = tmp_path / "site"
    assert run("build", "--content", five.parent, "--out", out)[0] == 0
    data = out / "five" / "data"
    assert json.loads((data / "round-2.json").read_text()) == {
        "round": 2, "pairings": [{"table": 1, "players": ["a", "d"], "result": "0.5-0.5"},
                                 {"table": 2, "players": ["b", "e"], "result": "1-0"}],
        "byes": ["c"]}
    standings = json.loads((data / "standings-2.json").read_text())
    assert standings["round"] == 2
    assert standings["standings"][0] == {"place": 1, "player": "a", "score": 1.5, "wins": 1.5,
                                         "tiebreaks": {"sos": 2.5, "sosos": 5.0, "sodos": 1.75},
                                         "colours": {"black": 2, "white": 0}}
    assert [(s["place"], s["player"]) for s in standings["standings"]] == [
        (1, "a"), (1, "d"), (3, "c"), (4, "b"), (5, "e")]


def test_pages_explain_every_tiebreak_and_show_every_round(five, tmp_path, run):
    out = tmp_path / "site"
    run("build", "--content", five.parent, "--out", out)
    site = out / "five"
    page = (site / "standings-2.html").read_text()
    for label in ("SOS", "SOSOS", "SODOS", "Score", "Wins"):
        assert f"<dt>{label}</dt>" in page
    assert "counts in SOS as an opponent with the player&#39;s own McMahon score" in page
    assert "<td class=\"num\">=1</td>" in page
    crosstable = (site / "crosstable.html").read_text()
    # Ann: beat Bob (4th) as Black, drew Dan; each cell links to the opponent's row
    assert ('<td><a href="#b" title="Bob Baker">4+/b</a></td><td><a href="#d" title="Dan Dale">1=/b</a></td>'
            in crosstable)
    player = (site / "players" / "c.html").read_text()
    assert "Bye" in player and "Dan Dale" in player
    pairings = (site / "round-2.html").read_text()
    assert "<th scope=\"col\">Black</th>" in pairings and "½-½" in pairings
    index = (site / "index.html").read_text()
    assert "Round 2 of 3 played" in index


def test_status_and_live_view(five):
    event = load_event(plugin_manager(), five)
    assert event.status == "Round 2 of 3 played"
    live = event.live
    assert live["heading"] == "Round 2" and live["standings_heading"] == "Standings after round 2"
    assert live["tables"][0] == {"table": "1", "result": "0.5-0.5", "players": [
        {"id": "a", "name": "Ann Able", "seat": "Black", "note": "1½ pts"},
        {"id": "d", "name": "Dan Dale", "seat": "White", "note": "1½ pts"}]}
    assert live["standings"][0] == {"place": "=1", "id": "a", "name": "Ann Able", "score": "1½",
                                    "note": "SOS 2½"}


def test_screens_say_1_pt_and_2_pts():
    from plugins.macmahon.pages import points

    assert [points(s) for s in (0, 0.5, 1, 1.5, 2)] == ["0 pts", "½ pts", "1 pt", "1½ pts", "2 pts"]


def test_a_round_in_play_shows_standings_before_it(five):
    write(five / "rounds" / "3.csv", "table,player1,player2,result\n1,a,c,1-0\n2,d,e,\n,b,,bye\n")
    event = load_event(plugin_manager(), five)
    assert event.status == "Round 3 of 3 in play: 1 of 2 results in"
    assert event.live["standings_heading"] == "Standings after round 2"
    # The game d-e has no result: it counts in no tiebreak yet. e: own 1 (bye) + b 2 = 3;
    # d: c 1 + a 2.5 = 3.5.
    after = event.data["macmahon"].results.standings[2].by_player
    assert (after["e"].tiebreaks["sos"], after["d"].tiebreaks["sos"]) == (3.0, 3.5)


def test_scores_are_written_with_halves():
    assert [display(v) for v in (3.0, 3.5, 0.5, -1.5, 0.0)] == ["3", "3½", "½", "-1½", "0"]


@pytest.mark.parametrize(("value", "shown"), [("inf", "inf"), ("nan", "nan"), ("-inf", "-inf"),
                                              ("2", "2"), ("-0.5", "-0.5")])
def test_a_bye_score_outside_a_loss_to_a_win_is_refused_by_the_build(five, tmp_path, run, value, shown):
    toml = five / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("bye_score = 1", f"bye_score = {value}"),
                    encoding="utf-8")
    code, _, stderr = run("build", "--content", five.parent, "--out", tmp_path / "site")
    assert code == 1
    assert stderr.splitlines()[0].endswith(
        f"five/event.toml: macmahon.bye_score: must be from 0 to 1 point (a loss to a win), not {shown}. "
        "Fix: write bye_score = 1 (a win) or 0.5 (a draw)")
    assert "Traceback" not in stderr and not (tmp_path / "site").exists()


def test_a_bye_worth_half_a_point_counts_half(five):
    toml = five / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("bye_score = 1", "bye_score = 0.5"),
                    encoding="utf-8")
    last = load_event(plugin_manager(), five).data["macmahon"].results.standings[-1]
    after = last.by_player
    assert last.round == 2
    # e: a bye (½) and a loss; c: a loss and a bye (½).
    assert (after["e"].score, after["c"].score, after["e"].wins) == (0.5, 0.5, 0.5)


def test_a_shared_win_names_every_winner(five):
    # One round: a and b both win, c and d both lose, e's bye is a win. a, b and e have 1 point,
    # SOS 1 (b's, a's, e's own) and SOSOS 1: all three share first place.
    toml = five / "event.toml"
    text = toml.read_text(encoding="utf-8").replace("rounds = 3", "rounds = 1")
    toml.write_text(text.replace('"sodos"', '"wins"'), encoding="utf-8")
    (five / "rounds" / "2.csv").unlink()
    write(five / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-1\n2,c,d,0-0\n,e,,bye\n")
    event = load_event(plugin_manager(), five)
    assert event.status == "Finished after 1 round; winners: Ann Able, Bob Baker and Eve Eden"


def test_the_hall_screen_shows_the_tiebreak_that_set_equal_scores_apart():
    from plugins.macmahon.pages import deciding_tiebreak
    from plugins.macmahon.standings import Standing

    def line(player, place, shared, score, sos, sosos):
        return Standing(player, place, shared, score, 0.0, {"sos": sos, "sosos": sosos})

    lines = [line("a", 1, False, 3.0, 9.0, 20.0),   # alone on 3 points
             line("b", 2, True, 2.0, 8.0, 15.0),    # =2 with c: equal on everything
             line("c", 2, True, 2.0, 8.0, 15.0),
             line("d", 4, False, 2.0, 8.0, 12.0),   # below c on SOSOS only
             line("e", 5, False, 1.0, 4.0, None)]
    order = ["sos", "sosos"]
    assert [deciding_tiebreak(lines, i, order) for i in range(5)] == ["sos", "sos", "sosos", "sosos", "sos"]
    assert deciding_tiebreak(lines, 0, []) is None


def test_a_saved_result_computes_the_standings_from_its_round_on(five):
    """A reload (a watched rebuild) takes the standings of the rounds before a changed one
    from the builder's memory and computes the others, with the changed result in them."""
    pm, kept = plugin_manager(), Kept()
    first = load_event(pm, five, kept).data["macmahon"].results.standings
    before = [first[0], first[1]]
    write(five / "rounds" / "2.csv", "table,player1,player2,result\n1,a,d,1-0\n2,b,e,1-0\n,c,,bye\n")
    assert load_event(pm, five).data["macmahon"].results.standings[0] is not before[0]  # another memory
    again = load_event(pm, five, kept).data["macmahon"].results.standings
    assert again[0] is before[0]  # round 1's inputs did not change: kept
    assert again[1] is not before[1]
    # a beat d: alone first, SOS b 1 + d 1, SOSOS b's 3 + d's 3, SODOS both beaten.
    assert table(again[1])[0] == ("1", "a", 2.0, 2.0, {"sos": 2.0, "sosos": 6.0, "sodos": 2.0})


def test_kept_standings_follow_the_field_and_the_settings(five):
    """A renamed player or another tiebreak is another input: nothing kept is reused."""
    pm, kept = plugin_manager(), Kept()
    first = load_event(pm, five, kept).data["macmahon"].results.standings[0]
    assert load_event(pm, five, kept).data["macmahon"].results.standings[0] is first
    write(five / "players.csv", PLAYERS.replace("Ann Able", "Ann Abel"))
    renamed = load_event(pm, five, kept).data["macmahon"].results.standings[0]
    assert renamed is not first and renamed.lines == first.lines
    write(five / "event.toml", TOML.replace('"sos", "sosos", "sodos"', '"sodos", "sos"'))
    other = load_event(pm, five, kept).data["macmahon"].results.standings[0]
    assert other is not renamed and other.tiebreaks == ["sodos", "sos"]

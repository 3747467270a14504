"""Every tiebreak on small events worked out by hand, byes and absent rounds included, with
OpenGotha's settings for them: the half points of byes and absences, rounded down or not,
the wins (NBW) apart from the McMahon score, and its direct confrontation.

Every expected value is worked out in the comment above it.
"""

from __future__ import annotations

import json

import pytest
from conftest import write

from plugins.macmahon.grouping import Group, Grouping
from plugins.macmahon.rounds import Game, Round
from plugins.macmahon.settings import Settings
from plugins.macmahon.standings import compute
from publisher.model import Player

ALL = ["mms", "score", "wins", "sos", "sos-1", "sos-2", "mos", "sosos", "sodos", "cuss"]


def six() -> tuple[list[Player], list[Round], Grouping]:
    """Initial scores a 2, b 2, c 1, d 1, e 0, f 0; f misses rounds 1 and 2.

    R1: a beat c, d beat b, e has the bye.  R2: a beat d, b beat e, c has the bye.
    R3: b beat a, c beat f, d and e draw.
    """
    players = [Player(p, p.upper(), n) for n, p in enumerate("abcdef", 2)]
    grouping = Grouping([Group(1, [], 2, ["a", "b"]), Group(2, [], 1, ["c", "d"]),
                         Group(3, [], 0, ["e", "f"])])
    bye = lambda player: Game(None, player, None, None)  # noqa: E731
    rounds = [Round(1, None, [Game(1, "a", "c", "1-0"), Game(2, "b", "d", "0-1")], [bye("e")]),  # type: ignore[arg-type]
              Round(2, None, [Game(1, "a", "d", "1-0"), Game(2, "b", "e", "1-0")], [bye("c")]),  # type: ignore[arg-type]
              Round(3, None, [Game(1, "a", "b", "0-1"), Game(2, "c", "f", "1-0"),  # type: ignore[arg-type]
                              Game(3, "d", "e", "0.5-0.5")])]
    return players, rounds, grouping


def opengotha_settings(**changes) -> Settings:
    """OpenGotha's defaults: a bye 1 (in the score and the wins), an absent round ½ in the
    score and 0 in the wins, halves rounded down, unplayed rounds at the initial score."""
    values = {"bye_score": 1.0, "absent_score": 0.5, "absent_wins": 0.0, "round_down": True,
              "sos_unplayed": "initial", "tiebreaks": ALL, **changes}
    return Settings("macmahon", **values)


def table(settings: Settings, after: int = 3) -> dict[str, dict]:
    players, rounds, grouping = six()
    standings = compute(players, rounds, grouping, settings, after)
    return {s.player: {**s.tiebreaks, "total": s.score, "won": s.wins} for s in standings.lines}


def column(values: dict[str, dict], name: str) -> list[float]:
    return [values[p][name] for p in "abcdef"]


def test_scores_with_a_bye_and_two_absences_rounded_down():
    values = table(opengotha_settings())
    # a 2+1+1+0; b 2+0+1+1; c 1+0+1(bye)+1; d 1+1+0+½; e 0+1(bye)+0+½.
    # f 0: round 1 adds ½ rounded down to 0, rounds 1-2 add 1, round 3 a loss.
    assert column(values, "total") == [4.0, 4.0, 3.0, 2.5, 1.5, 1.0]
    assert column(values, "mms") == column(values, "total")
    # score: the points without the initial score.
    assert column(values, "score") == [2.0, 2.0, 2.0, 1.5, 1.5, 1.0]
    # wins: the bye counts 1, the absences 0 (OpenGotha's NBW defaults).
    assert column(values, "wins") == [2.0, 2.0, 2.0, 1.5, 1.5, 0.0]
    assert column(values, "won") == column(values, "wins")


def test_round_down_only_rounds_what_byes_and_absences_add_up_to():
    # After round 1 f has one absence at ½: rounded down 0; kept as ½ without round_down.
    assert table(opengotha_settings(), 1)["f"]["total"] == 0.0
    assert table(opengotha_settings(round_down=False), 1)["f"]["total"] == 0.5
    # d's draw keeps its half point: rounding is for byes and absences only.
    assert table(opengotha_settings(), 3)["d"]["total"] == 2.5
    # Absences worth ½ in the wins too: 0 after one, 1 after two.
    assert table(opengotha_settings(absent_wins=0.5), 1)["f"]["wins"] == 0.0
    assert table(opengotha_settings(absent_wins=0.5), 2)["f"]["wins"] == 1.0
    # A bye worth ½ in the wins, 1 in the score: e has 1½ points, 1 win (½ + the draw's ½).
    values = table(opengotha_settings(bye_wins=0.5, round_down=False))
    assert (values["e"]["total"], values["e"]["wins"]) == (1.5, 1.0)


def test_sos_and_its_variants_count_unplayed_rounds_at_the_initial_score():
    values = table(opengotha_settings())
    # Final scores a 4, b 4, c 3, d 2½, e 1½, f 1; a round without a game counts the
    # player's own initial score: c's bye 1, e's bye 0, f's absences 0 and 0.
    # a: c 3 + d 2½ + b 4; b: d 2½ + e 1½ + a 4; c: a 4 + bye 1 + f 1;
    # d: b 4 + a 4 + e 1½; e: bye 0 + b 4 + d 2½; f: 0 + 0 + c 3.
    assert column(values, "sos") == [9.5, 8.0, 6.0, 9.5, 6.5, 3.0]
    # Without the lowest: a drops d 2½, b e 1½, c the bye 1 (or f 1), d e 1½, e the bye 0, f a 0.
    assert column(values, "sos-1") == [7.0, 6.5, 5.0, 8.0, 6.5, 3.0]
    assert column(values, "sos-2") == [4.0, 4.0, 4.0, 4.0, 4.0, 3.0]
    # Without the highest and the lowest: the middle value.
    assert column(values, "mos") == [3.0, 2.5, 1.0, 4.0, 2.5, 0.0]


def test_sosos_counts_an_unplayed_round_as_the_initial_score_times_the_rounds():
    values = table(opengotha_settings())
    # SOS: a 9½, b 8, c 6, d 9½, e 6½, f 3. Unplayed: the initial score x 3 rounds.
    # a: c 6 + d 9½ + b 8; b: d 9½ + e 6½ + a 9½; c: a 9½ + 1x3 + f 3;
    # d: b 8 + a 9½ + e 6½; e: 0x3 + b 8 + d 9½; f: 0 + 0 + c 6.
    assert column(values, "sosos") == [23.5, 25.5, 15.5, 24.0, 17.5, 6.0]


def test_sodos_and_cuss():
    values = table(opengotha_settings())
    # Beaten (half for a draw): a c 3 + d 2½; b e 1½ + a 4; c f 1; d b 4 + ½ x e 1½;
    # e ½ x d 2½; f none. Byes and absences add nothing.
    assert column(values, "sodos") == [5.5, 5.5, 1.0, 4.75, 1.25, 0.0]
    # Scores after each round: a 3 4 4, b 2 3 4, c 1 2 3, d 2 2 2½, e 1 1 1½,
    # f 0 1 1 (½ rounded down after round 1).
    assert column(values, "cuss") == [11.0, 9.0, 6.0, 6.5, 3.5, 2.0]


@pytest.mark.parametrize(("rule", "sos_c", "sosos_c"), [
    ("initial", 6.0, 15.5),  # above
    # c's bye as c's own 3; in SOSOS a's SOS 9½, c's own SOS 8 and f's SOS 5 (f's absences
    # now count f's own 1 each).
    ("own", 8.0, 9.5 + 8.0 + 5.0),
    ("zero", 5.0, 12.5),  # the bye counts 0
])
def test_the_bye_in_sos_by_each_rule(rule, sos_c, sosos_c):
    values = table(opengotha_settings(sos_unplayed=rule))
    assert (values["c"]["sos"], values["c"]["sosos"]) == (sos_c, sosos_c)


def test_places_follow_score_then_the_tiebreaks():
    players, rounds, grouping = six()
    standings = compute(players, rounds, grouping, opengotha_settings(tiebreaks=["sos", "sosos"]), 3)
    # a and b both 4: a's SOS 9½ beats b's 8.
    assert [(s.place_text, s.player) for s in standings.lines] == [
        ("1", "a"), ("2", "b"), ("3", "c"), ("4", "d"), ("5", "e"), ("6", "f")]


# -- direct confrontation ----------------------------------------------------------------------

def dc_order(games: list[list[Game]], ratings: dict[str, int], tiebreaks=("dc", "rating")) -> list[tuple]:
    """Swiss standings of the players of ``ratings`` after ``games`` (a list a round), every
    player missing a round scoring 0 and counting 0 in SOS."""
    players = [Player(p, p.upper(), n, rating=r) for n, (p, r) in enumerate(ratings.items(), 2)]
    grouping = Grouping([Group(1, [], 0, list(ratings))])
    rounds = [Round(n, None, list(g)) for n, g in enumerate(games, 1)]  # type: ignore[arg-type]
    settings = Settings("swiss", tiebreaks=list(tiebreaks), sos_unplayed="zero")
    standings = compute(players, rounds, grouping, settings, len(games))
    return [(s.player, s.score, s.tiebreaks["dc"]) for s in standings.lines]


def test_dc_places_a_winner_above_the_player_they_beat_and_no_further():
    # a, b, x all 1 point; a beat b; x played someone else. By rating b 3000, x 2000, a 1000.
    # From the bottom: of those who beat nobody (b, x), x is worse: last. Then of b and a...
    # b (beat nobody) goes, a last: a 2, b 1, x 0 - a above b, and so above x too.
    games = [[Game(1, "a", "b", "1-0"), Game(2, "x", "y", "1-0")], [Game(1, "b", "y", "1-0")]]
    assert dc_order(games, {"a": 1000, "b": 3000, "x": 2000, "y": 500}) == [
        ("a", 1.0, 2.0), ("b", 1.0, 1.0), ("x", 1.0, 0.0), ("y", 0.0, 0.0)]


def test_dc_does_not_lift_a_winner_above_a_player_better_on_the_later_criteria():
    # c (3000) played none of them; a (1000) beat b (2000): c 2, a 1, b 0. Counting the
    # points among the tied players would have put a first.
    games = [[Game(1, "a", "b", "1-0"), Game(2, "c", "y", "1-0")], [Game(1, "b", "y", "1-0")]]
    assert dc_order(games, {"a": 1000, "b": 2000, "c": 3000, "y": 500}) == [
        ("c", 1.0, 2.0), ("a", 1.0, 1.0), ("b", 1.0, 0.0), ("y", 0.0, 0.0)]


def test_dc_takes_a_circle_of_wins_as_one_block_ordered_by_the_later_criteria():
    # a beat b, b beat c, c beat a (a circle); d beat a. All have 1 point.
    # The circle is one block: d beat it, so d is first (3); inside, rating: a, b, c.
    games = [[Game(1, "a", "b", "1-0")],
             [Game(1, "b", "c", "1-0"), Game(2, "a", "d", "0-1")],
             [Game(1, "c", "a", "1-0")]]
    assert dc_order(games, {"a": 3000, "b": 2000, "c": 1000, "d": 500}) == [
        ("d", 1.0, 3.0), ("a", 1.0, 2.0), ("b", 1.0, 1.0), ("c", 1.0, 0.0)]


@pytest.mark.parametrize("result", ["0.5-0.5", "1-1", "0-0"])
def test_dc_counts_no_draw_and_no_game_both_won_or_lost(result):
    # Nobody beat anybody: the rating after dc orders them, and DC numbers that order.
    order = dc_order([[Game(1, "a", "b", result)]], {"a": 1000, "b": 2000})
    assert [(p, dc) for p, _, dc in order] == [("b", 1.0), ("a", 0.0)]


def test_dc_counts_no_forfeit():
    # a won against b by forfeit, b beat y: a and b both 1 point, but a did not beat b on the
    # board: rating puts b first.
    games = [[Game(1, "a", "b", "1-0!")], [Game(1, "b", "y", "1-0")]]
    assert dc_order(games, {"a": 1000, "b": 2000, "y": 500}) == [
        ("b", 1.0, 1.0), ("a", 1.0, 0.0), ("y", 0.0, 0.0)]


def test_dc_nets_two_games_between_the_same_players():
    # a and b met twice: one win each, so neither beat the other; rating puts b first.
    games = [[Game(1, "a", "b", "1-0")], [Game(1, "a", "b", "0-1")]]
    assert dc_order(games, {"a": 1000, "b": 2000}) == [("b", 1.0, 1.0), ("a", 1.0, 0.0)]
    # A third game won by a, and b beat y: both 2 points, and a beat b two games to one.
    games += [[Game(1, "b", "a", "0-1")], [Game(1, "b", "y", "1-0")]]
    assert dc_order(games, {"a": 1000, "b": 2000, "y": 500})[:2] == [("a", 2.0, 1.0), ("b", 2.0, 0.0)]


def test_dc_of_players_equal_on_every_criterion_is_shared():
    # No games between them and no criterion after dc: 0 each, one shared place.
    players = [Player(p, p.upper(), 2) for p in "ab"]
    rounds = [Round(1, None, [])]  # type: ignore[arg-type]
    standings = compute(players, rounds, Grouping([Group(1, [], 0, ["a", "b"])]),
                        Settings("swiss", tiebreaks=["dc"]), 1)
    assert [(s.place_text, s.tiebreaks["dc"]) for s in standings.lines] == [("=1", 0.0), ("=1", 0.0)]


def test_dc_only_compares_players_equal_on_the_criteria_before_it():
    # a and b: 1 point; SOS a: b 1 (and the round missed 0) = 1, b: a 1 + y 0 = 1. Equal, so
    # a, who beat b, goes above. With rating before dc, b (2000) is above a and DC is 0 for
    # each (equal with nobody).
    games = [[Game(1, "a", "b", "1-0")], [Game(1, "b", "y", "1-0")]]
    ratings = {"a": 1000, "b": 2000, "y": 500}
    assert dc_order(games, ratings, ("sos", "dc"))[:2] == [("a", 1.0, 1.0), ("b", 1.0, 0.0)]
    assert dc_order(games, ratings, ("rating", "dc"))[:2] == [("b", 1.0, 0.0), ("a", 1.0, 0.0)]


# -- the same through event.toml and the built pages -------------------------------------------

def test_event_toml_keys_reach_the_standings_and_the_legend(tmp_path, run):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", """
        name = "Open"
        game = "go"
        system = "swiss"
        start = 2026-05-01
        rounds = 3
        [macmahon]
        absent_score = 0.5
        absent_wins = 0.5
        round_down = true
        sos_unplayed = "zero"
        tiebreaks = ["wins", "sos"]
    """)
    write(folder / "players.csv", "id,name,rank,absent\na,Ann,1d,\nb,Bob,1d,\nc,Cid,1d,1 2\n")
    write(folder / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n")
    write(folder / "rounds" / "2.csv", "table,player1,player2,result\n1,b,a,1-0\n")
    out = tmp_path / "site"
    code, _, err = run("build", "--content", folder.parent, "--out", out)
    assert code == 0, err
    lines = [{s["player"]: s for s in json.loads((out / f"open/data/standings-{n}.json").read_text())
              ["standings"]} for n in (1, 2)]
    # Cid: one absence at ½ rounds down to 0, two make 1 (score and wins alike).
    assert (lines[0]["c"]["score"], lines[0]["c"]["wins"]) == (0.0, 0.0)
    assert (lines[1]["c"]["score"], lines[1]["c"]["wins"]) == (1.0, 1.0)
    assert lines[1]["c"]["tiebreaks"] == {"wins": 1.0, "sos": 0.0}
    page = (out / "open/standings-2.html").read_text()
    assert "rounded down to whole points" in page


@pytest.mark.parametrize(("line", "message"), [
    ("round_down = 1", "macmahon.round_down: must be true or false, not 1"),
    ("absent_wins = 2", "macmahon.absent_wins: must be from 0 to 1 point"),
    ('bye_wins = "one"', "macmahon.bye_wins: must be a number of points, not 'one'"),
    ('tiebreaks = ["dc", "sos", "sdc"]', "macmahon.tiebreaks: has both dc and sdc (direct confrontation "
                                         "and its simplified form). Fix: keep one of them"),
    ('tiebreaks = ["dc", "sos", "dc"]',
     "macmahon.tiebreaks: 'dc' is listed twice. Fix: keep each tiebreak once"),
    ('avoid_same = ["clan"]', "macmahon.avoid_same: cannot avoid 'clan': only the club and country "
                              'columns can be avoided. Fix: write avoid_same = ["club"], ["country"] '
                              'or ["club", "country"]'),
    ('avoid_same = "club"', "macmahon.avoid_same: must be a list of columns of players.csv, not 'club'"),
    ('avoid_same = ["club", "club"]', "macmahon.avoid_same: lists a column twice"),
])
def test_wrong_values_are_named_with_their_key(tmp_path, run, line, message):
    """A wrong value, dc and sdc together, a tiebreak listed twice, a column pairing cannot
    avoid: refused, naming the key."""
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", f"""
        name = "Open"
        game = "go"
        system = "swiss"
        start = 2026-05-01
        rounds = 3
        [macmahon]
        {line}
    """)
    write(folder / "players.csv", "id,name,rank\na,Ann,1d\nb,Bob,1d\n")
    code, _, err = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 1 and message in err


def test_a_swiss_event_counts_opponents_without_the_stones():
    # Bob (Black, 2 stones) beat Ann. In a Swiss event (OpenGotha's SOSW) the scores count as
    # they are: Ann's SOS is Bob's 1, Bob's is Ann's 0; a McMahon event adds the stones
    # (Ann 1 + 2, Bob 0 - 2).
    players = [Player("a", "Ann", 2), Player("b", "Bob", 3)]
    grouping = Grouping([Group(1, [], 0, ["a", "b"])])
    rnd = Round(1, None, [Game(1, "b", "a", "1-0", handicap=2)])  # type: ignore[arg-type]
    for system, ann, bob in (("swiss", 1.0, 0.0), ("macmahon", 3.0, -2.0)):
        standings = compute(players, [rnd], grouping, Settings(system, tiebreaks=["sos", "sodos"]), 1)
        assert standings.by_player["a"].tiebreaks == {"sos": ann, "sodos": 0.0}
        assert standings.by_player["b"].tiebreaks == {"sos": bob, "sodos": bob}


def test_a_withdrawn_player_s_missed_rounds_count_nothing_in_score_or_wins():
    # After round 2, f withdrawn before round 1: the two rounds missed score 0, not ½ each,
    # in the score and in the wins.
    values = table(opengotha_settings(absent_wins=0.5, round_down=False, withdrawn={"f": 0}), 2)
    assert (values["f"]["total"], values["f"]["wins"]) == (0.0, 0.0)
    kept = table(opengotha_settings(absent_wins=0.5, round_down=False), 2)
    assert (kept["f"]["total"], kept["f"]["wins"]) == (1.0, 1.0)


def test_sdc_counts_the_players_beaten_when_all_of_them_met():
    # R1 a beat b, c beat y; R2 a beat c, b beat z; R3 b beat c; R4 c beat z. a, b, c have 2
    # points each and every two of them met: a beat 2 of them, b 1, c 0. y and z (0 points)
    # never met: 0 each.
    games = [[Game(1, "a", "b", "1-0"), Game(2, "c", "y", "1-0")],
             [Game(1, "a", "c", "1-0"), Game(2, "b", "z", "1-0")],
             [Game(1, "b", "c", "1-0")], [Game(1, "c", "z", "1-0")]]
    ratings = {"a": 1000, "b": 1500, "c": 2000, "y": 500, "z": 600}
    players = [Player(p, p.upper(), n, rating=r) for n, (p, r) in enumerate(ratings.items(), 2)]
    rounds = [Round(n, None, list(g)) for n, g in enumerate(games, 1)]  # type: ignore[arg-type]
    standings = compute(players, rounds, Grouping([Group(1, [], 0, list(ratings))]),
                        Settings("swiss", tiebreaks=["sdc", "rating"]), 4)
    assert [(s.player, s.score, s.tiebreaks["sdc"]) for s in standings.lines] == [
        ("a", 2.0, 2.0), ("b", 2.0, 1.0), ("c", 2.0, 0.0), ("z", 0.0, 0.0), ("y", 0.0, 0.0)]


def test_sdc_is_0_for_all_when_two_of_them_never_met():
    # As above but b beat y instead of c in round 3: b and c never met. SDC gives nothing and
    # the rating decides (c, b, a); DC still lifts a, who beat both, to the top.
    games = [[Game(1, "a", "b", "1-0"), Game(2, "c", "y", "1-0")],
             [Game(1, "a", "c", "1-0"), Game(2, "b", "z", "1-0")],
             [Game(1, "b", "y", "1-0")], [Game(1, "c", "z", "1-0")]]
    ratings = {"a": 1000, "b": 1500, "c": 2000, "y": 500, "z": 600}
    players = [Player(p, p.upper(), n, rating=r) for n, (p, r) in enumerate(ratings.items(), 2)]
    rounds = [Round(n, None, list(g)) for n, g in enumerate(games, 1)]  # type: ignore[arg-type]
    grouping = Grouping([Group(1, [], 0, list(ratings))])
    standings = compute(players, rounds, grouping, Settings("swiss", tiebreaks=["sdc", "rating"]), 4)
    assert [(s.player, s.tiebreaks["sdc"]) for s in standings.lines][:3] == [
        ("c", 0.0), ("b", 0.0), ("a", 0.0)]
    assert [(p, dc) for p, _, dc in dc_order(games, ratings)][:3] == [("a", 2.0), ("c", 1.0), ("b", 0.0)]


def test_an_unrated_player_s_rating_tiebreak_is_an_empty_cell_in_the_csv(tmp_path, run):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", """
        name = "Open"
        game = "go"
        system = "swiss"
        start = 2026-05-01
        rounds = 3
        [macmahon]
        tiebreaks = ["rating"]
    """)
    write(folder / "players.csv", "id,name,rank,rating\na,Ann,1d,1900\nb,Bob,1d,\n")
    write(folder / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,0.5-0.5\n")
    code, _, err = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 0, err
    lines = (tmp_path / "site" / "open" / "standings-1.csv").read_text(encoding="utf-8-sig").splitlines()
    assert lines[1:] == ["1,Ann,1d,0.5,0.5,1900", "2,Bob,1d,0.5,0.5,"]

"""Real Go and shogi events: handicaps and komi as OpenGotha gives them, colours, absences,
McMahon corrections, the zero point, the SOS of unplayed rounds and the EGF tiebreaks.

Every expected value below is worked out by hand in the comment above it.
"""

from __future__ import annotations

import csv
import json
import random

import pytest
from conftest import venue_catalog, write

from plugins.macmahon.colours import seat, stones
from plugins.macmahon.grouping import Group, Grouping
from plugins.macmahon.pairing import Entrant, pair
from plugins.macmahon.rounds import Game, Round
from plugins.macmahon.settings import Handicap, Settings
from plugins.macmahon.standings import compute
from publisher.model import Player


def go_event(tmp_path, players: str, macmahon: str, *, game: str = "go", system: str = "macmahon",
             rounds: int = 3):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", f"""
        name = "Open"
        game = "{game}"
        system = "{system}"
        start = 2026-05-01
        rounds = {rounds}
        seed = "open"
    """ + "\n[macmahon]\n" + macmahon)
    write(folder / "players.csv", players)
    return folder


def rows(path) -> list[list[str]]:
    with path.open(encoding="utf-8") as handle:
        return list(csv.reader(handle))


TWO = """
    id,name,rank,rating
    a,Ann,2d,2200
    b,Bob,5k,1500
"""


# -- handicaps -------------------------------------------------------------------------------

def test_mms_handicap_gives_the_difference_less_the_correction_and_black_to_the_weaker(tmp_path, run):
    # bar 3d, floor 20k: 2d starts with 21, 5k with 15. Six points apart, less the correction 1:
    # five stones, Bob (weaker) takes Black with the handicap komi 0.5.
    folder = go_event(tmp_path, TWO, 'grouping = "bar-floor"\nbar = "3d"\nfloor = "20k"\n'
                                     "[macmahon.handicap]\n")
    code, out, err = run("pair", folder)
    assert code == 0, err
    table = rows(folder / "rounds" / "1.csv")
    assert table[0] == ["table", "player1", "player2", "result", "handicap", "komi", "note"]
    assert table[1][:6] == ["1", "b", "a", "", "5", "0.5"]
    assert table[1][6].endswith("Handicap 5: Bob takes Black as the weaker player (6 below, less the "
                                "correction 1).")
    assert "H5  komi 0.5" in out


def test_the_handicap_bar_counts_a_stronger_player_as_at_it(tmp_path, run):
    # Ann (2d) counts as 1k: 1k to 5k is 4, less 1: three stones.
    folder = go_event(tmp_path, TWO, 'grouping = "bar-floor"\nbar = "3d"\nfloor = "20k"\n'
                                     '[macmahon.handicap]\nbar = "1k"\n')
    assert run("pair", folder)[0] == 0
    assert rows(folder / "rounds" / "1.csv")[1][:6] == ["1", "b", "a", "", "3", "0.5"]


def test_handicap_on_rank_with_correction_zero_and_a_ceiling(tmp_path, run):
    # based on rank: 2d (1) against 5k (-5) is 6; no correction; at most 4.
    folder = go_event(tmp_path, TWO, 'grouping = "bar-floor"\nbar = "3d"\nfloor = "20k"\n'
                                     '[macmahon.handicap]\nbased_on = "rank"\ncorrection = 0\nmax = 4\n'
                                     "handicap_komi = 0\n")
    assert run("pair", folder)[0] == 0
    assert rows(folder / "rounds" / "1.csv")[1][:6] == ["1", "b", "a", "", "4", "0"]


def test_half_points_are_dropped_and_an_even_game_gets_the_komi():
    handicap = Handicap()
    # McMahon 21.5 and 15 are levels 21 and 15: 6 - 1 = 5; levels one apart: 0 stones.
    assert stones(21, 15, handicap) == 5 and stones(16, 15, handicap) == 0
    assert stones(30, 0, handicap) == 9 and stones(3, 0, Handicap(correction=-1)) == 4
    a, b = Entrant("a", 16.0, level=16), Entrant("b", 15.0, level=15)
    seating = seat(a, b, handicap, random.Random("x"), "go")
    assert (seating.handicap, seating.komi) == (0, 6.5)
    assert seating.note.startswith("Colours drawn by nigiri")


def test_a_club_event_pairs_a_strong_and_a_weak_player_with_handicap(tmp_path, run):
    # 13 players over 3d..9k with bar 3d, floor 9k: every table of round 1 whose players are
    # more than a rank apart gets the difference less one as handicap, the weaker in Black.
    ranks = ["3d", "2d", "2d", "1d", "1k", "1k", "2k", "3k", "4k", "5k", "6k", "7k", "9k"]
    players = "id,name,rank\n" + "".join(f"p{i:02},P{i:02},{r}\n" for i, r in enumerate(ranks))
    folder = go_event(tmp_path, players, 'grouping = "bar-floor"\nbar = "3d"\nfloor = "9k"\n'
                                         "[macmahon.handicap]\n")
    assert run("pair", folder)[0] == 0
    rank_of = dict(zip((f"p{i:02}" for i in range(13)), ranks, strict=True))
    value = {r: (int(r[:-1]) - 1 if r.endswith("d") else -int(r[:-1])) for r in ranks}
    for row in rows(folder / "rounds" / "1.csv")[1:]:
        if row[3] == "bye":
            continue
        black, white = value[rank_of[row[1]]], value[rank_of[row[2]]]
        assert int(row[4]) == max(abs(white - black) - 1, 0)
        assert black <= white or not int(row[4])
        assert row[5] == ("0.5" if int(row[4]) else "6.5")


# -- colours ---------------------------------------------------------------------------------

def test_even_games_balance_colours_before_any_draw():
    # a has had White once more than Black: a takes Black; b the other way round.
    a, b = Entrant("a", 0.0, balance=1), Entrant("b", 0.0, balance=-1)
    seating = seat(b, a, None, random.Random("x"), "go", {"a": "Ann", "b": "Bob"}.get)
    assert (seating.black, seating.white) == ("a", "b")
    assert seating.note == "Ann takes Black for colour balance: Ann has had White more often than Bob."
    shogi = seat(Entrant("a", 0.0), Entrant("b", 0.0), None, random.Random("x"), "shogi")
    assert shogi.note.startswith("Colours drawn by furigoma") and "Sente" in shogi.note


def test_the_colour_draw_is_seeded_and_fair():
    field = [Entrant(f"p{i:02}", 0.0) for i in range(40)]
    first = pair(field, "fold", "seed").tables
    again = pair(field, "fold", "seed").tables
    assert [(t.black, t.white) for t in first] == [(t.black, t.white) for t in again]
    blacks = sum(t.black == min(t.black, t.white) for t in first)
    assert 3 <= blacks <= 17  # a coin toss per table, not always the same side


def test_round_two_gives_black_to_whoever_had_white(tmp_path, run):
    players = "id,name,rank,rating\na,Ann,1d,2100\nb,Bob,1d,2000\nc,Cid,1d,1900\nd,Dan,1d,1800\n"
    folder = go_event(tmp_path, players, 'pairing = "adjacent"\n', system="swiss")
    # Round 1: a (Black) beat b, c (White) beat d. Round 2 pairs the winners and the losers.
    write(folder / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n2,d,c,0-1\n")
    assert run("pair", folder)[0] == 0
    table = {frozenset(r[1:3]): r for r in rows(folder / "rounds" / "2.csv")[1:]}
    # a had Black, c had White: c takes Black. b had White, d had Black: b takes Black.
    assert table[frozenset("ac")][1:3] == ["c", "a"]
    assert table[frozenset("bd")][1:3] == ["b", "d"]
    assert "for colour balance" in table[frozenset("ac")][4]


# -- absences, absent score, unplayed rounds in SOS -------------------------------------------------

ABSENT = """
    id,name,rank,rating,absent
    a,Ann,1d,2100,
    b,Bob,1d,2000,
    c,Cid,1d,1900,
    d,Dan,1d,1800,
    e,Eve,1d,1700,1
"""


def test_an_absent_player_is_left_out_without_a_bye(tmp_path, run):
    folder = go_event(tmp_path, ABSENT, "", system="swiss")
    code, _, err = run("pair", folder)
    assert code == 0, err
    body = rows(folder / "rounds" / "1.csv")[1:]
    assert len(body) == 2 and all(r[3] != "bye" for r in body)
    assert "e" not in {p for r in body for p in r[1:3]}


def test_a_round_file_seating_an_absent_player_is_refused(tmp_path, run):
    folder = go_event(tmp_path, ABSENT, "", system="swiss")
    write(folder / "rounds" / "1.csv", "table,player1,player2,result\n1,a,e,1-0\n2,b,c,1-0\n,d,,bye\n")
    code, _, err = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 1
    assert "rounds/1.csv:2: e is absent in round 1 (the absent column of players.csv)" in err


@pytest.mark.parametrize(("rule", "sos_e", "sosos_e"), [
    ("own", 0.5, 0.5),      # Eve's own score 0.5, and her own SOS 0.5
    ("initial", 0.0, 0.0),  # her initial score 0
    ("zero", 0.0, 0.0),
])
def test_absent_score_and_the_sos_of_an_absent_round(tmp_path, run, rule, sos_e, sosos_e):
    # Round 1: a beat b, c beat d, e absent with absent_score 0.5. Scores a 1, c 1, e 0.5, b 0, d 0.
    folder = go_event(tmp_path, ABSENT, f'absent_score = 0.5\nsos_unplayed = "{rule}"\n'
                                        'tiebreaks = ["sos", "sosos"]\n', system="swiss")
    write(folder / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n2,c,d,1-0\n")
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    data = json.loads((out / "open/data/standings-1.json").read_text())
    lines = {s["player"]: s for s in data["standings"]}
    assert lines["e"]["score"] == 0.5 and lines["e"]["wins"] == 0.0 and lines["e"]["absent"] == [1]
    assert "absent" not in lines["a"]
    assert lines["e"]["tiebreaks"] == {"sos": sos_e, "sosos": sosos_e}
    assert lines["b"]["tiebreaks"] == {"sos": 1.0, "sosos": 0.0}
    page = (out / "open/standings-1.html").read_text()
    assert "a round the player missed ½" in page
    assert 'Eve</a> <span class="tag">absent in round&nbsp;1</span>' in page


def test_sos_of_a_bye_by_each_rule_with_initial_scores():
    # Group 1 starts with 1 (a, c), group 2 with 0 (b). a beat b, c had the bye: a 2, c 2, b 0.
    players = [Player(p, p.upper(), 2) for p in "abc"]
    grouping = Grouping([Group(1, [], 1, ["a", "c"]), Group(2, [], 0, ["b"])])
    rnd = Round(1, None, [Game(1, "a", "b", "1-0")], [Game(None, "c", None, None)])  # type: ignore[arg-type]

    def sos(rule: str) -> tuple:
        settings = Settings("macmahon", tiebreaks=["sos", "sosos"], sos_unplayed=rule)
        line = compute(players, [rnd], grouping, settings, 1).by_player["c"]
        return line.score, line.tiebreaks["sos"], line.tiebreaks["sosos"]

    assert sos("own") == (2.0, 2.0, 2.0)
    assert sos("initial") == (2.0, 1.0, 1.0)  # OpenGotha: initial 1, SOSOS 1 x 1 round
    assert sos("zero") == (2.0, 0.0, 0.0)


# -- tiebreaks -------------------------------------------------------------------------------

def four_rounds() -> tuple[list[Player], list[Round], Grouping]:
    # R1 a-b 1-0, c-d 1-0; R2 a-c 1-0, d-b 1-0; R3 d-a 1-0, b-c 1-0.
    # Scores: a 2, d 2, b 1, c 1.
    players = [Player(p, p.upper(), 2) for p in "abcd"]
    grouping = Grouping([Group(1, [], 0, list("abcd"))])
    rounds = [Round(1, None, [Game(1, "a", "b", "1-0"), Game(2, "c", "d", "1-0")]),  # type: ignore[arg-type]
              Round(2, None, [Game(1, "a", "c", "1-0"), Game(2, "d", "b", "1-0")]),  # type: ignore[arg-type]
              Round(3, None, [Game(1, "d", "a", "1-0"), Game(2, "b", "c", "1-0")])]  # type: ignore[arg-type]
    return players, rounds, grouping


def test_egf_tiebreaks_worked_by_hand():
    players, rounds, grouping = four_rounds()
    names = ["sos", "sos-1", "sos-2", "mos", "cuss", "sosos", "sodos", "mms", "score", "wins"]
    standings = compute(players, rounds, grouping, Settings("swiss", tiebreaks=names), 3)
    values = {s.player: s.tiebreaks for s in standings.lines}
    # Opponents' scores: a b1 c1 d2; b a2 d2 c1; c d2 a2 b1; d c1 b1 a2.
    assert [values[p]["sos"] for p in "abcd"] == [4.0, 5.0, 5.0, 4.0]
    assert [values[p]["sos-1"] for p in "abcd"] == [3.0, 4.0, 4.0, 3.0]
    assert [values[p]["sos-2"] for p in "abcd"] == [2.0, 2.0, 2.0, 2.0]
    assert [values[p]["mos"] for p in "abcd"] == [1.0, 2.0, 2.0, 1.0]
    # Scores after each round: a 1 2 2, b 0 0 1, c 1 1 1, d 0 1 2.
    assert [values[p]["cuss"] for p in "abcd"] == [5.0, 1.0, 3.0, 3.0]
    # SOS of the opponents: a 5 + 5 + 4; d 5 + 5 + 4; b 4 + 4 + 5; c 4 + 4 + 5.
    assert [values[p]["sosos"] for p in "abcd"] == [14.0, 13.0, 13.0, 14.0]
    # Beaten: a b(1) c(1); b c(1); c d(2); d b(1) a(2).
    assert [values[p]["sodos"] for p in "abcd"] == [2.0, 1.0, 2.0, 3.0]
    assert [values[p]["mms"] for p in "abcd"] == [2.0, 1.0, 1.0, 2.0]
    assert values["a"]["score"] == values["a"]["wins"] == 2.0


def test_direct_confrontation_separates_players_equal_before_it():
    players, rounds, grouping = four_rounds()
    standings = compute(players, rounds, grouping, Settings("swiss", tiebreaks=["sos", "dc"]), 3)
    # a and d: 2 points, SOS 4; d beat a. b and c: 1 point, SOS 5; b beat c.
    assert [(s.place_text, s.player, s.tiebreaks["dc"]) for s in standings.lines] == [
        ("1", "d", 1.0), ("2", "a", 0.0), ("3", "b", 1.0), ("4", "c", 0.0)]


def test_handicap_games_count_in_sos_with_the_stones():
    # Bob (Black, 2 stones) beat Ann: Ann counts Bob's 1 + 2, Bob counts Ann's 0 - 2.
    players = [Player("a", "Ann", 2), Player("b", "Bob", 3)]
    grouping = Grouping([Group(1, [], 0, ["a", "b"])])
    rnd = Round(1, None, [Game(1, "b", "a", "1-0", handicap=2)])  # type: ignore[arg-type]
    standings = compute(players, [rnd], grouping, Settings("macmahon", tiebreaks=["sos", "sodos"]), 1)
    assert standings.by_player["a"].tiebreaks == {"sos": 3.0, "sodos": 0.0}
    assert standings.by_player["b"].tiebreaks == {"sos": -2.0, "sodos": -2.0}


def test_unrated_players_come_after_negative_ratings():
    players = [Player("x", "X", 2, rating=-50), Player("y", "Y", 3), Player("z", "Z", 4, rating=10)]
    grouping = Grouping([Group(1, [], 0, ["x", "y", "z"])])
    standings = compute(players, [], grouping, Settings("swiss", tiebreaks=["rating"]), 0)
    assert [(s.player, s.tiebreaks["rating"]) for s in standings.lines] == [
        ("z", 10.0), ("x", -50.0), ("y", None)]


def test_the_bye_goes_to_the_unrated_player_not_the_negative_rating(tmp_path, run):
    folder = go_event(tmp_path, "id,name,rank,rating\na,Ann,1d,1800\nb,Bob,1d,-50\nc,Cid,1d,\n", "",
                      system="swiss")
    assert run("pair", folder)[0] == 0
    assert rows(folder / "rounds" / "1.csv")[2][:4] == ["", "c", "", "bye"]


# -- groups: zero point, corrections, keys a grouping does not use ----------------------------

def test_zero_point_30k_counts_scores_as_opengotha(tmp_path, run):
    players = "id,name,rank,mms_correction\na,Ann,4d,\nb,Bob,10k,\nc,Cid,25k,\nd,Dan,2k,-1\n"
    folder = go_event(tmp_path, players, 'bar = "3d"\nfloor = "20k"\nzero_point = "30k"\n')
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    groups = json.loads((out / "open/data/groups.json").read_text())["groups"]
    # 30k = 0: the 3d bar group starts at 32, 10k at 20, the 20k floor group at 10.
    start = {g["label"]: g["initial_score"] for g in groups}
    assert start["4d-3d"] == 32 and start["10k"] == 20 and start["20k-25k"] == 10
    assert start["2k"] == 28
    page = (out / "open/groups.html").read_text()
    assert "McMahon correction -1: starts with 27" in page


def test_mms_correction_moves_the_starting_score(tmp_path, run):
    players = "id,name,rank,rating,mms_correction\na,Ann,1d,2100,1\nb,Bob,1d,2000,\n"
    folder = go_event(tmp_path, players, "", system="swiss")
    write(folder / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,0-1\n")
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    lines = json.loads((out / "open/data/standings-1.json").read_text())["standings"]
    assert [(s["player"], s["score"]) for s in lines] == [("a", 1.0), ("b", 1.0)]


@pytest.mark.parametrize(("macmahon", "system", "message"), [
    ('bar = "3d"\n', "macmahon",
     'macmahon.bar: is not used by min-size grouping. Fix: write grouping = "bar-floor" with both bar '
     "and floor, or remove bar"),
    ('floor = "20k"\n', "swiss", "macmahon.floor: is not used by a swiss event (one group). Fix: remove it"),
    ('zero_point = "30k"\n', "swiss", "macmahon.zero_point: 30k = 0 needs one group per rank"),
    ('[macmahon.handicap]\nbar = "1d"\n', "swiss",
     "macmahon.handicap.bar: a handicap bar on McMahon scores needs one group per rank"),
    ("[macmahon.handicap]\nstones = 3\n", "swiss", "macmahon.handicap.stones: is not a handicap setting"),
    ("[macmahon.handicap]\nmax = 12\n", "swiss",
     "macmahon.handicap.max: must be a whole number from 0 to 9, not 12. Fix: write max = 9"),
    ("absent_score = 2\n", "swiss", "macmahon.absent_score: must be from 0 to 1 point"),
    ('tiebreaks = ["sos", "buchholz"]\n', "swiss", "unknown tiebreak 'buchholz'"),
])
def test_settings_mistakes_name_the_key_and_the_fix(tmp_path, run, macmahon, system, message):
    folder = go_event(tmp_path, TWO, macmahon, system=system)
    code, _, err = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 1 and message in err


def test_bar_and_floor_without_grouping_mean_bar_floor(tmp_path, run):
    folder = go_event(tmp_path, TWO, 'bar = "3d"\nfloor = "20k"\n')
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    groups = json.loads((out / "open/data/groups.json").read_text())["groups"]
    assert {g["label"]: g["initial_score"] for g in groups if g["players"]} == {"2d": 21, "5k": 15}


def test_absent_and_correction_mistakes_name_the_line(tmp_path, run):
    players = "id,name,rank,absent,mms_correction\na,Ann,1d,4,\nb,Bob,1d,,x\n"
    folder = go_event(tmp_path, players, "", system="swiss")
    code, _, err = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 1
    assert "players.csv:2: absent of Ann (a): 4 is not a round of the event (1 to 3)" in err
    assert "players.csv:3: mms_correction of Bob (b) is 'x', not a whole number from -99 to 99" in err


def test_pair_refuses_when_everyone_has_withdrawn(tmp_path, run):
    folder = go_event(tmp_path, TWO, "withdrawn = { a = 0, b = 0 }\n", system="swiss")
    code, _, err = run("pair", folder)
    assert code == 1 and "round 1 has nobody to pair" in err
    assert not (folder / "rounds" / "1.csv").exists()


# -- pages -----------------------------------------------------------------------------------

def test_pages_and_json_show_handicap_and_komi(tmp_path, run):
    # Bob (5k, 15) beat Ann (2d, 21) with 5 stones: after round 1 Ann 21 is first, Bob 16 second.
    folder = go_event(tmp_path, TWO, 'bar = "3d"\nfloor = "20k"\n[macmahon.handicap]\n')
    write(folder / "rounds" / "1.csv", "table,player1,player2,result,handicap,komi\n1,b,a,1-0,5,0.5\n")
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    site = out / "open"
    assert json.loads((site / "data/round-1.json").read_text())["pairings"] == [
        {"table": 1, "players": ["b", "a"], "result": "1-0", "handicap": 5, "komi": 0.5}]
    assert '<td class="terms">H5, komi 0.5</td>' in (site / "round-1.html").read_text()
    crosstable = (site / "crosstable.html").read_text()
    assert '<td><a href="#a" title="Ann">1+/b5</a></td>' in crosstable
    assert '<td><a href="#b" title="Bob">2-/w5</a></td>' in crosstable
    assert 'Black <span class="tag">H5, komi 0.5</span>' in (site / "players/b.html").read_text()
    live = json.loads((site / "data/live.json").read_text())
    assert (live["tables"][0]["handicap"], live["tables"][0]["komi"]) == (5, 0.5)
    find = json.loads((site / "data/find.json").read_text())["entries"]
    assert [(e["name"], e["seat"]) for e in find] == [("Ann", "White (H5, komi 0.5)"),
                                                     ("Bob", "Black (H5, komi 0.5)")]
    lines = json.loads((site / "data/standings-1.json").read_text())["standings"]
    assert [(s["player"], s["score"], s["colours"]) for s in lines] == [
        ("a", 21.0, {"black": 0, "white": 1}), ("b", 16.0, {"black": 1, "white": 0})]


# A few of the pages' words in Japanese, as a Go player writes them.
JAPANESE = """
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"

msgid "Black"
msgstr "黒"

msgid "White"
msgstr "白"

msgctxt "go"
msgid "b"
msgstr "黒"

msgctxt "go"
msgid "w"
msgstr "白"

msgid "Round %(number)s of %(rounds)s"
msgstr "第%(number)s回戦（全%(rounds)s回戦）"

msgid "H%(stones)s, komi %(komi)s"
msgstr "%(stones)s子局、コミ%(komi)s"
"""


def test_a_japanese_championship_shows_the_catalogs_words(tmp_path, run):
    # The game of the test above, in a championship whose language is Japanese: the seats, the
    # crosstable's colour letters, a heading and the handicap come from the catalog.
    folder = go_event(tmp_path, TWO, 'bar = "3d"\nfloor = "20k"\n[macmahon.handicap]\n')
    toml = folder / "event.toml"
    toml.write_text(toml.read_text().replace('seed = "open"', 'seed = "open"\nlanguage = "ja"'))
    write(folder / "rounds" / "1.csv", "table,player1,player2,result,handicap,komi\n1,b,a,1-0,5,0.5\n")
    venue_catalog(tmp_path / "plugins", "ja", JAPANESE)
    out = tmp_path / "site"
    code, _, err = run("--plugins-dir", tmp_path / "plugins", "build", "--content", folder.parent,
                       "--out", out)
    assert code == 0, err
    pairings = (out / "open" / "round-1.html").read_text()
    assert "<h1>第1回戦（全3回戦）</h1>" in pairings
    assert '<th scope="col">黒</th>' in pairings and '<th scope="col">白</th>' in pairings
    assert '<td class="terms">5子局、コミ0.5</td>' in pairings
    assert '<td><a href="#a" title="Ann">1+/黒5</a></td>' in (out / "open" / "crosstable.html").read_text()
    assert '黒 <span class="tag">5子局、コミ0.5</span>' in (out / "open" / "players/b.html").read_text()


def test_a_bad_handicap_or_komi_cell_names_the_line(tmp_path, run):
    folder = go_event(tmp_path, TWO, 'bar = "3d"\nfloor = "20k"\n')
    write(folder / "rounds" / "1.csv", "table,player1,player2,result,handicap,komi\n1,b,a,,12,6.3\n")
    code, _, err = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 1
    assert "rounds/1.csv:2: handicap '12' is not a handicap" in err
    assert "rounds/1.csv:2: komi '6.3' is not a komi" in err

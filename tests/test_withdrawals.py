"""Withdrawals (``[macmahon] withdrawn``): a player who left is not paired again, their
games keep counting for their opponents, and the standings and player page say so.

The event: Swiss, fold, SOS; a (2300) b (2200) c (2100) d (2000) e (1900) f (1800).
Round 1 is a-b 1-0, c-d 1-0, e-f 1-0; then c goes home (``c = 1``). Round 2 pairs the
five left: score 1 is a, e (equal SOS 0, then rating), score 0 is b, d, f (SOS 1 each,
then rating); f, the lowest, gets the bye; fold pairs a-e and b-d.
"""

import json

from conftest import SWISS_TOML, write

TOML = SWISS_TOML + """
    [macmahon]
    pairing = "fold"
    tiebreaks = ["sos"]
    {withdrawn}
"""
PLAYERS = """
    id,name,rank,rating
    a,Ann,3d,2300
    b,Bob,2d,2200
    c,Cleo,1d,2100
    d,Dan,1k,2000
    e,Eve,2k,1900
    f,Fay,3k,1800
"""
ROUND_1 = "table,player1,player2,result\n1,a,b,1-0\n2,c,d,1-0\n3,e,f,1-0\n"


def event(tmp_path, withdrawn="withdrawn = { c = 1 }"):
    folder = tmp_path / "content" / "club"
    write(folder / "event.toml", TOML.replace("{withdrawn}", withdrawn))
    write(folder / "players.csv", PLAYERS)
    write(folder / "rounds" / "1.csv", ROUND_1)
    return folder


def test_pair_leaves_out_the_withdrawn_player_and_says_so(tmp_path, run):
    folder = event(tmp_path)
    code, out, err = run("pair", folder)
    assert code == 0, err
    rows = [r.split(",") for r in (folder / "rounds" / "2.csv").read_text().splitlines()[1:]]
    assert [(r[0], {r[1], r[2]}, r[3]) for r in rows] == [
        ("1", {"a", "e"}, ""), ("2", {"b", "d"}, ""), ("", {"f", ""}, "bye")]
    assert rows[2][4] == "Fay gets the bye as the lowest in the order."
    assert "Not paired, withdrawn: Cleo (c) after round 1." in out


def test_withdrawn_player_keeps_place_and_counts_for_opponents(tmp_path, run):
    folder = event(tmp_path)
    write(folder / "rounds" / "2.csv", "table,player1,player2,result\n1,a,e,1-0\n2,b,d,0-1\n,f,,bye\n")
    out = tmp_path / "site"
    code, _, err = run("build", "--content", folder.parent, "--out", out)
    assert code == 0, err
    after_1 = json.loads((out / "club" / "data" / "standings-1.json").read_text())["standings"]
    assert {s["player"]: s.get("withdrawn") for s in after_1} == {
        "a": None, "c": 1, "e": None, "b": None, "d": None, "f": None}
    after_2 = json.loads((out / "club" / "data" / "standings-2.json").read_text())["standings"]
    lines = {s["player"]: s for s in after_2}
    # Scores a 2, e c d f 1, b 0. d lost to c and beat b: SOS c's 1 + b's 0. c missed round 2,
    # which counts as c's own score: SOS d's 1 + 1 = 2, equal with f (e's 1 + the bye's own 1).
    assert lines["d"]["tiebreaks"] == {"sos": 1.0} and lines["d"]["score"] == 1.0
    assert lines["c"] == {"place": 3, "player": "c", "score": 1.0, "wins": 1.0,
                          "tiebreaks": {"sos": 2.0}, "colours": {"black": 1, "white": 0}, "withdrawn": 1}
    assert [s["player"] for s in after_2] == ["a", "e", "c", "f", "d", "b"]
    standings = (out / "club" / "standings-2.html").read_text()
    assert standings.count("withdrew after") == 1
    assert 'Cleo</a> <span class="tag">withdrew after&nbsp;round&nbsp;1</span>' in standings
    crosstable = (out / "club" / "crosstable.html").read_text()
    assert crosstable.count("withdrew after") == 1
    assert ('<td class="num">=3</td><td><a href="players/c.html">Cleo</a> '
            '<span class="tag">withdrew after&nbsp;round&nbsp;1</span></td>') in crosstable
    page = (out / "club" / "players" / "c.html").read_text()
    assert "<dt>Withdrew</dt><dd>after round 1</dd>" in page
    assert '<td colspan="2">Withdrawn</td>' in page
    assert "Withdrew" not in (out / "club" / "players" / "d.html").read_text()


def test_withdrawn_before_round_one_is_never_paired(tmp_path, run):
    # Five left, in rating order a, b, c, d, e: e gets the bye, fold pairs a-d and b-c.
    folder = event(tmp_path, "withdrawn = { f = 0 }")
    (folder / "rounds" / "1.csv").unlink()
    code, out, err = run("pair", folder)
    assert code == 0, err
    rows = [r.split(",") for r in (folder / "rounds" / "1.csv").read_text().splitlines()[1:]]
    assert [set(r[1:3]) for r in rows] == [{"a", "d"}, {"b", "c"}, {"e", ""}]
    assert rows[2][3] == "bye"
    assert "Not paired, withdrawn: Fay (f) before round 1." in out


def test_a_round_file_seating_a_withdrawn_player_is_refused(tmp_path, run):
    folder = event(tmp_path)
    write(folder / "rounds" / "2.csv", "table,player1,player2,result\n1,a,e,\n2,c,b,\n,d,,bye\n")
    code, _, err = run("pair", folder, "--dry-run")
    assert code == 1
    assert ("rounds/2.csv:3: c withdrew after round 1 ([macmahon] withdrawn in event.toml) but is "
            "in round 2. Fix: remove this file and pair round 2 again, or, if c played round 2, "
            "write c = 2 in withdrawn") in err
    assert "Traceback" not in err


def test_wrong_withdrawals_name_their_keys(tmp_path, run):
    folder = event(tmp_path, 'withdrawn = { zz = 1, c = 4, d = "2" }')
    code, _, err = run("pair", folder, "--dry-run")
    assert code == 1
    assert "event.toml: macmahon.withdrawn.zz: unknown player 'zz'. Fix: use an id from players.csv" in err
    assert ("event.toml: macmahon.withdrawn.c: must be the last round c played (0 to 3), not 4. "
            "Fix: write c = 0 if they left before round 1") in err
    assert "macmahon.withdrawn.d: must be the last round d played (0 to 3), not '2'." in err
    folder = event(tmp_path, "withdrawn = 3")
    code, _, err = run("pair", folder, "--dry-run")
    assert code == 1 and ("event.toml: macmahon.withdrawn: must be a table of player = last round "
                          "played. Fix: write withdrawn = { s017 = 4 }") in err

"""OpenGotha files in: `publisher import opengotha`, the live source, and broken files."""

from __future__ import annotations

import csv
import json
import os
import pty
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from archive_fixture import read_people
from conftest import write
from gotha_samples import BYES, GAMES, PLAYERS, key, tournament_xml, write_tournament

from publisher.problems import display_path

ROOT = Path(__file__).resolve().parent.parent


def rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))


def standings(site: Path, slug: str, number: int) -> list[tuple]:
    data = json.loads((site / slug / "data" / f"standings-{number}.json").read_text())
    return [(s["place"], s["player"], s["score"], s["tiebreaks"]) for s in data["standings"]]


def test_import_writes_players_rounds_and_settings(tmp_path, run):
    xml = write_tournament(tmp_path / "club.xml")
    target = tmp_path / "content" / "club-26"
    code, out, err = run("import", "opengotha", xml, target)
    assert (code, err) == (0, "")
    assert "2 round file(s)" in out
    config = tomllib.loads((target / "event.toml").read_text())
    assert {k: config[k] for k in ("name", "game", "system", "venue", "rounds")} == {
        "name": "Club McMahon 2026", "game": "go", "system": "macmahon", "venue": "Zagreb", "rounds": 3}
    assert (str(config["start"]), str(config["end"])) == ("2026-05-02", "2026-05-03")
    mm = config["macmahon"]
    assert (mm["grouping"], mm["bar"], mm["floor"], mm["zero_point"]) == ("bar-floor", "2d", "10k", "30k")
    assert (mm["bye_score"], mm["absent_score"], mm["tiebreaks"]) == (1, 0.5, ["sos", "sosos"])
    assert mm["sos_unplayed"] == "initial"
    assert mm["handicap"] == {"based_on": "mms", "bar": "1d", "correction": 1, "max": 9, "komi": 6.5,
                              "handicap_komi": 0.5}
    players = rows(target / "players.csv")
    assert [(p["id"], p["name"], p["rank"], p["rating"], p["country"], p["club"], p["egd_pin"])
            for p in players][:2] == [("able-ann", "Able Ann", "3d", "2300", "HR", "Zagr", "10001"),
                                      ("baker-bob", "Baker Bob", "1k", "2050", "DE", "Berl", "")]
    assert rows(target / "rounds" / "2.csv") == [
        {"table": "1", "player1": "cole-cleo", "player2": "able-ann", "result": "0-1", "handicap": "0",
         "komi": "6.5"},
        {"table": "2", "player1": "eder-eva", "player2": "baker-bob", "result": "1-0!", "handicap": "2",
         "komi": "0.5"},
        {"table": "", "player1": "dale-dan", "player2": "", "result": "bye", "handicap": "", "komi": ""},
    ]
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".")]


def test_every_result_code_and_participation(tmp_path, run):
    codes = ["RESULT_BLACKWINS", "RESULT_WHITEWINS", "RESULT_EQUAL", "RESULT_BOTHWIN", "RESULT_BOTHLOSE",
             "RESULT_BLACKWINS_BYDEF", "RESULT_WHITEWINS_BYDEF", "RESULT_UNKNOWN"]
    players = [(f"P{i}", "X", "5K", {}) for i in range(16)]
    games = [(1, n + 1, 2 * n, 2 * n + 1, code, 0) for n, code in enumerate(codes)]
    xml = tmp_path / "codes.xml"
    xml.write_text(tournament_xml(players=players, games=games, byes=[],
                                  participating={3: "1011" + "1" * 28}), encoding="utf-8")
    code, _out, err = run("import", "opengotha", xml, tmp_path / "content" / "codes")
    assert code == 0, err
    results = [r["result"] for r in rows(tmp_path / "content" / "codes" / "rounds" / "1.csv")]
    assert results == ["1-0", "0-1", "0.5-0.5", "1-1", "0-0", "1-0!", "0-1!", ""]
    absent = {p["id"]: p["absent"] for p in rows(tmp_path / "content" / "codes" / "players.csv")}
    assert absent["p3-x"] == "2" and absent["p0-x"] == ""


def test_settings_the_project_cannot_express_are_named_in_one_line_each(tmp_path, run):
    xml = write_tournament(tmp_path / "t.xml", criteria=["MMS", "SOSM", "EXT", "SDC"],
                           games=[*GAMES, (3, 1, 0, 1, "RESULT_EQUAL_BYDEF", 0)],
                           general={"genMMZero": "20K"})
    xml.write_text(xml.read_text().replace('knownColor="true"', 'knownColor="false"', 1))
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "t")
    assert code == 0, err
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert any("criterion 3 EXT" in n for n in notes)  # SDC, criterion 4, is the tiebreak sdc
    assert any("genMMZero 20k" in n for n in notes)
    assert any("RESULT_EQUAL_BYDEF" in n for n in notes)
    assert any("knownColor false (1 game(s))" in n for n in notes)
    # Round 3 pairs Ann and Bob only: the three others take part unpaired, 0 in OpenGotha.
    assert ("note: round 3: 3 players neither paired nor given the bye, which OpenGotha scores 0; here "
            "each scores as an absent round: Cole Cleo, Dale Dan and Eder Eva") in notes
    assert len(notes) == 5


def test_swiss_criteria_make_a_swiss_event(tmp_path, run):
    xml = write_tournament(tmp_path / "s.xml", criteria=["NBW", "SOSW", "SOSOSW"])
    assert run("import", "opengotha", xml, tmp_path / "content" / "s")[0] == 0
    config = tomllib.loads((tmp_path / "content" / "s" / "event.toml").read_text())
    assert config["system"] == "swiss" and config["macmahon"]["tiebreaks"] == ["sos", "sosos"]
    assert config["macmahon"]["sos_unplayed"] == "zero" and "bar" not in config["macmahon"]


def test_import_builds_and_pair_continues_the_event(tmp_path, run):
    content = tmp_path / "content"
    assert run("import", "opengotha", write_tournament(tmp_path / "t.xml"), content / "club")[0] == 0
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 0, err
    table = standings(tmp_path / "site", "club", 2)
    assert [t[1] for t in table][:2] == ["able-ann", "dale-dan"]
    code, _out, err = run("pair", content / "club")
    assert code == 0, err
    paired = rows(content / "club" / "rounds" / "3.csv")
    assert sorted(p for r in paired for p in (r["player1"], r["player2"]) if p) == sorted(
        p["id"] for p in rows(content / "club" / "players.csv"))


def test_an_existing_folder_is_replaced_only_with_force(tmp_path, run):
    target = tmp_path / "content" / "club"
    write(target / "notes.md", "# Mine\n")
    xml = write_tournament(tmp_path / "t.xml")
    code, _, err = run("import", "opengotha", xml, target)
    assert code == 1 and "already exists" in err and "--force" in err
    assert [p.name for p in target.iterdir()] == ["notes.md"]
    assert run("import", "opengotha", xml, target, "--force")[0] == 0
    assert sorted(p.name for p in target.iterdir()) == ["event.toml", "players.csv", "rounds"]
    assert [p.name for p in target.parent.iterdir()] == ["club"]


def test_live_source_follows_the_file_and_event_toml_overrides(tmp_path, run):
    content = tmp_path / "content"
    folder = content / "live"
    write_tournament(folder / "tournament.xml")
    write(folder / "event.toml", """
        source = "opengotha"
        file = "tournament.xml"
        name = "Club McMahon 2026, live"
        [macmahon]
        tiebreaks = ["sos"]
    """)
    write(folder / "index.md", "# Welcome\n\nBoards at nine.\n")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 0, err
    event = json.loads((tmp_path / "site" / "live" / "data" / "event.json").read_text())
    assert event["name"] == "Club McMahon 2026, live" and event["rounds"] == 3
    assert list(standings(tmp_path / "site", "live", 2)[0][3]) == ["sos"]
    assert "Boards at nine" in (tmp_path / "site" / "live" / "index.html").read_text()
    # A save from OpenGotha with round 3 paired and played: the next build shows it.
    write_tournament(folder / "tournament.xml", games=[*GAMES, (3, 1, 0, 1, "RESULT_WHITEWINS", 0)],
                     byes=[*BYES])
    assert run("build", "--content", content, "--out", tmp_path / "site")[0] == 0
    assert (tmp_path / "site" / "live" / "data" / "standings-3.json").is_file()
    assert sorted(p.name for p in folder.iterdir()) == ["event.toml", "index.md", "tournament.xml"]


def test_a_broken_live_source_names_the_file_and_keeps_the_site(tmp_path, run):
    content = tmp_path / "content"
    folder = content / "live"
    write_tournament(folder / "tournament.xml")
    write(folder / "event.toml", 'source = "opengotha"\nfile = "tournament.xml"\n')
    assert run("build", "--content", content, "--out", tmp_path / "site")[0] == 0
    before = (tmp_path / "site" / "live" / "index.html").read_bytes()
    text = (folder / "tournament.xml").read_text()
    (folder / "tournament.xml").write_text(text[: len(text) // 2], encoding="utf-8")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 1 and "tournament.xml:" in err and "not well-formed" in err
    assert (tmp_path / "site" / "live" / "index.html").read_bytes() == before


BOMB = """<?xml version="1.0"?>
<!DOCTYPE Tournament [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
<Tournament><Players><Player name="&c;" firstName="x" rank="1D"/></Players></Tournament>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE Tournament [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<Tournament><Players><Player name="&secret;" firstName="x" rank="1D"/></Players></Tournament>
"""
GOOD = tournament_xml()
BAD_FILES = {
    "truncated": (GOOD[: len(GOOD) * 2 // 3].encode(), "not well-formed XML"),
    "latin1": (GOOD.replace("Eder", "Öder").encode("latin-1"), "not well-formed XML"),
    "bomb": (BOMB.encode(), "declares a DTD or entities"),
    "external": (EXTERNAL.encode(), "declares a DTD or entities"),
    "not-gotha": (b"<?xml version='1.0'?><html><body/></html>", "is not an OpenGotha tournament"),
    "missing-player": (tournament_xml(games=[(1, 1, "NOBODYHERE", 0, "RESULT_WHITEWINS", 0)]).encode(),
                       "whitePlayer 'NOBODYHERE' is not a registered player"),
    "unknown-result": (tournament_xml(games=[(1, 1, 1, 0, "RESULT_WHITEWINZ", 0)]).encode(),
                       "unknown result 'RESULT_WHITEWINZ'"),
    "self-game": (tournament_xml(games=[(1, 1, 0, 0, "RESULT_WHITEWINS", 0)], byes=[]).encode(),
                  "plays against themselves"),
    "twice-in-round": (tournament_xml(games=[(1, 1, 0, 1, "RESULT_WHITEWINS", 0),
                                             (1, 2, 0, 2, "RESULT_WHITEWINS", 0)], byes=[]).encode(),
                       "is twice in round 1"),
    "round-beyond": (tournament_xml(games=[(9, 1, 0, 1, "RESULT_WHITEWINS", 0)], byes=[]).encode(),
                     "roundNumber is '9', not a whole number from 1 to 3"),
    "handicap": (tournament_xml(games=[(1, 1, 0, 1, "RESULT_WHITEWINS", 12)], byes=[]).encode(),
                 "handicap is '12'"),
    "bad-date": (tournament_xml(general={"beginDate": "02/05/2026"}).encode(), "beginDate is '02/05/2026'"),
    "empty": (b"", "not well-formed XML"),
    "no-settings": (re.sub(r"<GeneralParameterSet [^>]*/>", "", GOOD).encode(),
                    "has no <GeneralParameterSet>"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_broken_file_gives_one_clear_line_and_no_folder(tmp_path, run, name):
    data, message = BAD_FILES[name]
    xml = tmp_path / f"{name}.xml"
    xml.write_bytes(data)
    code, _out, err = run("import", "opengotha", xml, tmp_path / "content" / "t")
    problems = [line for line in err.splitlines() if line.startswith("error:")]
    assert code == 1 and len(problems) == 1, err
    assert f"{name}.xml" in problems[0] and message in problems[0] and "Fix:" in problems[0]
    assert "Traceback" not in err
    assert not (tmp_path / "content").exists() or not list((tmp_path / "content").iterdir())


def test_a_problem_names_the_element_and_its_line(tmp_path, run):
    xml = tmp_path / "t.xml"
    xml.write_text(tournament_xml(games=[(1, 1, 1, 0, "RESULT_WHITEWINZ", 0)]), encoding="utf-8")
    line = next(n for n, text in enumerate(xml.read_text().splitlines(), 1) if "WINZ" in text)
    err = run("import", "opengotha", xml, tmp_path / "content" / "t")[2]
    assert f"t.xml:{line}: <Game>: unknown result" in err


def test_keys_match_players_whatever_their_accents(tmp_path, run):
    players = [("Čech", "Jiří", "1D", {}), *PLAYERS[1:4]]
    games = [(1, 1, key("Cech", "Jiri"), 1, "RESULT_WHITEWINS", 0), (1, 2, 2, 3, "RESULT_BLACKWINS", 0)]
    xml = tmp_path / "t.xml"
    xml.write_text(tournament_xml(players=players, games=games, byes=[]), encoding="utf-8")
    assert run("import", "opengotha", xml, tmp_path / "content" / "t")[0] == 0
    assert rows(tmp_path / "content" / "t" / "rounds" / "1.csv")[0]["player2"] == "cech-jiri"


def test_pair_refuses_an_event_paired_in_opengotha(tmp_path, run):
    folder = tmp_path / "content" / "live"
    write_tournament(folder / "tournament.xml")
    write(folder / "event.toml", 'source = "opengotha"\nfile = "tournament.xml"\n')
    code, _, err = run("pair", folder)
    assert code == 1 and "pair in that program" in err
    assert not (folder / "rounds").exists()


def test_standings_count_as_opengotha_does(tmp_path, run):
    """McMahon scores from 30k = 0 (the 3d above the 2d bar starts at 31), byes worth a point,
    absent rounds half a point, and a bye counting in SOS as the player's initial score."""
    players = [*PLAYERS, ("Fox", "Finn", "4K", {})]
    xml = tmp_path / "t.xml"
    xml.write_text(tournament_xml(players=players, participating={5: "00" + "1" * 30}), encoding="utf-8")
    content = tmp_path / "content"
    assert run("import", "opengotha", xml, content / "club")[0] == 0
    assert run("build", "--content", content, "--out", tmp_path / "site")[0] == 0
    table = {player: (score, tiebreaks)
             for _, player, score, tiebreaks in standings(tmp_path / "site", "club", 2)}
    assert {p: s for p, (s, _) in table.items()} == {
        "able-ann": 33, "dale-dan": 32, "baker-bob": 29, "fox-finn": 27, "cole-cleo": 26, "eder-eva": 24}
    assert table["able-ann"][1]["sos"] == 32 + 26  # Dan and Cleo
    assert table["dale-dan"][1]["sos"] == 33 + 31  # Ann, and the bye as Dan's initial 31
    assert table["fox-finn"][1]["sos"] == 26 + 26  # two absent rounds at the initial 26


def test_each_save_from_opengotha_rebuilds_the_site_under_watch(tmp_path):
    from publisher.build.builder import Builder
    from publisher.live.watch import Watcher
    from publisher.plugins import plugin_manager

    content, site = tmp_path / "content", tmp_path / "site"
    folder = content / "live"
    write_tournament(folder / "tournament.xml", games=GAMES[:2], byes=BYES[:1])
    write(folder / "event.toml", 'source = "opengotha"\nfile = "tournament.xml"\n')
    watcher = Watcher(Builder(plugin_manager(), content, site), log=lambda line: None)
    assert watcher.start()
    try:
        assert not (site / "live" / "standings-2.html").exists()
        # OpenGotha saves round 2: written beside and renamed, as editors and Java programs do.
        staged = folder / "tournament.xml.part"
        staged.write_text(tournament_xml(), encoding="utf-8")
        staged.replace(folder / "tournament.xml")
        deadline = time.monotonic() + 20
        while not (site / "live" / "data" / "standings-2.json").is_file():
            assert time.monotonic() < deadline, "the save was not rebuilt"
            time.sleep(0.05)
        assert watcher.wait_idle(10)
        rows = json.loads((site / "live" / "data" / "round-2.json").read_text())
        assert [p["result"] for p in rows["pairings"]] == ["0-1", "1-0!"]
    finally:
        watcher.stop()


def test_a_kept_build_of_a_live_source_shows_a_result_corrected_in_an_early_round(tmp_path):
    """A live source is read into a copy that is gone once read: the pages and files of
    round 1, made from that copy, are made again when OpenGotha's file changes."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content, site = tmp_path / "content", tmp_path / "site"
    folder = content / "live"
    write_tournament(folder / "tournament.xml")
    write(folder / "event.toml", 'source = "opengotha"\nfile = "tournament.xml"\n')
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    assert "1,Able Ann,3d,1-0,Dale Dan,2d" in (site / "live" / "round-1.csv").read_text(encoding="utf-8")
    write_tournament(folder / "tournament.xml",
                     games=[(1, 1, 3, 0, "RESULT_WHITEWINS", 0), *GAMES[1:]], byes=BYES)
    builder.build()
    assert "1,Able Ann,3d,0-1,Dale Dan,2d" in (site / "live" / "round-1.csv").read_text(encoding="utf-8")
    rows = json.loads((site / "live" / "data" / "round-1.json").read_text(encoding="utf-8"))
    assert rows["pairings"][0]["result"] == "0-1"


def test_a_live_source_of_an_unknown_format_names_the_key(tmp_path, run):
    folder = tmp_path / "content" / "live"
    write_tournament(folder / "tournament.xml")
    write(folder / "event.toml", 'source = "gotha"\nfile = "tournament.xml"\n')
    code, _, err = run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")
    assert code == 1 and "event.toml: source: no plugin reads the format 'gotha'" in err
    assert "opengotha" in err


def test_a_team_tournament_is_read_as_its_individual_games_and_says_so(tmp_path, run):
    """OpenGotha saves teams (their boards round by round), their placement criteria, clubs
    groups, display and publishing sets: the individual event is read, the teams noted."""
    teams = [("Zagreb", [0, 3]), ("Berlin", [1, 2]), ("Wien", [4])]
    groups = '<ClubsGroups><ClubsGroup name="North"><Club name="Zagr"/></ClubsGroup></ClubsGroups>'
    display = '<DPParameterSet playerSortType="rank"/><PublishParameterSet print="true"/>'
    text = tournament_xml(teams=teams).replace(
        "</TournamentParameterSet>", display + "</TournamentParameterSet>").replace(
        "</Tournament>", groups + "</Tournament>")
    xml = tmp_path / "teams.xml"
    xml.write_text(text, encoding="utf-8")
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "t")
    assert code == 0, err
    config = tomllib.loads((tmp_path / "content" / "t" / "event.toml").read_text())
    assert config["macmahon"]["tiebreaks"] == ["sos", "sosos"]  # not the teams' TEAMP, BDW...
    assert rows(tmp_path / "content" / "t" / "rounds" / "2.csv") == rows(
        _imported(tmp_path, run, GOOD) / "rounds" / "2.csv")
    assert [line for line in out.splitlines() if line.startswith("note:")] == [
        "note: Teams: 3 teams (Zagreb, Berlin and Wien) and their boards are not carried over: only "
        "the individual games are published"]


def test_a_file_without_teams_says_nothing_of_them(tmp_path, run):
    """Every OpenGotha file holds a TeamTournamentParameterSet, teams or not."""
    assert "<TeamTournamentParameterSet>" in GOOD and "<Team " not in GOOD
    xml = tmp_path / "t.xml"
    xml.write_text(GOOD, encoding="utf-8")
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "t")
    assert (code, err) == (0, "") and "Teams" not in out


def test_many_teams_are_counted_and_a_few_named(tmp_path, run):
    players = [(f"Fox{n}", "Finn", "10K", {}) for n in range(40)]
    teams = [(f"Team {n}", [2 * n, 2 * n + 1]) for n in range(20)]
    xml = tmp_path / "t.xml"
    xml.write_text(tournament_xml(players=players, games=[], byes=[], teams=teams), encoding="utf-8")
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "t")
    assert code == 0, err
    assert ("note: Teams: 20 teams (Team 0, Team 1, Team 2, Team 3, Team 4 and 15 more) and their boards "
            "are not carried over: only the individual games are published") in out.splitlines()


def _imported(tmp_path: Path, run, text: str) -> Path:
    (tmp_path / "plain.xml").write_text(text, encoding="utf-8")
    assert run("import", "opengotha", tmp_path / "plain.xml", tmp_path / "content" / "plain")[0] == 0
    return tmp_path / "content" / "plain"


CUP = ("<PlacementCriterion>: name \"CPS\" (the cup score) makes this a cup (knockout) event, which "
       "publisher does not run: an OpenGotha file imports as a McMahon or a Swiss event. Fix: publish "
       "the cup from OpenGotha itself; if the event is McMahon or Swiss, make its first placement "
       "criterion MMS or NBW in OpenGotha (Options > Tournament Options > Placement) and save again")


@pytest.mark.parametrize("criteria", [["CPS", "NULL", "NULL"], ["Rating", "CPS", "NBW"]])
def test_a_cup_is_refused_naming_its_criterion_and_nothing_is_written(tmp_path, run, criteria):
    """OpenGotha's main criterion is the first of MMS, NBW and CPS; CPS makes a cup."""
    xml = write_tournament(tmp_path / "cup.xml", criteria=criteria)
    line = next(n for n, text in enumerate(xml.read_text().splitlines(), 1) if '"CPS"' in text)
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "cup")
    assert (code, out) == (1, "")
    assert err.splitlines()[:1] == [f"error: {display_path(xml)}:{line}: {CUP}"]
    assert len([text for text in err.splitlines() if text.startswith("error:")]) == 1
    assert not (tmp_path / "content").exists()


def test_a_cup_as_a_live_source_fails_the_build_in_the_same_words(tmp_path, run):
    folder = tmp_path / "content" / "cup"
    xml = write_tournament(folder / "tournament.xml", criteria=["CPS"])
    write(folder / "event.toml", 'source = "opengotha"\nfile = "tournament.xml"\n')
    line = next(n for n, text in enumerate(xml.read_text().splitlines(), 1) if '"CPS"' in text)
    code, _, err = run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")
    assert code == 1 and not (tmp_path / "site").exists()
    assert f"error: {display_path(xml)}:{line}: {CUP}" in err.splitlines()


def test_a_criterion_cps_after_the_main_one_is_only_left_out(tmp_path, run):
    xml = write_tournament(tmp_path / "t.xml", criteria=["MMS", "CPS", "SOSM"])
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "t")
    assert code == 0, err
    assert "note: PlacementParameterSet criterion 2 CPS has no tiebreak here and is left out" in out


def _crowd() -> list:
    """Five players of the samples, 697 more, and two who play round 2's one game."""
    more = [(f"Fox{n:03d}", "Finn", "10K", {}) for n in range(697)]
    return [*PLAYERS, *more, ("Gale", "Gus", "9K", {}), ("Hale", "Hal", "9K", {})]


def test_a_note_on_hundreds_of_players_counts_them_and_names_five(tmp_path, run):
    xml = write_tournament(tmp_path / "big.xml", players=_crowd(), byes=[],
                           games=[(2, 1, 702, 703, "RESULT_WHITEWINS", 0)])
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "big")
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("note:")] == [
        "note: round 2: 702 players neither paired nor given the bye, which OpenGotha scores 0; here each "
        "scores as an absent round: Able Ann, Baker Bob, Cole Cleo, Dale Dan, Eder Eva and 697 more"]


def test_notes_on_a_terminal_are_wrapped_to_its_width(tmp_path):
    """Into a pipe a note is one line (for grep); on a terminal it is wrapped at the terminal's
    width, its later lines indented under its text."""
    xml = write_tournament(tmp_path / "big.xml", players=_crowd(), byes=[],
                           games=[(2, 1, 702, 703, "RESULT_WHITEWINS", 0)])
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "60", "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([sys.executable, "-m", "publisher.cli", "import", "opengotha", str(xml),
                               str(tmp_path / "content" / "big")], stdout=follower,
                              stderr=subprocess.PIPE, cwd=ROOT, env=env, timeout=120)
        os.close(follower)
        shown = b""
        while chunk := _read(leader):
            shown += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0, done.stderr
    lines = shown.decode().replace("\r\n", "\n").splitlines()
    assert lines[:5] == [
        "note: round 2: 702 players neither paired nor given the",
        "      bye, which OpenGotha scores 0; here each scores as an",
        "      absent round: Able Ann, Baker Bob, Cole Cleo, Dale",
        "      Dan, Eder Eva and 697 more",
        f"Imported {xml} into {tmp_path / 'content' / 'big'} (2 round file(s)); build with publisher build"]


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 4096)
    except OSError:  # the terminal's other end is closed: all of it was read
        return b""


def test_a_file_without_bar_and_floor_gets_opengothas_own_defaults(tmp_path, run):
    # OpenGotha reads a missing genMMBar as 4D and a missing genMMFloor as 20K.
    text = re.sub(r' genMM(Bar|Floor)="[^"]*"', "", tournament_xml())
    source = tmp_path / "bare.xml"
    source.write_text(text, encoding="utf-8")
    target = tmp_path / "content" / "bare"
    code, _, err = run("import", "opengotha", source, target)
    assert (code, err) == (0, "")
    mm = tomllib.loads((target / "event.toml").read_text())["macmahon"]
    assert (mm["grouping"], mm["bar"], mm["floor"]) == ("bar-floor", "4d", "20k")


def test_four_players_with_pin_zero_are_four_people_imported_and_live(tmp_path, run):
    """OpenGotha writes egfPin="0" for a player without a PIN."""
    players = [(s, f, r, {**extra, "egfPin": "0"}) for s, f, r, extra in PLAYERS[:4]] + PLAYERS[4:]
    content = tmp_path / "content"
    xml = write_tournament(tmp_path / "t.xml", players=players)
    code, _, err = run("import", "opengotha", xml, content / "club")
    assert code == 0, err
    assert [p["egd_pin"] for p in rows(content / "club" / "players.csv")] == ["", "", "", "", ""]
    write_tournament(content / "live" / "tournament.xml", players=players)
    write(content / "live" / "event.toml", 'source = "opengotha"\nfile = "tournament.xml"\n')
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 0, err
    for slug in ("club", "live"):
        event = json.loads((tmp_path / "site" / slug / "data" / "event.json").read_text())
        assert len(event["players"]) == 5
    people = read_people(tmp_path / "site")
    assert not [p for p in people if p["key"].startswith("egd-")]


def pairgoth_xml() -> str:
    """A file as PairGoth's OpenGotha export writes it: the byes in a <ByePlayer> container,
    bye keys neither upper-cased nor folded, RESULT_BOTHLOOSE, its own criterion names padded
    with NULL to six, and a team parameter set without teams."""
    text = tournament_xml(games=[*GAMES, (3, 1, 0, 1, "RESULT_BOTHLOOSE", 0)], byes=[],
                          criteria=["MMS", "SOSMM1", "SOSOSM", "NULL", "NULL", "NULL"])
    byes = "".join(f'<ByePlayer player="{who}" roundNumber="{number}"/>\n'
                   for number, who in ((1, "EderEva"), (2, "DaleDan")))
    return text.replace("</Games>", f"</Games>\n<ByePlayer>\n{byes}</ByePlayer>").replace(
        "</Tournament>", '<TeamTournamentParameterSet><TeamGeneralParameterSet teamSize="4"/>'
        "</TeamTournamentParameterSet>\n</Tournament>")


def test_a_file_written_by_pairgoth_imports_as_opengotha_opens_it(tmp_path, run):
    xml = tmp_path / "pairgoth.xml"
    xml.write_text(pairgoth_xml(), encoding="utf-8")
    target = tmp_path / "content" / "pg"
    code, out, err = run("import", "opengotha", xml, target)
    assert (code, err) == (0, ""), err
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and notes[0].endswith("absent round: Cole Cleo, Dale Dan and Eder Eva")
    assert rows(target / "rounds" / "1.csv")[-1] == {
        "table": "", "player1": "eder-eva", "player2": "", "result": "bye", "handicap": "", "komi": ""}
    assert rows(target / "rounds" / "2.csv")[-1]["player1"] == "dale-dan"
    assert rows(target / "rounds" / "3.csv")[0]["result"] == "0-0"
    config = tomllib.loads((target / "event.toml").read_text())
    assert config["macmahon"]["tiebreaks"] == ["sos-1", "sosos"]

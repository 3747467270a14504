"""Content files as spreadsheets save them: a byte-order mark, Windows line ends, semicolons
and decimal commas (Excel set to German, French or Croatian), empty columns at the end.

What the organiser checks: the build passes, the names and numbers on the site are the ones
typed, and no column without a name reaches event.json.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import write


def excel(path: Path, rows: list[list[str]]) -> None:
    """Save ``rows`` as European Excel saves "CSV UTF-8": BOM, CRLF, ';', two empty columns."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(";".join([*row, "", ""]) + "\r\n" for row in rows)
    path.write_bytes(("\ufeff" + text).encode("utf-8"))


def load(out: Path, slug: str, name: str):
    return json.loads((out / slug / "data" / name).read_text(encoding="utf-8"))


def test_a_go_event_saved_by_european_excel(tmp_path, run):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", 'name = "Open"\ngame = "go"\nsystem = "swiss"\n'
          "start = 2026-05-01\nrounds = 3\n")
    excel(folder / "players.csv", [["ID", "Name", "Rank", "Rating", "Club"],
                                   ["p1", "Kovač, Ana", "2 dan", "2100", "Zagreb"],
                                   ["p2", "Bob", "1k", "1900", ""],
                                   ["p3", "Cleo", "3k", "1700", ""]])
    excel(folder / "rounds" / "1.csv", [["table", "player1", "player2", "result", "handicap", "komi"],
                                        ["1", "p1", "p2", "½-½", "0", "6,5"],
                                        ["", "p3", "", "bye", "", ""]])
    out = tmp_path / "site"
    code, _, err = run("build", "--content", folder.parent, "--out", out)
    assert code == 0, err
    players = load(out, "open", "event.json")["players"]
    assert [(p["id"], p["name"], p["rank"], p["rating"], p["club"]) for p in players] == [
        ("p1", "Kovač, Ana", "2d", 2100, "Zagreb"), ("p2", "Bob", "1k", 1900, ""),
        ("p3", "Cleo", "3k", 1700, "")]
    assert all("" not in p for p in players)
    round1 = load(out, "open", "round-1.json")
    assert round1["pairings"] == [{"table": 1, "players": ["p1", "p2"], "result": "0.5-0.5",
                                   "handicap": 0, "komi": 6.5}]
    assert round1["byes"] == ["p3"]
    standings = load(out, "open", "standings-1.json")["standings"]
    assert sorted((s["place"], s["player"], s["score"]) for s in standings) == [
        (1, "p3", 1.0), (2, "p1", 0.5), (2, "p2", 0.5)]


def test_pair_reads_a_round_file_saved_with_semicolons(tmp_path, run):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", 'name = "Open"\ngame = "go"\nsystem = "swiss"\n'
          "start = 2026-05-01\nrounds = 3\n")
    excel(folder / "players.csv", [["id", "name", "rating"]] + [[f"p{i}", f"P {i}", str(2000 - i)]
                                                                for i in range(1, 5)])
    excel(folder / "rounds" / "1.csv", [["table", "player1", "player2", "result"],
                                        ["1", "p1", "p3", "1-0"], ["2", "p2", "p4", "1-0"]])
    code, _, err = run("pair", folder)
    assert code == 0, err
    written = (folder / "rounds" / "2.csv").read_text(encoding="utf-8").splitlines()
    assert written[0].startswith("table,player1,player2,result")
    assert {frozenset(line.split(",")[1:3]) for line in written[1:]} == {
        frozenset({"p1", "p2"}), frozenset({"p3", "p4"})}


def test_mahjong_scores_with_decimal_commas(tmp_path, run):
    folder = tmp_path / "content" / "mj"
    write(folder / "event.toml", 'name = "MJ"\ngame = "mahjong"\nsystem = "mahjong-elimination"\n'
          "start = 2026-05-01\n[mahjong]\nadvance = [4]\nparts = [1, 1]\n")
    excel(folder / "players.csv", [["id", "name"]] + [[f"m{i}", f"M {i}"] for i in range(1, 9)])
    assert run("draw", folder, "--round", 1)[0] == 0
    seating = (folder / "rounds" / "1-seating.csv").read_text(encoding="utf-8").splitlines()[1:]
    tables: dict[str, list[str]] = {}
    for line in seating:
        _, table, _, player = line.split(",")
        tables.setdefault(table, []).append(player)
    rows = [["player", "part", "score", "hands"]]
    for players in tables.values():
        rows += [[p, "1", s, "8"] for p, s in zip(players, ["12,5", "-2,5", "-10", "0"], strict=True)]
    excel(folder / "rounds" / "1-scores.csv", rows)
    out = tmp_path / "site"
    code, _, err = run("build", "--content", folder.parent, "--out", out)
    assert code == 0, err
    standings = load(out, "mj", "mahjong-round-1.json")["standings"]
    by_player = {s["player"]: (s["play"], s["total_display"]) for s in standings}
    first = next(iter(tables.values()))
    assert [by_player[p] for p in first] == [("25/2", "12.50"), ("-5/2", "-2.50"), ("-10", "-10.00"),
                                             ("0", "0.00")]

"""CSV downloads beside every players, standings and results page."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from conftest import write

from plugins.spreadsheets.table import neutralised, spreadsheet_csv

ROOT = Path(__file__).parent.parent


def read(path: Path) -> list[list[str]]:
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    return list(csv.reader(data.decode("utf-8-sig").splitlines()))


def test_formulas_are_neutralised_and_numbers_kept():
    assert [neutralised(v) for v in ("=1+1", "+36 1 555", "-2", "-1.5", "@SUM(A1)", "\tx", "Ann", 3)] == [
        "'=1+1", "'+36 1 555", "-2", "-1.5", "'@SUM(A1)", "'\tx", "Ann", "3"]
    assert spreadsheet_csv(["A", "B"], [["=cmd|' /C calc'!A0", "x,y"]]) == (
        "\ufeffA,B\r\n'=cmd|' /C calc'!A0,\"x,y\"\r\n".encode())


def test_every_standings_results_and_players_page_links_its_csv(tmp_path, run):
    assert run("build", "--content", ROOT / "content", "--out", tmp_path / "site")[0] == 0
    site = tmp_path / "site"
    for page in [*site.glob("*/standings-*.html"), *site.glob("*/players.html"),
                 *site.glob("*/results.html"), *site.glob("ljubljana-go-open-2026/round-*.html")]:
        target = page.with_suffix(".csv")
        assert target.is_file(), target
        assert f'href="{target.name}" download' in page.read_text(), page
    lj = site / "ljubljana-go-open-2026"
    rows = read(lj / "standings-6.csv")
    data = json.loads((lj / "data" / "standings-6.json").read_text())
    assert rows[0] == ["Place", "Player", "Rank", "Score", "Wins", "SOS", "SOSOS", "SODOS", "EGD PIN"]
    assert [r[3] for r in rows[1:]] == [f"{s['score']:g}" for s in data["standings"]]
    assert rows[1][:2] == ["1", "Lukáš Dvořák"]
    pins = {p["name"]: p["egd_pin"] for p in json.loads((lj / "data" / "event.json").read_text())["players"]}
    assert rows[1][-1] == pins["Lukáš Dvořák"] and len(rows[1][-1]) == 8
    results = read(site / "hk-mahjong-open-2026" / "results.csv")
    assert results[0] == ["Place", "Player", "Out in", "Total", "Prize"]


def test_downloads_are_deterministic_and_a_hostile_name_stays_text(archive, tmp_path, run):
    write(archive / "club-swiss" / "players.csv", """
        id,name,rank
        a,=HYPERLINK("http://x"),3d
        b,Bob,1k
    """)
    assert run("build", "--content", archive, "--out", tmp_path / "one")[0] == 0
    assert run("build", "--content", archive, "--out", tmp_path / "two")[0] == 0
    one = (tmp_path / "one" / "club-swiss" / "players.csv").read_bytes()
    assert one == (tmp_path / "two" / "club-swiss" / "players.csv").read_bytes()
    assert read(tmp_path / "one" / "club-swiss" / "players.csv")[1][0] == "'=HYPERLINK(\"http://x\")"

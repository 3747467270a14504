"""The results desk's writing (publisher/live/desk_files.py) through the systems' result sheets:
only the table's line changes, the build's checks and messages, a file saved meanwhile in an
editor, the log, and a mahjong part entered table by table."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from publisher.content.csvedit import edit_csv
from publisher.live.desk_files import DeskFiles, etag
from publisher.live.sheets import EntryRefused
from publisher.plugins import plugin_manager

EXAMPLES = Path(__file__).resolve().parents[1] / "content"


@pytest.fixture
def content(tmp_path: Path) -> Path:
    for name in ("wosc-2026", "hk-mahjong-open-2026"):
        shutil.copytree(EXAMPLES / name, tmp_path / "content" / name)
    return tmp_path / "content"


def refusal(call) -> tuple[int, str]:
    with pytest.raises(EntryRefused) as caught:
        call()
    return caught.value.status, caught.value.message


def test_a_result_changes_only_its_tables_line_and_is_logged(content):
    desk = DeskFiles(plugin_manager(), content)
    path = content / "wosc-2026/rounds/6.csv"
    before = path.read_bytes()
    view, tag = desk.round("wosc-2026", "6")
    assert tag == etag(before)
    assert view["kind"] == "result" and view["file"] == "rounds/6.csv" and view["missing"] == 30
    assert view["tables"][1] == {"table": 2, "result": None, "players": [
        {"id": "s039", "name": "Megan Martinez", "seat": "Sente"},
        {"id": "s021", "name": "Jakub Lewandowski", "seat": "Gote"}]}
    saved = desk.save("wosc-2026", "6", {"table": 2, "result": "1-0"}, tag, "desk 2")
    after = path.read_bytes()
    assert after == before.replace(b"\n2,s039,s021,,\n", b"\n2,s039,s021,1-0,\n")
    assert saved.etag == etag(after) and (saved.change.old, saved.change.new) == ("", "1-0")
    log = list(csv.reader((content / "wosc-2026/desk-log.csv").open(encoding="utf-8")))
    assert log[0] == ["time", "device", "round", "table", "old", "new"]
    assert log[1][1:] == ["desk 2", "6", "2", "", "1-0"]
    assert not list(path.parent.glob(".*"))  # the staging file is gone


def test_a_result_the_build_refuses_is_refused_with_its_message_and_nothing_changes(content):
    desk = DeskFiles(plugin_manager(), content)
    path = content / "wosc-2026/rounds/6.csv"
    before = path.read_bytes()
    status, message = refusal(lambda: desk.save("wosc-2026", "6", {"table": 2, "result": "2-0"}, None, "d"))
    assert status == 422
    assert message.endswith("wosc-2026/rounds/6.csv:3: unknown result '2-0'. Fix: write 1-0, 0-1, 0.5-0.5, "
                            "½-½, 0-0, 1-1, 1-0!, 0-1!, bye, or leave it empty until the game is over")
    assert refusal(lambda: desk.save("wosc-2026", "6", {"table": 99, "result": "1-0"}, None, "d")) == (
        404, "round 6 has no table 99")
    assert refusal(lambda: desk.save("wosc-2026", "6", {"table": "2", "result": "1-0"}, None, "d"))[0] == 400
    assert refusal(lambda: desk.save("wosc-2026", "9", {"table": 2, "result": "1-0"}, None, "d"))[0] == 404
    assert refusal(lambda: desk.save("..", "6", {"table": 2, "result": "1-0"}, None, "d"))[0] == 404
    assert refusal(lambda: desk.save("wosc-2026", "06", {"table": 2, "result": "1-0"}, None, "d"))[0] == 404
    assert path.read_bytes() == before
    assert not (content / "wosc-2026/desk-log.csv").exists()


def test_an_edit_in_an_editor_is_never_lost(content):
    desk = DeskFiles(plugin_manager(), content)
    path = content / "wosc-2026/rounds/6.csv"
    _, tag = desk.round("wosc-2026", "6")
    path.write_bytes(path.read_bytes().replace(b"\n28,s022,s013,,", b"\n28,s022,s013,0-1,"))
    edited = path.read_bytes()
    assert refusal(lambda: desk.save("wosc-2026", "6", {"table": 2, "result": "1-0"}, tag, "d")) == (
        412, "6.csv changed since you read it: nothing was written; load the round again and re-enter")
    assert path.read_bytes() == edited
    desk.save("wosc-2026", "6", {"table": 2, "result": "1-0"}, etag(edited), "d")
    assert b"\n28,s022,s013,0-1," in path.read_bytes() and b"\n2,s039,s021,1-0," in path.read_bytes()


def test_the_file_keeps_its_separator_line_ends_and_quotes():
    text = '\ufeffsep=;\r\ntable;player1;player2;result;note\r\n1;a;b;;"x; y"\r\n2;c;d;;\r\n'
    assert edit_csv(text, {4: {"result": "0-1"}}, []) == text.replace("2;c;d;;", "2;c;d;0-1;")
    quoted = 'table,player1,player2,result,note\n1,a,b,,"two\nlines"\n2,c,d,,'
    assert edit_csv(quoted, {2: {"result": "1-0"}}, [{"table": "3", "player1": "e"}]) == (
        'table,player1,player2,result,note\n1,a,b,1-0,two\nlines\n2,c,d,,\n3,e,,,\n'.replace(
            "two\nlines", '"two\nlines"'))


def test_mahjong_tables_come_in_one_by_one_and_a_wrong_total_is_refused(content):
    desk = DeskFiles(plugin_manager(), content)
    view, tag = desk.round("hk-mahjong-open-2026", "2")
    assert view["kind"] == "scores" and view["file"] == "rounds/2-scores.csv"
    first = view["tables"][0]
    assert (first["part"], first["table"], first["scores"]) == (1, 1, None)
    assert [p["seat"] for p in first["players"]] == ["E", "S", "W", "N"]
    status, message = refusal(lambda: desk.save("hk-mahjong-open-2026", "2", {
        "table": 1, "part": 1, "scores": [30, -10, -10, -5]}, tag, "desk 1"))
    assert status == 422
    assert "part 1, table 1 (h19, h15, h22, h07) sums to +5, not 0" in message
    assert not (content / "hk-mahjong-open-2026/rounds/2-scores.csv").exists()
    desk.save("hk-mahjong-open-2026", "2", {"table": 1, "part": 1, "scores": [30, -10, -10, -10],
                                            "hands": ["64 32", "-", "", "8"]}, tag, "desk 1")
    path = content / "hk-mahjong-open-2026/rounds/2-scores.csv"
    assert path.read_text() == ("player,part,score,hands\nh19,1,30,64 32\nh15,1,-10,-\nh22,1,-10,\n"
                                "h07,1,-10,8\n")
    view, _ = desk.round("hk-mahjong-open-2026", "2")
    assert view["tables"][0]["scores"] == ["30", "-10", "-10", "-10"]
    assert view["tables"][0]["hands"] == ["64 32", "-", "", "8"]
    assert view["missing"] == len(view["tables"]) - 1
    desk.save("hk-mahjong-open-2026", "2", {"table": 1, "part": 1, "scores": [20, -10, -10, 0]}, None, "d")
    assert path.read_text() == ("player,part,score,hands\nh19,1,20,64 32\nh15,1,-10,-\nh22,1,-10,\n"
                                "h07,1,0,8\n")
    log = (content / "hk-mahjong-open-2026/desk-log.csv").read_text().splitlines()
    assert log[2].endswith(",d,2,part 1 table 1,h19 30; h15 -10; h22 -10; h07 -10,"
                           "h19 20; h15 -10; h22 -10; h07 0")


def test_the_site_shows_a_part_entered_table_by_table(content, run, tmp_path):
    desk = DeskFiles(plugin_manager(), content)
    desk.save("hk-mahjong-open-2026", "2", {"table": 1, "part": 1, "scores": [30, -10, -10, -10]}, None, "d")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 0, err
    page = (tmp_path / "site/hk-mahjong-open-2026/round-2.html").read_text()
    assert "0 of 2 parts scored; part 1: 1 of 4 tables in, 3 awaited" in page
    assert '<h2 id="part-1">Half 1 <span class="tag">1 of 4 tables in</span></h2>' in page
    standings = (tmp_path / "site/hk-mahjong-open-2026/standings-2.html").read_text()
    assert "Provisional: 0 of 2 parts scored; part 1: 1 of 4 tables in, 3 awaited." in standings


TALLY = '''
"""A system the core has never heard of, entered at the desk through its own sheet."""
from pathlib import Path

from publisher import hookimpl
from publisher.content.csvedit import edit_csv
from publisher.content.csvfiles import read_csv
from publisher.live.sheets import Change, EntryRefused, ResultSheet
from publisher.problems import Problems


def read(path, text=None):
    problems = Problems()
    rows = read_csv(path, ("table", "a", "b", "winner"), text)
    for row in rows:
        if row.get("winner") not in ("", "a", "b"):
            problems.add(path, f"winner {row.get('winner')!r} is neither a nor b", "write a or b",
                         line=row.line)
    problems.check()
    return rows


class Tally(ResultSheet):
    kind = "result"

    def tables(self):
        return [{"table": int(r.get("table")), "result": r.get("winner") or None,
                 "players": [{"id": r.get("a"), "name": r.get("a"), "seat": "a"},
                             {"id": r.get("b"), "name": r.get("b"), "seat": "b"}]} for r in read(self.path)]

    def enter(self, text, entry):
        row = next((r for r in read(self.path, text) if r.get("table") == str(entry.get("table"))), None)
        if row is None:
            raise EntryRefused(404, "no such table")
        return Change(edit_csv(text, {row.line: {"winner": entry["result"]}}, []), row.get("table"),
                      row.get("winner"), entry["result"])

    def check(self, path):
        read(path)


@hookimpl
def publisher_systems():
    return {"tally": "Tally: who won each table"}


@hookimpl
def publisher_results_sheet(event, round):
    if event.system == "tally":
        return Tally(round or 1, event.rounds_dir / f"{round or 1}.csv")
'''


def test_a_system_of_a_plugin_is_entered_at_the_desk_through_its_own_sheet(tmp_path):
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins/tally.py").write_text(TALLY, encoding="utf-8")
    folder = tmp_path / "content/club"
    (folder / "rounds").mkdir(parents=True)
    (folder / "event.toml").write_text('name = "Club"\ngame = "go"\nsystem = "tally"\nstart = 2026-01-01\n'
                                       'end = 2026-01-01\nvenue = "Hall"\n', encoding="utf-8")
    (folder / "players.csv").write_text("id,name\nx,X\ny,Y\n", encoding="utf-8")
    (folder / "rounds/1.csv").write_text("table,a,b,winner\n1,x,y,\n", encoding="utf-8")
    desk = DeskFiles(plugin_manager(tmp_path / "plugins"), tmp_path / "content")
    status, message = refusal(lambda: desk.save("club", "1", {"table": 1, "result": "c"}, None, "d"))
    assert status == 422
    assert message.endswith("club/rounds/1.csv:2: winner 'c' is neither a nor b. Fix: write a or b")
    desk.save("club", "1", {"table": 1, "result": "b"}, None, "d")
    assert (folder / "rounds/1.csv").read_text() == "table,a,b,winner\n1,x,y,b\n"
    assert desk.round("club", "1")[0]["tables"][0]["result"] == "b"


def test_a_withdrawal_is_one_line_of_event_toml():
    from plugins.macmahon.sheet import withdrawn_toml

    text = 'name = "Open"\r\n\r\n[macmahon]\r\npairing = "split"  # fold\r\n\r\n[schedule]\r\nx = 1\r\n'
    assert withdrawn_toml(text, "s017", 4) == text.replace("[macmahon]\r\n",
                                                           "[macmahon]\r\nwithdrawn = { s017 = 4 }\r\n")
    listed = 'rounds = 5\n[macmahon]\nwithdrawn = { s001 = 2 }  # left early\n'
    assert withdrawn_toml(listed, "s017", 4) == listed.replace("s001 = 2", "s001 = 2, s017 = 4")
    assert withdrawn_toml('rounds = 5', "a b", 0) == 'rounds = 5\n\n[macmahon]\nwithdrawn = { "a b" = 0 }\n'
    for own in ('[macmahon]\n[macmahon.withdrawn]\ns001 = 2\n', '[macmahon]\nwithdrawn = {\n  s001 = 2 }\n'):
        with pytest.raises(EntryRefused, match="add s017 = 4 to it by hand"):
            withdrawn_toml(own, "s017", 4)


def test_a_result_of_an_earlier_round_is_checked_against_the_rounds_made_from_it(content):
    desk = DeskFiles(plugin_manager(), content)
    rounds = content / "hk-mahjong-open-2026/rounds"
    first = list(csv.DictReader((rounds / "1-seating.csv").open()))
    later = {row["player"] for row in csv.DictReader((rounds / "2-seating.csv").open())}
    out = next(row for row in first if row["player"] not in later and row["part"] == "1")
    seats = [row["player"] for row in first if row["part"] == "1" and row["table"] == out["table"]]
    scores = [3000 if player == out["player"] else -1000 for player in seats]
    before = (rounds / "1-scores.csv").read_bytes()
    status, message = refusal(lambda: desk.save("hk-mahjong-open-2026", "1", {
        "table": int(out["table"]), "part": 1, "scores": scores}, None, "d"))
    # The cut after round 1 changes: the build's lottery for the old tie no longer applies
    assert status == 422 and message.endswith(
        "hk-mahjong-open-2026/rounds/1-lottery.csv: records a lottery, but no tie across the cut after "
        "round 1 was left to one. Fix: remove the file: the totals and the hands decided every tie")
    assert (rounds / "1-scores.csv").read_bytes() == before

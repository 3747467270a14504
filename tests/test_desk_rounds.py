"""Later in the day at the results desk: once every result is in, the director's button pairs
the next Go or shogi round, or draws the next mahjong round, writing the file the command writes."""

from __future__ import annotations

import csv
from collections.abc import Iterator

import pytest
from desk_server import DeskServer


@pytest.fixture(scope="module")
def desk(tmp_path_factory) -> Iterator[DeskServer]:
    server = DeskServer(tmp_path_factory.mktemp("desk-rounds"))
    yield server
    server.stop()


def test_the_next_go_round_is_paired_once_every_result_is_in(desk):
    helper, director = desk.join(), desk.join(director=True)
    url = "/desk/api/wosc-2026/rounds/6"
    status, _, answer = desk.call("POST", url + "/next", {}, token=director)
    assert status == 409 and "has no result yet, so round 7 cannot be paired" in answer["error"]
    view = desk.call("GET", url, token=helper)[2]
    assert view["next"] == "Pair round 7"
    for table in view["tables"]:
        status, _, answer = desk.call("POST", url + "/results", {"table": table["table"], "result": "1-0"},
                                      token=helper)
        assert status == 200, answer
    assert desk.call("GET", url, token=helper)[2]["missing"] == 0
    assert desk.call("POST", url + "/next", {}, token=helper)[0] == 403
    status, _, answer = desk.call("POST", url + "/next", {}, token=director)
    assert status == 200 and answer["message"].startswith("Wrote ") and "tables" in answer["message"]
    assert answer["output"].startswith("Round 7 of World Open Shogi Championship 2026: ")
    paired = list(csv.DictReader((desk.content / "wosc-2026/rounds/7.csv").open(encoding="utf-8")))
    assert len(paired) >= 30 and all(row["result"] in ("", "bye") for row in paired)
    assert desk.call("GET", url, token=helper)[2]["next"] is None  # round 6 is no longer the latest
    events = {e["slug"]: e["round"] for e in desk.call("GET", "/desk/api/events", token=helper)[2]["events"]}
    assert events["wosc-2026"] == 7
    log = list(csv.reader((desk.content / "wosc-2026/desk-log.csv").open(encoding="utf-8")))
    assert log[-1][1:] == ["director", "6", "", "", "pair round 7"]


def test_the_next_mahjong_round_is_drawn_once_every_table_is_in(desk):
    helper, director = desk.join(), desk.join(director=True)
    url = "/desk/api/hk-mahjong-open-2026/rounds/2"
    view = desk.call("GET", url, token=helper)[2]
    assert view["next"] == "Draw round 3"
    status, _, answer = desk.call("POST", url + "/next", {}, token=director)
    assert status == 409
    assert "round 3 cannot be drawn: round 2 is scored for 0 of its 2 parts" in answer["error"]
    for number, table in enumerate(view["tables"]):
        scores = [30 + number, -10, -10, -10 - number]
        entry = {"table": table["table"], "part": table["part"], "scores": scores}
        status, _, answer = desk.call("POST", url + "/results", entry, token=helper)
        assert status == 200, answer
    status, _, answer = desk.call("POST", url + "/next", {}, token=director)
    assert status == 200
    drew, winds = answer["output"].splitlines()  # what publisher draw prints
    assert drew == "Drew round 3: 32 seats written to content/hk-mahjong-open-2026/rounds/3-seating.csv"
    assert winds.startswith("Winds over rounds 1 to 3: every player within ceil(P/4)+")
    assert (desk.content / "hk-mahjong-open-2026/rounds/3-seating.csv").is_file()


def test_a_go_player_withdraws_and_a_late_player_joins(desk):
    helper, director = desk.join(), desk.join(director=True)
    toml = desk.content / "wosc-2026/event.toml"
    before = toml.read_text(encoding="utf-8")
    url = "/desk/api/wosc-2026/rounds/7/withdrawals"
    assert desk.call("POST", url, {"player": "s046"}, token=helper)[0] == 403
    assert desk.call("POST", url, {"player": "nobody"}, token=director)[0] == 404
    status, _, answer = desk.call("POST", url, {"player": "s046", "reason": "went home"}, token=director)
    assert status == 200, answer
    assert answer["message"].endswith("(s046) is withdrawn: not in the rounds after round 7")
    after = toml.read_text(encoding="utf-8")
    assert after.replace("withdrawn = { s046 = 7 }\n", "") == before  # one line added, in [macmahon]
    assert after.index("[macmahon]") < after.index("withdrawn = { s046 = 7 }")
    status, _, answer = desk.call("POST", url, {"player": "s046"}, token=director)
    assert status == 409 and answer["error"] == "s046 is withdrawn already (after round 7)"
    add = "/desk/api/wosc-2026/players"
    late = {"id": "s999", "name": "Late Comer", "rank": "1d", "country": "SI"}
    players = desk.call("POST", add, late, token=director)
    assert players[0] == 200 and players[2]["message"] == "Late Comer (s999) is added to players.csv"
    text = (desk.content / "wosc-2026/players.csv").read_text(encoding="utf-8")
    assert text.endswith("\ns999,Late Comer,1d,,SI,,,,\n")
    status, _, answer = desk.call("POST", add, {"id": "s998", "name": "X", "rank": "99x"}, token=director)
    assert status == 422 and "players.csv:" in answer["error"] and "'99x'" in answer["error"]
    status, _, answer = desk.call("POST", add, {"id": "s997", "team": "A"}, token=director)
    assert status == 400
    assert answer["error"].startswith("players.csv has no column team: its columns are id, name")
    log = list(csv.reader((desk.content / "wosc-2026/desk-log.csv").open(encoding="utf-8")))
    assert [row[5] for row in log[-2:]] == ["withdrew s046 after round 7", "late player Late Comer (s999)"]


def test_a_mahjong_qualifier_withdraws_from_the_next_round(desk):
    director = desk.join(director=True)
    seated = list(csv.DictReader((desk.content / "hk-mahjong-open-2026/rounds/3-seating.csv").open()))
    playing = seated[0]["player"]
    out = next(p for p in (f"h{i:02d}" for i in range(1, 33)) if p not in {r["player"] for r in seated})
    url = "/desk/api/hk-mahjong-open-2026/rounds/3/withdrawals"
    status, _, answer = desk.call("POST", url, {"player": out}, token=director)
    assert status == 422 and f"'{out}' did not play the round before" in answer["error"]
    assert not (desk.content / "hk-mahjong-open-2026/rounds/4-withdrawals.csv").exists()
    status, _, answer = desk.call("POST", url, {"player": playing, "reason": "flight home"}, token=director)
    assert status == 200, answer
    assert (desk.content / "hk-mahjong-open-2026/rounds/4-withdrawals.csv").read_text() == (
        f"player,reason\n{playing},flight home\n")


def test_double_entry_writes_a_mahjong_table_once_two_helpers_agree(tmp_path):
    desk = DeskServer(tmp_path, ("hk-mahjong-open-2026",), "--double-entry")
    try:
        first, second, third = desk.join("desk 1"), desk.join("desk 2"), desk.join("desk 3")
        url = "/desk/api/hk-mahjong-open-2026/rounds/2"
        path = desk.content / "hk-mahjong-open-2026/rounds/2-scores.csv"
        entry = {"table": 1, "part": 1, "scores": [30, -10, -10, -10], "hands": ["64", "-", "", ""]}
        status, _, answer = desk.call("POST", url + "/results", entry, token=first)
        assert status == 202 and answer["waiting"] is True and not path.exists()
        assert desk.call("GET", url, token=first)[2]["waiting"] == {"part 1 table 1": "desk 1"}
        assert desk.call("POST", url + "/results", entry, token=first)[0] == 409  # the same device
        wrong = {**entry, "scores": [30, -10, -20, 0]}
        status, _, answer = desk.call("POST", url + "/results", wrong, token=second)
        assert status == 409 and "the two entries differ (desk 1: h19 30 (64); h15 -10 (-)" in answer["error"]
        assert not path.exists() and desk.call("GET", url, token=first)[2]["waiting"] == {}
        bad = {**entry, "scores": [30, -10, -10, 0]}
        assert desk.call("POST", url + "/results", bad, token=second)[0] == 422  # refused at once
        assert desk.call("POST", url + "/results", entry, token=second)[0] == 202
        status, _, answer = desk.call("POST", url + "/results", entry, token=third)
        assert status == 200 and path.read_text() == "player,part,score,hands\nh19,1,30,64\nh15,1,-10,-\n" \
                                                      "h22,1,-10,\nh07,1,-10,\n"
        log = (desk.content / "hk-mahjong-open-2026/desk-log.csv").read_text().splitlines()
        assert len(log) == 2 and ",desk 2 + desk 3,2,part 1 table 1,," in log[1]
    finally:
        desk.stop()

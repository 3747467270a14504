"""The results desk's JSON API over the wire, from ``publisher serve --desk`` as a director runs it:
joining, every refusal (401, 403, 404, 400, 422, 412, 413, 429), two helpers at once, an editor's
save meanwhile, the log, the site following, and devices listed and revoked."""

from __future__ import annotations

import csv
import json
import threading
import time
from collections.abc import Iterator

import pytest
from desk_server import DeskServer

ROUND = "/desk/api/wosc-2026/rounds/6"
RESULTS = ROUND + "/results"


@pytest.fixture(scope="module")
def desk(tmp_path_factory) -> Iterator[DeskServer]:
    server = DeskServer(tmp_path_factory.mktemp("desk"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def token(desk) -> str:
    return desk.join("desk A")


def test_the_terminal_shows_a_code_and_a_qr_and_no_token_reaches_the_log(desk):
    text = "".join(desk.lines)
    assert "Results desk, for a helper's phone or laptop" in text
    assert "▄" in text or "█" in text  # the QR code, drawn in the terminal


def test_a_code_works_once_and_every_device_gets_its_own_session(desk):
    code = desk.helper_code()
    status, _, answer = desk.call("POST", "/desk/api/join", {"token": code, "label": "desk 7"})
    assert status == 200 and answer["label"] == "desk 7" and answer["director"] is False
    assert len(answer["token"]) >= 43 and answer["token"] != code
    status, _, again = desk.call("POST", "/desk/api/join", {"token": code})
    assert status == 401 and "used already" in again["error"]
    desk.wait_for(r"desk/\?token=(?!" + code + ")")
    assert desk.helper_code() != code


def test_without_a_valid_token_nothing_is_answered(desk):
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic abc"}):
        status, _, answer = desk.call("GET", "/desk/api/events", **headers)
        assert status == 401 and answer["error"].startswith("sign in")
    status, _, _ = desk.call("POST", RESULTS, {"table": 2, "result": "1-0"}, token="x" * 43)
    assert status == 401


def test_events_and_a_round_with_its_etag(desk, token):
    status, _, answer = desk.call("GET", "/desk/api/events", token=token)
    assert status == 200 and answer["device"] == "desk A"
    assert {"slug": "wosc-2026", "name": "World Open Shogi Championship 2026", "round": 6,
            "kind": "result"} in answer["events"]
    assert {e["slug"]: e["round"] for e in answer["events"]}["hk-mahjong-open-2026"] == 2
    status, headers, view = desk.call("GET", ROUND, token=token)
    assert status == 200 and view["round"] == 6 and view["file"] == "rounds/6.csv"
    assert view["tables"][0]["players"][0] == {"id": "s046", "name": view["tables"][0]["players"][0]["name"],
                                               "seat": "Sente"}
    assert headers["ETag"].startswith('"')
    status, _, _ = desk.call("GET", ROUND, token=token, If_None_Match=headers["ETag"])
    assert status == 304


def test_a_result_lands_in_the_file_the_log_and_the_site(desk, token):
    path = desk.content / "wosc-2026/rounds/6.csv"
    before = path.read_bytes()
    _, headers, _ = desk.call("GET", ROUND, token=token)
    status, answer_headers, answer = desk.call("POST", RESULTS, {"table": 3, "result": "0-1"}, token=token,
                                               If_Match=headers["ETag"])
    assert status == 200 and answer == {"table": "3", "old": "", "new": "0-1", "etag": answer_headers["ETag"]}
    line = next(x for x in before.splitlines() if x.startswith(b"3,"))
    assert path.read_bytes() == before.replace(line, line.replace(b",,", b",0-1,", 1))
    log = list(csv.reader((desk.content / "wosc-2026/desk-log.csv").open(encoding="utf-8")))
    assert log[-1][1:] == ["desk A", "6", "3", "", "0-1"]
    live = desk.content.parent / "site/wosc-2026/data/live.json"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        tables = json.loads(live.read_text()).get("tables", []) if live.exists() else []
        if any(t["table"] == "3" and t["result"] == "0-1" for t in tables):
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the site did not follow the desk")
    text = "".join(desk.lines)
    assert token not in text and token not in (desk.content / "wosc-2026/desk-log.csv").read_text()


def test_a_stale_etag_is_412_and_changes_nothing(desk, token):
    path = desk.content / "wosc-2026/rounds/6.csv"
    _, headers, _ = desk.call("GET", ROUND, token=token)
    edited = path.read_bytes().replace(b"\n29,s014,s011,,", b"\n29,s014,s011,1-0,")
    path.write_bytes(edited)  # a director's save in an editor
    status, _, answer = desk.call("POST", RESULTS, {"table": 4, "result": "1-0"}, token=token,
                                  If_Match=headers["ETag"])
    assert status == 412 and "changed since you read it" in answer["error"]
    assert path.read_bytes() == edited
    status, _, _ = desk.call("POST", RESULTS, {"table": 4, "result": "1-0"}, token=token)
    assert status == 200
    assert b"\n29,s014,s011,1-0," in path.read_bytes()  # the editor's result stays


@pytest.mark.parametrize(("body", "status", "message"), [
    ({"table": 5, "result": "2-1"}, 422, "rounds/6.csv:6: unknown result '2-1'. Fix: write 1-0, 0-1"),
    ({"table": 5}, 400, 'send {"table": <number>, "result"'),
    ({"table": "5", "result": "1-0"}, 400, 'send {"table"'),
    ([5, "1-0"], 400, "send the entry as a JSON object"),
    ({"table": 500, "result": "1-0"}, 404, "round 6 has no table 500"),
])
def test_entries_the_build_would_refuse(desk, token, body, status, message):
    before = (desk.content / "wosc-2026/rounds/6.csv").read_bytes()
    got, _, answer = desk.call("POST", RESULTS, body, token=token)
    assert got == status and message in answer["error"]
    assert (desk.content / "wosc-2026/rounds/6.csv").read_bytes() == before


@pytest.mark.parametrize("path", ["/desk/api/nowhere/rounds/1", "/desk/api/wosc-2026/rounds/7",
                                  "/desk/api/wosc-2026/rounds/x", "/desk/api/../rounds/1",
                                  "/desk/api/%2e%2e/rounds/1", "/desk/api/wosc-2026/rounds/6/results/x"])
def test_unknown_or_malformed_championships_and_rounds_are_404(desk, token, path):
    assert desk.call("GET", path, token=token)[0] == 404


def test_a_body_that_is_not_json_or_too_big(desk, token):
    assert desk.call("POST", RESULTS, b"{table", token=token)[0] == 400
    assert desk.call("POST", RESULTS, b"x" * 20000, token=token)[0] == 413


def test_another_site_is_refused(desk, token):
    status, _, answer = desk.call("POST", RESULTS, {"table": 7, "result": "1-0"}, token=token,
                                  Origin="http://evil.example")
    assert status == 403 and "another site" in answer["error"]
    assert desk.call("GET", "/desk/api/events", token=token, Sec_Fetch_Site="cross-site")[0] == 403
    assert desk.call("GET", "/desk/api/events", token=token, Origin=desk.address.rstrip("/"))[0] == 200


def test_two_helpers_saving_different_tables_at_once_both_land(desk, token):
    other = desk.join("desk B")
    answers: list[int] = []
    go = threading.Barrier(2)

    def save(who: str, table: int) -> None:
        go.wait()
        answers.append(desk.call("POST", RESULTS, {"table": table, "result": "1-0"}, token=who)[0])

    threads = [threading.Thread(target=save, args=(who, table)) for who, table in ((token, 10), (other, 11))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200, 200]
    rows = {r["table"]: r["result"] for r in csv.DictReader((desk.content / "wosc-2026/rounds/6.csv").open())}
    assert rows["10"] == rows["11"] == "1-0"
    devices = [r[1] for r in csv.reader((desk.content / "wosc-2026/desk-log.csv").open())][-2:]
    assert sorted(devices) == ["desk A", "desk B"]


def test_mahjong_scores_and_a_wrong_total(desk, token):
    url = "/desk/api/hk-mahjong-open-2026/rounds/2/results"
    entry = {"table": 2, "part": 1, "scores": [10, 10, 10, 10]}
    status, _, answer = desk.call("POST", url, entry, token=token)
    assert status == 422 and "part 1, table 2 (h02, h08, h25, h28) sums to +40, not 0" in answer["error"]
    status, _, answer = desk.call("POST", url, {"table": 2, "part": 1, "scores": [10, 10, 10, -30],
                                                "hands": ["8", "8", "8", "-"]}, token=token)
    assert status == 200 and answer["new"] == "h02 10 (8); h08 10 (8); h25 10 (8); h28 -30 (-)"
    assert desk.call("POST", url, {"table": 2, "part": 9, "scores": [0, 0, 0, 0]}, token=token)[0] == 404
    assert desk.call("POST", url, {"table": 2, "scores": [0, 0, 0]}, token=token)[0] == 400


def test_the_director_lists_and_revokes_devices(desk, token):
    director = desk.join(director=True)
    assert desk.call("GET", "/desk/api/sessions", token=token)[0] == 403
    victim = desk.join("desk Z")
    status, _, answer = desk.call("GET", "/desk/api/sessions", token=director)
    assert status == 200
    listed = {s["label"]: s for s in answer["sessions"]}
    assert listed["director"]["director"] is True and "desk Z" in listed
    assert all(set(s) == {"id", "label", "director", "joined"} for s in answer["sessions"])
    assert desk.call("DELETE", f"/desk/api/sessions/{listed['desk Z']['id']}", token=director)[0] == 204
    assert desk.call("GET", "/desk/api/events", token=victim)[0] == 401
    assert desk.call("GET", "/desk/api/events", token=token)[0] == 200


def test_a_client_guessing_tokens_is_slowed_down(desk):
    statuses = [desk.call("GET", "/desk/api/events", token=f"guess{i}")[0] for i in range(15)]
    assert statuses[:3] == [401, 401, 401] and statuses[-1] == 429


def test_the_page_is_served_with_a_strict_policy_and_without_the_live_reload_script(desk):
    status, headers, page = desk.call("GET", "/desk/")
    assert status == 200 and b'<script src="/desk/desk.js" defer></script>' in page
    assert b"__publisher" not in page
    assert headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
    assert desk.call("GET", "/desk")[0] == 301
    assert desk.call("GET", "/desk/../../etc/passwd")[0] == 404


def test_on_the_halls_network_it_says_so(tmp_path):
    hall = DeskServer(tmp_path, ("wosc-2026",), "--desk-host", "127.0.0.2")
    try:
        assert hall.address.startswith("http://127.0.0.2:")
        hall.wait_for(r"^warning: the server answers on the hall's network at http://127\.0\.0\.2:")
        token = hall.join()
        assert hall.call("GET", "/desk/api/events", token=token)[0] == 200
    finally:
        hall.stop()


def test_a_server_on_every_interface_prints_an_address_a_phone_can_reach():
    from publisher.live.desk import _reachable

    assert _reachable("http://127.0.0.2:8000/") == "http://127.0.0.2:8000/"
    printed = _reachable("http://0.0.0.0:8000/")
    assert printed.startswith("http://") and printed.endswith(":8000/") and "0.0.0.0" not in printed

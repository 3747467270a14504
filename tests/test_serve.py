"""The local server of ``publisher serve``: the site as built, plus live reload, without a browser.

The server answers from ``site/`` and adds its script only to the HTML it sends;
``/__publisher/status.json`` tells pages about builds and errors. Browser tests
of the same live in tests/browser/.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_plugin.board import PLUGIN_DIR, eventually, plugin_manager, publisher, round_csv, write_event

from publisher.build.builder import Builder
from publisher.live.serve import LiveServer, digest, inject
from publisher.live.watch import Watcher


class Served:
    def __init__(self, tmp_path: Path):
        self.content, self.site = tmp_path / "content", tmp_path / "site"
        self.folder = write_event(self.content, "club", players=4)
        self.round = self.folder / "rounds" / "1.csv"
        self.round.write_text(round_csv(["", ""]), encoding="utf-8")
        self.watcher = Watcher(Builder(plugin_manager(), self.content, self.site), log=lambda _: None)
        assert self.watcher.start()
        self.server = LiveServer(self.site, self.watcher.status, port=0)
        self.server.start()
        self.port = self.server.server_address[1]

    def get(self, path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request(method, path)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def status(self) -> dict:
        return json.loads(self.get("/__publisher/status.json")[2])

    def stop(self) -> None:
        self.server.stop()
        self.watcher.stop()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path)
    yield served
    served.stop()


def test_it_listens_on_the_local_machine_only(served):
    assert served.server.server_address[0] == "127.0.0.1"
    assert served.server.url == f"http://127.0.0.1:{served.port}/"


def test_html_gets_the_live_script_but_the_site_on_disk_does_not(served):
    code, headers, body = served.get("/club/screen.html")
    assert code == 200
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Cache-Control"] == "no-store"
    on_disk = (served.site / "club/screen.html").read_bytes()
    assert b"__publisher" not in on_disk
    assert body == inject(on_disk, 1)
    assert body.endswith(b'<script src="/__publisher/live.js" data-build="1" data-hash="%s"></script>\n'
                         b'</body>\n</html>\n' % digest(on_disk).encode())
    assert headers["X-Publisher-Hash"] == digest(on_disk)


def test_a_page_says_whether_a_build_changed_it(served):
    """After a build an open page asks for itself (HEAD) and reloads only when its digest
    changed: a result changes the overview, not the players list."""
    before = {page: served.get(page, "HEAD")[1]["X-Publisher-Hash"]
              for page in ("/club/players.html", "/club/index.html", "/club/nothing.html")}
    served.round.write_text(round_csv(["1-0", ""]), encoding="utf-8")
    eventually(lambda: served.status()["build"] == 2)
    after = {page: served.get(page, "HEAD")[1]["X-Publisher-Hash"] for page in before}
    assert after["/club/players.html"] == before["/club/players.html"]
    assert after["/club/nothing.html"] == before["/club/nothing.html"]  # still a 404
    assert after["/club/index.html"] != before["/club/index.html"]  # "1 of 2 results in"
    code, headers, body = served.get("/club/index.html", "HEAD")
    assert (code, body) == (200, b"")
    assert headers["X-Publisher-Hash"] == digest((served.site / "club/index.html").read_bytes())


def test_data_and_assets_are_sent_as_built(served):
    code, headers, body = served.get("/club/data/live.json")
    assert (code, headers["Content-Type"]) == (200, "application/json")
    assert body == (served.site / "club/data/live.json").read_bytes()
    [script] = served.site.glob("assets/screens/screen.*.js")
    code, headers, body = served.get(f"/assets/screens/{script.name}")
    assert (code, body) == (200, script.read_bytes())
    assert headers["Content-Type"] == "text/javascript"


def test_folders_serve_their_index_and_missing_pages_are_404(served):
    code, headers, _ = served.get("/club")
    assert (code, headers["Location"]) == (301, "/club/")
    code, _, body = served.get("/club/")
    assert code == 200 and b"<h1>Club Open</h1>" in body
    code, _, body = served.get("/club/round-9.html")
    assert code == 404 and b"__publisher/live.js" in body


def test_requests_cannot_leave_the_site(served, tmp_path):
    (tmp_path / "secret.txt").write_text("not for the web", encoding="utf-8")
    for path in ["/../secret.txt", "/club/../../secret.txt", "/%2e%2e/secret.txt"]:
        code, _, body = served.get(path)
        assert code == 404, path
        assert b"not for the web" not in body


def test_the_status_follows_builds_and_mistakes(served):
    assert served.status() == {"build": 1, "error": None, "publish_error": None}
    served.round.write_text(round_csv(["1-0", ""]), encoding="utf-8")
    eventually(lambda: served.status()["build"] == 2)
    assert served.status() == {"build": 2, "error": None, "publish_error": None}

    served.round.write_text(round_csv(["1-0", "9-9"]), encoding="utf-8")
    eventually(lambda: served.status()["error"] is not None)
    status = served.status()
    assert status["build"] == 2
    assert "1.csv:3: result '9-9' is not 1-0, 0-1 or ½-½" in status["error"]
    code, _, body = served.get("/club/data/board-1.json")
    assert code == 200 and json.loads(body)[1]["result"] == ""

    served.round.write_text(round_csv(["1-0", "0-1"]), encoding="utf-8")
    eventually(lambda: served.status() == {"build": 3, "error": None, "publish_error": None})


def test_a_rebuild_that_changes_nothing_does_not_reload_pages(served):
    # Same bytes, a new time in the same minute (pages say to the minute when their data last
    # changed, so a save in the next minute rightly re-dates them): an editor's atomic save.
    before = served.round.stat()
    saved = served.round.with_name(".1.csv.saving")
    saved.write_text(round_csv(["", ""]), encoding="utf-8")
    os.utime(saved, ns=(before.st_atime_ns, before.st_mtime_ns + 1000))
    os.replace(saved, served.round)
    served.watcher.wait_idle()
    time.sleep(0.3)
    assert served.watcher.wait_idle()
    assert served.status() == {"build": 1, "error": None, "publish_error": None}


def test_content_broken_from_the_start_is_served_as_an_error_until_mended(tmp_path):
    folder = write_event(tmp_path / "content", "club", players=2)
    (folder / "players.csv").write_text("id,name\np01,Ann\np01,Bob\n", encoding="utf-8")
    watcher = Watcher(Builder(plugin_manager(), tmp_path / "content", tmp_path / "site"),
                      log=lambda _: None)
    assert not watcher.start()
    server = LiveServer(tmp_path / "site", watcher.status, port=0)
    server.start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
        connection.request("GET", "/")
        response = connection.getresponse()
        assert response.status == 404 and b"__publisher/live.js" in response.read()
        connection.request("GET", "/__publisher/status.json")
        status = json.loads(connection.getresponse().read())
        assert status["build"] == 0 and "duplicate id 'p01'" in status["error"]
        (folder / "players.csv").write_text("id,name\np01,Ann\np02,Bob\n", encoding="utf-8")
        eventually(lambda: watcher.status.snapshot().build == 1)
        connection.request("GET", "/")
        response = connection.getresponse()
        assert response.status == 200 and b"Club Open" in response.read()
        connection.close()
    finally:
        server.stop()
        watcher.stop()


def test_the_live_script_is_served(served):
    code, headers, body = served.get("/__publisher/live.js")
    assert (code, headers["Content-Type"]) == (200, "text/javascript; charset=utf-8")
    assert b'fetch("/__publisher/status.json", { cache: "no-store" })' in body
    assert served.get("/__publisher/nothing")[0] == 404


def test_inject_puts_the_script_before_the_end_of_the_body():
    page = b"<html><body><p>x</p></body></html>"
    assert inject(page, 7) == (
        b'<html><body><p>x</p><script src="/__publisher/live.js" data-build="7" data-hash="%s">'
        b"</script>\n</body></html>" % digest(page).encode())
    assert inject(b"<p>fragment</p>", 1).endswith(b'data-build="1" data-hash="%s"></script>\n'
                                                  % digest(b"<p>fragment</p>").encode())


# -- the command ----------------------------------------------------------------------------

def start_serve(tmp_path: Path, *options: str) -> subprocess.Popen[str]:
    return publisher(tmp_path, "--plugins-dir", str(PLUGIN_DIR), "serve", "--content", "content",
                     "--out", "site", *options)


def serving_url(process: subprocess.Popen[str]) -> str:
    """Read the command's output up to the line that names its address."""
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"Serving site at (http://127\.0\.0\.1:\d+/)", line)
        if found:
            return found.group(1)
    raise AssertionError(f"publisher serve ended with {process.wait()}")


def test_publisher_serve_picks_a_free_port_and_stops_on_ctrl_c(tmp_path):
    write_event(tmp_path / "content", "club", players=2)
    process = start_serve(tmp_path, "--port", "0")
    try:
        url = serving_url(process)
        with urllib.request.urlopen(url + "club/find.html", timeout=5) as response:
            assert b"Find your table" in response.read()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
        assert process.stdout is not None and process.stdout.read().strip() == "Stopped."
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(url, timeout=2)
    finally:
        process.kill()
        process.wait()


def test_publisher_serve_on_a_busy_port_says_what_to_do(tmp_path, run, monkeypatch):
    write_event(tmp_path / "content", "club", players=2)
    monkeypatch.chdir(tmp_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, _, stderr = run("serve", "--port", str(port))
    assert code == 1
    assert stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}: Address already in use; "
                             "pass another --port, or --port 0 for any free one")
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("port", ["99999", "-1", "http"])
def test_publisher_serve_refuses_what_cannot_be_a_port(run, capsys, port):
    with pytest.raises(SystemExit) as exit_info:
        run("serve", "--port", port)
    assert exit_info.value.code == 2
    assert "argument --port:" in capsys.readouterr().err


def test_publisher_serve_refuses_a_folder_it_did_not_write(tmp_path, run, monkeypatch):
    write_event(tmp_path / "content", "club", players=2)
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "notes.txt").write_text("mine", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, stderr = run("--plugins-dir", PLUGIN_DIR, "serve", "--port", "0")
    assert code == 1
    assert stderr.startswith("error: site holds files that the publisher did not write")


def test_publisher_serve_without_content_says_what_to_do(tmp_path, run, monkeypatch):
    """The same problem as build's, from the one place that reads the archive folder."""
    monkeypatch.chdir(tmp_path)
    code, _, stderr = run("serve", "--port", "0")
    assert code == 1
    assert stderr.splitlines() == [
        "error: content: is not a folder. Fix: run publisher in the folder that holds content/, "
        "or pass --content",
        "1 problem in the content; nothing was changed."]
    assert run("build")[2] == stderr
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("path", ["/" + "a" * 256 + ".html", "/club/" + "%C3%A9" * 200, "/club/%00",
                                  "/%00/index.html", "/" + "/".join(["b" * 200] * 30)])
def test_names_no_file_can_have_are_404_without_a_traceback(served, capfd, path):
    code, _, body = served.get(path)
    assert code == 404 and b"Not found" in body
    assert served.get("/club/")[0] == 200  # the server is still answering
    assert "Traceback" not in capfd.readouterr().err


def test_many_phones_at_once_are_all_answered(tmp_path):
    """120 connections opened while the server is busy (a hall at the start of a round) all
    wait in the listen queue and are answered: the standard library's queue of 5 dropped
    the others."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><body>hi</body></html>", encoding="utf-8")
    server = LiveServer(site, Watcher(Builder(plugin_manager(), tmp_path, site)).status, port=0)
    port = server.server_address[1]
    connected = []
    try:
        for _ in range(120):  # nobody accepts yet: only the kernel's queue holds them
            sock = socket.create_connection(("127.0.0.1", port), timeout=2)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            connected.append(sock)
        server.start()
        answers = [sock.recv(12) for sock in connected]
    finally:
        for sock in connected:
            sock.close()
        server.stop()
    assert answers == [b"HTTP/1.1 200"] * 120


def test_a_tab_closed_while_its_page_is_sent_is_not_reported(served, capfd):
    big = served.site / "club" / "big.html"
    big.write_bytes(b"<html><body>" + b"x" * 4_000_000 + b"</body></html>")
    for _ in range(5):
        with socket.create_connection(("127.0.0.1", served.port)) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.sendall(b"GET /club/big.html HTTP/1.1\r\nHost: x\r\n\r\n")
            sock.recv(100)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    time.sleep(0.5)
    assert served.get("/club/")[0] == 200
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Broken" not in err and "reset" not in err


def test_a_flood_of_problems_is_capped_in_the_status_every_page_polls(served):
    """100,000 bad rows made the status 19 MB, fetched by every open page a few times a second."""
    players = served.folder / "players.csv"
    players.write_text("id,name\n" + "".join(f"bad id {i},Name\n" for i in range(100_000)), encoding="utf-8")
    eventually(lambda: served.status()["error"] is not None, timeout=60)
    lines = served.status()["error"].splitlines()
    assert len(lines) == 21
    assert lines[0].endswith("players.csv:2: id 'bad id 0' is not valid. Fix: use letters, digits, - and "
                             "_ only, like p017")
    assert lines[-1].endswith("players.csv: 99,980 more problems, not shown. Fix: mend the ones above first "
                              "(often one mistake repeated on every line), then build again to see the rest")
    assert len(served.get("/__publisher/status.json")[2]) < 5_000

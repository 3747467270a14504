"""Live publishing: `watch --publish` and `serve --publish` send every good build to the host,
one publish at a time, the newest build only, retried when the host fails."""

from __future__ import annotations

import json
import signal
import threading
import time
from pathlib import Path

from conftest import snapshot
from live_plugin.board import PLUGIN_DIR, eventually, plugin_manager, publisher, round_csv, write_event

from publisher import hookimpl
from publisher.build.builder import Builder
from publisher.build.manifest import MANIFEST_NAME
from publisher.live.publishing import LivePublisher
from publisher.live.watch import BuildStatus, Watcher
from publisher.publish.sync import site_in_memory
from publisher.publish.targets import PublishError, RemoteFile, Target, parse_address


def held(target: Path) -> dict[str, bytes]:
    files = snapshot(target) if target.is_dir() else {}
    files.pop(MANIFEST_NAME, None)
    return files


def test_watch_publish_follows_a_result_change_and_a_mistake_publishes_nothing(tmp_path):
    folder = write_event(tmp_path / "content", "club", players=4)
    (folder / "rounds/1.csv").write_text(round_csv(["", ""]), encoding="utf-8")
    remote = tmp_path / "www"
    process = publisher(tmp_path, "--plugins-dir", str(PLUGIN_DIR), "watch", "--content", "content",
                        "--out", "site", "--publish", str(remote))
    try:
        assert process.stdout is not None
        lines = []
        while not any(" published " in line for line in lines):
            lines.append(process.stdout.readline())
        published = next(line for line in lines if " published " in line)
        site = held(tmp_path / "site")
        assert f"] published {len(site)} files to {remote} in " in published
        assert held(remote) == site

        (folder / "rounds/1.csv").write_text(round_csv(["1-0", ""]), encoding="utf-8")
        line = ""
        while " published " not in line:
            line = process.stdout.readline()
        board = json.loads((remote / "club/data/board-1.json").read_text(encoding="utf-8"))
        assert [t["result"] for t in board] == ["1-0", ""]
        site = held(tmp_path / "site")
        assert held(remote) == site

        before = held(remote)
        (folder / "rounds/1.csv").write_text(round_csv(["1-0", "2-0"]), encoding="utf-8")
        while "Build failed" not in line:
            line = process.stdout.readline()
        time.sleep(0.3)
        assert held(remote) == before
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        process.wait()


class Slow(Target):
    """slow://host/path: a folder host that takes its time and counts publishes running at once."""

    running = 0
    most = 0
    lock = threading.Lock()
    fail_next = 0

    def open(self) -> None:
        with Slow.lock:
            if Slow.fail_next:
                Slow.fail_next -= 1
                raise self.fail("the host is down for maintenance")
        self.root = Path(self.address.path)

    def read(self, path: str) -> bytes | None:
        if path == MANIFEST_NAME:  # a publish starts by reading the manifest
            with Slow.lock:
                Slow.running += 1
                Slow.most = max(Slow.most, Slow.running)
        found = self.root / path
        return found.read_bytes() if found.is_file() else None

    def listing(self) -> dict[str, RemoteFile]:
        return {p.relative_to(self.root).as_posix(): RemoteFile(p.stat().st_size)
                for p in self.root.rglob("*") if p.is_file()}

    def write(self, path: str, data: bytes, headers) -> None:
        time.sleep(0.02)
        (self.root / path).parent.mkdir(parents=True, exist_ok=True)
        (self.root / path).write_bytes(data)

    def delete(self, path: str) -> None:
        (self.root / path).unlink(missing_ok=True)

    def close(self) -> None:
        if self.__dict__.get("root") is not None:
            with Slow.lock:
                Slow.running -= 1
            self.root = None


class SlowPlugin:
    @hookimpl
    def publisher_publish_targets(self):
        return {"slow": Slow}


def live_publisher(tmp_path: Path, lines: list[str], outcomes: list[str | None]) -> LivePublisher:
    pm = plugin_manager()
    pm.register(SlowPlugin())
    return LivePublisher(pm, parse_address(f"slow://host{tmp_path / 'www'}"), log=lines.append,
                         on_outcome=outcomes.append, first_retry=0.05)


def test_builds_during_a_publish_are_coalesced_and_never_published_at_once(tmp_path):
    lines: list[str] = []
    live = live_publisher(tmp_path, lines, [])
    live.start()
    try:
        Slow.most = Slow.running = 0
        for version in range(12):
            live.submit(site_in_memory({f"page{n}.html": f"version {version}".encode() for n in range(8)}))
            time.sleep(0.03)
        assert live.wait_idle(20)
        eventually(lambda: held(tmp_path / "www") == {f"page{n}.html": b"version 11" for n in range(8)}, 10)
    finally:
        live.stop()
    assert Slow.most == 1
    assert 2 <= live.publishes < 12
    assert all(" published 8 files to slow://host" in line for line in lines)


def test_a_failed_publish_is_retried_and_told_until_it_succeeds(tmp_path):
    lines: list[str] = []
    outcomes: list[str | None] = []
    live = live_publisher(tmp_path, lines, outcomes)
    Slow.fail_next = 2
    live.start()
    try:
        live.submit(site_in_memory({"index.html": b"round 1"}))
        eventually(lambda: held(tmp_path / "www") == {"index.html": b"round 1"}, 10)
        eventually(lambda: outcomes[-1:] == [None], 5)
    finally:
        live.stop()
    target = f"slow://host{tmp_path / 'www'}"
    failure = f"cannot publish to {target}: the host is down for maintenance"
    assert outcomes == [failure, failure, None]
    assert [line.split("] ", 1)[1] for line in lines[:2]] == [
        f"publish failed, retrying in 0 s: {failure}", f"publish failed, retrying in 0 s: {failure}"]
    assert "] published 1 file to " in lines[2]


def test_the_banner_status_carries_the_publish_failure(tmp_path):
    status = BuildStatus()
    status.publish_outcome("cannot publish to sftp://results@host/wosc: cannot reach host:22")
    assert status.snapshot().publish_error.startswith("cannot publish to sftp://")
    assert status.snapshot().error is None
    status.publish_outcome(None)
    assert status.snapshot().publish_error is None


def test_a_watcher_hands_each_good_build_to_the_publisher(tmp_path):
    folder = write_event(tmp_path / "content", "club", players=2)
    handed: list[dict[str, bytes]] = []
    watcher = Watcher(Builder(plugin_manager(), tmp_path / "content", tmp_path / "site"),
                      log=lambda line: None, after_build=lambda report: handed.append(report.manifest))
    assert watcher.rebuild()
    (folder / "players.csv").write_text("id,name\np01,Ana\np01,Ana\n", encoding="utf-8")
    assert not watcher.rebuild()
    assert len(handed) == 1 and "club/index.html" in handed[0]
    assert PublishError is not None


def test_watch_refuses_an_unknown_target_before_building(tmp_path, run, monkeypatch):
    write_event(tmp_path / "content", "club", players=2)
    monkeypatch.chdir(tmp_path)
    code, stdout, stderr = run("--plugins-dir", PLUGIN_DIR, "watch", "--publish", "gopher://host/www")
    assert (code, stdout) == (1, "")
    assert stderr == ("error: cannot publish to gopher://host/www: unknown scheme 'gopher'; use a folder "
                      "path or one of file://, ftp://, ftps://, s3://, sftp://\n")
    assert not (tmp_path / "site").exists()

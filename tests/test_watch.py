"""Watch mode as organisers meet it: editors' saves, bursts, broken files, deletions.

The watcher runs in-process on a small "board" championship (tests/live_plugin),
and every test ends by checking that the site is exactly what a fresh build of
the content gives: the watcher never leaves a stale or half-updated site.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import snapshot
from live_plugin.board import (
    PLUGIN_DIR,
    eventually,
    player_name,
    plugin_manager,
    publisher,
    round_csv,
    write_event,
)

from publisher import hookimpl
from publisher.build.builder import Builder, Superseded
from publisher.content.folders import is_temporary
from publisher.live.watch import DEBOUNCE, Watcher
from publisher.model import Event
from publisher.problems import Problem, display_path


class Live:
    """A watcher on ``content`` building into ``site``, with its log lines kept."""

    def __init__(self, tmp_path: Path, templates: Path | None = None, debounce: float = DEBOUNCE):
        self.content, self.site = tmp_path / "content", tmp_path / "site"
        self.templates = templates
        self.lines: list[str] = []
        self.builder = Builder(plugin_manager(), self.content, self.site, templates)
        self.watcher = Watcher(self.builder, log=self.lines.append, debounce=debounce)
        self.started: list[float] = []  # when each build began, published or dropped
        build = self.builder.build

        def counted(*args, **kwargs):
            self.started.append(time.monotonic())
            return build(*args, **kwargs)

        self.builder.build = counted

    def builds(self) -> int:
        """The builds the console told of: each logs one line starting with its time."""
        return sum(line.startswith("[") for line in self.lines)

    def json(self, path: str) -> object:
        return json.loads((self.site / path).read_text(encoding="utf-8"))

    def results(self, slug: str = "club", round_number: int = 1) -> list[str]:
        return [t["result"] for t in self.json(f"{slug}/data/board-{round_number}.json")]

    def settle(self) -> None:
        """Give late file-system events their chance, then wait for the build they cause."""
        time.sleep(0.3)
        assert self.watcher.wait_idle(10)

    def assert_consistent(self, tmp_path: Path) -> None:
        """The watched site is byte for byte what a fresh build of the content writes."""
        self.settle()
        fresh = tmp_path / "fresh"
        Builder(plugin_manager(), self.content, fresh, self.templates).build()
        assert snapshot(self.site) == snapshot(fresh)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    yield from _watching(tmp_path)


@pytest.fixture
def slow(tmp_path: Path) -> Iterator[Live]:
    """A watcher that waits for 1.5 s of quiet, so what happens before it is seen."""
    yield from _watching(tmp_path, debounce=1.5)


def _watching(tmp_path: Path, debounce: float = DEBOUNCE) -> Iterator[Live]:
    folder = write_event(tmp_path / "content", "club", players=4)
    (folder / "rounds" / "1.csv").write_text(round_csv(["", ""]), encoding="utf-8")
    live = Live(tmp_path, debounce=debounce)
    assert live.watcher.start()
    yield live
    live.watcher.stop()


def atomic_save(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def rounds_dir(live: Live, slug: str = "club") -> Path:
    return live.content / slug / "rounds"


def test_a_burst_of_saves_gives_one_rebuild_with_the_last_content(live, tmp_path):
    before = live.builds()
    path = rounds_dir(live) / "1.csv"
    for result in ["1-0", "0-1", "½-½", "1-0", "0-1"] * 4:
        path.write_text(round_csv([result, ""]), encoding="utf-8")
    eventually(lambda: live.results() == ["0-1", ""])
    live.settle()
    assert live.builds() == before + 1
    live.assert_consistent(tmp_path)


def test_an_editors_atomic_save_is_one_rebuild(live, tmp_path):
    """gedit and most editors write a temporary file and rename it over the old one;
    vim also probes with a file called 4913 and keeps a swap file."""
    before = live.builds()
    rounds = rounds_dir(live)
    (rounds / ".1.csv.swp").write_bytes(b"swap")
    (rounds / "4913").write_bytes(b"")
    (rounds / "4913").unlink()
    temporary = rounds / ".goutputstream-X1Y2Z3"
    temporary.write_text(round_csv(["1-0", "½-½"]), encoding="utf-8")
    os.replace(temporary, rounds / "1.csv")
    (rounds / ".1.csv.swp").unlink()
    eventually(lambda: live.results() == ["1-0", "½-½"])
    live.settle()
    assert live.builds() == before + 1
    live.assert_consistent(tmp_path)


def test_an_atomic_save_is_built_at_once_and_published_after_the_quiet(slow, tmp_path):
    """The build starts at the save's rename, not a debounce later; the site still
    changes only once the folders were quiet for the whole debounce."""
    before = len(slow.started)
    saved = time.monotonic()
    atomic_save(rounds_dir(slow) / "1.csv", round_csv(["1-0", "0-1"]))
    eventually(lambda: len(slow.started) > before)
    assert slow.started[before] - saved < slow.watcher.debounce / 2
    while time.monotonic() - saved < slow.watcher.debounce * 0.8:
        assert slow.results() == ["", ""]
        time.sleep(0.02)
    eventually(lambda: slow.results() == ["1-0", "0-1"])
    slow.settle()
    assert len(slow.started) == before + 1
    slow.assert_consistent(tmp_path)


def test_a_save_in_steps_drops_the_build_that_read_half_of_it(slow, tmp_path):
    """A spreadsheet writes a CSV in steps: the build that read the first step (a broken
    file here, or a whole but older one) is never published nor reported."""
    before, lines = len(slow.started), len(slow.lines)
    path = rounds_dir(slow) / "1.csv"
    path.write_text(round_csv(["1-0", "2-0"]), encoding="utf-8")
    eventually(lambda: len(slow.started) > before)
    time.sleep(0.1)
    path.write_text(round_csv(["1-0", "½-½"]), encoding="utf-8")
    time.sleep(0.1)
    path.write_text(round_csv(["0-1", "½-½"]), encoding="utf-8")
    eventually(lambda: slow.results() == ["0-1", "½-½"], timeout=10)
    slow.settle()
    assert slow.watcher.status.snapshot().error is None
    assert len(slow.lines) == lines + 1 and slow.lines[-1].split("] ", 1)[1].startswith("Rebuilt club")
    assert len(slow.started) >= before + 2  # the first, dropped; the last, after the quiet
    slow.assert_consistent(tmp_path)


def test_a_dropped_build_leaves_the_site_and_the_builders_memory_as_they_were(tmp_path):
    """A build dropped by its ``ready`` writes nothing, and the next build still sees
    the change it had read."""
    folder = write_event(tmp_path / "content", "club", players=4)
    (folder / "rounds" / "1.csv").write_text(round_csv(["", ""]), encoding="utf-8")
    builder = Builder(plugin_manager(), tmp_path / "content", tmp_path / "site")
    builder.build()
    before = snapshot(tmp_path / "site")
    (folder / "rounds" / "1.csv").write_text(round_csv(["½-½", "1-0"]), encoding="utf-8")
    with pytest.raises(Superseded):
        builder.build(ready=lambda: False)
    assert snapshot(tmp_path / "site") == before
    assert not [p for p in tmp_path.rglob("*") if "staging" in p.name]
    report = builder.build(ready=lambda: True)
    assert report.rebuilt == ["club"]
    Builder(plugin_manager(), tmp_path / "content", tmp_path / "fresh").build()
    assert snapshot(tmp_path / "site") == snapshot(tmp_path / "fresh")


def test_swap_and_backup_files_alone_do_not_rebuild(live):
    before = live.builds()
    rounds = rounds_dir(live)
    for name in [".1.csv.swp", "1.csv~", ".#1.csv", "1.csv.kate-swp", "4913", ".~lock.1.csv#"]:
        (rounds / name).write_bytes(b"x")
    live.settle()
    assert live.builds() == before


@pytest.mark.parametrize("name", ["1.csv.swp", ".1.csv.swx", "notes.md~", "4913", ".#players.csv",
                                  "x.kate-swp", ".~lock.players.csv#", ".goutputstream-AB12"])
def test_editor_files_are_temporary(name):
    assert is_temporary(Path(name))


@pytest.mark.parametrize("name", ["1.csv", "players.csv", "event.toml", "4913.csv", "index.md"])
def test_content_files_are_not_temporary(name):
    assert not is_temporary(Path(name))


def test_a_broken_file_keeps_the_last_good_site_until_the_fix(live, tmp_path):
    path = rounds_dir(live) / "1.csv"
    path.write_text(round_csv(["1-0", ""]), encoding="utf-8")
    eventually(lambda: live.results() == ["1-0", ""])
    live.settle()
    good = snapshot(live.site)

    path.write_text(round_csv(["1-0", "2-0"]), encoding="utf-8")
    eventually(lambda: live.watcher.status.snapshot().error is not None)
    error = live.watcher.status.snapshot().error
    assert error == str(Problem(path, "result '2-0' is not 1-0, 0-1 or ½-½",
                                "write 1-0, 0-1, ½-½ or leave it empty", line=3))
    assert "the site still shows the last good build" in live.lines[-1]
    assert f"error: {error}" in live.lines[-1]
    live.settle()
    assert snapshot(live.site) == good

    path.write_text(round_csv(["1-0", "0-1"]), encoding="utf-8")
    eventually(lambda: live.watcher.status.snapshot().error is None)
    assert live.results() == ["1-0", "0-1"]
    live.assert_consistent(tmp_path)


def test_deleting_a_round_file_removes_its_pages(live, tmp_path):
    rounds = rounds_dir(live)
    (rounds / "2.csv").write_text(round_csv(["1-0", "0-1"]), encoding="utf-8")
    eventually(lambda: (live.site / "club/data/board-2.json").is_file())
    assert live.json("club/data/live.json")["heading"] == "Round 2"

    (rounds / "2.csv").unlink()
    eventually(lambda: not (live.site / "club/data/board-2.json").exists())
    assert live.json("club/data/live.json")["heading"] == "Round 1"
    live.assert_consistent(tmp_path)


def test_a_new_championship_appears_and_a_deleted_one_goes(live, tmp_path):
    write_event(live.content, "spring", players=2)
    eventually(lambda: (live.site / "spring/screen.html").is_file())
    assert "Spring Open" in (live.site / "index.html").read_text(encoding="utf-8")

    for path in sorted((live.content / "spring").rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    (live.content / "spring").rmdir()
    eventually(lambda: not (live.site / "spring").exists())
    assert "Spring Open" not in (live.site / "index.html").read_text(encoding="utf-8")
    live.assert_consistent(tmp_path)


def test_a_change_rebuilds_only_its_own_championship(live, tmp_path):
    write_event(live.content, "spring", players=2)
    eventually(lambda: (live.site / "spring/index.html").is_file())
    live.settle()
    other = {p: p.stat().st_mtime_ns for p in (live.site / "spring").rglob("*") if p.is_file()}

    (rounds_dir(live) / "1.csv").write_text(round_csv(["0-1", ""]), encoding="utf-8")
    eventually(lambda: live.results() == ["0-1", ""])
    live.settle()
    assert live.lines[-1].split("] ", 1)[1].startswith("Rebuilt club: ")
    assert {p: p.stat().st_mtime_ns for p in other} == other
    live.assert_consistent(tmp_path)


def test_players_edited_while_a_round_refers_to_them(live, tmp_path):
    """Removing a player who is in a round breaks the round; putting them back mends it."""
    players = live.content / "club" / "players.csv"
    full = players.read_text(encoding="utf-8")
    players.write_text(full.replace(f"p04,{player_name(3)}\n", ""), encoding="utf-8")
    eventually(lambda: live.watcher.status.snapshot().error is not None)
    assert "unknown player 'p04'" in live.watcher.status.snapshot().error
    players.write_text(full.replace(player_name(3), "Dora Novak"), encoding="utf-8")
    eventually(lambda: live.watcher.status.snapshot().error is None)
    assert "Dora Novak" in (live.site / "club/players.html").read_text(encoding="utf-8")
    live.assert_consistent(tmp_path)


def test_a_broken_template_is_reported_and_the_watcher_recovers(tmp_path):
    write_event(tmp_path / "content", "club", players=2)
    templates = tmp_path / "templates"
    templates.mkdir()
    live = Live(tmp_path, templates)
    assert live.watcher.start()
    try:
        footer = templates / "base.html"
        footer.write_text("{% extends 'nothing-here.html' %", encoding="utf-8")
        eventually(lambda: live.watcher.status.snapshot().error is not None)
        assert "template error" in live.watcher.status.snapshot().error
        footer.unlink()
        eventually(lambda: live.watcher.status.snapshot().error is None)

        players = templates / "players.html"
        players.write_text("{% extends 'base.html' %}\n{% block content %}{{ nothing.here }}"
                           "{% endblock %}\n", encoding="utf-8")
        eventually(lambda: live.watcher.status.snapshot().error is not None)
        assert live.watcher.status.snapshot().error == (
            f"{display_path(players)}:2: template error: 'nothing' is undefined. Fix: check the names the "
            "template uses at this line against what the page is given (docs/plugins.md), or undo the "
            "last change to the template")
        players.unlink()
        eventually(lambda: live.watcher.status.snapshot().error is None)
        live.assert_consistent(tmp_path)
    finally:
        live.watcher.stop()


def test_a_failing_plugin_does_not_stop_the_watcher(live, tmp_path):
    """A bug in a plugin is not the organiser's mistake, but the hall must keep its last site."""

    class Broken:
        @hookimpl
        def publisher_compute_event(self, event: Event) -> None:
            raise RuntimeError("plugin bug")

    broken = Broken()
    live.watcher.builder.pm.register(broken)
    (rounds_dir(live) / "1.csv").write_text(round_csv(["1-0", ""]), encoding="utf-8")
    eventually(lambda: live.watcher.status.snapshot().error is not None)
    error = live.watcher.status.snapshot().error
    assert error.startswith("internal error: RuntimeError('plugin bug')\nTraceback")
    assert live.results() == ["", ""]
    live.watcher.builder.pm.unregister(broken)
    (rounds_dir(live) / "1.csv").write_text(round_csv(["1-0", "0-1"]), encoding="utf-8")
    eventually(lambda: live.watcher.status.snapshot().error is None)
    assert live.results() == ["1-0", "0-1"]
    live.assert_consistent(tmp_path)


# -- the command ----------------------------------------------------------------------------

def test_publisher_watch_rebuilds_and_stops_cleanly_on_ctrl_c(tmp_path):
    folder = write_event(tmp_path / "content", "club", players=2)
    process = publisher(tmp_path, "--plugins-dir", str(PLUGIN_DIR), "watch",
                        "--content", "content", "--out", "site")
    try:
        assert process.stdout is not None
        assert "Rebuilt club" in process.stdout.readline()
        assert process.stdout.readline().startswith("Watching content")
        (folder / "rounds" / "1.csv").write_text(round_csv(["1-0"]), encoding="utf-8")
        assert "Rebuilt club: " in process.stdout.readline()
        assert (tmp_path / "site/club/data/board-1.json").is_file()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
        assert process.stdout.read().strip() == "Stopped."
    finally:
        process.kill()
        process.wait()


def test_publisher_watch_without_content_says_what_to_do(tmp_path, run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, stderr = run("watch")
    assert code == 1
    assert stderr.splitlines()[0] == "error: " + str(Problem(
        Path("content"), "is not a folder",
        "run publisher in the folder that holds content/, or pass --content"))


def test_publisher_watch_refuses_a_folder_it_did_not_write(tmp_path, run, monkeypatch):
    write_event(tmp_path / "content", "club", players=2)
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "thesis.tex").write_text("years of work", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, stderr = run("--plugins-dir", PLUGIN_DIR, "watch")
    assert code == 1
    assert stderr.startswith("error: site holds files that the publisher did not write")
    assert [p.name for p in (tmp_path / "site").iterdir()] == ["thesis.tex"]


def test_touch_and_chmod_rebuild(live, tmp_path):
    before = live.builds()
    path = rounds_dir(live) / "1.csv"
    os.utime(path)
    eventually(lambda: live.builds() == before + 1)
    path.chmod(0o600)
    eventually(lambda: live.builds() == before + 2)
    live.assert_consistent(tmp_path)


@pytest.mark.parametrize("how", ["copied back", "swapped"])
def test_a_replaced_content_folder_is_watched_again(live, tmp_path, how):
    backup = tmp_path / "backup"
    shutil.copytree(live.content, backup)
    (backup / "club/rounds/1.csv").write_text(round_csv(["1-0", "0-1"]), encoding="utf-8")
    if how == "copied back":
        shutil.rmtree(live.content)
        shutil.copytree(backup, live.content)
    else:
        os.rename(live.content, tmp_path / "old-content")
        os.rename(backup, live.content)
    eventually(lambda: live.results() == ["1-0", "0-1"])
    for result in ["0-1", "½-½", "1-0"]:
        (live.content / "club/rounds/1.csv").write_text(round_csv([result, ""]), encoding="utf-8")
        eventually(lambda result=result: live.results() == [result, ""])
    live.assert_consistent(tmp_path)


@pytest.mark.parametrize("log", ["watch.log", "club/console.txt"])
def test_watch_writing_its_console_into_the_content_does_not_rebuild_for_it(tmp_path, log):
    write_event(tmp_path / "content", "club", players=4)
    console = tmp_path / "content" / log
    with console.open("w") as out:
        process = publisher(tmp_path, "--plugins-dir", str(PLUGIN_DIR), "watch", output=out)
        try:
            eventually(lambda: "Watching" in console.read_text(encoding="utf-8"))
            time.sleep(3)
            (tmp_path / "content/club/rounds/1.csv").write_text(round_csv(["1-0", ""]), encoding="utf-8")
            eventually(lambda: (tmp_path / "site/club/data/board-1.json").is_file())
            time.sleep(2)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(30)
    builds = [line for line in console.read_text(encoding="utf-8").splitlines() if line.startswith("[")]
    assert len(builds) == 2, builds


def test_the_builds_own_reads_are_no_events_for_the_watcher(live):
    """A build opens and lists every folder of the content: the kernel is asked only for
    changes, so none of that reaches the watcher's thread (at a thousand championships
    those events cost a save a third more time)."""
    live.settle()
    seen: list[object] = []
    handler = live.watcher._handler
    handler.on_any_event = seen.append  # what the observer hands the watcher, every event
    live.builder.build()
    (live.content / "club" / "players.csv").read_text(encoding="utf-8")
    time.sleep(0.3)
    assert seen == []
    atomic_save(live.content / "club" / "notes.md", "A change.\n")
    time.sleep(0.3)
    assert seen  # a change still comes through


def test_what_a_build_keeps_is_frozen_until_the_folders_rest(live, monkeypatch):
    """After a build what is alive is frozen, so the collector's passes during the next build
    walk only what that build makes; once the folders rested TIDY_AFTER seconds (and at most
    every TIDY_EVERY seconds), a full pass frees what the builds let go, and stopping gives
    everything back to the collector."""
    import gc

    import publisher.live.watch as watch

    monkeypatch.setattr(watch, "TIDY_AFTER", 0.2)
    monkeypatch.setattr(watch, "TIDY_EVERY", 0.0)
    atomic_save(rounds_dir(live) / "1.csv", round_csv(["1-0", ""]))
    live.settle()
    assert gc.get_freeze_count() > 0
    deadline = time.monotonic() + 5
    while live.watcher._built_at is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert live.watcher._built_at is None  # the full pass ran, and froze again
    assert gc.get_freeze_count() > 0
    live.watcher.stop()
    assert gc.get_freeze_count() == 0

"""The machine misbehaving on the day: commands killed with kill -9 (their render workers
must die with them and the next run must start at once), an --out that is a mount point,
a full disk and read-only folders (one line naming the folder, the last good site kept).

Everything here runs the real thing on real file systems: tmpfs mounts, made and always
unmounted by the ``disk`` fixture, which skips where mounting is not permitted."""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import snapshot, write
from gotha_samples import write_tournament
from test_output import many_players

from publisher.build.manifest import MANIFEST_NAME, loads_manifest, manifest_of_folder
from publisher.build.output import INSIDE_LOCK, lock_file

# What a build leaves beside the site: the cache of its record and its lock.
BESIDE = [".site.publisher-cache", ".site.publisher-lock"]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="tmpfs and /proc are Linux's")

FULL = "the disk is full (No space left on device); free some space"
READ_ONLY = "the disk is mounted read-only (Read-only file system); mount it for writing"
# How long the workers of a killed command may outlive it.
DEATH = 5.0

BIG_TOML = """
    name = "Big Swiss"
    game = "go"
    system = "swiss"
    start = 2026-03-01
    rounds = 3
"""


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Callable[[Path, str], Path]]:
    """``disk(folder, size)`` mounts a tmpfs of ``size`` (like "64k") at ``folder``; every
    mount is undone after the test, whatever it did."""
    mounted: list[Path] = []

    def mount(folder: Path, size: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"mounting a tmpfs is not permitted here: {done.stderr.strip()}")
        mounted.append(folder)
        return folder

    try:
        yield mount
    finally:
        for folder in reversed(mounted):
            subprocess.run(["umount", "-l", str(folder)], check=False)


def read_only(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def fill(folder: Path) -> None:
    """Fill the file system of ``folder`` to the last byte."""
    with open(folder / "filler", "wb", buffering=0) as filler:
        try:
            while filler.write(b"\0" * 4096):
                pass
        except OSError:
            pass


def publisher(*argv: str | Path) -> list[str]:
    return [sys.executable, "-m", "publisher.cli", *map(str, argv)]


def group_alive(group: int) -> list[int]:
    """The processes of process group ``group`` that still run (zombies hold nothing)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        if int(fields[2]) == group and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive


def lock_is_free(out: Path) -> bool:
    fd = os.open(lock_file(out), os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def kill_and_wait(process: subprocess.Popen) -> float:
    """kill -9 ``process`` (started in a session of its own); how long until no process of
    it is left."""
    process.send_signal(signal.SIGKILL)
    process.wait()
    killed = time.monotonic()
    while group_alive(process.pid) and time.monotonic() - killed < 30:
        time.sleep(0.01)
    assert group_alive(process.pid) == [], "a process of the killed command lives on"
    return time.monotonic() - killed


def big_content(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    write(content / "big/event.toml", BIG_TOML)
    many_players(content / "big", 1200)  # some seconds of rendering on two cores
    return content


def until(condition: Callable[[], bool], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the command never got there"
        time.sleep(0.01)


def staged(out: Path) -> int:
    """How many files a build has staged for ``out`` so far."""
    return sum(len(names) for _, _, names in os.walk(out.parent / f".{out.name}.publisher-staging"))


def turn_results(content: Path) -> None:
    """Every game of round 1 won by the other player: most pages of the site change."""
    rounds = content / "big/rounds/1.csv"
    text = rounds.read_text(encoding="utf-8")
    rounds.write_text(text.replace("1-0", "x").replace("0-1", "1-0").replace("x", "0-1"), encoding="utf-8")


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="render workers run on two cores or more")
@pytest.mark.parametrize("files", [0, 50, 300])
def test_a_build_killed_while_its_workers_render_leaves_no_process_and_no_lock(tmp_path, files):
    """Killed once the render workers are forked and have staged ``files`` files."""
    content, out = big_content(tmp_path), tmp_path / "site"
    command = publisher("build", "--content", content, "--out", out)
    subprocess.run(command, check=True, capture_output=True)
    turn_results(content)
    build = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    until(lambda: len(group_alive(build.pid)) > 1 and staged(out) >= files)
    assert build.poll() is None, "the build ended before it could be killed"
    assert kill_and_wait(build) < DEATH
    assert lock_is_free(out)
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started < 30  # it never waited for a lock (LOCK_WAIT is 60 s)
    assert sorted(p.name for p in tmp_path.iterdir()) == [*BESIDE, "content", "site"]
    assert manifest_of_folder(out) == loads_manifest((out / MANIFEST_NAME).read_bytes())


@pytest.mark.parametrize("command", ["watch", "serve"])
def test_a_killed_watch_or_serve_leaves_no_process_and_the_next_build_runs_at_once(tmp_path, command):
    content, out = big_content(tmp_path), tmp_path / "site"
    extra = ["--port", "0"] if command == "serve" else []
    for moment in (0.5, 1.5):
        shutil.rmtree(out, ignore_errors=True)
        live = subprocess.Popen(publisher(command, "--content", content, "--out", out, *extra),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        until(lambda: lock_file(out).exists())  # building
        time.sleep(moment)
        assert kill_and_wait(live) < DEATH
        assert lock_is_free(out)
        done = subprocess.run(publisher("build", "--content", content, "--out", out),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert sorted(p.name for p in tmp_path.iterdir()) == [*BESIDE, "content", "site"]


def test_an_import_killed_while_it_writes_leaves_no_hidden_folder_after_the_next(tmp_path):
    xml = write_tournament(tmp_path / "t.xml")
    content = tmp_path / "content"
    target = content / "club"
    assert subprocess.run(publisher("import", "opengotha", xml, target), capture_output=True).returncode == 0
    before = snapshot(target)
    for moment in (0.05, 0.2, 0.4):
        again = subprocess.Popen(publisher("import", "opengotha", xml, target, "--force"),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(moment)
        kill_and_wait(again)
        done = subprocess.run(publisher("import", "opengotha", xml, target, "--force"),
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert sorted(p.name for p in content.iterdir()) == ["club"]
        assert snapshot(target) == before


def test_a_mount_point_is_built_and_rebuilt_with_its_staging_inside_it(archive, tmp_path, disk, run):
    out = disk(tmp_path / "site", "16m")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    write(archive / "club-swiss/rules.md", "# Rules\n\nPlay nicely.\n")
    code, _, stderr = run("build", "--content", archive, "--out", out)
    assert (code, stderr) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.publisher-cache", "content", "site"]
    assert not (out / ".publisher-staging").exists() and (out / INSIDE_LOCK).is_file()
    manifest = loads_manifest((out / MANIFEST_NAME).read_bytes())
    assert INSIDE_LOCK not in manifest and "club-swiss/pages/rules.html" in manifest
    assert manifest == manifest_of_folder(out, frozenset({MANIFEST_NAME, INSIDE_LOCK}))
    assert (tmp_path / ".site.publisher-cache" / "record.pickle").is_file()  # beside: never served


def test_a_mount_point_under_a_read_only_folder_builds(archive, tmp_path, disk, run):
    parent = disk(tmp_path / "srv", "1m")
    (parent / "site").mkdir()
    out = disk(parent / "site", "16m")
    read_only(parent)
    assert run("build", "--content", archive, "--out", out)[0] == 0
    assert (out / "club-swiss/index.html").is_file()


def test_a_full_disk_is_one_line_and_the_last_site_stays(archive, tmp_path, disk, run):
    out = disk(tmp_path / "disk", "2m") / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    before = snapshot(out)
    fill(out.parent)
    write(archive / "club-swiss/rules.md", "# Rules\n\n" + "Play nicely. " * 2000 + "\n")
    code, stdout, stderr = run("build", "--content", archive, "--out", out)
    assert (code, stdout) == (1, "")
    assert stderr == f"error: {out}: {FULL} or build into another folder with --out\n"
    assert snapshot(out) == before
    assert sorted(p.name for p in out.parent.iterdir()) == [*BESIDE, "filler", "site"]
    (out.parent / "filler").unlink()
    assert run("build", "--content", archive, "--out", out)[0] == 0


def test_a_full_disk_stops_a_watch_build_with_one_line(archive, tmp_path, disk):
    from publisher.build.builder import Builder
    from publisher.live.watch import Watcher
    from publisher.plugins import plugin_manager

    out = disk(tmp_path / "disk", "2m") / "site"
    lines: list[str] = []
    watcher = Watcher(Builder(plugin_manager(), archive, out), log=lines.append)
    assert watcher.rebuild() is True
    fill(out.parent)
    write(archive / "club-swiss/rules.md", "# Rules\n\n" + "Play nicely. " * 2000 + "\n")
    assert watcher.rebuild() is False
    assert lines[-1].splitlines()[1:] == [
        f"  error: {out}: {FULL} or build into another folder with --out",
        "  Fix the file and save: the site follows on the next good build."]


def test_a_full_disk_stops_an_import_with_one_line_and_no_folder(tmp_path, disk, run):
    xml = write_tournament(tmp_path / "t.xml")
    content = disk(tmp_path / "content", "64k")
    fill(content)
    code, stdout, stderr = run("import", "opengotha", xml, content / "club")
    assert (code, stdout) == (1, "")
    assert stderr == f"error: {content / 'club'}: {FULL} or import into another folder\n"
    assert sorted(p.name for p in content.iterdir()) == ["filler"]


def test_a_full_disk_stops_pair_with_one_line_and_no_round_file(tmp_path, disk, run):
    xml = write_tournament(tmp_path / "t.xml")
    content = disk(tmp_path / "content", "1m")
    assert run("import", "opengotha", xml, content / "club")[0] == 0
    before = snapshot(content / "club")
    fill(content)
    code, _, stderr = run("pair", content / "club")
    assert code == 1
    assert stderr == f"error: {content / 'club/rounds/3.csv'}: {FULL}, then run the command again\n"
    assert snapshot(content / "club") == before


def test_a_read_only_site_is_one_line_and_stays(archive, tmp_path, disk, run):
    out = disk(tmp_path / "site", "16m")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    before = snapshot(out)
    read_only(out)
    write(archive / "club-swiss/rules.md", "# Rules\n\nPlay nicely.\n")
    code, _, stderr = run("build", "--content", archive, "--out", out)
    assert code == 1
    assert stderr == f"error: {out}: {READ_ONLY} or build into another folder with --out\n"
    assert snapshot(out) == before


def test_a_site_in_a_read_only_folder_is_one_line(archive, tmp_path, disk, run):
    parent = disk(tmp_path / "srv", "1m")
    read_only(parent)
    code, _, stderr = run("build", "--content", archive, "--out", parent / "site")
    assert code == 1
    assert stderr == f"error: {parent / 'site'}: {READ_ONLY} or build into another folder with --out\n"


def test_pair_removes_the_temporary_file_a_killed_pair_left_and_keeps_a_live_writers(tmp_path, run):
    """A kill in the microseconds of writing a round file leaves its hidden temporary file
    (named by the writer's process); the next write of that file removes it, and leaves one
    whose writer still runs."""
    xml = write_tournament(tmp_path / "t.xml")
    content = tmp_path / "content"
    assert run("import", "opengotha", xml, content / "club")[0] == 0
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a writer that was killed: its process is no more
    rounds = content / "club" / "rounds"
    dead = rounds / f".3.csv.{gone.pid}.a1b2c3.tmp"
    live = rounds / f".3.csv.{os.getpid()}.d4e5f6.tmp"
    for leftover in (dead, live):
        leftover.write_text("table,player1,player2,result\n1,", encoding="utf-8")
    assert run("pair", content / "club")[0] == 0
    assert (rounds / "3.csv").is_file()
    assert not dead.exists() and live.exists()

"""Writing --out: the manifest, files staged outside the served tree, killed and concurrent
builds, and output paths checked before anything is replaced."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import snapshot, write

from publisher.build import output
from publisher.build.builder import Builder
from publisher.build.manifest import MANIFEST_NAME, loads_manifest, manifest_of_folder
from publisher.build.output import OutputError, SiteWriter, locked
from publisher.plugins import plugin_manager

# What a build leaves beside the site: the cache of its record and its lock.
BESIDE = [".site.publisher-cache", ".site.publisher-lock"]


def many_players(folder: Path, count: int) -> None:
    rows = ["id,name,rank"] + [f"p{i:04d},Player {i},{1 + i % 9}k" for i in range(count)]
    (folder / "players.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    pairs = ["table,player1,player2,result"] + [
        f"{i // 2 + 1},p{i:04d},p{i + 1:04d},1-0" for i in range(0, count - 1, 2)]
    write(folder / "rounds" / "1.csv", "\n".join(pairs) + "\n")


def test_the_site_carries_its_manifest_and_it_matches_the_files(archive, tmp_path, run):
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    manifest = loads_manifest((out / MANIFEST_NAME).read_bytes())
    assert manifest == manifest_of_folder(out)
    assert "club-swiss/index.html" in manifest and "index.html" in manifest
    assert not (out / ".publisher-site").exists()


def test_a_folder_with_the_old_marker_is_still_ours(archive, tmp_path, run):
    out = tmp_path / "site"
    write(out / ".publisher-site", "Built by the tournament publisher\n")
    write(out / "old.html", "from an older version")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    assert not (out / "old.html").exists() and not (out / ".publisher-site").exists()
    assert (out / MANIFEST_NAME).is_file()


def test_a_file_changed_by_hand_is_put_right_by_the_next_build(archive, tmp_path, run):
    out = tmp_path / "site"
    run("build", "--content", archive, "--out", out)
    good = (out / "club-swiss/index.html").read_bytes()
    (out / "club-swiss/index.html").write_bytes(b"scribbled over")
    write(out / "club-swiss/stray.html", "not ours")
    code, stdout, _ = run("build", "--content", archive, "--out", out)
    assert code == 0 and "(1 written," in stdout and "1 removed" in stdout
    assert (out / "club-swiss/index.html").read_bytes() == good
    assert not (out / "club-swiss/stray.html").exists()


def test_leftovers_of_a_killed_build_are_removed_by_the_next_one(archive, tmp_path, run):
    out = tmp_path / "site"
    run("build", "--content", archive, "--out", out)
    write(out.parent / ".site.publisher-staging/club-swiss/index.html", "half a build")
    write(out.parent / ".site.k2j4h5ab/.publisher-site", "Built by the tournament publisher\n")
    write(out.parent / ".site.k2j4h5ab/index.html", "a killed fresh build of an older version")
    write(out / "club-swiss/.index.html.mnnag_7d", "a temporary file of an older version")
    write(out.parent / ".site.notes/keep.txt", "somebody's own folder")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    assert not (out.parent / ".site.publisher-staging").exists()
    assert not (out.parent / ".site.k2j4h5ab").exists()
    assert not (out / "club-swiss/.index.html.mnnag_7d").exists()
    assert (out.parent / ".site.notes/keep.txt").is_file()


def test_a_build_killed_while_writing_leaves_no_temporary_file_in_the_site(tmp_path):
    content = tmp_path / "content"
    write(content / "big/event.toml", """
        name = "Big Swiss"
        game = "go"
        system = "swiss"
        start = 2026-03-01
        rounds = 3
    """)
    many_players(content / "big", 600)
    out = tmp_path / "site"
    command = [sys.executable, "-m", "publisher.cli", "build", "--content", str(content), "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True)
    (content / "big/rounds/1.csv").write_text(
        (content / "big/rounds/1.csv").read_text(encoding="utf-8").replace("1-0", "0-1"), encoding="utf-8")
    before = snapshot(out)
    for delay in (0.8, 1.6, 2.4):
        build = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        build.send_signal(signal.SIGKILL)
        build.wait()
        served = [p.relative_to(out).as_posix() for p in out.rglob("*")
                  if p.is_file() and p.name.startswith(".") and p.name != MANIFEST_NAME]
        assert served == []
        # each file is whole: the old site's or the new one's
        assert all(p.name == MANIFEST_NAME or p.read_bytes() == before[p.relative_to(out).as_posix()]
                   or p.read_bytes().endswith(b"</html>\n") or p.suffix != ".html"
                   for p in out.rglob("*") if p.is_file())
    subprocess.run(command, check=True, capture_output=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [*BESIDE, "content", "site"]
    assert manifest_of_folder(out) == loads_manifest((out / MANIFEST_NAME).read_bytes())


def test_two_builds_into_a_missing_folder_both_succeed(archive, tmp_path):
    out = tmp_path / "new" / "site"
    command = [sys.executable, "-m", "publisher.cli", "build", "--content", str(archive), "--out", str(out)]
    builds = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for _ in range(3)]
    results = [b.communicate(timeout=120) for b in builds]
    assert [b.returncode for b in builds] == [0, 0, 0], results
    assert all("Traceback" not in err for _, err in results)
    assert manifest_of_folder(out) == loads_manifest((out / MANIFEST_NAME).read_bytes())
    assert sorted(p.name for p in out.parent.iterdir()) == [*BESIDE, "site"]


def test_a_build_waits_for_the_one_writing_and_says_who_holds_the_folder(archive, tmp_path, monkeypatch):
    out = tmp_path / "site"
    monkeypatch.setattr(output, "LOCK_WAIT", 0.3)
    with locked(out), pytest.raises(OutputError) as error:
        Builder(plugin_manager(), archive, out).build()
    assert str(error.value) == (
        f"another publisher build (process {os.getpid()}) is writing {out} and did not finish "
        "within 0.3 s; wait for it or stop it, then build again")
    assert not out.exists()
    released = threading.Event()

    def hold() -> None:
        with locked(out):
            released.wait(0.2)

    holder = threading.Thread(target=hold)
    holder.start()
    time.sleep(0.05)
    monkeypatch.setattr(output, "LOCK_WAIT", 10.0)
    Builder(plugin_manager(), archive, out).build()  # takes its turn
    holder.join()
    assert (out / "club-swiss/index.html").is_file()


def test_an_over_long_file_name_is_refused_before_a_single_file_is_replaced(archive, tmp_path, run):
    out = tmp_path / "site"
    run("build", "--content", archive, "--out", out)
    before = snapshot(out)
    write(archive / "club-swiss/players.csv", "id,name,rank\n" + "".join(
        f"{c}{'x' * 250},Player {c},1k\n" for c in "abcd"))
    long_a, long_b = "a" + "x" * 250, "b" + "x" * 250
    write(archive / "club-swiss/rounds/1.csv", f"table,player1,player2,result\n1,{long_a},{long_b},\n")
    code, _, stderr = run("build", "--content", archive, "--out", out)
    assert code == 1
    assert "Traceback" not in stderr and stderr.startswith("error: ")
    assert snapshot(out) == before


def test_every_path_is_checked_before_anything_is_staged(tmp_path):
    out = tmp_path / "site"
    writer = SiteWriter(out)
    with pytest.raises(OutputError) as error:
        writer.check(["index.html", "players/" + "p" * 251 + ".html"])
    assert "the file name is 256 bytes long, and the file system allows 255" in str(error.value)
    assert "shorten the player id" in str(error.value)
    writer.abort()
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_the_manifest_is_rewritten_only_where_the_site_changed(archive, tmp_path):
    out = tmp_path / "site"
    builder = Builder(plugin_manager(), archive, out)
    builder.build()
    stamp = (out / MANIFEST_NAME).stat().st_mtime_ns
    report = builder.build()
    assert report.stats.written == 0 and (out / MANIFEST_NAME).stat().st_mtime_ns == stamp
    write(archive / "club-swiss/rules.md", "# Rules\n\nPlay nicely.\n")
    report = builder.build()
    assert "club-swiss/pages/rules.html" in report.manifest
    assert json.loads((out / MANIFEST_NAME).read_bytes())["files"].keys() == report.manifest.keys()


def test_a_kept_builder_writes_the_whole_site_again_after_out_was_deleted(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parent.parent / "content" / "wosc-2026", content / "wosc-2026")
    builder = Builder(plugin_manager(), content, tmp_path / "site")
    builder.build()
    whole = snapshot(tmp_path / "site")
    shutil.rmtree(tmp_path / "site")
    builder.build()  # the championship did not change, but its pages are gone
    assert snapshot(tmp_path / "site") == whole


def test_a_single_build_holds_each_championship_written_as_its_manifest_lines(tmp_path):
    """``publisher build`` keeps every championship's files as their lines of the manifest
    (what it writes at the end), not as entries; the report and the manifest file still say
    every file, and a build over the site removes what its content no longer makes."""
    from publisher.build.manifest import PackedGroup

    examples = Path(__file__).resolve().parent.parent / "content"
    content = tmp_path / "content"
    for name in ("wosc-2026", "ljubljana-go-open-2026", "bled-go-tournament-2025"):
        shutil.copytree(examples / name, content / name)
    out = tmp_path / "site"
    builder = Builder(plugin_manager(), content, out, remember=False)
    report = builder.build()
    groups = {g for g, files in report.groups.items() if isinstance(files, PackedGroup)}
    assert groups == {"wosc-2026/", "ljubljana-go-open-2026/", "bled-go-tournament-2025/"}
    on_disk = manifest_of_folder(out)
    assert report.manifest == on_disk == loads_manifest((out / MANIFEST_NAME).read_bytes())
    assert report.files == len(on_disk)
    (content / "wosc-2026" / "venue.md").unlink()
    report = builder.build()
    assert report.stats.removed == 1 and "wosc-2026/pages/venue.html" in on_disk
    assert "wosc-2026/pages/venue.html" not in manifest_of_folder(out)
    assert manifest_of_folder(out) == loads_manifest((out / MANIFEST_NAME).read_bytes()) == report.manifest
    again = Builder(plugin_manager(), content, out, remember=False).build()  # from the manifest file
    assert (again.stats.written, again.stats.removed, again.manifest) == (0, 0, report.manifest)

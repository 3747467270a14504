"""``publisher build`` run again: it starts from the record its last run kept in the cache
folder beside the site, renders only what changed, and trusts the record only while it
describes the site and the code as they are (publisher.build.record)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import snapshot, write

from publisher.build import record
from publisher.build.builder import Builder
from publisher.build.render import Renderer
from publisher.plugins import plugin_manager

EXAMPLES = Path(__file__).resolve().parent.parent / "content"
HEADER = "table,player1,player2,result,note\n"
RESULT = (HEADER + "1,g053,g022,1-0,", HEADER + "1,g053,g022,0-1,")


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(EXAMPLES, content)
    return content


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The path of every output rendered from now on, in this process (a single build of a
    few championships renders in its own process when they are fewer than its cores)."""
    rendered: list[str] = []
    render = Renderer.render

    def counted(self, output, batch, site, event, language=""):
        rendered.append(batch.path(output, language))
        return render(self, output, batch, site, event, language)

    monkeypatch.setattr(Renderer, "render", counted)
    monkeypatch.setattr("publisher.build.builder.cores", lambda: 1)
    return rendered


def build(run, content: Path, out: Path, *more: str) -> str:
    code, stdout, stderr = run("build", "--content", content, "--out", out, *more)
    assert code == 0, stderr
    return stdout + stderr


def flip_a_result(content: Path) -> None:
    path = content / "ljubljana-go-open-2026/rounds/3.csv"
    text = path.read_text(encoding="utf-8")
    assert text.startswith(RESULT[0])
    path.write_text(RESULT[1] + text[len(RESULT[0]):], encoding="utf-8")


def test_a_second_run_renders_only_what_one_result_changed(archive, tmp_path, run, renders):
    """What a run renders after one changed result is what ``watch``'s kept builder renders
    for the same save: the same rule, kept on disk instead of in memory."""
    site = tmp_path / "site"
    build(run, archive, site)
    assert (tmp_path / ".site.publisher-cache" / "record.pickle").is_file()
    full = len(renders)
    other = site / "wosc-2026" / "index.html"
    untouched = other.stat().st_mtime_ns
    renders.clear()
    assert re.search(r"\(0 written, \d+ unchanged, 0 removed\)", build(run, archive, site))
    assert renders == []  # nothing changed: nothing rendered, not even the archive's pages
    watched = tmp_path / "watched"
    shutil.copytree(archive, watched)
    watcher = Builder(plugin_manager(), watched, tmp_path / "watched-site")
    watcher.build()
    flip_a_result(archive)
    flip_a_result(watched)
    renders.clear()
    watcher.build()
    by_watch = sorted(renders)
    renders.clear()
    build(run, archive, site)
    assert sorted(renders) == by_watch
    assert "ljubljana-go-open-2026/round-3.html" in renders
    assert "ljubljana-go-open-2026/round-1.html" not in renders  # its inputs did not change
    assert not [path for path in renders if path.startswith(("wosc-2026/", "bled-", "hk-", "macau-"))]
    assert len(renders) < full / 5, (len(renders), full)
    assert other.stat().st_mtime_ns == untouched
    build(run, archive, tmp_path / "fresh")
    assert snapshot(site) == snapshot(tmp_path / "fresh")


def test_after_everything_was_built_again_one_result_still_renders_only_its_pages(archive, tmp_path,
                                                                                  run, renders):
    """A new public address renders every page; the record of every championship is then
    written again, so the next result renders only what it changed, not everything again."""
    site = tmp_path / "site"
    build(run, archive, site)
    toml = archive / "site.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("https://", "https://new."), encoding="utf-8")
    renders.clear()
    build(run, archive, site)
    full = len(renders)
    flip_a_result(archive)
    renders.clear()
    build(run, archive, site)
    assert "ljubljana-go-open-2026/round-3.html" in renders and len(renders) < full / 5
    assert not [path for path in renders if path.startswith("wosc-2026/")]


def test_a_page_removed_from_the_site_is_written_again(archive, tmp_path, run, renders):
    site = tmp_path / "site"
    build(run, archive, site)
    (site / "wosc-2026" / "standings-1.html").unlink()
    renders.clear()
    build(run, archive, site)
    assert "wosc-2026/standings-1.html" in renders
    assert (site / "wosc-2026" / "standings-1.html").is_file()


def test_a_site_changed_since_by_a_watch_is_read_anew(archive, tmp_path, run, renders):
    """``publisher watch`` keeps no record beside the site: once it has built, the record of
    the last ``publisher build`` no longer describes the site, and the next run renders
    everything."""
    site = tmp_path / "site"
    build(run, archive, site)
    flip_a_result(archive)
    Builder(plugin_manager(), archive, site).build()  # as watch builds
    renders.clear()
    build(run, archive, site)
    assert len(renders) > 1000
    build(run, archive, tmp_path / "fresh")
    assert snapshot(site) == snapshot(tmp_path / "fresh")


@pytest.mark.parametrize("change", ["version", "plugin"])
def test_a_changed_publisher_or_plugin_renders_everything(archive, tmp_path, run, renders, monkeypatch,
                                                           change):
    plugins = tmp_path / "plugins"
    write(plugins / "venue.py", "from publisher import hookimpl\n")
    site = tmp_path / "site"
    run_plugins = ("--plugins-dir", plugins)
    code, _, stderr = run(*run_plugins, "build", "--content", archive, "--out", site)
    assert code == 0, stderr
    renders.clear()
    if change == "version":
        monkeypatch.setattr(record, "__version__", "0.0.0-other")
    else:
        write(plugins / "venue.py", "from publisher import hookimpl\n\n# a new line\n")
    code, _, stderr = run(*run_plugins, "build", "--content", archive, "--out", site)
    assert code == 0, stderr
    assert len(renders) > 1000


def test_a_cache_that_cannot_be_kept_is_a_warning_and_the_site_is_built(archive, tmp_path, run, renders):
    site, cache = tmp_path / "site", tmp_path / ".site.publisher-cache"
    cache.mkdir()
    (cache / "events").write_text("not a folder", encoding="utf-8")
    code, stdout, stderr = run("build", "--content", archive, "--out", site)
    assert code == 0
    assert stdout.startswith("Built 5 championship(s), ")
    assert stderr.startswith(f"warning: {cache}: could not be kept (")
    assert "the next build renders everything again; free some space or delete the folder" in stderr
    (cache / "events").unlink()
    renders.clear()
    build(run, archive, site)
    assert len(renders) > 1000  # no record was kept: a full build, which keeps one
    renders.clear()
    build(run, archive, site)
    assert renders == []

"""The incremental site is the full build's site, byte for byte, whatever was edited.

A builder kept across builds (what ``watch`` runs) skips championships whose folder
did not change and pages whose inputs did not change. Random sequences of edits
(results, players added, a round file removed, a template or the event's name
changed, a file broken then fixed) are applied, and after each step the kept
builder's site is compared with a fresh build of the same content.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
from pathlib import Path
from unittest import mock

import pytest
from conftest import snapshot, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publisher import hookimpl
from publisher.build import builder as build
from publisher.build.builder import Builder
from publisher.build.theme import theme_dir
from publisher.build.workers import forked_map
from publisher.cli import main
from publisher.languages import SHIPPED
from publisher.model import Site
from publisher.plugins import plugin_manager
from publisher.problems import ContentError

EXAMPLES = Path(__file__).resolve().parent.parent / "content"
PM = plugin_manager()


def swiss(folder: Path, players: int, rounds: int) -> None:
    """A Swiss event paired by ``publisher pair`` and played: the higher rating wins."""
    write(folder / "event.toml", f"""
        name = "Club Swiss"
        game = "go"
        system = "swiss"
        start = 2026-03-01
        rounds = {rounds + 2}
        seed = "club"
    """)
    rows = [f"s{i:02d},Player {i},{1 + i % 9}k,{2000 - 37 * i}" for i in range(players)]
    write(folder / "players.csv", "id,name,rank,rating\n" + "\n".join(rows) + "\n")
    for number in range(1, rounds + 1):
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["pair", str(folder)]) == 0
        path = folder / "rounds" / f"{number}.csv"
        rows = [line.split(",") for line in path.read_text(encoding="utf-8").splitlines()]
        for cells in rows[1:]:
            cells[3] = cells[3] or "1-0"
        path.write_text("".join(",".join(cells) + "\n" for cells in rows), encoding="utf-8")


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    content = tmp_path_factory.mktemp("model") / "content"
    swiss(content / "club-swiss", players=11, rounds=3)
    shutil.copytree(EXAMPLES / "hk-mahjong-open-2026", content / "hk-mahjong-open-2026")
    shutil.copy(EXAMPLES / "site.toml", content / "site.toml")
    return content


def flip_result(content: Path, rng: random.Random) -> None:
    rounds = sorted((content / "club-swiss/rounds").glob("*.csv"))
    path = rng.choice(rounds)
    lines = path.read_text(encoding="utf-8").splitlines()
    row = rng.randrange(1, len(lines))
    cells = lines[row].split(",")
    if cells[3] != "bye":
        cells[3] = rng.choice(["1-0", "0-1", "½-½", ""])
        lines[row] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def change_hands(content: Path, rng: random.Random) -> None:
    path = content / "hk-mahjong-open-2026/rounds/1-scores.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    row = rng.randrange(1, len(lines))
    cells = lines[row].split(",")
    cells[3] = rng.choice(["", "8", "88 8", "32 16 12"])
    lines[row] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def add_player(content: Path, rng: random.Random) -> None:
    path = content / "club-swiss/players.csv"
    count = len(path.read_text(encoding="utf-8").splitlines())
    with path.open("a", encoding="utf-8") as players:
        players.write(f"n{count:02d},Newcomer {count},{rng.randrange(1, 9)}k,{rng.randrange(900, 2100)}\n")


def rename_player(content: Path, rng: random.Random) -> None:
    """A name or a rating corrected: the player's opponents' pages show it too."""
    path = content / "club-swiss/players.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    row = rng.randrange(1, len(lines))
    cells = lines[row].split(",")
    if rng.random() < 0.5:
        cells[1] = f"Renamed {rng.randrange(100)}"
    else:
        cells[3] = str(rng.randrange(900, 2100))
    lines[row] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def change_scoring(content: Path, rng: random.Random) -> None:
    """What a bye and a missed round score: every round's entries are made again."""
    path = content / "club-swiss/event.toml"
    text = path.read_text(encoding="utf-8").split("[macmahon]")[0]
    path.write_text(f"{text}[macmahon]\nbye_score = {rng.choice(['1', '0.5'])}\n"
                    f"absent_score = {rng.choice(['0', '0.5'])}\n", encoding="utf-8")


def remove_last_round(content: Path, rng: random.Random) -> None:
    rounds = sorted((content / "club-swiss/rounds").glob("*.csv"), key=lambda p: int(p.stem))
    if len(rounds) > 1:
        rounds[-1].unlink()


def change_template(content: Path, rng: random.Random) -> None:
    templates = content.parent / "templates"
    name = rng.choice(["players.html", "base.html"])
    text = (theme_dir() / "html" / name).read_text(encoding="utf-8")
    write(templates / name, text.replace("</h1>", f" <small>v{rng.randrange(100)}</small></h1>", 1)
          if name == "players.html" else text.replace("</footer>", f"v{rng.randrange(100)}</footer>"))


def rename_event(content: Path, rng: random.Random) -> None:
    path = content / "club-swiss/event.toml"
    text = path.read_text(encoding="utf-8")
    name = text.split('name = "', 1)[1].split('"', 1)[0]
    path.write_text(text.replace(f'name = "{name}"', f'name = "Club Swiss {rng.randrange(100)}"'),
                    encoding="utf-8")


def add_page(content: Path, rng: random.Random) -> None:
    write(content / "club-swiss/news.md", f"# News\n\nRound report number {rng.randrange(100)}.\n")


def change_address(content: Path, rng: random.Random) -> None:
    write(content / "site.toml", f'url = "https://results{rng.randrange(3)}.example.org/"\n')


def change_front_page(content: Path, rng: random.Random) -> None:
    write(content / "index.md", f"# Archive {rng.randrange(100)}\n\nEvery championship of the club.\n")


def touch_players(content: Path, rng: random.Random) -> None:
    """Save players.csv unchanged: only the pages' 'data last changed' moves."""
    path = content / "club-swiss/players.csv"
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + rng.randrange(1, 10**9) * 1000))


EDITS = [flip_result, change_hands, add_player, rename_player, change_scoring, remove_last_round,
         change_template, rename_event, add_page, change_address, change_front_page, touch_players]


def break_file(content: Path, rng: random.Random) -> Path:
    """Break a file as an organiser might; returns it, so the test can put it back."""
    path = rng.choice([content / "club-swiss/rounds/1.csv", content / "club-swiss/event.toml",
                       content / "club-swiss/players.csv",
                       content / "hk-mahjong-open-2026/rounds/1-scores.csv"])
    with path.open("a", encoding="utf-8") as broken:
        broken.write("9,nobody,somebody,2-0\n" if path.suffix == ".csv" else "rounds = [\n")
    return path


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from([*EDITS, break_file]), st.integers(0, 2**32)),
                      min_size=1, max_size=6))
def test_the_kept_builder_writes_what_a_full_build_writes(model, tmp_path_factory, steps):
    kept_builds_equal_full_builds(model, tmp_path_factory.mktemp("edits"), steps)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from([*EDITS, break_file]), st.integers(0, 2**32)),
                      min_size=1, max_size=5))
def test_a_build_run_again_from_its_cache_writes_what_a_full_build_writes(model, tmp_path_factory, steps):
    kept_builds_equal_full_builds(model, tmp_path_factory.mktemp("runs"), steps, runs=True)


@pytest.mark.parametrize("steps", [
    [(break_file, 5), (flip_result, 1), (rename_player, 3), (break_file, 2)],  # players.csv, then 1.csv
    [(flip_result, 4), (change_scoring, 0), (add_player, 1), (change_scoring, 5), (flip_result, 2)],
], ids=["players-broken-then-mended", "scoring-changed"])
def test_kept_files_and_entries_follow_their_files(model, tmp_path, steps):
    """The kept players.csv, round files and rounds' entries: a file broken then mended, a
    field and the scores of byes and absences changed (the seeds pick players.csv to break)."""
    kept_builds_equal_full_builds(model, tmp_path, steps)


def full_build(content: Path, out: Path, templates: Path | None = None) -> None:
    """A build as a fresh process makes it: a new builder, which shares nothing read or
    computed with the kept builder (what a builder keeps is its own, publisher.build.kept)."""
    Builder(PM, content, out, templates).build()


def kept_builds_equal_full_builds(model: Path, root: Path, steps: list, runs: bool = False) -> None:
    """After each step, the kept builder's site is a fresh build's. With ``runs``, each build
    is a new single build (``publisher build`` run again) starting from the record the last
    one kept in the cache folder beside the site."""
    content, site, templates = root / "content", root / "site", root / "templates"
    shutil.copytree(model, content)
    templates.mkdir()

    def new_run() -> Builder:
        return Builder(PM, content, site, templates, remember=False, cache=True)

    builder = new_run() if runs else Builder(PM, content, site, templates)
    builder.build()
    for number, (edit, seed) in enumerate(steps):
        rng = random.Random(seed)
        builder = new_run() if runs else builder
        if edit is break_file:
            good_bytes = None
            before = snapshot(site)
            path = break_file(content, rng)
            good_bytes = path.read_bytes().rsplit(b"\n", 2)[0] + b"\n"
            with pytest.raises(ContentError):
                builder.build()
            assert snapshot(site) == before  # the last good site stays
            path.write_bytes(good_bytes)
        else:
            edit(content, rng)
        try:
            builder.build()
        except ContentError:
            with pytest.raises(ContentError):
                full_build(content, root / f"fresh-{number}", templates)
            continue
        fresh = root / f"fresh-{number}"
        full_build(content, fresh, templates)
        assert snapshot(site) == snapshot(fresh), f"after {[e.__name__ for e, _ in steps[:number + 1]]}"


def one_championship(root: Path) -> Path:
    """An archive of one Go championship (and the examples' site settings)."""
    content = root / "one"
    shutil.copytree(EXAMPLES / "ljubljana-go-open-2026", content / "ljubljana-go-open-2026")
    shutil.copy(EXAMPLES / "site.toml", content / "site.toml")
    return content


# How a single build spreads its work, by archive and cores: one championship's pages in
# parts (fewer championships than cores), whole championships, or each one's pages in parts.
SPREADS = [pytest.param(one_championship, 2, "parts", id="one-championship-2-cores"),
           pytest.param(lambda root: EXAMPLES, 2, "championships", id="five-championships-2-cores"),
           pytest.param(lambda root: EXAMPLES, 8, "parts", id="five-championships-8-cores")]


@pytest.fixture
def spread(monkeypatch: pytest.MonkeyPatch):
    """Make single builds see ``cores`` cores (one: they render in their own process), and
    record the task count of every pool they fork."""

    def on(cores: int) -> list[int]:
        pools: list[int] = []

        def counted(task, count: int, workers: int, closed=()):
            pools.append(count)
            return forked_map(task, count, workers, closed)

        monkeypatch.setattr(build, "cores", lambda: cores)
        monkeypatch.setattr(build, "forked_map", counted)
        return pools

    return on


@pytest.mark.parametrize(("archive", "cores", "by"), SPREADS)
def test_a_build_spread_over_processes_writes_what_one_process_writes(tmp_path, run, spread,
                                                                      archive, cores, by):
    content = archive(tmp_path)
    pools = spread(cores)
    assert run("build", "--content", content, "--out", tmp_path / "spread")[0] == 0
    Builder(PM, content, tmp_path / "kept").build()  # a kept builder renders in its own process
    assert snapshot(tmp_path / "spread") == snapshot(tmp_path / "kept")  # the manifest too
    championships = content_dirs(content)
    if by == "championships":
        assert pools == [len(championships)]
    else:  # a pool for each championship, each rendering a few dozen of its outputs at a time
        kept = tmp_path / "kept"
        folders = {c: [c, *(f"{code}/{c}" for code in SHIPPED)] for c in championships}  # each language's too
        files = [sum(1 for f in folders[c] for p in (kept / f).rglob("*") if p.is_file())
                 for c in championships]
        assert pools == [-(-count // build.PART) for count in files] and min(pools) > 1


def content_dirs(content: Path) -> list[str]:
    return sorted(p.name for p in content.iterdir() if (p / "event.toml").is_file())


@pytest.mark.parametrize(("archive", "cores", "by"), SPREADS)
def test_a_content_mistake_is_told_alike_by_a_spread_build(tmp_path, run, spread, archive, cores, by):
    content = tmp_path / "content"
    shutil.copytree(archive(tmp_path), content)
    with (content / "ljubljana-go-open-2026/event.toml").open("a", encoding="utf-8") as broken:
        broken.write("rounds = [\n")
    told = []
    for workers in (cores, 1):
        spread(workers)
        code, _, stderr = run("build", "--content", content, "--out", tmp_path / f"site-{workers}")
        assert code == 1 and not (tmp_path / f"site-{workers}").exists()
        told.append(stderr)
    assert "ljubljana-go-open-2026/event.toml" in told[0] and told[0] == told[1]


@pytest.mark.parametrize(("archive", "cores", "by"), SPREADS)
def test_a_template_mistake_met_in_a_worker_names_the_template_line(tmp_path, run, spread,
                                                                    archive, cores, by):
    content = archive(tmp_path)
    templates = tmp_path / "templates"
    text = (theme_dir() / "html" / "players.html").read_text(encoding="utf-8")
    write(templates / "players.html", text.replace("<h1>{{ _('Players') }}</h1>", '<h1>{{ 1 + "a" }}</h1>'))
    told = []
    for workers in (cores, 1):
        pools = spread(workers)
        code, _, stderr = run("build", "--content", content, "--out", tmp_path / f"site-{workers}",
                              "--templates", templates)
        assert code == 1 and not (tmp_path / f"site-{workers}").exists()
        assert bool(pools) == (workers > 1)
        told.append(stderr)
    assert told[0].startswith(f"error: {templates / 'players.html'}:3: template error: ")
    assert "Traceback" not in told[0] and told[0] == told[1]


class SitePagesAsked:
    """A plugin that counts how often a build asks for the archive's own pages."""

    def __init__(self) -> None:
        self.times = 0

    @hookimpl
    def publisher_site_pages(self, site: Site) -> list:
        self.times += 1
        return []


def test_a_build_with_nothing_changed_asks_no_plugin_for_the_archive_pages(model, tmp_path):
    content = tmp_path / "content"
    shutil.copytree(model, content)
    pm, asked = plugin_manager(), SitePagesAsked()
    pm.register(asked)
    builder = Builder(pm, content, tmp_path / "site")
    builder.build()
    report = builder.build()
    assert asked.times == 1 and report.stats.written == 0 and report.stats.removed == 0
    write(content / "index.md", "# Club archive\n")
    builder.build()
    assert asked.times == 2
    flip_result(content, random.Random(1))
    builder.build()
    assert asked.times == 3
    shutil.rmtree(tmp_path / "site")  # someone removed --out
    builder.build()
    assert asked.times == 4 and (tmp_path / "site" / "data" / "people.json").is_file()


def test_a_kept_round_file_is_checked_again_against_a_changed_field(model, tmp_path):
    """Round files are kept between builds; a player taken out of players.csv still makes
    round 1 (unchanged) name them, and a broken round file is told at every build."""
    content = tmp_path / "content"
    shutil.copytree(model / "club-swiss", content / "club-swiss")
    players, first = content / "club-swiss" / "players.csv", content / "club-swiss" / "rounds" / "1.csv"
    builder = Builder(PM, content, tmp_path / "site")
    builder.build()
    kept = players.read_text(encoding="utf-8")
    players.write_text(kept.replace("\ns00,Player 0,1k,2000", ""), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ContentError) as error:
            builder.build()
        assert any(p.file == first and p.message == "unknown player 's00'" for p in error.value.problems)
    players.write_text(kept, encoding="utf-8")
    builder.build()
    Builder(PM, content, tmp_path / "fresh").build()
    assert snapshot(tmp_path / "site") == snapshot(tmp_path / "fresh")



def test_a_renamed_player_is_renamed_on_the_pages_of_everyone_they_met(model, tmp_path):
    """Player pages are keyed by the player's id and the whole field: a name corrected in
    players.csv reaches every page that shows it."""
    content = tmp_path / "content"
    shutil.copytree(model, content)
    builder = Builder(PM, content, tmp_path / "site")
    builder.build()
    path = content / "club-swiss/players.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("s00,Player 0,1k,2000", "s00,Anna Zed,1k,1999"),
                    encoding="utf-8")
    builder.build()
    fresh = tmp_path / "fresh"
    full_build(content, fresh)
    assert snapshot(tmp_path / "site") == snapshot(fresh)
    met = [p for p in (fresh / "club-swiss/players").glob("*.html")
           if p.stem != "s00" and "s00.html" in p.read_text(encoding="utf-8")]
    assert met and all("Anna Zed" in p.read_text(encoding="utf-8") for p in met)
    standings = sorted((fresh / "club-swiss").glob("standings-*.html"))
    assert standings and all('<td class="num">1999</td>' in p.read_text(encoding="utf-8") for p in standings)


def test_a_single_build_keeps_nothing_for_a_later_one_and_a_watched_build_does(model, tmp_path):
    """``publisher build`` reads each championship once: what the stores kept between builds
    hold (players.csv, round files, rounds' entries, standings, summarised fields) is let go
    once a championship is written, in the build and in its render workers alike, so its
    memory does not grow with the archive; a watched build keeps them for the next save."""
    single = Builder(PM, model, tmp_path / "single", remember=False)
    seen: list[list[int]] = []
    forget = single.kept.forget

    def counted() -> None:
        seen.append(kept_sizes(single))
        forget()

    with mock.patch.object(single.kept, "forget", counted):
        single.build()
    assert seen and max(map(sum, seen)) > 0  # each championship's files were kept while it was made
    assert kept_sizes(single) == [0] * len(KEPT_BY_CHAMPIONSHIP)
    watched = Builder(PM, model, tmp_path / "watched")
    watched.build()
    assert all(kept_sizes(watched))
    assert snapshot(tmp_path / "single") == snapshot(tmp_path / "watched")


# The stores of a championship's files and what is made from them (publisher.build.kept).
KEPT_BY_CHAMPIONSHIP = ("files", "macmahon.standings", "macmahon.entries", "summary.fields",
                        "macmahon.columns")


def kept_sizes(builder: Builder) -> list[int]:
    return [len(builder.kept.store(name)) for name in KEPT_BY_CHAMPIONSHIP]

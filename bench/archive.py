"""The archive at federation size: build time and search index for a generated archive.

1. ``--championships`` (200) Swiss championships of ``--players`` (100) drawn from one pool
   of people, most with an egd_pin, each with one round played, built from scratch: the
   build time (median of ``--repeats``), with the archive plugin's own share (people pages,
   people.json, index, archive feed) timed alone on the same events as the baseline ratio.
2. The search index of ``--big`` (500) championships and ``--people`` (50,000) people, read
   as a build reads them: its size gzip-compressed (as a host sends it), split per letter
   and, for comparison, as one file; and in Chromium (from the folder, file://), the time
   from typing a name to the first result, with the per-letter file and with one file.

People recur across these championships with realistic, accented names, which the
archives of ``bench/generate.py`` (copies of one model field, "Player 17") do not have.

    python bench/archive.py [--championships 200] [--players 100] [--repeats 3]
                            [--big 500] [--people 50000] [--no-browser]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from plugins.archive import publisher_site_pages
from plugins.archive.kept import championships as archive_parts
from plugins.archive.people import appearances, gather
from plugins.archive.search import index_files, people_shards, person_rows, player_rows
from publisher.build.builder import Builder
from publisher.build.kept import Kept
from publisher.build.loading import load_event
from publisher.content.folders import event_dirs
from publisher.model import Site, made
from publisher.plugins import plugin_manager

FIRST = ["Ana", "Łukasz", "Zoran", "Marta", "Jürgen", "Søren", "Élodie", "Tomáš", "Ivana", "Luka",
         "Nina", "Matej", "Eva", "Jakob", "Piotr", "Oğuz", "Ines", "Mihai", "Sara", "Bjørn",
         "Katarzyna", "François", "Dmitri", "Žiga", "Hana", "Pál", "Chloé", "Ömer", "Tiago", "Aino"]
LAST = ["Kovačević", "Wójcik", "Žeželj", "Müller", "Nørgaard", "Dubois", "Novák", "Horvat", "Kranjc",
        "Vidmar", "Kos", "Kowalski", "Popescu", "Schmidt", "Rossi", "Fischer", "Meijer", "Ionescu",
        "Szabó", "Lindqvist", "Petrov", "Yılmaz", "García", "Moreau", "Zupan", "Hansen", "Costa",
        "Nowak", "Bianchi", "Virtanen", "Krajnc", "Đurić", "Blažević", "Strauß", "Åberg", "Ørsted"]


def pool(size: int, seed: str) -> list[tuple[str, str, str]]:
    """(name, country, egd_pin or "") for ``size`` people; a fifth have no PIN."""
    rng = random.Random(seed)
    people = []
    for n in range(size):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if n % 7 == 0:  # double-barrelled names make the index realistic in length
            name += f"-{rng.choice(LAST)}"
        people.append((name, rng.choice(["SI", "HR", "PL", "DE", "CZ", "AT", "HU", "IT"]),
                       "" if n % 5 == 0 else str(10_000_000 + n)))
    return people


def generate(folder: Path, championships: int, players: int, people: int, rounds: bool) -> None:
    """Swiss championships, two a month, each a sample of the pool; one round played if ``rounds``."""
    everyone = pool(people, "archive-bench")
    rng = random.Random("archive-bench-events")
    for n in range(championships):
        year, month = 2000 + n // 24, 1 + (n // 2) % 12
        slug = f"cup-{n + 1:03d}"
        event = folder / slug
        (event / "rounds").mkdir(parents=True)
        (event / "event.toml").write_text(
            f'name = "{rng.choice(LAST)} Cup {year}"\ngame = "go"\nsystem = "swiss"\n'
            f"start = {year}-{month:02d}-{1 + 14 * (n % 2):02d}\nrounds = 5\n"
            f'venue = "{rng.choice(["Ljubljana", "Zagreb", "Kraków", "Brno", "Graz"])}"\n',
            encoding="utf-8")
        field = rng.sample(everyone, players)
        lines = ["id,name,rank,rating,country,egd_pin"]
        for i, (name, country, pin) in enumerate(field, start=1):
            rank, rating = f"{rng.randrange(1, 20)}k", rng.randrange(800, 2100)
            lines.append(f"p{i:03d},{name},{rank},{rating},{country},{pin}")
        (event / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        if rounds:
            games = ["table,player1,player2,result"] + [
                f"{t},p{2 * t - 1:03d},p{2 * t:03d},{rng.choice(['1-0', '0-1'])}"
                for t in range(1, players // 2 + 1)]
            (event / "rounds" / "1.csv").write_text("\n".join(games) + "\n", encoding="utf-8")


def kib(size: float) -> str:
    return f"{size / 1024:,.0f} KiB"


def build_benchmark(championships: int, players: int, repeats: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        generate(content, championships, players, people=championships * players // 3, rounds=True)
        pm = plugin_manager()
        events = [load_event(pm, folder) for folder in event_dirs(content)]
        site = Site(content_dir=content, events=events)
        builds, archives = [], []
        for n in range(repeats):
            out = Path(tmp) / f"site-{n}"
            started = time.perf_counter()
            report = Builder(pm, content, out).build()
            builds.append(time.perf_counter() - started)
            shutil.rmtree(out)
            started = time.perf_counter()
            publisher_site_pages(site, Kept(between_builds=False))
            archives.append(time.perf_counter() - started)
        people = gather(a for part in archive_parts(events, Kept()) for a in part.people)
        print(f"Build of {championships} championships x {players} players ({report.files:,} files, "
              f"{len(people):,} people with a page): median {statistics.median(builds):.2f} s "
              f"over {repeats}; the archive plugin's site pages {statistics.median(archives):.2f} s "
              f"({statistics.median(archives) / statistics.median(builds):.0%} of the build)")
        index_report(events, f"the {championships}-championship archive")


def index_report(events: list, label: str) -> dict[str, bytes]:
    kept = Kept(between_builds=False)
    parts = archive_parts(events, kept)
    people = gather(a for part in parts for a in part.people)
    rows = sorted([*person_rows(people), *(row for e in events for row in player_rows(appearances(e)))])
    index = index_files([people_shards(people, kept), *(part.rows for part in parts)], kept)
    files = {f.path: made(f.data) for f in index}
    shards = {p: d for p, d in files.items() if "people-" in p}
    zipped = {p: len(gzip.compress(d, 6)) for p, d in shards.items()}
    whole = json.dumps(rows, ensure_ascii=False, separators=(",", ":")).encode()
    print(f"Search index of {label}: {len(rows):,} rows ({len(people):,} people with a page); "
          f"one file {kib(len(whole))}, gzip {kib(len(gzip.compress(whole, 6)))}; split in {len(shards)} "
          f"files, gzip median {kib(statistics.median(zipped.values()))}, largest "
          f"{kib(max(zipped.values()))} ({max(zipped, key=zipped.get).rsplit('/', 1)[1]}), "
          f"all together {kib(sum(zipped.values()))}")
    files["data/search/people-all.js"] = b'archiveSearch.people("all",' + whole + b");\n"
    return files


def big_benchmark(championships: int, people: int, browser: bool) -> None:
    players = max(2, people * 2 // championships)  # people play two championships on average
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        generate(content, championships, players, people, rounds=False)
        pm = plugin_manager()
        started = time.perf_counter()
        events = [load_event(pm, folder) for folder in event_dirs(content)]
        loaded = time.perf_counter() - started
        started = time.perf_counter()
        files = index_report(events, f"{championships} championships, {people:,} people in the pool")
        print(f"  reading the {championships} championships took {loaded:.1f} s; making the index "
              f"{time.perf_counter() - started:.2f} s")
        if browser:
            first_result(Path(tmp), content, files)


LOAD_AND_FIND = """async ([src, query]) => {
    const started = performance.now();
    const rows = await new Promise((resolve, reject) => {
        window.archiveSearch = {people: (letter, rows) => resolve(rows)};
        const script = document.createElement('script');
        script.src = src; script.onerror = reject; document.head.appendChild(script);
    });
    const terms = query.split(' ');
    const found = rows.filter(r => terms.every(t => r[0].split(' ').some(w => w.startsWith(t))));
    return [performance.now() - started, found.length];
}"""
SLOW_NETWORK = 1.6e6 / 8  # bytes a second: a phone on a crowded hall's network (1.6 Mbit/s)


def first_result(tmp: Path, content: Path, files: dict[str, bytes]) -> None:
    """In Chromium from file://, on the front page of a real build of these championships:
    the time from typing a name to the first person listed (end to end, through Playwright),
    and in the page, the time to load and search the letter's file against one whole file."""
    from playwright.sync_api import sync_playwright

    out = tmp / "site"
    Builder(plugin_manager(), content, out).build()
    (out / "data/search/people-all.js").write_bytes(files["data/search/people-all.js"])
    queries = ["kovacevic", "wojcik", "muller", "nowak", "zupan", "horvat", "lindqvist"]
    typed, split, whole = [], [], []
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                              args=["--headless=new", "--no-sandbox"])
        for query in queries:
            page = chromium.new_page(viewport={"width": 390, "height": 844})
            page.goto((out / "index.html").as_uri())
            started = time.perf_counter()
            page.fill("#archive-q", query)
            page.wait_for_selector("#people-results:not([hidden]) li", timeout=60_000)
            typed.append(time.perf_counter() - started)
            for kind, src in (("split", f"data/search/people-{query[0]}.js"),
                              ("whole", "data/search/people-all.js")):
                page.goto((out / "index.html").as_uri())
                ms, found = page.evaluate(LOAD_AND_FIND, [src, query])
                assert found, (query, kind)
                (split if kind == "split" else whole).append(ms / 1000)
            page.close()
        chromium.close()
    largest = max(len(gzip.compress(d, 6)) for p, d in files.items() if "people-" in p and "all" not in p)
    one = len(gzip.compress(files["data/search/people-all.js"], 6))
    print(f"  Chromium from the folder, median of {len(queries)} names: typing to the first result "
          f"{statistics.median(typed) * 1000:.0f} ms end to end; in the page, loading and searching "
          f"the letter's file {statistics.median(split) * 1000:.0f} ms against one whole file "
          f"{statistics.median(whole) * 1000:.0f} ms "
          f"({statistics.median(whole) / statistics.median(split):.1f}x)")
    print(f"  over a 1.6 Mbit/s phone connection (computed from the gzip sizes): the largest letter "
          f"file {largest / SLOW_NETWORK:.1f} s, one whole file {one / SLOW_NETWORK:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--championships", type=int, default=200)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--big", type=int, default=500)
    parser.add_argument("--people", type=int, default=50_000)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    build_benchmark(args.championships, args.players, args.repeats)
    big_benchmark(args.big, args.people, not args.no_browser)


if __name__ == "__main__":
    main()

"""The scale benchmark: archives of 1, 10 and 50 large championships, built and watched.

    python -m bench [--sizes 1,10,50] [--repeats 3] [--saves 7] [--cache .bench-cache]

For each archive size N (the three systems taking turns: Go and shogi McMahon
events of 1,000 players and 7 rounds, mahjong elimination events of 1,024
players, every round played; made by ``publisher pair`` and ``draw``), it prints
medians of:

- the full build (a fresh process, ``publisher build``): seconds, pages/s and the
  peak memory (RSS) of the build's process and of its largest render worker, and the
  larger of the two;
- a bare Jinja2 render, in this process, of as many pages of the same average
  size from data in memory: the floor a build is compared with (ratio);
- under ``watch``: the time from saving one result (an editor's atomic save) to
  the rebuilt site, and a rebuild with nothing changed;

and then the wall time of ``publisher pair --dry-run`` on a 2,000-player event
with nine rounds played (start-up and imports included).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import jinja2

from bench.generate import archive, macmahon_event
from publisher.build.builder import Builder
from publisher.live.watch import Watcher
from publisher.plugins import plugin_manager

BARE = jinja2.Environment(autoescape=True).from_string("""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body><header><a href="../index.html">Archive</a> {{ title }}</header><main><h1>{{ title }}</h1>
<table><thead><tr><th>Place</th><th>Player</th><th>Rank</th><th>Score</th><th>SOS</th></tr></thead><tbody>
{% for row in rows %}<tr><td>{{ row.place }}</td>
<td><a href="players/{{ row.id }}.html">{{ row.name }}</a></td><td>{{ row.rank }}</td>
<td>{{ row.score }}</td><td>{{ row.sos }}</td></tr>
{% endfor %}</tbody></table></main><footer>{{ title }}</footer></body></html>
""")


def bare_render(pages: int, average: int) -> float:
    """Seconds to render ``pages`` pages of about ``average`` bytes from in-memory rows."""
    row = {"place": 12, "id": "p0012", "name": "Player Twelve", "rank": "3k", "score": 4.5, "sos": 31.5}
    one = len(BARE.render(title="Standings", rows=[row]))
    per_row = len(BARE.render(title="Standings", rows=[row, row])) - one
    rows = [dict(row, place=i, id=f"p{i:04d}") for i in range(max(1, (average - one) // per_row + 1))]
    started = time.perf_counter()
    for number in range(pages):
        BARE.render(title=f"Page {number}", rows=rows).encode("utf-8")
    return time.perf_counter() - started


def as_installed() -> dict[str, str]:
    """The environment of a command as a user runs it: Python keeps the compiled modules
    (a PYTHONDONTWRITEBYTECODE in the environment would compile every module at each start)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def full_build(content: Path, out: Path) -> dict:
    shutil.rmtree(out, ignore_errors=True)
    os.sync()  # what the last build wrote is on disk before this one is timed
    done = subprocess.run([sys.executable, "-m", "bench.full_build", str(content), str(out)],
                          check=True, capture_output=True, text=True, env=as_installed())
    return json.loads(done.stdout)


def flip_result(round_file: Path, table: int) -> None:
    """Save the round file with one table's result turned round, as an editor saves."""
    lines = round_file.read_text(encoding="utf-8").splitlines(keepends=True)
    line = lines[table].rstrip("\r\n")
    cells = line.split(",", 4)
    cells[3] = {"1-0": "0-1", "0-1": "1-0"}.get(cells[3], "1-0")
    lines[table] = ",".join(cells) + lines[table][len(line):]  # its line end as it was
    temporary = round_file.with_name(f".{round_file.name}.tmp")
    temporary.write_text("".join(lines), encoding="utf-8")
    os.replace(temporary, round_file)


def watched(content: Path, site: Path, saves: int, round_file: str = "go-2000/rounds/7.csv") -> dict:
    """Save-to-site times of result changes (in ``round_file`` of the content) and no-change
    rebuilds under a Watcher."""
    built = threading.Event()
    lines: list[str] = []

    def log(line: str) -> None:
        lines.append(line)
        built.set()

    builder = Builder(plugin_manager(), content, site)
    watcher = Watcher(builder, log=log)
    watcher.start()
    os.sync()  # the first build's hundreds of megabytes on disk: saves are timed on a quiet disk
    latencies, rebuilds, idle = [], [], []
    saved_file = content / round_file
    try:
        for number in range(saves):
            time.sleep(0.4)
            built.clear()
            saved = time.perf_counter()
            flip_result(saved_file, 1 + number)
            if not built.wait(120):
                raise SystemExit("the watcher did not rebuild within 120 s")
            latencies.append(time.perf_counter() - saved)
            rebuilds.append(lines[-1])
        assert watcher.wait_idle(60)
        for _ in range(saves):
            started = time.perf_counter()
            report = builder.build()
            idle.append(time.perf_counter() - started)
            assert report.stats.written == 0
    finally:
        watcher.stop()
    return {"save": statistics.median(latencies), "save_worst": max(latencies),
            "nochange": statistics.median(idle), "last": rebuilds[-1].split("] ", 1)[1]}


def pair_event(cache: Path) -> Path:
    """The 2,000-player Go event with nine of its ten rounds played, made once into ``cache``."""
    folder = cache / "pair-2000-9"
    if not (folder / ".complete").exists():
        shutil.rmtree(folder, ignore_errors=True)
        macmahon_event(folder, "go", 2000, rounds=10, played=9)
        (folder / ".complete").touch()
    return folder


def pair_time(cache: Path, repeats: int) -> float:
    folder = pair_event(cache)
    command = [sys.executable, "-m", "publisher.cli", "pair", str(folder), "--dry-run"]
    subprocess.run(command, check=True, capture_output=True, env=as_installed())  # compiles once
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=as_installed())
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,10,50", help="championships per archive (default 1,10,50)")
    parser.add_argument("--repeats", type=int, default=3, help="full builds per size (median)")
    parser.add_argument("--saves", type=int, default=7, help="result saves per size (median)")
    parser.add_argument("--cache", type=Path, default=Path(".bench-cache"),
                        help="where the generated model championships are kept between runs")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; medians of {args.repeats} full builds and {args.saves} saves\n")
    print(f"{'N':>3} {'pages':>7} {'build s':>8} {'pages/s':>8} {'bare s':>7} {'ratio':>6} {'RSS MB':>7}"
          f" {'(build':>6} {'worker)':>7} {'save→site s':>11} {'vs N=1':>6} {'no-change s':>11}")
    first_save = None
    for size in (int(n) for n in args.sizes.split(",")):
        with tempfile.TemporaryDirectory(prefix="publisher-bench-") as tmp:
            content = Path(tmp) / "content"
            archive(content, args.cache, size)
            builds = [full_build(content, Path(tmp) / "site") for _ in range(args.repeats)]
            seconds = statistics.median(b["seconds"] for b in builds)
            rss, main_mb, worker_mb = (statistics.median(b[k] for b in builds)
                                       for k in ("rss_mb", "main_mb", "worker_mb"))
            pages, page_bytes = builds[0]["pages"], builds[0]["page_bytes"]
            bare = statistics.median(bare_render(pages, page_bytes // pages) for _ in range(args.repeats))
            watch = watched(content, Path(tmp) / "watched", args.saves)
            first_save = first_save or watch["save"]
            print(f"{size:>3} {pages:>7} {seconds:>8.2f} {pages / seconds:>8.0f} {bare:>7.2f} "
                  f"{seconds / bare:>6.2f} {rss:>7.0f} {main_mb:>6.0f} {worker_mb:>7.0f} "
                  f"{watch['save']:>11.3f} {watch['save'] / first_save:>6.2f} {watch['nochange']:>11.4f}",
                  flush=True)
            print(f"    last save: {watch['last']}", flush=True)
    pair = pair_time(args.cache, args.repeats)
    print(f"\npair --dry-run, 2,000 players, 9 rounds played: {pair:.2f} s wall")


if __name__ == "__main__":
    main()

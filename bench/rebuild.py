"""Time from a save to a rebuilt site under ``publisher watch``, on a small and a large archive.

The small archive is the Ljubljana Go Open of the examples (96 players, 6 rounds);
the large one is every example championship plus copies of the WOSC until it has
``--events`` championships. Each repeat saves round 6 of one championship with
one result changed (an editor's atomic save: temporary file, then rename) and
measures until the watcher has written the site. Prints the medians, the full
build for comparison, and which championships each save rebuilt.

    python bench/rebuild.py [--repeats 15] [--events 40]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from publisher.build import Builder
from publisher.plugins import plugin_manager
from publisher.watch import DEBOUNCE, Watcher

EXAMPLES = Path(__file__).resolve().parent.parent / "content"


def small_archive(folder: Path) -> Path:
    shutil.copytree(EXAMPLES / "ljubljana-go-open-2026", folder / "ljubljana-go-open-2026")
    return folder / "ljubljana-go-open-2026"


def large_archive(folder: Path, events: int) -> Path:
    shutil.copytree(EXAMPLES, folder, dirs_exist_ok=True)
    existing = sum(1 for p in folder.iterdir() if p.is_dir())
    for n in range(max(0, events - existing)):
        shutil.copytree(EXAMPLES / "wosc-2026", folder / f"wosc-copy-{n + 1:03d}")
    return folder / "ljubljana-go-open-2026"


def flip_first_result(round_file: Path) -> None:
    """Save the round file with table 1's result turned round, as an editor saves."""
    lines = round_file.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = lines[1].split(",", 4)
    cells[3] = {"1-0": "0-1", "0-1": "1-0"}.get(cells[3], "1-0")
    lines[1] = ",".join(cells)
    temporary = round_file.with_name(f".{round_file.name}.tmp")
    temporary.write_text("".join(lines), encoding="utf-8")
    os.replace(temporary, round_file)


def measure(content: Path, event: Path, repeats: int) -> dict[str, object]:
    site = content.parent / "site"
    pm = plugin_manager()
    started = time.perf_counter()
    Builder(pm, content, content.parent / "cold-site").build()
    cold = time.perf_counter() - started

    built = threading.Event()
    lines: list[str] = []

    def log(line: str) -> None:
        lines.append(line)
        built.set()

    watcher = Watcher(Builder(pm, content, site), log=log)
    watcher.start()
    latencies, builds = [], []
    try:
        for _ in range(repeats):
            time.sleep(0.3)
            built.clear()
            saved = time.perf_counter()
            flip_first_result(event / "rounds" / "6.csv")
            if not built.wait(30):
                raise SystemExit("the watcher did not rebuild within 30 s")
            latencies.append(time.perf_counter() - saved)
            builds.append(float(lines[-1].rsplit(" in ", 1)[1].split()[0]))
    finally:
        watcher.stop()
    files = sum(1 for p in site.rglob("*") if p.is_file())
    return {"cold": cold, "latency": statistics.median(latencies), "worst": max(latencies),
            "build": statistics.median(builds), "files": files, "rebuilt": lines[-1].split("] ", 1)[1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--events", type=int, default=40, help="championships in the large archive")
    args = parser.parse_args()
    print(f"debounce {DEBOUNCE * 1000:.0f} ms; {args.repeats} saves each; medians\n")
    print(f"{'archive':<28}{'files':>7}{'full build':>12}{'save→site':>12}{'worst':>9}{'rebuild':>10}")
    for name, make in [("small (1 championship)", small_archive),
                       (f"large ({args.events} championships)",
                        lambda folder: large_archive(folder, args.events))]:
        with tempfile.TemporaryDirectory() as tmp:
            content = Path(tmp) / "content"
            content.mkdir()
            event = make(content)
            figures = measure(content, event, args.repeats)
            print(f"{name:<28}{figures['files']:>7}{figures['cold']:>11.2f}s"
                  f"{figures['latency']:>11.3f}s{figures['worst']:>8.3f}s{figures['build']:>9.3f}s")
            print(f"  last save: {figures['rebuilt']}")


if __name__ == "__main__":
    main()

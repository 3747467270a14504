"""How fast the results desk answers on big championships (publisher/live/desk_files.py).

    python -m bench.desk [--repeats 9]

A 1,000-player Go event with round 7 paired and no result in, and a 2,048-player mahjong
event at round 1 (512 tables a part) with the last table of its last part missing. For
each: the median of reading the championship as a build does (``load_event``, the
baseline every desk call pays), of ``GET /desk/api/<slug>/rounds/<n>`` as the desk makes it
(tables, players and results, with the ETag), of a page's poll that finds the round as it was
(``If-None-Match``: 304), and of saving one table (read, write, check as the build does,
rename, log), each as a multiple of the baseline. The desk keeps what a read may reuse as
the watcher does, so a Go round's second read takes its files and standings as kept.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.generate import macmahon_event, mahjong_event, run
from publisher.build.loading import load_event
from publisher.live.desk_files import DeskFiles
from publisher.plugins import plugin_manager


def median(call: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(desk: DeskFiles, pm, content: Path, slug: str, number: str, entry: Callable[[int], dict],
            repeats: int) -> tuple[float, float, float, float]:
    """Medians of a load, a round's view, a poll that finds it unchanged, and a save."""
    base = median(lambda: load_event(pm, content / slug), repeats)
    read = median(lambda: desk.round(slug, number), repeats)
    tag = desk.round(slug, number)[1]
    poll = median(lambda: desk.unchanged(slug, number, tag), repeats)
    saves = iter(range(10**6))
    save = median(lambda: desk.save(slug, number, entry(next(saves)), None, "bench"), repeats)
    return base, read, poll, save


def go_event(content: Path) -> tuple[str, str, Callable[[int], dict]]:
    folder = content / "go-open"
    macmahon_event(folder, "go", 1000, 7, played=6)
    run("pair", str(folder))
    return "go-open", "7", lambda i: {"table": 1 + i % 50, "result": "1-0" if i % 2 else "0-1"}


def mahjong_day(content: Path) -> tuple[str, str, Callable[[int], dict]]:
    folder = content / "mahjong-day"
    mahjong_event(folder, 2048)
    for path in (folder / "rounds").iterdir():
        if not path.name.startswith("1-"):
            path.unlink()
    scores = folder / "rounds/1-scores.csv"
    seated = [line.split(",") for line in (folder / "rounds/1-seating.csv").read_text().splitlines()[1:]]
    last = [row[3] for row in seated if row[0] == "4" and row[1] == seated[-1][1]]
    rows = [r for r in scores.read_text().splitlines()
            if not (r.split(",")[0] in last and r.split(",")[1] == "4")]
    scores.write_text("\n".join(rows) + "\n")
    table = int(seated[-1][1])
    return "mahjong-day", "1", lambda i: {"table": table, "part": 4, "scores": [10 + i, -10 - i, 5, -5]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    pm = plugin_manager()
    with tempfile.TemporaryDirectory() as temp:
        content = Path(temp) / "content"
        print(f"{'championship':<34}{'load s':>9}{'round s':>9}{'ratio':>7}{'poll s':>9}"
              f"{'save s':>9}{'ratio':>7}")
        for make, label in ((go_event, "Go, 1,000 players, round 7"),
                            (mahjong_day, "mahjong, 2,048 players, round 1")):
            slug, number, entry = make(content)
            base, read, poll, save = measure(DeskFiles(pm, content), pm, content, slug, number, entry,
                                             args.repeats)
            print(f"{label:<34}{base:>9.3f}{read:>9.3f}{read / base:>7.2f}{poll:>9.4f}"
                  f"{save:>9.3f}{save / base:>7.2f}")


if __name__ == "__main__":
    main()

"""A federation's archive: what one changed result costs from the command line and under watch.

For archives of ``--sizes`` (100, 300 and 1,000) championships of ``--players`` (58)
players, made by bench/archive.py's generator (Swiss championships from one pool of
people with accented names and PINs, one round played), prints for each size:

- **full s, MB**: ``publisher build`` from nothing (no site, no cache), in a fresh
  process: wall time and peak memory (the build's process or its largest render worker);
- **one change s, share**: a result turned round in one championship, then ``publisher
  build`` again in a fresh process, starting from the record the last run kept beside the
  site; its time and its share of the full build (the goal: at most 15 %), with how many
  files it wrote;
- **no change s**: ``publisher build`` once more with nothing changed;
- **save s**: under ``watch``, the median time from an editor's save of one result to the
  rebuilt site, over ``--saves`` saves (goal: at most 0.5 s, or twice the figure of one
  championship);
- **site KB / championship** and the largest gzip-compressed search file a phone downloads.

    python -m bench.federation [--sizes 100,300,1000] [--players 58] [--saves 5]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.__main__ import as_installed, flip_result, watched
from bench.archive import generate

CHANGED = "cup-001/rounds/1.csv"


def cli_build(content: Path, out: Path) -> dict:
    """``publisher build`` as it runs from the command line, in a process of its own."""
    os.sync()  # what the last build wrote is on disk before this one is timed
    done = subprocess.run([sys.executable, "-m", "bench.full_build", str(content), str(out), "--cache"],
                          check=True, capture_output=True, text=True, env=as_installed())
    return json.loads(done.stdout)


def site_kib(out: Path) -> float:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1024


def largest_search_file(out: Path) -> int:
    return max(len(gzip.compress(p.read_bytes(), 6)) for p in (out / "data" / "search").glob("people-*.js"))


def measure(size: int, players: int, saves: int, root: Path) -> str:
    content, out = root / "content", root / "site"
    generate(content, size, players, people=size * players // 3, rounds=True)
    full = cli_build(content, out)
    flip_result(content / CHANGED, 1)
    change = cli_build(content, out)
    same = cli_build(content, out)
    assert same["written"] == 0
    per = site_kib(out) / size
    search = largest_search_file(out)
    watch = watched(content, root / "watched", saves, CHANGED)
    share = change["seconds"] / full["seconds"]
    return (f"{size:>5} {full['files']:>8} {full['seconds']:>7.1f} {full['rss_mb']:>5.0f} "
            f"{change['seconds']:>8.2f} {share:>6.1%} {change['written']:>6} {same['seconds']:>8.2f} "
            f"{watch['save']:>6.3f} {per:>8.0f} {search / 1024:>8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300,1000", help="championships per archive")
    parser.add_argument("--players", type=int, default=58)
    parser.add_argument("--saves", type=int, default=5)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; {args.players} players a championship\n")
    print(f"{'N':>5} {'files':>8} {'full s':>7} {'MB':>5} {'change s':>8} {'share':>6} {'wrote':>6} "
          f"{'same s':>8} {'save s':>6} {'KB/champ':>8} {'search KB':>8}")
    for size in (int(n) for n in args.sizes.split(",")):
        root = Path(tempfile.mkdtemp(prefix="publisher-federation-"))
        try:
            print(measure(size, args.players, args.saves, root), flush=True)
        finally:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

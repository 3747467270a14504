"""``publisher pair --dry-run`` on 2,000 players with nine rounds played, in fresh processes:
this checkout's code against another checkout's, taking turns, so that a busy machine
slows both alike.

    git worktree add ../baseline <commit>
    python -m bench.startup --baseline ../baseline [--runs 9] [--cache .bench-cache]

Each process imports the ``publisher`` and ``plugins`` packages of its checkout (first on
``PYTHONPATH``; the installed entry points name the plugins by module) and keeps compiled
modules, as a user's Python does. Prints the median wall and CPU time (user + system) of
each, and this checkout's as a ratio of the baseline's.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.__main__ import as_installed, pair_event

HERE = Path(__file__).resolve().parent.parent


def timed(checkout: Path, event: Path, cwd: str) -> tuple[float, float]:
    """Wall and CPU seconds of one ``pair --dry-run`` with ``checkout``'s code."""
    env = dict(as_installed(), PYTHONPATH=str(checkout))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "publisher.cli", "pair", str(event), "--dry-run"],
                   cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="a checkout of the code to compare with")
    parser.add_argument("--runs", type=int, default=9, help="processes of each (default 9)")
    parser.add_argument("--cache", type=Path, default=Path(".bench-cache"),
                        help="where the generated event is kept between runs")
    args = parser.parse_args()
    event = pair_event(args.cache).resolve()
    checkouts = {"baseline": args.baseline.resolve(), "this": HERE}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as cwd:  # neither checkout is the working folder
        for path in checkouts.values():
            timed(path, event, cwd)  # compiles the modules once
        for run in range(args.runs):
            for name in (list(checkouts) if run % 2 == 0 else list(checkouts)[::-1]):
                times[name].append(timed(checkouts[name], event, cwd))
    medians = {name: (statistics.median(w for w, _ in found), statistics.median(c for _, c in found))
               for name, found in times.items()}
    for name, (wall, cpu) in medians.items():
        print(f"{name:>8}: wall {wall:.3f} s, CPU {cpu:.3f} s (medians of {args.runs})")
    (base_wall, base_cpu), (wall, cpu) = medians["baseline"], medians["this"]
    print(f"   ratio: wall {wall / base_wall:.2f}, CPU {cpu / base_cpu:.2f}; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

"""How long McMahon grouping takes on large fields, and how fast pairing and standings can
ask for a player's group and initial score (they ask for every player every round).

Prints the median of several runs for fields of 100 to 10,000 players, with the
WOSC min-size grouping and the classic bar-floor grouping.
"""

from __future__ import annotations

import statistics
import tempfile
import textwrap
import time
from pathlib import Path

from plugins.macmahon.grouping import allocate
from publisher.build.loading import load_event
from publisher.plugins import plugin_manager

RANKS = ["6d", "5d", "4d", "3d", "2d", "1d"] + [f"{k}k" for k in range(1, 15)]
GROUPINGS = {"min-size": "top_reference_elo = 1821", "bar-floor": 'bar = "3d"\nfloor = "10k"'}
ROUNDS = 7
REPEATS = 5


def write_event(folder: Path, size: int, grouping: str) -> None:
    """A field of ``size`` players spread over the ranks, a fifth of them ESC round-2 players."""
    folder.mkdir(parents=True)
    (folder / "event.toml").write_text(textwrap.dedent(f"""\
        name = "Benchmark"
        game = "shogi"
        system = "macmahon"
        start = 2026-08-14
        rounds = {ROUNDS}

        [macmahon]
        grouping = "{grouping}"
        """) + GROUPINGS[grouping] + "\n", encoding="utf-8")
    rows = ["id,name,rank,rating,esc_round2"]
    rows += [f"p{i},Player {i},{RANKS[(i * 7) % len(RANKS)]},{1000 + i % 900},{'yes' if i % 5 == 0 else ''}"
             for i in range(size)]
    (folder / "players.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


def median_seconds(action) -> float:
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    pm = plugin_manager()
    print(f"{'grouping':10} {'players':>8} {'allocate ms':>12} {'lookups ms':>11} {'µs/lookup':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for grouping in GROUPINGS:
            for size in (100, 1_000, 10_000):
                folder = Path(tmp) / f"{grouping}-{size}"
                write_event(folder, size, grouping)
                event = load_event(pm, folder)
                settings = event.data["macmahon"].settings
                ids = [p.id for p in event.players]
                allocate_s = median_seconds(lambda: allocate(event, settings))  # noqa: B023
                result = allocate(event, settings)

                def lookups() -> None:
                    for round_number in range(1, ROUNDS + 1):
                        for player_id in ids:  # noqa: B023
                            result.initial_score(player_id, round_number)  # noqa: B023
                            result.group_of(player_id)  # noqa: B023

                lookup_s = median_seconds(lookups)
                per_lookup = lookup_s / (2 * ROUNDS * size) * 1e6
                print(f"{grouping:10} {size:>8} {allocate_s * 1e3:>12.1f} {lookup_s * 1e3:>11.1f} "
                      f"{per_lookup:>10.2f}")


if __name__ == "__main__":
    main()

"""How fast the mahjong elimination plugin draws and publishes a large event.

0. For 16 to 2,048 players over four parts (and two): repeated meetings and the
   most starts any player has on one wind, with the median time of the draw,
   next to drawing each table's winds on its own (the baseline, same process).
1. A 2,048-player round 1 (two groups of 1,024, four parts): the rotation
   pattern computed from scratch, the seating drawn, and every pair of players
   checked to meet at most once. Median of several runs. Then 2,048 players
   over rounds of 4, 2, 2, 2 and 2 parts: the winds evened out over the event
   against each round balanced on its own, the most starts on one wind beyond
   ceil(P/4) after each round and the median time of the last round's draw.
2. A whole 2,048-player event in the WSOM format (256 advance after round 1,
   then halves down to a final of four): every round drawn through the
   ``draw`` command's code and scored with made-up zero-sum play scores, then
   the site built from scratch and built again with nothing changed.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import textwrap
import time
from itertools import combinations
from pathlib import Path

from bench.generate import score_round
from plugins.mahjong.design import SEATS, pattern, repeats
from plugins.mahjong.draw import draw_group, draw_round, seating_csv
from plugins.mahjong.winds import Starts, starts, worst
from publisher.build.builder import Builder
from publisher.build.loading import load_event
from publisher.plugins import plugin_manager

PLAYERS = 2048
REPEATS = 7


def draw_round1() -> tuple[float, int]:
    """Seconds to compute the pattern, draw both groups and count repeated meetings."""
    players = [f"p{i:04d}" for i in range(1, PLAYERS + 1)]
    started = time.perf_counter()
    pattern.cache_clear()
    parts_a = draw_group(players[: PLAYERS // 2], 4, "bench:round:1", "A")
    parts_b = draw_group(players[PLAYERS // 2:], 4, "bench:round:1", "B", first_table=PLAYERS // 8 + 1)
    met: set[tuple[str, str]] = set()
    repeated = 0
    for part in [*parts_a, *parts_b]:
        for table in part.tables:
            for pair in combinations(sorted(table.seats), 2):
                repeated += pair in met
                met.add(pair)
    return time.perf_counter() - started, repeated


def over_event(history: Starts) -> int:
    """The most starts a player has on one wind beyond ceil(P/4), P their parts."""
    return max(max(winds) - -(-sum(winds) // SEATS) for winds in history.values())


def later_rounds() -> None:
    """2,048 players over rounds of 4, 2, 2, 2 and 2 parts (no cuts), each round drawn with
    the rounds before it as history, or without: the last round's draw time, and the most
    starts on one wind beyond ceil(P/4) after each round."""
    players = [f"p{i:04d}" for i in range(1, PLAYERS + 1)]
    for evened in (False, True):
        history: Starts = {}
        beyond, times = [], []
        for number, parts in enumerate(ROUNDS, 1):
            given = history if evened else None
            for _ in range(REPEATS if number == len(ROUNDS) else 1):
                started = time.perf_counter()
                drawn = draw_group(players, parts, f"bench:round:{number}", None, history=given)
                times.append(time.perf_counter() - started)
            history = starts(drawn, history)
            beyond.append(over_event(history))
        label = "evened over the event" if evened else "each round on its own"
        print(f"2,048 players, rounds of {ROUNDS} parts, {label}: last round median "
              f"{statistics.median(times[len(ROUNDS) - 1:]) * 1000:.1f} ms, most on one wind beyond "
              f"ceil(P/4) after each round: {beyond}")


ROUNDS = (4, 2, 2, 2, 2)
FIELDS = [16, 20, 24, 32, 48, 64, 128, 256, 512, 1024, 2048]


def unbalanced(players: list[str], parts: int, seed: str) -> list[list[tuple[str, ...]]]:
    """The baseline: the same tables, each table's winds drawn on its own."""
    layout = pattern(len(players) // SEATS, parts)
    seatings = []
    for number, tables_of in enumerate(layout, 1):
        rng = random.Random(f"{seed}:part:{number}")
        members: list[list[str]] = [[] for _ in range(len(players) // SEATS)]
        for position, table in enumerate(tables_of):
            members[table].append(players[position])
        for table in members:
            rng.shuffle(table)
        seatings.append([tuple(t) for t in members])
    return seatings


def winds_table() -> None:
    print("players parts  repeated  worst wind (baseline)  draw median ms (baseline)  ratio")
    for parts in (4, 2):
        for size in FIELDS:
            players = [f"p{i:04d}" for i in range(size)]
            pattern(size // SEATS, parts)  # the pattern is cached: time the draw itself
            times, base_times = [], []
            for _ in range(5):
                started = time.perf_counter()
                drawn = draw_group(players, parts, "bench", None)
                times.append(time.perf_counter() - started)
                started = time.perf_counter()
                baseline = unbalanced(players, parts, "bench")
                base_times.append(time.perf_counter() - started)
            seatings = [[t.seats for t in part.tables] for part in drawn]
            index = {p: i for i, p in enumerate(players)}
            layout = [[0] * size for _ in seatings]
            for r, part in enumerate(seatings):
                for t, seats in enumerate(part):
                    for p in seats:
                        layout[r][index[p]] = t
            median, base = statistics.median(times), statistics.median(base_times)
            print(f"{size:7d} {parts:5d} {repeats(layout):9d} {worst(seatings):6d} ({worst(baseline)})"
                  f"{median * 1000:19.1f} ({base * 1000:.1f}){median / base:13.1f}x")


def write_event(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "event.toml").write_text(textwrap.dedent("""\
        name = "Benchmark Mahjong"
        game = "mahjong"
        system = "mahjong-elimination"
        start = 2026-10-02
        seed = "bench"

        [mahjong]
        carry_over_round1 = { A = "1/4", B = "1/3" }
        prizes = [10000, 5000, 3000]
        """), encoding="utf-8")
    rows = ["id,name,group"] + [f"p{i:04d},Player {i},{'AB'[i % 2]}" for i in range(1, PLAYERS + 1)]
    (folder / "players.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


def full_event() -> dict[str, float]:
    pm = plugin_manager()
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        folder = content / "bench-mahjong"
        write_event(folder)
        (folder / "rounds").mkdir()
        started = time.perf_counter()
        for number in range(1, 9):
            event = load_event(pm, folder)
            seating = seating_csv(draw_round(event, event.data["mahjong"], number))
            (folder / "rounds" / f"{number}-seating.csv").write_text(seating, encoding="utf-8")
            score_round(folder, number)
        played = time.perf_counter() - started
        builder = Builder(pm, content, Path(tmp) / "site")
        report = builder.build()
        again = Builder(pm, content, Path(tmp) / "site").build()
        assert load_event(pm, folder).data["mahjong"].finished
        return {"draw and score 8 rounds (s)": played, "first build (s)": report.seconds,
                "files": report.files, "rebuild, nothing changed (s)": again.seconds}


def main() -> None:
    winds_table()
    runs = [draw_round1() for _ in range(REPEATS)]
    median = statistics.median(t for t, _ in runs)
    print(f"2,048-player round 1, two groups, four parts: median {median:.3f} s "
          f"(pattern + draw + pair check), repeated meetings: {max(r for _, r in runs)}")
    later_rounds()
    for name, value in full_event().items():
        print(f"2,048-player event, {name}: {value:.2f}" if isinstance(value, float)
              else f"2,048-player event, {name}: {value}")


if __name__ == "__main__":
    main()

"""Archives of many large championships, made by the project's own generators.

Each system gets one model championship per size: its rounds are paired by
``publisher pair`` (McMahon: Go and shogi) or drawn by ``publisher draw``
(mahjong), and played with seeded results, so the archive is what a season of
real events would leave behind. An archive of N championships copies the models
round-robin under their own names and dates; the models are kept in a cache
folder, because pairing a thousand players for nine rounds takes a while.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import textwrap
from pathlib import Path

from publisher.cli import main as publisher

RANKS = [f"{k}k" for k in range(20, 0, -1)] + [f"{d}d" for d in range(1, 7)]
SYSTEMS = ("go", "shogi", "mahjong")


def run(*argv: str) -> None:
    """One ``publisher`` command in this process, its listing swallowed."""
    with contextlib.redirect_stdout(io.StringIO()):
        code = publisher(list(argv))
    if code:
        raise SystemExit(f"publisher {' '.join(argv)} exited {code}")


def macmahon_event(folder: Path, game: str, players: int, rounds: int, played: int | None = None) -> None:
    """A McMahon event of ``players`` over the ranks, ``played`` rounds paired and played."""
    rng = random.Random(f"bench:{game}:{players}")
    folder.mkdir(parents=True)
    grouping = ('grouping = "bar-floor"\nbar = "3d"\nfloor = "15k"' if game == "go"
                else 'grouping = "min-size"\nmin_group_size = 10\ntop_reference_elo = 1821')
    (folder / "event.toml").write_text(textwrap.dedent(f"""\
        name = "Benchmark {game.title()} Open"
        game = "{game}"
        system = "macmahon"
        start = 2026-05-01
        end = 2026-05-05
        venue = "Benchmark Hall"
        rounds = {rounds}
        seed = "bench-{game}"

        [macmahon]
        pairing = "split"
        tiebreaks = ["sos", "sosos"]
        """) + grouping + "\n", encoding="utf-8")
    lines = ["id,name,rank,rating,country,club"]
    ratings: dict[str, int] = {}
    for number in range(1, players + 1):
        # shogi's rank table stops at 14k
        rank = RANKS[min(len(RANKS) - 1, max(0 if game == "go" else 6, int(rng.gauss(14, 5))))]
        ratings[f"p{number:04d}"] = rating = 1000 + 60 * RANKS.index(rank) + rng.randint(0, 59)
        lines.append(f"p{number:04d},Player {number},{rank},{rating},"
                     f"{rng.choice(['SI', 'HR', 'IT', 'DE', 'JP'])},Club {number % 40}")
    (folder / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "rounds").mkdir()
    for number in range(1, (rounds if played is None else played) + 1):
        run("pair", str(folder))
        play_round(folder / "rounds" / f"{number}.csv", ratings, rng)


def play_round(path: Path, ratings: dict[str, int], rng: random.Random) -> None:
    """Fill every empty result: the higher rating wins with the Elo expectation."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines[1:], start=1):
        cells = line.split(",")
        if cells[3] == "" and cells[2]:
            expected = 1 / (1 + 10 ** ((ratings[cells[2]] - ratings[cells[1]]) / 400))
            cells[3] = "1-0" if rng.random() < expected else "0-1"
            lines[index] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def mahjong_event(folder: Path, players: int) -> None:
    """An elimination event of ``players`` (two round-1 groups), every round drawn and scored."""
    folder.mkdir(parents=True)
    advance, size = [], players // 4
    while size >= 8:
        advance.append(size)
        size //= 2
    advance.append(4)
    parts = [4] + [2] * (len(advance) - 1) + [1]
    cycles = [2] * len(advance) + [4]
    (folder / "event.toml").write_text(textwrap.dedent(f"""\
        name = "Benchmark Mahjong Series"
        game = "mahjong"
        system = "mahjong-elimination"
        start = 2026-10-02
        end = 2026-10-05
        venue = "Benchmark Hall"
        seed = "bench-mahjong"

        [mahjong]
        advance = {advance}
        parts = {parts}
        cycles_per_part = {cycles}
        round1_groups = 2
        carry_over = "1/4"
        carry_over_round1 = {{ A = "1/4", B = "1/4" }}
        prizes = [10000, 5000, 3000]
        """), encoding="utf-8")
    rows = ["id,name,group"] + [f"m{i:04d},Player {i},{'AB'[i % 2]}" for i in range(1, players + 1)]
    (folder / "players.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "rounds").mkdir()
    for number in range(1, len(parts) + 1):
        run("draw", str(folder), "--round", str(number))
        score_round(folder, number)


def score_round(folder: Path, number: int) -> None:
    """Zero-sum play scores for every table and part, a few winning hands each (``-``: none won)."""
    rng = random.Random(f"bench-scores:{number}")
    tables: dict[tuple[str, str], list[str]] = {}
    seating = (folder / "rounds" / f"{number}-seating.csv").read_text(encoding="utf-8")
    for line in seating.splitlines()[1:]:
        part, table, _, player = line.split(",")
        tables.setdefault((part, table), []).append(player)
    rows = ["player,part,score,hands"]
    for (part, _), seated in tables.items():
        scores = [rng.randrange(-150, 150) for _ in range(3)]
        scores.append(-sum(scores))
        for player, score in zip(seated, scores, strict=True):
            won = [str(rng.choice([8, 12, 16, 24, 32, 64, 88])) for _ in range(rng.randrange(4))]
            hands = " ".join(won) or "-"
            rows.append(f"{player},{part},{score},{hands}")
    (folder / "rounds" / f"{number}-scores.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


def model(cache: Path, system: str, players: int, rounds: int = 7) -> Path:
    """The model championship of ``system``, generated once into ``cache``."""
    folder = cache / f"{system}-{players}-{rounds}"
    if not (folder / ".complete").exists():
        shutil.rmtree(folder, ignore_errors=True)
        if system == "mahjong":
            mahjong_event(folder, players)
        else:
            macmahon_event(folder, system, players, rounds)
        (folder / ".complete").touch()
    return folder


def archive(content: Path, cache: Path, championships: int, players: int = 1000,
            mahjong_players: int = 1024) -> list[Path]:
    """``content`` filled with ``championships`` championships, the systems taking turns."""
    content.mkdir(parents=True, exist_ok=True)
    made = []
    for index in range(championships):
        system = SYSTEMS[index % len(SYSTEMS)]
        source = model(cache, system, mahjong_players if system == "mahjong" else players)
        folder = content / f"{system}-{2000 + index}"
        shutil.copytree(source, folder, ignore=shutil.ignore_patterns(".complete"))
        toml = folder / "event.toml"
        text = toml.read_text(encoding="utf-8").replace("Benchmark", f"Season {2000 + index}", 1)
        toml.write_text(text.replace("2026-", f"{2000 + index}-"), encoding="utf-8")
        made.append(folder)
    return made

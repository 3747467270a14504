"""Balanced starting winds: every player starts on each wind as evenly as the parts allow."""

import csv
import random
from collections import Counter
from itertools import combinations
from math import ceil
from pathlib import Path

import pytest
from conftest import write
from hypothesis import given, settings
from hypothesis import strategies as st

from plugins.mahjong.design import pattern, repeats
from plugins.mahjong.draw import draw_group, event_starts
from plugins.mahjong.seats import WIND_NAMES
from plugins.mahjong.winds import balance
from publisher.build.loading import load_event
from publisher.plugins import plugin_manager

WINDS = "ESWN"


def starts(parts: list[list[tuple[str, ...]]]) -> dict[str, list[str]]:
    """Each player's starting wind in every part, in part order."""
    winds: dict[str, list[str]] = {}
    for part in parts:
        for seats in part:
            for wind, player in zip(WINDS, seats, strict=True):
                winds.setdefault(player, []).append(wind)
    return winds


def unbalanced(parts: list[list[tuple[str, ...]]]) -> dict[str, str]:
    """Players who start on a wind twice while another wind of theirs is unsat, or more
    generally on one wind two starts more than on another; and players who start twice on
    one wind inside a block of four parts (1-4, 5-8, ...). Each with their winds."""
    found = {}
    for player, winds in starts(parts).items():
        count = Counter({w: 0 for w in WINDS}) + Counter(winds)
        counts = [count[w] for w in WINDS]
        twice_while_unsat = max(counts) >= 2 and min(counts) == 0
        blocks = [winds[i:i + 4] for i in range(0, len(winds), 4)]
        if twice_while_unsat or max(counts) - min(counts) > 1 or any(len(set(b)) < len(b) for b in blocks):
            found[player] = "".join(winds)
    return found


def drawn(size: int, parts: int, seed: str) -> list[list[tuple[str, ...]]]:
    return [[table.seats for table in part.tables]
            for part in draw_group([f"p{i:04d}" for i in range(size)], parts, seed, None)]


def test_every_field_from_8_to_520_players_over_one_to_four_parts():
    failures = {(size, parts): unbalanced(drawn(size, parts, "winds"))
                for parts in (1, 2, 3, 4) for size in range(8, 521, 4)}
    assert {shape: players for shape, players in failures.items() if players} == {}


def test_twenty_four_players_over_four_parts_start_once_on_each_wind():
    """The field whose tables come from a search, not a rotation: it used to let a player
    start twice on one wind."""
    for seed in ("winds", "hk-2026", "macau"):
        for player, winds in starts(drawn(24, 4, seed)).items():
            assert sorted(winds) == sorted(WINDS), (seed, player, winds)


def test_sixteen_players_over_five_parts_start_twice_on_one_wind_and_once_on_the_others():
    for winds in starts(drawn(16, 5, "winds")).values():
        assert sorted(Counter(winds).values()) == [1, 1, 1, 2]
        assert sorted(winds[:4]) == sorted(WINDS)


@settings(max_examples=40, deadline=None)
@given(tables=st.integers(2, 512), parts=st.integers(1, 8), seed=st.text(max_size=8))
def test_any_field_up_to_2048_players_any_parts_any_seed(tables, parts, seed):
    assert unbalanced(drawn(tables * 4, parts, seed)) == {}


@settings(max_examples=60, deadline=None)
@given(tables=st.integers(1, 64), parts=st.integers(1, 16), seed=st.integers(0, 2**32))
def test_any_layout_of_tables_gets_balanced_winds(tables, parts, seed):
    """Whatever tables the parts have (here shuffled at random, players meeting again and
    again), the winds are balanced and every table seats its own four players."""
    rng = random.Random(seed)
    players = [f"p{i:03d}" for i in range(tables * 4)]
    layout = []
    for _ in range(parts):
        rng.shuffle(players)
        layout.append([players[i:i + 4] for i in range(0, len(players), 4)])
    slot = {p: rng.randrange(4) for p in players}  # no slot structure: the general case
    seated = balance(layout, slot, random.Random(seed))
    assert [[sorted(seats) for seats in part] for part in seated] == [
        [sorted(table) for table in part] for part in layout]
    assert unbalanced(seated) == {}


def test_the_same_seed_gives_the_same_winds_and_another_seed_other_winds():
    for size, parts in ((24, 4), (8, 4), (16, 5), (100, 4), (2048, 2)):
        assert drawn(size, parts, "a") == drawn(size, parts, "a")
        assert drawn(size, parts, "a") != drawn(size, parts, "b")


# Whole events drawn with ``publisher draw``: players -> (advance, parts).
EVENTS = {16: ([12, 8, 4], [4, 2, 4, 1]), 64: ([48, 32, 16, 4], [4, 2, 2, 2, 1]),
          256: ([128, 64, 32, 16, 8, 4], [4, 2, 2, 2, 2, 4, 1])}
EVENT_TOML = """
    name = "Winds Open"
    game = "mahjong"
    system = "mahjong-elimination"
    start = 2026-10-02
    seed = "{seed}"

    [mahjong]
    advance = {advance}
    parts = {parts}
    round1_groups = 1
    substitute_scores = "{substitutes}"
"""


def new_event(folder: Path, players: int, seed: str, substitutes: str = "owner") -> Path:
    advance, parts = EVENTS[players]
    write(folder / "event.toml", EVENT_TOML.format(seed=seed, advance=advance, parts=parts,
                                                   substitutes=substitutes))
    write(folder / "players.csv", "id,name\n" + "".join(f"p{i:03d},Player {i}\n"
                                                         for i in range(1, players + 1)))
    return folder


def score(folder: Path, number: int, rng: random.Random) -> None:
    """Zero-sum play scores for every table of every part, and a winning hand or two each."""
    rows = ["player,part,score,hands"]
    for part, _, seats in seating(folder, number):
        scores = [rng.randrange(-150, 150) for _ in range(3)]
        for player, points in zip(seats, [*scores, -sum(scores)], strict=True):
            hands = " ".join(str(rng.choice([8, 16, 24, 32, 64])) for _ in range(rng.randrange(1, 3)))
            rows.append(f"{player},{part},{points},{hands}")
    write(folder / "rounds" / f"{number}-scores.csv", "\n".join(rows) + "\n")


def play_event(folder: Path, run, players: int, seed: str) -> list[str]:
    """Every round drawn by ``publisher draw`` and scored; what the draw said each round."""
    new_event(folder, players, seed)
    rng = random.Random(seed)
    said = []
    for number in range(1, len(EVENTS[players][1]) + 1):
        code, out, err = run("draw", folder)
        assert code == 0, err
        said.append(out.splitlines()[1])
        score(folder, number, rng)
    return said


def seating(folder: Path, number: int) -> list[tuple[int, int, list[str]]]:
    """(part, table, players from East to North) of every table of a round's seating file."""
    tables: dict[tuple[int, int], list[str]] = {}
    with (folder / "rounds" / f"{number}-seating.csv").open(encoding="utf-8") as lines:
        for row in csv.DictReader(lines):
            tables.setdefault((int(row["part"]), int(row["table"])), []).append(row["player"])
    return [(part, table, seats) for (part, table), seats in tables.items()]


def event_winds(folder: Path, rounds: int) -> dict[str, Counter]:
    """Each player's starts on each wind over the event, from the seating files."""
    count: dict[str, Counter] = {}
    for number in range(1, rounds + 1):
        for _, _, seats in seating(folder, number):
            for wind, player in zip(WINDS, seats, strict=True):
                count.setdefault(player, Counter({w: 0 for w in WINDS}))[wind] += 1
    return count


@pytest.mark.parametrize("players", [16, 64, 256])
def test_winds_are_even_over_a_whole_event(tmp_path, run, players):
    """Over every round a player played, at most ceil(P/4) + 1 starts on one wind in P parts,
    and never two more on one wind than on another; the draw says so, with the exact figures."""
    rounds = len(EVENTS[players][1])
    for seed in ("winds-a", "winds-b"):
        folder = tmp_path / seed
        said = play_event(folder, run, players, seed)
        count = event_winds(folder, rounds)
        assert len(count) == players
        over = {p: max(c.values()) - ceil(c.total() / 4) for p, c in count.items()}
        assert max(over.values()) <= 1, {p: dict(c) for p, c in count.items() if over[p] > 1}
        assert all(max(c.values()) - min(c.values()) <= 2 for c in count.values())
        worst = max(sorted(count), key=lambda p: (over[p], max(count[p].values())))
        wind, most = count[worst].most_common(1)[0]
        bound = "ceil(P/4)+1" if max(over.values()) else "ceil(P/4)"
        even = sum(1 for e in over.values() if e == 0)
        assert said[-1] == (
            f"Winds over rounds 1 to {rounds}: every player within {bound} starts on one wind, P the "
            f"parts they played" + (f"; {even} of {players} within ceil(P/4)" if bound != "ceil(P/4)" else "")
            + f"; most: {most} ({worst} on {dict(zip(WINDS, WIND_NAMES, strict=True))[wind]}, in "
            f"{count[worst].total()} parts)")
        for number, parts in enumerate(EVENTS[players][1], 1):
            met = Counter(pair for _, _, seats in seating(folder, number)
                          for pair in combinations(sorted(seats), 2))
            field = len(seating(folder, number)) // parts * 4
            assert sum(m - 1 for m in met.values()) == repeats(pattern(field // 4, parts))
            assert field < 16 or max(met.values()) == 1


def test_the_draw_over_a_whole_event_is_the_same_from_the_same_seed(tmp_path, run):
    def files(folder: Path) -> list[str]:
        return [p.read_text() for p in sorted((folder / "rounds").glob("*-seating.csv"))]

    said = play_event(tmp_path / "first", run, 64, "same")
    assert play_event(tmp_path / "again", run, 64, "same") == said
    assert files(tmp_path / "first") == files(tmp_path / "again")
    play_event(tmp_path / "other", run, 64, "other")
    assert files(tmp_path / "first")[1:] != files(tmp_path / "other")[1:]


@pytest.mark.parametrize("substitutes, parts", [("owner", 4), ("none", 3)])
def test_a_substitutes_start_counts_for_the_seat_as_their_scores_do(tmp_path, run, substitutes, parts):
    """With substitute_scores = "owner" the seat's owner keeps the substitute's start; with
    "none" the owner did not play that part, and it counts for nobody."""
    folder = new_event(tmp_path / "event", 16, "subs", substitutes)
    assert run("draw", folder)[0] == 0
    path = folder / "rounds" / "1-seating.csv"
    rows = path.read_text().splitlines()
    owner = rows[1].split(",")[3]
    path.write_text("\n".join([rows[0] + ",substitute", rows[1] + ",Ming Chow",
                               *(row + "," for row in rows[2:])]) + "\n")
    score(folder, 1, random.Random(1))
    state = load_event(plugin_manager(), folder).data["mahjong"]
    history = event_starts(state, 2)
    assert sum(history[owner]) == parts
    assert "Ming Chow" not in history
    assert sorted(sum(winds) for player, winds in history.items() if player != owner) == [4] * 15

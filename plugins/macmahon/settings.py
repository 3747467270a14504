"""The ``[macmahon]`` table of event.toml, read and checked once for the whole plugin."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from publisher.csvfiles import FIELD, RATING, Bounds
from publisher.model import Event
from publisher.problems import Problems
from publisher.ranks import Rank

GROUPINGS = ("min-size", "bar-floor")
STRATEGIES = ("simple", "fold", "split", "adjacent")
TIEBREAKS = ("sos", "sosos", "sodos", "wins", "rating")

# The FESA grade table's lower bounds: a rating belongs to the highest rank whose bound is <= it.
FESA_RANK_ELO: dict[str, int] = {
    "6d": 2440, "5d": 2240, "4d": 2080, "3d": 1920, "2d": 1800, "1d": 1680,
    "1k": 1560, "2k": 1460, "3k": 1360, "4k": 1280, "5k": 1200, "6k": 1120,
    "7k": 1040, "8k": 960, "9k": 880, "10k": 800, "11k": 720, "12k": 640,
    "13k": 560, "14k": 480,
}


@dataclass
class Adjustment:
    """A tournament director's move of one player to another group (WOSC Article 8)."""

    player: str
    group: int
    reason: str = ""
    key: str = ""  # where it is in event.toml, so a rejected move names its entry


@dataclass
class Settings:
    """Everything the grouping, pairing and standings read from ``[macmahon]``."""

    system: str
    grouping: str = "min-size"
    min_group_size: int = 10
    top_size: int = 16
    top_reference_elo: int | None = None
    bar: Rank | None = None
    floor: Rank | None = None
    pairing: str = "fold"
    tiebreaks: list[str] = field(default_factory=lambda: ["sos", "sosos"])
    bye_score: float = 1.0
    rank_elo: dict[Rank, int] = field(default_factory=dict)
    adjustments: list[Adjustment] = field(default_factory=list)
    withdrawn: dict[str, int] = field(default_factory=dict)  # player id: the last round played

    def rank_for_elo(self, elo: int) -> Rank:
        """The highest rank of ``rank_elo`` whose lower bound is <= ``elo``.

        An Elo below every bound belongs to the weakest rank of the table: its
        bound is where the table stops, not a floor under which nobody plays.
        """
        for rank, bound in self.rank_elo.items():
            if bound <= elo:
                return rank
        return next(reversed(self.rank_elo))


def read_settings(event: Event) -> Settings:
    """Read ``[macmahon]``; every wrong key becomes a problem naming ``macmahon.<key>``."""
    path = event.toml_path
    table: dict[str, Any] = event.config.get("macmahon", {})
    problems = Problems()
    if not isinstance(table, dict):
        problems.add(path, "must be a table", "write [macmahon] on a line of its own", key="macmahon")
        problems.check()
    settings = Settings(system=event.system)
    settings.grouping = _choice(path, table, "grouping", GROUPINGS, settings.grouping, problems)
    settings.pairing = _choice(path, table, "pairing", STRATEGIES, settings.pairing, problems)
    settings.min_group_size = _whole(path, table, "min_group_size", FIELD, settings.min_group_size,
                                     problems)
    settings.top_size = _whole(path, table, "top_size", FIELD, settings.top_size, problems)
    if "top_reference_elo" in table:
        settings.top_reference_elo = _whole(path, table, "top_reference_elo", RATING, 1821, problems)
    settings.bar = _rank(path, table, "bar", problems)
    settings.floor = _rank(path, table, "floor", problems)
    settings.bye_score = _bye_score(path, table, settings.bye_score, problems)
    settings.tiebreaks = _tiebreaks(path, table, settings.tiebreaks, problems)
    settings.rank_elo = _rank_elo(path, table, problems)
    settings.adjustments = _adjustments(path, table, event, problems)
    settings.withdrawn = _withdrawn(path, table, event, problems)
    if event.system == "macmahon" and settings.grouping == "bar-floor":
        for key in ("bar", "floor"):
            if key not in table:
                problems.add(path, "is missing for bar-floor grouping", f'add {key} = "3d"',
                             key=f"macmahon.{key}")
        if settings.bar and settings.floor and settings.floor > settings.bar:
            problems.add(path, f"the floor {settings.floor} is above the bar {settings.bar}",
                         "swap bar and floor", key="macmahon.floor")
    if event.rounds is None:
        problems.add(path, "is missing", "add rounds = 7 (the number of rounds)", key="rounds")
    problems.check()
    return settings


def _choice(path: Path, table: dict, key: str, choices: tuple[str, ...], default: str,
            problems: Problems) -> str:
    value = table.get(key, default)
    if value not in choices:
        problems.add(path, f"unknown value {value!r}", f"use one of: {', '.join(choices)}",
                     key=f"macmahon.{key}")
        return default
    return value


def _whole(path: Path, table: dict, key: str, bounds: Bounds, default: int, problems: Problems) -> int:
    value = table.get(key, default)
    if bounds.read(value) is None:
        problems.add(path, f"must be {bounds}, not {value!r}", f"write {key} = {default}",
                     key=f"macmahon.{key}")
        return default
    return value


def _bye_score(path: Path, table: dict, default: float, problems: Problems) -> float:
    """``bye_score``: from 0 (a loss) to 1 (a win); ``inf`` and ``nan`` are TOML floats too."""
    value = table.get("bye_score", default)
    if not isinstance(value, int | float) or isinstance(value, bool):
        problems.add(path, f"must be a number of points, not {value!r}", "write bye_score = 1",
                     key="macmahon.bye_score")
        return default
    if not (math.isfinite(value) and 0 <= value <= 1):
        problems.add(path, f"must be from 0 to 1 point (a loss to a win), not {value!r}",
                     "write bye_score = 1 (a win) or 0.5 (a draw)", key="macmahon.bye_score")
        return default
    return float(value)


def _rank(path: Path, table: dict, key: str, problems: Problems) -> Rank | None:
    if key not in table:
        return None
    try:
        return Rank.parse(str(table[key]))
    except ValueError as exc:
        problems.add(path, str(exc), f'write {key} = "3d"', key=f"macmahon.{key}")
        return None


def _tiebreaks(path: Path, table: dict, default: list[str], problems: Problems) -> list[str]:
    value = table.get("tiebreaks", default)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.add(path, f"must be a list, not {value!r}", 'write tiebreaks = ["sos", "sosos"]',
                     key="macmahon.tiebreaks")
        return default
    unknown = [v for v in value if v not in TIEBREAKS]
    if unknown:
        problems.add(path, f"unknown tiebreak {', '.join(map(repr, unknown))}",
                     f"use any of: {', '.join(TIEBREAKS)}", key="macmahon.tiebreaks")
        return default
    return list(value)


def _rank_elo(path: Path, table: dict, problems: Problems) -> dict[Rank, int]:
    raw = table.get("rank_elo", FESA_RANK_ELO)
    if not isinstance(raw, dict):
        problems.add(path, "must be a table of rank = Elo", 'write rank_elo = { "6d" = 2440, ... }',
                     key="macmahon.rank_elo")
        raw = FESA_RANK_ELO
    table_out: dict[Rank, int] = {}
    for rank, elo in raw.items():
        try:
            parsed = Rank.parse(rank)
        except ValueError as exc:
            problems.add(path, str(exc), 'name ranks like "6d" or "10k"', key=f"macmahon.rank_elo.{rank}")
            continue
        if RATING.read(elo) is None:
            problems.add(path, f"must be an Elo rating, {RATING}, not {elo!r}",
                         f'write the lowest Elo of {rank} without quotes, like "{rank}" = 1680',
                         key=f"macmahon.rank_elo.{rank}")
            continue
        table_out[parsed] = elo
    if not table_out and not problems:
        problems.add(path, "is empty", 'list the ranks, like rank_elo = { "2d" = 1800, "1d" = 1680 }',
                     key="macmahon.rank_elo")
    ordered = sorted(table_out.items(), reverse=True)
    for (high, high_elo), (low, low_elo) in pairwise(ordered):
        if low_elo >= high_elo:
            problems.add(path, f"{low} ({low_elo}) is not below {high} ({high_elo})",
                         "stronger ranks need higher bounds", key=f"macmahon.rank_elo.{low}")
    return dict(ordered)


def _adjustments(path: Path, table: dict, event: Event, problems: Problems) -> list[Adjustment]:
    """``[[macmahon.adjustments]]`` entries: ``player``, ``group`` (1 = top), ``reason``."""
    raw = table.get("adjustments", [])
    found: list[Adjustment] = []
    first: dict[str, int] = {}
    if not isinstance(raw, list):
        problems.add(path, "must be a list of tables", 'write [[macmahon.adjustments]] with '
                     'player = "s017", group = 2, reason = "..."', key="macmahon.adjustments")
        return found
    for number, item in enumerate(raw, 1):
        key = f"macmahon.adjustments[{number}]"
        if not isinstance(item, dict):
            problems.add(path, "must be a table", 'player = "s017", group = 2', key=key)
            continue
        player, group = item.get("player"), item.get("group")
        if not isinstance(player, str):
            problems.add(path, f"player must be one player's id in quotes, not {player!r}",
                         'write player = "s017"; move each player in an adjustment of their own',
                         key=key)
            continue
        if player not in event.players_by_id:
            problems.add(path, f"unknown player {player!r}", "use an id from players.csv", key=key)
            continue
        if FIELD.read(group) is None:
            problems.add(path, f"group must be a group number (1 is the top), not {group!r}",
                         "write group = 2", key=key)
            continue
        if player in first:
            problems.add(path, f"{player!r} is already moved by adjustment {first[player]}",
                         "keep one adjustment for each player", key=key)
            continue
        first[player] = number
        found.append(Adjustment(player, group, str(item.get("reason", "")), key))
    return found


def _withdrawn(path: Path, table: dict, event: Event, problems: Problems) -> dict[str, int]:
    """``withdrawn = { s017 = 4 }``: each withdrawn player and the last round they played."""
    raw = table.get("withdrawn", {})
    if not isinstance(raw, dict):
        problems.add(path, "must be a table of player = last round played",
                     "write withdrawn = { s017 = 4 }", key="macmahon.withdrawn")
        return {}
    found: dict[str, int] = {}
    last = event.rounds or 0
    for player, after in raw.items():
        key = f"macmahon.withdrawn.{player}"
        if player not in event.players_by_id:
            problems.add(path, f"unknown player {player!r}", "use an id from players.csv", key=key)
        elif not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= last:
            problems.add(path, f"must be the last round {player} played (0 to {last}), not {after!r}",
                         f"write {player} = 0 if they left before round 1", key=key)
        else:
            found[player] = after
    return found

"""The ``[macmahon]`` table of event.toml (and its ``[time]``), read and checked once for the whole plugin."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from plugins.macmahon.player_columns import read_player_columns
from plugins.macmahon.timing import TimeSystem, read_time
from publisher.content.csvfiles import FIELD, RATING, Bounds
from publisher.model import Event
from publisher.problems import Problems
from publisher.ranks import FIX, Rank

GROUPINGS = ("min-size", "bar-floor")
STRATEGIES = ("simple", "fold", "split", "adjacent")
TIEBREAKS = ("sos", "sos-1", "sos-2", "mos", "cuss", "dc", "sdc", "sosos", "sodos", "mms", "score",
             "wins", "rating")
ZERO_POINTS = ("floor", "30k")
SOS_UNPLAYED = ("own", "initial", "zero")
HANDICAP_BASES = ("mms", "rank")
AVOIDABLE = ("club", "country")  # players.csv columns two opponents should not share

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


@dataclass(frozen=True)
class Handicap:
    """``[macmahon.handicap]``: OpenGotha's handicap parameters, its defaults included.

    ``bar`` caps both players' levels (OpenGotha's "no handicap above" rank); the
    difference of levels less ``correction`` (not below 0) and at most ``max`` is the
    handicap. ``komi`` is for even games, ``handicap_komi`` for handicap games.
    """

    based_on: str = "mms"
    bar: Rank | None = None
    correction: int = 1
    max: int = 9
    komi: float = 6.5
    handicap_komi: float = 0.5


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
    absent_score: float = 0.0      # points a round the player does not play is worth
    bye_wins: float | None = None  # what a bye adds to the wins (NBW); None: bye_score
    absent_wins: float = 0.0       # what a round the player does not play adds to the wins
    round_down: bool = False       # byes' and absences' half points, added up, rounded down
    zero_point: str = "floor"      # "floor": the bottom group starts at 0; "30k": 30k = 0
    sos_unplayed: str = "own"      # what a bye or an absent round counts in SOS
    handicap: Handicap | None = None
    avoid_same: tuple[str, ...] = ()  # what of AVOIDABLE the pairing keeps opponents from sharing
    absent: dict[str, frozenset[int]] = field(default_factory=dict)  # players.csv absent
    corrections: dict[str, int] = field(default_factory=dict)        # players.csv mms_correction
    time: TimeSystem | None = None  # event.toml [time], which the EGD export's class comes from

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
    if "grouping" not in table and "bar" in table and "floor" in table:
        settings.grouping = "bar-floor"  # a bar and a floor say what grouping they mean
    else:
        settings.grouping = _choice(path, table, "grouping", GROUPINGS, settings.grouping, problems)
    settings.pairing = _choice(path, table, "pairing", STRATEGIES, settings.pairing, problems)
    settings.min_group_size = _whole(path, table, "min_group_size", FIELD, settings.min_group_size,
                                     problems)
    settings.top_size = _whole(path, table, "top_size", FIELD, settings.top_size, problems)
    if "top_reference_elo" in table:
        settings.top_reference_elo = _whole(path, table, "top_reference_elo", RATING, 1821, problems)
    settings.bar = _rank(path, table, "bar", problems)
    settings.floor = _rank(path, table, "floor", problems)
    settings.bye_score = _points(path, table, "bye_score", settings.bye_score, problems)
    settings.absent_score = _points(path, table, "absent_score", settings.absent_score, problems)
    if "bye_wins" in table:
        settings.bye_wins = _points(path, table, "bye_wins", settings.bye_score, problems)
    settings.absent_wins = _points(path, table, "absent_wins", settings.absent_wins, problems)
    settings.round_down = _flag(path, table, "round_down", settings.round_down, problems)
    settings.zero_point = _choice(path, table, "zero_point", ZERO_POINTS, settings.zero_point, problems)
    settings.sos_unplayed = _choice(path, table, "sos_unplayed", SOS_UNPLAYED, settings.sos_unplayed,
                                    problems)
    settings.tiebreaks = _tiebreaks(path, table, settings.tiebreaks, problems)
    settings.avoid_same = _avoid_same(path, table, problems)
    settings.rank_elo = _rank_elo(path, table, problems)
    settings.adjustments = _adjustments(path, table, event, problems)
    settings.withdrawn = _withdrawn(path, table, event, problems)
    settings.handicap = _handicap(path, table, event, problems)
    _unused_keys(path, table, settings, event.system, problems)
    settings.time = read_time(event, problems)
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
    settings.absent, settings.corrections = read_player_columns(event, settings.handicap)
    return settings


def _unused_keys(path: Path, table: dict, settings: Settings, system: str, problems: Problems) -> None:
    """A key the event's grouping never reads is a mistake: the director meant something by it."""
    rank_groups = system == "macmahon" and settings.grouping == "bar-floor"
    if not rank_groups:
        what = "a swiss event (one group)" if system == "swiss" else "min-size grouping"
        for key in ("bar", "floor"):
            if key in table:
                fix = ('remove it' if system == "swiss" else
                       f'write grouping = "bar-floor" with both bar and floor, or remove {key}')
                problems.add(path, f"is not used by {what}", fix, key=f"macmahon.{key}")
        if settings.zero_point == "30k":
            problems.add(path, f"30k = 0 needs one group per rank, which {what} does not have",
                         'remove zero_point, or write grouping = "bar-floor" with a bar and a floor',
                         key="macmahon.zero_point")
        handicap = settings.handicap
        if handicap is not None and handicap.based_on == "mms" and handicap.bar is not None:
            problems.add(path, f"a handicap bar on McMahon scores needs one group per rank, which "
                         f"{what} does not have", 'write based_on = "rank", or remove bar',
                         key="macmahon.handicap.bar")


def _choice(path: Path, table: dict, key: str, choices: tuple[str, ...], default: str,
            problems: Problems, prefix: str = "macmahon") -> str:
    value = table.get(key, default)
    if value not in choices:
        problems.add(path, f"unknown value {value!r}", f"use one of: {', '.join(choices)}",
                     key=f"{prefix}.{key}")
        return default
    return value


def _whole(path: Path, table: dict, key: str, bounds: Bounds, default: int, problems: Problems) -> int:
    value = table.get(key, default)
    if bounds.read(value) is None:
        problems.add(path, f"must be {bounds}, not {value!r}", f"write {key} = {default}",
                     key=f"macmahon.{key}")
        return default
    return value


def _points(path: Path, table: dict, key: str, default: float, problems: Problems) -> float:
    """``bye_score``, ``absent_score`` and their ``_wins``: from 0 (a loss) to 1 (a win); ``inf``
    and ``nan`` are TOML floats too."""
    value = table.get(key, default)
    if not isinstance(value, int | float) or isinstance(value, bool):
        problems.add(path, f"must be a number of points, not {value!r}", f"write {key} = {default:g}",
                     key=f"macmahon.{key}")
        return default
    if not (math.isfinite(value) and 0 <= value <= 1):
        problems.add(path, f"must be from 0 to 1 point (a loss to a win), not {value!r}",
                     f"write {key} = {default:g} ({'a win' if default else 'a loss'}) or 0.5 (a draw)",
                     key=f"macmahon.{key}")
        return default
    return float(value)


def _flag(path: Path, table: dict, key: str, default: bool, problems: Problems) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        problems.add(path, f"must be true or false, not {value!r}",
                     f"write {key} = {str(default).lower()}", key=f"macmahon.{key}")
        return default
    return value


def _handicap(path: Path, table: dict, event: Event, problems: Problems) -> Handicap | None:
    """``[macmahon.handicap]``: absent means every game is even."""
    raw = table.get("handicap")
    if raw is None:
        return None
    key = "macmahon.handicap"
    if not isinstance(raw, dict):
        problems.add(path, "must be a table", "write [macmahon.handicap] on a line of its own", key=key)
        return None
    unknown = sorted(set(raw) - {"based_on", "bar", "correction", "max", "komi", "handicap_komi"})
    for name in unknown:
        problems.add(path, "is not a handicap setting",
                     "use based_on, bar, correction, max, komi or handicap_komi", key=f"{key}.{name}")
    based_on = _choice(path, raw, "based_on", HANDICAP_BASES, "mms", problems, prefix=key)
    bar = _rank(path, raw, "bar", problems, prefix=key)
    correction = _bounded(path, raw, "correction", Bounds(-1, 9), 1, problems, prefix=key)
    ceiling = _bounded(path, raw, "max", Bounds(0, 9), 9, problems, prefix=key)
    default_komi = 0.0 if event.game == "shogi" else 6.5
    komi = _komi(path, raw, "komi", default_komi, problems)
    handicap_komi = _komi(path, raw, "handicap_komi", 0.5, problems)
    return Handicap(based_on, bar, correction, ceiling, komi, handicap_komi)


def _bounded(path: Path, table: dict, key: str, bounds: Bounds, default: int, problems: Problems,
             prefix: str) -> int:
    value = bounds.read(table.get(key, default))
    if value is None:
        problems.add(path, f"must be {bounds}, not {table.get(key)!r}", f"write {key} = {default}",
                     key=f"{prefix}.{key}")
        return default
    return value


def _komi(path: Path, table: dict, key: str, default: float, problems: Problems) -> float:
    """A komi: a number of points, in halves (6.5, 0.5, 0, -0.5 for a reverse komi)."""
    value = table.get(key, default)
    if (not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value)
            or abs(value) > 100 or (2 * value) != int(2 * value)):
        problems.add(path, f"must be a komi in whole or half points, not {value!r}",
                     f"write {key} = {default:g}", key=f"macmahon.handicap.{key}")
        return default
    return float(value)


def _rank(path: Path, table: dict, key: str, problems: Problems, prefix: str = "macmahon") -> Rank | None:
    if key not in table:
        return None
    try:
        return Rank.parse(str(table[key]))
    except ValueError as exc:
        problems.add(path, str(exc), f'write {key} = "3d"', key=f"{prefix}.{key}")
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
    twice = sorted({v for v in value if value.count(v) > 1})
    if twice:
        problems.add(path, f"{', '.join(map(repr, twice))} is listed twice", "keep each tiebreak once",
                     key="macmahon.tiebreaks")
        return default
    if "dc" in value and "sdc" in value:
        # Each orders the players equal before it by the criteria after it: they cannot both.
        problems.add(path, "has both dc and sdc (direct confrontation and its simplified form)",
                     "keep one of them", key="macmahon.tiebreaks")
        return default
    return list(value)


def _avoid_same(path: Path, table: dict, problems: Problems) -> tuple[str, ...]:
    """``avoid_same = ["club", "country"]``: what two opponents should not share (OpenGotha's
    "avoid pairing same club / same country")."""
    value = table.get("avoid_same", [])
    fix = 'write avoid_same = ["club"], ["country"] or ["club", "country"]'
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.add(path, f"must be a list of columns of players.csv, not {value!r}", fix,
                     key="macmahon.avoid_same")
        return ()
    unknown = [v for v in value if v not in AVOIDABLE]
    if unknown:
        problems.add(path, f"cannot avoid {', '.join(map(repr, unknown))}: only the club and country "
                     "columns can be avoided", fix, key="macmahon.avoid_same")
        return ()
    if len(set(value)) < len(value):
        problems.add(path, "lists a column twice", fix, key="macmahon.avoid_same")
        return ()
    return tuple(v for v in AVOIDABLE if v in value)


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
            problems.add(path, str(exc), f'{FIX}, in quotes: "6d" = 2440', key=f"macmahon.rank_elo.{rank}")
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

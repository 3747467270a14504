"""The ``[mahjong]`` table of event.toml, read and checked once for the whole plugin.

Every number of the World Series of Mahjong 2008 format is a setting; the
defaults below are that format. Problems name the key (``mahjong.advance``).
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from publisher.content.csvfiles import Bounds, decimal_number, whole_number
from publisher.languages import Message, message
from publisher.model import Event
from publisher.problems import Problems

WSOM_ADVANCE = [256, 128, 64, 32, 16, 8, 4]
WSOM_PARTS = [4, 2, 2, 2, 2, 2, 4, 1]
CYCLES_PER_SESSION = 4  # a session is 16 hands: four cycles of four hands
MOST_PARTS = 16  # four sessions of four quarters: more is a typo, and a draw that never ends
MOST_CYCLES = 16
MOST_MINUTES = 24 * 60  # a part or a break longer than a day is a typo
MOST_PRIZE = Fraction(10**12)
ROUND1_GROUPS = Bounds(1, 26)  # more groups than letters is a typo
UNCHECKED = "unchecked"
SUBSTITUTE_SCORES = ("owner", "none")


@dataclass
class Schedule:
    """Time limits and start times: ``minutes[n-1]`` is the limit of each part of round n
    (0 = no limit), ``breaks_after[n-1]`` the parts of round n followed by a break,
    ``cycle_breaks[n-1]`` the cycles of each part of round n followed by one (the final's
    break after cycle 2). ``group_starts`` are round 1's starts of a group that plays at
    times of its own."""

    minutes: list[int]
    break_minutes: int
    breaks_after: list[list[int]]
    starts: dict[tuple[int, int], dt.datetime] = field(default_factory=dict)
    cycle_breaks: list[list[int]] = field(default_factory=list)
    group_starts: dict[str, dict[tuple[int, int], dt.datetime]] = field(default_factory=dict)


@dataclass
class Settings:
    """Everything the draw, the scores and the pages read from ``[mahjong]``."""

    advance: list[int]
    parts: list[int]
    cycles_per_part: list[int]
    round1_groups: int
    carry_over: Fraction
    carry_over_round1: dict[str, Fraction]
    prizes: list[Fraction]
    schedule: Schedule
    table_total: Fraction | None = Fraction(0)  # None: "unchecked"
    substitute_scores: str = "owner"

    @property
    def rounds(self) -> int:
        return len(self.parts)

    def is_final(self, round_number: int) -> bool:
        return round_number == self.rounds

    def round_label(self, round_number: int, start: bool = True) -> Message:
        """"Round 3", "Final": what the pages call a round; ``start=False`` as a sentence names
        it inside ("round 3", "final")."""
        if self.is_final(round_number):
            return message("Final") if start else message("final")
        if start:
            return message("Round %(number)s", number=round_number)
        return message("round %(number)s", number=round_number)

    def part_label(self, round_number: int, part: int, start: bool = True) -> Message:
        """"Session 2, half 1", "Quarter 3", "Final": what the players call a part; ``start=False``
        as a sentence names it inside ("session 2, half 1")."""
        if self.parts[round_number - 1] == 1:
            return self.round_label(round_number, start)
        if self.is_final(round_number):
            return _FINAL_PART[start](part)
        cycles = self.cycles_per_part[round_number - 1]
        name = {2: "half", 1: "quarter"}.get(cycles, "part")
        per_session = max(1, CYCLES_PER_SESSION // cycles)
        if self.parts[round_number - 1] > per_session:
            session, within = divmod(part - 1, per_session)
            return _IN_SESSION[name, start](session + 1, within + 1)
        return _ALONE[name, start](part)


# Each form of a part's name is a text of its own: a language may name a half otherwise than a
# quarter, and only some write the start of a text otherwise than its inside.
_FINAL_PART = {
    True: lambda part: message("Final, part %(part)s", part=part),
    False: lambda part: message("final, part %(part)s", part=part),
}
_IN_SESSION = {
    ("half", True): lambda session, part: message("Session %(session)s, half %(part)s",
                                                   session=session, part=part),
    ("half", False): lambda session, part: message("session %(session)s, half %(part)s",
                                                    session=session, part=part),
    ("quarter", True): lambda session, part: message("Session %(session)s, quarter %(part)s",
                                                      session=session, part=part),
    ("quarter", False): lambda session, part: message("session %(session)s, quarter %(part)s",
                                                       session=session, part=part),
    ("part", True): lambda session, part: message("Session %(session)s, part %(part)s",
                                                   session=session, part=part),
    ("part", False): lambda session, part: message("session %(session)s, part %(part)s",
                                                    session=session, part=part),
}
_ALONE = {
    ("half", True): lambda part: message("Half %(part)s", part=part),
    ("half", False): lambda part: message("half %(part)s", part=part),
    ("quarter", True): lambda part: message("Quarter %(part)s", part=part),
    ("quarter", False): lambda part: message("quarter %(part)s", part=part),
    ("part", True): lambda part: message("Part %(part)s", part=part),
    ("part", False): lambda part: message("part %(part)s", part=part),
}


def read_settings(event: Event) -> Settings:
    """Read ``[mahjong]``; every wrong key becomes a problem naming ``mahjong.<key>``."""
    path = event.toml_path
    table: Any = event.config.get("mahjong", {})
    problems = Problems()
    if not isinstance(table, dict):
        problems.add(path, "must be a table", "write [mahjong] on a line of its own", key="mahjong")
        problems.check()
    advance = _whole_list(path, table, "advance", WSOM_ADVANCE, problems)
    parts = _whole_list(path, table, "parts", WSOM_PARTS, problems, most=MOST_PARTS)
    cycles = _whole_list(path, table, "cycles_per_part", default_cycles(parts), problems, most=MOST_CYCLES)
    if len(parts) != len(advance) + 1:
        problems.add(path, f"lists {len(parts)} rounds but advance has {len(advance)} cuts",
                     "give one entry per round: the elimination rounds and then the final",
                     key="mahjong.parts")
    if len(cycles) != len(parts):
        problems.add(path, f"has {len(cycles)} entries for {len(parts)} rounds",
                     "give the cycles of one part for every round", key="mahjong.cycles_per_part")
    for before, after in pairwise(advance):
        if after >= before:
            problems.add(path, f"{after} advancing after {before} is not a cut",
                         "each round must keep fewer players than the one before",
                         key="mahjong.advance")
    for number in advance:
        if number % 4:
            problems.add(path, f"{number} players do not fill tables of four",
                         "advance a multiple of 4 after every round", key="mahjong.advance")
    if advance and advance[0] >= len(event.players):
        problems.add(path, f"{advance[0]} advance after round 1 but the field has "
                     f"{len(event.players)} players", "advance fewer players than start",
                     key="mahjong.advance")
    rounds = event.config.get("rounds")
    if rounds is not None and rounds != len(parts):
        problems.add(path, f"says {rounds} rounds but parts lists {len(parts)}",
                     "remove rounds: a mahjong event has one round per entry of parts", key="rounds")
    groups = table.get("round1_groups", len({p.group for p in event.players if p.group}) or 1)
    if ROUND1_GROUPS.read(groups) is None:
        problems.add(path, f"must be {ROUND1_GROUPS}, not {groups!r}",
                     "write round1_groups = 2", key="mahjong.round1_groups")
        groups = 1
    carry = _fraction(path, "carry_over", table.get("carry_over", "1/4"), problems, most=Fraction(1))
    round1 = _round1_rates(path, table, problems)
    prizes = [_fraction(path, f"prizes[{i}]", p, problems, most=MOST_PRIZE)
              for i, p in enumerate(_list(path, table, "prizes", [], problems), 1)]
    schedule = _schedule(event, table.get("schedule", {}), parts, cycles, problems)
    table_total = _table_total(path, table.get("table_total", 0), problems)
    substitute_scores = table.get("substitute_scores", "owner")
    if substitute_scores not in SUBSTITUTE_SCORES:
        problems.add(path, f"must be \"owner\" or \"none\", not {substitute_scores!r}",
                     'write substitute_scores = "owner" (the seat\'s owner keeps what the substitute '
                     'scored) or "none"', key="mahjong.substitute_scores")
    problems.check()
    return Settings(advance, parts, cycles, groups, carry, round1, prizes, schedule, table_total,
                    substitute_scores)


def _table_total(path: Path, value: Any, problems: Problems) -> Fraction | None:
    """What the four play scores of a table add up to: 0 (MCR, WSOM), another number for rule
    sets with a starting stack, or "unchecked" where the scores of a table add up to no fixed sum."""
    if value == UNCHECKED:
        return None
    number = _exact(value)
    if number is None or abs(number) > MOST_PRIZE:
        problems.add(path, f"must be a number or \"{UNCHECKED}\", not {value!r}",
                     "write table_total = 0 (the four scores of a table add up to 0)",
                     key="mahjong.table_total")
        return Fraction(0)
    return number


def _list(path: Path, table: dict, key: str, default: list, problems: Problems) -> list:
    value = table.get(key, default)
    if not isinstance(value, list):
        problems.add(path, f"must be a list, not {value!r}", f"write {key} = {default}",
                     key=f"mahjong.{key}")
        return default
    return value


def _whole_list(path: Path, table: dict, key: str, default: list[int], problems: Problems,
                most: int | None = None) -> list[int]:
    value = _list(path, table, key, default, problems)
    if not value or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        problems.add(path, f"must list positive whole numbers, not {value!r}",
                     f"write {key} = {default}", key=f"mahjong.{key}")
        return default
    if most is not None and max(value) > most:
        problems.add(path, f"{max(value)} is more than the {most} a round can have",
                     f"list at most {most} for each round, like {key} = {default}", key=f"mahjong.{key}")
        return [min(v, most) for v in value]  # the other checks still see the right number of rounds
    return value


def _fraction(path: Path, key: str, value: Any, problems: Problems, most: Fraction) -> Fraction:
    """A rate or amount written "1/4", 0.25 or 3000, kept exact (0 is a value like any other).

    ``most`` keeps a typo (a carry-over of 25, a prize of 1e300) off the pages. A wrong value
    is a problem, which stops the build at ``problems.check()``; the 0 returned for it then
    only lets the reading go on to find the other problems."""
    number = _exact(value)
    if number is None:
        problems.add(path, f"must be a number or a fraction, not {value!r}",
                     'write it like "1/4" or 0.25', key=f"mahjong.{key}")
    elif number < 0:
        problems.add(path, f"must not be negative, not {value!r}", 'write it like "1/4"',
                     key=f"mahjong.{key}")
    elif number > most:
        problems.add(path, f"must be at most {most}, not {value!r}",
                     f"write a value from 0 to {most}", key=f"mahjong.{key}")
    else:
        return number
    return Fraction(0)


def _exact(value: Any) -> Fraction | None:
    """A TOML whole number, a finite TOML float, or a string with a plain decimal or ``a/b``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value)) if math.isfinite(value) else None
    if not isinstance(value, str):
        return None
    top, slash, bottom = value.strip().partition("/")
    if not slash:
        return decimal_number(top)
    numerator, denominator = whole_number(top.strip()), whole_number(bottom.strip())
    if numerator is None or not denominator:
        return None
    return Fraction(numerator, denominator)


def _round1_rates(path: Path, table: dict, problems: Problems) -> dict[str, Fraction]:
    raw = table.get("carry_over_round1", {})
    if not isinstance(raw, dict):
        problems.add(path, f"must be a table of group = rate, not {raw!r}",
                     'write carry_over_round1 = { A = "1/4", B = "1/4" }',
                     key="mahjong.carry_over_round1")
        return {}
    return {str(group): _fraction(path, f"carry_over_round1.{group}", rate, problems, most=Fraction(1))
            for group, rate in raw.items()}


def default_cycles(parts: list[int]) -> list[int]:
    """WSOM 2008 for any list of parts: round 1 in halves of two cycles (its sessions are
    two halves each), every later round one session of four cycles shared by its parts.

    ``[4, 2, 2, 2, 2, 2, 4, 1]`` gives the WSOM ``[2, 2, 2, 2, 2, 2, 1, 4]``, and
    ``[4, 2, 4, 1]`` gives ``[2, 2, 1, 4]``.
    """
    return [2 if number == 1 and count > 1 else max(1, CYCLES_PER_SESSION // count)
            for number, count in enumerate(parts, 1)]


def default_minutes(parts: list[int], cycles: list[int]) -> list[int]:
    """WSOM 2008: 70-minute halves in rounds 1-4, 60 after, 30-minute quarters, no limit in the final."""
    minutes = []
    for number, part_cycles in enumerate(cycles, 1):
        if number == len(parts):
            minutes.append(0)
        elif part_cycles == 1:
            minutes.append(30)
        else:
            minutes.append(70 if number <= 4 else 60)
    return minutes


def default_breaks(parts: list[int], cycles: list[int]) -> list[list[int]]:
    """A break between the halves of a session (rounds 1-6: a 60-minute round is then 130
    minutes in all), and after the second quarter."""
    breaks = []
    for number, (count, part_cycles) in enumerate(zip(parts, cycles, strict=False), 1):
        per_session = max(1, CYCLES_PER_SESSION // part_cycles)
        if number == len(parts):
            breaks.append([])
        elif part_cycles == 1:
            breaks.append([p for p in range(1, count) if p % 2 == 0 and p % per_session])
        else:
            breaks.append([p for p in range(1, count) if p % per_session])
    return breaks


def _schedule(event: Event, raw: Any, parts: list[int], cycles: list[int], problems: Problems) -> Schedule:
    """``[mahjong.schedule]``: ``minutes``, ``break_minutes``, ``breaks_after`` and ``starts``,
    whose keys are ``"<round>"`` or ``"<round>.<part>"`` and values TOML date-times on the
    event's days."""
    path = event.toml_path
    if not isinstance(raw, dict):
        problems.add(path, "must be a table", "write [mahjong.schedule] on a line of its own",
                     key="mahjong.schedule")
        raw = {}
    minutes = raw.get("minutes", default_minutes(parts, cycles))
    if (not isinstance(minutes, list) or len(minutes) != len(parts)
            or not all(_minutes(m) for m in minutes)):
        problems.add(path, f"must list {len(parts)} whole numbers of minutes (at most {MOST_MINUTES}), "
                     f"one per round, not {minutes!r}", f"write minutes = {default_minutes(parts, cycles)}",
                     key="mahjong.schedule.minutes")
        minutes = default_minutes(parts, cycles)
    pause = raw.get("break_minutes", 10)
    if not _minutes(pause):
        problems.add(path, f"must be a whole number of minutes (at most {MOST_MINUTES}), not {pause!r}",
                     "write break_minutes = 10", key="mahjong.schedule.break_minutes")
        pause = 10
    breaks = raw.get("breaks_after", default_breaks(parts, cycles))
    if (not isinstance(breaks, list) or len(breaks) != len(parts)
            or not all(isinstance(b, list) and all(isinstance(p, int) for p in b) for b in breaks)):
        problems.add(path, f"must list, for each of the {len(parts)} rounds, the parts followed "
                     f"by a break, not {breaks!r}", f"write breaks_after = {default_breaks(parts, cycles)}",
                     key="mahjong.schedule.breaks_after")
        breaks = default_breaks(parts, cycles)
    default_cycle_breaks = default_cycle_breaks_of(parts, cycles)
    cycle_breaks = raw.get("breaks_after_cycle", default_cycle_breaks)
    if (not isinstance(cycle_breaks, list) or len(cycle_breaks) != len(parts)
            or not all(isinstance(b, list) and all(isinstance(c, int) and not isinstance(c, bool)
                                                   and 1 <= c < n for c in b)
                       for b, n in zip(cycle_breaks, cycles, strict=False))):
        problems.add(path, f"must list, for each of the {len(parts)} rounds, the cycles of a part "
                     f"followed by a break, not {cycle_breaks!r}",
                     f"write breaks_after_cycle = {default_cycle_breaks}",
                     key="mahjong.schedule.breaks_after_cycle")
        cycle_breaks = default_cycle_breaks
    groups = raw.get("groups", {})
    if not isinstance(groups, dict) or not all(isinstance(g, dict) for g in groups.values()):
        problems.add(path, "must be a table of groups, each with its starts",
                     'write [mahjong.schedule.groups.B] and under it starts = { "1" = ... }',
                     key="mahjong.schedule.groups")
        groups = {}
    group_starts = {str(name): _starts(event, table.get("starts", {}), parts[:1], problems,
                                       f"mahjong.schedule.groups.{name}.starts")
                    for name, table in groups.items()}
    return Schedule(minutes, pause, breaks, _starts(event, raw.get("starts", {}), parts, problems),
                    cycle_breaks, group_starts)


def default_cycle_breaks_of(parts: list[int], cycles: list[int]) -> list[list[int]]:
    """WSOM 2008: the final (one part of four cycles) breaks after its second cycle."""
    return [[cycles[-1] // 2] if number == len(parts) and cycles[-1] >= 2 else []
            for number in range(1, len(parts) + 1)]


def _minutes(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST_MINUTES


def _starts(event: Event, raw: Any, parts: list[int], problems: Problems,
            prefix: str = "mahjong.schedule.starts") -> dict[tuple[int, int], dt.datetime]:
    """The start times by (round, part); each on a day of the event, where a typo in the date
    would otherwise send the screens' clock to another year. A group's starts (``prefix``
    naming it) get ``parts`` of round 1 only."""
    path = event.toml_path
    if not isinstance(raw, dict):
        problems.add(path, "must be a table", 'write starts = { "1" = 2026-10-02T10:00:00+08:00 }',
                     key=prefix)
        return {}
    starts: dict[tuple[int, int], dt.datetime] = {}
    days = f"{event.start.isoformat()} to {event.end.isoformat()}" if event.end != event.start \
        else event.start.isoformat()
    for name, when in raw.items():
        where = _round_part(name, parts)
        key = f"{prefix}.{name}"
        if where is None:
            problems.add(path, f"{name!r} is not a round or round.part of this event",
                         'name a round ("2") or a part of a round ("1.3")', key=key)
        elif not isinstance(when, dt.datetime):
            problems.add(path, f"must be a date and time, not {when!r}",
                         "write it like 2026-10-02T10:00:00+08:00 (no quotes)", key=key)
        elif when.tzinfo is None and event.timezone is None:
            problems.add(path, f"{when.isoformat()} has no UTC offset, so the hall clock cannot tell "
                         "when it is", f"add the offset, like {when.isoformat()}+08:00, or name the "
                         'event\'s timezone = "Asia/Hong_Kong" in event.toml', key=key)
        elif not event.start <= when.date() <= event.end:
            problems.add(path, f"{when.isoformat()} is not a day of the event ({days})",
                         "give the date and time the part starts, on one of the event's days", key=key)
        else:
            starts[where] = when if when.tzinfo else when.replace(tzinfo=event.timezone)
    return starts


def _round_part(name: str, parts: list[int]) -> tuple[int, int] | None:
    """``"2"`` -> (2, 1), ``"1.3"`` -> (1, 3); None for a name that is not a part of this event."""
    pieces = name.split(".")
    numbers = [n for n in map(whole_number, pieces) if n is not None]
    if len(pieces) > 2 or len(numbers) != len(pieces):
        return None
    number, part = numbers[0], numbers[1] if len(numbers) == 2 else 1
    if not 1 <= number <= len(parts) or not 1 <= part <= parts[number - 1]:
        return None
    return number, part

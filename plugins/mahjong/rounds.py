"""The rounds of an event as the organiser's files give them: seatings and play scores.

``rounds/<n>-seating.csv`` (written by ``publisher draw``) and
``rounds/<n>-scores.csv`` (entered by the organiser) are checked against the
players who are in round n, which only the standings of round n-1 know; so
the checks take that field as an argument.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from plugins.mahjong.seats import WINDS
from publisher.csvfiles import decimal_number, read_csv, whole_number
from publisher.model import Event
from publisher.problems import Problems


@dataclass
class Table:
    """One table in one part: the winds at the start of the part."""

    number: int
    group: str | None
    seats: tuple[str, str, str, str]  # E, S, W, N


@dataclass
class Part:
    number: int
    tables: list[Table]


@dataclass
class Scores:
    """The play scores of one round: per player and part, the winning hands, the lines."""

    path: Path
    play: dict[str, dict[int, Fraction]] = field(default_factory=dict)
    hands: dict[str, list[Fraction]] = field(default_factory=dict)
    lines: dict[str, list[int]] = field(default_factory=dict)
    parts_scored: int = 0


def seating_path(event: Event, number: int) -> Path:
    return event.rounds_dir / f"{number}-seating.csv"


def scores_path(event: Event, number: int) -> Path:
    return event.rounds_dir / f"{number}-scores.csv"


def read_seating(path: Path, field_ids: list[str], parts: int, groups: dict[str, str],
                 problems: Problems) -> list[Part]:
    """Read a seating file: every player of the round at one table and wind in each part."""
    seen: dict[tuple[int, str], int] = {}
    tables: dict[tuple[int, int], dict[str, str]] = {}
    in_round = set(field_ids)
    for row in read_csv(path, required=("part", "table", "seat", "player")):
        part, table = whole_number(row.get("part")), whole_number(row.get("table"))
        seat, player = row.get("seat").upper(), row.get("player")
        if part is None or not 1 <= part <= parts:
            problems.add(path, f"part {row.get('part')!r} is not a part of this round",
                         f"number the parts 1 to {parts}", line=row.line)
            continue
        if table is None:
            problems.add(path, f"table {row.get('table')!r} is not a table number",
                         "number the tables 1, 2, 3, ...", line=row.line)
            continue
        if seat not in WINDS:
            problems.add(path, f"seat {row.get('seat')!r} is not a wind",
                         "write E, S, W or N", line=row.line)
            continue
        if player not in in_round:
            problems.add(path, f"{player!r} is not in this round",
                         "seat only players of this round; redraw it with publisher draw --force",
                         line=row.line)
            continue
        if (part, player) in seen:
            problems.add(path, f"{player} is seated twice in part {part} (first on line "
                         f"{seen[part, player]})", "seat every player once a part", line=row.line)
            continue
        winds = tables.setdefault((part, table), {})
        if seat in winds:
            problems.add(path, f"table {table} has two {seat} seats in part {part}",
                         "give each table one E, S, W and N", line=row.line)
            continue
        seen[part, player] = row.line
        winds[seat] = player
    for part in range(1, parts + 1):
        missing = [p for p in field_ids if (part, p) not in seen]
        if missing:
            problems.add(path, f"part {part} seats no table for {_some(missing)}",
                         "every player of the round needs a seat in every part; "
                         "redraw it with publisher draw --force")
    for (part, table), winds in sorted(tables.items()):
        if len(winds) < len(WINDS):
            problems.add(path, f"table {table} of part {part} has {len(winds)} players",
                         "seat four players at every table")
        _check_one_group(path, part, table, list(winds.values()), groups, seen, problems)
    if problems:
        return []
    return [
        Part(part, [
            Table(table, groups.get(winds["E"]), tuple(winds[w] for w in WINDS))  # type: ignore[arg-type]
            for (p, table), winds in sorted(tables.items()) if p == part
        ])
        for part in range(1, parts + 1)
    ]


def _check_one_group(path: Path, part: int, table: int, players: list[str], groups: dict[str, str],
                     seen: dict[tuple[int, str], int], problems: Problems) -> None:
    """In round 1 each group plays at its own tables: a player whose group in players.csv was
    changed after the draw would be seated with the other group and carry at its rate."""
    if not groups or not players:
        return
    of = [groups.get(p, "") for p in players]
    most = max(of, key=of.count)  # the table's group: the group of most of its players
    for player, group in zip(players, of, strict=True):
        if group != most:
            problems.add(path, f"{player} of group {group} sits at table {table} of part {part} "
                         f"with group {most}", "correct the group column in players.csv, or "
                         "redraw round 1 with publisher draw --round 1 --force",
                         line=seen[part, player])


def read_scores(path: Path, field_ids: list[str], parts: int, problems: Problems) -> Scores:
    """Read a scores file: one row per player and part; every part up to the last one named
    must have a row for every player of the round."""
    scores = Scores(path)
    in_round = set(field_ids)
    for row in read_csv(path, required=("player", "part", "score")):
        player, part = row.get("player"), whole_number(row.get("part"))
        if player not in in_round:
            problems.add(path, f"{player!r} is not in this round" if player else "the player is empty",
                         "use the id of a player seated in this round", line=row.line)
            continue
        if part is None or not 1 <= part <= parts:
            problems.add(path, f"part {row.get('part')!r} is not a part of this round",
                         f"write a part number from 1 to {parts}", line=row.line)
            continue
        score = decimal_number(row.get("score"))
        if score is None:
            problems.add(path, f"score {row.get('score')!r} of {player} is not a number",
                         "write the play score like 120, -40 or 12.5", line=row.line)
            continue
        hands = [decimal_number(h) for h in row.get("hands").split()]
        if any(h is None or h <= 0 for h in hands):
            problems.add(path, f"hands {row.get('hands')!r} are not hand values",
                         "list the values of the winning hands separated by spaces, like 64 32 24",
                         line=row.line)
            continue
        by_part = scores.play.setdefault(player, {})
        if part in by_part:
            problems.add(path, f"{player} has a second score for part {part}",
                         "keep one row per player and part", line=row.line)
            continue
        by_part[part] = score
        scores.hands.setdefault(player, []).extend(h for h in hands if h is not None)
        scores.lines.setdefault(player, []).append(row.line)
    scores.parts_scored = max((p for by_part in scores.play.values() for p in by_part), default=0)
    for part in range(1, scores.parts_scored + 1):
        missing = [p for p in field_ids if part not in scores.play.get(p, {})]
        if missing:
            problems.add(path, f"part {part} has no score for {_some(missing)}",
                         f"add a row player,{part},score for each of them (0 if they scored nothing)")
    return scores


def _some(ids: list[str], shown: int = 8) -> str:
    text = ", ".join(ids[:shown])
    return text + (f" and {len(ids) - shown} more" if len(ids) > shown else "")

"""The rounds of an event as the organiser's files give them: seatings and play scores.

``rounds/<n>-seating.csv`` (written by ``publisher draw``, perhaps with a
``substitute`` column added on the day) and ``rounds/<n>-scores.csv``
(entered by the organiser) are checked against the players who are in round
n, which only the standings of round n-1 know; so the checks take that field
as an argument. Every table of a scored part must sum to ``table_total``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from plugins.mahjong.seats import WINDS
from publisher.content.csvfiles import decimal_number, read_csv, whole_number
from publisher.model import Event
from publisher.problems import Problems


@dataclass
class Table:
    """One table in one part: the winds at the start of the part, and who plays a seat in
    place of its owner (``substitutes``: owner -> the substitute as the seating file names them)."""

    number: int
    group: str | None
    seats: tuple[str, str, str, str]  # E, S, W, N
    substitutes: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)  # player -> line of the seating file


@dataclass
class Penalty:
    """Points taken off a player's total in one part (``rounds/<n>-penalties.csv``)."""

    part: int
    points: Fraction
    reason: str
    line: int
    substitute: str = ""  # who played the seat and earned it, as the seating file names them


@dataclass
class Lottery:
    """A lottery drawn in the hall: the tied players in the order drawn, first drawn first."""

    path: Path
    order: list[str]
    lines: dict[str, int]
    used: bool = False


@dataclass
class Part:
    number: int
    tables: list[Table]


@dataclass(frozen=True)
class Entry:
    """One row of a scores file as read: a player's score and hands in one part."""

    score: Fraction
    hands: list[Fraction]
    line: int
    hands_given: bool  # the hands cell is not empty


@dataclass
class Scores:
    """The play scores of one round: per player and part, the winning hands, the lines."""

    path: Path
    play: dict[str, dict[int, Fraction]] = field(default_factory=dict)
    hands: dict[str, list[Fraction]] = field(default_factory=dict)
    lines: dict[str, list[int]] = field(default_factory=dict)
    # Lines whose hands cell is empty ("not entered"; ``-`` or ``0`` is "won no hands").
    hands_missing: dict[str, list[int]] = field(default_factory=dict)
    # Parts scored for every player: in round 1, for every group (each group may play its
    # parts at times of its own, so one group's scores come in before the other has played).
    parts_scored: int = 0
    group_parts: dict[str | None, int] = field(default_factory=dict)  # group -> its parts scored
    # Every row as read, by (player, part): the parts still awaiting tables too.
    entries: dict[tuple[str, int], Entry] = field(default_factory=dict)
    # Tables of a part entered table by table, not all in yet: part -> the tables awaited.
    awaited: dict[int, list[int]] = field(default_factory=dict)


def seating_path(event: Event, number: int) -> Path:
    return event.rounds_dir / f"{number}-seating.csv"


def scores_path(event: Event, number: int) -> Path:
    return event.rounds_dir / f"{number}-scores.csv"


def round_file(event: Event, number: int, kind: str) -> Path:
    """``rounds/<n>-<kind>.csv``: penalties, lottery, withdrawals."""
    return event.rounds_dir / f"{number}-{kind}.csv"


def a_name(cell: str, names: dict[str, str]) -> tuple[str, str] | None:
    """The problem and fix of a player cell holding a player's name instead of their id (a
    director with the name slips in hand writes them), or None when it is no player's name."""
    if cell not in names:
        return None
    return f"{cell!r} is a name, not an id", f"write the player's id, {names[cell]}"


def read_penalties(path: Path, field_ids: list[str], seating: list[Part], names: dict[str, str],
                   problems: Problems) -> dict[str, list[Penalty]]:
    """``player,part,points,reason``: points taken off for late arrival, stalling and the like.
    ``points`` is what is taken off (``10`` and ``-10`` both take off 10); the player must have
    played the part, in person (a substitute's penalty goes to the seat only with a score)."""
    in_round = set(field_ids)
    substituted = {(part.number, owner): sub for part in seating for table in part.tables
                   for owner, sub in table.substitutes.items()}
    sitting_in = {(part, sub): owner for (part, owner), sub in substituted.items()}
    penalties: dict[str, list[Penalty]] = {}
    for row in read_csv(path, required=("player", "part", "points")):
        player, part = row.get("player"), whole_number(row.get("part"))
        points = row.decimal("points")
        if part is None or not 1 <= part <= len(seating):
            problems.add(path, f"part {row.get('part')!r} is not a part of this round",
                         f"write a part number from 1 to {len(seating)}", line=row.line)
        elif player not in in_round and (part, player) not in sitting_in and (named := a_name(player, names)):
            problems.add(path, *named, line=row.line)
        elif player not in in_round and (part, player) not in sitting_in:
            problems.add(path, f"{player!r} did not play part {part} of this round" if player
                         else "the player is empty",
                         "name a player seated in that part (see the seating file)", line=row.line)
        elif (part, player) in substituted:
            problems.add(path, f"{player} did not play part {part}: {substituted[part, player]} sat in "
                         "for them", f"write the substitute's penalty as {substituted[part, player]},"
                         f"{part},{row.get('points')},...", line=row.line)
        elif points is None or points == 0:
            problems.add(path, f"points {row.get('points')!r} of {player} are not a penalty",
                         "write the points taken off, like 10 or 12.5", line=row.line)
        else:
            owner = sitting_in.get((part, player), player)
            penalties.setdefault(owner, []).append(Penalty(part, abs(points), row.get("reason") or "penalty",
                                                           row.line, "" if owner == player else player))
    return penalties


def read_lottery(path: Path, field_ids: list[str], names: dict[str, str], problems: Problems) -> Lottery:
    """``player``, one a line: the players of a tie at the cut in the order drawn in the hall."""
    order: list[str] = []
    lines: dict[str, int] = {}
    in_round = set(field_ids)
    for row in read_csv(path, required=("player",)):
        player = row.get("player")
        if player not in in_round and (named := a_name(player, names)):
            problems.add(path, *named, line=row.line)
        elif player not in in_round:
            problems.add(path, f"{player!r} is not in this round" if player else "the player is empty",
                         "list the ids of the tied players in the order drawn", line=row.line)
        elif player in lines:
            problems.add(path, f"{player} is listed twice (first on line {lines[player]})",
                         "list every drawn player once", line=row.line)
        else:
            order.append(player)
            lines[player] = row.line
    return Lottery(path, order, lines)


def read_withdrawals(path: Path, field_ids: list[str], names: dict[str, str],
                     problems: Problems) -> dict[str, tuple[str, int]]:
    """``player,reason``: players who qualified from the round before but do not play this one."""
    withdrawn: dict[str, tuple[str, int]] = {}
    in_round = set(field_ids)
    for row in read_csv(path, required=("player",)):
        player = row.get("player")
        if player not in in_round and (named := a_name(player, names)):
            problems.add(path, *named, line=row.line)
        elif player not in in_round:
            problems.add(path, f"{player!r} did not play the round before" if player
                         else "the player is empty",
                         "name a player who qualified for this round", line=row.line)
        elif player in withdrawn:
            problems.add(path, f"{player} is listed twice (first on line {withdrawn[player][1]})",
                         "list every withdrawn player once", line=row.line)
        else:
            withdrawn[player] = (row.get("reason"), row.line)
    return withdrawn


def read_seating(path: Path, field_ids: list[str], parts: int, groups: dict[str, str],
                 problems: Problems) -> list[Part]:
    """Read a seating file: every player of the round at one table and wind in each part."""
    seen: dict[tuple[int, str], int] = {}
    tables: dict[tuple[int, int], dict[str, str]] = {}
    substitutes: dict[tuple[int, int], dict[str, str]] = {}
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
        if row.get("substitute"):
            substitutes.setdefault((part, table), {})[player] = row.get("substitute")
    _check_substitutes(path, substitutes, seen, problems)
    for part in range(1, parts + 1):
        missing = [p for p in field_ids if (part, p) not in seen]
        if missing:
            problems.add(path, f"part {part} seats no table for {_some(missing)}",
                         "every player of the round needs a seat in every part; "
                         "redraw it with publisher draw --force")
    for (part, table), winds in sorted(tables.items()):
        if len(winds) < len(WINDS):
            empty = [w for w in WINDS if w not in winds]
            problems.add(path, f"table {table} of part {part} has {len(winds)} players "
                         f"({', '.join(winds.values())}): mahjong needs four at a table",
                         f"fill the empty seat{'s' if len(empty) > 1 else ''} "
                         f"({', '.join(empty)}): keep the row of the player who is missing and name "
                         "who plays for them in a substitute column (part,table,seat,player,substitute)",
                         line=min(seen[part, p] for p in winds.values()))
        _check_one_group(path, part, table, list(winds.values()), groups, seen, problems)
    if problems:
        return []
    return [
        Part(part, [
            Table(table, groups.get(winds["E"]), tuple(winds[w] for w in WINDS),  # type: ignore[arg-type]
                  substitutes.get((part, table), {}),
                  {player: seen[part, player] for player in winds.values()})
            for (p, table), winds in sorted(tables.items()) if p == part
        ])
        for part in range(1, parts + 1)
    ]


def _check_substitutes(path: Path, substitutes: dict[tuple[int, int], dict[str, str]],
                       seen: dict[tuple[int, str], int], problems: Problems) -> None:
    """A substitute plays one seat a part, and is not a player of the round seated in that part."""
    playing: dict[tuple[int, str], str] = {}
    for (part, _), owners in sorted(substitutes.items()):
        for owner, substitute in owners.items():
            line = seen[part, owner]
            if (part, substitute) in seen:
                problems.add(path, f"substitute {substitute} of {owner} plays part {part} in their own "
                             f"seat (line {seen[part, substitute]})",
                             "name someone who is not seated in this part", line=line)
            elif (part, substitute) in playing:
                problems.add(path, f"substitute {substitute} sits in for both "
                             f"{playing[part, substitute]} and {owner} in part {part}",
                             "give each empty seat a substitute of its own", line=line)
            playing[part, substitute] = owner


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


def read_scores(path: Path, field_ids: list[str], seating: list[Part], table_total: Fraction | None,
                names: dict[str, str], problems: Problems) -> Scores:
    """Read a scores file: one row per player and part; every part up to the last one named
    has a row for every player of each table entered (in round 1, of the group: groups may play
    at different times), and each table must sum to ``table_total`` (None: not checked).
    A part entered table by table, with tables still to come, is a normal state: its tables
    are listed in ``awaited`` and it counts (``play``, ``parts_scored``) once the last is in.

    A row may name the substitute who played a seat instead of its owner; it is the seat's
    score either way. An optional ``table`` column is checked against the seating.
    """
    scores = Scores(path)
    in_round = set(field_ids)
    where = {(part.number, player): table for part in seating for table in part.tables
             for player in table.seats}
    sitting_in = {(part.number, substitute): owner for part in seating for table in part.tables
                  for owner, substitute in table.substitutes.items()}
    first: dict[tuple[str, int], int] = {}
    for row in read_csv(path, required=("player", "part", "score")):
        player, part = row.get("player"), whole_number(row.get("part"))
        if part is None or not 1 <= part <= len(seating):
            problems.add(path, f"part {row.get('part')!r} is not a part of this round",
                         f"write a part number from 1 to {len(seating)}", line=row.line)
            continue
        player = sitting_in.get((part, player), player)
        if player not in in_round and (named := a_name(player, names)):
            problems.add(path, *named, line=row.line)
            player = names[player]  # read on as theirs: no knock-on "no score for" message
        if player not in in_round:
            problems.add(path, f"{player!r} is not in this round" if player else "the player is empty",
                         "use the id of a player seated in this round", line=row.line)
            continue
        table = where[part, player]
        named = row.get("table")
        if named and named != str(table.number):
            problems.add(path, f"{player} did not sit at table {named} in part {part}: line "
                         f"{table.lines[player]} of {seating_path_name(path)} seats them at table "
                         f"{table.number}", f"write table {table.number}, or correct the player",
                         line=row.line)
            continue
        score = row.decimal("score")
        if score is None:
            problems.add(path, f"score {row.get('score')!r} of {player} is not a number",
                         "write the play score like 120, -40 or 12.5", line=row.line)
            continue
        hands = _hands(row.get("hands"))
        if hands is None:
            problems.add(path, f"hands {row.get('hands')!r} are not hand values",
                         "list the values of the winning hands separated by spaces, like 64 32 24, "
                         "or write - if the player won no hands", line=row.line)
            continue
        if (player, part) in first:
            problems.add(path, f"{player} has a second score for part {part} (first on line "
                         f"{first[player, part]})", "keep one row per player and part: remove the "
                         "wrong one", line=row.line)
            continue
        first[player, part] = row.line
        scores.entries[player, part] = Entry(score, hands, row.line, bool(row.get("hands")))
    group_of = {player: table.group for table in seating[0].tables for player in table.seats}
    for group in dict.fromkeys(group_of.get(p) for p in field_ids):
        players = [p for p in field_ids if group_of.get(p) == group]
        named = max((part for (p, part) in scores.entries if group_of.get(p) == group), default=0)
        scored = 0
        for part in range(1, named + 1):
            tables = [t for t in seating[part - 1].tables if t.group == group]
            entered = [t for t in tables if any((p, part) in scores.entries for p in t.seats)]
            missing = [p for t in entered for p in t.seats if (p, part) not in scores.entries]
            if missing:
                problems.add(path, f"part {part} has no score for {_some(sorted(missing, key=players.index))}"
                             + (f" of group {group}" if group else ""),
                             f"add a row player,{part},score for each of them (0 if they scored nothing)")
            elif table_total is not None:
                for table in entered:
                    _check_table_total(path, part, table, scores, first, table_total, problems)
            if len(entered) < len(tables):
                scores.awaited.setdefault(part, []).extend(t.number for t in tables if t not in entered)
            elif not missing and scored == part - 1:
                scores.group_parts[group] = scored = part
        scores.group_parts[group] = scored
    for (player, part), entry in scores.entries.items():
        if part <= scores.group_parts[group_of.get(player)]:  # a part counts once its last table is in
            scores.play.setdefault(player, {})[part] = entry.score
            scores.hands.setdefault(player, []).extend(entry.hands)
            scores.lines.setdefault(player, []).append(entry.line)
            if not entry.hands_given:
                scores.hands_missing.setdefault(player, []).append(entry.line)
    scores.parts_scored = min(scores.group_parts.values(), default=0)
    return scores


def seating_path_name(scores: Path) -> str:
    return scores.name.replace("-scores.csv", "-seating.csv")


def _hands(cell: str) -> list[Fraction] | None:
    """The winning hands of a cell: ``64 32 24``; ``-`` or ``0``: none won; empty: not entered
    (also no hands, but :mod:`standings` asks for them where a tie needs them)."""
    if cell in ("-", "0", "−"):
        return []
    hands = [decimal_number(h) for h in cell.split()]
    if any(h is None or h <= 0 for h in hands):
        return None
    return hands  # type: ignore[return-value]


def _check_table_total(path: Path, part: int, table: Table, scores: Scores,
                       first: dict[tuple[str, int], int], table_total: Fraction,
                       problems: Problems) -> None:
    """A table whose scores do not sum to the table total has a typing mistake: name the
    table, its players, the sum, and a line that would put it right (a lost minus sign where
    that explains it, else the last of the table's lines)."""
    score = {p: scores.entries[p, part].score for p in table.seats}
    total = sum(score.values(), Fraction(0))
    if total == table_total:
        return
    lines = {p: first[p, part] for p in table.seats}
    flipped = [p for p in table.seats if score[p] and total - 2 * score[p] == table_total]
    culprit = flipped[0] if flipped else max(table.seats, key=lambda p: lines[p])
    right = score[culprit] - (total - table_total)
    hint = " (a lost minus sign?)" if flipped else ""
    problems.add(path, f"part {part}, table {table.number} ({', '.join(table.seats)}) sums to "
                 f"{signed(total)}, not {signed(table_total)}",
                 f"correct the table's scores (lines {', '.join(str(lines[p]) for p in table.seats)}); "
                 f"for example {culprit},{part},{plain(right)}{hint} on line {lines[culprit]} makes "
                 f"it sum to {signed(table_total)}", line=lines[culprit])


def plain(value: Fraction) -> str:
    """A decimal score as the organiser types it: ``-80``, ``12.5``."""
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def signed(value: Fraction) -> str:
    """A sum with its sign: ``+83``, ``-12.5``, ``0``."""
    return ("+" if value > 0 else "") + plain(value)


def _some(ids: list[str], shown: int = 8) -> str:
    text = ", ".join(ids[:shown])
    return text + (f" and {len(ids) - shown} more" if len(ids) > shown else "")

"""Round files (``rounds/<n>.csv``): who played whom at which table, and the results.

A round file is what the director edits during the event, so every mistake is
reported with its file, line and fix, and all of a file's mistakes at once.
The optional ``note`` column carries the pairing's explanation of that table
(why a player floated, why a player did not get the strategy's opponent); the
``pair`` command writes it, a director may edit or clear it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from publisher.build.kept import Kept
from publisher.content.csvfiles import Row, read_csv, whole_number
from publisher.content.folders import unread_files
from publisher.model import Event
from publisher.problems import ContentError, Problems

COLUMNS = ("table", "player1", "player2", "result")

# Every spelling of the contract, to (points of player1, points of player2, won by forfeit).
RESULTS: dict[str, tuple[float, float, bool]] = {
    "1-0": (1.0, 0.0, False),
    "0-1": (0.0, 1.0, False),
    "0.5-0.5": (0.5, 0.5, False),
    "½-½": (0.5, 0.5, False),
    "0-0": (0.0, 0.0, False),
    "1-1": (1.0, 1.0, False),
    "1-0!": (1.0, 0.0, True),
    "0-1!": (0.0, 1.0, True),
}
# The one spelling the JSON carries for each result (a draw is written 0.5-0.5).
CANONICAL = {"½-½": "0.5-0.5"}
_ROUND_FILE = re.compile(r"(0|[1-9][0-9]{0,5})\.csv")  # ASCII digits: int() would also read "١"


@dataclass(frozen=True)
class Game:
    """One row of a round file: ``black`` is player1 (Black in Go, Sente in shogi).

    ``white`` is None for a bye; ``result`` is None until the result is entered.
    """

    table: int | None
    black: str
    white: str | None
    result: str | None
    line: int = 0
    note: str = ""
    handicap: int = 0           # stones given to Black (player1); 0 for an even game
    komi: float | None = None   # None where the round file has no komi

    @property
    def is_bye(self) -> bool:
        return self.white is None

    @property
    def forfeit(self) -> bool:
        return self.result is not None and self.result.endswith("!")

    def points(self) -> tuple[float, float] | None:
        """Points of (black, white), or None while the result is missing; not for byes."""
        if self.result is None or self.is_bye:
            return None
        black, white, _ = RESULTS[self.result]
        return black, white


@dataclass
class Round:
    """One round file: its games in table order and its byes."""

    number: int
    path: Path
    games: list[Game] = field(default_factory=list)
    byes: list[Game] = field(default_factory=list)
    handicaps: bool = False  # the file has a handicap or komi column: the JSON carries them

    @property
    def pending(self) -> list[Game]:
        """Games still without a result."""
        return [g for g in self.games if g.result is None]

    @property
    def complete(self) -> bool:
        return not self.pending

    def as_json(self) -> dict:
        """``round-<n>.json`` of the contract."""
        return {
            "round": self.number,
            "pairings": [{"table": g.table, "players": [g.black, g.white], "result": g.result,
                          **({"handicap": g.handicap, "komi": g.komi} if self.handicaps else {})}
                         for g in self.games],
            "byes": [g.black for g in self.byes],
        }


def round_path(event: Event, number: int) -> Path:
    return event.rounds_dir / f"{number}.csv"


def read_rounds(event: Event, kept: Kept | None = None) -> list[Round]:
    """Every round file of the event, in order; they must be numbered 1, 2, 3... without a gap.

    A file is read again only when it changed, or when the field's ids did (``kept``)."""
    problems = Problems()
    problems.extend(unread_files(event.rounds_dir, _ROUND_FILE, "1.csv, 2.csv"))
    numbers: dict[int, Path] = {}
    if event.rounds_dir.is_dir():
        for path in sorted(event.rounds_dir.iterdir()):
            match = _ROUND_FILE.fullmatch(path.name)
            if match and path.is_file():
                numbers[int(match.group(1))] = path
    for number, path in sorted(numbers.items()):
        if number == 0 or (event.rounds is not None and number > event.rounds):
            problems.add(path, f"is round {number}, but the event has rounds 1 to {event.rounds}",
                         "rename the file or change rounds in event.toml")
        elif number > 1 and number - 1 not in numbers:
            problems.add(path, f"round {number - 1} has no file", f"add rounds/{number - 1}.csv first")
    problems.check()
    rounds = []
    ids = tuple(event.players_by_id)
    for number, path in sorted(numbers.items()):
        try:
            read = partial(read_round, event, number, path)
            rounds.append(kept.file(path, ids, read) if kept is not None else read())
        except ContentError as error:  # report every file's problems, not just the first file's
            problems.extend(error.problems)
    problems.check()
    return rounds


def read_round(event: Event, number: int, path: Path) -> Round:
    """Read one round file, checking players, tables and results row by row."""
    problems = Problems()
    known = event.players_by_id
    seen: dict[str, int] = {}
    tables: dict[int, int] = {}
    found = Round(number, path)
    rows = read_csv(path, COLUMNS)
    found.handicaps = any("handicap" in row.cells or "komi" in row.cells for row in rows[:1])
    for row in rows:
        black, white, text = row.get("player1"), row.get("player2"), row.get("result")
        line = row.line
        before = len(problems.items)
        for player in dict.fromkeys((black, white)):  # once, even if both sides name them
            if not player:
                continue
            if player not in known:
                problems.add(path, f"unknown player {player!r}", "use an id from players.csv", line=line)
            elif player in seen:
                problems.add(path, f"{player} is in this round twice (also on line {seen[player]})",
                             "give every player one row a round", line=line)
            else:
                seen[player] = line
        if not black:
            problems.add(path, "player1 is empty", "write the id of Black/Sente in player1", line=line)
        result = _result(text)
        if result is False:
            problems.add(path, f"unknown result {text!r}",
                         "write 1-0, 0-1, 0.5-0.5, ½-½, 0-0, 1-1, 1-0!, 0-1!, bye, "
                         "or leave it empty until the game is over", line=line)
        elif result == "bye" and white:
            problems.add(path, f"a bye has no opponent, but player2 is {white}",
                         "move the game to its own row, or clear player2", line=line)
        elif result != "bye" and not white:
            problems.add(path, f"player2 is empty, so {black or 'player1'} has no opponent"
                         + (f" and {text!r} cannot be a result" if text else ""),
                         "for a bye write bye in result (table and player2 stay empty); for a "
                         "game write the opponent's id in player2", line=line)
        elif white and white == black:
            problems.add(path, f"{black} plays against themselves", "correct player2", line=line)
        # A row without player2 is a bye, however its result was typed: no table to ask for.
        table = _table(row.get("table"), result == "bye" or not white)
        if table is False:
            problems.add(path, f"table {row.get('table')!r} is not a table number",
                         "write a whole number from 1 up", line=line)
        elif isinstance(table, int) and table in tables:
            problems.add(path, f"table {table} is used twice (also on line {tables[table]})",
                         "give every game its own table", line=line)
        elif isinstance(table, int):
            tables[table] = line
        handicap, komi = _handicap(row, path, line, problems), _komi(row, path, line, problems)
        if len(problems.items) > before:
            continue
        assert result is not False and table is not False
        game = Game(table, black, white or None, None if result in ("", "bye") else result, line,
                    row.get("note"), handicap or 0, komi)
        (found.byes if result == "bye" else found.games).append(game)
    problems.check()
    return found


def check_withdrawals(rounds: list[Round], withdrawn: Mapping[str, int]) -> None:
    """Refuse a round file that seats a player after the last round they played.

    ``withdrawn`` is ``[macmahon] withdrawn`` of event.toml: player id to last round played.
    """
    problems = Problems()
    for rnd in rounds:
        for game in sorted([*rnd.games, *rnd.byes], key=lambda g: g.line):
            for player in (game.black, game.white):
                last = withdrawn.get(player or "")
                if last is not None and last < rnd.number:
                    problems.add(rnd.path, f"{player} withdrew after round {last} "
                                 f"([macmahon] withdrawn in event.toml) but is in round {rnd.number}",
                                 f"remove this file and pair round {rnd.number} again, or, if {player} "
                                 f"played round {rnd.number}, write {player} = {rnd.number} in withdrawn",
                                 line=game.line)
    problems.check()


def _handicap(row: Row, path: Path, line: int, problems: Problems) -> int | None:
    """The ``handicap`` cell: stones given to player1, 0 or empty for an even game."""
    text = row.get("handicap")
    if not text:
        return 0
    number = whole_number(text)
    if number is None or number > 9:
        problems.add(path, f"handicap {text!r} is not a handicap",
                     "write the stones Black receives, 0 (an even game) to 9", line=line)
    return number


def _komi(row: Row, path: Path, line: int, problems: Problems) -> float | None:
    """The ``komi`` cell: points White receives, in halves (6.5, 0.5, 0, -0.5); empty: not said."""
    text = row.get("komi")
    if not text:
        return None
    number = row.decimal("komi")
    if number is None or (2 * number).denominator != 1 or abs(number) > 100:
        problems.add(path, f"komi {text!r} is not a komi", "write it in whole or half points, "
                     "like 6.5, 0.5 or 0", line=line)
        return None
    return float(number)


def check_absences(rounds: list[Round], absent: Mapping[str, frozenset[int]]) -> None:
    """Refuse a round file that seats a player in a round players.csv says they miss."""
    problems = Problems()
    for rnd in rounds:
        for game in sorted([*rnd.games, *rnd.byes], key=lambda g: g.line):
            for player in (game.black, game.white):
                if player and rnd.number in absent.get(player, ()):
                    problems.add(rnd.path, f"{player} is absent in round {rnd.number} (the absent "
                                 "column of players.csv) but is in this round",
                                 f"remove {rnd.number} from their absent rounds if they play, or "
                                 f"remove this file and pair round {rnd.number} again", line=game.line)
    problems.check()


def _result(text: str) -> str | bool:
    """The canonical result, ``"bye"``, ``""`` for a missing result, or False if unreadable."""
    spelled = text.replace(" ", "").replace("–", "-")
    if spelled.lower() == "bye":
        return "bye"
    if not spelled:
        return ""
    if spelled in RESULTS:
        return CANONICAL.get(spelled, spelled)
    return False


def _table(text: str, bye: bool) -> int | bool | None:
    """The table number; None where a bye row leaves it empty; False if unreadable."""
    if not text:
        return None if bye else False
    number = whole_number(text)
    return number if number else False

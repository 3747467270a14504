"""The EGD results format (``.h9``): header lines ``; KEY[value]``, then one line a player.

A player line holds the place (which the round cells use to name the opponent), the
name as ``Surname Firstname`` (spaces inside either part written ``_``), the rank,
the country, the club, the placement criteria and one cell a round:
``12+/w0`` beat the player of line 12 with White in an even game, ``7-/b2`` lost
with Black taking two stones, ``5=/w0`` jigo, ``3+!/b0`` (OpenGotha: ``3+!b0``) won by default, ``0+`` a
bye, ``0=`` a round without a game. A place is left blank on the lines of players
who share the place above (OpenGotha); the cells still count such a line as the
next number. A line may end with ``|`` and the player's EGD PIN. The EGD reads these
files in ISO-8859-15.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ENCODING = "iso-8859-15"
HEADER = re.compile(r"^;\s*([A-Z]{2})\[(.*)\]\s*$")
# The comment line that names the criteria columns, and the one that gives the McMahon bar
# and floor (the EGD skips comments; the import reads them back).
COLUMNS_LINE = re.compile(r"^;\s*Pl\s+Name\s+Rk\s+Co\s+Club\s*(.*)$")
BAR_FLOOR_LINE = re.compile(r"^;\s*McMahon bar (\w+), floor (\w+)\s*$")
# A comment with the [macmahon] settings of the scores the format has no line for, as a TOML
# inline table: ``; Scores {zero_point = "30k", absent_score = 0.5}``.
SCORES_LINE = re.compile(r"^;\s*Scores (\{.*\})\s*$")
SCORE_SETTINGS = ("zero_point", "bye_score", "absent_score", "bye_wins", "absent_wins", "round_down",
                  "sos_unplayed")
# OpenGotha writes a game won by default as ``22+!w0``: the ``!`` takes the place of ``/``.
CELL = re.compile(r"^(\d{1,4})([+\-=?])(!?)(?:(?:/|(?<=!))([wbWB])(\d)?)?(!?)$")


@dataclass(frozen=True)
class Cell:
    """One round of one player: ``opponent`` is a place (0: no game), ``result`` +, -, = or ?."""

    opponent: int
    result: str
    colour: str = ""       # "w", "b" or "" when unknown
    handicap: int = 0
    forfeit: bool = False

    def __str__(self) -> str:
        text = f"{self.opponent}{self.result}{'!' if self.forfeit else ''}"
        return text + (f"/{self.colour}{self.handicap}" if self.colour else "")


def parse_cell(text: str) -> Cell | None:
    match = CELL.match(text)
    if not match:
        return None
    opponent, result, bang1, colour, handicap, bang2 = match.groups()
    return Cell(int(opponent), result, (colour or "").lower(), int(handicap or 0), bool(bang1 or bang2))


@dataclass
class Line:
    """One player's line of a results file."""

    place: int
    surname: str
    first_name: str
    rank: str
    country: str
    club: str
    criteria: list[str]
    cells: list[Cell]
    number: int = 0   # the line in the file
    shown_place: int = 0   # the place written (or shared with the line above)
    pin: str = ""     # the EGD PIN after a ``|``


def h9_name(surname: str, first_name: str) -> str:
    """``Surname Firstname`` with the spaces of each part written as ``_``."""
    return f"{surname.strip().replace(' ', '_')} {first_name.strip().replace(' ', '_')}".strip()


def format_line(line: Line, criteria_width: int = 6) -> str:
    """A player line in the fixed columns OpenGotha and the EGD use."""
    name = h9_name(line.surname, line.first_name)
    text = (f"{line.place:>4} {name:<30} {line.rank:>3} {(line.country or 'XX')[:2]:>2} "
            f"{(line.club or 'xxxx')[:4].replace(' ', '_'):>4}")
    text += "".join(f"{c:>{criteria_width}}" for c in line.criteria)
    return text + "".join(f" {c!s:>8}" for c in line.cells)

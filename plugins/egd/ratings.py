"""The EGF rating list as OpenGotha reads it: ``allworld_lp.html`` of the EGD's downloads.

The file is a web page (ISO-8859-15) whose ``<pre>`` block lists every player of the
European Go Database, one a line, in fixed columns::

    <b>
       PIN          Name                              Club     Grade P&D    GoR    NT appearance
    </b>
     13633719  Aagren Thomas                         SE  Upp     6k   --   1484     1  T040529C

Counted from 0: the PIN in columns 1-8, the name in 11-47 (``Surname Firstname``, spaces
inside either part written ``_``; a surname ``(undefined)`` is none), the country in 49-50
(``XX``: none), the club in 53-56 (``xxx`` or ``xxxx``: none), the grade in 60-62 and the
GoR in 71-74, both right-aligned; then the suggested promotion, the number of tournaments
and the last one. The date of the list stands alone on a line near the top,
``(29 Nov 2018)``. Every other line is the page's text and markup; a line that starts with
a number is a player's, and must be read whole: a list cut or shifted by an editor is
named at its first bad line, not read half.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from plugins.egd.h9 import ENCODING
from publisher.content.csvfiles import RATING
from publisher.problems import ContentError, Problem
from publisher.ranks import Rank

_PLAYER_LINE = re.compile(r"^\s*[0-9]")
_DATE_LINE = re.compile(r"^\s*\(([0-9]{1,2} [A-Za-z]{3,9} [0-9]{4})\)\s*$")
_COLUMNS = "PIN at columns 2-9, name at 12, country at 50, club at 54, grade ending at 63, GoR ending at 75"
_FIX = "download the list again from the EGD (allworld_lp.html) and pass it as it came"
NO_COUNTRY, NO_CLUB = "XX", {"xxx", "xxxx"}
UNKNOWN_SURNAME = "(undefined)"  # the EGD's word where it has only a first name


@dataclass(frozen=True)
class RatedPlayer:
    """A player as the list gives them; ``country`` and ``club`` are empty where it has none."""

    pin: str
    surname: str
    first_name: str
    country: str
    club: str
    rank: Rank
    gor: int
    line: int

    @property
    def name(self) -> str:
        """The name as the importers write it: ``Surname Firstname``."""
        return f"{self.surname} {self.first_name}".strip()


@dataclass(frozen=True)
class RatingList:
    """The players of a list by their 8-digit PIN, and the date the list was made (or "")."""

    path: Path
    date: str
    players: dict[str, RatedPlayer]

    def describe(self) -> str:
        """The list as the commands name it: which file, of which day, how many players."""
        dated = f" of {self.date}" if self.date else ""
        return f"the EGF rating list{dated} ({self.path}, {len(self.players):,} players)"


def egd_pin(text: str) -> str | None:
    """A PIN as players.csv and the command line may write it, as the list writes it:
    8 digits. Empty or ``0`` is no PIN (None); anything else raises ValueError."""
    text = text.strip()
    if not text or re.fullmatch(r"0+", text):
        return None
    if not re.fullmatch(r"[0-9]{1,8}", text):
        raise ValueError(f"{text!r} is not an EGD PIN (up to 8 digits, like 13633719)")
    return text.zfill(8)


def read_rating_list(path: Path) -> RatingList:
    """Read the list; ContentError names the file and the first line that cannot be read."""
    text = _decode(path)
    date = ""
    players: dict[str, RatedPlayer] = {}
    for number, line in enumerate(text.splitlines(), 1):
        dated = _DATE_LINE.match(line)
        if dated and not date:
            date = dated.group(1)
        if not _PLAYER_LINE.match(line):
            continue
        player = _player(path, line, number)
        if player.pin in players:
            raise ContentError(Problem(path, f"PIN {player.pin} is on two lines (also line "
                                       f"{players[player.pin].line})", _FIX, line=number))
        players[player.pin] = player
    if not players:
        raise ContentError(Problem(path, "has no player lines, so it is not the EGF rating list",
                                   "pass the list downloaded from the EGD (allworld_lp.html)"))
    return RatingList(path, date, players)


def _decode(path: Path) -> str:
    """The list's text: ISO-8859-15 as the EGD serves it, or UTF-8 where an editor saved it again."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ContentError(Problem(path, f"cannot be read: {exc.strerror or exc}",
                                   "check the path of the rating list")) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode(ENCODING)


def _player(path: Path, line: str, number: int) -> RatedPlayer:
    """One player's line, read at the list's fixed columns, every field checked."""
    def refuse(what: str) -> ContentError:
        return ContentError(Problem(path, f"{what}; a player's line has the {_COLUMNS}", _FIX, line=number))

    pin, gaps = line[1:9], (line[:1], line[9:11], line[48:49], line[51:53], line[57:60])
    if not re.fullmatch(r"[0-9]{8}", pin) or any(gap.strip() for gap in gaps):
        raise refuse("the line is not in the list's columns")
    surname, _, first_name = line[11:48].strip().partition(" ")
    surname = "" if surname == UNKNOWN_SURNAME else surname
    country, club = line[49:51], line[53:57].strip()
    if not re.fullmatch(r"[A-Za-z]{2}", country) or not club or " " in club:
        raise refuse(f"the country {country!r} or club {club!r} is not where it belongs")
    try:
        rank = Rank.parse(line[60:63])
    except ValueError as exc:
        raise refuse(f"the grade: {exc}") from None
    gor = RATING.read(line[71:75].strip())
    if gor is None:
        raise refuse(f"the GoR {line[71:75].strip()!r} is not {RATING}")
    return RatedPlayer(pin, surname.replace("_", " ").strip(), first_name.replace("_", " ").strip(),
                       "" if country.upper() == NO_COUNTRY else country.upper(),
                       "" if club.lower() in NO_CLUB else club, rank, gor, number)

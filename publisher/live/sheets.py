"""What a system plugin hands the results desk: one round's result sheet (the interface of the
hook ``publisher_results_sheet``).

The desk (:mod:`publisher.live.desk`) knows no game: it reads the round's result file, asks
the sheet for the file's new text with one table's result in it, has the sheet read that
text as the build would, and writes it in place. The sheet knows the round file's columns,
its players and its checks; the desk knows files, locks, tokens and HTTP.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class EntryRefused(Exception):
    """An entry the desk cannot write, with the HTTP status that says why: 400 for a request
    not shaped as the API says, 404 for a table the round does not have, 422 for a result
    the build would refuse (``message`` is then the build's own line)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Change:
    """The result file's new text, and what the desk log says of it: the table (``"7"``, or
    ``"part 2 table 7"``), its value before and after, as the round file writes them."""

    text: str
    table: str
    old: str
    new: str


@dataclass(frozen=True)
class Edit:
    """One file of the championship with its new text, for an action of the day (a withdrawal,
    a late player): the desk checks the championship with it as the build reads it, then
    writes it in place unless the file changed meanwhile."""

    path: Path
    text: str


class ResultSheet(ABC):
    """One round's results as the desk enters them, a table at a time.

    ``kind`` names the shape of an entry and of a table: ``"result"`` (Go and shogi: one
    result per table, ``{"table": 7, "result": "1-0"}``) or ``"scores"`` (mahjong: a score per
    seat and, optionally, the hands, ``{"table": 7, "part": 2, "scores": [...], "hands": [...]}``).
    """

    kind: str

    def __init__(self, number: int, path: Path):
        self.number = number  # the round
        self.path = path      # the file the round's results are written to

    @abstractmethod
    def tables(self) -> list[dict[str, Any]]:
        """The round's tables with their players and what is entered, JSON-ready::

            {"table": 7, "players": [{"id": "s017", "name": "...", "seat": "Black"}],
             "result": "1-0" or None}                           # kind "result"
            {"part": 2, "table": 7, "players": [... four, E S W N ...],
             "scores": ["120", "-40", ...] or None, "hands": ["64 32", "-", ...] or None}
        """

    @abstractmethod
    def enter(self, text: str, entry: dict[str, Any]) -> Change:
        """The result file's text (``""`` when it does not exist yet) with ``entry`` written into
        its table's rows and nothing else changed. Raise :class:`EntryRefused` for an entry that
        is malformed (400) or names no table of the round (404)."""

    @abstractmethod
    def check(self, path: Path) -> None:
        """Read ``path``, a candidate text of the result file, with the build's readers and
        checks; raise :class:`publisher.problems.ContentError` with the build's problems."""

    def next_round(self) -> str | None:
        """What the desk's button for the round after this one says ("Pair round 7"), while
        the system can make it from here (this is the latest round, the event goes on); None
        for a system whose rounds the desk does not make."""
        return None

    def withdrawal(self, read: Callable[[Path], str], player: str, reason: str) -> list[Edit]:
        """The files that withdraw ``player`` from the rounds after this one, as the director
        writes them (``read(path)`` gives a file's current text, ``""`` if it does not exist).
        Raise :class:`EntryRefused` (409) where the system's files cannot say it from here."""
        raise EntryRefused(404, "the desk does not withdraw players of this system: edit its files")

    def make_next_round(self) -> str:
        """Make the next round as the system's own command does (``pair``, ``draw``), writing
        the same file, and return what the command prints; raise
        :class:`publisher.problems.ContentError` with the command's refusal (a result missing)."""
        raise EntryRefused(404, "the desk does not make this system's rounds: use its command")

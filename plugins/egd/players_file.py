"""players.csv changed in place: rows appended, cells of some rows set, every other byte kept.

Directors keep players.csv in a spreadsheet or an editor, with columns and quoting of their
own. A command that adds or refreshes players writes only what it changes: a column it needs
is added at the end of the header (rows without the cell read as empty, as a spreadsheet's
short rows do), a changed row is written again from its own cells with the new values, a new
row goes at the end; the byte-order mark, the ``sep=`` line, the separator and the line ends
stay the file's own. The file is read and checked first with the build's reader, so a command
never edits a file the build would refuse.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from publisher.build.output import write_atomically
from publisher.content.csvfiles import separator
from publisher.content.folders import read_players
from publisher.content.textfiles import read_text
from publisher.model import Player
from publisher.problems import ContentError, Problem

_BOM = b"\xef\xbb\xbf"


@dataclass
class Record:
    """One CSV record of the file: its lines (1-based, ``first`` to ``last``) and raw cells."""

    first: int
    last: int
    cells: list[str]


@dataclass
class PlayersFile:
    """A players.csv as read, with the edits made to it so far; :meth:`data` is the new file."""

    path: Path
    original: bytes
    lines: list[str]  # the file's lines with their ends, the byte-order mark left out
    separator: str
    newline: str
    header: Record
    records: dict[int, Record]  # by their first line, as Player.line names them
    players: list[Player]
    added: list[list[str]] = field(default_factory=list)

    @classmethod
    def new(cls, path: Path, columns: list[str]) -> PlayersFile:
        """A players.csv that does not exist yet: only its header, written when rows are added."""
        text = ",".join(columns) + "\n"
        return cls(path, b"", [text], ",", "\n", Record(1, 1, list(columns)), {}, [])

    @classmethod
    def read(cls, path: Path) -> PlayersFile:
        """Read and check players.csv (as the build does), and keep its lines to edit."""
        original = path.read_bytes()  # what write() finds again, or someone saved the file since
        players = read_players(path)
        text = read_text(path)
        sep, readable = separator(text)
        records = _records(readable, sep)
        header = next(r for r in records if "".join(r.cells).strip())
        # Lines as the csv reader counts them (\n, \r, \r\n), not as str.splitlines, which also
        # breaks at \v, \f and U+2028 that a cell may hold.
        return cls(path, original, io.StringIO(text, newline="").readlines(), sep,
                   "\r\n" if "\r\n" in text else "\n", header,
                   {r.first: r for r in records if r.first > header.last}, players)

    def names(self) -> list[str]:
        """The header's column names as the reader reads them (lower case, stripped)."""
        return [cell.strip().lower() for cell in self.header.cells]

    def column(self, name: str) -> int:
        """The position of column ``name``, added at the end of the header if it is missing."""
        names = self.names()
        if name not in names:
            self.header.cells.append(name)
            self._replace(self.header)
            return len(names)
        return names.index(name)

    def append(self, values: dict[str, str]) -> str:
        """Add a row at the end; returns it as it will be written."""
        places = {self.column(name): value for name, value in values.items()}
        cells = [places.get(i, "") for i in range(len(self.header.cells))]
        self.added.append(cells)
        return self._line(cells).rstrip("\r\n")

    def set(self, player: Player, values: dict[str, str]) -> None:
        """Write ``values`` into the player's row; its other cells stay as they are."""
        record = self.records[player.line]
        for name, value in values.items():
            at = self.column(name)
            record.cells += [""] * (at + 1 - len(record.cells))
            record.cells[at] = value
        self._replace(record)

    def data(self) -> bytes:
        """The file with every edit: the lines kept or replaced, then the added rows."""
        text = "".join(self.lines)
        if self.added and text and not text.endswith(("\n", "\r")):
            text += self.newline
        text += "".join(self._line(cells) for cells in self.added)
        return (_BOM if self.original.startswith(_BOM) else b"") + text.encode("utf-8")

    def write(self) -> None:
        """Replace players.csv in one step, unless someone saved it since it was read: their
        save would be lost (a spreadsheet left open at the desk)."""
        now = self.path.read_bytes() if self.path.exists() else b""
        if now != self.original:
            raise ContentError(Problem(self.path, "changed while the command ran; nothing was written",
                                       "save and close the file in your spreadsheet, then run the command "
                                       "again"))
        write_atomically(self.path, self.data())

    def _replace(self, record: Record) -> None:
        """Put the record's cells in place of its lines (a record may span lines in quotes)."""
        ending = self.lines[record.last - 1][len(self.lines[record.last - 1].rstrip("\r\n")):]
        line = self._line(record.cells).removesuffix(self.newline) + (ending or "")
        self.lines[record.first - 1:record.last] = [line] + [""] * (record.last - record.first)

    def _line(self, cells: list[str]) -> str:
        out = io.StringIO()
        csv.writer(out, delimiter=self.separator, lineterminator=self.newline).writerow(cells)
        return out.getvalue()


def _records(text: str, separator: str) -> list[Record]:
    """Every record of the text with the lines it spans, its cells as written (not stripped)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    records, first = [], 1
    for cells in reader:
        records.append(Record(first, reader.line_num, cells))
        first = reader.line_num + 1
    return records

"""Reading the organiser's CSV files with line numbers, and the numbers typed into them.

Every CSV of the contract (players, rounds, seatings, scores) goes through
:func:`read_csv`; plugins use it for their own files too. Every number an
organiser types, in a CSV cell or in event.toml, is read by :func:`whole_number`,
:func:`decimal_number` or a :class:`Bounds`, so a typo never reaches a page.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from publisher.content.textfiles import read_text
from publisher.problems import ContentError, Problem


@dataclass(frozen=True)
class Row:
    """One data row: its cells by column name (stripped) and its line in the file."""

    line: int
    cells: dict[str, str]
    decimal_comma: bool = False  # the file is separated by semicolons or tabs: 12,5 is 12.5

    def get(self, column: str) -> str:
        return self.cells.get(column, "") or ""

    def decimal(self, column: str) -> Fraction | None:
        """The cell as a plain decimal (see :func:`decimal_number`), or None.

        A spreadsheet that saves with semicolons writes decimals with a comma (``12,5``);
        in such a file the comma is the decimal point. In a comma-separated file a comma
        inside a number is a typo, not a decimal point.
        """
        text = self.get(column)
        return decimal_number(text.replace(",", ".") if self.decimal_comma else text)


_WHOLE = re.compile(r"[0-9]{1,9}")
_DECIMAL = re.compile(r"[-−]?[0-9]{1,12}(?:\.[0-9]{1,12})?")


def whole_number(text: str) -> int | None:
    """A cell that must hold a whole number (a table, a part): ASCII digits only, or None.

    ``str.isdigit`` also accepts ``²`` and ``①``, which ``int`` then refuses.
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def decimal_number(text: str) -> Fraction | None:
    """A cell with a plain decimal (a score: ``120``, ``-40``, ``12.5``), exactly, or None.

    No exponents, infinities or thousands: what a score sheet holds, nothing a typo makes.
    """
    return Fraction(text.replace("−", "-")) if _DECIMAL.fullmatch(text) else None


# A line break, tab, form feed or Unicode line separator inside a cell is a space in a name:
# spreadsheets write Alt+Enter as a line break inside quotes.
_CELL_SPACE = re.compile(r"[\t\n\r\x0b\x0c\u2028\u2029]+")
# What a file holds if some cell may hold one of those: a line break is inside a cell only
# within quotes.
_SPACED = re.compile(r'["\t\x0b\x0c\u2028\u2029]')


@dataclass(frozen=True)
class Bounds:
    """What a whole number the organiser types may be, from ``low`` to ``high``.

    ``rounds = 9223372036854775807`` is a valid TOML integer and a typo: the bound keeps
    it off the pages, and ``str(bounds)`` puts the bound into the problem's message.
    """

    low: int
    high: int

    def read(self, value: object) -> int | None:
        """A TOML integer or a cell of ASCII digits (``-`` allowed) within the bounds, or None."""
        if isinstance(value, str):
            value = int(value) if _SIGNED.fullmatch(value) else None
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        return value if self.low <= value <= self.high else None

    def __str__(self) -> str:
        return f"a whole number from {self.low} to {self.high}"


_SIGNED = re.compile(r"-?[0-9]{1,9}")
ROUNDS = Bounds(1, 99)  # of a McMahon or Swiss event, or of a group's moves
FIELD = Bounds(1, 100_000)  # players: group sizes, the top group, cuts
RATING = Bounds(-1000, 4000)  # Elo and EGD GoR (a 30k has about -900)
PLACE = Bounds(1, 100_000)  # a final place, like esc_rank


def read_csv(path: Path, required: tuple[str, ...] = (), text: str | None = None) -> list[Row]:
    """Read a UTF-8 CSV file with a header row, separated by commas (or semicolons or tabs).

    Blank lines are skipped; header names are lower-cased and stripped so that
    ``ID`` and `` id`` are the same column; columns without a name (the empty
    columns a spreadsheet leaves at the end of a row) are left out. A line break inside a quoted cell
    becomes a space. Raises :class:`ContentError` for an unreadable or non-UTF-8
    file, a missing or repeated header column, missing required columns, a quote
    that is never closed (at the line it opened) or a row with more cells than
    the header has. A row's ``line`` is the line it starts on. ``text``, when given, is read
    as the file's text instead of the file (the results desk reads the text it will write).
    """
    sep, text = separator(read_text(path) if text is None else text.removeprefix("\ufeff"))
    decimal_comma = sep != ","
    # Without a quote, a tab or an odd line break anywhere, no cell holds a space to mend.
    mend = _SPACED.search(text) is not None
    header: list[str] | None = None
    rows: list[Row] = []
    problems: list[Problem] = []
    for line, cells in _records(path, text, sep):
        if not "".join(cells).strip():  # no cell holds more than spaces
            continue
        if header is None:
            header = [_CELL_SPACE.sub(" ", cell).strip().lower() for cell in cells]
            _check_header(path, header, required, line)
            continue
        if len(cells) > len(header):
            problems.append(Problem(
                path, f"has {len(cells)} cells but the header names {len(header)}",
                "remove the extra commas or quote a value that contains a comma"
                + ("; a quote on this line may be missing its closing quote"
                   if any("\n" in c for c in cells) else ""),
                line=line))
            continue
        cells += [""] * (len(header) - len(cells))
        if mend:
            cells = [_CELL_SPACE.sub(" ", c) for c in cells]
        named = dict(zip(header, map(str.strip, cells), strict=True))
        named.pop("", None)  # the columns without a name
        rows.append(Row(line, named, decimal_comma))
    if header is None:
        problems.append(Problem(path, "is empty", f"start it with a header row: {','.join(required)}"))
    if problems:
        raise ContentError(problems)
    return rows


# The first line Excel reads (and writes, when asked) to name a CSV file's separator.
_SEP_LINE = re.compile(r"sep=([,;\t|])[ \t]*\r?\n", re.IGNORECASE)


def separator(text: str) -> tuple[str, str]:
    """The separator of a CSV text, and the text its records are read from.

    Excel's first line ``sep=;`` names the separator; it is blanked, so the header is read on the
    next line and every line keeps its number. Without it the header line decides (:func:`delimiter`).
    """
    hint = _SEP_LINE.match(text)
    if hint:
        return hint.group(1), "\n" + text[hint.end():]
    return delimiter(text), text


def delimiter(text: str) -> str:
    """The separator of a CSV text, read from its header line: ``,``, ``;`` or a tab.

    A spreadsheet set to a language that writes decimals with a comma (German, French,
    Croatian Excel) saves "CSV" with semicolons; a header line holding more semicolons
    (or tabs) than commas is such a file. The header decides, so a comma inside a
    player's name further down stays part of the name.
    """
    header = next((line for line in text.splitlines() if line.strip(" ,;\t")), "")
    outside = re.sub(r'"[^"]*"', "", header)
    counts = {sep: outside.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] > counts[","] else ","


def _records(path: Path, text: str, sep: str) -> list[tuple[int, list[str]]]:
    """Every CSV record with the line it starts on; a quote left open is an error at its line.

    Python's reader, when not strict, reads an unclosed quote to the end of the file
    without a word; a strict reading of the same text finds it.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    records: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for cells in reader:
            records.append((start, cells))
            start = reader.line_num + 1
    except csv.Error:  # past read_text (no NUL), what a lenient reader refuses: a cell past the limit
        raise ContentError(Problem(
            path, f"a cell that starts on this line is longer than {csv.field_size_limit():,} characters",
            'close the quote (") that opens it if it is never closed, or shorten the cell',
            line=start)) from None
    if '"' in text:
        strict = csv.reader(io.StringIO(text, newline=""), delimiter=sep, strict=True)
        start = 1
        try:
            for _ in strict:
                start = strict.line_num + 1
        except csv.Error as exc:
            if "unexpected end of data" in str(exc):
                raise ContentError(Problem(
                    path, "a quote (\") opened on this line is never closed, so the rest of the "
                    "file would be one cell", 'close the quote, or remove it: write "Kim, Ana" '
                    "with a quote on each side", line=start)) from None
    return records


def _check_header(path: Path, header: list[str], required: tuple[str, ...], line: int) -> None:
    problems: list[Problem] = []
    missing = [c for c in required if c not in header]
    if missing:
        problems.append(Problem(
            path, f"the header has no column {', '.join(missing)}",
            f"add the column(s) to the first line; required: {', '.join(required)}", line=line))
    seen: set[str] = set()
    for name in header:
        if name and name in seen:
            places = ", ".join(str(i) for i, h in enumerate(header, 1) if h == name)
            problems.append(Problem(
                path, f"the header names the column {name!r} more than once (columns {places})",
                "keep one column of each name: rename or delete the others", line=line))
        seen.add(name)
    if problems:
        raise ContentError(problems)

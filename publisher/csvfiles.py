"""Reading the organiser's CSV files with line numbers, so every problem can name its line.

Every CSV of the contract (players, rounds, seatings, scores) goes through
:func:`read_csv`; plugins use it for their own files too.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from publisher.problems import ContentError, Problem


@dataclass(frozen=True)
class Row:
    """One data row: its cells by column name (stripped) and its line in the file."""

    line: int
    cells: dict[str, str]

    def get(self, column: str) -> str:
        return self.cells.get(column, "") or ""


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


def read_csv(path: Path, required: tuple[str, ...] = ()) -> list[Row]:
    """Read a UTF-8 CSV file with a header row.

    Blank lines are skipped; header names are lower-cased and stripped so that
    ``ID`` and `` id`` are the same column. Raises :class:`ContentError` for an
    unreadable file, a missing header, missing required columns or a row with
    more cells than the header has.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ContentError(Problem(
            path, f"is not UTF-8 text (byte {exc.start})",
            "save the file as CSV UTF-8 from your spreadsheet")) from None
    except OSError as exc:
        raise ContentError(Problem(path, f"cannot be read: {exc.strerror}")) from None
    reader = csv.reader(text.splitlines())
    header: list[str] | None = None
    rows: list[Row] = []
    problems: list[Problem] = []
    try:
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            if header is None:
                header = [cell.strip().lower() for cell in cells]
                missing = [c for c in required if c not in header]
                if missing:
                    raise ContentError(Problem(
                        path, f"the header has no column {', '.join(missing)}",
                        f"add the column(s) to the first line; required: {', '.join(required)}",
                        line=reader.line_num))
                continue
            if len(cells) > len(header):
                problems.append(Problem(
                    path, f"has {len(cells)} cells but the header names {len(header)}",
                    "remove the extra commas or quote a value that contains a comma",
                    line=reader.line_num))
                continue
            padded = cells + [""] * (len(header) - len(cells))
            rows.append(Row(reader.line_num, {h: c.strip() for h, c in zip(header, padded, strict=True)}))
    except csv.Error as exc:
        problems.append(Problem(path, f"is not valid CSV: {exc}", "check the quotes on this line",
                                line=reader.line_num))
    if header is None:
        problems.append(Problem(path, "is empty", f"start it with a header row: {','.join(required)}"))
    if problems:
        raise ContentError(problems)
    return rows

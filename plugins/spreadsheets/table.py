"""CSV files for spreadsheets: what a page shows, as a file Excel and LibreOffice open right.

UTF-8 with a byte-order mark (without it Excel reads UTF-8 as the local code page and
mangles every accented name); a cell that a spreadsheet would run as a formula (one
starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets a leading
apostrophe, unless it is a plain number such as ``-1.5``, which stays a number.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")


def neutralised(value: Any) -> str:
    """A cell as text, made inert if a spreadsheet would read it as a formula."""
    text = "" if value is None else str(value)
    if text.startswith(_FORMULA_START) and not _NUMBER.match(text):
        return "'" + text
    return text


def spreadsheet_csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """The bytes of a CSV download: BOM, header, rows, CRLF line ends, the same every build."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([neutralised(h) for h in header])
    writer.writerows([neutralised(cell) for cell in row] for row in rows)
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")

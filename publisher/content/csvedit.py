"""Changing some rows of an organiser's CSV file and leaving every other byte as it was.

The results desk writes a table's result into the same ``rounds/<n>.csv`` the director
edits: the file keeps its separator (``sep=;`` line, semicolons or tabs), its line ends,
its byte-order mark, its comments in other columns and every other row's spelling, so a
``diff`` of the file shows the one line that changed. Rows are named by the line they
start on, as :func:`publisher.content.csvfiles.read_csv` numbers them.
"""

from __future__ import annotations

import csv
import io
import re

from publisher.content.csvfiles import separator

# A physical line with its end, as Python's csv module splits them (\r\n, \r or \n).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def edit_csv(text: str, changes: dict[int, dict[str, str]], added: list[dict[str, str]]) -> str:
    """``text`` with the cells of ``changes`` (row line -> column -> new value) replaced and the
    rows of ``added`` (column -> value) appended, in the file's own separator and line ends.

    Columns are named as the header names them (lower case, stripped); a column the header
    lacks is a ``KeyError`` (the caller refuses the entry before that). Only the changed
    records are written again; a record spanning several lines (a quoted line break) is
    replaced whole.
    """
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    body = text[len(bom):]
    sep, scan = separator(body)
    lines = _LINE.findall(body)
    newline = next((line[len(line.rstrip("\r\n")):] for line in lines if line.endswith(("\n", "\r"))), "\n")
    header: dict[str, int] | None = None
    start = 1
    reader = csv.reader(io.StringIO(scan, newline=""), delimiter=sep)
    replaced: dict[int, tuple[int, str]] = {}  # first line -> (last line, new record)
    for cells in reader:
        end = reader.line_num
        if header is None and "".join(cells).strip():
            header = {name.strip().lower(): i for i, name in enumerate(cells)}
        elif start in changes and header is not None:
            cells = cells + [""] * (len(header) - len(cells))
            for column, value in changes[start].items():
                cells[header[column]] = value
            replaced[start] = (end, _record(cells, sep))
        start = end + 1
    if header is None:
        raise ValueError("a CSV text without a header row")
    missing = set(changes) - set(replaced)
    if missing:
        raise ValueError(f"no record starts on line {min(missing)}")
    out: list[str] = []
    number = 1
    while number <= len(lines):
        if number in replaced:
            end, record = replaced[number]
            last = lines[end - 1]
            out.append(record + last[len(last.rstrip("\r\n")):])
            number = end + 1
        else:
            out.append(lines[number - 1])
            number += 1
    if added and out and not out[-1].endswith(("\n", "\r")):
        out[-1] += newline
    width = max(header.values()) + 1
    for row in added:
        cells = [""] * width
        for column, value in row.items():
            cells[header[column]] = value
        out.append(_record(cells, sep) + newline)
    return bom + "".join(out)


def header_of(text: str) -> list[str]:
    """The column names of a CSV text as :func:`publisher.content.csvfiles.read_csv` names them
    (lower case, stripped); none for a text without a header row."""
    sep, scan = separator(text.removeprefix("\ufeff"))
    for cells in csv.reader(io.StringIO(scan, newline=""), delimiter=sep):
        if "".join(cells).strip():
            return [name.strip().lower() for name in cells]
    return []


def _record(cells: list[str], sep: str) -> str:
    """One record in the file's separator, quoted only where a cell needs it (a line break
    inside a cell too, which the writer quotes only when it ends its own lines with one)."""
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=sep, lineterminator="\r\n").writerow(cells)
    return buffer.getvalue().removesuffix("\r\n")

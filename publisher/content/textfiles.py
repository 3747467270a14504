"""Reading the organiser's text files (CSV, TOML, Markdown): UTF-8 text, or one clear refusal.

Every content file is read through :func:`read_text`, so a file saved in another
encoding, a file the publisher may not read and a file with binary bytes in it
are told alike, with the line and the fix, whichever reader met them.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from publisher.problems import ContentError, Problem

# Control characters have no place in a name or a setting: C0 except tab and line ends,
# DEL and the C1 block (what a Windows-1252 file becomes when it is mis-decoded).
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
# A value that is one line (a championship's name, its venue) holds no line end or tab either:
# TOML writes them as escapes (name = "Open\r..."), and a name reaches titles, style sheets
# and calendars, which a line break inside it would end early.
_NOT_IN_A_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def read_text(path: Path) -> str:
    """The text of ``path``, decoded as UTF-8 (a byte-order mark is allowed and dropped).

    Raises :class:`ContentError` for a file that cannot be read, is not UTF-8 (Latin-1,
    Windows-1252, UTF-16: guessing would publish wrong letters under a player's name) or
    holds a NUL or another control character.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ContentError(unreadable(path, exc)) from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ContentError(Problem(path, "is UTF-16 text, not UTF-8",
                                   "save it as UTF-8 (in a spreadsheet: CSV UTF-8)", line=1))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ContentError(Problem(
            path, f"is not UTF-8 text (byte {exc.start}, {data[exc.start:exc.start + 1]!r}); "
            "it was probably saved as Latin-1 or Windows-1252",
            "save the file as CSV UTF-8 from your spreadsheet, or as UTF-8 from your editor",
            line=line)) from None
    control = _CONTROL.search(text)
    if control:
        line = text.count("\n", 0, control.start()) + 1
        raise ContentError(Problem(
            path, f"holds {_character(control.group())}, which is not text", "delete it, or save the file "
            "again as plain UTF-8 text from your editor or spreadsheet", line=line))
    return text


def not_one_line(text: str) -> str | None:
    """What keeps ``text`` from being one line of text (``the control character U+000D``), or None.

    A name typed into event.toml may still hold a line end or a control character written
    as a TOML escape (``"Open\\r..."``), which the file's own text check cannot see.
    """
    found = _NOT_IN_A_LINE.search(text)
    return _character(found.group()) if found else None


def _character(char: str) -> str:
    """A character that is not text, named so that the organiser can find it."""
    if char == "\0":
        return "a NUL byte"
    kind = "control character" if unicodedata.category(char) == "Cc" else unicodedata.name(char).lower()
    return f"the {kind} U+{ord(char):04X}"


def unreadable(path: Path, error: OSError) -> Problem:
    """The problem of a file or folder the operating system would not give us, with its fix."""
    reason = error.strerror or str(error)
    if isinstance(error, PermissionError):
        kind = "folder" if path.is_dir() else "file"
        return Problem(path, f"cannot be read: {reason}",
                       f"let your user read the {kind} (chmod {'a+rx' if kind == 'folder' else 'a+r'} "
                       f"{os.fspath(path)!r}), or copy it again from where it came from")
    if isinstance(error, IsADirectoryError):
        return Problem(path, "is a folder, not a file", "rename the folder, or move it out of the way")
    return Problem(path, f"cannot be read: {reason}",
                   "check that the file is still there and the disk is readable, then save it again")

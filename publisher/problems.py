"""What a user got wrong, where, and how to fix it: the errors every stage raises for them.

A problem is data, not a traceback: the build collects every problem of a run
and prints one line for each, so a director fixes a whole file in one go. The
other mistakes a user can make are here too, beside :class:`ContentError`, so that
any stage can raise them and :mod:`publisher.failures` tells them all without
importing the stages: an ``--out`` folder that is not the publisher's
(:class:`OutputError`), a publish target that cannot be written (:class:`PublishError`)
and a disk that refuses a write (:class:`DiskError`).
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One mistake in the content.

    ``line`` is the line in ``file``; for TOML settings, which tomllib reads without
    line numbers, ``key`` names the setting (``macmahon.pairing``) instead. ``fix``
    tells the organiser what to do about it.
    """

    file: Path
    message: str
    fix: str = ""
    line: int | None = None
    key: str | None = None

    def __str__(self) -> str:
        where = display_path(self.file)
        if self.line is not None:
            where += f":{self.line}"
        if self.key:
            where += f": {self.key}"
        text = f"{where}: {self.message}"
        if self.fix:
            text += f"{'' if text.endswith(('.', '?', '!')) else '.'} Fix: {self.fix}"
        return text


class ContentError(Exception):
    """Raised with every problem found, so that all of them are reported at once."""

    def __init__(self, problems: Problem | Iterable[Problem]):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(report_lines(self.problems)))

    @classmethod
    def raise_any(cls, problems: Problem | Iterable[Problem]) -> None:
        """Raise the problems, if there are any."""
        found = cls(problems)
        if found.problems:
            raise found


MOST_PER_FILE = 20  # a million-row file with a wrong column must not print a million lines


def report_lines(problems: Iterable[Problem]) -> list[str]:
    """One line a problem, but at most MOST_PER_FILE a file, then how many more that file has:
    the first ones show what is wrong, and the console and every open page stay readable."""
    shown: Counter[Path] = Counter()
    lines: list[str] = []
    for problem in problems:
        shown[problem.file] += 1
        if shown[problem.file] <= MOST_PER_FILE:
            lines.append(str(problem))
    for file, count in shown.items():
        if count > MOST_PER_FILE:
            lines.append(f"{display_path(file)}: {count - MOST_PER_FILE:,} more problems, not shown. "
                         "Fix: mend the ones above first (often one mistake repeated on every line), "
                         "then build again to see the rest")
    return lines


class Problems:
    """Collects problems while a file is read; ``check()`` raises them all together."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, file: Path, message: str, fix: str = "", *, line: int | None = None,
            key: str | None = None) -> None:
        self.items.append(Problem(file, message, fix, line, key))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def check(self) -> None:
        if self.items:
            raise ContentError(self.items)


def display_path(path: Path) -> str:
    """The path as the organiser typed it: relative to the working folder when inside it."""
    absolute = Path(os.path.abspath(path))
    cwd = Path.cwd()
    return str(absolute.relative_to(cwd)) if absolute.is_relative_to(cwd) else str(absolute)


class OutputError(Exception):
    """The output folder cannot be written without losing somebody's files."""


class PublishError(Exception):
    """A publish that cannot go on: one line naming the target and the cause."""


class AddressError(PublishError):
    """A TARGET that is not an address: a usage mistake (exit 2), told with the address it
    probably meant."""


# What the disk, not the publisher, is to blame for: a full disk or quota, a read-only file
# system or folder, a failing disk. Told as one line naming the folder (publisher.failures).
DISK_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO})


class DiskError(Exception):
    """``where`` (a folder or file the user named) could not be written: ``error`` says why.
    ``elsewhere`` is how to write somewhere else instead ("build into another folder with
    --out"), or "" where there is no other place (a round file)."""

    def __init__(self, where: Path, error: OSError, elsewhere: str = ""):
        super().__init__(f"{where}: {error.strerror}")
        self.where, self.error, self.elsewhere = where, error, elsewhere


@contextlib.contextmanager
def writing_to(where: Path, elsewhere: str = "") -> Iterator[None]:
    """Raise a :class:`DiskError` naming ``where`` for a write the disk refuses inside the
    block; any other OSError stays what it is (a bug, with its traceback)."""
    try:
        yield
    except OSError as error:
        if error.errno not in DISK_ERRNOS:
            raise
        raise DiskError(where, error, elsewhere) from error

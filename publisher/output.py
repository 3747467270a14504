"""Writing the site: nothing is touched until every page rendered, then only changed bytes.

A fresh site is written into a temporary sibling folder and renamed into place;
an existing one is updated file by file with atomic replaces, so a venue screen
or a web server reading ``site/`` never sees a half-written file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

MARKER = ".publisher-site"
_MARKER_TEXT = b"Built by the tournament publisher: every build may rewrite this folder.\n"


class OutputError(Exception):
    """The output folder cannot be written without losing somebody's files."""


@dataclass
class WriteStats:
    written: int = 0
    unchanged: int = 0
    removed: int = 0


def write_site(out: Path, files: dict[str, bytes], force: bool = False,
               previous: dict[str, bytes] | None = None) -> WriteStats:
    """Make ``out`` hold exactly ``files`` (paths relative to it, POSIX style) and the marker
    file that tells a later build this folder is the publisher's to rewrite.

    ``previous`` is what the last build of this process wrote: a file whose bytes are
    the same and that is still there is not read back to be compared.
    """
    if not out.exists():
        return _write_fresh(out, files)
    if not out.is_dir():
        raise OutputError(f"{out} is a file, not a folder; choose another --out")
    if not (out / MARKER).exists() and any(out.iterdir()) and not force:
        raise OutputError(
            f"{out} holds files that the publisher did not write; choose an empty folder "
            "for --out, or pass --force to replace its contents")
    return _update(out, files, previous or {})


def _write_fresh(out: Path, files: dict[str, bytes]) -> WriteStats:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as error:
        raise OutputError(f"{out} cannot be created: {error.filename} is a file, not a folder; "
                          "choose another --out") from None
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for rel, data in {**files, MARKER: _MARKER_TEXT}.items():
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        tmp.chmod(0o755)
        tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return WriteStats(written=len(files))


def _update(out: Path, files: dict[str, bytes], previous: dict[str, bytes]) -> WriteStats:
    stats = WriteStats()
    for rel, data in files.items():
        target = out / rel
        if (previous.get(rel) == data and target.is_file()) or _same(target, data):
            stats.unchanged += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, data)
        stats.written += 1
    if not _same(out / MARKER, _MARKER_TEXT):
        write_atomically(out / MARKER, _MARKER_TEXT)
    wanted = {out / rel for rel in files} | {out / MARKER}
    for path in sorted(out.rglob("*"), reverse=True):
        if path.is_file() and path not in wanted:
            path.unlink()
            stats.removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return stats


def _same(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def write_atomically(target: Path, data: bytes) -> None:
    """Replace ``target`` in one step, so that a reader (a web server, the watcher, a venue
    screen) sees the old file or the new one, never half of it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

"""Live sources: a championship folder whose event.toml names another program's file
(``source = "opengotha"``, ``file = "tournament.xml"``) is read from that file on every build.

The file is imported as ``publisher import`` would, the keys of event.toml are written
over what the file says, and the result is laid out in a temporary copy of the folder
that the usual readers read; so a save in the other program rebuilds the site like any
other content change, and the pages are the same whichever way the data came in.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import pluggy
import tomli_w

from publisher.content.folders import read_toml
from publisher.formats import formats, merge
from publisher.formats.importing import read_foreign
from publisher.problems import ContentError, Problem


@dataclass
class Readable:
    """The folder to read the championship from, and what the source file could not say."""

    folder: Path
    source: Path | None = None
    notes: list[str] = field(default_factory=list)


@contextmanager
def readable_folder(pm: pluggy.PluginManager, folder: Path) -> Iterator[Readable]:
    """``folder`` itself, or, for a live source, a temporary copy made from its file.

    Problems found in the copy are told against the source file, since that is what
    the organiser edits.
    """
    toml_path = folder / "event.toml"
    config = read_toml(toml_path) if toml_path.is_file() else {}
    if "source" not in config:
        yield Readable(folder)
        return
    source = _source_file(toml_path, folder, config)
    readers = sorted(name for name, f in formats(pm).items() if f.imports)
    if config["source"] not in readers:
        raise ContentError(Problem(toml_path, f"no plugin reads the format {config['source']!r}",
                                   f"use one of: {', '.join(readers)}", key="source"))
    championship = read_foreign(pm, config["source"], source)
    # The same path for the same folder in this process, so that a rebuild under watch
    # finds the pages of unchanged rounds unchanged (their keys include the files' paths).
    digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
    work = Path(tempfile.gettempdir()) / f"publisher-source-{os.getpid()}-{digest}"
    shutil.rmtree(work, ignore_errors=True)
    copy = work / folder.name
    try:
        copy.mkdir(parents=True)
        contents = championship.contents()
        contents["event.toml"] = tomli_w.dumps(merge(championship.config, config)).encode("utf-8")
        for relative, data in contents.items():
            (copy / relative).parent.mkdir(parents=True, exist_ok=True)
            (copy / relative).write_bytes(data)
        for page in folder.glob("*.md"):  # the organiser's pages stay the organiser's
            shutil.copyfile(page, copy / page.name)
        try:
            yield Readable(copy, source, championship.notes)
        except ContentError as error:
            raise ContentError([relocated(p, copy, source, folder) for p in error.problems]) from None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _source_file(toml_path: Path, folder: Path, config: dict) -> Path:
    name = config.get("file")
    if not isinstance(config.get("source"), str):
        raise ContentError(Problem(toml_path, f"must be the name of a format, not {config['source']!r}",
                                   'write source = "opengotha"', key="source"))
    if not isinstance(name, str) or not name.strip():
        raise ContentError(Problem(toml_path, "is missing for a live source",
                                   'write file = "tournament.xml", the file in this folder', key="file"))
    relative = PurePosixPath(name)
    if relative.is_absolute() or ".." in relative.parts:
        raise ContentError(Problem(toml_path, f"{name!r} is outside the championship folder",
                                   'put the file in the folder and write file = "tournament.xml"',
                                   key="file"))
    return folder / relative


def relocated(problem: Problem, copy: Path, source: Path, folder: Path | None = None) -> Problem:
    """A problem of a folder made from ``source``, told against the file the organiser can fix.

    ``copy`` is a live source's temporary copy of ``folder``, whose Markdown pages and
    event.toml are the organiser's own; or the folder ``publisher import`` wrote (no
    ``folder``), all of whose files come from ``source``.
    """
    if not problem.file.is_relative_to(copy):
        return problem
    relative = problem.file.relative_to(copy).as_posix()
    if folder is not None and relative.endswith(".md"):
        return Problem(folder / relative, problem.message, problem.fix, problem.line, problem.key)
    if folder is not None and relative == "event.toml":
        return Problem(folder / relative, problem.message, problem.fix, None, problem.key)
    return Problem(source, f"(read as {relative}) {problem.message}", problem.fix, None, problem.key)

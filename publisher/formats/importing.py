"""Another program's file in, a championship folder of the project's own files out, written
whole or not at all: what ``publisher import`` and a live source (:mod:`publisher.formats.sources`)
both do with a foreign file."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pluggy

from publisher.content.folders import SLUG
from publisher.formats import Championship, formats
from publisher.problems import DISK_ERRNOS, ContentError, Problem, writing_to

# The ending of the hidden folders an import writes beside its target, to find a killed one's.
TEMPORARY = ".publisher-import"
# The fix of a write the disk refused, besides mending the disk.
ELSEWHERE = "import into another folder"


def read_foreign(pm: pluggy.PluginManager, format_name: str, path: Path) -> Championship:
    """Ask the plugin of ``format_name`` to read ``path``; the format must be one that imports."""
    known = {name for name, f in formats(pm).items() if f.imports}
    if format_name not in known:
        raise ContentError(Problem(path, f"no plugin reads the format {format_name!r}",
                                   f"use one of: {', '.join(sorted(known)) or 'none installed'}"))
    if not path.is_file():
        raise ContentError(Problem(path, "does not exist" if not path.exists() else "is not a file",
                                   "name the file the other program saved"))
    championship = pm.hook.publisher_import(format=format_name, path=path)
    assert championship is not None, f"the plugin of {format_name} read nothing"
    return championship


def write_folder(target: Path, championship: Championship, force: bool = False,
                 check: Callable[[Path], None] | None = None) -> None:
    """Write the championship into ``target`` as one step: into a hidden sibling folder first,
    then renamed into place, so a failure or a running ``watch`` never sees half a folder.

    ``check`` reads the written folder (named as ``target``, inside the hidden one) before it
    is renamed: the :class:`ContentError` it raises leaves nothing behind, so a folder the
    build would refuse is never imported. An existing ``target`` is replaced only with
    ``force`` (the organiser's files in it go). What a killed import left beside ``target``
    is removed first; a write the disk refuses is a DiskError naming ``target``.
    """
    if not SLUG.match(target.name):
        raise ContentError(Problem(target, f"folder name {target.name!r} cannot be a web address",
                                   "name it with lower-case letters, digits and dashes, "
                                   "like content/open-2026"))
    with writing_to(target, ELSEWHERE):
        _remove_leftovers(target)  # first: a killed import may have moved the old folder aside
    if target.exists() and not force:
        raise ContentError(Problem(target, "already exists",
                                   "choose another folder, or pass --force to replace it"))
    if target.exists() and not target.is_dir():
        raise ContentError(Problem(target, "is a file", "choose a folder name"))
    with writing_to(target, ELSEWHERE):
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            if error.errno in DISK_ERRNOS:
                raise
            raise ContentError(Problem(target.parent, "cannot be made a folder",
                                       "name a folder inside your content folder")) from None
        _replace_folder(target, championship, check)


def _remove_leftovers(target: Path) -> None:
    """Remove the hidden folders a killed import left beside ``target``; if it was killed
    between moving the old folder aside and the new one in, the old one is put back first."""
    for leftover in sorted(target.parent.glob(f".{target.name}.*{TEMPORARY}")):
        old = leftover / target.name
        if leftover.name.startswith(f".{target.name}.old.") and old.is_dir() and not target.exists():
            old.rename(target)
        shutil.rmtree(leftover, ignore_errors=True)


def _replace_folder(target: Path, championship: Championship,
                    check: Callable[[Path], None] | None) -> None:
    """Write the championship into a hidden sibling of ``target``, have ``check`` read it, then
    rename it into place."""
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=TEMPORARY, dir=target.parent))
    written = staging / target.name  # its own name: the slug of what is read from it
    try:
        for relative, data in championship.contents().items():
            path = written / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        if check is not None:
            check(written)
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", suffix=TEMPORARY, dir=target.parent))
            target.rename(old / target.name)
            written.rename(target)
            shutil.rmtree(old)
        else:
            written.rename(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)

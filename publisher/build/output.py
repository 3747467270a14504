"""Writing the site: pages are staged on the output's file system as they are rendered, then moved in.

``--out`` carries its manifest (``.publisher-manifest.json``: every file's sha256
and size), which is also the mark that the folder is the publisher's to rewrite.
A build compares each rendered file's hash with it, so unchanged files are never
written and no file of the site is kept in memory. Changed files go to a staging
folder beside ``--out`` (the same file system, outside the served tree), or, when
``--out`` is a mount point (a file system of its own), to a hidden folder inside
it that is never listed, served or published; only when every page rendered are
they renamed into place, one atomic rename each, so a web server or a hall screen
reading ``--out`` sees each file whole, old or new, and a failed or killed build
leaves the site as it was. Leftovers of a killed build are removed by the next one.
One build at a time writes into a folder: a lock file beside it (inside a mount
point) makes a second build wait for its turn. A write the disk refuses (full,
read-only) is a :class:`~publisher.problems.DiskError` naming ``--out``.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import shutil
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from publisher.build.manifest import (
    MANIFEST_NAME,
    Entry,
    Manifest,
    PackedGroup,
    entry_of,
    loads_manifest,
    manifest_lines,
    manifest_parts,
)
from publisher.languages import SHIPPED
from publisher.problems import OutputError, writing_to

# What marked the publisher's folders before they carried a manifest.
LEGACY_MARKER = ".publisher-site"
# How long a build waits for another build into the same folder to finish.
LOCK_WAIT = 60.0
# The staging folder and the lock inside a mount point --out, where nothing of the site is named so.
INSIDE_STAGING = ".publisher-staging"
INSIDE_LOCK = ".publisher-lock"
# What a build keeps of its own inside a mount point --out: never part of the site.
INSIDE = frozenset({INSIDE_STAGING, INSIDE_LOCK})
# The fix of a write the disk refused, besides mending the disk.
ELSEWHERE = "build into another folder with --out"


@dataclass
class WriteStats:
    written: int = 0
    unchanged: int = 0
    removed: int = 0


def staging_dir(out: Path) -> Path:
    """Where a build stages its files: on the file system of ``out``, so a rename moves
    them in atomically; beside it, unless it is a mount point."""
    return out / INSIDE_STAGING if is_mount_point(out) else out.parent / f".{out.name}.publisher-staging"


def lock_file(out: Path) -> Path:
    """The file whose lock a build holds: beside ``out``, or inside a mount point (whose
    parent may be read-only, as a container's is)."""
    return out / INSIDE_LOCK if is_mount_point(out) else out.parent / f".{out.name}.publisher-lock"


def cache_dir(out: Path) -> Path:
    """Where ``publisher build`` keeps its record for the next run (publisher.build.record):
    beside ``out``, even when it is a mount point, since nothing of it is renamed into
    ``out`` and a web server serving ``out`` must never serve it (the record holds every
    column of players.csv). Where nothing can be written beside a mount point, the record
    is not kept and every run is a full build (a warning says so)."""
    return out.parent / f".{out.name}.publisher-cache"


def is_mount_point(out: Path) -> bool:
    """True when ``out`` is on another file system than its parent (a Docker volume, a web
    server's partition): nothing beside it can be renamed into it."""
    try:
        return out.stat().st_dev != out.parent.stat().st_dev
    except OSError:
        return False  # not there yet: it is made on its parent's file system


@contextlib.contextmanager
def locked(out: Path, wait: float | None = None) -> Iterator[int]:
    """Hold the lock of ``out`` for one build; yields the lock's descriptor, which render
    workers close (a fork must not hold the folder after the build is gone). A second
    build into the same folder waits for its turn; after ``wait`` seconds (LOCK_WAIT) it
    gives up with a message naming the holder. The lock is the kernel's (flock), so a
    killed build never leaves it held."""
    wait = LOCK_WAIT if wait is None else wait
    with writing_to(out, ELSEWHERE):
        _make_parent(out)
        fd = os.open(lock_file(out), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
                    raise OutputError(
                        f"another publisher build (process {holder}) is writing {out} and did not "
                        f"finish within {wait:g} s; wait for it or stop it, then build again") from None
                time.sleep(0.05)
        with writing_to(out, ELSEWHERE):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield fd
    finally:
        os.close(fd)  # closing releases the lock


def _make_parent(out: Path) -> None:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as error:
        raise OutputError(f"{out} cannot be created: {error.filename} is a file, not a folder; "
                          "choose another --out") from None


def read_manifest(out: Path) -> Manifest | None:
    """The manifest ``out`` carries, or None (no manifest, or not one of ours)."""
    try:
        return loads_manifest((out / MANIFEST_NAME).read_bytes())
    except OSError:
        return None


def group_of(rel: str) -> str:
    """The top-level folder (``slug/``) or root file a path belongs to, under its language's
    folder for a page in another language (``ja/slug/``): the manifest is kept by group,
    so a build that leaves a championship alone does not touch its entries."""
    head, slash, rest = rel.partition("/")
    if slash and head in SHIPPED and rest:
        return head + slash + group_of(rest)
    return head + slash


@dataclass
class Written:
    """What the last build of this process committed: the manifest by group, each group's
    lines of the manifest file, and the manifest file's identity (to notice that someone
    else changed ``--out`` since)."""

    groups: dict[str, Mapping[str, Entry]]
    lines: dict[str, bytes]
    stamp: tuple[int, int, int]

    def __contains__(self, rel: str) -> bool:
        return rel in self.groups.get(group_of(rel), {})


class SiteWriter:
    """One build's writes into ``out``. Call :meth:`check` with every path first, then
    :meth:`add` each file as it is rendered (or :meth:`keep` what was not rendered
    again), then :meth:`commit` (or :meth:`abort`). Call inside :func:`locked`.

    ``written`` is what the last build of this process committed; without it (the
    first build) the writer reads the folder's manifest and checks it against the
    files there, so a file changed or left behind by someone else is put right.
    ``lock`` is the descriptor :func:`locked` yielded: a render worker closes it.
    """

    def __init__(self, out: Path, written: Written | None = None, force: bool = False,
                 lock: int | None = None):
        self.inherited = () if lock is None else (lock,)  # what a fork of the build must close
        with writing_to(out, ELSEWHERE):
            self._start(out, written, force)

    def _start(self, out: Path, written: Written | None, force: bool) -> None:
        self.out = out
        self.staging = staging_dir(out)
        self.groups: dict[str, Mapping[str, Entry]] = {}
        self.stats = WriteStats()
        self._strays: set[str] = set()
        self._lines: dict[str, bytes] = {}
        _remove_leftovers(out)  # before the folder is read: a staging folder inside is no stray
        self.fresh = not out.exists()
        if self.fresh:
            _make_parent(out)
            self.known: Mapping[str, Mapping[str, Entry]] = {}
        elif written is not None and _stamp(out) == written.stamp:
            self._lines = written.lines
            self.known = {g: files.unpacked() if isinstance(files, PackedGroup) else files
                          for g, files in written.groups.items()}  # looked up file by file
        else:
            self.known = self._open(force)
        self.staging.mkdir()

    def _open(self, force: bool) -> dict[str, Manifest]:
        out = self.out
        if not out.is_dir():
            raise OutputError(f"{out} is a file, not a folder; choose another --out")
        stored = read_manifest(out)
        ours = stored is not None or (out / LEGACY_MARKER).exists()
        if not ours and any(p.name not in INSIDE for p in out.iterdir()) and not force:
            raise OutputError(
                f"{out} holds files that the publisher did not write; choose an empty folder "
                "for --out, or pass --force to replace its contents")
        stored = stored or {}
        checked: dict[str, Manifest] = {}
        for rel, size in _site_sizes(out):
            entry = stored.get(rel)
            if entry is not None and size == entry.size:
                checked.setdefault(group_of(rel), {})[rel] = entry
            elif rel != MANIFEST_NAME:
                self._strays.add(rel)
        return checked

    def check(self, paths: Iterable[str]) -> None:
        """Refuse, before anything is written, a path the file system cannot hold: a name
        longer than its limit (255 bytes on most), or a path longer than the system's."""
        name_max = _limit(self.out.parent, "PC_NAME_MAX", 255)
        path_max = _limit(self.out.parent, "PC_PATH_MAX", 4096)
        base = len(os.fsencode(self.staging.resolve())) + 1
        for rel in paths:
            for part in rel.split("/"):
                size = len(os.fsencode(part))
                if size > name_max:
                    raise OutputError(
                        f"{rel[:60]}… cannot be written: the file name is {size} bytes long, and "
                        f"the file system allows {name_max}; shorten the player id or the name of "
                        "the file it comes from")
                if part in ("", ".", ".."):
                    raise OutputError(f"{rel!r} is not a file name the site can hold")
            if base + len(os.fsencode(rel)) >= path_max:
                raise OutputError(f"{rel[:60]}… cannot be written: its path is longer than the "
                                  f"{path_max} bytes the system allows; choose a shorter --out")

    def add(self, rel: str, data: bytes) -> None:
        """One file of the site: staged if its bytes differ from what ``out`` holds."""
        entry = entry_of(data)
        group = group_of(rel)
        self._group(group)[rel] = entry
        if self.known.get(group, {}).get(rel) == entry:
            self.stats.unchanged += 1
            return
        target = self.staging / rel
        with writing_to(self.out, ELSEWHERE):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        self.stats.written += 1

    def keep(self, rel: str) -> bool:
        """Count ``rel`` as unchanged without its bytes, if ``out`` holds it (the build did
        not render it again); False when it must be rendered after all."""
        group = group_of(rel)
        entry = self.known.get(group, {}).get(rel)
        if entry is None:
            return False
        self._group(group)[rel] = entry
        self.stats.unchanged += 1
        return True

    def keep_all(self, rels: Iterable[str]) -> bool:
        """Keep every one of ``rels`` (files the build need not render again) as ``out``
        holds them; False, keeping none, when ``out`` lacks one of them."""
        rels = list(rels)
        if not all(rel in self.known.get(group_of(rel), {}) for rel in rels):
            return False
        for rel in rels:
            self.keep(rel)
        return True

    def keep_group(self, groups: list[str], count: int) -> bool:
        """Keep every file of ``groups`` (a championship the build left alone, in each of its
        languages) as it is; False when ``out`` does not hold one of them, or holds fewer
        than the ``count`` files they were written with (one was removed since), so they
        must be rendered after all."""
        if any(g not in self.known or g in self.groups for g in groups):
            return False
        if sum(len(self.known[g]) for g in groups) < count:
            return False
        for group in groups:
            self.groups[group] = self.known[group]
            self.stats.unchanged += len(self.known[group])
        return True

    def _group(self, group: str) -> Manifest:
        """The files of ``group`` written so far, as a dictionary to add to."""
        files = self.groups.get(group)
        if not isinstance(files, dict):
            self.groups[group] = files = dict(files.items()) if files is not None else {}
        return files

    def pack(self, group: str) -> None:
        """Hold ``group``'s files as their lines of the manifest file from now on: a single
        build packs each championship once it is written, so that fifty of them are not
        held as a quarter of a million objects (see :class:`PackedGroup`)."""
        files = self.groups.get(group)
        if isinstance(files, dict):
            self.groups[group] = PackedGroup(files)

    def start_part(self) -> None:
        """In a render worker (a fork of the build): count from here what :meth:`part` returns."""
        self.groups, self.stats = {}, WriteStats()

    def part(self) -> tuple[dict[str, Mapping[str, Entry]], WriteStats]:
        return self.groups, self.stats

    def merge(self, groups: dict[str, Mapping[str, Entry]], stats: WriteStats) -> None:
        """Take in what a render worker staged (its :meth:`part`): a packed group is a
        whole one, a dictionary a part of one."""
        for group, files in groups.items():
            if isinstance(files, PackedGroup) and group not in self.groups:
                self.groups[group] = files
            else:
                self._group(group).update(files.items())
        self.stats.written += stats.written
        self.stats.unchanged += stats.unchanged

    def commit(self) -> Written:
        """Move the staged files into ``out``, remove what the site no longer has, and
        write the manifest; returns what a later build of this process starts from."""
        with writing_to(self.out, ELSEWHERE):
            return self._commit()

    def _commit(self) -> Written:
        lines = {g: self._lines_of(g, files) for g, files in self.groups.items()}
        gone = self._gone()
        changed = self.fresh or bool(self.stats.written or gone) or lines.keys() != self._lines.keys()
        if changed or not (self.out / MANIFEST_NAME).is_file():
            with (self.staging / MANIFEST_NAME).open("wb") as manifest:
                manifest.writelines(manifest_parts([lines[g] for g in sorted(lines)]))
        if self.fresh:
            self.staging.chmod(0o755)
            self.staging.rename(self.out)
            return Written(self.groups, lines, _stamp(self.out))
        # What is staged is what changed: the folder says it, and no list of a whole site's
        # paths is held; moved in path order, as a fresh build's folder is: assets first.
        for rel in sorted(path.relative_to(self.staging).as_posix() for path in _files(self.staging)):
            if rel == MANIFEST_NAME:
                continue
            target = self.out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.staging / rel, target)
        for rel in gone:
            (self.out / rel).unlink(missing_ok=True)
            self.stats.removed += 1
        _prune_empty(self.out, {posixpath_dir(rel) for rel in gone} | ({""} if self._strays else set()))
        if (self.staging / MANIFEST_NAME).is_file():
            os.replace(self.staging / MANIFEST_NAME, self.out / MANIFEST_NAME)
        (self.out / LEGACY_MARKER).unlink(missing_ok=True)
        shutil.rmtree(self.staging, ignore_errors=True)
        return Written(self.groups, lines, _stamp(self.out))

    def _lines_of(self, group: str, files: Mapping[str, Entry]) -> bytes:
        """``group``'s lines of the manifest file: those of the last build when its files
        are the same."""
        if isinstance(files, PackedGroup):
            return files.lines
        known = self.known.get(group)
        if group in self._lines and known is not None and (known is files or known == files):
            return self._lines[group]
        return manifest_lines(files)

    def _gone(self) -> list[str]:
        gone = set(self._strays)
        for group, files in self.known.items():
            now = self.groups.get(group)
            if now is not files:
                kept = set(now) if now is not None else set()
                gone.update(rel for rel in files if rel not in kept)
        # a stray the build wrote again stays; each group read once (a packed one is read whole)
        written = {g: set(self.groups.get(g, ())) for g in {group_of(rel) for rel in self._strays}}
        return sorted(gone - {rel for rel in self._strays if rel in written[group_of(rel)]})

    def abort(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)

    @property
    def manifest(self) -> Manifest:
        """Every file of the site being written, with its hash and size."""
        return {rel: e for files in self.groups.values() for rel, e in files.items()}


def _stamp(out: Path) -> tuple[int, int, int]:
    try:
        st = (out / MANIFEST_NAME).stat()
    except OSError:
        return (0, 0, 0)
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def posixpath_dir(rel: str) -> str:
    return rel.rpartition("/")[0]


def _files(root: Path) -> Iterator[Path]:
    for folder, _, names in os.walk(root):
        for name in names:
            yield Path(folder, name)


def _walk_site(out: Path) -> Iterator[tuple[str, list[str], list[str]]]:
    """os.walk of ``out`` without the staging folder and lock a build keeps in a mount point."""
    for folder, subfolders, names in os.walk(out):
        if folder == str(out):
            subfolders[:] = [d for d in subfolders if d not in INSIDE]
            names = [n for n in names if n not in INSIDE]
        yield folder, subfolders, names


def _site_sizes(out: Path) -> Iterator[tuple[str, int]]:
    """Every file of the site in ``out`` (and whatever else is there, but not the build's
    own) by its path from ``out``, with its size: read with
    scandir and plain strings, since the first build of a process looks at every file of a
    big archive's site (a Path a file cost a third of a one-result build of a hundred
    championships). Links to folders are left alone, as os.walk leaves them."""
    pending = [("", os.fspath(out))]
    while pending:
        prefix, folder = pending.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if not prefix and entry.name in INSIDE:
                    continue
                if entry.is_dir():
                    if not entry.is_symlink():
                        pending.append((f"{prefix}{entry.name}/", entry.path))
                    continue
                yield prefix + entry.name, entry.stat(follow_symlinks=False).st_size


def _prune_empty(out: Path, folders: set[str]) -> None:
    """Remove folders left empty by removed files (all of them, after a stray-file sweep)."""
    if "" in folders:
        candidates = sorted((Path(f) for f, _, _ in _walk_site(out)), reverse=True)
    else:
        candidates = sorted({out / f for rel in folders if rel
                             for f in [rel, *(p.as_posix() for p in Path(rel).parents)] if f != "."},
                            reverse=True)
    for folder in candidates:
        if folder != out:
            with contextlib.suppress(OSError):
                folder.rmdir()  # fails, as it should, while the folder holds anything


def _remove_leftovers(out: Path) -> None:
    """Remove what a killed build left beside ``out`` or inside it: its staging folder
    (wherever it was: ``out`` may have been mounted or unmounted since), and the
    temporary folders older versions made (recognised by the marker they held)."""
    shutil.rmtree(out.parent / f".{out.name}.publisher-staging", ignore_errors=True)
    shutil.rmtree(out / INSIDE_STAGING, ignore_errors=True)
    for folder in out.parent.glob(f".{out.name}.*"):
        if folder.is_dir() and (folder / LEGACY_MARKER).is_file():
            shutil.rmtree(folder, ignore_errors=True)


def _limit(folder: Path, name: str, default: int) -> int:
    try:
        return os.pathconf(folder, name)
    except (OSError, ValueError):
        return default


def write_atomically(target: Path, data: bytes, elsewhere: str = "") -> None:
    """Replace ``target`` in one step, so that a reader (a web server, the watcher, a venue
    screen) sees the old file or the new one, never half of it. A write the disk refuses
    is a DiskError naming ``target``, with ``elsewhere`` as the other way out."""
    with writing_to(target, elsewhere):
        _replace(target, data)


def _replace(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_dead_writers(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _remove_dead_writers(target: Path) -> None:
    """Remove the temporary files of ``target`` that a killed writer left (``pair`` or ``draw``
    killed while writing a round file): each is named by its writer's process, so one whose
    process is gone is removed, and a writer still at work keeps its own."""
    for leftover in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
        writer = leftover.name[len(target.name) + 2:].partition(".")[0]
        if writer.isdigit() and not process_running(int(writer)):
            leftover.unlink(missing_ok=True)


def process_running(pid: int) -> bool:
    """True when a process ``pid`` runs on this machine (one of another user's included):
    what a leftover named by its writer's process, or a lock naming its holder, asks."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # another user's process
    return True

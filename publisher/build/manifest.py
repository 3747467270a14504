"""What a site holds, file by file: the one notion of "what changed" for builds and publishing.

A manifest maps each path of a site (POSIX, relative to its root) to the sha256 and
size of its bytes. The build keeps one for ``--out``; every publish target keeps one
at its root as ``.publisher-manifest.json``. Comparing two manifests tells what to
write, upload or delete without reading back a single file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import ItemsView, Iterator, Mapping
from dataclasses import dataclass
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from pathlib import Path

MANIFEST_NAME = ".publisher-manifest.json"


@dataclass(frozen=True, slots=True)
class Entry:
    """One file: its sha256 (hex) and its size in bytes. Slotted: a build holds one for
    every file of the site."""

    sha256: str
    size: int


Manifest = dict[str, Entry]


def entry_of(data: bytes) -> Entry:
    return Entry(hashlib.sha256(data).hexdigest(), len(data))


def manifest_of(files: dict[str, bytes]) -> Manifest:
    """The manifest of files held in memory (path -> bytes)."""
    return {path: entry_of(data) for path, data in sorted(files.items())}


def manifest_of_folder(root: Path, skip: frozenset[str] = frozenset({MANIFEST_NAME})) -> Manifest:
    """The manifest of every file below ``root`` (links are not followed), leaving out ``skip``."""
    found: Manifest = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not path.is_symlink() and rel not in skip:
            found[rel] = entry_of(path.read_bytes())
    return found


def dumps_manifest(manifest: Manifest) -> bytes:
    """The manifest file's bytes: sorted, one file a line, so the same site always gives
    the same file."""
    return join_manifest_lines([manifest_lines(manifest)])


def manifest_lines(manifest: Mapping[str, Entry]) -> bytes:
    """The lines of the manifest file that hold ``manifest``'s files, sorted by path. Each path
    is written as ``json.dumps(path, ensure_ascii=False)`` writes it, by its C function called
    directly: a save writes the lines of an archive's every person page again."""
    return ",\n".join(f'{encode_basestring(path)}: {{"sha256": "{e.sha256}", "size": {e.size}}}'
                       for path, e in sorted(manifest.items())).encode("utf-8")


class PackedGroup(Mapping[str, Entry]):
    """A group of a manifest (the files of one top-level folder) held as its lines of the
    manifest file: about 100 bytes a file, where a dictionary of entries takes 300. A
    single build keeps every championship's files this way once they are written, since
    it needs them only for the manifest file, and read back whole when asked (to publish).
    Read it with ``items()`` or ``dict()``: a lookup reads the whole group."""

    __slots__ = ("_count", "lines")

    def __init__(self, files: Manifest):
        self.lines = manifest_lines(files)
        self._count = len(files)

    def unpacked(self) -> Manifest:
        return loads_manifest(b'{"files": {' + self.lines + b"}}") or {}

    def __getitem__(self, path: str) -> Entry:
        return self.unpacked()[path]

    def __iter__(self) -> Iterator[str]:
        return iter(self.unpacked())

    def __len__(self) -> int:
        return self._count

    def items(self) -> ItemsView[str, Entry]:
        return self.unpacked().items()


def manifest_parts(blocks: list[bytes]) -> Iterator[bytes]:
    """The manifest file made of blocks of :func:`manifest_lines`, given in path order (the
    build keeps one block per top-level folder and makes again only changed ones), part
    by part: a big site's manifest is written without being held twice more as one piece."""
    yield b'{"version": 1, "files": {\n'
    first = True
    for block in blocks:
        if block:
            if not first:
                yield b",\n"
            yield block
            first = False
    if not first:
        yield b"\n"
    yield b"}}\n"


def join_manifest_lines(blocks: list[bytes]) -> bytes:
    """The manifest file's bytes from blocks of :func:`manifest_lines` (:func:`manifest_parts`)."""
    return b"".join(manifest_parts(blocks))


def loads_manifest(data: bytes) -> Manifest | None:
    """Read a manifest file; None when it is not one (damaged, from another program)."""
    try:
        files = json.loads(data.decode("utf-8"))["files"]
        return {str(path): Entry(str(v["sha256"]), int(v["size"])) for path, v in files.items()}
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        return None


@dataclass(frozen=True)
class Changes:
    """What turns the site of manifest ``old`` into that of ``new``."""

    added: list[str]
    changed: list[str]
    removed: list[str]

    @property
    def uploads(self) -> list[str]:
        return sorted(self.added + self.changed)

    def __bool__(self) -> bool:
        return bool(self.added or self.changed or self.removed)


def compare(old: Manifest, new: Manifest) -> Changes:
    return Changes(
        added=sorted(p for p in new if p not in old),
        changed=sorted(p for p in new if p in old and old[p] != new[p]),
        removed=sorted(p for p in old if p not in new),
    )

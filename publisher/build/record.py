"""What a builder remembers of its last build, and the cache that keeps it between runs.

A builder kept alive (``watch``, ``serve``) remembers, for its next build, each
championship's folder fingerprint, summary and page keys, and what the archive's own
pages were made from (see :mod:`publisher.build.kept` for when each still holds).
``publisher build`` runs once and ends, so it keeps the same record in a cache folder
beside the site (:func:`~publisher.build.output.cache_dir`), and the next run starts
from it: after one changed result it reads and renders one championship and keeps
the others' files as they are.

The cache is the build's own and safe to delete: without it (or with one that no longer
holds) a build is a full build and writes a new one. It holds only while everything the
record was made from is the same: its format, the publisher's version, the Python
version, the source files of the publisher and of every plugin (a changed template or
plugin renders everything again), and the site itself (the digest of the manifest the
build wrote: a site built or changed by anything else since is read as new). Each
championship's part is a file of its own (``events/<slug>.pickle``), written only when
the championship was built again, so a one-result build rewrites one part.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import pluggy

from publisher import __version__
from publisher.build.manifest import MANIFEST_NAME
from publisher.build.output import write_atomically
from publisher.content.site_settings import SiteSettings
from publisher.model import Event
from publisher.problems import Problem

FORMAT = 1
Fingerprint = tuple[tuple[str, int, int, int], ...]
INDEX = "record.pickle"
EVENTS = "events"


@dataclass
class BuiltEvent:
    """A championship as the last build left it: what it was built from, and the key of
    every page it rendered (None for pages rendered on every build of it)."""

    fingerprint: Fingerprint
    event: Event
    keys: dict[str, bytes | None] = field(default_factory=dict)


@dataclass
class Record:
    """What a builder remembers of its last build (besides the site's files themselves)."""

    theme: tuple = ()
    settings: SiteSettings = field(default_factory=SiteSettings)
    events: dict[str, BuiltEvent] = field(default_factory=dict)
    # What the archive's own pages were last made from, their files and their keys.
    site_inputs: tuple | None = None
    site_files: list[str] = field(default_factory=list)
    site_keys: dict[str, bytes | None] = field(default_factory=dict)
    site_warnings: list[Problem] = field(default_factory=list)  # what they told, told while they are kept


@dataclass(frozen=True)
class _Index:
    """The cache's first file: what it was made by and from, and its site-wide part."""

    stamp: tuple
    manifest: bytes
    theme: tuple
    settings: SiteSettings
    site_inputs: tuple | None
    site_files: list[str]
    site_keys: dict[str, bytes | None]
    site_warnings: list[Problem]
    events: dict[str, Fingerprint]


class RecordCache:
    """The record of ``out``'s last build kept in ``folder``, for the next run of ``publisher build``."""

    def __init__(self, folder: Path, out: Path, pm: pluggy.PluginManager):
        self.folder = folder
        self.out = out
        self.stamp = (FORMAT, __version__, sys.version_info[:2], code_stamp(pm))
        self._on_disk: dict[str, BuiltEvent] = {}  # the parts as read or last written, by slug

    def load(self) -> Record | None:
        """The record of the build that wrote ``out`` as it is now, or None when there is
        none that holds (no cache, another version or code, a site changed since)."""
        try:
            index = _read(self.folder / INDEX)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError,
                ValueError):
            return None
        if not isinstance(index, _Index) or index.stamp != self.stamp or index.manifest != self._manifest():
            return None
        events = {}
        for slug, fingerprint in index.events.items():
            try:
                item = _read(self.folder / EVENTS / f"{slug}.pickle")
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError,
                    ValueError):
                continue  # that championship is built again
            if isinstance(item, BuiltEvent) and item.fingerprint == fingerprint:
                events[slug] = item
        self._on_disk = dict(events)
        return Record(index.theme, index.settings, events, index.site_inputs, index.site_files,
                      index.site_keys, index.site_warnings)

    def save(self, record: Record) -> None:
        """Keep ``record`` for the next run: the part of every championship built again (any
        part but the very one read from disk), then the index, which names only parts that
        are on disk; parts of championships gone (or of a cache that no longer held) go."""
        parts = self.folder / EVENTS
        parts.mkdir(parents=True, exist_ok=True)
        for slug, item in record.events.items():
            if self._on_disk.get(slug) is not item:
                write_atomically(parts / f"{slug}.pickle", pickle.dumps(item, pickle.HIGHEST_PROTOCOL))
        for part in parts.iterdir():
            if part.suffix == ".pickle" and part.stem not in record.events:
                part.unlink(missing_ok=True)
        self._on_disk = dict(record.events)
        index = _Index(self.stamp, self._manifest(), record.theme, record.settings, record.site_inputs,
                       record.site_files, record.site_keys, record.site_warnings,
                       {slug: item.fingerprint for slug, item in record.events.items()})
        write_atomically(self.folder / INDEX, pickle.dumps(index, pickle.HIGHEST_PROTOCOL))

    def _manifest(self) -> bytes:
        try:
            return hashlib.sha256((self.out / MANIFEST_NAME).read_bytes()).digest()
        except OSError:
            return b""


def _read(path: Path) -> object:
    return pickle.loads(path.read_bytes())


# The libraries whose release may change a page's bytes (templates, Markdown, feeds, codes).
LIBRARIES = ("jinja2", "markupsafe", "markdown", "nh3", "babel", "feedgen", "icalendar", "segno", "anyascii")


def code_stamp(pm: pluggy.PluginManager) -> tuple:
    """The path, time and size of every source file of the publisher and of every plugin
    (each plugin's package, or its module alone), and the releases of the libraries that
    make pages: a changed line of code, or an upgrade, may change a page."""
    roots = {Path(__file__).parent.parent}
    for plugin in pm.get_plugins():
        if isinstance(plugin, ModuleType) and getattr(plugin, "__file__", None):
            path = Path(plugin.__file__)
            roots.add(path.parent if path.name == "__init__.py" else path)
    found = []
    for root in sorted(roots):
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in files:
            st = os.stat(path)
            found.append((str(path), st.st_mtime_ns, st.st_size))
    return (*found, *(_release(name) for name in LIBRARIES))


def _release(name: str) -> tuple[str, str]:
    try:
        return name, importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return name, ""

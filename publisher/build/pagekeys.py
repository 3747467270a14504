"""What a page is rendered from, as a digest: a rebuild skips pages whose digest is unchanged.

A page that sets ``Page.context_only`` promises that its template reads nothing
but its context and what every page of its championship shows (the header: the
event's name, dates, venue, game, system and rounds; the menu; which pages
exist; the site's address and the archive's title, which names its feed in every page's
head; when its sources last changed). Its key digests
exactly that. Contexts are compared by their pickled bytes: equal bytes mean
equal values, so an unchanged key means unchanged HTML. An object that several
pages' contexts hold (the field, the latest standings) is pickled once per build
and stands in the others by its digest. A context that cannot be pickled gets no key, and its page is always
rendered. A JSON file is made from its data (and language) alone, so it always has a key. A dated page
without ``sources`` shows when its championship's folder last changed, so it changes
whenever its championship is rebuilt: it gets no key, and its context is not pickled. A
page that is not dated (``Page.dated``) is keyed by its context alone. A page whose plugin
sums its context up itself (``Page.digest``, made by :func:`digest` once when what it shows
changes) is keyed by that digest: its context is not pickled at every build.

An output whose context or data is a function (``publisher.model.made``) is keyed
by its ``sources`` and their times and sizes alone, without being made: the plugin
promises it is made from those files (and what every page of its championship
shows). Without sources, or with one that is not there to look at, it gets no key.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from publisher.build.render import Batch
from publisher.model import DataFile, Event, File, Page, Site


class PageKeys:
    """Keys of the pages of one batch (a championship's outputs, or the archive's)."""

    def __init__(self, batch: Batch, site: Site, event: Event | None, theme: object,
                 remembered: KeptKeys | None = None):
        header = None if event is None else (event.slug, event.name, event.start, event.end, event.venue,
                                              event.game, event.system, event.rounds)
        nav = [(p.path, p.nav, p.nav_order) for p in batch.nav]
        self._common = digest((header, nav, sorted(batch.paths), batch.prefix, site.url, site.front_title,
                               theme))
        keyed = [o for o in batch.outputs if isinstance(o, Page) and o.context_only and not o.digest
                 and not callable(o.context) and (o.sources or not o.dated)]
        counts = Counter(id(v) for o in keyed for v in o.context.values())
        self._shared: dict[int, bytes | None] = {}
        self._stats: dict[Path, tuple[int, int] | None] = {}
        self._signed: dict[Path, bytes | None] = {}
        for output in keyed:
            for value in output.context.values():
                if counts[id(value)] > 1 and id(value) not in self._shared:
                    self._shared[id(value)] = digest(value)
        self._unkeyable = {i for i, found in self._shared.items() if found is None}
        self._remembered = remembered

    def key(self, output: Page | DataFile | File) -> bytes | None:
        """The output's digest, or None when it must be rendered anyway."""
        if isinstance(output, DataFile | File):
            language = output.language if isinstance(output, DataFile) else ""
            if callable(output.data):
                return self._by_sources(output.path, output.sources, language)
            return digest((output.path, output.data, language))
        if not output.context_only or self._common is None:
            return None
        if output.digest and not output.dated:
            return self._by_digest(output)
        if callable(output.context):
            return self._by_sources(output.path, output.sources, output.template, output.title,
                                    output.language, self._common)
        if output.dated and not output.sources:
            return None
        if output.digest:
            context: Any = output.digest
        elif not self._unkeyable.isdisjoint(map(id, output.context.values())):
            return None
        else:
            shared = self._shared
            context = {k: shared.get(id(v), v) for k, v in output.context.items()}
        times = self._times(output.sources) if output.dated else None
        return digest((self._common, output.path, output.template, output.title, output.language,
                       output.sources, times, context))

    def _by_digest(self, output: Page) -> bytes | None:
        """The key of a page that is not dated and whose plugin summed up what it shows
        (``Page.digest``), remembered from the last build (:class:`KeptKeys`) for the same
        page object while what every page shows is the same: an archive's fourteen thousand
        person pages are keyed at every save."""
        remembered = self._remembered
        if remembered is not None and (known := remembered.known_page(output, self._common)) is not None:
            return known
        key = digest((output.path, output.template, output.title, output.language, self._common,
                      output.digest))
        if remembered is not None and key is not None:
            remembered.remember_page(output, self._common, key)
        return key

    def _by_sources(self, path: str, sources: tuple[Path, ...], *more: Any) -> bytes | None:
        """The key of an output made from ``sources`` alone; None without sources, or when
        one cannot be looked at (a live source's copy is gone once read): then it is made.
        The sources' names, times and sizes are joined as bytes, not pickled. A key
        remembered from the last build (:class:`KeptKeys`) is taken as it is when none of
        its sources' folders changed since."""
        if not sources:
            return None
        remembered = self._remembered
        if remembered is not None and (known := remembered.known(path, sources, more)) is not None:
            return known
        signed = self._signed
        try:
            signs = [signed[source] for source in sources]
        except KeyError:
            signs = [self._sign(source) for source in sources]
        if None in signs:
            return None
        rest = digest((path, *more))
        if rest is None:
            return None
        key = hashlib.sha256(b"".join((rest, *signs))).digest()
        if remembered is not None:
            remembered.remember(path, sources, more, key)
        return key

    def _sign(self, source: Path) -> bytes | None:
        """A source's name, time and size as bytes (None when it cannot be looked at)."""
        if source not in self._signed:
            stat = self._stat(source)
            self._signed[source] = None if stat is None else f"{source}\0{stat[0]}\0{stat[1]}\n".encode()
        return self._signed[source]

    def _times(self, sources: tuple[Path, ...]) -> list[tuple[int, int] | None]:
        """When the sources last changed, and their sizes (what a dated page is keyed by:
        it shows the newest time)."""
        return [self._stat(source) for source in sources]

    def _stat(self, source: Path) -> tuple[int, int] | None:
        if source not in self._stats:
            try:
                st = source.stat()
                self._stats[source] = (st.st_mtime_ns, st.st_size)
            except OSError:
                self._stats[source] = None
        return self._stats[source]


class KeptKeys:
    """The keys of the archive's outputs, kept between the builds of ``watch``, of those
    made from sources alone and of those a plugin summed up (``Page.digest``, a person's
    page). A saved result changes one championship's folder, and the fourteen thousand
    people of a federation's archive who did not play in it keep their keys without their
    pages' inputs digested again or a look at their files: a key still holds while its
    output's sources and its other inputs are the same and none of the folders its sources
    lie in changed (the builder fingerprints every championship's folder and the top of the
    content folder at every build: :meth:`start`)."""

    def __init__(self, content_dir: Path):
        self.content_dir = content_dir
        # By output path: its sources, its other inputs, the folders of its sources, its key.
        self._keys: dict[str, tuple[tuple[Path, ...], tuple, tuple[str, ...], bytes]] = {}
        self._last: dict[str, tuple[tuple[Path, ...], tuple, tuple[str, ...], bytes]] = {}
        self._fingerprints: dict[str, object] = {}
        self._changed: frozenset[str] = frozenset()
        # By output path: a page keyed by its digest, what every page showed, its key.
        self._pages: dict[str, tuple[Page, bytes, bytes]] = {}
        self._last_pages: dict[str, tuple[Page, bytes, bytes]] = {}

    def start(self, folders: Mapping[str, object]) -> None:
        """A new build, with each folder's fingerprint (a championship's by its name, the top
        of the content folder by ""). A key also holds what every page shows (the theme among
        it), so a new theme changes every key as it should."""
        self._last, self._keys = self._keys, {}  # the outputs gone are forgotten
        self._last_pages, self._pages = self._pages, {}
        last = self._fingerprints
        self._changed = frozenset(name for name in {*last, *folders} if last.get(name) != folders.get(name))
        self._fingerprints = dict(folders)

    def known(self, path: str, sources: tuple[Path, ...], more: tuple) -> bytes | None:
        """The remembered key of the output at ``path``, if it still holds."""
        found = self._last.get(path)
        if found is None:
            return None
        was, inputs, folders, key = found
        if (was is sources or was == sources) and inputs == more and self._changed.isdisjoint(folders):
            self._keys[path] = found
            return key
        return None

    def known_page(self, page: Page, common: bytes) -> bytes | None:
        """The remembered key of a page keyed by its digest (``Page.digest``) when it is the very
        page object of the last build, under the same inputs of every page: a plugin keeps a
        page while what it shows is the same (an archive's person pages), and a page is not
        changed once made. Its key is then taken without its inputs compared."""
        found = self._last_pages.get(page.path)
        if found is not None and found[0] is page and found[1] == common:
            self._pages[page.path] = found
            return found[2]
        return None

    def remember_page(self, page: Page, common: bytes, key: bytes) -> None:
        self._pages[page.path] = (page, common, key)

    def remember(self, path: str, sources: tuple[Path, ...], more: tuple, key: bytes) -> None:
        """Keep ``key`` for the next build, when every source lies in a fingerprinted folder."""
        folders = set()
        for source in sources:
            try:
                parts = source.relative_to(self.content_dir).parts
            except ValueError:
                return
            folder = parts[0] if len(parts) > 1 else ""
            if folder not in self._fingerprints:
                return
            folders.add(sys.intern(folder))
        self._keys[path] = (sources, more, tuple(folders), key)


def digest(value: Any) -> bytes | None:
    """A value's digest, made from its pickle: equal digests mean equal values. None for a
    value that does not pickle."""
    try:
        return hashlib.sha256(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None

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
page that is not dated (``Page.dated``) is keyed by its context alone.

An output whose context or data is a function (``publisher.model.made``) is keyed
by its ``sources`` and their times and sizes alone, without being made: the plugin
promises it is made from those files (and what every page of its championship
shows). Without sources, or with one that is not there to look at, it gets no key.
"""

from __future__ import annotations

import hashlib
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

from publisher.build.render import Batch
from publisher.model import DataFile, Event, File, Page, Site


class PageKeys:
    """Keys of the pages of one batch (a championship's outputs, or the archive's)."""

    def __init__(self, batch: Batch, site: Site, event: Event | None, theme: object):
        header = None if event is None else (event.slug, event.name, event.start, event.end, event.venue,
                                              event.game, event.system, event.rounds)
        nav = [(p.path, p.nav, p.nav_order) for p in batch.nav]
        self._common = _digest((header, nav, sorted(batch.paths), batch.prefix, site.url, site.front_title,
                                theme))
        keyed = [o for o in batch.outputs if isinstance(o, Page) and o.context_only
                 and not callable(o.context) and (o.sources or not o.dated)]
        counts = Counter(id(v) for o in keyed for v in o.context.values())
        self._shared: dict[int, bytes | None] = {}
        self._stats: dict[Path, tuple[int, int] | None] = {}
        for output in keyed:
            for value in output.context.values():
                if counts[id(value)] > 1 and id(value) not in self._shared:
                    self._shared[id(value)] = _digest(value)
        self._unkeyable = {i for i, digest in self._shared.items() if digest is None}

    def key(self, output: Page | DataFile | File) -> bytes | None:
        """The output's digest, or None when it must be rendered anyway."""
        if isinstance(output, DataFile | File):
            language = output.language if isinstance(output, DataFile) else ""
            if callable(output.data):
                return self._by_sources(output.path, output.sources, language)
            return _digest((output.path, output.data, language))
        if callable(output.context):
            if not output.context_only or self._common is None:
                return None
            return self._by_sources(output.path, output.sources, output.template, output.title,
                                    output.language, self._common)
        if not output.context_only or (output.dated and not output.sources):
            return None
        if self._common is None or not self._unkeyable.isdisjoint(map(id, output.context.values())):
            return None
        shared = self._shared
        context = {k: shared.get(id(v), v) for k, v in output.context.items()}
        times = self._times(output.sources) if output.dated else None
        return _digest((self._common, output.path, output.template, output.title, output.language,
                        output.sources, times, context))

    def _by_sources(self, path: str, sources: tuple[Path, ...], *more: Any) -> bytes | None:
        """The key of an output made from ``sources`` alone; None without sources, or when
        one cannot be looked at (a live source's copy is gone once read): then it is made."""
        times = self._times(sources)
        if not sources or None in times:
            return None
        return _digest((path, [str(s) for s in sources], times, *more))  # a str pickles fast, a Path not

    def _times(self, sources: tuple[Path, ...]) -> list[tuple[int, int] | None]:
        """When the sources last changed, and their sizes (what a page made from them
        alone is keyed by; a dated page also shows the newest time)."""
        return [self._stat(source) for source in sources]

    def _stat(self, source: Path) -> tuple[int, int] | None:
        if source not in self._stats:
            try:
                st = source.stat()
                self._stats[source] = (st.st_mtime_ns, st.st_size)
            except OSError:
                self._stats[source] = None
        return self._stats[source]


def _digest(value: Any) -> bytes | None:
    try:
        return hashlib.sha256(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None

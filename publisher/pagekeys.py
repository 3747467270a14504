"""What a page is rendered from, as a digest: a rebuild skips pages whose digest is unchanged.

A page that sets ``Page.context_only`` promises that its template reads nothing
but its context and what every page of its championship shows (the header: the
event's name, dates, venue, game, system and rounds; the menu; which pages
exist; the site's address; when its sources last changed). Its key digests
exactly that. Contexts are compared by their pickled bytes: equal bytes mean
equal values, so an unchanged key means unchanged HTML. An object that several
pages' contexts hold (the field, the latest standings) is pickled once per build
and stands in the others by its digest. A context that cannot be pickled gets no key, and its page is always
rendered. A JSON file is made from its data alone, so it always has a key. A dated page
without ``sources`` shows when its championship's folder last changed, so it changes
whenever its championship is rebuilt: it gets no key, and its context is not pickled. A
page that is not dated (``Page.dated``) is keyed by its context alone.
"""

from __future__ import annotations

import hashlib
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

from publisher.model import DataFile, Event, File, Page, Site
from publisher.render import Batch


class PageKeys:
    """Keys of the pages of one batch (a championship's outputs, or the archive's)."""

    def __init__(self, batch: Batch, site: Site, event: Event | None, theme: object):
        header = None if event is None else (event.slug, event.name, event.start, event.end, event.venue,
                                              event.game, event.system, event.rounds)
        nav = [(p.path, p.nav, p.nav_order) for p in batch.nav]
        self._common = _digest((header, nav, sorted(batch.paths), batch.prefix, site.url, theme))
        keyed = [o for o in batch.outputs
                 if isinstance(o, Page) and o.context_only and (o.sources or not o.dated)]
        counts = Counter(id(v) for o in keyed for v in o.context.values())
        self._shared: dict[int, bytes | None] = {}
        for output in keyed:
            for value in output.context.values():
                if counts[id(value)] > 1 and id(value) not in self._shared:
                    self._shared[id(value)] = _digest(value)

    def key(self, output: Page | DataFile | File) -> bytes | None:
        """The output's digest, or None when it must be rendered anyway."""
        if isinstance(output, DataFile | File):
            return _digest((output.path, output.data))
        if not output.context_only or (output.dated and not output.sources):
            return None
        context = {k: self._shared.get(id(v), v) for k, v in output.context.items()}
        if self._common is None or any(id(v) in self._shared and self._shared[id(v)] is None
                                       for v in output.context.values()):
            return None
        times = self._times(output.sources) if output.dated else None
        return _digest((self._common, output.path, output.template, output.title, output.sources,
                        times, context))

    def _times(self, sources: tuple[Path, ...]) -> list[int | None]:
        """When the page's sources last changed (a page may say so)."""
        times = []
        for source in sources:
            try:
                times.append(source.stat().st_mtime_ns)
            except OSError:
                times.append(None)
        return times


def _digest(value: Any) -> bytes | None:
    try:
        return hashlib.sha256(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None

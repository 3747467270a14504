"""What a builder keeps between its builds, and the one rule for when a kept thing still holds.

Under ``watch`` a saved result builds the site again, although only the saved file
changed. Everything a build can take from the last one instead of making it again is
kept by the :class:`~publisher.build.builder.Builder` that made it (and so by the
watcher that owns the builder), never by a module: the builder's own record of what it
wrote (:mod:`publisher.build.record`, which ``publisher build`` keeps in a cache folder
beside the site for its next run), and a :class:`Kept` that it hands to the readers and
to every plugin through the ``kept`` argument of ``publisher_load_event``, ``publisher_compute_event``,
``publisher_event_pages`` and ``publisher_site_pages``. Two builders share nothing;
a command that reads one championship (``pair``, ``draw``, ``export``) gets a fresh one.

The rule: **a kept thing is used only while everything it was made from is the same,
and what it was made from is named by its key**, so that an incremental build equals
a full build (``tests/test_incremental.py`` checks this on random edits, saves and
sources). Each kind of thing is keyed by what it reads:

- a championship's written files: its folder's fingerprint (every content file's path,
  time, size and mode), the theme's files and ``site.toml``'s settings (the builder,
  :meth:`~publisher.build.builder.Builder.build`);
- one page of a championship that is rendered again: the digest of its context and of
  what every page of the championship shows, or of its ``sources``' times and sizes
  (:mod:`publisher.build.pagekeys`);
- the archive's own pages: the theme, the top of the content folder and every
  championship's fingerprint;
- a file as read (:meth:`Kept.file`): its path, modification time and size, and whatever
  else its reading looked at (``inputs``: the field's ids a round file was checked
  against). The file is looked at before it is read, so a save while it is read is seen
  by the next build; a file that does not read is never kept, so its problems are told
  at every build until it is mended;
- what is made from a kept thing (:meth:`Kept.made_from`): that thing's identity (the
  same object, not one at its old address) and the other ``inputs``;
- what a plugin keeps in a named :meth:`Kept.store` under its own key: a digest of
  exactly what it is made from (the McMahon standings after round n).

What is kept is shared by the builds that take it: its readers must not change it.
Every store holds its most recently used entries only, so a watched archive of fifty
does not hold fifty championships' tables. A single build (``publisher build``), which
reads each championship once, keeps nothing for a later build (``between_builds`` is
False) and empties every store once a championship is written (:meth:`Kept.forget`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

KEEP_FILES = 40  # files kept: the field and the rounds of the championship being edited, and a few more


class Kept:
    """One builder's memory between builds: named stores, files as read, things made from them."""

    def __init__(self, between_builds: bool = True):
        """``between_builds=False`` for a builder that builds once: a plugin that would keep
        what it made for the next build (the archive's search index) keeps nothing then, so
        that it holds each file only while it is written."""
        self.between_builds = between_builds
        self._stores: dict[str, OrderedDict] = {}
        self._made_from: dict[str, MadeFrom] = {}

    def store(self, name: str) -> OrderedDict:
        """The store called ``name`` (a plugin's own, named after it: ``"macmahon.standings"``),
        empty the first time it is asked for and emptied with the others by :meth:`forget`."""
        found = self._stores.get(name)
        if found is None:
            found = self._stores[name] = OrderedDict()
        return found

    def forget(self) -> None:
        """Empty every store: nothing read or computed so far is kept for a later build."""
        for kept in self._stores.values():
            kept.clear()

    def file(self, path: Path, inputs: Hashable, read: Callable[[], T]) -> T:
        """File ``path`` as ``read()`` last read it with the same ``inputs``, or read now and
        kept from now on."""
        try:
            st = path.stat()
        except OSError:
            return read()  # reading it tells what is wrong
        key = (st.st_mtime_ns, st.st_size, inputs)
        files = self.store("files")
        found = files.get(path)
        if found is not None and found[0] == key:
            files.move_to_end(path)
            return found[1]
        value = read()
        files[path] = (key, value)
        while len(files) > KEEP_FILES:
            files.popitem(last=False)
        return value

    def made_from(self, name: str, keep: int) -> MadeFrom:
        """The :class:`MadeFrom` store called ``name``, holding the ``keep`` most recently used."""
        found = self._made_from.get(name)
        if found is None:
            found = self._made_from[name] = MadeFrom(self.store(name), keep)
        return found


class MadeFrom:
    """What was made from an object a build may find again at the next one (a kept file as
    read, a list made of it), kept under that object's identity and the other ``inputs``:
    found again while the object is the same one (not merely one at its old address) and
    the inputs are equal. Holds the ``keep`` most recently used."""

    def __init__(self, made: OrderedDict[int, tuple[object, Hashable, Any]], keep: int):
        self.made = made
        self.keep = keep

    def get_or_make(self, source: object, inputs: Hashable, make: Callable[[], T]) -> T:
        found = self.made.get(id(source))
        if found is not None and found[0] is source and found[1] == inputs:
            self.made.move_to_end(id(source))
            return found[2]
        made = make()
        self.made[id(source)] = (source, inputs, made)
        while len(self.made) > self.keep:
            self.made.popitem(last=False)
        return made

"""Files read, kept between the builds of one process under their time and size.

Under ``watch`` a saved result reads its championship again, although only the
saved file changed: players.csv and the round files before it are as they were.
A file is kept as it was read under its path, modification time and size, and
whatever else its reading looked at (``inputs``: the field's ids a round file was
checked against); while they stay the same, the next build takes it as then read.
The file is looked at before it is read, so a save while it is read is seen by the
next build. A file that does not read is never kept: its problems are told at
every build until it is mended. What is kept is shared by the builds that take it:
its readers must not change it.

A plugin that keeps what it computed between builds (a system's standings) makes its
store with :func:`store` (a :class:`MadeFrom` does), so that a single build (``publisher
build``), which reads each championship once, can let go of everything kept once a
championship is written (:func:`forget`), instead of holding the last few championships'
files and tables.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

KEEP = 40  # files kept: the field and the rounds of the championship being edited, and a few more

_stores: list[OrderedDict] = []
_between_builds = True


def keep_between_builds(keep: bool) -> None:
    """Said by every build: False for a single build, after which nothing kept is of use."""
    global _between_builds
    _between_builds = keep


def keeping() -> bool:
    """Whether what a build makes may be of use to a later one: a plugin that keeps what
    it made for the next build (the archive's search index) keeps nothing in a single build,
    so that it holds each file only while it is written."""
    return _between_builds


def store() -> OrderedDict:
    """An empty store of things kept between builds, emptied with the others by :func:`forget`."""
    made: OrderedDict = OrderedDict()
    _stores.append(made)
    return made


def forget() -> None:
    """Empty every store: nothing read or computed so far is kept for a later build."""
    for kept in _stores:
        kept.clear()


_kept: OrderedDict[Path, tuple[tuple, Any]] = store()


def kept_file(path: Path, inputs: Hashable, read: Callable[[], T]) -> T:
    """File ``path`` as ``read()`` last read it with the same ``inputs``, or read now and
    kept from now on."""
    try:
        st = path.stat()
    except OSError:
        return read()  # reading it tells what is wrong
    key = (st.st_mtime_ns, st.st_size, inputs)
    found = _kept.get(path)
    if found is not None and found[0] == key:
        _kept.move_to_end(path)
        return found[1]
    value = read()
    _kept[path] = (key, value)
    while len(_kept) > KEEP:
        _kept.popitem(last=False)
    return value


class MadeFrom:
    """What was made from an object a build may find again at the next one (a kept file as
    read, a list made of it), kept under that object's identity and the other ``inputs``:
    found again while the object is the same one (not merely one at its old address) and
    the inputs are equal. Holds the ``keep`` most recently used."""

    def __init__(self, keep: int):
        self.keep = keep
        self.made: OrderedDict[int, tuple[object, Hashable, Any]] = store()

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

"""Parts of a page kept between the renderings of ``watch``: ``{% call kept(item) %}…{% endcall %}``.

A page that lists a thousand championships, or a country's thousands of players, is
rendered again at every save that changes one of them, and most of its time goes to the
rows that did not change. A template marks such a row with the ``kept`` call block: under
``watch`` the markup it made for the very same object (a championship's summary, a club
member's entry: objects a build keeps while they are the same and never changes) on the
same page in the same language is used again instead of rendering the block; a plugin's
Python filter does the same with :meth:`PageFragments.get`. The block must show nothing
but that object and what every row of the page shares: the page's place and language (its
links), its catalogs and its language versions, which keep a page's parts only while they
are the same. A new theme or new site settings forget them all (the builder).

A page keeps the parts its last rendering used, no others: a part of an object gone from
the page goes with it. A rendering that fails keeps nothing. A single build (``publisher
build``) renders each page once and keeps nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import jinja2

from publisher.build.versions import Versions

T = TypeVar("T")


class PageFragments:
    """The parts of one page's rendering: those of its last rendering, and those made now."""

    def __init__(self, last: dict[int, tuple[object, Any]]):
        self._last = last
        self.made: dict[int, tuple[object, Any]] = {}

    def get(self, item: object, make: Callable[[], T]) -> T:
        """The part of ``item`` as the last rendering made it for the same object, or ``make()``."""
        found = self._last.get(id(item))  # the object is held with its part: its id is its own
        if found is None or found[0] is not item:
            found = (item, make())
        self.made[id(item)] = found
        return found[1]


class Fragments:
    """Every page's parts, by its path and language, kept by a watched build's renderer."""

    def __init__(self) -> None:
        self._pages: dict[tuple[str, str], tuple[Versions, Any, dict[int, tuple[object, Any]]]] = {}

    @contextmanager
    def page(self, path: str, language: str, versions: Versions,
             translations: Any) -> Iterator[PageFragments]:
        """The parts of the page at ``path`` in ``language`` while it is rendered; those kept
        from its last rendering only when its versions and its catalogs are the same."""
        place = (path, language)
        last = self._pages.pop(place, None)  # taken out while rendered: a failed rendering keeps nothing
        known = last[2] if last is not None and last[0] == versions and last[1] is translations else {}
        fragments = PageFragments(known)
        yield fragments
        if fragments.made:
            self._pages[place] = (versions, translations, fragments.made)

    def clear(self) -> None:
        self._pages.clear()

    def retain(self, site: Container[str]) -> None:
        """Forget the parts of the pages ``site`` no longer has (a club whose last member left)."""
        for place in [place for place in self._pages if place[0] not in site]:
            del self._pages[place]


@jinja2.pass_context
def kept(context: jinja2.runtime.Context, item: object, caller: Callable[[], Any]) -> Any:
    """``{% call kept(item) %}…{% endcall %}``: the block as rendered for ``item`` before, on
    this page in this language, under ``watch``; rendered now otherwise."""
    fragments = context.get("_fragments")
    return caller() if fragments is None else fragments.get(item, caller)

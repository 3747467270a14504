"""Page keys (``publisher.build.pagekeys``): an unchanged key means an unchanged page, a value
that several pages show is digested once and stands in each, and a page whose context
cannot be pickled gets no key (it is always rendered)."""

from pathlib import Path

from publisher.build.pagekeys import PageKeys
from publisher.build.render import Batch
from publisher.model import Page, Site


def pages(field: object, mine: list[object]) -> list[Page]:
    return [Page(f"players/{n}.html", "player.html", f"Player {n}", {"players": field, "mine": m},
                 context_only=True, dated=False) for n, m in enumerate(mine)]


def keys(outputs: list[Page]) -> list[bytes | None]:
    batch = Batch(outputs, prefix="club")
    found = PageKeys(batch, Site(Path("content"), []), None, ())
    return [found.key(o) for o in outputs]


def test_keys_follow_each_page_and_the_values_pages_share():
    field = {"a": ["Ann", "3d"], "b": ["Bob", "2k"]}
    first = keys(pages(field, [1, 2]))
    assert None not in first and first[0] != first[1]
    assert keys(pages({"a": ["Ann", "3d"], "b": ["Bob", "2k"]}, [1, 2])) == first  # equal values
    changed = keys(pages(field, [1, 3]))
    assert changed[0] == first[0] and changed[1] != first[1]
    renamed = keys(pages({"a": ["Anna", "3d"], "b": ["Bob", "2k"]}, [1, 2]))
    assert renamed[0] != first[0] and renamed[1] != first[1]  # the shared field reaches both


def test_a_shared_value_that_cannot_be_pickled_leaves_its_pages_unkeyed():
    field = {"a": lambda: "Ann"}  # a function defined here cannot be pickled
    assert keys(pages(field, [1, 2])) == [None, None]
    alone = [*pages({"a": "Ann"}, [1]),
             Page("other.html", "other.html", "Other", {"mine": 1}, context_only=True, dated=False)]
    assert None not in keys(alone)

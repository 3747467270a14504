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


def test_a_page_summed_up_by_its_plugin_is_keyed_by_that_digest_alone():
    """``Page.digest`` stands for the context: its context is not pickled (here it cannot
    be), equal digests give equal keys and another digest another key."""
    def page(digest: bytes) -> Page:
        return Page("countries/si.html", "archive/group.html", "Slovenia", {"group": lambda: "big"},
                    context_only=True, dated=False, digest=digest)

    first, same, other = (keys([page(d)])[0] for d in (b"one", b"one", b"two"))
    assert first is not None and first == same and first != other
    assert keys([page(b"")]) == [None]  # without one, its context is pickled, and cannot be


def made_pages(sources: dict[str, tuple[Path, ...]]) -> list[Page]:
    return [Page(f"players/{name}.html", "archive/person.html", name.title(), lambda: {}, context_only=True,
                 sources=found, dated=False) for name, found in sources.items()]


def test_keys_made_from_sources_are_remembered_while_their_folders_do_not_change(tmp_path):
    """Under watch a person's key is taken as the last build's while no folder of their
    sources changed (by its fingerprint), so the build does not look at their files; a
    change of one of those folders, of the sources themselves or of what every page shows
    makes it anew, and a source outside the content folder is looked at every time."""
    from publisher.build.pagekeys import KeptKeys

    content = tmp_path / "content"
    for folder in ("spring", "autumn"):
        (content / folder).mkdir(parents=True)
        (content / folder / "players.csv").write_text("id,name\n", encoding="utf-8")
    outside = tmp_path / "elsewhere.csv"
    outside.write_text("x\n", encoding="utf-8")
    sources = {"ana": (content / "spring" / "players.csv",), "bob": (content / "autumn" / "players.csv",),
               "eve": (outside,)}
    remembered = KeptKeys(content)

    def build(fingerprints: dict[str, object], title: str = "") -> list[bytes | None]:
        remembered.start(fingerprints)
        outputs = made_pages(sources)
        found = PageKeys(Batch(outputs), Site(content, [], front_title=title), None, (), remembered)
        return [found.key(o) for o in outputs]

    first = build({"": 1, "spring": 1, "autumn": 1})
    (content / "autumn" / "players.csv").write_text("id,name\nb1,Bob\n", encoding="utf-8")
    outside.write_text("y\n", encoding="utf-8")
    unseen = build({"": 1, "spring": 1, "autumn": 1})  # the folder's change not yet fingerprinted
    assert unseen[:2] == first[:2] and unseen[2] != first[2]
    seen = build({"": 1, "spring": 1, "autumn": 2})
    assert seen[0] == first[0] and seen[1] != first[1]
    assert None not in seen
    titled = build({"": 1, "spring": 1, "autumn": 2}, title="Another archive")
    assert titled[0] != seen[0]
    sources["ana"] = (content / "spring" / "players.csv", content / "autumn" / "players.csv")
    assert build({"": 1, "spring": 1, "autumn": 2}, title="Another archive")[0] != titled[0]

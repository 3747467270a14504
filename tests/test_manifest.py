"""The manifest: the one record of what a site holds, shared by build and publish."""

from publisher.build.manifest import (
    PackedGroup,
    compare,
    dumps_manifest,
    entry_of,
    join_manifest_lines,
    loads_manifest,
    manifest_lines,
    manifest_of,
    manifest_of_folder,
)


def test_manifest_round_trips_and_is_sorted():
    manifest = manifest_of({"b.html": b"<p>b</p>", "a/x.json": b"{}"})
    data = dumps_manifest(manifest)
    assert loads_manifest(data) == manifest
    assert data.index(b"a/x.json") < data.index(b"b.html")
    assert manifest["a/x.json"].size == 2
    assert manifest["a/x.json"].sha256 == (
        "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a")


def test_damaged_manifest_is_none():
    assert loads_manifest(b"not json") is None
    assert loads_manifest(b'{"files": {"a": {"sha256": "x"}}}') is None
    assert loads_manifest(b"\xff") is None


def test_compare_names_added_changed_removed():
    old = manifest_of({"same": b"1", "edit": b"1", "gone": b"1"})
    new = manifest_of({"same": b"1", "edit": b"2", "new": b"1"})
    changes = compare(old, new)
    assert (changes.added, changes.changed, changes.removed) == (["new"], ["edit"], ["gone"])
    assert changes.uploads == ["edit", "new"]
    assert not compare(new, new)


def test_folder_manifest_skips_itself(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "p.html").write_bytes(b"page")
    (tmp_path / ".publisher-manifest.json").write_bytes(b"{}")
    assert manifest_of_folder(tmp_path) == {"d/p.html": entry_of(b"page")}


def test_a_packed_group_is_the_files_it_was_made_of():
    files = manifest_of({"ev/b.html": b"b", "ev/a \"quoted\" ł.html": b"a", "ev/c.json": b"{}"})
    packed = PackedGroup(files)
    assert len(packed) == 3 and dict(packed.items()) == files and packed == files
    assert list(packed) == sorted(files) and packed["ev/c.json"] == files["ev/c.json"]
    assert "ev/b.html" in packed and "ev/d.html" not in packed
    assert packed.lines == manifest_lines(files)
    assert loads_manifest(join_manifest_lines([packed.lines])) == files

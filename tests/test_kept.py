"""What a builder keeps between builds (``publisher.build.kept``): files taken as last read
while their time, size and inputs stay, read again once any of them changes, never kept when
they do not read; what is made from a kept object; named stores that are each builder's own."""

import os

import pytest

from publisher.build.kept import Kept
from publisher.problems import ContentError, Problem


def reader(path, reads):
    def read():
        reads.append(path.read_text(encoding="utf-8"))
        if "broken" in reads[-1]:
            raise ContentError(Problem(path, "is broken", "mend it"))
        return [reads[-1]]
    return read


def test_a_file_is_read_again_only_when_it_or_its_inputs_change(tmp_path):
    path, reads, kept = tmp_path / "players.csv", [], Kept()
    path.write_text("id,name\na,Ann\n", encoding="utf-8")
    first = kept.file(path, ("x",), reader(path, reads))
    assert kept.file(path, ("x",), reader(path, reads)) is first and len(reads) == 1
    assert kept.file(path, ("y",), reader(path, reads)) == first and len(reads) == 2  # other inputs
    stat = path.stat()
    path.write_text("id,name\na,Bob\n", encoding="utf-8")  # the same size: the time tells
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1000))
    assert kept.file(path, ("y",), reader(path, reads)) == ["id,name\na,Bob\n"]
    path.write_text("id,name\na,Bo\n", encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1000))  # the same time: the size tells
    assert kept.file(path, ("y",), reader(path, reads)) == ["id,name\na,Bo\n"]


def test_a_broken_file_is_not_kept_and_is_read_again_once_mended(tmp_path):
    path, reads, kept = tmp_path / "1.csv", [], Kept()
    path.write_text("broken\n", encoding="utf-8")
    for _ in range(2):  # its problem is told at every build
        with pytest.raises(ContentError, match="is broken"):
            kept.file(path, (), reader(path, reads))
    assert len(reads) == 2
    path.write_text("mended\n", encoding="utf-8")
    assert kept.file(path, (), reader(path, reads)) == ["mended\n"]


def test_a_missing_file_is_read_every_time(tmp_path):
    path, reads, kept = tmp_path / "gone.csv", [], Kept()

    def read():
        reads.append(1)
        raise ContentError(Problem(path, "is missing", "add it"))

    for _ in range(2):
        with pytest.raises(ContentError):
            kept.file(path, (), read)
    assert reads == [1, 1]


def test_made_from_an_object_is_made_again_for_another_object_or_other_inputs():
    made, store = [], Kept().made_from("test", 2)
    field = ["a", "b"]

    def make():
        made.append(1)
        return len(made)

    assert store.get_or_make(field, ("rank",), make) == 1
    assert store.get_or_make(field, ("rank",), make) == 1  # the same list, the same inputs
    assert store.get_or_make(list(field), ("rank",), make) == 2  # an equal list is another one
    assert store.get_or_make(field, ("rank", "club"), make) == 3  # other inputs
    others = [[n] for n in range(3)]
    for other in others:
        store.get_or_make(other, (), make)
    assert len(store.made) == 2  # the two most recently used
    assert store.get_or_make(field, ("rank", "club"), make) == 7


def test_stores_are_found_by_name_and_belong_to_one_builder(tmp_path):
    """A plugin asks for its store by name at every build and finds what it kept; another
    builder's memory (another watched archive, a fresh build) shares nothing with it."""
    path = tmp_path / "players.csv"
    path.write_text("id,name\na,Ann\n", encoding="utf-8")
    mine, other = Kept(), Kept()
    mine.store("plugin.tables")["round 1"] = "table"
    assert mine.store("plugin.tables") == {"round 1": "table"}
    assert other.store("plugin.tables") == {}
    first = mine.file(path, (), lambda: ["read by mine"])
    assert other.file(path, (), lambda: ["read by other"]) == ["read by other"]
    assert mine.made_from("plugin.made", 4) is mine.made_from("plugin.made", 4)
    mine.made_from("plugin.made", 4).get_or_make(first, (), lambda: "made")
    mine.forget()  # a single build lets go of everything once a championship is written
    assert mine.store("plugin.tables") == {} and mine.store("files") == {}
    assert mine.store("plugin.made") == {}
    assert mine.file(path, (), lambda: ["read again"]) == ["read again"]

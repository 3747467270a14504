import pytest

from publisher.ranks import Rank, canonical


@pytest.mark.parametrize(("typed", "written"), [
    ("2d", "2d"), ("2 dan", "2d"), ("2-Dan", "2d"), ("2D", "2d"), (" 6 DAN ", "6d"),
    ("1k", "1k"), ("1 kyu", "1k"), ("10 Kyu", "10k"), ("30k", "30k"), ("1p", "1p"), ("9 pro", "9p"),
])
def test_ranks_are_read_leniently_and_written_canonically(typed, written):
    assert canonical(typed) == written


def test_ranks_order_from_weakest_kyu_to_professional():
    ranks = [Rank.parse(r) for r in ["1p", "10k", "1d", "1k", "6d", "2k"]]
    assert [str(r) for r in sorted(ranks, reverse=True)] == ["1p", "6d", "1d", "1k", "2k", "10k"]
    assert str(Rank.parse("1d").below()) == "1k"
    assert str(Rank.parse("3d").below()) == "2d"


@pytest.mark.parametrize("typed", ["", "dan", "0k", "5x", "2 dans and more", "k5"])
def test_unreadable_ranks_say_how_to_write_one(typed):
    with pytest.raises(ValueError, match=r"write it like 5d, 2 dan, 1k or 3 kyu|ranks start at 1"):
        Rank.parse(typed)

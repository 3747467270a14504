import pytest

from publisher.ranks import Rank


@pytest.mark.parametrize(("typed", "written"), [
    ("2d", "2d"), ("2 dan", "2d"), ("2-Dan", "2d"), ("2D", "2d"), (" 6 DAN ", "6d"),
    ("1k", "1k"), ("1 kyu", "1k"), ("10 Kyu", "10k"), ("30k", "30k"), ("1p", "1p"), ("9 pro", "9p"),
])
def test_ranks_are_read_leniently_and_written_canonically(typed, written):
    assert str(Rank.parse(typed)) == written


def test_ranks_order_from_weakest_kyu_to_professional():
    ranks = [Rank.parse(r) for r in ["1p", "10k", "1d", "1k", "6d", "2k"]]
    assert [str(r) for r in sorted(ranks, reverse=True)] == ["1p", "6d", "1d", "1k", "2k", "10k"]
    assert Rank.parse("1d").value - Rank.parse("1k").value == 1  # no gap between 1k and 1d


@pytest.mark.parametrize("typed", ["", "dan", "0k", "5x", "2 dans and more", "k5", "١d", "99d", "10 dan",
                                   "31k", "10p"])
def test_unreadable_ranks_say_how_to_write_one(typed):
    with pytest.raises(ValueError, match=r"is not a rank"):
        Rank.parse(typed)

"""The shared English helpers: places and lists of names as a reader expects them."""

import pytest

from publisher.text import join_names, ordinal


@pytest.mark.parametrize(("n", "text"), [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"),
    (11, "11th"), (12, "12th"), (13, "13th"), (14, "14th"),
    (21, "21st"), (22, "22nd"), (23, "23rd"), (100, "100th"),
    (101, "101st"), (111, "111th"), (112, "112th"), (113, "113th"), (121, "121st"),
])
def test_ordinal(n: int, text: str) -> None:
    assert ordinal(n) == text


@pytest.mark.parametrize(("names", "text"), [
    (["Ana"], "Ana"),
    (["Ana", "Bo"], "Ana and Bo"),
    (["Ana", "Bo", "Cy"], "Ana, Bo and Cy"),
    (("Ana", "Bo", "Cy", "Dee"), "Ana, Bo, Cy and Dee"),
])
def test_join_names(names: list[str], text: str) -> None:
    assert join_names(names) == text


def test_join_names_refuses_an_empty_list() -> None:
    with pytest.raises(ValueError):
        join_names([])

"""The shared text helpers: places, lists of names and names folded for search as a reader expects them."""

import pytest

from publisher.text import fold, fold_table, join_names, ordinal, search_key, some_names


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


@pytest.mark.parametrize(("count", "text"), [
    (1, "N0"), (6, "N0, N1, N2, N3, N4 and N5"), (7, "N0, N1, N2, N3, N4 and 2 more"),
    (1705, "N0, N1, N2, N3, N4 and 1,700 more"),
])
def test_some_names_counts_what_it_leaves_out(count: int, text: str) -> None:
    assert some_names([f"N{n}" for n in range(count)]) == text


def test_join_names_refuses_an_empty_list() -> None:
    with pytest.raises(ValueError):
        join_names([])


@pytest.mark.parametrize(("name", "typed"), [
    ("Žana KOVAČEVIĆ", "zana kovacevic"), ("Łukasz Wróbel", "lukasz wrobel"),
    ("Ørjan Ødegård", "orjan odegard"), ("Strauß", "strauss"), ("Æsa Þórsdóttir", "aesa thorsdottir"),
    ("Jörg Müller", "jorg muller"), ("羽生 善治", "羽生 善治"), ("Кирилл", "кирилл"),
])
def test_fold_makes_latin_letters_plain_and_keeps_other_scripts(name: str, typed: str) -> None:
    assert fold(name) == typed


def test_a_search_key_carries_both_spellings_of_an_umlaut() -> None:
    assert search_key("Jörg Müller") == "jorg muller joerg mueller"
    assert search_key("Citroën Ilić") == "citroen ilic"  # ë is not an umlaut of a, o or u
    for typed in ["Müller", "muller", "MUELLER", "jorg", "joerg mue"]:
        assert fold(typed) in search_key("Jörg Müller")


def test_the_fold_table_is_what_a_script_needs_after_dropping_marks() -> None:
    """find.js folds typed text with lower case, NFD, marks dropped, then this table: the same as fold."""
    table = fold_table()
    assert {c: table[c] for c in "łøßæđþı"} == {
        "ł": "l", "ø": "o", "ß": "ss", "æ": "ae", "đ": "d", "þ": "th", "ı": "i"}
    assert "é" not in table and "ü" not in table  # accents are dropped before the table
    assert all(value.isascii() for value in table.values())


def test_ascii_text_folds_as_it_does_beside_an_accented_letter() -> None:
    # ASCII text takes a short way; it must give what the full folding gives
    text = "".join(map(chr, range(32, 127)))
    assert fold(text) == fold(text + "é")[:-1] == text.lower()
    assert search_key("Player Mueller 17") == search_key("Player Mueller 17é")[:-1] == "player mueller 17"

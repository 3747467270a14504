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


def test_katakana_folds_to_hiragana_so_a_reading_is_found_typed_in_either() -> None:
    assert fold("カトウ ヒフミ") == "かとう ひふみ"
    assert fold("かとう") == "かとう"
    assert "かとうひふみ" in search_key("加藤 一二三", "JP").split()  # its reading, as typed in either


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


def found(typed: str, key: str) -> bool:
    """What the site's search.js does: every word typed, folded, is part of the key."""
    return all(term in key for term in fold(typed).split())


@pytest.mark.parametrize("typed", ["Katō", "kato", "Katou", "KATOH", "katoo", "加藤", "かとう", "加藤 一二三",
                                   "加藤一二三", "hifumi", "katou hifumi", "ひふみ"])
def test_a_japanese_name_is_found_by_every_spelling_of_its_long_vowels(typed: str) -> None:
    assert found(typed, search_key("Katō Hifumi 加藤 一二三 s001", "JP"))
    assert found(typed, search_key("Kato Hifumi 加藤一二三", ""))  # kana or not, Han is read as Japanese too


def test_a_latin_name_with_macrons_carries_the_four_spellings_of_each_word() -> None:
    assert search_key("Katō") == "kato katou katoh katoo"
    assert search_key("Ōno Yūsuke") == "ono yusuke ouno ohno oono yuusuke"


@pytest.mark.parametrize("typed", ["王小明", "小明", "wang xiaoming", "wang xiao ming", "xiaoming",
                                   "wangxiaoming", "Wáng Xiǎomíng", "wang2", "xiao3ming2",
                                   "wang2 xiao3 ming2"])
def test_a_chinese_name_is_found_by_its_pinyin_with_and_without_tones(typed: str) -> None:
    for native, country in [("王小明", "CN"), ("王 小明", "TW"), ("王小明", "")]:
        assert found(typed, search_key(f"Wang Xiaoming {native} c1", country)), native
        assert found(typed, search_key(native, country)), native


def test_pinyin_ue_is_typed_u_or_v_and_a_family_name_by_its_own_reading() -> None:
    key = search_key("吕小明", "CN")
    assert found("lu xiaoming", key) and found("lv", key) and found("lv3", key)
    assert found("zeng guofan", search_key("曾国藩", "CN"))  # 曾 is ceng in words


@pytest.mark.parametrize("typed", ["김민준", "김 민준", "민준", "gim minjun", "gimminjun", "minjun"])
def test_a_korean_name_is_found_by_its_hangul_and_the_revised_romanisation(typed: str) -> None:
    for native in ["김민준", "김 민준"]:
        assert found(typed, search_key(f"Kim Min-jun {native}", "KR")), native
    assert found("kim", search_key("Kim Min-jun 김민준", "KR"))  # by the Latin name: no library spells 김 Kim


def test_han_characters_are_read_by_the_players_country() -> None:
    """加藤 is Japanese for a player of Japan, Chinese (jiateng) for one of China, both for others."""
    assert found("katou", search_key("加藤", "JP")) and not found("jiateng", search_key("加藤", "JP"))
    assert found("jiateng", search_key("加藤", "CN")) and not found("katou", search_key("加藤", "CN"))
    assert found("katou", search_key("加藤", "SI")) and found("jiateng", search_key("加藤", "SI"))
    assert not found("katou", search_key("Kato Ana", "SI"))  # no macron, no native name: as written


def test_other_names_are_found_as_before() -> None:
    assert search_key("Jörg Müller", "DE") == "jorg muller joerg mueller"
    assert search_key("Кирилл Иванов", "RU") == "кирилл иванов"
    assert not found("katou", search_key("Ana Kovačević", "HR"))

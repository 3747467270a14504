"""Names in their own script (players.csv ``name_native``): their language, how a page shows
them beside the Latin name, and a built archive that carries them into event.json, the
players' list, find-your-table, the people and the search index."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from archive_fixture import KATO, WANG, built_archive, read_people, write_native_archive

from publisher.build.render import Renderer
from publisher.model import Player
from publisher.native import name_languages, native_beside, native_lang
from publisher.plugins import plugin_manager


@pytest.mark.parametrize(("native", "country", "languages", "lang"), [
    ("加藤 一二三", "JP", ("ja",), "ja"), ("加藤 一二三", "jpn", ("ja",), "ja"),
    ("さくら", "", ("ja",), "ja"), ("山田 さくら", "CN", ("ja",), "ja"),  # kana: Japanese wherever they live
    ("王小明", "CN", ("zh",), "zh"), ("陳穎", "HK", ("zh",), "zh"), ("陳穎", "TW", ("zh",), "zh"),
    ("張傑", "MO", ("zh",), "zh"), ("林小玲", "SG", ("zh",), "zh"),
    ("王小明", "SI", ("ja", "zh"), "und"), ("王小明", "", ("ja", "zh"), "und"),  # Han alone: either
    ("김민준", "", ("ko",), "ko"), ("김민준", "JP", ("ko",), "ko"),
    ("Кирилл", "RU", (), "und"),
])
def test_the_language_of_a_name_is_its_script_and_for_han_alone_the_country(native, country, languages, lang):
    assert name_languages(native, country) == languages
    assert native_lang(native, country) == lang


def test_a_name_is_shown_beside_the_latin_one_on_its_own_page_and_in_lists_of_its_language():
    assert native_beside("加藤 一二三", "JP") == ' <span lang="ja">加藤 一二三</span>'
    assert native_beside("加藤 一二三", "JP", "ja") == ' <span lang="ja">加藤 一二三</span>'
    assert native_beside("加藤 一二三", "JP", "en") == native_beside("加藤 一二三", "JP", "zh-Hans") == ""
    assert native_beside("王小明", "CN", "zh-Hant") == ' <span lang="zh">王小明</span>'
    either = ' <span lang="und">王小明</span>'  # Han characters of a player of neither country
    assert native_beside("王小明", "", "ja") == native_beside("王小明", "", "ZH") == either
    assert native_beside("김민준", "KR", "ko-KR") == ' <span lang="ko">김민준</span>'
    assert native_beside("<b>", "", None) == ' <span lang="und">&lt;b&gt;</span>'
    assert native_beside("", "JP", None) == ""


def test_the_core_filter_reads_the_pages_language_and_takes_english_without_one():
    template = Renderer(plugin_manager()).env.from_string(
        "{{ p.name }}{{ p | native_name }}|{{ p.name }}{{ p | native_name(always=True) }}")
    kato = Player("k1", "Katō Hifumi", 2, country="JP", name_native="加藤 一二三")
    shown = 'Katō Hifumi <span lang="ja">加藤 一二三</span>'
    assert template.render(p=kato) == template.render(p=kato, lang="ko") == f"Katō Hifumi|{shown}"
    assert template.render(p=kato, lang="ja") == f"{shown}|{shown}"
    assert template.render(p=Player("k4", "Ana Novak", 5, country="SI"), lang="ja") == "Ana Novak|Ana Novak"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return built_archive(tmp_path_factory.mktemp("native"), write_native_archive)


def test_event_json_and_the_people_carry_the_name_in_its_own_script(site):
    event = json.loads((site / "kansai-open-2026/data/event.json").read_text(encoding="utf-8"))
    assert [(p["id"], p["name"], p["name_native"]) for p in event["players"]] == [
        ("k1", "Katō Hifumi", "加藤 一二三"), ("k2", "Wang Xiaoming", "王小明"),
        ("k3", "Kim Minjun", "김민준"), ("k4", "Ana Novak", "")]
    people = {p["key"]: p for p in read_people(site)}
    assert (people[KATO]["name"], people[KATO]["name_native"]) == ("Katō Hifumi", "加藤 一二三")
    assert people["egd-13000004"]["name_native"] == ""


def test_a_players_own_page_shows_the_name_beside_the_latin_one(site):
    for page in ["kansai-open-2026/players/k1.html", f"players/{KATO}.html"]:
        html = (site / page).read_text(encoding="utf-8")
        assert '<h1>Katō Hifumi <span lang="ja">加藤 一二三</span></h1>' in html, page
    wang = (site / f"players/{WANG}.html").read_text(encoding="utf-8")
    assert '<h1>Wang Xiaoming <span lang="zh">王小明</span></h1>' in wang
    kim = (site / "kansai-open-2026/players/k3.html").read_text(encoding="utf-8")
    assert '<h1>Kim Minjun <span lang="ko">김민준</span></h1>' in kim


@pytest.mark.parametrize(("language", "shown"), [
    ("ja", '>Katō Hifumi</a> <span lang="ja">加藤 一二三</span>'),
    ("ko", '>Kim Minjun</a> <span lang="ko">김민준</span>'),
    ("zh-Hans", '>Wang Xiaoming</a> <span lang="zh">王小明</span>')])
def test_lists_of_a_page_in_the_names_language_show_it_beside_the_latin_name(site, language, shown):
    """The pairings (macmahon's filter), the players' list (the core's) and a person's page."""
    for page in ["kansai-open-2026/round-1.html", "kansai-open-2026/players.html"]:
        html = (site / language / page).read_text(encoding="utf-8")
        assert shown in html, page
        assert len(re.findall(r"<span lang=", html)) == 1, page  # the others' are for their pages
    person = (site / language / f"players/{KATO}.html").read_text(encoding="utf-8")
    assert '<h1>Katō Hifumi <span lang="ja">加藤 一二三</span></h1>' in person


def test_lists_of_an_english_page_show_the_latin_name_alone_and_find_by_both(site):
    players = (site / "kansai-open-2026/players.html").read_text(encoding="utf-8")
    assert "加藤" not in re.sub(r'data-key="[^"]*"', "", players)
    key = re.search(r'<tr id="k1" data-key="([^"]*)"', players).group(1)
    assert key.split()[:8] == ["kato", "hifumi", "加藤", "一二三", "k1", "jp", "katou", "katoh"]
    assert "かとう" in key and "katouhifumi" in key
    standings = (site / "kansai-open-2026/round-1.html").read_text(encoding="utf-8")
    assert ">Katō Hifumi</a>" in standings and "加藤" not in standings


def test_find_your_table_rows_carry_the_name_for_the_pages_of_its_language(site):
    find = json.loads((site / "kansai-open-2026/data/find.json").read_text(encoding="utf-8"))
    rows = {e["name"]: e for e in find["entries"]}
    assert rows["Katō Hifumi"]["native"] == {"name": "加藤 一二三", "lang": "ja", "languages": ["ja"]}
    assert rows["Kim Minjun"]["native"] == {"name": "김민준", "lang": "ko", "languages": ["ko"]}
    assert "native" not in rows["Ana Novak"]
    assert "wangxiaoming" in rows["Wang Xiaoming"]["key"] and "wang2" in rows["Wang Xiaoming"]["key"]


def index_rows(site: Path) -> dict[str, list[list[str]]]:
    """The rows of each file of the archive's search index, by its letter."""
    found = {}
    for path in (site / "data/search").glob("people-*.js"):
        letter, body = re.fullmatch(r'archiveSearch\.people\("([^"]+)",(.*)\);\n',
                                    path.read_text(encoding="utf-8"), re.S).groups()
        found[letter] = json.loads(body)
    return found


@pytest.mark.parametrize(("typed", "letter", "name"), [
    (["加藤"], "_", "Katō Hifumi"), (["一二三"], "_", "Katō Hifumi"), (["katou"], "k", "Katō Hifumi"),
    (["katoh", "hifumi"], "k", "Katō Hifumi"), (["小明"], "_", "Wang Xiaoming"),
    (["xiaoming"], "x", "Wang Xiaoming"), (["wang2"], "w", "Wang Xiaoming"),
    (["gim", "minjun"], "g", "Kim Minjun"),
])
def test_the_archive_search_finds_the_name_and_its_readings_in_the_file_of_the_first_word(
        site, typed, letter, name):
    """As archive/search.js does: the file of the first word's letter, rows where every typed
    word starts a word of the row."""
    found = [row[1] for row in index_rows(site)[letter]
             if all(any(word.startswith(t) for word in row[0].split()) for t in typed)]
    assert found == [name]

"""Names in their own script in a real Chromium, from a folder (file://): find-your-table and
the archive's search find a player by the name as written (加藤, 김민준), by the Latin name and by
the usual romanisations (Katou, Katoh, wang xiaoming, wang2, gim minjun); a page in the name's
language shows it beside the Latin one."""

from __future__ import annotations

from pathlib import Path

import pytest
from archive_fixture import built_archive, write_native_archive
from test_live_screens import error_free_page

pytestmark = pytest.mark.browser

KATO, WANG, KIM, ANA = "Katō Hifumi", "Wang Xiaoming", "Kim Minjun", "Ana Novak"
# What a reader types, and whom it finds.
TYPED = [("Katou", KATO), ("katoh hifumi", KATO), ("KATO", KATO), ("加藤", KATO), ("加藤一二三", KATO),
         ("かとう", KATO), ("カトウ", KATO),
         ("wang xiaoming", WANG), ("Wáng Xiǎomíng", WANG), ("xiao3ming2", WANG),
         ("wang2", WANG), ("小明", WANG), ("김민준", KIM), ("민준", KIM), ("gim minjun", KIM), ("kim", KIM)]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return built_archive(tmp_path_factory.mktemp("native-names"), write_native_archive)


@pytest.fixture
def expect():
    return pytest.importorskip("playwright.sync_api").expect


@pytest.fixture
def phone(browser):
    yield from error_free_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True,
                               has_touch=True)


def test_find_your_table_finds_the_name_as_written_and_as_romanised(site, phone, expect):
    phone.goto((site / "kansai-open-2026/find.html").as_uri())
    names = phone.locator("#find-rows tr:visible td:first-child")
    expect(names).to_have_text([ANA, KATO, KIM, WANG])  # an English page: the Latin names alone
    for typed, name in TYPED:
        phone.fill("#find-name", typed)
        expect(names).to_have_text([name])


def test_find_your_table_in_japanese_shows_japanese_names_beside_the_latin_ones(site, phone, expect):
    """The site's Japanese find page: 加藤 一二三 beside Katō Hifumi, marked as Japanese; the
    Korean and the Chinese name are for pages in their languages."""
    phone.goto((site / "ja/kansai-open-2026/find.html").as_uri())
    names = phone.locator("#find-rows tr:visible td:first-child")
    expect(names).to_have_text([ANA, f"{KATO} 加藤 一二三", KIM, WANG])
    expect(names.locator("span[lang=ja]")).to_have_text(["加藤 一二三"])
    phone.fill("#find-name", "かとう")
    expect(names).to_have_text([f"{KATO} 加藤 一二三"])
    phone.goto((site / "ko/kansai-open-2026/find.html").as_uri())
    expect(names).to_have_text([ANA, KATO, f"{KIM} 김민준", WANG])


def people_found(page, typed: str) -> list[str]:
    page.fill("#archive-q", typed)
    page.wait_for_function("() => !document.getElementById('search-note').textContent.startsWith('Looking')")
    return page.locator("#people-results:not([hidden]) li a").all_inner_texts()


def test_the_archive_search_finds_the_name_as_written_and_as_romanised(site, phone):
    phone.goto((site / "index.html").as_uri())
    for typed, name in TYPED:
        assert people_found(phone, typed) == [name], typed
    assert people_found(phone, "jiateng") == []  # 加藤 of a player of Japan is not read as Chinese
    people_found(phone, "加藤")
    phone.locator("#people-results a").click()
    assert phone.locator("h1").inner_text() == f"{KATO} 加藤 一二三"
    assert phone.locator("h1 span").get_attribute("lang") == "ja"

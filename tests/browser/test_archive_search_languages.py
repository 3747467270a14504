"""The archive's search speaks the page's language: its words come from the page, a count in
the form the language gives it (Russian: 1 игрок, 2 игрока, 5 игроков)."""

from __future__ import annotations

from pathlib import Path

import pytest
from archive_fixture import write_archive
from conftest import write

pytestmark = pytest.mark.browser

RUSSIAN = r'''
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\n"
    "Language: ru\n"
    "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);\n"

    msgid "%(num)s player"
    msgid_plural "%(num)s players"
    msgstr[0] "%(num)s игрок"
    msgstr[1] "%(num)s игрока"
    msgstr[2] "%(num)s игроков"

    msgid "%(num)s championship"
    msgid_plural "%(num)s championships"
    msgstr[0] "%(num)s турнир"
    msgstr[1] "%(num)s турнира"
    msgstr[2] "%(num)s турниров"

    msgid "%(shown)s of %(num)s championship"
    msgid_plural "%(shown)s of %(num)s championships"
    msgstr[0] "турниров: %(shown)s из %(num)s"
    msgstr[1] "турниров: %(shown)s из %(num)s"
    msgstr[2] "турниров: %(shown)s из %(num)s"

    msgid "%(people)s; %(championships)s"
    msgstr "%(people)s; %(championships)s"

    msgid "No player by that name or id"
    msgstr "Нет игрока с таким именем или номером"
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from publisher.cli import main

    root = tmp_path_factory.mktemp("archive-russian")
    content = write_archive(root / "content")
    write(content / "site.toml", 'languages = ["ru"]\n')
    write(root / "venue" / "locale" / "ru" / "LC_MESSAGES" / "venue.po", RUSSIAN)
    assert main(["build", "--content", str(content), "--templates", str(root / "venue"),
                 "--out", str(root / "site")]) == 0
    return root / "site"


def note_after(page, typed: str) -> str:
    page.fill("#archive-q", typed)
    page.wait_for_function("() => !document.getElementById('search-note').textContent.startsWith('Looking')")
    return page.locator("#search-note").inner_text()


def test_the_search_counts_in_the_page_language(browser, site):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((site / "index.html").as_uri())
    assert note_after(page, "baker") == "2 игрока; турниров: 0 из 2"
    assert note_after(page, "wojcik") == "1 игрок; турниров: 0 из 2"
    assert page.locator("#people-results li").all_inner_texts() == ["Łukasz Wójcik PL · 2 турнира"]
    assert note_after(page, "zzz") == "Нет игрока с таким именем или номером; турниров: 0 из 2"
    assert errors == []
    page.close()

"""The archive's search in a real Chromium, from a folder (file://) and from a web server:
people with and without accents, by every part of their names, by former names and by
federation id; championships by words, filters by game and year."""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from archive_fixture import built_archive, write_people_archive

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return built_archive(tmp_path_factory.mktemp("archive-search"))


def people_found(page, typed: str) -> list[str]:
    page.fill("#archive-q", typed)
    page.wait_for_function("() => !document.getElementById('search-note').textContent.startsWith('Looking')")
    return page.locator("#people-results:not([hidden]) li a").all_inner_texts()


def championships_shown(page) -> list[str]:
    return page.locator("#championships li:not([hidden]) .event-name").all_inner_texts()


@pytest.mark.parametrize("typed", ["wojcik", "Wójcik", "łukasz", "LUKASZ W", "luk"])
def test_people_are_found_with_and_without_accents_from_a_folder(browser, site, typed):
    page = browser.new_page(viewport=PHONE)
    page.goto((site / "index.html").as_uri())
    assert people_found(page, typed) == ["Łukasz Wójcik"]
    page.locator("#people-results a").click()
    assert page.url.endswith("/players/egd-11100003.html")
    assert page.locator("h1").inner_text() == "Łukasz Wójcik"
    page.close()


def test_namesakes_without_an_id_are_listed_apart(browser, site):
    page = browser.new_page(viewport=DESKTOP)
    page.goto((site / "index.html").as_uri())
    assert people_found(page, "baker") == ["Bob Baker", "Bob Baker"]
    hrefs = page.locator("#people-results a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs == ["autumn-cup-2025/players/a4.html", "spring-open-2026/players/s4.html"]
    assert people_found(page, "zeželj") == ["Zoran Žeželj"]
    assert people_found(page, "nobody") == []
    assert page.locator("#search-note").inner_text().startswith("No player by that name")
    page.close()


def test_championships_narrow_by_words_game_and_year(browser, site):
    page = browser.new_page(viewport=PHONE)
    page.goto((site / "index.html").as_uri())
    assert championships_shown(page) == ["Spring Open 2026", "Autumn Cup 2025"]
    page.fill("#archive-q", "maribor")
    assert championships_shown(page) == ["Autumn Cup 2025"]
    page.fill("#archive-q", "")
    page.select_option("#archive-year", "2026")
    assert championships_shown(page) == ["Spring Open 2026"]
    page.select_option("#archive-game", "go")
    assert championships_shown(page) == ["Spring Open 2026"]
    page.select_option("#archive-year", "")
    assert championships_shown(page) == ["Spring Open 2026", "Autumn Cup 2025"]
    page.close()


def test_the_search_works_from_a_web_server(browser, site):
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(SimpleHTTPRequestHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        page = browser.new_page(viewport=DESKTOP)
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        assert people_found(page, "kovačević") == ["Ana Kovačević"]
        page.close()
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP, {"width": 1080, "height": 1920}])
def test_the_person_page_fits_the_screen(browser, site, viewport):
    page = browser.new_page(viewport=viewport)
    page.goto((site / "players/egd-11100003.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.locator("svg.trend").count() == 2
    box = page.locator("svg.trend").first.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    page.close()


@pytest.fixture(scope="module")
def people_site(tmp_path_factory) -> Path:
    from publisher.cli import main

    root = tmp_path_factory.mktemp("archive-people")
    content = write_people_archive(root / "content")
    assert main(["build", "--content", str(content), "--out", str(root / "site")]) == 0
    return root / "site"


@pytest.mark.parametrize(("typed", "found", "page"), [
    ("jean-pierre", "Jean-Pierre Dupont", "mori-open-2025/players/m7.html"),
    ("pierre", "Jean-Pierre Dupont", "mori-open-2025/players/m7.html"),
    ("jeanpierre", "Jean-Pierre Dupont", "mori-open-2025/players/m7.html"),
    ("smith-jones", "Mary Smith-Jones", "players/egd-22200005.html"),
    ("jones", "Mary Smith-Jones", "players/egd-22200005.html"),
    ("smithjones", "Mary Smith-Jones", "players/egd-22200005.html"),
    ("o'neill", "Seán O'Neill", "players/egd-22200006.html"),
    ("O’Neill", "Seán O'Neill", "players/egd-22200006.html"),
    ("oneill", "Seán O'Neill", "players/egd-22200006.html"),
    ("neill", "Seán O'Neill", "players/egd-22200006.html"),
    ("schmidt", "Anna Müller", "players/egd-22200002.html"),
    ("mueller", "Anna Müller", "players/egd-22200002.html"),
    ("22200006", "Seán O'Neill", "players/egd-22200006.html"),
    ("123456", "Kenji Mori", "players/egd-00123456.html"),
    ("00123456", "Kenji Mori", "players/egd-00123456.html"),
    ("mori 001", "Kenji Mori", "players/egd-00123456.html"),
])
def test_people_are_found_by_every_part_of_a_name_a_former_name_and_an_id(browser, people_site, typed,
                                                                          found, page):
    tab = browser.new_page(viewport=PHONE)
    tab.goto((people_site / "index.html").as_uri())
    assert people_found(tab, typed) == [found]
    tab.locator("#people-results a").click()
    assert tab.url.endswith("/" + page)
    tab.close()


def test_an_id_is_looked_up_from_its_third_digit(browser, people_site):
    tab = browser.new_page(viewport=PHONE)
    tab.goto((people_site / "index.html").as_uri())
    assert people_found(tab, "22") == []
    assert tab.locator("#search-note").inner_text().startswith("Type 3 digits of an id or more")
    assert people_found(tab, "2220000") == ["Anna Müller", "Łukasz Wójcik", "Mary Smith-Jones",
                                            "Mira Novak", "Seán O'Neill"]
    assert people_found(tab, "99999") == []
    assert tab.locator("#search-note").inner_text().startswith("No player by that name or id")
    tab.close()

"""Live reload under ``publisher serve`` keeps the reader's place: a save reloads only the pages
whose file it changed, and a reloaded page keeps its filter's text, the scroll of the page and of
the crosstable (sideways too) and the details that were open.

``publisher serve`` runs on copies of two example championships; a phone (390 px) reads them.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import shots
from test_live_screens import EXAMPLES, WAIT, Server, error_free_page

pytestmark = pytest.mark.browser


@pytest.fixture
def expect():
    return pytest.importorskip("playwright.sync_api").expect


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[Server, Path]]:
    cwd = tmp_path_factory.mktemp("reload")
    for name in ["wosc-2026", "ljubljana-go-open-2026"]:
        shutil.copytree(EXAMPLES / name, cwd / "content" / name)
    # The venue's own template for Markdown pages folds the text in a <details>.
    (cwd / "venue-templates").mkdir()
    (cwd / "venue-templates" / "markdown.html").write_text(
        '{% extends "base.html" %}{% block content %}<details><summary>Read the page</summary>'
        '<article class="prose">{{ markdown.html | safe }}</article></details>{% endblock %}',
        encoding="utf-8")
    server = Server(cwd, False, "--templates", "venue-templates")
    yield server, cwd / "content"
    server.stop()


@pytest.fixture
def phone(browser):
    yield from error_free_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True,
                               has_touch=True)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def mark(page) -> None:
    """A mark that a reload wipes out."""
    page.evaluate("window.notReloaded = true")


def reloaded(page) -> bool:
    return page.evaluate("window.notReloaded") is None


def test_a_result_reloads_the_crosstable_where_it_was_and_leaves_the_other_championship(
        served, phone, expect):
    server, content = served
    other = phone.context.new_page()
    other.goto(server.url + "ljubljana-go-open-2026/standings-5.html")
    mark(other)
    players = phone.context.new_page()
    players.goto(server.url + "wosc-2026/players.html")
    mark(players)

    phone.goto(server.url + "wosc-2026/crosstable.html")
    box = phone.locator(".table-wrap")
    box.evaluate("box => { box.scrollLeft = 180; box.scrollTop = 400; }")
    phone.evaluate("window.scrollTo(0, 300)")
    place = phone.evaluate("[window.scrollY, document.querySelector('.table-wrap').scrollLeft,"
                           " document.querySelector('.table-wrap').scrollTop]")
    assert place[1] > 100 and place[2] > 100
    mark(phone)

    edit(content / "wosc-2026/rounds/6.csv", "1,s046,s058,,", "1,s046,s058,0-1,")
    phone.wait_for_function("window.notReloaded === undefined", timeout=WAIT)
    expect(phone.locator("tr#s058 a[title='Olena Shevchenko']")).to_have_text(re.compile(r"^\d+\+/w$"))
    phone.wait_for_function(f"window.scrollY === {place[0]}")
    assert phone.evaluate("[window.scrollY, document.querySelector('.table-wrap').scrollLeft,"
                          " document.querySelector('.table-wrap').scrollTop]") == place
    phone.screenshot(path=str(shots() / "crosstable-after-reload-phone.png"))
    phone.wait_for_timeout(1500)  # every page has seen the build and asked for itself
    assert not reloaded(other) and not reloaded(players)  # their files did not change


def test_a_reload_keeps_the_filters_text_and_the_open_details(served, phone, expect):
    server, content = served
    venue = content / "wosc-2026/venue.md"
    phone.goto(server.url + "wosc-2026/pages/venue.html")

    players = phone.context.new_page()
    players.goto(server.url + "wosc-2026/players.html")
    players.fill("#player-filter", "kovacevic")
    expect(players.locator("#player-list tbody tr:visible")).to_have_count(2)
    mark(players)
    phone.locator("summary").click()
    assert phone.locator("details").evaluate("d => d.open")
    mark(phone)

    edit(venue, "# Venue\n", "# Venue\n\nParking behind the hall, free.\n")
    edit(content / "wosc-2026/players.csv", "s001,Ana Kovačević,2d,1855,HR,ŠK Zagreb",
         "s001,Ana Kovačević,2d,1856,HR,ŠK Zagreb")
    expect(phone.locator("details")).to_contain_text("free", timeout=WAIT)
    assert reloaded(phone)
    # Opened again by the page's script once it runs: the new text can be there a moment before.
    expect(phone.locator("details")).to_have_js_property("open", True, timeout=WAIT)
    expect(players.locator("#player-list tbody tr#s001")).to_contain_text("1856", timeout=WAIT)
    assert reloaded(players)
    # The page's own script puts the text back once the reloaded page has run it: the new row
    # can be there a moment before (a loaded machine shows that moment).
    expect(players.locator("#player-filter")).to_have_value("kovacevic", timeout=WAIT)
    expect(players.locator("#player-list tbody tr:visible")).to_have_count(2)
    total = players.locator("#player-list tbody tr").count()
    expect(players.locator("#player-filter-count")).to_have_text(f"2 of {total} shown")
    players.screenshot(path=str(shots() / "players-filter-after-reload-phone.png"))

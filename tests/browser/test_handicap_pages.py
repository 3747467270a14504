"""Handicap and komi as players read them: the pairings on a phone and printed, the hall
screen on a portrait TV, in a real Chromium (Playwright). Screenshots go to ``shots()``."""

from __future__ import annotations

import pytest
from conftest import shots, write

from publisher.build.builder import Builder
from publisher.plugins import plugin_manager

pytestmark = pytest.mark.browser

EVENT = """
    name = "Handicap Open"
    game = "go"
    system = "macmahon"
    start = 2026-05-01
    rounds = 3
    seed = "open"

    [macmahon]
    bar = "3d"
    floor = "20k"
    absent_score = 0.5

    [macmahon.handicap]
    bar = "1d"
"""
PLAYERS = """
    id,name,rank,rating,absent
    a,Ann Able,2d,2200,
    b,Bob Baker,5k,1500,
    c,Cleo Cole,1k,1900,
    d,Dan Dale,10k,1000,
    e,Eve Early,3k,1700,1
"""
ROUND = """
    table,player1,player2,result,handicap,komi,note
    1,a,c,0-1,0,6.5,Colours drawn by nigiri: Ann Able takes Black.
    2,d,b,,4,0.5,"Handicap 4: Dan Dale takes Black as the weaker player (5 below, less the correction 1)."
"""


@pytest.fixture
def site(tmp_path):
    content, out = tmp_path / "content", tmp_path / "site"
    write(content / "open" / "event.toml", EVENT)
    write(content / "open" / "players.csv", PLAYERS)
    write(content / "open" / "rounds" / "1.csv", ROUND)
    Builder(plugin_manager(), content, out).build()
    return out / "open"


def test_the_pairings_show_the_handicap_on_a_phone_and_on_paper(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto((site / "round-1.html").as_uri())
    cell = page.locator("#table-2 td.terms")
    assert cell.inner_text() == "H4, komi 0.5" and cell.is_visible()
    assert page.locator("#table-1 td.terms").inner_text() == "komi 6.5"
    box = cell.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # on the screen, not scrolled off
    page.screenshot(path=str(shots() / "handicap-round-phone.png"), full_page=True)
    page.emulate_media(media="print")
    assert cell.is_visible()
    context.close()


def test_find_your_table_says_the_handicap_on_a_phone(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto((site / "find.html").as_uri())
    rows = [t for t in page.locator("tr").all_inner_texts() if t.startswith("Dan Dale")]
    assert len(rows) == 1 and "Black (H4, komi 0.5)" in rows[0]
    page.screenshot(path=str(shots() / "handicap-find-phone.png"), full_page=True)
    context.close()


def test_the_hall_screen_shows_the_handicap_of_each_table(browser, site):
    context = browser.new_context(viewport={"width": 1080, "height": 1920})
    page = context.new_page()
    page.goto((site / "screen.html").as_uri())
    page.wait_for_selector(".screen-grid")
    assert page.locator(".screen-item.table .terms").all_inner_texts() == ["K6.5", "H4 K0.5"]
    page.screenshot(path=str(shots() / "handicap-screen-tv.png"))
    context.close()

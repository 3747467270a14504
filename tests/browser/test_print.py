"""Printed pages as a tournament director checks them, in a real Chromium (Playwright).

Standings go on the hall walls and seating slips are cut out and handed to the players:
the menu and footer must stay off the paper, table headers repeat on every sheet, rows
are never cut, and slips fill their sheets without one being split. Skipped with the
reason when Debian's chromium or the playwright package is missing; CI installs both.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import write

from publisher.build.builder import Builder
from publisher.cli import main
from publisher.plugins import plugin_manager

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "content"
A4_CONTENT_WIDTH = 703  # px: 210 mm less the 12 mm side margins of the theme's @page, at 96 px per inch

PLAYERS = 48
CUP = """
    name = "Players' Cup"
    game = "mahjong"
    system = "mahjong-elimination"
    start = 2026-10-02
    seed = "players-cup"

    [mahjong]
    advance = [4]
    parts = [4, 1]
    cycles_per_part = [2, 4]
    round1_groups = 1
    carry_over = "1/4"
    prizes = [100]
"""

STYLE = """(selector) => {
    const el = document.querySelector(selector);
    const style = getComputedStyle(el);
    return {display: style.display, position: style.position, decoration: style.textDecorationLine,
            breakInside: style.breakInside, border: style.borderTopStyle};
}"""


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": A4_CONTENT_WIDTH, "height": 1000})
    yield context.new_page()
    context.close()


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF as Chromium writes it: one uncompressed ``/Type /Page`` object each."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def running_title(page) -> str:
    """The text the theme's @page rule prints at the top of every sheet after the first."""
    page.add_style_tag(content="body::after { content: var(--print-title); }")
    return page.evaluate("getComputedStyle(document.body, '::after').content")


def test_printed_standings_keep_the_table_and_lose_the_menu(tmp_path, page):
    content, site = tmp_path / "content", tmp_path / "site"
    shutil.copytree(EXAMPLES / "ljubljana-go-open-2026", content / "ljubljana-go-open-2026")
    Builder(plugin_manager(), content, site).build()
    page.goto((site / "ljubljana-go-open-2026" / "standings-6.html").as_uri())
    assert page.locator(".event-nav").is_visible()  # on screen the menu is there

    pdf = page.pdf(format="A4")
    page.emulate_media(media="print")
    for chrome in [".event-nav", ".archive-link", ".site-footer", ".round-switcher"]:
        assert page.locator(chrome).is_hidden(), f"{chrome} would be printed"
    assert page.locator("h1").inner_text() == "Standings after round 6 of 6"
    assert page.locator(".event-title").inner_text().startswith("Ljubljana Go Open 2026")
    assert page.evaluate(STYLE, "table.data thead")["display"] == "table-header-group"
    assert page.evaluate(STYLE, "table.data thead th")["position"] == "static"  # not sticky on paper
    assert page.evaluate(STYLE, "table.data tbody tr")["breakInside"] == "avoid"
    assert page.evaluate(STYLE, "table.data tbody a")["decoration"] == "none"
    # 96 players do not fit one sheet; every column, down to the last tie-break, fits across it.
    assert page.locator("table.data tbody tr").count() == 96
    assert pdf_pages(pdf) >= 2
    assert page.evaluate("document.querySelector('table.data').getBoundingClientRect().right") \
        <= A4_CONTENT_WIDTH
    assert running_title(page) == '"Standings after round 6 — Ljubljana Go Open 2026"'


def test_seating_slips_fill_their_sheets_with_cut_lines(tmp_path, page):
    folder = tmp_path / "content" / "players-cup"
    write(folder / "event.toml", CUP)
    write(folder / "players.csv", "id,name\n" + "".join(
        f"p{i:02d},Player {i:02d}\n" for i in range(1, PLAYERS + 1)))
    assert main(["draw", str(folder)]) == 0
    site = tmp_path / "site"
    Builder(plugin_manager(), folder.parent, site).build()
    page.goto((site / "players-cup" / "slips-1.html").as_uri())

    pdf = page.pdf(format="A4")
    page.emulate_media(media="print")
    for chrome in [".site-header", ".site-footer", ".round-links", "h1", ".lead"]:
        assert page.locator(chrome).is_hidden(), f"{chrome} would be printed above the slips"
    slips = page.locator(".slip")
    assert slips.count() == PLAYERS
    assert page.evaluate(STYLE, ".slip")["border"] == "dashed"
    assert page.evaluate(STYLE, ".slip")["breakInside"] == "avoid"
    assert slips.first.inner_text().startswith("Player 01 p01\nPlayers' Cup · Round 1")
    # Three slips to a row, seven rows to a sheet (each under 271 mm / 7 high): 21, 21 and 6.
    boxes = [slips.nth(i).bounding_box() for i in range(4)]
    assert [b["y"] for b in boxes[:3]] == [boxes[0]["y"]] * 3
    assert boxes[3]["x"] == boxes[0]["x"] and boxes[3]["y"] > boxes[0]["y"]
    assert abs(3 * boxes[0]["width"] - A4_CONTENT_WIDTH) < 3
    assert boxes[0]["height"] < 271 / 25.4 * 96 / 7
    assert pdf_pages(pdf) == 3
    assert running_title(page) == '"Round 1 seating slips — Players\' Cup"'


def test_scoresheets_print_two_to_an_a4_sheet(tmp_path, page):
    folder = tmp_path / "content" / "players-cup"
    write(folder / "event.toml",
          CUP + '\n    [mahjong.schedule]\n    starts = { "1" = 2026-10-02T10:00:00+08:00 }\n')
    write(folder / "players.csv", "id,name\n" + "".join(
        f"p{i:02d},Player {i:02d}\n" for i in range(1, PLAYERS + 1)))
    assert main(["draw", str(folder)]) == 0
    site = tmp_path / "site"
    Builder(plugin_manager(), folder.parent, site).build()
    page.goto((site / "players-cup" / "round-1.html").as_uri())
    page.click("text=Scoresheets")
    assert page.url.endswith("/players-cup/scoresheets-1.html")
    sheets = page.locator(".sheet")
    assert sheets.count() == 4 * PLAYERS // 4  # four parts of twelve tables
    first = sheets.first
    assert first.locator(".sheet-table").inner_text() == "Table 1"
    assert "Round 1 · Session 1, half 1\nStart: Fri 2 Oct, 10:00" in first.inner_text()
    assert first.locator(".sheet-hands tbody tr").count() == 8  # two cycles of four hands
    pdf = page.pdf(format="A4")
    page.emulate_media(media="print")
    for chrome in [".site-header", ".site-footer", ".round-links", "h1", ".lead"]:
        assert page.locator(chrome).is_hidden(), f"{chrome} would be printed above the sheets"
    boxes = [sheets.nth(i).bounding_box() for i in range(2)]
    assert boxes[0]["height"] < 271 / 25.4 * 96 / 2
    assert pdf_pages(pdf) == 4 * PLAYERS // 4 // 2
    # Everyone on 0 having won no hands: a lottery sends four to the final, whose 16 hands fit too.
    write(folder / "rounds/1-scores.csv", "player,part,score,hands\n" + "".join(
        f"p{i:02d},{part},0,-\n" for i in range(1, PLAYERS + 1) for part in range(1, 5)))
    assert main(["draw", str(folder), "--round", "2"]) == 0
    Builder(plugin_manager(), folder.parent, site).build()
    page.goto((site / "players-cup" / "scoresheets-2.html").as_uri())
    assert page.locator(".sheet-hands tbody tr").count() == 16
    assert pdf_pages(page.pdf(format="A4")) == 1


def test_printed_mahjong_standings_keep_each_name_on_one_line(tmp_path, page):
    """The Macau series' round 1 (1,024 players, long tie-break notes on a few rows): on A4 every
    name stays on one line, the tie-break column taking what is left."""
    content = tmp_path / "content"
    shutil.copytree(EXAMPLES / "macau-mahjong-series-2026", content / "macau-mahjong-series-2026")
    assert main(["build", "--content", str(content), "--out", str(tmp_path / "site")]) == 0
    page.emulate_media(media="print")
    page.goto((tmp_path / "site/macau-mahjong-series-2026/standings-1.html").as_uri())
    lines = page.locator("table.mahjong-standings tbody td:nth-child(2)").evaluate_all(
        "cells => cells.map(c => [c.textContent.trim(), c.querySelector('a').getClientRects().length])")
    assert len(lines) == 1024
    assert [name for name, boxes in lines if boxes > 1] == []
    assert page.locator("table.mahjong-standings thead th.tiebreak").is_visible()

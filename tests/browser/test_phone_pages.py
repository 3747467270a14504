"""The example championships' pages as players and directors meet them: on a phone (390x844),
a portrait TV (1080x1920) and a desktop (1920x1080), with axe-core finding nothing to fix.

One build of two examples (the WOSC with its round 6 in play, the Hong Kong mahjong open) is
shared by the module and opened from the folder. Screenshots go to ``conftest.shots()``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import shots

from publisher.cli import main

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "content"
SIZES = {"desktop": (1920, 1080), "portrait": (1080, 1920), "phone": (390, 844)}
PAGES = ["index.html", "wosc-2026/index.html", "wosc-2026/players.html", "wosc-2026/standings-6.html",
         "wosc-2026/round-6.html", "wosc-2026/crosstable.html", "wosc-2026/players/s001.html",
         "wosc-2026/find.html", "wosc-2026/groups.html", "hk-mahjong-open-2026/index.html",
         "hk-mahjong-open-2026/round-1.html", "hk-mahjong-open-2026/standings-2.html",
         "hk-mahjong-open-2026/results.html", "hk-mahjong-open-2026/eliminations.html",
         "hk-mahjong-open-2026/schedule.html"]

# Every table wider than its box must be in a box that scrolls, with its first column staying
# in view when scrolled to the end; the page itself never scrolls sideways.
CLIPPED = """() => {
    const out = [];
    if (document.documentElement.scrollWidth > innerWidth) out.push('page scrolls sideways');
    for (const table of document.querySelectorAll('main table')) {
        const box = table.parentElement;
        if (table.scrollWidth <= box.clientWidth + 1) continue;
        if (!box.classList.contains('table-wrap') || getComputedStyle(box).overflowX !== 'auto') {
            out.push('clipped: ' + table.className); continue;
        }
        const cell = table.querySelector('tbody tr td');
        const before = cell.getBoundingClientRect().left;
        box.scrollLeft = box.scrollWidth;
        if (Math.abs(cell.getBoundingClientRect().left - before) > 1)
            out.push('first column scrolls away: ' + table.className);
        box.scrollLeft = 0;
    }
    return out;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    content = tmp_path_factory.mktemp("phones") / "content"
    for name in ["wosc-2026", "hk-mahjong-open-2026"]:
        shutil.copytree(EXAMPLES / name, content / name)
    out = content.parent / "site"
    assert main(["build", "--content", str(content), "--out", str(out)]) == 0
    return out


@pytest.fixture
def phone(browser) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(5000)
    yield page
    context.close()


def first_player_page(site: Path, slug: str) -> str:
    return f"{slug}/players/" + sorted(p.name for p in (site / slug / "players").glob("*.html"))[0]


def test_the_menu_wraps_and_keeps_the_current_page_in_view(site, phone):
    phone.goto((site / "wosc-2026" / "crosstable.html").as_uri())
    links = phone.locator(".event-nav a")
    assert links.count() >= 8
    for link in links.all():
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, link.text_content()
    current = phone.locator('.event-nav a[aria-current="page"]')
    assert current.text_content() == "Crosstable" and current.is_visible()


@pytest.mark.parametrize("size", list(SIZES))
def test_wide_tables_scroll_with_their_first_column_and_are_never_cut(site, browser, size):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        for path in [*PAGES, first_player_page(site, "hk-mahjong-open-2026")]:
            page.goto((site / path).as_uri())
            assert page.evaluate(CLIPPED) == [], path
        page.goto((site / "wosc-2026/standings-6.html").as_uri())
        page.screenshot(path=str(shots() / f"standings-{size}.png"))
    finally:
        page.close()


def test_a_players_page_starts_with_the_current_game(site, phone):
    """Round 6 of the WOSC is in play: table, colour and opponent first, the table column kept."""
    phone.goto((site / "wosc-2026/players/s001.html").as_uri())
    now = phone.locator(".now")
    assert now.locator("h2").text_content() == "Now: round 6"
    facts = dict(zip(now.locator("dt").all_text_contents(), now.locator("dd").all_text_contents(),
                     strict=True))
    assert facts == {"Table": "12", "Colour": "Gote", "Opponent": "Sasaki Kenji (1d)"}
    now_box, h1 = now.bounding_box(), phone.locator("h1").bounding_box()
    assert now_box and h1 and now_box["y"] < 844 and now_box["y"] > h1["y"]
    head = phone.locator("table.player-rounds thead th").all_text_contents()
    assert head[:4] == ["Round", "Table", "Colour", "Opponent"] and {"Rank", "Rating", "Place"} <= set(head)
    assert phone.locator("table.player-rounds thead th").nth(1).is_visible()
    phone.screenshot(path=str(shots() / "player-now-phone.png"), full_page=True)


def test_the_players_page_filters_by_name_as_typed(site, phone):
    phone.goto((site / "wosc-2026/players.html").as_uri())
    rows = phone.locator("#player-list tbody tr:visible")
    total = rows.count()
    assert total > 50
    for typed, names in [("kovacevic", ["Ana Kovačević", "Luka Kovačević"]), ("ANA KOVAČ", ["Ana Kovačević"]),
                         ("wozniak", ["Jakub Woźniak"])]:
        phone.fill("#player-filter", typed)
        assert rows.locator("td:first-child").all_text_contents() == names
        assert phone.locator("#player-filter-count").text_content() == f"{len(names)} of {total} shown"
    phone.fill("#player-filter", "")
    assert rows.count() == total
    phone.fill("#player-filter", "zagreb")  # the club
    assert 0 < rows.count() < total
    phone.screenshot(path=str(shots() / "players-filter-phone.png"))


def test_crosstable_cells_link_to_the_opponents_row(site, phone):
    phone.goto((site / "wosc-2026/crosstable.html").as_uri())
    link = phone.locator("table.crosstable tbody tr").first.locator("td a[href^='#']").first
    target = link.get_attribute("href")[1:]
    assert phone.locator(f"tr[id='{target}'] td").nth(1).text_content().strip() == link.get_attribute("title")


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_to_fix(site, browser, size):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        found = {}
        for path in [*PAGES, first_player_page(site, "wosc-2026"), "wosc-2026/screen.html"]:
            page.goto((site / path).as_uri())
            results = axe.run(page)
            if results.violations_count:
                found[path] = results.generate_report()
        assert found == {}
    finally:
        page.close()

"""The example championships' pages as players and directors meet them: on phones (360x800,
390x844), a portrait TV (1080x1920), a projector (1024x768) and a desktop (1920x1080), with
axe-core finding nothing to fix.

One build of three examples (the WOSC with its round 6 in play, the Hong Kong mahjong open, the
Macau series with its final) is shared by the module and opened from the folder. Screenshots go
to ``conftest.shots()``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import shots

from publisher.cli import main

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "content"
SIZES = {"desktop": (1920, 1080), "portrait": (1080, 1920), "projector": (1024, 768), "phone": (390, 844),
         "phone-360": (360, 800)}
PHONES = {"phone": (390, 844), "phone-360": (360, 800)}
PAGES = ["index.html", "wosc-2026/index.html", "wosc-2026/players.html", "wosc-2026/standings-6.html",
         "wosc-2026/round-6.html", "wosc-2026/crosstable.html", "wosc-2026/players/s001.html",
         "wosc-2026/find.html", "wosc-2026/groups.html", "hk-mahjong-open-2026/index.html",
         "hk-mahjong-open-2026/round-1.html", "hk-mahjong-open-2026/standings-2.html",
         "hk-mahjong-open-2026/results.html", "hk-mahjong-open-2026/eliminations.html",
         "hk-mahjong-open-2026/schedule.html", "hk-mahjong-open-2026/scoresheets-1.html",
         "hk-mahjong-open-2026/round-2.html", "macau-mahjong-series-2026/round-8.html"]

# Every table wider than its box must be in a box that scrolls, that a keyboard reaches (named,
# focusable) and that says so above it, with its first column staying in view when scrolled to
# the end; the page itself never scrolls sideways.
CLIPPED = """() => {
    const out = [];
    if (document.documentElement.scrollWidth > innerWidth) out.push('page scrolls sideways');
    for (const table of document.querySelectorAll('main table')) {
        const box = table.closest('.table-wrap, [data-scroll-label]');
        if (table.scrollWidth <= (box || table.parentElement).clientWidth + 1) continue;
        if (!box || getComputedStyle(box).overflowX !== 'auto') {
            out.push('clipped: ' + table.className); continue;
        }
        if (box.tabIndex !== 0 || !box.getAttribute('aria-label'))
            out.push('not reachable: ' + table.className);
        const hint = box.previousElementSibling;
        if (!hint || !hint.classList.contains('scroll-hint') || hint.hidden)
            out.push('no sign: ' + table.className);
        if (!box.classList.contains('table-wrap')) continue;
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
    for name in ["wosc-2026", "hk-mahjong-open-2026", "macau-mahjong-series-2026"]:
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
    assert head[:4] == ["Round", "Opponent", "Colour", "Result"] and {"Table", "Rank", "Place"} <= set(head)
    # round 6 has no result yet: the place given is the one after round 5
    facts = dict(zip(phone.locator("dl.facts >> nth=1").locator("dt").all_text_contents(),
                     phone.locator("dl.facts >> nth=1").locator("dd").all_text_contents(), strict=True))
    assert facts["Place after round 5"].strip() and "Place after round 6" not in facts
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


# The right edge of the column a reader came for, and the width of the screen.
EDGE = """label => {
    const heads = [...document.querySelectorAll('main table thead th')];
    const th = heads.find(th => th.textContent.trim() === label);
    return th.getBoundingClientRect().right;
}"""


@pytest.mark.parametrize("size", list(PHONES))
@pytest.mark.parametrize(("path", "columns"), [
    ("wosc-2026/standings-6.html", ["Place", "Player", "Score"]),
    ("wosc-2026/crosstable.html", ["Place", "Player"]),
    ("wosc-2026/players/s001.html", ["Round", "Opponent", "Colour", "Result"]),
    ("hk-mahjong-open-2026/standings-1.html", ["Rank", "Player", "Total"]),
])
def test_the_column_a_reader_came_for_is_in_the_first_view(site, browser, size, path, columns):
    width, height = PHONES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto((site / path).as_uri())
        heads = page.locator("main table thead th:visible").all_text_contents()
        assert heads[:len(columns)] == columns
        for label in columns:
            assert page.evaluate(EDGE, label) <= width, label
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(shots() / f"first-view-{path.replace('/', '-')}-{size}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("size", list(PHONES))
def test_the_header_row_stays_over_a_long_table_and_the_sign_goes_at_its_end(site, browser, size):
    width, height = PHONES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto((site / "wosc-2026/standings-6.html").as_uri())
        box = page.locator(".table-wrap")
        hint = page.locator(".scroll-hint")
        assert hint.text_content() == "More to the right: swipe sideways →" and hint.is_visible()
        assert box.get_attribute("aria-label") == "Standings after round 6 of 7, scrolls sideways"
        box.scroll_into_view_if_needed()
        box.evaluate("box => box.scrollTop = 1200")  # well down the 60 players
        head = page.locator("table.standings thead th").first.bounding_box()
        frame = box.bounding_box()
        assert head and frame and abs(head["y"] - frame["y"]) < 1  # the header row at the box's top
        assert frame["y"] + frame["height"] <= height + 1  # the box fits the screen
        page.screenshot(path=str(shots() / f"sticky-header-{size}.png"))
        box.evaluate("box => box.scrollLeft = box.scrollWidth")
        page.wait_for_function("document.querySelector('.scroll-hint').hidden")
    finally:
        context.close()


TAPS = """() => [...document.querySelectorAll(
        '.event-nav a, .round-switcher a, .round-links a, a.archive-link')]
    .map(a => { const r = a.getBoundingClientRect(); return [a.textContent.trim(), r.width, r.height]; })
    .filter(([, w, h]) => w < 44 || h < 44)"""


@pytest.mark.parametrize("size", list(PHONES))
def test_menus_and_round_links_are_targets_a_finger_hits(site, browser, size):
    width, height = PHONES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        for path in ["wosc-2026/standings-6.html", "wosc-2026/round-3.html",
                     "hk-mahjong-open-2026/round-2.html", "hk-mahjong-open-2026/standings-2.html"]:
            page.goto((site / path).as_uri())
            assert page.locator(".event-nav a, .round-switcher a, .round-links a").count() > 6
            assert page.evaluate(TAPS) == [], path
        page.goto((site / "wosc-2026/round-3.html").as_uri())
        switcher = page.locator(".round-switcher a")
        assert switcher.all_text_contents() == ["1", "2", "3", "4", "5", "6"]
        assert page.locator('.round-switcher a[aria-current="page"]').text_content() == "3"
        page.screenshot(path=str(shots() / f"round-links-{size}.png"))
    finally:
        context.close()


def test_every_page_has_the_favicon_and_a_description_of_its_own(site):
    descriptions = {}
    for path in [*PAGES, "wosc-2026/players/s001.html", "offline.html"]:
        html = (site / path).read_text(encoding="utf-8")
        icon = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', html)
        assert icon and (site / path).parent.joinpath(icon.group(1)).read_bytes().startswith(b"<svg")
        description = re.search(r'<meta name="description" content="([^"]+)">', html)
        assert description and len(description.group(1)) > 30, path
        descriptions[path] = description.group(1)
    assert len(set(descriptions.values())) == len(descriptions)  # each page says what it is
    assert descriptions["wosc-2026/standings-6.html"].startswith(
        "Standings after round 6: World Open Shogi Championship 2026, 14–16 August 2026, Zagreb, Croatia")


def test_a_knocked_out_player_is_told_so_on_the_find_page(site, phone):
    phone.goto((site / "hk-mahjong-open-2026/find.html").as_uri())
    phone.fill("#find-name", "fai ho")
    note = phone.locator("#find-none")
    assert note.is_visible()
    # No rows left to scroll: the hint goes when the table's box is measured again, which a
    # ResizeObserver does after the filter's layout (later on a loaded machine).
    phone.locator(".scroll-hint").wait_for(state="hidden")
    assert note.text_content() == ("Fai Ho: out after round 1: rank 23 of 32, -109.00. "
                                   "No table for you in Round 2, half 1.")
    phone.fill("#find-name", "nobody here")
    assert note.text_content().startswith("Nobody at the tables matches that name. Check the spelling")
    phone.fill("#find-name", "fai ho")
    phone.screenshot(path=str(shots() / "find-knocked-out-phone.png"))

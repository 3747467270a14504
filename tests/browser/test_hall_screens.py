"""The hall screen at the three sizes it meets (landscape TV, portrait TV, phone): its options at
their edge values, the rotation, the list by name, the byes, side labels and points, axe-core.

The pages are built with the test "board" system and opened from the folder (file://): the
screen draws the data it carries, so layout and rotation need no server. Screenshots go to
``conftest.shots()``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import shots
from live_plugin.board import player_name, plugin_manager, write_event

from publisher.build.builder import Builder

pytestmark = pytest.mark.browser

SIZES = {"tv": (1920, 1080), "portrait": (1080, 1920), "720p": (1280, 720), "projector": (1024, 768),
         "phone": (390, 844)}

# Nothing outside the screen, no rows below it, and no text cut: a line of text wider than its box
# by a fraction of a pixel already loses its last letter, so widths are taken to the fraction
# (a Range), not as scrollWidth rounds them.
FITS = """() => {
    const out = [];
    const html = document.documentElement;
    if (html.scrollWidth > innerWidth || html.scrollHeight > innerHeight) out.push("page scrolls");
    for (const el of document.querySelectorAll(
            '.screen-title, .screen-clock, .screen-find-card, .screen-item, .screen-byes, .screen-foot')) {
        const r = el.getBoundingClientRect();
        const outside = r.left < 0 || r.top < 0 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1;
        if (r.width && outside)
            out.push('outside: ' + el.className + ' ' + el.textContent.slice(0, 30));
    }
    const body = document.getElementById('screen-body');
    if (body.scrollHeight > body.clientHeight + 1) out.push('rows below the screen');
    const range = document.createRange();
    for (const el of document.querySelectorAll('.screen-app *')) {
        const style = getComputedStyle(el);
        if (style.whiteSpace !== 'nowrap' || !el.textContent.trim() || el.closest('[hidden]')) continue;
        if ([...el.children].some(c => getComputedStyle(c).display === 'block')) continue;
        const box = el.getBoundingClientRect();
        if (!box.width) continue;
        range.selectNodeContents(el);
        const room = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (range.getBoundingClientRect().width > room + 0.01) out.push('cut: ' + el.textContent);
    }
    return out;
}"""

# How many lines each element takes.
LINES = "els => els.map(e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))"

# The smallest type of each kind on the screen, in CSS px.
SMALLEST = """() => {
    const least = selector => Math.min(...[...document.querySelectorAll(selector)]
        .filter(e => e.textContent.trim()).map(e => parseFloat(getComputedStyle(e).fontSize)));
    return {names: least('.screen-item:not(.head) .name'), points: least('.screen-item .pts'),
            labels: least('.screen-item.head > *'), footer: least('.screen-foot > *'),
            event: least('.screen-event')};
}"""


def build(tmp_path: Path, players: int, rows: list[str]) -> Path:
    """A board event whose round 1 has these ``table,player1,player2,result[,handicap,komi]`` rows;
    the path of its built screen page."""
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=players)
    header = "table,player1,player2,result,handicap,komi\n"
    (folder / "rounds" / "1.csv").write_text(header + "".join(r + "\n" for r in rows), encoding="utf-8")
    Builder(plugin_manager(), content, site).build()
    return site / "club" / "screen.html"


def pairs(tables: int, result: str = "", extra: str = ",,") -> list[str]:
    return [f"{t + 1},p{2 * t + 1:02d},p{2 * t + 2:02d},{result}{extra}" for t in range(tables)]


@pytest.fixture
def open_screen(browser):
    """Open a screen page at one of SIZES; every context is closed, and no script error allowed."""
    contexts, errors = [], []

    def opener(path: Path, size: str = "tv", query: str = ""):
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(5000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(path.as_uri() + query)
        page.wait_for_selector(".screen-grid")
        return page

    yield opener
    for context in contexts:
        context.close()
    assert errors == []


def plan(page) -> list[str]:
    return page.locator(".screen-app").get_attribute("data-plan").split()


@pytest.mark.parametrize(("query", "seconds", "poll", "standings", "names"), [
    ("", "12", "3", "3", "2"),
    ("?standings=0&names=0", "12", "3", "0", "0"),
    ("?seconds=0&poll=0", "1", "1", "3", "2"),
    ("?seconds=-5&poll=-1&standings=-2&names=-1", "1", "1", "0", "0"),
    ("?seconds=2.5&standings=1.9&names=1", "2.5", "3", "1", "1"),
    ("?seconds=abc&poll=&standings=x&names=", "12", "3", "3", "2"),
    ("?seconds=Infinity&standings=1e9", "12", "3", "1000000000", "2"),
])
def test_every_option_at_its_edges(tmp_path, open_screen, query, seconds, poll, standings, names):
    """Missing or not a number: the default; below the least value: the least (0 pages of
    standings or names is none of them, 0 seconds is one)."""
    page = open_screen(build(tmp_path, 8, pairs(4)), query=query)
    app = page.locator(".screen-app")
    assert [app.get_attribute(f"data-{k}") for k in ("seconds", "poll", "standings", "names")] == [
        seconds, poll, standings, names]
    kinds = [view.split("-")[0] for view in plan(page)]
    turning = page.locator("#screen-progress").evaluate("e => e.style.transition")
    assert turning == (f"width {seconds}s linear" if len(kinds) > 1 else "")  # one page stays
    assert kinds.count("standings") == min(int(standings), 1)  # in play: one standings page a cycle
    assert kinds.count("names") == min(int(names), 1)


def test_standings_zero_shows_only_the_tables_once_every_result_is_in(tmp_path, open_screen):
    path = build(tmp_path, 8, pairs(4, "1-0"))
    assert plan(open_screen(path, query="?standings=0")) == ["tables-1"]
    assert plan(open_screen(path, query="?standings=2")) == ["tables-1", "standings-1"]


def test_while_a_round_is_played_the_pairings_come_round_most(tmp_path, open_screen):
    """120 players at 1080 lines of a portrait TV: every cycle is the tables, the list by name and
    one page of the standings, the next page in the next cycle; seconds=1 turns a page a second."""
    page = open_screen(build(tmp_path, 120, pairs(60)), "tv", "?seconds=1&standings=3")
    first = plan(page)
    assert first[:2] == ["tables-1", "tables-2"] and first[-1] == "standings-1"
    assert [v for v in first if v.startswith("names")] == ["names-1", "names-2"]
    page.wait_for_function("document.querySelector('.screen-app').dataset.plan.endsWith('standings-2')",
                           timeout=len(first) * 1000 + 4000)
    assert page.locator("#screen-title").text_content() == "Round 1"  # back to the pairings


def test_the_bye_shares_the_last_page_of_pairings(tmp_path, open_screen):
    rows = [*pairs(4), ",p09,,bye,,"]
    for size in SIZES:
        page = open_screen(build(tmp_path / size, 9, rows), size)
        assert [v for v in plan(page) if v.startswith("tables")] == ["tables-1"]
        assert page.locator(".screen-byes").text_content() == f"Bye: {player_name(8)} (1 pts)"
        assert page.locator(".screen-item.table").count() == 4
        assert page.evaluate(FITS) == []


def test_the_list_by_name_says_table_and_colour(tmp_path, open_screen):
    page = open_screen(build(tmp_path, 8, pairs(4)), "tv", "?seconds=1")
    # Read at once when the list is up: the pages turn every second.
    shown = page.wait_for_function("""() => document.querySelector('.screen-grid.names') && {
        title: document.querySelector('#screen-title').textContent,
        head: [...document.querySelectorAll('.screen-item.head.byname span')].map(cell => cell.textContent),
        rows: [...document.querySelectorAll('.screen-item.byname:not(.head)')]
            .map(item => [...item.querySelectorAll('span')].map(cell => cell.textContent))}""",
        timeout=10_000).json_value()
    assert shown["title"] == "Round 1: find your table"
    assert shown["head"] == ["Player", "Table", "Colour"]  # the labels above the column
    rows = shown["rows"]
    expected = sorted(([player_name(n), str(n // 2 + 1), "White" if n % 2 else "Black"] for n in range(8)),
                      key=lambda row: row[0])
    assert rows == expected
    assert page.evaluate(FITS) == []
    page.screenshot(path=str(shots() / "screen-names-tv.png"))


def test_sides_handicap_komi_and_points_on_every_row(tmp_path, open_screen):
    """Sides above the columns; terms every table shares (komi 6.5) there too, else under each result."""
    even = [f"{t + 1},p{2 * t + 1:02d},p{2 * t + 2:02d},,,6.5" for t in range(4)]
    page = open_screen(build(tmp_path / "even", 8, even))
    head = page.locator(".screen-item.head").first
    heads = [c.text_content() for c in head.locator("span").all()]
    assert heads == ["#", "Black", "", "komi 6.5", "White", ""]
    assert page.locator(".screen-item.table .terms").count() == 0
    rows = [f"{t + 1},p{2 * t + 1:02d},p{2 * t + 2:02d},,{h},{k}"
            for t, (h, k) in enumerate([("", "6.5"), ("2", "0.5"), ("", "6.5"), ("3", "0.5")])]
    page = open_screen(build(tmp_path / "handicap", 8, rows), "phone")
    head = page.locator(".screen-item.head").first
    assert [c.text_content() for c in head.locator("span").all()] == ["#", "Black", "", "", "White", ""]
    assert page.locator(".screen-item.table .terms").all_text_contents() == [
        "K6.5", "H2 K0.5", "K6.5", "H3 K0.5"]
    assert page.evaluate(FITS) == []
    page.screenshot(path=str(shots() / "screen-handicap-phone.png"))
    points = page.locator(".screen-item.table .pts").all_text_contents()
    assert points == ["0 pts"] * 8


@pytest.mark.parametrize("size", list(SIZES))
def test_the_screen_fits_each_shape_without_cutting_names(tmp_path, open_screen, size):
    """Long names, 30 tables: the title, the clock and every name whole, at each size; axe-core
    finds nothing to fix."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    path = build(tmp_path, 60, pairs(30, "", ",,"))
    players = path.parents[2] / "content" / "club" / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace(
        player_name(0), "Maximiliane Schwarzenberger"), encoding="utf-8")
    Builder(plugin_manager(), path.parents[2] / "content", path.parents[1]).build()
    page = open_screen(path, size)
    page.screenshot(path=str(shots() / f"screen-tables-{size}.png"))
    assert page.evaluate(FITS) == []
    assert page.locator("#screen-title").is_visible() and page.locator("#screen-time").is_visible()
    results = axe.Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def long_names(tmp_path: Path, scale: float | None = None) -> Path:
    """60 players at 30 tables, a third of them with names of 25 letters and more; ``scale`` is
    event.toml's [screens] scale."""
    path = build(tmp_path, 60, pairs(30, "", ",,"))
    content = path.parents[2] / "content"
    players = content / "club" / "players.csv"
    lines = players.read_text(encoding="utf-8").splitlines()
    long = ["Maximiliane Schwarzenberger", "Oleksandr Shevchenko-Kovalenko", "Yamada Takeshi Nakamura",
            "Anastasia Konstantinopoulou", "Christiaan van der Westhuizen"]
    for n in range(1, 61, 3):
        lines[n] = f"p{n:02d},{long[n % len(long)]} {n}"
    players.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if scale is not None:
        with (content / "club" / "event.toml").open("a", encoding="utf-8") as settings:
            settings.write(f"[screens]\nscale = {scale}\n")
    Builder(plugin_manager(), content, path.parents[1]).build()
    return path


def every_view(page) -> list[str]:
    """Wait through the cycle (seconds=1), checking FITS on every page; the views seen."""
    seen: list[str] = []
    for _ in range(30):
        view = page.locator(".screen-app").get_attribute("data-view")
        if view not in seen:
            seen.append(view)
            assert page.evaluate(FITS) == [], view
        if len(seen) == len(set(plan(page))):
            return seen
        page.wait_for_timeout(400)
    raise AssertionError(f"the screen showed {seen} of {plan(page)}")


@pytest.mark.parametrize("size", ["tv", "portrait", "720p", "projector"])
def test_long_names_are_never_cut_on_any_page_at_any_size(tmp_path, open_screen, size):
    """Tables, the list by name and the standings at TV, portrait TV, 720p and projector sizes:
    a long name is set smaller down to the floor, then on two lines; nothing is cut."""
    page = open_screen(long_names(tmp_path), size, "?seconds=1")
    seen = every_view(page)
    lines = page.locator(".screen-item .name").evaluate_all(LINES)
    assert max(lines) < 2.1
    assert {v.split("-")[0] for v in seen} == {"tables", "names", "standings"}
    page.screenshot(path=str(shots() / f"screen-long-names-{size}.png"))


def test_type_reads_from_five_metres_at_1080p(tmp_path, open_screen):
    """Names and points at least 28 px at 1080 lines, labels and the footer at least 24 px,
    long names included (set smaller only down to the floor, then on two lines)."""
    page = open_screen(long_names(tmp_path), "tv", "?seconds=1000")
    lines = page.locator(".screen-item .name").evaluate_all(LINES)
    assert max(lines) < 2.1  # two lines at most: a name that needs more gets a wider column
    smallest = page.evaluate(SMALLEST)
    assert smallest["names"] >= 28 and smallest["points"] >= 28, smallest
    assert smallest["labels"] >= 24 and smallest["footer"] >= 24 and smallest["event"] >= 24, smallest
    assert page.evaluate(FITS) == []
    page.screenshot(path=str(shots() / "screen-five-metres-tv.png"))


def test_screens_scale_makes_the_type_bigger_for_a_larger_hall(tmp_path, open_screen):
    base = open_screen(long_names(tmp_path / "base"), "tv", "?seconds=1000")
    big = open_screen(long_names(tmp_path / "big", scale=1.5), "tv", "?seconds=1000")
    size = "e => parseFloat(getComputedStyle(e).fontSize)"
    assert big.locator(".screen-app").evaluate(size) == pytest.approx(
        1.5 * base.locator(".screen-app").evaluate(size), abs=0.1)
    assert big.evaluate(SMALLEST)["points"] == pytest.approx(1.5 * base.evaluate(SMALLEST)["points"], abs=0.1)
    assert big.locator(".screen-item.table").count() < base.locator(".screen-item.table").count()
    assert big.evaluate(FITS) == []
    big.screenshot(path=str(shots() / "screen-scale-1.5-tv.png"))

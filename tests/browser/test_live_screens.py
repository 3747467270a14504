"""Venue screens, find-your-table and live reload in a real Chromium (Playwright).

Each test starts ``publisher serve --port 0`` on a small "board" championship
(tests/live_plugin) and edits the content as an organiser would; the pages must
follow by themselves. Skipped with the reason when Debian's chromium or the
playwright package is missing; CI installs both.
"""

from __future__ import annotations

import base64
import csv
import datetime as dt
import json
import re
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import shots
from live_plugin.board import PLUGIN_DIR, player_name, plugin_manager, publisher, round_csv, write_event

from publisher.build.builder import Builder

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "content"
OVERFLOW = """() => {
    const out = [];
    const html = document.documentElement;
    if (html.scrollWidth > innerWidth || html.scrollHeight > innerHeight) out.push("page scrolls");
    const boxes = '.screen-bar, .screen-title, .screen-clock, .screen-item, .screen-item .name, .screen-foot';
    for (const el of document.querySelectorAll(boxes)) {
        const r = el.getBoundingClientRect();
        if (r.width && (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight))
            out.push(el.className + ' ' + el.textContent.slice(0, 30));
    }
    for (const el of document.querySelectorAll('.screen-item .name, .screen-title'))
        if (el.scrollWidth > el.clientWidth) out.push('cut: ' + el.textContent);
    return out;
}"""

WAIT = 10_000  # ms: screens poll every second here, rebuilds take a fraction of one


@pytest.fixture
def expect():
    return pytest.importorskip("playwright.sync_api").expect


class Server:
    """``publisher serve --port 0`` in ``cwd``, with the test system or with the real ones only."""

    def __init__(self, cwd: Path, test_system: bool = True, *options: str):
        plugins = ["--plugins-dir", str(PLUGIN_DIR)] if test_system else []
        self.process = publisher(cwd, *plugins, "serve", "--port", "0", "--content", "content",
                                 "--out", "site", *options)
        assert self.process.stdout is not None
        for line in self.process.stdout:
            found = re.search(r"Serving site at (http://127\.0\.0\.1:\d+/)", line)
            if found:
                self.url = found.group(1)
                threading.Thread(target=self.process.stdout.read, daemon=True).start()
                return
        raise AssertionError(f"publisher serve ended with {self.process.wait()}")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class Hall:
    """A board championship on disk; :meth:`serve` starts ``publisher serve`` on it."""

    def __init__(self, tmp_path: Path, players: int, **board: object):
        self.tmp_path = tmp_path
        self.folder = write_event(tmp_path / "content", "club", players=players, **board)
        self.rounds = self.folder / "rounds"
        self.server: Server | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return self.server.url

    def write_round(self, number: int, results: list[str]) -> None:
        (self.rounds / f"{number}.csv").write_text(round_csv(results), encoding="utf-8")

    def serve(self) -> None:
        self.server = Server(self.tmp_path)

    def stop(self) -> None:
        if self.server:
            self.server.stop()


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    hall = Hall(tmp_path, players=8)
    hall.write_round(1, ["", "", "", ""])
    hall.serve()
    yield hall
    hall.stop()


def error_free_page(browser, **options) -> Iterator:
    """A page in a context of its own (``options``: its viewport, a phone's touch), failing
    the test when a script on it throws."""
    context = browser.new_context(**options)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


@pytest.fixture
def page(browser):
    yield from error_free_page(browser, viewport={"width": 1920, "height": 1080})


def table(page, number: int):
    return page.locator(".screen-item.table").nth(number - 1)


def test_a_result_shows_up_on_an_open_screen_without_a_reload(hall, page, expect):
    page.goto(hall.url + "club/screen.html?poll=1")
    expect(page.locator("#screen-title")).to_have_text("Round 1")
    expect(table(page, 1)).to_contain_text(f"{player_name(0)}")
    expect(table(page, 1).locator(".res")).to_have_text("–")
    page.evaluate("window.stillTheSamePage = true")

    hall.write_round(1, ["1-0", "", "½-½", ""])
    expect(table(page, 1).locator(".res")).to_have_text("1-0", timeout=WAIT)
    expect(table(page, 3).locator(".res")).to_have_text("½-½")
    expect(table(page, 1)).to_contain_text("1 pts")
    assert page.evaluate("window.stillTheSamePage") is True

    hall.write_round(2, ["0-1", "", "", ""])
    expect(page.locator("#screen-title")).to_have_text("Round 2", timeout=WAIT)
    assert page.evaluate("window.stillTheSamePage") is True


def test_a_broken_file_shows_a_short_note_on_the_screen_and_the_details_on_the_pages(
        hall, page, browser, expect):
    """The hall reads "Results are being updated" beside the last good data, nothing over the QR
    code; the director's pages show the file, line and fix above the page, covering nothing."""
    hall.write_round(1, ["1-0", "", "", ""])
    page.goto(hall.url + "club/screen.html?poll=1")
    expect(table(page, 1).locator(".res")).to_have_text("1-0")
    director = browser.new_page(viewport={"width": 390, "height": 844})
    director.goto(hall.url + "club/players.html")

    (hall.rounds / "1.csv").write_text(round_csv(["0-1", "", "", ""]).replace("p04", "p99"),
                                       encoding="utf-8")
    note = page.locator("#publisher-error")
    expect(note).to_have_text("Results are being updated", timeout=WAIT)
    expect(table(page, 1).locator(".res")).to_have_text("1-0")  # the last good data stays
    expect(table(page, 2)).to_contain_text(player_name(3))
    box, body = note.bounding_box(), page.locator("#screen-body").bounding_box()
    assert box and body and box["height"] < 60 and box["y"] > body["y"]  # below the title and QR code
    # In the footer's line, after the page number ("Page 1 of 2"), over nothing of the footer.
    assert page.locator(".screen-foot > #publisher-error").count() == 1
    for other in page.locator(".screen-foot > :not(#publisher-error):not([hidden])").all():
        seen = other.bounding_box()
        assert seen and (seen["x"] + seen["width"] <= box["x"] or seen["x"] >= box["x"] + box["width"])

    banner = director.locator("#publisher-error")
    expect(banner).to_contain_text("1.csv:3: unknown player 'p99'", timeout=WAIT)
    expect(banner).to_contain_text("this is the last good site")
    header = director.locator(".site-header").bounding_box()
    shown = banner.bounding_box()
    assert header and shown and shown["y"] + shown["height"] <= header["y"]  # above, not over, the menu
    director.screenshot(path=str(shots() / "error-banner-phone.png"))
    page.screenshot(path=str(shots() / "error-note-screen.png"))

    hall.write_round(1, ["0-1", "", "", ""])
    expect(note).to_have_count(0, timeout=WAIT)
    expect(table(page, 1).locator(".res")).to_have_text("0-1", timeout=WAIT)
    director.close()


def tables_shown(page, label: str) -> dict:
    """What the screen shows while its page reads ``label``, taken in one go: the pages turn
    every few seconds, faster than a busy machine takes several separate looks."""
    return page.wait_for_function("""([label, overflow]) => {
        if (document.querySelector('#screen-page').textContent !== label) return false;
        const tables = [...document.querySelectorAll('.screen-item.table')];
        return {count: tables.length, overflow: eval(overflow)(),
                columns: new Set(tables.map(e => Math.round(e.getBoundingClientRect().left))).size,
                font: tables.length ? parseFloat(getComputedStyle(tables[0]).fontSize) : 0};
    }""", arg=[label, OVERFLOW], timeout=WAIT).json_value()


def test_the_screen_fits_1920_by_1080_and_turns_its_pages(tmp_path, browser, expect):
    """60 tables: two pages of pairings in two columns, then the standings, then back."""
    start = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=10)).isoformat(timespec="seconds")
    hall = Hall(tmp_path, players=120, clock_start=start, clock_minutes=70)
    hall.write_round(1, ["1-0", "0-1", "½-½", ""] * 15)
    hall.serve()
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(hall.url + "club/screen.html?seconds=2&standings=1&names=0")
        expect(page.locator("#screen-timer")).to_have_text(re.compile(r"^Round: (59|60):\d\d left$"))
        first = tables_shown(page, "Page 1 of 2")
        assert first["overflow"] == []
        assert first["columns"] == 2 and 30 <= first["count"] < 60
        assert first["font"] >= 32  # readable from the back of the hall
        page.screenshot(path=tmp_path / "screen-1920x1080.png")

        assert tables_shown(page, "Page 2 of 2")["count"] == 60 - first["count"]
        expect(page.locator("#screen-title")).to_have_text("Standings after round 1", timeout=WAIT)
        expect(page.locator(".screen-item.standing").first).to_contain_text("=1")
        expect(page.locator("#screen-title")).to_have_text("Round 1", timeout=WAIT)
    finally:
        context.close()
        hall.stop()


def test_find_your_table_on_a_phone(hall, browser, expect):
    hall.write_round(2, ["1-0", "", "", ""])
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(hall.url + "club/find.html?poll=1")
        rows = page.locator("#find-rows tr:visible")
        expect(rows).to_have_count(8)
        page.fill("#find-name", "chiara")  # Chiara Novak, p03
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text(player_name(2))
        expect(rows.first.locator("td").nth(1)).to_have_text("2")
        expect(rows.first).to_contain_text(player_name(3))

        (hall.rounds / "3.csv").write_text(
            "table,player1,player2,result\n1,p03,p01,\n2,p02,p04,\n3,p05,p06,\n4,p07,p08,\n",
            encoding="utf-8")  # a new round: p03 moves to table 1
        expect(page.locator("#find-heading")).to_have_text("Round 3", timeout=WAIT)
        expect(rows).to_have_count(1)
        expect(rows.first.locator("td").nth(1)).to_have_text("1")
        page.fill("#find-name", "nobody here")
        expect(rows).to_have_count(0)
        expect(page.locator("#find-none")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_other_pages_reload_themselves_after_a_rebuild(hall, page, expect):
    page.goto(hall.url + "club/players.html")
    page.evaluate("window.stillTheSamePage = true")
    players = hall.folder / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace(player_name(0), "Zora Zorić"),
                       encoding="utf-8")
    expect(page.locator("main")).to_contain_text("Zora Zorić", timeout=WAIT)
    assert page.evaluate("window.stillTheSamePage") is None


def test_eight_open_tabs_all_load_and_follow_a_rebuild(hall, browser, expect):
    """More tabs than the six connections a browser keeps per host: none may hang."""
    context = browser.new_context()
    try:
        tabs = []
        for path in ["players.html", "index.html", "screen.html?poll=1", "find.html?poll=1"] * 2:
            tab = context.new_page()
            tab.set_default_timeout(WAIT)
            tab.goto(hall.url + "club/" + path)
            tabs.append(tab)
        players = hall.folder / "players.csv"
        players.write_text(players.read_text(encoding="utf-8").replace(player_name(1), "Zora Zorić"),
                           encoding="utf-8")
        for tab in tabs[0::4]:
            expect(tab.locator("main")).to_contain_text("Zora Zorić", timeout=WAIT)
        for tab in tabs[3::4]:
            expect(tab.locator("#find-rows")).to_contain_text("Zora Zorić", timeout=WAIT)
    finally:
        context.close()


@contextmanager
def static_host(site: Path) -> Iterator[str]:
    """``site`` on a plain web server, without live reload: the address of its root."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_screen_on_a_static_host_follows_a_rebuild(tmp_path, page, expect):
    """No live-reload server: the screen polls data/live.json on a plain web server."""
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=4)
    (folder / "rounds" / "1.csv").write_text(round_csv(["", ""]), encoding="utf-8")
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    with static_host(site) as url:
        page.goto(url + "club/screen.html?poll=1")
        expect(table(page, 2).locator(".res")).to_have_text("–")
        assert page.locator("script[src*='__publisher']").count() == 0
        (folder / "rounds" / "1.csv").write_text(round_csv(["", "0-1"]), encoding="utf-8")
        builder.build()
        expect(table(page, 2).locator(".res")).to_have_text("0-1", timeout=WAIT)


def test_find_your_table_on_a_static_host_follows_a_new_round(tmp_path, page, expect):
    """The find page polls data/find.json, the rows find_entries made, on a plain web server."""
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=4)
    (folder / "rounds" / "1.csv").write_text(round_csv(["", ""]), encoding="utf-8")
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    with static_host(site) as url:
        page.goto(url + "club/find.html?poll=1")
        page.fill("#find-name", "p04")
        rows = page.locator("#find-rows tr:visible")
        expect(rows).to_have_count(1)
        expect(rows.first.locator("td")).to_have_text([player_name(3), "2", "White", player_name(2)])
        (folder / "rounds" / "2.csv").write_text(
            "table,player1,player2,result\n1,p04,p01,1-0\n2,p02,p03,\n", encoding="utf-8")
        builder.build()
        expect(page.locator("#find-heading")).to_have_text("Round 2", timeout=WAIT)
        expect(rows.first.locator("td")).to_have_text(
            [player_name(3), "1", "Black", f"{player_name(0)} won 1-0"])
        expect(rows).to_have_count(1)


def test_find_your_table_opened_from_a_folder_finds_names_without_accents(tmp_path, page, expect):
    """From file:// nothing can be fetched: the page draws the rows it carries, and what is
    typed is folded like the rows' keys (case, accents and letters such as ø or ł do not matter)."""
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=4)
    (folder / "players.csv").write_text(
        "id,name\np01,Žana Kovačević\np02,Ørjan Ødegård\np03,ZOË LOVŠIN\np04,<i>Łukasz</i> Müßig\n",
        encoding="utf-8")
    (folder / "rounds" / "1.csv").write_text(round_csv(["", "0-1"]), encoding="utf-8")
    Builder(plugin_manager(), content, site).build()
    page.goto((site / "club" / "find.html").as_uri())
    rows = page.locator("#find-rows tr:visible")
    expect(rows.locator("td:first-child")).to_have_text(
        ["<i>Łukasz</i> Müßig", "Ørjan Ødegård", "Žana Kovačević", "ZOË LOVŠIN"])
    for typed, name in [("kovacevic", "Žana Kovačević"), ("KOVAČ", "Žana Kovačević"),
                        ("zoe lov", "ZOË LOVŠIN"), ("ødeg", "Ørjan Ødegård"), ("odegard", "Ørjan Ødegård"),
                        ("lukasz", "<i>Łukasz</i> Müßig"), ("muss", "<i>Łukasz</i> Müßig"),
                        ("muessig", "<i>Łukasz</i> Müßig"), ("MÜSSIG", "<i>Łukasz</i> Müßig"),
                        ("ŁUKASZ MÜSS", "<i>Łukasz</i> Müßig")]:
        page.fill("#find-name", typed)
        expect(rows.locator("td:first-child")).to_have_text([name])
    page.fill("#find-name", "odegaard")
    expect(rows).to_have_count(0)
    expect(page.locator("#find-none")).to_have_text(
        "Nobody at the tables matches that name. Check the spelling, or ask at the desk.")
    assert page.locator("i").count() == 0


def test_a_screen_opened_from_a_folder_shows_its_tables_at_once(tmp_path, page, expect):
    """From a USB stick on the TV's own browser (file://) nothing can be fetched: the page
    carries the data it was built with, and says nothing about a lost connection."""
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=4)
    (folder / "rounds" / "1.csv").write_text(round_csv(["1-0", ""]), encoding="utf-8")
    Builder(plugin_manager(), content, site).build()
    page.goto((site / "club" / "screen.html").as_uri())
    expect(table(page, 1).locator(".res")).to_have_text("1-0")
    expect(table(page, 1)).to_contain_text(player_name(1))
    assert page.locator("#screen-stale").is_hidden()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def test_the_example_championships_on_hall_screens(tmp_path, browser, expect):
    """The real systems: the WOSC's running round and the smallest mahjong example."""
    content = tmp_path / "content"
    mahjong = min((p for p in EXAMPLES.iterdir() if (p / "event.toml").is_file()
                   and 'system = "mahjong-elimination"' in (p / "event.toml").read_text(encoding="utf-8")),
                  key=lambda p: (p / "players.csv").stat().st_size)
    for folder in [EXAMPLES / "wosc-2026", mahjong]:
        shutil.copytree(folder, content / folder.name)
    server = Server(tmp_path, test_system=False)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(server.url + "wosc-2026/screen.html?poll=1")
        live = json.loads((tmp_path / "site/wosc-2026/data/live.json").read_text(encoding="utf-8"))
        first = live["tables"][0]
        expect(page.locator("#screen-title")).to_have_text(live["heading"])
        expect(table(page, 1)).to_contain_text(first["players"][0]["name"])
        expect(table(page, 1)).to_contain_text(first["players"][1]["name"])
        assert page.evaluate(OVERFLOW) == []
        page.screenshot(path=tmp_path / "wosc-screen.png")

        round_file = content / "wosc-2026" / "rounds" / f"{live['round']}.csv"
        rows = list(csv.reader(round_file.read_text(encoding="utf-8").splitlines()))
        rows[1][3] = "0-1"
        with round_file.open("w", encoding="utf-8", newline="") as handle:
            csv.writer(handle, lineterminator="\n").writerows(rows)
        expect(table(page, 1).locator(".res")).to_have_text("0-1", timeout=WAIT)

        page.goto(server.url + f"{mahjong.name}/screen.html")
        live = json.loads((tmp_path / f"site/{mahjong.name}/data/live.json").read_text(encoding="utf-8"))
        expect(page.locator("#screen-title")).to_have_text(live["heading"])
        seats = table(page, 1).locator(".seat")
        expect(seats).to_have_text([p["seat"] for p in live["tables"][0]["players"]])
        if live["clock"]:
            expect(page.locator("#screen-timer")).to_contain_text(live["clock"]["label"])
        assert page.evaluate(OVERFLOW) == []
        page.screenshot(path=tmp_path / "mahjong-screen.png")
    finally:
        context.close()
        server.stop()


PIXELS = """async (png) => {
    const image = new Image();
    image.src = "data:image/png;base64," + png;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const rgba = context.getImageData(0, 0, image.width, image.height).data;
    const grey = [];
    for (let i = 0; i < rgba.length; i += 4) grey.push(rgba[i + 1]);
    return {width: image.width, height: image.height, grey: grey};
}"""


def test_with_the_public_address_the_screen_shows_a_qr_code_of_find_html(tmp_path, browser, expect):
    """site.toml names the host: the screen shows a QR code a phone reads as the address of
    find.html, at a fifth of the screen's height, and everything still fits 1920x1080."""
    zxingcpp = pytest.importorskip("zxingcpp", reason="the zxing-cpp reader is not installed")
    hall = Hall(tmp_path, players=120)
    (tmp_path / "content" / "site.toml").write_text('url = "https://results.example.org/"\n',
                                                   encoding="utf-8")
    hall.write_round(1, ["1-0", "0-1", "½-½", ""] * 15)
    hall.serve()
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(hall.url + "club/screen.html?seconds=60")
        expect(page.locator("#screen-page")).to_have_text("Page 1 of 2")
        expect(page.locator("#screen-find")).to_have_text("results.example.org/ club/find.html")
        page.screenshot(path=tmp_path / "screen-qr-1920x1080.png")
        assert page.evaluate(OVERFLOW) == []
        code = page.locator(".screen-find-card .qr")
        box = code.bounding_box()
        assert box["height"] >= 200 and box["y"] >= 0
        assert box["x"] + box["width"] <= 1920
        shot = page.evaluate(PIXELS, base64.b64encode(code.screenshot()).decode("ascii"))
        pixels = memoryview(bytes(shot["grey"])).cast("B", (shot["height"], shot["width"]))
        assert [c.text for c in zxingcpp.read_barcodes(pixels)] == ["https://results.example.org/club/find.html"]
        columns = page.evaluate("""() => new Set([...document.querySelectorAll('.screen-item.table')]
                                   .map(e => Math.round(e.getBoundingClientRect().left))).size""")
        assert columns == 2 and page.locator(".screen-item.table").count() >= 28
    finally:
        context.close()
        hall.stop()


def test_the_hall_clock_keeps_the_venues_time_zone(tmp_path, browser, expect):
    """A laptop set to London drives a screen in Hong Kong: the clock shows Hong Kong's time."""
    import datetime as dt
    from zoneinfo import ZoneInfo

    from publisher.plugins import plugin_manager as every_plugin

    content, site = tmp_path / "content", tmp_path / "site"
    shutil.copytree(EXAMPLES / "hk-mahjong-open-2026", content / "hk-mahjong-open-2026")
    Builder(every_plugin(), content, site).build()
    context = browser.new_context(timezone_id="Europe/London", viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto((site / "hk-mahjong-open-2026" / "screen.html").as_uri())
    hong_kong = [(dt.datetime.now(ZoneInfo("Asia/Hong_Kong")) + dt.timedelta(minutes=m)).strftime("%H:%M")
                 for m in (0, 1)]
    expect(page.locator("#screen-time")).to_have_text(re.compile("^(" + "|".join(hong_kong) + ")$"))
    context.close()

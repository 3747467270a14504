"""The results desk's page in Chromium, against ``publisher serve --desk``: keyboard entry at a
laptop, tap entry on a phone, the build's refusals, two helpers and an editor at once,
mahjong scores, the director revoking a device, and axe-core at phone and laptop sizes."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator

import pytest
from conftest import shots
from desk_server import DeskServer

pytestmark = pytest.mark.browser

LAPTOP, PHONE = (1366, 768), (390, 844)
ROUND6 = "wosc-2026/rounds/6.csv"


@pytest.fixture(scope="module")
def desk(tmp_path_factory) -> Iterator[DeskServer]:
    server = DeskServer(tmp_path_factory.mktemp("desk-page"))
    yield server
    server.stop()


def results(desk: DeskServer) -> dict[str, str]:
    with (desk.content / ROUND6).open(encoding="utf-8") as rows:
        return {row["table"]: row["result"] for row in csv.DictReader(rows)}


def open_desk(browser, desk: DeskServer, size: tuple[int, int], code: str | None = None,
              event: str = "wosc-2026"):
    """A new device (its own browser storage) opening the desk with a fresh helper code, at the
    round being played of ``event``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size == PHONE)
    page = context.new_page()
    count = len(desk.lines)
    page.goto(f"{desk.address}desk/?token={code or desk.helper_code()}")
    page.wait_for_selector("#tables li")
    if code is None:
        desk.wait_for(r"desk/\?token=", after=count)  # the terminal shows the next device's code
    page.select_option("#event", event)
    page.wait_for_selector(f"#tables[data-event='{event}'] li")  # selectors only: the page's CSP forbids eval
    return page


def test_keyboard_entry_at_a_laptop(browser, desk):
    page = open_desk(browser, desk, LAPTOP)
    assert page.url.endswith("/desk/")  # the code is gone from the address bar
    assert page.locator("#round-title").inner_text() == "World Open Shogi Championship 2026, round 6"
    progress = page.locator("#progress").inner_text()
    assert re.fullmatch(r"\d+ of 30 results missing \(rounds/6\.csv\)", progress)
    page.locator("#table").fill("7")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "result"
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    page.wait_for_selector("#message.saved")
    assert page.locator("#message").inner_text() == "Table 7 saved: 1-0."
    assert results(desk)["7"] == "1-0"
    assert page.evaluate("document.activeElement.id") == "table"
    page.keyboard.type("8")
    page.keyboard.press("Enter")
    page.keyboard.type("3-3")
    page.keyboard.press("Enter")
    page.wait_for_selector("#message.refused")
    assert page.locator("#message").get_attribute("role") == "alert"
    assert re.search(r"rounds/6\.csv:9: unknown result '3-3'\. Fix: write 1-0, 0-1",
                     page.locator("#message").inner_text())
    assert results(desk)["8"] == ""
    page.screenshot(path=str(shots() / "desk-laptop-refused.png"), full_page=True)
    page.context.close()


def test_tap_entry_on_a_phone_and_what_is_missing(browser, desk):
    page = open_desk(browser, desk, PHONE)
    table = page.locator("#tables button", has_text="Table 9")
    assert "missing" in table.get_attribute("class")
    table.tap()
    page.wait_for_selector("#tap[open]")
    page.screenshot(path=str(shots() / "desk-phone-tap.png"))
    page.locator("#tap-buttons button", has_text="0-1 ·").tap()
    page.wait_for_selector("#message.saved")
    assert results(desk)["9"] == "0-1"
    assert "in" in page.locator("#tables button", has_text="Table 9").get_attribute("class").split()
    page.locator("#missing-only").check()
    assert page.locator("#tables button", has_text="Table 9").count() == 0
    page.screenshot(path=str(shots() / "desk-phone.png"), full_page=True)
    page.context.close()


def test_two_helpers_and_an_editor_at_once(browser, desk):
    first, second = open_desk(browser, desk, LAPTOP), open_desk(browser, desk, PHONE)
    path = desk.content / ROUND6
    rows = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, row in enumerate(rows) if row.startswith("14,"))
    cells = rows[line].split(",")
    cells[3] = "0.5-0.5"
    rows[line] = ",".join(cells)
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")  # the director, in an editor
    for page, table, result in ((first, "12", "1"), (second, "13", "2")):
        page.locator("#table").fill(table)
        page.locator("#table").press("Enter")
        page.keyboard.type(result)
    first.keyboard.press("Enter")
    second.keyboard.press("Enter")
    first.wait_for_selector("#message.saved")
    second.wait_for_selector("#message.saved")
    assert {t: results(desk)[t] for t in ("12", "13", "14")} == {"12": "1-0", "13": "0-1", "14": "0.5-0.5"}
    first.locator("#tables button", has_text="Table 14").filter(has_text="0.5-0.5").wait_for()
    log = list(csv.reader((desk.content / "wosc-2026/desk-log.csv").open(encoding="utf-8")))
    assert {tuple(row[3:]) for row in log[-2:]} == {("12", "", "1-0"), ("13", "", "0-1")}
    first.context.close()
    second.context.close()


def test_mahjong_scores_by_keyboard(browser, desk):
    page = open_desk(browser, desk, LAPTOP, event="hk-mahjong-open-2026")
    assert page.locator("#part").input_value() == "1"
    page.locator("#table").fill("3")
    page.keyboard.press("Enter")
    for score in ("40", "-10", "-10", "-30"):
        page.keyboard.type(score)
        page.keyboard.press("Enter")
    page.wait_for_selector("#message.refused")
    assert "part 1, table 3" in page.locator("#message").inner_text()
    assert "sums to -10, not 0" in page.locator("#message").inner_text()
    page.locator("#score-3").fill("-20")
    page.locator("#hands-0").fill("32 8")
    page.locator("#score-3").press("Enter")
    page.wait_for_selector("#message.saved")
    assert page.locator("#message").inner_text().startswith("Part 1, table 3 saved:")
    text = (desk.content / "hk-mahjong-open-2026/rounds/2-scores.csv").read_text(encoding="utf-8")
    assert ",1,40,32 8\n" in text and ",1,-20,\n" in text
    page.screenshot(path=str(shots() / "desk-mahjong-laptop.png"), full_page=True)
    page.context.close()


def test_the_director_revokes_a_device(browser, desk):
    director = open_desk(browser, desk, LAPTOP, code=desk.director_code)
    helper = open_desk(browser, desk, PHONE)
    director.wait_for_selector("#device-list li button")
    assert director.locator("#next-round").is_hidden()  # results are missing: no pairing yet
    label = helper.locator("#device").inner_text().removeprefix("This device: ")
    director.locator("#device-list button", has_text=f"Revoke {label}").click()
    director.locator("#device-list button", has_text=f"Revoke {label}").wait_for(state="detached")
    helper.wait_for_selector("#signin:not([hidden])", timeout=10_000)
    assert "Scan a new code" in helper.locator("#signin").inner_text()
    token = desk.join()  # another helper enters the rest of the round over the API
    view = desk.call("GET", "/desk/api/wosc-2026/rounds/6", token=token)[2]
    for table in view["tables"]:
        if table["result"] is None:
            entry = {"table": table["table"], "result": "0-1"}
            assert desk.call("POST", "/desk/api/wosc-2026/rounds/6/results", entry, token=token)[0] == 200
    button = director.locator("#make-next")
    button.wait_for(state="visible", timeout=10_000)  # the page's next poll
    assert button.inner_text() == "Pair round 7"
    button.click()
    director.wait_for_selector("#message.saved")
    assert director.locator("#message").inner_text().startswith("Wrote ")
    assert (desk.content / "wosc-2026/rounds/7.csv").is_file()
    assert director.locator("#round-title").inner_text().endswith("round 7")
    director.locator("#withdraw-player").fill("s046")
    director.locator("#withdraw-reason").fill("went home")
    director.locator("#withdraw button").click()
    director.locator("#message.saved", has_text="(s046) is withdrawn").wait_for()
    assert "withdrawn = { s046 = 7 }" in (desk.content / "wosc-2026/event.toml").read_text(encoding="utf-8")
    director.locator("#late-id").fill("s998")
    director.locator("#late-name").fill("Late Comer")
    director.locator("#late-rank").fill("2k")
    director.locator("#late button").click()
    director.locator("#message.saved", has_text="Late Comer (s998) is added").wait_for()
    director.screenshot(path=str(shots() / "desk-director-round-7.png"), full_page=True)
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    report = axe.Axe().run(director)
    assert report.violations_count == 0, report.generate_report()
    director.context.close()
    helper.context.close()


def test_a_used_code_does_not_open_the_desk(browser, desk):
    code = desk.helper_code()
    open_desk(browser, desk, PHONE, code=code).context.close()
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{desk.address}desk/?token={code}")
    page.wait_for_selector("#signin:not([hidden])")
    assert "used already" in page.locator("#signin").inner_text()
    context.close()


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("event", ["wosc-2026", "hk-mahjong-open-2026"])
def test_axe_finds_nothing_to_fix(browser, desk, size, event):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    page = open_desk(browser, desk, size, event=event)
    page.locator("#table").fill("2")
    page.locator("#table").dispatch_event("input")
    page.screenshot(path=str(shots() / f"desk-{event}-{size[0]}.png"), full_page=True)
    report = axe.Axe().run(page)
    assert report.violations_count == 0, report.generate_report()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.context.close()


def test_double_entry_of_a_mahjong_slip_by_two_helpers(browser, tmp_path):
    double = DeskServer(tmp_path, ("hk-mahjong-open-2026",), "--double-entry")
    try:
        pages = [open_desk(browser, double, size, event="hk-mahjong-open-2026") for size in (LAPTOP, PHONE)]
        for number, page in enumerate(pages):
            page.locator("#table").fill("2")
            page.locator("#table").press("Enter")
            for score in ("25", "-5", "-10", "-10"):
                page.keyboard.type(score)
                page.keyboard.press("Enter")
            page.wait_for_selector("#message.saved")
            if number == 0:
                assert page.locator("#message").inner_text() == (
                    "part 1 table 2: first entry kept; a second helper enters the slip to write it")
                pages[1].locator("#tables button", has_text="entered once").wait_for(timeout=10_000)
                pages[1].screenshot(path=str(shots() / "desk-double-entry-phone.png"), full_page=True)
        assert pages[1].locator("#message").inner_text().startswith("Part 1, table 2 saved: ")
        text = (double.content / "hk-mahjong-open-2026/rounds/2-scores.csv").read_text(encoding="utf-8")
        assert text.count(",1,") == 4 and ",1,25,\n" in text
    finally:
        double.stop()

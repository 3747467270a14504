"""Venue Wi-Fi drops: a phone that opened find-your-table or the players page keeps them, marked
"Offline since 14:32", and picks up the new data when the network is back; the hall screen
keeps its last data and says the connection is lost. The network is cut in the browser."""

from __future__ import annotations

import re

import pytest
from conftest import shots
from live_plugin.board import player_name, plugin_manager, round_csv, write_event
from test_live_screens import static_host

from publisher.build.builder import Builder

pytestmark = pytest.mark.browser

WAIT = 10_000


@pytest.fixture
def expect():
    return pytest.importorskip("playwright.sync_api").expect


@pytest.fixture
def phone(browser):
    """A page in a phone's browser, its network cut and restored with page.context.set_offline."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    yield page
    context.close()


def kept(page, address: str) -> None:
    """Open ``address`` once the championship's service worker has taken the page over."""
    page.goto(address)
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_a_phone_keeps_its_pages_offline_and_takes_new_data_when_back(tmp_path, phone, expect):
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=4)
    (folder / "rounds" / "1.csv").write_text(round_csv(["", "1-0"]), encoding="utf-8")
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    assert (site / "club" / "sw.js").is_file()
    page = phone
    with static_host(site) as url:
        kept(page, url + "club/players.html")
        kept(page, url + "club/find.html?poll=1")
        expect(page.locator("#find-rows tr")).to_have_count(4)
        page.wait_for_timeout(1500)  # the page has put itself and its assets in the store

        page.context.set_offline(True)
        note = page.locator(".offline-note")
        expect(note).to_have_text(re.compile(r"^Offline since \d\d:\d\d: this is the last data"))
        page.reload()
        expect(page.locator("#find-rows tr")).to_have_count(4)
        expect(note).to_be_visible()
        page.fill("#find-name", player_name(3))
        expect(page.locator("#find-rows tr:visible td").nth(3)).to_contain_text("lost 0-1")  # White lost
        page.screenshot(path=str(shots() / "find-offline-phone.png"))
        page.goto(url + "club/players.html")
        expect(page.locator("#player-list tbody tr")).to_have_count(4)
        expect(note).to_be_visible()
        page.goto(url + "club/find.html?poll=1")

        (folder / "rounds" / "2.csv").write_text(round_csv(["", ""]), encoding="utf-8")
        builder.build()
        page.wait_for_timeout(1500)
        expect(page.locator("#find-heading")).to_have_text("Round 1")  # still the kept data
        page.context.set_offline(False)
        expect(page.locator("#find-heading")).to_have_text("Round 2", timeout=WAIT)
        expect(note).to_have_count(0)


def test_a_kept_page_reloads_itself_only_when_the_network_is_really_back(tmp_path, phone, expect):
    """The players page does not fetch its own data: back online it reloads, and shows the
    player added meanwhile; an "online" from the browser while the host is still unreachable
    (a Wi-Fi that flaps) leaves it as it is, marked offline."""
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=4)
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    page = phone
    with static_host(site) as url:
        kept(page, url + "club/players.html")
        page.wait_for_timeout(1500)  # the page has put itself and its assets in the store
        page.context.set_offline(True)
        note = page.locator(".offline-note")
        expect(note).to_be_visible()
        page.evaluate("window.notReloaded = true; window.dispatchEvent(new Event('online'))")
        page.wait_for_timeout(1000)
        assert page.evaluate("window.notReloaded === true")  # no reload for a kept copy
        expect(note).to_be_visible()
        expect(page.locator("#player-list tbody tr")).to_have_count(4)

        with (folder / "players.csv").open("a", encoding="utf-8") as players:
            players.write(f"p05,{player_name(4)}\n")
        builder.build()
        page.context.set_offline(False)
        expect(page.locator("#player-list tbody tr")).to_have_count(5)
        expect(note).to_have_count(0)


def test_the_hall_screen_keeps_its_last_data_with_the_network_cut(tmp_path, browser, expect):
    content, site = tmp_path / "content", tmp_path / "site"
    folder = write_event(content, "club", players=4)
    (folder / "rounds" / "1.csv").write_text(round_csv(["", "1-0"]), encoding="utf-8")
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    with static_host(site) as url:
        context = browser.new_context(viewport={"width": 1080, "height": 1920})
        try:
            page = context.new_page()
            page.set_default_timeout(WAIT)
            kept(page, url + "club/screen.html?poll=1&names=0")
            page.wait_for_timeout(1500)
            stale = page.locator("#screen-stale")
            context.set_offline(True)
            expect(stale).to_be_visible(timeout=WAIT)
            page.reload()  # the TV's browser restarted during the outage
            expect(page.locator(".screen-item.table").nth(1).locator(".res")).to_have_text("1-0")
            expect(stale).to_be_visible(timeout=WAIT)
            page.screenshot(path=str(shots() / "screen-offline-portrait.png"))
            (folder / "rounds" / "1.csv").write_text(round_csv(["0-1", "1-0"]), encoding="utf-8")
            builder.build()
            context.set_offline(False)
            expect(page.locator(".screen-item.table").first.locator(".res")).to_have_text("0-1", timeout=WAIT)
            expect(stale).to_be_hidden()
        finally:
            context.close()

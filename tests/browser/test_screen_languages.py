"""The hall screen, find-your-table and the offline pages in a second language of the site: each
page's scripts show the words its template gave them in its language, and the data they poll is
in it too. A catalog of the test gives a few texts in Japanese; the site is in English and
Japanese (site.toml), served by a plain web server."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import shots
from live_plugin.board import Catalog, player_name, plugin_manager, round_csv, write_event
from test_live_screens import error_free_page, static_host
from test_offline import kept

from publisher.build.builder import Builder

pytestmark = pytest.mark.browser

WAIT = 10_000
JAPANESE = {
    "Round %(number)s": "第%(number)s回戦",
    "won %(score)s": "%(score)sで勝ち",
    "Find your table: %(address)s": "座席を探す：%(address)s",
    "%(heading)s: find your table": "%(heading)s：座席を探す",
    "%(clock)s starts at %(time)s": "%(clock)sは%(time)sに開始",
    "Type part of your name": "名前の一部を入力",
    "Nobody at the tables matches that name. Check the spelling, or ask at the desk.":
        "その名前の対局者はいません。綴りを確かめるか、受付でお尋ねください。",
    "%(shown)s of %(total)s shown": "%(total)s人中%(shown)s人を表示",
    "Offline": "オフライン",
    "Offline since %(time)s: this is the last data this device received.":
        "%(time)sからオフライン：この端末が最後に受け取ったデータです。",
}


@pytest.fixture
def expect():
    return pytest.importorskip("playwright.sync_api").expect


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Builder, Path, str]]:
    """Two board championships, round 1 of "club" under way with its clock starting in an hour,
    on a site in English and Japanese: its builder, club's folder and the address of the site."""
    content = tmp_path / "content"
    start = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)).isoformat(timespec="seconds")
    folder = write_event(content, "club", players=4, clock_start=start, clock_minutes=60)
    (folder / "rounds" / "1.csv").write_text(round_csv(["1-0", ""]), encoding="utf-8")
    write_event(content, "other", players=2)
    (content / "site.toml").write_text('languages = ["en", "ja"]\n', encoding="utf-8")
    pm = plugin_manager()
    pm.register(Catalog(tmp_path / "locale", "ja", JAPANESE))
    builder = Builder(pm, content, tmp_path / "site")
    builder.build()
    with static_host(tmp_path / "site") as url:
        yield builder, folder, url


@pytest.fixture
def screen(browser):
    yield from error_free_page(browser, viewport={"width": 1920, "height": 1080})


@pytest.fixture
def phone(browser):
    yield from error_free_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True)


def test_the_hall_screen_in_japanese_follows_the_japanese_data(site, screen, expect):
    builder, folder, url = site
    screen.goto(url + "ja/club/screen.html?poll=1&seconds=1")
    title = screen.locator("#screen-title")
    expect(title).to_have_text("第1回戦")
    expect(screen.locator("#screen-find")).to_have_text(f"座席を探す：{url.split('//')[1]}ja/club/find.html")
    expect(screen.locator("#screen-timer")).to_have_text(re.compile(r"^Roundは\d\d:\d\dに開始$"))
    expect(screen.locator(".screen-item.table").first.locator(".res")).to_have_text("1-0")
    expect(title).to_have_text("第1回戦：座席を探す")  # the list by name, its turn
    screen.screenshot(path=str(shots() / "screen-ja.png"))

    (folder / "rounds" / "2.csv").write_text(round_csv(["", "0-1"]), encoding="utf-8")
    builder.build()
    expect(title).to_have_text(re.compile("^第2回戦"), timeout=WAIT)

    screen.goto(url + "club/screen.html")  # the usual path: the site's first language
    expect(screen.locator("#screen-title")).to_have_text("Round 2")
    expect(screen.locator("#screen-timer")).to_have_text(re.compile(r"^Round starts at \d\d:\d\d$"))


def test_find_your_table_and_the_players_filter_in_japanese(site, phone, expect):
    _, _, url = site
    phone.goto(url + "ja/club/find.html")
    name = phone.locator("#find-name")
    expect(name).to_have_attribute("placeholder", "名前の一部を入力")
    name.fill(player_name(0))
    row = phone.locator("#find-rows tr:visible")
    expect(row).to_have_count(1)
    expect(row.locator(".tag")).to_have_text("1-0で勝ち")
    name.fill("zzz")
    expect(phone.locator("#find-none")).to_have_text(JAPANESE[
        "Nobody at the tables matches that name. Check the spelling, or ask at the desk."])
    phone.screenshot(path=str(shots() / "find-ja-phone.png"))

    phone.goto(url + "ja/club/players.html")
    phone.fill("#player-filter", player_name(1))
    expect(phone.locator("#player-filter-count")).to_have_text("4人中1人を表示")


def test_a_japanese_page_offline_and_the_japanese_offline_page(site, phone, expect):
    """The pages under ja/ keep as those at the usual paths do; one never kept opens the offline
    page in Japanese, a page of the site's first language the one in English."""
    _, _, url = site
    kept(phone, url + "ja/club/players.html")
    phone.context.set_offline(True)
    expect(phone.locator(".offline-note")).to_have_text(re.compile(r"^\d\d:\d\dからオフライン："))
    phone.goto(url + "ja/club/find.html")  # in the menu: kept with the page
    expect(phone.locator("#find-rows tr")).to_have_count(4)

    phone.goto(url + "ja/other/players.html")  # never opened on this phone
    expect(phone.locator("h1")).to_have_text("オフライン")
    expect(phone.locator("#offline-kept a")).not_to_have_count(0)
    addresses = phone.locator("#offline-kept a").evaluate_all("links => links.map(a => a.href)")
    assert url + "ja/club/find.html" in addresses and not any("offline.html" in a for a in addresses)
    phone.screenshot(path=str(shots() / "offline-ja-phone.png"), full_page=True)

    phone.goto(url + "other/players.html")
    expect(phone.locator("h1")).to_have_text("Offline")

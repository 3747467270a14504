"""The hall screen of a mahjong event whose round-1 groups play at times of their own: it
counts down to the part of the group being played, at portrait TV size, the browser's clock
set to moments of the day."""

from __future__ import annotations

import datetime as dt

import pytest
from conftest import shots
from test_mahjong_groups import groups_event

pytestmark = pytest.mark.browser

HONG_KONG = dt.timezone(dt.timedelta(hours=8))


@pytest.fixture
def expect():
    return pytest.importorskip("playwright.sync_api").expect


def at(hour: int, minute: int) -> dt.datetime:
    return dt.datetime(2026, 11, 21, hour, minute, tzinfo=HONG_KONG)


def test_the_screen_counts_down_to_the_group_being_played(tmp_path, browser, expect, run):
    """Group A's first half is scored: at 11:30 A's second half (11:20-12:30) is on; between
    12:30 and 14:00 the screen announces group B's start; from 14:00 it counts B's half down."""
    content, out = tmp_path / "content", tmp_path / "site"
    groups_event(content, run)
    assert run("build", "--content", content, "--out", out)[0] == 0
    context = browser.new_context(viewport={"width": 1080, "height": 1920}, timezone_id="Europe/London")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.clock.set_fixed_time(at(11, 30))
        page.goto((out / "two-groups/screen.html").as_uri())
        timer = page.locator("#screen-timer")
        expect(page.locator("#screen-title")).to_have_text("Round 1: group A, half 2; group B, half 1")
        expect(timer).to_have_text("Group A, half 2: 60:00 left")
        expect(page.locator("#screen-time")).to_have_text("11:30")  # the venue's clock, not London's
        expect(page.locator(".screen-item.table .tno")).to_have_text(["1", "2", "3", "4"])
        page.screenshot(path=shots() / "mahjong-groups-portrait-1130.png")
        page.clock.set_fixed_time(at(12, 25))
        expect(timer).to_have_text("Group A, half 2: 5:00 left")
        expect(timer).to_have_class("screen-timer ending")
        page.clock.set_fixed_time(at(13, 0))
        expect(timer).to_have_text("Group B, half 1 starts at 14:00")
        page.clock.set_fixed_time(at(14, 10))
        expect(timer).to_have_text("Group B, half 1: 60:00 left")
        page.screenshot(path=shots() / "mahjong-groups-portrait-1410.png")
        page.clock.set_fixed_time(at(15, 30))
        expect(timer).to_have_text("Group B, half 1: time is up")
    finally:
        context.close()
    assert errors == []

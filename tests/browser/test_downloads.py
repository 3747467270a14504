"""Spreadsheet downloads in a real Chromium: the link under each table saves the CSV of it,
at desktop, hall-screen and phone sizes, from a site opened as a folder."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parent.parent.parent
SIZES = {"desktop": (1920, 1080), "portrait-tv": (1080, 1920), "phone": (390, 844)}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from publisher.cli import main

    root = tmp_path_factory.mktemp("downloads")
    assert main(["build", "--content", str(ROOT / "content"), "--out", str(root / "site")]) == 0
    return root / "site"


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_standings_link_saves_the_table_it_sits_under(site, browser, tmp_path, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto((site / "ljubljana-go-open-2026" / "standings-6.html").as_uri())
        link = page.get_by_role("link", name="Download this table as a spreadsheet (CSV)")
        link.scroll_into_view_if_needed()
        assert link.is_visible()
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        page.screenshot(path=str(tmp_path / f"download-{size}.png"))
        with page.expect_download() as info:
            link.click()
        download = info.value
        assert download.suggested_filename == "standings-6.csv"
        saved = tmp_path / "standings-6.csv"
        download.save_as(saved)
        rows = list(csv.reader(saved.read_text(encoding="utf-8-sig").splitlines()))
        shown = page.locator("table.standings tbody tr").count()
        assert len(rows) - 1 == shown
        first = page.locator("table.standings tbody tr").first.locator("td").all_inner_texts()
        assert rows[1][0] == first[0] and rows[1][1] in first[1]
    finally:
        context.close()

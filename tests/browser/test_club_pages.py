"""The archive's club and country pages in a real Chromium, opened from the folder: on a
phone (390x844) and a desktop (1920x1080), followed from a person's page and back, nothing
wider than the screen, and axe-core finding nothing to fix. Screenshots go to ``conftest.shots()``."""

from __future__ import annotations

from pathlib import Path

import pytest
from archive_fixture import write_archive
from conftest import shots, write

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1920, "height": 1080}}
PAGES = ["clubs/index.html", "clubs/gk-maribor.html", "countries/index.html", "countries/si.html"]

# A third championship gives GK Maribor and Slovenia several people, one of them with a long
# double name and one without an id.
SUMMER_PLAYERS = """
    id,name,rank,country,club,egd_pin
    u1,Zoran Žeželj,2d,SI,GK Maribor,11100001
    u2,Nina Zupan-Kovačič-Blažević,3k,SI,GK Maribor,11100011
    u3,Tim Vidmar,4k,SI,gk-maribor,11100012
    u4,Eva Kralj,5k,SI,GK Maribor,
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from publisher.cli import main

    root = tmp_path_factory.mktemp("archive-clubs")
    content = write_archive(root / "content")
    summer = content / "summer-cup-2026"
    write(summer / "event.toml", 'name = "Summer Cup 2026"\ngame = "go"\nsystem = "swiss"\n'
          'start = 2026-07-04\nend = 2026-07-05\nrounds = 1\nseed = "summer"\n')
    write(summer / "players.csv", SUMMER_PLAYERS)
    write(summer / "rounds" / "1.csv", "table,player1,player2,result\n1,u1,u2,1-0\n2,u3,u4,0-1\n")
    assert main(["build", "--content", str(content), "--out", str(root / "site")]) == 0
    return root / "site"


def test_a_person_page_leads_to_the_club_and_the_club_back_to_its_people(browser, site):
    page = browser.new_page(viewport=SIZES["phone"])
    page.goto((site / "players/egd-11100011.html").as_uri())
    page.get_by_role("link", name="GK Maribor").click()
    assert page.url.endswith("/clubs/gk-maribor.html")
    assert page.locator("h1").inner_text() == "GK Maribor"
    names = page.locator("table.group-members tbody td:first-child").all_inner_texts()
    assert names == ["Eva Kralj no id", "Nina Zupan-Kovačič-Blažević", "Tim Vidmar", "Zoran Žeželj"]
    page.get_by_role("link", name="Zoran Žeželj").click()
    assert page.url.endswith("/players/egd-11100001.html")
    page.get_by_role("link", name="Slovenia").click()
    assert page.url.endswith("/countries/si.html")
    assert page.locator("h1").inner_text() == "Slovenia SI"
    page.get_by_role("link", name="Every country").click()
    assert page.url.endswith("/countries/index.html")
    page.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_club_and_country_pages_fit_the_screen_and_axe_finds_nothing(browser, site, size):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    page = browser.new_page(viewport=SIZES[size])
    try:
        found = {}
        for path in PAGES:
            page.goto((site / path).as_uri())
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path
            page.screenshot(path=str(shots() / f"archive-{path.replace('/', '-')[:-5]}-{size}.png"),
                            full_page=True)
            results = axe.run(page)
            if results.violations_count:
                found[path] = results.generate_report()
        assert found == {}
    finally:
        page.close()

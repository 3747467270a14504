"""Every shipped language on a 360 px phone and on the hall's screens: no page of the
examples scrolls sideways, no table is clipped, and the venue screens fit at 1080p
(landscape and portrait) without cutting a name, in each language.

German and French words are long and Chinese, Japanese and Korean text takes its own
fonts' line height: a layout that holds in English may not hold in them. One build of
two examples in all twelve languages is shared by the module and opened from the
folder; a screenshot of each language's standings (phone) and screen (1080p) goes to
``conftest.shots()``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import shots
from test_hall_screens import FITS
from test_phone_pages import CLIPPED

from publisher.cli import main
from publisher.languages import SHIPPED

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "content"
PAGES = ["index.html", "wosc-2026/index.html", "wosc-2026/players.html", "wosc-2026/standings-6.html",
         "wosc-2026/round-6.html", "wosc-2026/crosstable.html", "wosc-2026/players/s001.html",
         "wosc-2026/find.html", "wosc-2026/groups.html", "hk-mahjong-open-2026/index.html",
         "hk-mahjong-open-2026/round-1.html", "hk-mahjong-open-2026/standings-2.html",
         "hk-mahjong-open-2026/results.html", "hk-mahjong-open-2026/eliminations.html",
         "hk-mahjong-open-2026/schedule.html", "hk-mahjong-open-2026/scoresheets-1.html"]
SCREENS = ["wosc-2026/screen.html", "hk-mahjong-open-2026/screen.html"]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    content = tmp_path_factory.mktemp("languages") / "content"
    for name in ["wosc-2026", "hk-mahjong-open-2026"]:
        shutil.copytree(EXAMPLES / name, content / name)
    languages = ", ".join(f'"{code}"' for code in SHIPPED)
    (content / "site.toml").write_text(f"languages = [{languages}]\n", encoding="utf-8")
    out = content.parent / "site"
    assert main(["build", "--content", str(content), "--out", str(out)]) == 0
    return out


def version(site: Path, language: str, page: str) -> str:
    return (site / page if language == SHIPPED[0] else site / language / page).as_uri()


@pytest.fixture
def page_at(browser) -> Iterator[object]:
    contexts = []

    def open_at(width: int, height: int, **options: object) -> object:
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10000)
        return page

    yield open_at
    for context in contexts:
        context.close()


@pytest.mark.parametrize("language", SHIPPED)
def test_no_page_scrolls_sideways_on_a_360_px_phone(site, page_at, language):
    phone = page_at(360, 800, is_mobile=True, has_touch=True)
    problems = {}
    for name in PAGES:
        phone.goto(version(site, language, name))
        assert phone.evaluate("document.documentElement.lang") == language
        if found := phone.evaluate(CLIPPED):
            problems[name] = found
    phone.goto(version(site, language, "wosc-2026/standings-6.html"))
    phone.screenshot(path=str(shots() / f"language-{language}-standings-phone.png"), full_page=True)
    assert problems == {}


@pytest.mark.parametrize("language", SHIPPED)
def test_the_venue_screens_fit_at_1080p_in_every_language(site, page_at, language):
    problems = {}
    for width, height in ((1920, 1080), (1080, 1920)):
        screen = page_at(width, height)
        for name in SCREENS:
            screen.goto(version(site, language, name))
            screen.wait_for_selector("#screen-body .screen-item")
            if found := screen.evaluate(FITS):
                problems[f"{name} {width}x{height}"] = found
            if width == 1920:
                screen.screenshot(path=str(shots() / f"language-{language}-{name.split('/')[0]}-screen.png"))
    assert problems == {}

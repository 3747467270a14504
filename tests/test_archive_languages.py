"""The archive in the site's languages: its pages say country names and places in the page's
language, its search script gets its words from the page, and its feeds and calendars (one
file for every language) are written in the championship's language, else the site's first.

The translations come from a venue's override catalog (``--templates DIR`` with
``DIR/locale``), so the tests hold whatever the shipped catalogs say.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import icalendar
import pytest
from archive_fixture import ZORAN, write_archive
from conftest import write

from plugins.core import plural_samples

ATOM = "{http://www.w3.org/2005/Atom}"
JAPANESE = r'''
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\n"
    "Language: ja\n"
    "Plural-Forms: nplurals=1; plural=0;\n"

    msgid "Championship archive"
    msgstr "選手権アーカイブ"

    msgid "Final standings"
    msgstr "最終順位"

    msgid "%(championship)s is over: the final standings are published."
    msgstr "%(championship)sは終了しました。最終順位を発表しました。"

    msgid "Round %(number)s"
    msgstr "第%(number)s回戦"

    msgid "%(place)sth"
    msgstr "%(place)s位"

    msgid "%(num)s player"
    msgid_plural "%(num)s players"
    msgstr[0] "%(num)s人"
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The archive in Japanese first, then English; the Autumn Cup in English first."""
    from publisher.cli import main

    root = tmp_path_factory.mktemp("languages")
    content = write_archive(root / "content")
    write(content / "site.toml", 'languages = ["ja", "en"]\n')
    autumn = content / "autumn-cup-2025" / "event.toml"
    autumn.write_text('language = "en"\n' + autumn.read_text(encoding="utf-8"), encoding="utf-8")
    write(root / "venue" / "locale" / "ja" / "LC_MESSAGES" / "venue.po", JAPANESE)
    assert main(["build", "--content", str(content), "--templates", str(root / "venue"),
                 "--out", str(root / "site")]) == 0
    return root / "site"


def entries(feed: Path) -> list[tuple[str, str]]:
    root = ET.fromstring(feed.read_bytes())
    return [(e.findtext(f"{ATOM}title"), e.findtext(f"{ATOM}summary")) for e in root.iter(f"{ATOM}entry")]


def test_a_championship_feed_is_in_its_language(site):
    assert entries(site / "spring-open-2026/feed.atom")[0] == (
        "最終順位", "Spring Open 2026は終了しました。最終順位を発表しました。")
    assert entries(site / "autumn-cup-2025/feed.atom")[0] == (
        "Final standings", "Autumn Cup 2025 is over: the final standings are published.")


def test_the_archive_feed_is_in_the_site_language(site):
    root = ET.fromstring((site / "feed.atom").read_bytes())
    assert root.findtext(f"{ATOM}title") == "選手権アーカイブ"
    assert [title for title, _ in entries(site / "feed.atom")][:2] == [
        "Spring Open 2026 — 最終順位", "Spring Open 2026 — 第2回戦：全結果確定"]


def test_the_calendar_names_the_rounds_in_the_championship_language(site):
    calendar = icalendar.Calendar.from_ical((site / "spring-open-2026/calendar.ics").read_bytes())
    assert [str(e["summary"]) for e in calendar.walk("VEVENT")] == [
        "Spring Open 2026", "第1回戦 — Spring Open 2026", "第2回戦 — Spring Open 2026"]


def test_country_names_and_places_are_in_the_page_language(site):
    def h1(page: str) -> str:
        html = (site / page).read_text(encoding="utf-8")
        return re.sub(r"<[^>]+>", "", re.search(r"<h1>(.*?)</h1>", html).group(1))

    assert h1("countries/si.html") == "スロベニア SI"
    assert h1("en/countries/si.html") == "Slovenia SI"
    assert ">スロベニア</a>" in (site / f"players/{ZORAN}.html").read_text(encoding="utf-8")
    assert ">Slovenia</a>" in (site / f"en/players/{ZORAN}.html").read_text(encoding="utf-8")
    places = r'</a> <span class="of">\d{4}</span> · ([^ ]+) <span class="of">'
    assert re.findall(places, (site / "clubs/gk-maribor.html").read_text(encoding="utf-8")) == ["=2位", "1位"]
    assert re.findall(places, (site / "en/clubs/gk-maribor.html").read_text(encoding="utf-8")) == [
        "=2nd", "1st"]


def test_the_search_script_gets_its_words_from_the_page(site):
    """Each form of a count for the plural categories of the page's language: Japanese has
    one (tests/browser/test_archive_languages.py has the script use them)."""
    def words(page: str) -> dict:
        html = (site / page).read_text(encoding="utf-8")
        block = re.search(r'<script type="application/json" id="archive-search-words">(.*?)</script>', html)
        return json.loads(block.group(1))

    assert words("index.html")["players"] == {"other": "%(num)s人"}
    english = words("en/index.html")
    assert english["players"] == {"one": "%(num)s player", "other": "%(num)s players"}
    assert english["listed"] == "%(shown)s of 2 championships"


def test_a_script_gets_a_count_of_each_plural_category():
    assert plural_samples("ja") == (("other", 0),)
    assert plural_samples("en") == (("other", 0), ("one", 1))
    assert plural_samples("ru") == (("many", 0), ("one", 1), ("few", 2))
    assert dict(plural_samples("fr"))["many"] == 1_000_000

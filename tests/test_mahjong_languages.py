"""A mahjong championship's pages, sheets and slips in another language: the seat winds, the
texts the plugin makes in Python, the starts on the clock and the money (docs/languages.md).

The translations come from a venue's catalog (``--templates DIR`` with ``DIR/locale``), so
that the test holds whatever the shipped catalogs say."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import write

EXAMPLE = Path(__file__).resolve().parents[1] / "content" / "hk-mahjong-open-2026"
SLUG = EXAMPLE.name
CATALOG = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=1; plural=0;\n"

msgid "E"
msgstr "東"

msgid "S"
msgstr "南"

msgid "W"
msgstr "西"

msgid "N"
msgstr "北"

msgid "Round %(number)s"
msgstr "第%(number)s回戦"

msgid "session %(session)s, half %(part)s"
msgstr "第%(session)s部 前後半%(part)s"

msgid "Penalty %(points)s in %(part)s: %(reason)s"
msgstr "%(part)sの罰符 %(points)s：%(reason)s"

msgid "%(round)s: standings"
msgstr "%(round)s 順位表"
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Hong Kong open in Japanese at its usual paths, with English and French versions, its
    prizes in Hong Kong dollars."""
    from publisher.cli import main

    root = tmp_path_factory.mktemp("languages")
    content = root / "content"
    shutil.copytree(EXAMPLE, content / SLUG)
    toml = content / SLUG / "event.toml"
    text = toml.read_text(encoding="utf-8").replace("[mahjong]\n", '[mahjong]\ncurrency = "HKD"\n', 1)
    toml.write_text('language = "ja"\n' + text, encoding="utf-8")
    write(content / "site.toml", 'languages = ["en", "fr"]\n')
    write(root / "venue" / "locale" / "ja" / "LC_MESSAGES" / "venue.po", CATALOG)
    assert main(["build", "--content", str(content), "--out", str(root / "site"),
                 "--templates", str(root / "venue")]) == 0
    return root / "site"


def page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_the_seat_winds_are_the_languages_own(site):
    slips = page(site, f"{SLUG}/slips-1.html")
    assert '<td class="slip-table">1</td><td>東</td>' in slips
    assert '<td class="sheet-wind">北</td>' in page(site, f"{SLUG}/scoresheets-1.html")
    assert '<td class="slip-table">1</td><td>E</td>' in page(site, f"en/{SLUG}/slips-1.html")


def test_texts_made_in_python_are_translated_with_the_texts_inside_them(site):
    standings = page(site, f"{SLUG}/standings-1.html")
    assert "<h1>第1回戦 順位表</h1>" in standings
    assert "第2部 前後半1の罰符 10.00：late arrival (twelve minutes)" in standings
    english = page(site, f"en/{SLUG}/standings-1.html")
    assert "Penalty 10.00 in session 2, half 1: late arrival (twelve minutes)" in english


def test_starts_scores_and_prizes_are_written_as_the_page_language_writes_them(site):
    assert "<td>10:00 (土)</td>" in page(site, f"{SLUG}/slips-1.html")
    assert "<td>sam. 10:00</td>" in page(site, f"fr/{SLUG}/slips-1.html")
    assert "開始：11月21日(土) 10:00" in page(site, f"{SLUG}/scoresheets-1.html")
    french = page(site, f"fr/{SLUG}/results.html")
    assert "3\u202f000,00\xa0HKD" in french  # the championship's currency, French numbers
    assert "HK$3,000.00" in page(site, f"{SLUG}/results.html")
    assert '<td class="num">-3,00</td>' in page(site, f"fr/{SLUG}/standings-1.html")

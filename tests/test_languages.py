"""The site in several languages: where each language's pages go, how they link, what they say.

site.toml's ``languages`` puts every page once more under each other language's folder,
and a championship's own ``language`` is that of its pages at the usual paths
(publisher/build/versions.py, docs/languages.md).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from publisher.build.builder import Builder
from publisher.plugins import plugin_manager
from tests.conftest import write

LINK = re.compile(r'(?:href|src)="([^"#?]*)[^"]*"')


def pages(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html")}


def broken_links(site: Path, page: str) -> list[str]:
    """The relative links of ``page`` that lead to no file of the site."""
    here = (site / page).parent
    wrong = []
    for target in LINK.findall((site / page).read_text(encoding="utf-8")):
        if not target or "://" in target or target.startswith(("mailto:", "data:", "/")):
            continue
        path = (here / unquote(target)).resolve()
        if not (path.is_file() or (path / "index.html").is_file()):
            wrong.append(target)
    return wrong


def test_each_language_has_every_page_under_its_folder_and_shares_the_rest(archive, tmp_path, run):
    write(archive / "site.toml", 'url = "https://results.example.org/"\nlanguages = ["en", "ja", "de"]\n')
    site = tmp_path / "site"
    assert run("build", "--content", archive, "--out", site)[0] == 0
    usual = {p for p in pages(site) if not p.startswith(("ja/", "de/"))}
    assert {"index.html", "club-swiss/index.html", "club-swiss/players.html"} <= usual
    for code in ("ja", "de"):
        assert {p.removeprefix(f"{code}/") for p in pages(site) if p.startswith(f"{code}/")} == usual
        others = [p for p in (site / code).rglob("*") if p.is_file() and p.suffix != ".html"]
        assert others == []  # data, scripts and images are the one copy at the usual paths
    html = (site / "ja/club-swiss/index.html").read_text(encoding="utf-8")
    assert '<html lang="ja"' in html
    for code, address in (("en", "club-swiss/index.html"), ("ja", "ja/club-swiss/index.html"),
                          ("de", "de/club-swiss/index.html")):
        assert (f'<link rel="alternate" hreflang="{code}" href="https://results.example.org/{address}">'
                in html)
    switch = html[html.index('class="language-switch"'):html.index("</nav>", html.index("language-switch"))]
    assert re.findall(r'<a href="([^"]+)" hreflang="(\w+)" lang="\w+"( aria-current="page")?>([^<]+)</a>',
                      switch) == [("../../club-swiss/index.html", "en", "", "English"),
                                  ("index.html", "ja", ' aria-current="page"', "日本語"),
                                  ("../../de/club-swiss/index.html", "de", "", "Deutsch")]
    assert '<html lang="en"' in (site / "club-swiss/index.html").read_text(encoding="utf-8")


def test_a_translated_page_links_to_its_languages_pages_and_the_one_copy_of_the_rest(archive, tmp_path, run):
    write(archive / "site.toml", 'languages = ["en", "ja"]\n')
    site = tmp_path / "site"
    assert run("build", "--content", archive, "--out", site)[0] == 0
    html = (site / "ja/club-swiss/index.html").read_text(encoding="utf-8")
    assert 'href="players.html"' in html  # the menu stays in Japanese
    assert re.search(r'href="\.\./\.\./assets/style\.[0-9a-f]+\.css"', html)  # the one stylesheet
    assert 'href="../index.html"' in html  # the archive's Japanese front page
    for page in pages(site):
        assert broken_links(site, page) == [], page


def test_a_championships_language_is_at_the_usual_paths_the_sites_under_its_folder(archive, tmp_path, run):
    toml = archive / "club-swiss" / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'language = "ja"\n', encoding="utf-8")
    site = tmp_path / "site"
    assert run("build", "--content", archive, "--out", site)[0] == 0
    ja = (site / "club-swiss/index.html").read_text(encoding="utf-8")
    en = (site / "en/club-swiss/index.html").read_text(encoding="utf-8")
    assert '<html lang="ja"' in ja and '<html lang="en"' in en
    assert "2026年3月1日" in ja and "1 March 2026" in en  # dates as each language writes them
    assert not (site / "en/index.html").exists()  # the archive is in the site's one language
    front = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="en/club-swiss/index.html"' in front  # an English reader stays in English
    for page in pages(site):
        assert broken_links(site, page) == [], page


CODES = 'write languages = ["en", "ja"] with any of: en, ja, zh-Hans, zh-Hant, ko, fr, de'


@pytest.mark.parametrize(("setting", "said"), [
    ('languages = ["en", "xx"]', f"'xx' is not a language the site is translated into. Fix: {CODES}"),
    ('languages = ["en", "ja", "en"]', "names 'en' twice. Fix: write each language once"),
    ('languages = "ja"', f"must be a list of language codes, not 'ja'. Fix: {CODES}"),
    ("languages = []", f"must be a list of language codes, not []. Fix: {CODES}"),
])
def test_a_wrong_list_of_languages_is_told_with_the_fix(archive, tmp_path, run, setting, said):
    write(archive / "site.toml", setting + "\n")
    code, _, err = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert "site.toml: languages: " in err and said in err
    assert "Traceback" not in err and not (tmp_path / "site").exists()


def test_a_wrong_language_of_a_championship_is_told_with_the_fix(archive, tmp_path, run):
    toml = archive / "club-swiss" / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'language = "jp"\nscreens_language = "zh"\n',
                    encoding="utf-8")
    code, _, err = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert "'jp' is not a language the site is translated into" in err
    assert "'zh' is not a language the site is translated into" in err
    assert 'like language = "ja"' in err and 'like screens_language = "ja"' in err


def test_a_championship_folder_named_like_a_language_folder_is_refused(archive, tmp_path, run):
    (archive / "club-swiss").rename(archive / "de")
    code, _, err = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert "is named like the folder of the pages in 'de'" in err and "rename the folder, like de-2026" in err


def test_a_saved_change_renders_its_pages_again_in_every_language_and_nothing_else(archive, tmp_path):
    write(archive / "site.toml", 'languages = ["en", "ja"]\n')
    site = tmp_path / "site"
    builder = Builder(plugin_manager(), archive, site)
    builder.build()
    players = archive / "club-swiss" / "players.csv"
    text = players.read_text(encoding="utf-8")
    players.write_text(text.replace("Ann Able", "Ann Ablest"), encoding="utf-8")
    second = builder.build()
    assert "Ann Ablest" in (site / "ja/club-swiss/players.html").read_text(encoding="utf-8")
    assert "Ann Ablest" in (site / "club-swiss/players.html").read_text(encoding="utf-8")
    assert second.stats.written > 0
    third = builder.build()
    assert third.stats.written == 0 and third.stats.removed == 0
    write(archive / "site.toml", 'languages = ["en"]\n')
    fourth = builder.build()
    assert not (site / "ja").exists() and fourth.stats.removed > 0

"""The archive's club and country pages, and data/people.json in parts, built from the
archive fixture's two Go championships."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from archive_fixture import ANA, LUKASZ, ZORAN, built_archive, read_people, rendered_paths, write_archive
from conftest import snapshot, write


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return built_archive(tmp_path_factory.mktemp("clubs"))


def members(page: Path) -> list[tuple[str, str, list[tuple[str, str]], str]]:
    """Each row of a club's or country's page: the name, its link ("" without one), the
    championships with their places as shown, and how many."""
    rows = []
    for row in re.findall(r"<tr><td>(.*?)</td></tr>", page.read_text(encoding="utf-8")):
        name_cell, played, count = re.fullmatch(r'(.*?)</td><td><ul class="played">(.*?)</ul></td>'
                                                r'<td class="num">(\d+)', row).groups()
        linked = re.fullmatch(r'<a href="([^"]+)">([^<]+)</a>', name_cell)
        name, link = (linked.group(2), linked.group(1)) if linked else (name_cell, "")
        places = re.findall(r'<li><a href="([^"]+)">[^<]+</a> <span class="of">\d{4}</span>(?: · ([^ ]+))?',
                            played)
        rows.append((name, link, places, count))
    return rows


def listed(index: Path) -> list[tuple[str, str, str, str]]:
    """The rows of a list of clubs or countries: link, name, players, championships."""
    return re.findall(r'<tr><td><a href="([^"]+)">([^<]+)</a>.*?</td><td class="num">(\d+)</td>'
                      r'<td class="num">(\d+)</td></tr>', index.read_text(encoding="utf-8"))


def test_a_person_page_links_the_club_and_country_of_the_latest_championship(site):
    page = (site / "players" / f"{LUKASZ}.html").read_text(encoding="utf-8")
    assert '<dt>Country</dt><dd><a href="../countries/pl.html">Poland</a></dd>' in page
    assert '<dt>Club</dt><dd><a href="../clubs/krakow-go.html">Kraków Go</a></dd>' in page
    front = (site / "index.html").read_text(encoding="utf-8")
    assert '<a href="clubs/index.html">Clubs</a> · <a href="countries/index.html">Countries</a>' in front


def test_the_lists_of_clubs_and_countries_count_players_and_championships(site):
    # Łukasz played for Warsaw Go, then for Kraków Go: he is on the page of his latest club
    assert listed(site / "clubs/index.html") == [
        ("gk-maribor.html", "GK Maribor", "1", "2"), ("gk-zagreb.html", "GK Zagreb", "1", "2"),
        ("krakow-go.html", "Kraków Go", "1", "2")]
    assert sorted(p.name for p in (site / "clubs").iterdir()) == [
        "gk-maribor.html", "gk-zagreb.html", "index.html", "krakow-go.html"]
    # the two Bob Bakers have no id: each is listed by the country of his row
    assert listed(site / "countries/index.html") == [
        ("hr.html", "Croatia", "1", "2"), ("de.html", "Germany", "1", "1"), ("pl.html", "Poland", "1", "2"),
        ("si.html", "Slovenia", "1", "2"), ("gb.html", "United Kingdom", "1", "1")]


def test_a_club_page_lists_its_people_with_their_championships_and_places(site):
    assert members(site / "clubs/krakow-go.html") == [
        ("Łukasz Wójcik", f"../players/{LUKASZ}.html",
         [("../spring-open-2026/players/s1.html", "1st"), ("../autumn-cup-2025/players/a3.html", "=2nd")],
         "2")]
    page = (site / "clubs/krakow-go.html").read_text(encoding="utf-8")
    assert "<h1>Kraków Go</h1>" in page and '<a href="index.html">Every club</a>' in page
    assert "<title>Kraków Go</title>" in page


def test_a_country_page_lists_players_without_an_id_without_a_link(site):
    assert members(site / "countries/de.html") == [
        ('Bob Baker <span class="of">no id</span>', "", [("../autumn-cup-2025/players/a4.html", "4th")],
         "1")]
    assert members(site / "countries/si.html") == [
        ("Zoran Žeželj", f"../players/{ZORAN}.html",
         [("../spring-open-2026/players/s2.html", "=2nd"), ("../autumn-cup-2025/players/a1.html", "1st")],
         "2")]
    page = (site / "countries/si.html").read_text(encoding="utf-8")
    assert '<h1>Slovenia <span class="code">SI</span></h1>' in page


def test_clubs_whose_names_fold_alike_share_a_page_and_a_country_must_be_a_code(tmp_path, run):
    content = tmp_path / "content"
    write(content / "club-day" / "event.toml", 'name = "Club Day 2026"\ngame = "go"\nsystem = "swiss"\n'
          'start = 2026-05-02\nrounds = 1\nseed = "day"\n')
    write(content / "club-day" / "players.csv", """
        id,name,rank,country,club,egd_pin
        d1,Nina Zupan,3k,si,GK Maribor,11100011
        d2,Tim Vidmar,4k,Slovenia,gk-maribor,11100012
        d3,Eva Kralj,5k,UK,GK  Máribor,
        d4,Ida Index,6k,SI,Index,11100014
    """)
    write(content / "club-day" / "rounds" / "1.csv",
          "table,player1,player2,result\n1,d1,d2,1-0\n2,d3,d4,1-0\n")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 0, err
    site = tmp_path / "site"
    # of spellings used as often, the one with accents is shown
    assert listed(site / "clubs/index.html") == [("gk-maribor.html", "GK Máribor", "3", "1"),
                                                 ("index-club.html", "Index", "1", "1")]
    page = (site / "clubs/gk-maribor.html").read_text(encoding="utf-8")
    assert "<p class=\"also\">Also written GK Maribor, gk-maribor</p>" in page
    assert [m[0] for m in members(site / "clubs/gk-maribor.html")] == [
        'Eva Kralj <span class="of">no id</span>', "Nina Zupan", "Tim Vidmar"]
    # "si" is SI and "UK" is GB; "Slovenia" is no code: shown as written, with no page
    assert listed(site / "countries/index.html") == [("si.html", "Slovenia", "2", "1"),
                                                     ("gb.html", "United Kingdom", "1", "1")]
    tim = (site / "players/egd-11100012.html").read_text(encoding="utf-8")
    assert "<dt>Country</dt><dd>Slovenia</dd>" in tim
    assert '<dd><a href="../clubs/gk-maribor.html">gk-maribor</a></dd>' in tim


def state(site: Path) -> dict[str, tuple[bytes, int]]:
    """The bytes and modification time of every club and country page."""
    return {p.relative_to(site).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for folder in ("clubs", "countries") for p in (site / folder).glob("*.html")}


def test_a_result_rewrites_only_the_club_pages_whose_text_it_changed(tmp_path):
    """Ana loses her last game to Bob Baker (no id) instead of winning it: the places of Ana,
    Bob and Łukasz change, Zoran's do not. Under watch the pages of Zoran's club and country
    and Britain's are neither rendered nor written; the others are, and the site is a fresh
    build's."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    site = tmp_path / "site"
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    before = state(site)
    rendered = rendered_paths(builder)
    write(content / "autumn-cup-2025" / "rounds" / "2.csv",
          "table,player1,player2,result\n1,a1,a3,1-0\n2,a2,a4,0-1\n")
    builder.build()
    after = state(site)
    changed = {path for path in after if after[path][0] != before[path][0]}
    rewritten = {path for path in after if after[path][1] != before[path][1]}
    assert changed == rewritten == {"clubs/gk-zagreb.html", "clubs/krakow-go.html", "countries/de.html",
                                    "countries/hr.html", "countries/pl.html"}
    assert {p for p in rendered if p.startswith(("clubs/", "countries/"))} == changed
    assert members(site / "countries/de.html")[0][2] == [("../autumn-cup-2025/players/a4.html", "3rd")]
    Builder(plugin_manager(), content, tmp_path / "fresh").build()
    assert snapshot(site) == snapshot(tmp_path / "fresh")


def test_a_new_championship_for_another_club_moves_a_person_off_the_old_clubs_page(tmp_path):
    """Who a club's page lists is not made from its members' files alone: Zoran playing a
    new championship for another club changes no file of Ana, who stays at GK Maribor, yet
    takes him off its page."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    spring = content / "spring-open-2026" / "players.csv"
    spring.write_text(spring.read_text(encoding="utf-8").replace("HR,GK Zagreb", "HR,GK Maribor"),
                      encoding="utf-8")
    site = tmp_path / "site"
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    assert [m[0] for m in members(site / "clubs/gk-maribor.html")] == ["Ana Kovačević", "Zoran Žeželj"]
    write(content / "summer-2026" / "event.toml", 'name = "Summer 2026"\ngame = "go"\nsystem = "swiss"\n'
          'start = 2026-07-04\nrounds = 1\nseed = "summer"\n')
    write(content / "summer-2026" / "players.csv",
          "id,name,rank,country,club,egd_pin\nu1,Zoran Žeželj,2d,AT,GK Graz,11100001\nu2,Iva Novak,3k,SI,,\n")
    write(content / "summer-2026" / "rounds" / "1.csv", "table,player1,player2,result\n1,u1,u2,1-0\n")
    builder.build()
    assert [m[0] for m in members(site / "clubs/gk-maribor.html")] == ["Ana Kovačević"]
    assert [m[0] for m in members(site / "clubs/gk-graz.html")] == ["Zoran Žeželj"]
    assert [m[0] for m in members(site / "countries/at.html")] == ["Zoran Žeželj"]
    fresh = tmp_path / "fresh"
    Builder(plugin_manager(), content, fresh).build()
    assert snapshot(site) == snapshot(fresh)
    shutil.rmtree(content / "summer-2026")
    builder.build()
    assert [m[0] for m in members(site / "clubs/gk-maribor.html")] == ["Ana Kovačević", "Zoran Žeželj"]
    assert not (site / "clubs/gk-graz.html").exists() and not (site / "countries/at.html").exists()


def test_people_json_names_its_parts_and_each_part_holds_its_people(site):
    index = json.loads((site / "data/people.json").read_text(encoding="utf-8"))
    assert index == {"format": 2, "count": 3, "parts": [
        {"path": "people/01.json", "count": 1}, {"path": "people/02.json", "count": 1},
        {"path": "people/03.json", "count": 1}]}
    part = json.loads((site / "data/people/03.json").read_text(encoding="utf-8"))
    assert [p["key"] for p in part["people"]] == [LUKASZ]
    assert [p["key"] for p in read_people(site)] == [ZORAN, ANA, LUKASZ]


def test_a_save_encodes_again_only_the_people_of_its_championship(tmp_path):
    """A result saved in one championship encodes again only the people who played in it;
    the others' bytes are those made before, and only their parts change."""
    from plugins.archive import publisher_site_pages
    from publisher.build.kept import Kept
    from publisher.build.loading import load_event
    from publisher.build.summary import summary
    from publisher.content.folders import event_dirs
    from publisher.model import Site, made
    from publisher.plugins import plugin_manager

    pm = plugin_manager()
    kept = Kept()  # as a watched builder keeps it
    content = write_archive(tmp_path / "content")
    winter = content / "winter-cup-2026"
    write(winter / "event.toml", 'name = "Winter Cup 2026"\ngame = "go"\nsystem = "swiss"\n'
          'start = 2026-01-10\nrounds = 1\nseed = "winter"\n')
    write(winter / "players.csv", "id,name,rank,egd_pin\nw1,Mira Novak,4k,11100009\nw2,Ivo Horvat,6k,\n")
    write(winter / "rounds" / "1.csv", "table,player1,player2,result\n1,w1,w2,1-0\n")
    events = [summary(load_event(pm, folder)) for folder in event_dirs(content)]

    def parts(events: list) -> dict[str, bytes]:
        files = publisher_site_pages(Site(content, events), kept)
        return {f.path: made(f.data) for f in files if f.path.startswith("data/people")}

    before = parts(events)
    encoded = {key: data for key, (_, data) in kept.store("archive.person-json").items()}
    assert sorted(before) == ["data/people.json", "data/people/01.json", "data/people/02.json",
                              "data/people/03.json", "data/people/09.json"]
    write(winter / "rounds" / "1.csv", "table,player1,player2,result\n1,w1,w2,0-1\n")
    after = parts([summary(load_event(pm, winter)) if e.slug == winter.name else e for e in events])
    assert after.keys() == before.keys()
    assert [path for path in after if after[path] != before[path]] == ["data/people/09.json"]
    again = kept.store("archive.person-json")
    assert sorted(again) == sorted(encoded)
    assert [key for key, (_, data) in again.items() if data is not encoded[key]] == ["egd-11100009"]
    assert after["data/people/09.json"] != before["data/people/09.json"]
    assert b'"place":"2"' in after["data/people/09.json"]


def test_only_a_watched_build_keeps_the_parts_and_entries_for_the_next(tmp_path):
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    single = Builder(plugin_manager(), content, tmp_path / "single", remember=False)
    single.build()
    assert single.kept.store("archive.person-json") == single.kept.store("archive.members") == {}
    watched = Builder(plugin_manager(), content, tmp_path / "watched")
    watched.build()
    assert sorted(watched.kept.store("archive.person-json")) == sorted([ZORAN, ANA, LUKASZ])
    # the club pages' entries: each person, and each row without an id
    assert sorted(watched.kept.store("archive.members")["gathered"].entries) == [
        "autumn-cup-2025/a4", ZORAN, ANA, LUKASZ, "spring-open-2026/s4"]
    assert snapshot(tmp_path / "single") == snapshot(tmp_path / "watched")


def test_a_new_archive_title_reaches_the_pages_that_name_its_feed(tmp_path):
    """Every page's head names the archive's feed by the front page's title: under watch, a
    new title renders the club, country and person pages again, as a fresh build makes them."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    site = tmp_path / "site"
    builder = Builder(plugin_manager(), content, site)
    builder.build()
    write(content / "index.md", "# Slovenian Go archive\n")
    builder.build()
    feed = ('<link rel="alternate" type="application/atom+xml" title="Slovenian Go archive" '
            'href="../feed.atom">')
    for page in ("clubs/gk-zagreb.html", "countries/si.html", "clubs/index.html", f"players/{ANA}.html"):
        assert feed in (site / page).read_text(encoding="utf-8"), page
    Builder(plugin_manager(), content, tmp_path / "fresh").build()
    assert snapshot(site) == snapshot(tmp_path / "fresh")

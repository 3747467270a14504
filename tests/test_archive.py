"""The archive across championships: people by federation id, the search index, feeds and
calendars, built from two Go championships that share three people."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import icalendar
import pytest
from archive_fixture import ANA, LUKASZ, ZORAN, built_archive, read_people, rendered_paths, write_archive
from conftest import snapshot, write

from publisher.text import search_key

ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return built_archive(tmp_path_factory.mktemp("archive"))


def people(site: Path) -> dict[str, dict]:
    return {p["key"]: p for p in read_people(site)}


def test_people_are_recognised_by_egd_pin_and_never_by_name(site):
    found = people(site)
    assert sorted(found) == [ZORAN, ANA, LUKASZ]  # the two Bob Bakers have no id: no person
    assert [(c["slug"], c["player"], c["place"], c["score"]) for c in found[LUKASZ]["championships"]] == [
        ("autumn-cup-2025", "a3", "=2", "1"), ("spring-open-2026", "s1", "1", "2")]
    assert [(c["slug"], c["place"]) for c in found[ZORAN]["championships"]] == [
        ("autumn-cup-2025", "1"), ("spring-open-2026", "=2")]
    assert [(c["slug"], c["place"]) for c in found[ANA]["championships"]] == [
        ("autumn-cup-2025", "=2"), ("spring-open-2026", "4")]
    # name, country and club as of the latest championship
    assert (found[LUKASZ]["name"], found[LUKASZ]["club"]) == ("Łukasz Wójcik", "Kraków Go")
    assert found[LUKASZ]["ids"] == {"egd_pin": "11100003"}


def test_a_person_page_lists_each_championship_with_place_and_link(site):
    page = (site / "players" / f"{LUKASZ}.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr><td>(\d{4}-\d\d-\d\d)</td><td><a href=\"([^\"]+)\">([^<]+)</a></td>"
                      r"<td class=\"hide-narrow\">(\w+)</td><td class=\"num\">([=\d]+)", page)
    assert rows == [  # newest first
        ("2026-03-07", "../spring-open-2026/players/s1.html", "Spring Open 2026", "Go", "1"),
        ("2025-10-04", "../autumn-cup-2025/players/a3.html", "Autumn Cup 2025", "Go", "=2"),
    ]
    assert "Kraków Go" in page and "Warsaw Go" not in page
    # rank and rating over time, drawn at build time
    charts = re.findall(r'<svg class="trend"[^>]*aria-label="([^"]+)"', page)
    assert charts == ["Rank of Łukasz Wójcik: 3k (2025), 2k (2026)",
                      "Rating of Łukasz Wójcik: 1800 (2025), 1890 (2026)"]
    # drawn at build time: no script of its own (the theme's words for its scripts are data)
    assert re.findall(r'<script(?![^>]*\b(?:src=|type="application/json"))', page) == []


def test_championship_player_pages_link_to_the_person(site):
    card = (site / "spring-open-2026/players/s1.html").read_text(encoding="utf-8")
    assert f'href="../../players/{LUKASZ}.html"' in card
    bob = (site / "spring-open-2026/players/s4.html").read_text(encoding="utf-8")
    assert "../../players/" not in bob


def test_the_search_index_folds_names_and_keeps_namesakes_apart(site):
    rows = {}
    for path in sorted((site / "data/search").glob("people-*.js")):
        text = path.read_text(encoding="utf-8")
        letter, body = re.fullmatch(r'archiveSearch\.people\("(.|\d{3})",(.*)\);\n', text, re.S).groups()
        assert path.name == f"people-{letter}.js"
        rows[letter] = json.loads(body)
    # folded as find-your-table folds ("lukasz wojcik"), with the PIN, in the file of each
    # word's first letter and of the PIN's first three digits
    assert search_key("Łukasz Wójcik") == "lukasz wojcik"
    row = ["lukasz wojcik 11100003", "Łukasz Wójcik", "PL", "2", f"players/{LUKASZ}.html"]
    assert row in rows["w"] and row in rows["l"] and row in rows["111"]
    bobs = [r for r in rows["b"] if r[1] == "Bob Baker"]
    assert [r[4] for r in bobs] == ["autumn-cup-2025/players/a4.html", "spring-open-2026/players/s4.html"]


def test_the_front_page_carries_the_search_and_the_filters(site):
    front = (site / "index.html").read_text(encoding="utf-8")
    assert 'data-index="data/search/"' in front and '<script src="data/search/fold.js"' in front
    assert re.search(r'<script src="assets/archive/search\.[0-9a-f]+\.js"', front)
    assert re.findall(r'<option value="(\d{4})">', front) == ["2026", "2025"]
    assert 'data-game="go" data-year="2025"' in front


def parse_feed(path: Path) -> ET.Element:
    feed = ET.fromstring(path.read_bytes())
    assert feed.tag == f"{ATOM}feed"
    for required in ("id", "title", "updated", "author"):  # RFC 4287 4.1.1
        assert feed.find(f"{ATOM}{required}") is not None, required
    for entry in feed.findall(f"{ATOM}entry"):
        for required in ("id", "title", "updated", "link"):
            assert entry.find(f"{ATOM}{required}") is not None, required
        dt.datetime.fromisoformat(entry.findtext(f"{ATOM}updated"))
    return feed


def test_the_championship_feed_has_an_entry_per_round_and_the_final(site):
    feed = parse_feed(site / "spring-open-2026/feed.atom")
    entries = [(e.findtext(f"{ATOM}title"), e.findtext(f"{ATOM}updated"), e.find(f"{ATOM}link").get("href"))
               for e in feed.findall(f"{ATOM}entry")]
    assert entries == [  # newest first, dated by the schedule (Ljubljana is UTC+1 in March)
        ("Final standings", "2026-03-08T12:00:00+01:00", "standings-2.html"),
        ("Round 2: results complete", "2026-03-08T12:00:00+01:00", "standings-2.html"),
        ("Round 2: pairings published", "2026-03-08T09:30:00+01:00", "round-2.html"),
        ("Round 1: results complete", "2026-03-07T12:30:00+01:00", "standings-1.html"),
        ("Round 1: pairings published", "2026-03-07T10:00:00+01:00", "round-1.html"),
    ]
    assert feed.findtext(f"{ATOM}updated") == "2026-03-08T12:00:00+01:00"
    ids = [e.findtext(f"{ATOM}id") for e in feed.findall(f"{ATOM}entry")]
    assert len(set(ids)) == 5 and all(i.startswith("urn:uuid:") for i in ids)


def test_without_a_schedule_entries_take_the_event_dates(site):
    feed = parse_feed(site / "autumn-cup-2025/feed.atom")
    times = {e.findtext(f"{ATOM}title"): e.findtext(f"{ATOM}updated") for e in feed.findall(f"{ATOM}entry")}
    assert times["Round 1: pairings published"] == "2025-10-04T00:00:00+00:00"
    assert times["Final standings"] == "2025-10-05T00:00:00+00:00"


def test_the_archive_feed_gathers_every_championship(site):
    feed = parse_feed(site / "feed.atom")
    titles = [e.findtext(f"{ATOM}title") for e in feed.findall(f"{ATOM}entry")]
    assert len(titles) == 10
    assert titles[0] == "Spring Open 2026 — Final standings"
    assert titles[-1] == "Autumn Cup 2025 — Round 1: pairings published"
    links = [e.find(f"{ATOM}link").get("href") for e in feed.findall(f"{ATOM}entry")]
    assert links[0] == "spring-open-2026/standings-2.html"


def test_the_calendar_holds_the_rounds_in_the_event_time_zone(site):
    calendar = icalendar.Calendar.from_ical((site / "spring-open-2026/calendar.ics").read_bytes())
    events = [(str(e["summary"]), e.decoded("dtstart"), e.decoded("dtend")) for e in calendar.walk("VEVENT")]
    zone = events[1][1].tzinfo
    assert str(zone) == "Europe/Ljubljana"
    assert events == [
        ("Spring Open 2026", dt.date(2026, 3, 7), dt.date(2026, 3, 9)),
        ("Round 1 — Spring Open 2026", dt.datetime(2026, 3, 7, 10, 0, tzinfo=zone),
         dt.datetime(2026, 3, 7, 12, 30, tzinfo=zone)),
        ("Round 2 — Spring Open 2026", dt.datetime(2026, 3, 8, 9, 30, tzinfo=zone),
         dt.datetime(2026, 3, 8, 12, 0, tzinfo=zone)),
    ]
    assert [c.name for c in calendar.subcomponents].count("VTIMEZONE") == 1
    assert len({str(e["uid"]) for e in calendar.walk("VEVENT")}) == 3


def test_the_calendar_name_is_escaped_as_icalendar_text(tmp_path, run):
    content = write_archive(tmp_path / "content")
    toml = content / "spring-open-2026" / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'name = "Spring Open 2026"', 'name = "Spring Open; Ljubljana, 2026 \\\\ A"'), encoding="utf-8")
    assert run("build", "--content", content, "--out", tmp_path / "site")[0] == 0
    ics = (tmp_path / "site/spring-open-2026/calendar.ics").read_bytes()
    assert b"\r\nX-WR-CALNAME:Spring Open\\; Ljubljana\\, 2026 \\\\ A\r\n" in ics


def test_a_championship_without_a_schedule_has_its_days(site):
    calendar = icalendar.Calendar.from_ical((site / "autumn-cup-2025/calendar.ics").read_bytes())
    assert [(str(e["summary"]), e.decoded("dtstart")) for e in calendar.walk("VEVENT")] == [
        ("Autumn Cup 2025", dt.date(2025, 10, 4))]


def test_the_mahjong_calendar_has_its_parts_and_breaks(tmp_path):
    from publisher.cli import main

    content = Path(__file__).parent.parent / "content"
    assert main(["build", "--content", str(content), "--out", str(tmp_path / "site")]) == 0
    ics = tmp_path / "site/hk-mahjong-open-2026/calendar.ics"
    calendar = icalendar.Calendar.from_ical(ics.read_bytes())
    summaries = [str(e["summary"]).split(" — ")[0] for e in calendar.walk("VEVENT")]
    assert summaries[:4] == ["Hong Kong Mahjong Open 2026", "Round 1, session 1, half 1", "Break",
                             "Round 1, session 1, half 2"]
    assert "Final" in summaries
    first = next(e for e in calendar.walk("VEVENT") if str(e["summary"]).startswith("Round 1, session 1"))
    assert first.decoded("dtstart") == dt.datetime(2026, 11, 21, 2, 0, tzinfo=dt.UTC)  # 10:00+08:00
    feed = parse_feed(tmp_path / "site/hk-mahjong-open-2026/feed.atom")
    titles = [e.findtext(f"{ATOM}title") for e in feed.findall(f"{ATOM}entry")]
    assert titles[-2:] == ["Round 1: results complete", "Round 1: seating published"]


def test_the_archive_builds_byte_for_byte_the_same(tmp_path):
    from publisher.cli import main

    content = write_archive(tmp_path / "content")
    assert main(["build", "--content", str(content), "--out", str(tmp_path / "one")]) == 0
    assert main(["build", "--content", str(content), "--out", str(tmp_path / "two")]) == 0
    assert snapshot(tmp_path / "one") == snapshot(tmp_path / "two")


def test_a_person_twice_in_one_championship_is_a_problem_naming_the_line(tmp_path, run):
    content = write_archive(tmp_path / "content")
    players = content / "spring-open-2026" / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace("GB,,", "GB,,11100001"), encoding="utf-8")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 1
    assert "players.csv:5: 's4' and 's2' (line 3) are the same person (egd-11100001)" in err
    assert not (tmp_path / "site").exists()


def test_a_pin_of_zero_is_no_pin_and_merges_nobody(tmp_path, run):
    """OpenGotha and PairGoth write 0 for a player without a PIN: two such rows are two people."""
    content = write_archive(tmp_path / "content")
    players = content / "spring-open-2026" / "players.csv"
    text = players.read_text(encoding="utf-8")
    players.write_text(text.replace("11100001", "0").replace("GB,,", "GB,,00000000"), encoding="utf-8")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 0, err
    found = people(tmp_path / "site")
    assert not [key for key in found if key.strip("egd-0") == ""]
    assert "spring-open-2026" not in [c["slug"] for c in found["egd-11100001"]["championships"]]


@pytest.mark.parametrize(("old", "new", "message"), [
    ('timezone = "Europe/Ljubljana"\n', "",
     "schedule.rounds[0]: round 1 starts at 2026-03-07T10:00:00 but the event has no time zone"),
    ("2026-03-08T09:30", "2026-04-08T09:30",
     "schedule.rounds[1]: round 2 starts 2026-04-08T09:30:00, not on a day of the event"),
])
def test_schedule_mistakes_name_the_key(tmp_path, run, old, new, message):
    content = write_archive(tmp_path / "content")
    toml = content / "spring-open-2026" / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 1
    assert message in err


def test_a_person_column_links_rows_without_a_federation_id(tmp_path):
    from publisher.cli import main

    content = write_archive(tmp_path / "content")
    for slug, row in (("autumn-cup-2025", "a4,Bob Baker,5k,1600,DE,,"),
                      ("spring-open-2026", "s4,Bob Baker,12k,,GB,,")):
        players = content / slug / "players.csv"
        text = players.read_text(encoding="utf-8").replace("egd_pin\n", "egd_pin,person\n")
        write(players, text.replace(row, row + ",bob-baker"))
    assert main(["build", "--content", str(content), "--out", str(tmp_path / "site")]) == 0
    bob = people(tmp_path / "site")["bob-baker"]
    assert [c["player"] for c in bob["championships"]] == ["a4", "s4"]
    assert bob["ids"] == {"person": "bob-baker"}


SCHEDULE_PLUGIN = '''
import datetime as dt

from publisher import hookimpl
from publisher.model import File, Session


@hookimpl(tryfirst=True)
def publisher_event_schedule(event):
    if event.slug == "autumn-cup-2025":
        return [Session("Opening", dt.datetime(2025, 10, 4, 9, 0, tzinfo=dt.UTC), 30, kind="break")]
    return None


@hookimpl(tryfirst=True)
def publisher_archive_record(event):
    if event.slug == "autumn-cup-2025":
        return {"rounds": [], "player_pages": False, "finished": False, "final_page": "",
                "standings": [{"player": "a3", "place": "1", "score": "9"}]}
    return None


@hookimpl
def publisher_site_pages(site):
    return [File("robots.txt", b"User-agent: *\\n")]
'''


def test_a_plugin_answers_the_archive_hooks_for_its_events(tmp_path, run):
    """Any system answers publisher_archive_record and publisher_event_schedule; the archive
    uses the first answer, and plugins hand back ready-made bytes as a File."""
    content = write_archive(tmp_path / "content")
    write(tmp_path / "plugins" / "autumn.py", SCHEDULE_PLUGIN)
    code, _, err = run("--plugins-dir", tmp_path / "plugins", "build", "--content", content,
                       "--out", tmp_path / "site")
    assert (code, err) == (0, "")
    lukasz = people(tmp_path / "site")[LUKASZ]["championships"][0]
    assert (lukasz["place"], lukasz["score"], lukasz["page"]) == ("1", "9", "autumn-cup-2025/players.html")
    calendar = icalendar.Calendar.from_ical((tmp_path / "site/autumn-cup-2025/calendar.ics").read_bytes())
    assert [str(e["summary"]) for e in calendar.walk("VEVENT")] == [
        "Autumn Cup 2025", "Opening — Autumn Cup 2025"]
    assert (tmp_path / "site/robots.txt").read_bytes() == b"User-agent: *\n"
    assert not parse_feed(tmp_path / "site/autumn-cup-2025/feed.atom").findall(f"{ATOM}entry")


def test_pages_name_their_feeds_for_feed_readers(site):
    round_page = (site / "spring-open-2026/round-1.html").read_text(encoding="utf-8")
    feeds = re.findall(r'<link rel="alternate" type="application/atom\+xml" title="([^"]+)" href="([^"]+)">',
                       round_page)
    assert feeds == [("Spring Open 2026", "feed.atom"), ("Championship archive", "../feed.atom")]
    person = (site / f"players/{ZORAN}.html").read_text(encoding="utf-8")
    assert ('<link rel="alternate" type="application/atom+xml" title="Championship archive" '
            'href="../feed.atom">') in person


@pytest.mark.parametrize(("fields", "key"), [
    ({"egd_pin": "12345678"}, "egd-12345678"),
    ({"fesa_id": "S0042"}, "fesa-s0042"),
    ({"ema": "04290041"}, "ema-04290041"),
    ({"egd_pin": "12345678", "ema": "04290041"}, "egd-12345678"),
    ({"person": "Mira-Novak", "egd_pin": "12345678"}, "mira-novak"),
    ({"egd_pin": "", "person": ""}, ""),
])
def test_the_first_filled_id_names_the_person(fields, key):
    from plugins.archive.people import person_key
    from publisher.model import Player

    assert person_key(Player("p1", "Mira Novak", 2, fields=fields)) == key


def test_an_id_that_cannot_name_a_page_is_a_problem(tmp_path, run):
    content = write_archive(tmp_path / "content")
    players = content / "autumn-cup-2025" / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace("11100002", "111/00002"), encoding="utf-8")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 1
    assert ("players.csv:3: egd_pin '111/00002' of 'a2' is not an id. Fix: write the egd_pin as letters and "
            "digits only, like 12345678, or leave it empty") in err


def write_winter(content: Path) -> Path:
    """A third championship: Mira Novak, a person of no other, and Ivo Horvat without an id."""
    winter = content / "winter-cup-2026"
    write(winter / "event.toml", 'name = "Winter Cup 2026"\ngame = "go"\nsystem = "swiss"\n'
          'start = 2026-01-10\nrounds = 1\nseed = "winter"\n')
    write(winter / "players.csv", "id,name,rank,egd_pin\nw1,Mira Novak,4k,11100009\nw2,Ivo Horvat,6k,\n")
    write(winter / "rounds" / "1.csv", "table,player1,player2,result\n1,w1,w2,1-0\n")
    return winter


def test_a_save_renders_again_only_the_people_of_its_championship(tmp_path):
    """Under watch, a result saved in one championship renders the pages of the people who
    played in it, and keeps the others' as they are; the site is a fresh build's."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    winter = write_winter(content)
    builder = Builder(plugin_manager(), content, tmp_path / "site")
    builder.build()
    rendered = rendered_paths(builder)
    write(winter / "rounds" / "1.csv", "table,player1,player2,result\n1,w1,w2,0-1\n")
    builder.build()
    people = {p for p in rendered if p.startswith("players/")}
    assert people == {"players/egd-11100009.html"}
    rendered.clear()
    write(content / "autumn-cup-2025" / "rounds" / "2.csv",
          "table,player1,player2,result\n1,a1,a3,0-1\n2,a2,a4,1-0\n")
    builder.build()
    assert {p for p in rendered if p.startswith("players/")} == {
        "players/egd-11100001.html", "players/egd-11100002.html", "players/egd-11100003.html"}
    Builder(plugin_manager(), content, tmp_path / "fresh").build()
    assert snapshot(tmp_path / "site") == snapshot(tmp_path / "fresh")


def test_a_person_page_is_rendered_again_when_what_it_shows_changes(tmp_path):
    """A person's page is keyed by what it shows: a save in their championship that leaves
    it as it was (another player's rank) renders no person page; two players added to the
    field, who both lose their game, leave their place as it was but make it "1 of 4":
    their page is rendered again. The site is a fresh build's."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    winter = write_winter(content)
    builder = Builder(plugin_manager(), content, tmp_path / "site")
    builder.build()
    rendered = rendered_paths(builder)
    write(winter / "players.csv", "id,name,rank,egd_pin\nw1,Mira Novak,4k,11100009\nw2,Ivo Horvat,5k,\n")
    builder.build()
    assert [p for p in rendered if p.startswith("players/")] == []
    write(winter / "players.csv", "id,name,rank,egd_pin\nw1,Mira Novak,4k,11100009\nw2,Ivo Horvat,5k,\n"
          "w3,Ivo Horvat,7k,\nw4,Mira Novak,8k,\n")  # namesakes without an id: no new page
    write(winter / "rounds" / "1.csv", "table,player1,player2,result\n1,w1,w2,1-0\n2,w3,w4,0-0\n")
    rendered.clear()
    builder.build()
    assert [p for p in rendered if p.startswith("players/")] == ["players/egd-11100009.html"]
    assert "of 4" in (tmp_path / "site" / "players/egd-11100009.html").read_text(encoding="utf-8")
    Builder(plugin_manager(), content, tmp_path / "fresh").build()
    assert snapshot(tmp_path / "site") == snapshot(tmp_path / "fresh")


def search_rows(site: Path) -> list[list[str]]:
    """Every row of the split search index, as its files hold them."""
    rows = []
    for path in sorted((site / "data/search").glob("people-*.js")):
        text = path.read_text(encoding="utf-8")
        body = re.fullmatch(r'archiveSearch\.people\("(?:.|\d{3})"\,(.*)\);\n', text, re.S).group(1)
        rows += json.loads(body)
    return rows


def test_what_the_archive_keeps_of_a_championship_follows_its_changes_and_removal(tmp_path):
    """Under watch, each championship's part of the archive (search rows, people, feed
    entries) is kept between builds; renaming a player changes its rows and the person's
    page, and a championship taken away leaves the index, the people and the feed. After
    every step the site is a fresh build's."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    winter = write_winter(content)
    site = tmp_path / "site"
    builder = Builder(plugin_manager(), content, site)

    def built_as_fresh() -> None:
        builder.build()
        fresh = tmp_path / "fresh"
        shutil.rmtree(fresh, ignore_errors=True)
        Builder(plugin_manager(), content, fresh).build()
        assert snapshot(site) == snapshot(fresh)

    built_as_fresh()
    ivo = ["ivo horvat", "Ivo Horvat", "", "Winter Cup 2026", "winter-cup-2026/players/w2.html"]
    assert ivo in search_rows(site)
    write(winter / "players.csv", "id,name,rank,egd_pin\nw1,Mira Nováková,4k,11100009\nw2,Ivan Horvat,6k,\n")
    built_as_fresh()
    rows = search_rows(site)
    assert {row[1] for row in rows if row[3] == "Winter Cup 2026"} == {"Ivan Horvat", "Mira Nováková"}
    assert "Ivo Horvat" not in {row[1] for row in rows}
    assert "<h1>Mira Nováková</h1>" in (site / "players/egd-11100009.html").read_text(encoding="utf-8")
    shutil.rmtree(winter)
    built_as_fresh()
    assert not (site / "players/egd-11100009.html").exists()
    assert "egd-11100009" not in people(site)
    assert not [row for row in search_rows(site) if "winter" in row[4] or "11100009" in row[4]]
    assert b"Winter Cup" not in (site / "feed.atom").read_bytes()


def test_an_index_file_of_unchanged_rows_is_not_made_again(tmp_path):
    """A championship read again with the same players (a result saved) hands its search
    rows over as the lists kept: the index files are the very bytes made before."""
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
    events = [summary(load_event(pm, folder)) for folder in event_dirs(content)]

    def index(events: list) -> dict[str, bytes]:
        files = publisher_site_pages(Site(content, events), kept)
        return {f.path: made(f.data) for f in files if "search/people-" in f.path}

    before = index(events)
    write(content / "autumn-cup-2025" / "rounds" / "2.csv",
          "table,player1,player2,result\n1,a1,a3,0-1\n2,a2,a4,1-0\n")
    autumn = content / "autumn-cup-2025"

    def read_again() -> list:
        return [summary(load_event(pm, autumn)) if e.slug == autumn.name else e for e in events]

    after = index(read_again())
    assert after.keys() == before.keys() and len(after) > 3
    assert all(after[path] is before[path] for path in after)
    players = autumn / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace("Bob Baker", "Rob Baker"),
                       encoding="utf-8")
    renamed = index(read_again())
    assert renamed["data/search/people-r.js"] != before.get("data/search/people-r.js")
    assert b"Rob Baker" in renamed["data/search/people-r.js"]
    assert renamed["data/search/people-z.js"] is before["data/search/people-z.js"]


def test_only_a_watched_build_keeps_the_search_index_for_the_next(tmp_path):
    """A single build makes each index file as it writes it and keeps none (the index of a
    big archive is several megabytes); a watched build keeps them, with the same bytes."""
    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    single = Builder(plugin_manager(), content, tmp_path / "single", remember=False)
    single.build()
    assert single.kept.store("archive.index") == {}
    watched = Builder(plugin_manager(), content, tmp_path / "watched")
    watched.build()
    index = sorted((tmp_path / "watched" / "data" / "search").glob("people-*.js"))
    kept_letters = watched.kept.store("archive.index")
    assert index and {f"data/search/people-{letter}.js" for letter in kept_letters} == {
        p.relative_to(tmp_path / "watched").as_posix() for p in index}
    assert snapshot(tmp_path / "single") == snapshot(tmp_path / "watched")


@pytest.fixture(scope="module")
def people_site(tmp_path_factory) -> tuple[Path, str]:
    """The archive whose ids and names disagree, built without people.toml: its site and stderr."""
    import contextlib
    import io

    from archive_fixture import write_people_archive

    from publisher.cli import main

    root = tmp_path_factory.mktemp("people")
    content = write_people_archive(root / "content")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["build", "--content", str(content), "--out", str(root / "site")]) == 0
    return root / "site", err.getvalue()


def test_ids_are_normalised_and_a_person_key_joins_the_id_it_was_seen_with(people_site):
    site, _ = people_site
    found = people(site)
    assert sorted(found) == ["egd-00123456", "egd-22200002", "egd-22200003", "egd-22200005",
                             "egd-22200006", "mira-novak"]
    # 123456 and 00123456 are one PIN; the person key and the PIN seen together are one person
    assert [c["player"] for c in found["egd-00123456"]["championships"]] == ["h1", "m1"]
    assert [c["player"] for c in found["mira-novak"]["championships"]] == ["h4", "m4"]
    assert found["mira-novak"]["ids"] == {"person": "mira-novak", "egd_pin": "22200004"}
    # the PIN's own page leads to hers: the championship's page links to it
    moved = (site / "players/egd-22200004.html").read_text(encoding="utf-8")
    assert '<meta http-equiv="refresh" content="0; url=mira-novak.html">' in moved
    card = (site / "mori-open-2025/players/m4.html").read_text(encoding="utf-8")
    assert 'href="../../players/egd-22200004.html"' in card


def test_an_id_with_names_of_other_letters_is_a_warning_naming_both_folders(people_site):
    site, err = people_site
    lines = err.splitlines()
    assert len(lines) == 2  # not for the accents Łukasz Wójcik lost, nor for Mira's two rows
    assert lines[0].endswith(
        "mori-open-2025/players.csv:2: egd_pin 00123456 of 'm1' is 'Kenji Mori' here but 'Hana Sato' "
        "in hana-cup-2024 (line 2): one person page shows both. Fix: if they are one person, write "
        "aliases = [\"Hana Sato\"] under [egd-00123456] in " + str(site.parent / "content" / "people.toml")
        + "; if not, correct the id or write separate = { new-key = \"Hana Sato\" } under [egd-00123456]")
    assert lines[0].startswith("warning: ")
    assert "egd_pin 22200002 of 'm2' is 'Anna Müller' here but 'Anna Schmidt' in hana-cup-2024" in lines[1]


def test_a_person_page_shows_the_current_name_former_ones_wins_and_the_labelled_score(people_site):
    site, _ = people_site
    anna = (site / "players/egd-22200002.html").read_text(encoding="utf-8")
    assert "<h1>Anna Müller</h1>" in anna
    assert '<p class="also">Also played as Anna Schmidt</p>' in anna
    # the accents a later row lacks are kept
    lukasz = (site / "players/egd-22200003.html").read_text(encoding="utf-8")
    assert "<h1>Łukasz Wójcik</h1>" in lukasz and "Also played as" not in lukasz
    assert people(site)["egd-22200003"]["name"] == "Łukasz Wójcik"
    # wins, and the McMahon score labelled (Kenji starts at the 1d bar: 10 + 1 win)
    kenji = (site / "players/egd-00123456.html").read_text(encoding="utf-8")
    rows = re.findall(r'<td class="num">([^<]*)</td>'
                      r'<td class="num">([^<]*(?:<span class="of">[^<]*</span>)?)</td>', kenji)
    assert rows == [("1", '11 <span class="of">McMahon score</span>'),
                    ("1", '1 <span class="of">points</span>')]


PEOPLE_TOML = """
    # What the keeper knows: one person who changed her name, and a PIN given to two people.
    [egd-22200002]
    aliases = ["Anna Schmidt", "Ana Schmidt"]

    [egd-123456]
    separate = { hana-sato = "Hana Sato" }
"""


def test_people_toml_confirms_and_separates_and_silences_the_warnings(tmp_path, run):
    from archive_fixture import write_people_archive

    content = write_people_archive(tmp_path / "content")
    write(content / "people.toml", PEOPLE_TOML)
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert (code, err) == (0, "")
    found = people(tmp_path / "site")
    assert [c["player"] for c in found["egd-00123456"]["championships"]] == ["m1"]
    assert found["egd-00123456"]["also"] == []
    assert [c["player"] for c in found["hana-sato"]["championships"]] == ["h1"]
    assert found["hana-sato"]["name"] == "Hana Sato"
    assert found["egd-22200002"]["also"] == ["Anna Schmidt", "Ana Schmidt"]


@pytest.mark.parametrize(("toml", "message"), [
    ("[egd-22200002]\nalias = [\"Anna Schmidt\"]\n",
     "people.toml: egd-22200002.alias: is not a setting of a person. Fix: use aliases or separate"),
    ("[egd-22200002]\naliases = \"Anna Schmidt\"\n",
     "people.toml: egd-22200002.aliases: must be a list of names. Fix: write the names as a list of text, "
     "like aliases = [\"Anna Schmidt\"]"),
    ("[\"egd-12/3\"]\naliases = []\n",
     "people.toml: egd-12/3: 'egd-12/3' is not a person's key: use letters, digits, - and _ only. Fix: "
     "write the key of the person's page, like egd-12345678 or mira-novak"),
    ("[egd-123456]\nseparate = [\"Hana Sato\"]\n",
     "people.toml: egd-123456.separate: must be a table of keys and names. Fix: write the person's key "
     "and the name, like separate = { hana-sato = \"Hana Sato\" }"),
])
def test_mistakes_in_people_toml_name_the_key_and_the_fix(tmp_path, run, toml, message):
    from archive_fixture import write_people_archive

    content = write_people_archive(tmp_path / "content")
    write(content / "people.toml", toml)
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 1
    assert message in err


def test_a_people_toml_table_naming_nobody_is_a_warning(tmp_path, run):
    from archive_fixture import write_people_archive

    content = write_people_archive(tmp_path / "content")
    write(content / "people.toml", PEOPLE_TOML + "\n[egd-99999999]\naliases = [\"Nobody\"]\n")
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 0
    assert err.endswith("people.toml: egd-99999999: no player of the archive has this key, so the table "
                        "does nothing. Fix: write the key as the person's page has it, like egd-12345678\n")


def test_the_search_index_holds_every_part_of_every_name_and_the_ids(people_site):
    site, _ = people_site
    rows = {row[1]: row[0] for row in search_rows(site)}
    assert rows["Seán O'Neill"] == "sean o neill oneill 22200006"
    assert rows["Mary Smith-Jones"] == "mary smith jones smithjones 22200005"
    assert rows["Jean-Pierre Dupont"] == "jean pierre jeanpierre dupont"
    assert rows["Anna Müller"] == "anna muller mueller schmidt 22200002"
    assert rows["Kenji Mori"] == "kenji mori hana sato 00123456 123456"
    index = (site / "data/search/people-123.js").read_text(encoding="utf-8")
    assert "Kenji Mori" in index and "Anna" not in index


def test_the_csv_downloads_carry_the_federation_ids(people_site):
    site, _ = people_site
    players = (site / "mori-open-2025/players.csv").read_text(encoding="utf-8-sig").splitlines()
    assert players[0] == "Name,Rank,Rating,Country,Club,EGD PIN"
    assert "Kenji Mori,1d,,JP,Osaka Go,00123456" in players
    assert "Jean-Pierre Dupont,6k,,FR,Paris Go," in players
    standings = (site / "mori-open-2025/standings-1.csv").read_text(encoding="utf-8-sig").splitlines()
    assert standings[0].endswith(",EGD PIN") and standings[1].startswith("1,Kenji Mori,1d,11,1,")
    assert standings[1].endswith(",00123456")


def test_people_toml_written_changed_and_removed_under_watch_gives_a_fresh_builds_site(tmp_path):
    """The people kept between builds are gathered again when people.toml changes: after
    each change the watched site and its warnings are those of a fresh build."""
    from archive_fixture import write_people_archive

    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_people_archive(tmp_path / "content")
    builder = Builder(plugin_manager(), content, tmp_path / "site")
    warned = [str(w) for w in builder.build().warnings]
    assert any("egd_pin 00123456" in w for w in warned)
    for step, toml in enumerate([PEOPLE_TOML, PEOPLE_TOML.split("[egd-123456]")[0], None]):
        if toml is None:
            (content / "people.toml").unlink()
        else:
            write(content / "people.toml", toml)
        kept = [str(w) for w in builder.build().warnings]
        fresh_builder = Builder(plugin_manager(), content, tmp_path / f"fresh{step}")
        fresh = [str(w) for w in fresh_builder.build().warnings]
        assert kept == fresh
        assert snapshot(tmp_path / "site") == snapshot(tmp_path / f"fresh{step}")
    assert kept == warned

"""The screens plugin's output on the static site: live.json, find.json, the screen and find pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from live_plugin.board import Catalog, plugin_manager, round_csv, write_event

import plugins.screens as screens
from plugins.screens.finder import find_data, find_entries, own_result
from publisher.build.builder import Builder
from publisher.build.loading import load_event


def build(tmp_path: Path, players_csv: str | None = None, results: list[str] | None = None) -> Path:
    folder = write_event(tmp_path / "content", "club", players=4)
    if players_csv is not None:
        (folder / "players.csv").write_text(players_csv, encoding="utf-8")
    if results is not None:
        (folder / "rounds" / "1.csv").write_text(round_csv(results), encoding="utf-8")
    Builder(plugin_manager(), tmp_path / "content", tmp_path / "site").build()
    return tmp_path / "site"


def test_live_json_is_the_systems_live_view(tmp_path):
    site = build(tmp_path, results=["1-0", ""])
    live = json.loads((site / "club/data/live.json").read_text(encoding="utf-8"))
    assert live["heading"] == "Round 1"
    assert [(t["table"], t["result"], [p["id"] for p in t["players"]]) for t in live["tables"]] == [
        ("1", "1-0", ["p01", "p02"]), ("2", None, ["p03", "p04"])]
    assert [(s["place"], s["id"], s["score"]) for s in live["standings"]] == [
        ("1", "p01", "1"), ("=2", "p02", "0"), ("=2", "p03", "0"), ("=2", "p04", "0")]


def test_screen_and_find_pages_are_in_the_menu_and_poll_their_json(tmp_path):
    site = build(tmp_path, results=["", ""])
    screen = (site / "club/screen.html").read_text(encoding="utf-8")
    assert 'data-live="data/live.json"' in screen
    assert '<meta name="publisher-live-reload" content="off">' in screen
    [script] = site.glob("assets/screens/screen.*.js")
    assert f'<script src="../assets/screens/{script.name}"></script>' in screen
    overview = (site / "club/index.html").read_text(encoding="utf-8")
    assert '<a href="find.html">Find your table</a>' in overview
    assert '<a href="screen.html">Hall screen</a>' in overview
    for asset in ["screens/screen.*.js", "screens/find.*.js", "screens/screens.*.css"]:
        assert len(list((site / "assets").glob(asset))) == 1, asset


def test_the_static_site_carries_no_live_reload_code(tmp_path):
    site = build(tmp_path, results=["", ""])
    for path in site.rglob("*"):
        if path.is_file():
            assert b"__publisher" not in path.read_bytes(), path


def test_an_event_without_a_live_view_gets_no_screen(tmp_path):
    """A system that has nothing to show (it does not answer the hook) gets no screen pages."""
    folder = write_event(tmp_path / "content", "club", players=2)
    event = load_event(plugin_manager(), folder)
    assert [o.path for o in screens.publisher_event_pages(event)] == [
        "data/live.json", "data/find.json", "screen.html", "find.html"]
    event.live = None
    assert screens.publisher_event_pages(event) == []


def test_find_lists_everyone_by_name_with_table_and_opponent(tmp_path):
    """One list, made by find_entries: in data/find.json and carried by find.html itself."""
    players = "id,name\np01,Žana Zorić\np02,<b>Bold</b> Bob\np03,ana Ames\np04,Cleo Cole\n"
    site = build(tmp_path, players, ["", "½-½"])
    find = json.loads((site / "club/data/find.json").read_text(encoding="utf-8"))
    assert find == {"heading": "Round 1", "entries": [
        {"key": "<b>bold</b> bob p02", "name": "<b>Bold</b> Bob", "table": "1", "seat": "White",
         "others": "Žana Zorić", "result": ""},
        {"key": "ana ames p03", "name": "ana Ames", "table": "2", "seat": "Black",
         "others": "Cleo Cole", "result": "drew ½-½"},
        {"key": "cleo cole p04", "name": "Cleo Cole", "table": "2", "seat": "White",
         "others": "ana Ames", "result": "drew ½-½"},
        {"key": "zana zoric p01", "name": "Žana Zorić", "table": "1", "seat": "Black",
         "others": "<b>Bold</b> Bob", "result": ""}], "out": []}
    page = (site / "club/find.html").read_text(encoding="utf-8")
    embedded = re.search(r'<script type="application/json" id="find-data">(.*?)</script>', page)
    assert embedded and json.loads(embedded.group(1)) == find
    assert "<b>" not in page
    assert '<tbody id="find-rows"></tbody>' in page  # find.js draws the rows, from that data
    assert 'data-find="data/find.json"' in page
    assert '<p class="lead" id="find-heading">Round 1</p>' in page


def test_find_data_without_tables_is_an_empty_list():
    assert find_data({"heading": "", "tables": []}, {}) == {"heading": "", "entries": [], "out": []}


def test_players_no_longer_at_the_tables_are_listed_with_why():
    """A mahjong player knocked out is in find.json's ``out``, keyed as the rows are."""
    live = {"heading": "Round 2", "tables": [], "out": [
        {"id": "m9", "name": "Ødegård Zoe", "note": "out after round 1: rank 37 of 64, -12.5"},
        {"id": "m2", "name": "Ann Ames", "note": "withdrew after round 1"}]}
    assert find_data(live, {})["out"] == [
        {"key": "ann ames m2", "name": "Ann Ames", "note": "withdrew after round 1"},
        {"key": "odegard zoe m9", "name": "Ødegård Zoe", "note": "out after round 1: rank 37 of 64, -12.5"}]


@pytest.mark.parametrize(("result", "first", "second"), [
    ("1-0", "won 1-0", "lost 0-1"), ("0-1", "lost 0-1", "won 1-0"), ("½-½", "drew ½-½", "drew ½-½"),
    ("0-0", "lost 0-0", "lost 0-0"), ("1-1", "won 1-1", "won 1-1"),
    ("1-0!", "won 1-0 by forfeit", "lost 0-1 by forfeit"), ("bye", "bye", "bye"), ("", "", "")])
def test_a_result_reads_from_the_searched_players_side(result, first, second):
    """White who won reads "won 1-0", not the board's "0-1"."""
    assert (own_result(result, 0), own_result(result, 1)) == (first, second)


def test_find_rows_are_in_folded_name_order_with_the_results_side():
    live = {"tables": [{"table": "3", "result": None, "players": [
        {"id": "b", "name": "Émile", "seat": "E"}, {"id": "a", "name": "dora", "seat": "S"},
        {"id": "c", "name": "Carl", "seat": "W"}]}, {"table": "1", "result": "0-1", "players": [
        {"id": "m", "name": "Jörg Müller", "seat": "Black"},
        {"id": "l", "name": "Łukasz", "seat": "White"}]}]}
    assert [(e.name, e.table, e.seat, e.others, e.result, e.key) for e in find_entries(live, {})] == [
        ("Carl", "3", "W", "Émile, dora", "", "carl c"), ("dora", "3", "S", "Émile, Carl", "", "dora a"),
        ("Émile", "3", "E", "dora, Carl", "", "emile b"),
        ("Jörg Müller", "1", "Black", "Łukasz", "lost 0-1", "jorg muller m joerg mueller m"),
        ("Łukasz", "1", "White", "Jörg Müller", "won 1-0", "lukasz l")]


def test_the_service_worker_and_the_offline_page_are_at_the_sites_root(tmp_path):
    """One worker whose scope holds every championship and the archive's home; every page of a
    championship with screens, and the archive's pages, register it by its address from them."""
    site = build(tmp_path, results=["", ""])
    assert (site / "sw.js").read_bytes() == (Path(screens.__file__).parent / "sw.js").read_bytes()
    assert not (site / "club" / "sw.js").exists()
    offline = (site / "offline.html").read_text(encoding="utf-8")
    assert '<ul class="offline-kept" id="offline-kept"></ul>' in offline
    for page, address in [("club/players.html", "../sw.js"), ("club/index.html", "../sw.js"),
                          ("index.html", "sw.js")]:
        assert f'data-sw="{address}"' in (site / page).read_text(encoding="utf-8"), page


@pytest.mark.parametrize(("toml", "scale"), [("", "1.0"), ("[screens]\nscale = 1.5\n", "1.5")])
def test_screens_scale_sets_the_type_of_the_screen(tmp_path, toml, scale):
    folder = write_event(tmp_path / "content", "club", players=4)
    with (folder / "event.toml").open("a", encoding="utf-8") as settings:
        settings.write(toml)
    Builder(plugin_manager(), tmp_path / "content", tmp_path / "site").build()
    page = (tmp_path / "site/club/screen.html").read_text(encoding="utf-8")
    assert f'<div class="screen-app" style="--scale: {scale}"' in page


@pytest.mark.parametrize(("value", "shown"),
                         [("0.2", "0.2"), ('"big"', "'big'"), ("true", "True"), ("4", "4")])
def test_a_screens_scale_out_of_bounds_names_the_key(archive, tmp_path, run, value, shown):
    with (archive / "club-swiss" / "event.toml").open("a", encoding="utf-8") as settings:
        settings.write(f"[screens]\nscale = {value}\n")
    code, _, err = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert f"event.toml: screens.scale: must be a number from 0.5 to 3, not {shown}. Fix: 1 is" in err




# A few of the screens' texts in Japanese, as a translator's catalog would give them.
JAPANESE = {"Round %(number)s": "第%(number)s回戦", "won %(score)s": "%(score)sで勝ち",
            "Hall screen": "会場スクリーン", "Find your table": "座席を探す",
            "Page %(number)s of %(count)s": "%(count)sページ中%(number)sページ"}
PAGE_OF = "%(count)sページ中%(number)sページ"


def japanese_site(tmp_path: Path, languages: str, screens_language: str = "") -> Builder:
    """A board championship with one round played, on a site in ``languages`` (site.toml) with
    its hall screens in ``screens_language``: its builder, into ``tmp_path / "site"``."""
    content = tmp_path / "content"
    folder = write_event(content, "club", players=4)
    (content / "site.toml").write_text(f"languages = {languages}\n", encoding="utf-8")
    if screens_language:
        set_screens_language(folder, screens_language)
    (folder / "rounds" / "1.csv").write_text(round_csv(["1-0", ""]), encoding="utf-8")
    pm = plugin_manager()
    pm.register(Catalog(tmp_path / "locale", "ja", JAPANESE))
    return Builder(pm, content, tmp_path / "site")


def set_screens_language(folder: Path, code: str) -> None:
    toml = folder / "event.toml"
    toml.write_text(f'screens_language = "{code}"\n' + toml.read_text(encoding="utf-8"), encoding="utf-8")


def read(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def embedded(page: str, name: str) -> Any:
    """The JSON a page carries for its script in ``<script id=name>``."""
    found = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', page, re.S)
    assert found, name
    return json.loads(found.group(1))


def test_the_screens_and_their_data_are_in_each_language_of_the_site(tmp_path):
    """The data the scripts show as it is (headings, results) is written in each language, beside
    the page of that language, which carries the scripts' words in it too."""
    japanese_site(tmp_path, '["en", "ja"]').build()
    site = tmp_path / "site"
    assert json.loads(read(site, "club/data/live.json"))["heading"] == "Round 1"
    assert json.loads(read(site, "ja/club/data/live.json"))["heading"] == "第1回戦"
    results = [e["result"] for e in json.loads(read(site, "ja/club/data/find.json"))["entries"]]
    assert results == ["1-0で勝ち", "0-1で負け", "", ""]  # "lost" from the shipped catalog
    results = [e["result"] for e in json.loads(read(site, "club/data/find.json"))["entries"]]
    assert results == ["won 1-0", "lost 0-1", "", ""]
    assert not (site / "ja/club/data/round-1.json").exists()  # a data file without words: one copy

    screen = read(site, "ja/club/screen.html")
    assert 'data-live="data/live.json"' in screen  # ja/club/data/live.json
    assert embedded(screen, "screen-live")["heading"] == "第1回戦"
    assert embedded(screen, "screen-strings")["page"] == PAGE_OF
    english = embedded(read(site, "club/screen.html"), "screen-strings")
    assert english["page"] == "Page %(number)s of %(count)s"
    find = read(site, "ja/club/find.html")
    assert "<h1>座席を探す</h1>" in find and 'data-find="data/find.json"' in find
    assert embedded(find, "find-data") == json.loads(read(site, "ja/club/data/find.json"))
    assert '<a href="screen.html">会場スクリーン</a>' in read(site, "ja/club/index.html")
    assert '<a href="screen.html">Hall screen</a>' in read(site, "club/index.html")


def test_the_hall_screen_at_its_usual_path_is_in_the_screens_language(tmp_path):
    """What the hall's TVs open (club/screen.html) follows event.toml's screens_language, and so
    does the data it polls; the other pages keep the site's first language."""
    japanese_site(tmp_path, '["en", "ja"]', screens_language="ja").build()
    site = tmp_path / "site"
    screen = read(site, "club/screen.html")
    assert embedded(screen, "screen-strings")["page"] == PAGE_OF
    assert embedded(screen, "screen-live")["heading"] == "第1回戦"
    assert 'data-live="../ja/club/data/live.json"' in screen
    assert json.loads(read(site, "club/data/live.json"))["heading"] == "第1回戦"
    assert json.loads(read(site, "club/data/find.json"))["heading"] == "Round 1"
    assert "<h1>Find your table</h1>" in read(site, "club/find.html")
    assert '<a href="screen.html">Hall screen</a>' in read(site, "club/index.html")


def test_screens_language_outside_the_sites_languages(tmp_path):
    """A site in English only, its hall screens in Japanese: the screen and its data at their
    usual paths, and nothing under ja/."""
    japanese_site(tmp_path, '["en"]', screens_language="ja").build()
    site = tmp_path / "site"
    screen = read(site, "club/screen.html")
    assert 'data-live="data/live.json"' in screen
    assert embedded(screen, "screen-strings")["page"] == PAGE_OF
    assert json.loads(read(site, "club/data/live.json"))["heading"] == "第1回戦"
    assert json.loads(read(site, "club/data/find.json"))["heading"] == "Round 1"
    assert not (site / "ja").exists()


def test_a_changed_screens_language_rewrites_the_screen_and_its_data(tmp_path):
    """The same data in another language is another file: a rebuild that keeps what did not
    change still writes the hall screen and its live.json again."""
    builder = japanese_site(tmp_path, '["en"]')
    builder.build()
    site = tmp_path / "site"
    assert json.loads(read(site, "club/data/live.json"))["heading"] == "Round 1"
    set_screens_language(tmp_path / "content" / "club", "ja")
    builder.build()
    assert json.loads(read(site, "club/data/live.json"))["heading"] == "第1回戦"
    assert embedded(read(site, "club/screen.html"), "screen-strings")["page"] == PAGE_OF

"""Every page says when its data last changed: the newest modification time among the content
files it is made from, never the clock, so a rebuild without changes keeps every byte and a
saved round re-dates only the pages made from it."""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

from conftest import snapshot, write

CHANGED = re.compile(r'Data last changed <time datetime="([^"]+)">([^<]+)</time>')


def stamp(path: Path) -> tuple[str, str]:
    found = CHANGED.search(path.read_text(encoding="utf-8"))
    assert found, path
    return found.group(1), found.group(2)


def set_time(path: Path, iso_utc: str) -> None:
    seconds = dt.datetime.fromisoformat(iso_utc).timestamp()
    os.utime(path, (seconds, seconds))


def test_pages_carry_the_newest_time_of_their_own_sources(archive, run, tmp_path):
    event = archive / "club-swiss"
    write(event / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n2,c,d,0-1\n")
    write(event / "rounds" / "2.csv", "table,player1,player2,result\n1,a,d,\n2,b,c,\n")
    for name, when in [("event.toml", "08:00"), ("players.csv", "09:00"), ("rounds/1.csv", "11:30"),
                       ("rounds/2.csv", "14:32")]:
        set_time(event / name, f"2026-03-01T{when}:00+00:00")
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    site = out / "club-swiss"
    assert stamp(site / "players.html") == ("2026-03-01T09:00:00+00:00", "1 Mar 2026, 09:00 UTC")
    assert stamp(site / "round-1.html") == ("2026-03-01T11:30:00+00:00", "1 Mar 2026, 11:30 UTC")
    assert stamp(site / "standings-1.html")[1] == "1 Mar 2026, 11:30 UTC"
    assert stamp(site / "round-2.html")[1] == "1 Mar 2026, 14:32 UTC"
    assert stamp(site / "index.html")[1] == "1 Mar 2026, 14:32 UTC"  # the whole championship
    assert stamp(out / "index.html")[1] == "1 Mar 2026, 14:32 UTC"  # the whole archive

    before = snapshot(out)
    assert run("build", "--content", archive, "--out", out)[0] == 0
    assert snapshot(out) == before  # nothing changed: not a byte, whatever the clock says

    write(event / "rounds" / "2.csv", "table,player1,player2,result\n1,a,d,1-0\n2,b,c,\n")
    set_time(event / "rounds" / "2.csv", "2026-03-01T15:05:00+00:00")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    after = snapshot(out)
    changed = {p for p in after if after[p] != before.get(p)}
    assert "club-swiss/round-1.html" not in changed and "club-swiss/standings-1.html" not in changed
    assert "club-swiss/players.html" not in changed
    assert stamp(site / "round-2.html")[1] == "1 Mar 2026, 15:05 UTC"


def test_an_event_with_a_time_zone_says_its_local_time(archive, run, tmp_path):
    event = archive / "club-swiss"
    toml = event / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'timezone = "Europe/Zagreb"\n', encoding="utf-8")
    set_time(toml, "2026-03-01T08:00:00+00:00")
    set_time(event / "players.csv", "2026-03-01T09:00:00+00:00")
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    assert stamp(out / "club-swiss" / "players.html") == ("2026-03-01T10:00:00+01:00", "1 Mar 2026, 10:00")


def test_a_mahjong_round_is_dated_by_its_own_files_and_those_before_it(run, tmp_path):
    """Round 3's scores saved again: the pages of rounds 1 and 2 keep every byte (their
    carry-over does not reach forward), round 3's and later pages take the new time."""
    import shutil

    content = tmp_path / "content"
    shutil.copytree(Path(__file__).parent.parent / "content" / "macau-mahjong-series-2026",
                    content / "macau")
    for path in (content / "macau").rglob("*"):
        set_time(path, "2026-03-01T08:00:00+00:00")
    out = tmp_path / "site"
    assert run("build", "--content", content, "--out", out)[0] == 0
    before = snapshot(out)
    set_time(content / "macau" / "rounds" / "3-scores.csv", "2026-03-01T15:05:00+00:00")
    assert run("build", "--content", content, "--out", out)[0] == 0
    after = snapshot(out)
    changed = {p for p in after if after[p] != before.get(p)}
    for page in ("round-1.html", "standings-1.html", "scoresheets-2.html", "standings-2.html"):
        assert f"macau/{page}" not in changed
        assert stamp(out / "macau" / page)[1] == "1 Mar 2026, 16:00"  # Macau time
    for page in ("round-3.html", "standings-3.html", "standings-4.html"):
        assert f"macau/{page}" in changed
        assert stamp(out / "macau" / page)[1] == "1 Mar 2026, 23:05"


def test_a_player_page_is_not_dated_so_a_save_rewrites_only_the_players_it_moved(archive, run, tmp_path):
    """A player's page says what it covers (its rounds, its place after round n) instead of a
    time: a result saved again unchanged re-dates the round's pages and leaves every player's
    page as it was; a changed result rewrites the pages of the players it moved."""
    event = archive / "club-swiss"
    write(event / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n2,c,d,0-1\n")
    for name in ("event.toml", "players.csv", "rounds/1.csv"):
        set_time(event / name, "2026-03-01T08:00:00+00:00")
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    player = (out / "club-swiss" / "players" / "a.html").read_text(encoding="utf-8")
    assert "Place after round 1" in player and not CHANGED.search(player)

    before = snapshot(out)
    set_time(event / "rounds" / "1.csv", "2026-03-01T15:05:00+00:00")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    after = snapshot(out)
    changed = {p for p in after if after[p] != before.get(p)}
    assert "club-swiss/round-1.html" in changed
    assert not {p for p in changed if p.startswith("club-swiss/players/")}

    write(event / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,0-1\n2,c,d,0-1\n")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    moved = {p for p, data in snapshot(out).items() if data != after.get(p)}
    assert {"club-swiss/players/a.html", "club-swiss/players/b.html"} <= moved
    assert "club-swiss/players/c.html" not in moved and "club-swiss/players/d.html" not in moved


def test_the_groups_page_is_dated_by_the_settings_and_the_field(run, tmp_path):
    """Groups are made from event.toml and players.csv: a saved result leaves the page as it was."""
    import shutil

    content = tmp_path / "content"
    shutil.copytree(Path(__file__).parent.parent / "content" / "wosc-2026", content / "wosc")
    for path in (content / "wosc").rglob("*"):
        set_time(path, "2026-03-01T08:00:00+00:00")
    set_time(content / "wosc" / "players.csv", "2026-03-01T09:00:00+00:00")
    out = tmp_path / "site"
    assert run("build", "--content", content, "--out", out)[0] == 0
    before = (out / "wosc" / "groups.html").read_text(encoding="utf-8")
    assert stamp(out / "wosc" / "groups.html")[0] == "2026-03-01T09:00:00+00:00"
    set_time(content / "wosc" / "rounds" / "1.csv", "2026-03-01T15:05:00+00:00")
    assert run("build", "--content", content, "--out", out)[0] == 0
    assert (out / "wosc" / "groups.html").read_text(encoding="utf-8") == before
    assert stamp(out / "wosc" / "round-1.html")[0] == "2026-03-01T15:05:00+00:00"

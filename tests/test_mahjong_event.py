"""The draw command, content errors, the event's status and live view, and the example events."""

import json
from pathlib import Path

import pytest
from conftest import write
from test_mahjong_scoring import make_event, play, state

from publisher.build.loading import load_event
from publisher.plugins import plugin_manager
from publisher.problems import display_path

REPO = Path(__file__).resolve().parent.parent


def errors(run, folder: Path) -> list[str]:
    code, _, stderr = run("build", "--content", folder.parent, "--out", folder.parent.parent / "site")
    assert code == 1
    assert "Traceback" not in stderr
    return [line for line in stderr.splitlines() if line.startswith("error: ")]


def test_draw_writes_the_seating_once_and_reproducibly(tmp_path, run):
    folder = make_event(tmp_path)
    code, out, _ = run("draw", folder)
    assert code == 0 and out.startswith("Drew round 1: 16 seats written")
    seating = (folder / "rounds/1-seating.csv").read_text()
    assert seating.splitlines()[0] == "part,table,seat,player"
    assert [line.split(",")[2] for line in seating.splitlines()[1:5]] == ["E", "S", "W", "N"]
    code, _, err = run("draw", folder, "--round", 1)
    assert code == 1 and "already exists. Fix: pass --force" in err
    code, printed, _ = run("draw", folder, "--round", 1, "--dry-run")
    assert code == 0 and printed == seating
    (folder / "rounds/1-seating.csv").unlink()
    run("draw", folder)
    assert (folder / "rounds/1-seating.csv").read_text() == seating


def test_the_next_round_waits_for_every_part_of_this_one(tmp_path, run):
    folder = make_event(tmp_path)
    run("draw", folder)
    code, _, err = run("draw", folder, "--round", 2)
    assert code == 1
    assert err.splitlines()[0] == (
        f"error: {display_path(folder / 'rounds/1-scores.csv')}: round 2 cannot be drawn: round 1 "
        "is scored for 0 of its 1 parts. Fix: finish round 1 first: its field decides who plays next")


def test_a_redraw_with_force_replaces_a_seating_that_no_longer_fits(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    run("draw", folder, "--round", 2)
    write(folder / "rounds/1-scores.csv", "player,part,score\n" + "".join(
        f"p{i:02d},1,{i}\n" for i in range(1, 17)))  # the organiser corrects round 1: p09-p16 go through
    assert run("draw", folder, "--round", 2, "--force")[0] == 0
    assert state(folder).rounds[1].field == [f"p{i:02d}" for i in range(9, 17)]


def test_a_scores_row_for_a_player_not_in_the_round(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    play(run, folder, 2, {**{f"p{i:02d}": 0 for i in range(1, 9)}, "p16": 5})
    assert errors(run, folder) == [
        f"error: {display_path(folder / 'rounds/2-scores.csv')}:10: 'p16' is not in this round. "
        "Fix: use the id of a player seated in this round"]


def test_a_missing_part_and_a_score_that_is_not_a_number(tmp_path, run):
    folder = make_event(tmp_path, players=16)
    (folder / "event.toml").write_text((folder / "event.toml").read_text().replace(
        "parts = [1, 1, 1]", "parts = [2, 1, 1]"))
    run("draw", folder)
    rows = [f"p{i:02d},{part},{i}" for i in range(1, 17) for part in (1, 2) if (i, part) != (5, 2)]
    rows[2] = "p02,1,12x"
    write(folder / "rounds/1-scores.csv", "player,part,score\n" + "\n".join(rows) + "\n")
    path = display_path(folder / "rounds/1-scores.csv")
    assert errors(run, folder) == [
        f"error: {path}:4: score '12x' of p02 is not a number. "
        "Fix: write the play score like 120, -40 or 12.5",
        f"error: {path}: part 1 has no score for p02. Fix: add a row player,1,score for each of them "
        "(0 if they scored nothing)",
        f"error: {path}: part 2 has no score for p05. Fix: add a row player,2,score for each of them "
        "(0 if they scored nothing)"]


@pytest.mark.parametrize(("players", "groups", "expected"), [
    (15, 1, "the field has 15 players, which do not fill tables of four: 1 substitute needed. "
            "Fix: add 1 substitute player (or withdraw 3)"),
    (18, 2, "group A has 9 players, which do not fill tables of four: 3 substitutes needed. "
            "Fix: add 3 substitute players to group A (or withdraw 1)"),
])
def test_a_field_that_does_not_fill_tables_of_four(tmp_path, run, players, groups, expected):
    folder = make_event(tmp_path, players=players, groups=groups)
    found = errors(run, folder)
    assert found[0] == f"error: {display_path(folder / 'players.csv')}: {expected}"
    code, _, err = run("draw", folder)
    assert code == 1 and expected in err


def test_status_and_live_view_of_a_running_event(tmp_path, run):
    folder = make_event(tmp_path)
    (folder / "event.toml").write_text((folder / "event.toml").read_text() + (
        '\n[mahjong.schedule]\nstarts = { "1" = 2026-10-02T10:00:00+08:00, '
        '"2" = 2026-10-02T14:00:00+08:00 }\nminutes = [70, 60, 0]\n'))
    event = load_event(plugin_manager(), folder)
    assert event.status == "Round 1 of 3: not drawn yet"
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    run("draw", folder, "--round", 2)
    pm = plugin_manager()
    event = load_event(pm, folder)
    assert event.status == "Round 2 of 3: drawn, scores pending"
    view = pm.hook.publisher_live_view(event=event)
    assert view["heading"] == "Round 2"
    assert (view["round"], view["rounds"]) == (2, 3)
    assert view["clock"] == {"label": "Round 2", "start": "2026-10-02T14:00:00+08:00", "minutes": 60}
    assert len(view["tables"]) == 2
    assert [p["seat"] for p in view["tables"][0]["players"]] == ["E", "S", "W", "N"]
    seated = {p["id"]: p for t in view["tables"] for p in t["players"]}
    assert seated["p01"]["note"] == "24.75"  # 99 carried at a quarter
    assert view["standings_heading"] == "Standings after Round 1"
    assert view["standings"][0] == {"place": "1", "id": "p01", "name": "Player 01", "score": "99.00",
                                    "note": ""}  # round 1: nothing carried yet, so no "carried 0.00"
    assert view["standings"][8]["note"] == "out"


def test_the_schedule_chains_parts_and_breaks():
    from plugins.mahjong.schedule import round_slots
    from plugins.mahjong.settings import read_settings
    event = load_event(plugin_manager(), REPO / "content/hk-mahjong-open-2026")
    slots = round_slots(read_settings(event), 1)
    assert [(s.label, s.start.strftime("%H:%M"), s.minutes, s.break_after) for s in slots] == [
        ("Session 1, half 1", "10:00", 70, 10), ("Session 1, half 2", "11:20", 70, 0),
        ("Session 2, half 1", "14:00", 70, 10), ("Session 2, half 2", "15:20", 70, 0)]


def test_the_example_events_build(tmp_path, run):
    out = tmp_path / "site"
    assert run("build", "--content", REPO / "content", "--out", out)[0] == 0
    macau = out / "macau-mahjong-series-2026"
    results = json.loads((macau / "data/mahjong-results.json").read_text())
    assert results["complete"] is True
    assert len(results["results"]) == 1024
    assert [r["eliminated_in"] for r in results["results"][:5]] == [None, None, None, None, 7]
    round1 = json.loads((macau / "data/mahjong-round-1.json").read_text())
    assert sum(s["status"] == "advanced" for s in round1["standings"]) == 256
    assert [t["group"] for t in round1["parts"][0]["tables"][:1]] == ["A"]
    for page in ("rounds", "round-1", "slips-1", "standings-8", "eliminations", "results", "schedule"):
        assert (macau / f"{page}.html").is_file()
    running = json.loads((out / "hk-mahjong-open-2026/data/mahjong-round-2.json").read_text())
    assert {s["status"] for s in running["standings"]} == {"pending"}
    # Hong Kong: a penalty and a lottery drawn in the hall at the cut, a substitute in round 1.
    hk = {s["player"]: s for s in json.loads(
        (out / "hk-mahjong-open-2026/data/mahjong-round-1.json").read_text())["standings"]}
    assert (hk["h29"]["penalty"], hk["h29"]["total"], hk["h29"]["status"]) == ("10", "-3", "eliminated")
    assert hk["h28"]["tiebreak"].endswith("ahead of Lok Ho by a lottery drawn in the hall (equal hands)")
    standings = (out / "hk-mahjong-open-2026/standings-1.html").read_text()
    assert "Penalty 10.00 in session 2, half 1: late arrival (twelve minutes)" in standings
    assert "Ming Chow played session 1, half 2 in their seat" in standings
    assert "Ming Chow" in (out / "hk-mahjong-open-2026/scoresheets-1.html").read_text()
    assert "Round 2 of 4: drawn, scores pending" in (out / "index.html").read_text()


def test_settings_that_do_not_fit_together(tmp_path, run):
    folder = make_event(tmp_path)
    text = (folder / "event.toml").read_text()
    (folder / "event.toml").write_text(text.replace("advance = [8, 4]", "advance = [10, 12]")
                                       .replace('carry_over = "1/4"', 'carry_over = "a quarter"'))
    toml = display_path(folder / "event.toml")
    assert errors(run, folder) == [
        f"error: {toml}: mahjong.advance: 12 advancing after 10 is not a cut. "
        "Fix: each round must keep fewer players than the one before",
        f"error: {toml}: mahjong.advance: 10 players do not fill tables of four. "
        "Fix: advance a multiple of 4 after every round",
        f"error: {toml}: mahjong.carry_over: must be a number or a fraction, not 'a quarter'. "
        'Fix: write it like "1/4" or 0.25']


def test_a_forced_redraw_leaves_the_files_it_replaces_and_later_ones_unread(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    play(run, folder, 2, {f"p{i:02d}": 9 - i for i in range(1, 9)})
    seating = (folder / "rounds/2-seating.csv").read_text()
    run("draw", folder, "--round", 3)
    write(folder / "rounds/2-scores.csv", "player,part,score\np01,1,abc\n")  # a broken round 2
    assert errors(run, folder)[0].endswith("score 'abc' of p01 is not a number. "
                                           "Fix: write the play score like 120, -40 or 12.5")
    code, out, _ = run("draw", folder, "--round", 2, "--force")
    assert (code, out) == (0, f"Drew round 2: 8 seats written to {folder / 'rounds/2-seating.csv'}\n"
                              "Winds over rounds 1 to 2: every player within ceil(P/4) starts on one wind, "
                              "P the parts they played; most: 1 (p01 on East, in 2 parts)\n")
    assert (folder / "rounds/2-seating.csv").read_text() == seating  # same field, same seed
    code, _, err = run("draw", folder, "--round", 2, "--dry-run")  # without --force, every file counts
    assert code == 1 and "score 'abc' of p01 is not a number" in err


def test_draw_on_a_finished_event_does_not_offer_to_redraw_the_final(tmp_path, run):
    from test_mahjong_scoring import FINAL, ROUND1, ROUND2

    folder = make_event(tmp_path, groups=2, rates='carry_over_round1 = { A = "1/4", B = "1/2" }')
    for number, scores in ((1, ROUND1), (2, ROUND2), (3, FINAL)):
        play(run, folder, number, scores)
    final = display_path(folder / "rounds/3-seating.csv")
    code, _, err = run("draw", folder)
    assert code == 1 and err.splitlines()[0] == (
        f"error: {final}: exists: every round of Test Mahjong is drawn, the final (round 3) included. "
        "Fix: there is nothing left to draw; to seat a round again, name it with --round N --force")
    code, _, err = run("draw", folder, "--round", 3)
    assert code == 1 and err.splitlines()[0] == (
        f"error: {final}: already exists, and round 3 has scores in 3-scores.csv. Fix: leave it, since "
        "the round is under way or played; pass --force only to seat it again and enter its scores anew")

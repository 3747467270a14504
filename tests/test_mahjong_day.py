"""The day at the tables: table sums, penalties, substitutes, withdrawals and a lottery drawn in
the hall, on a 16-player event seated by hand (tables of p01-p04, p05-p08, p09-p12, p13-p16)."""

import json
from pathlib import Path

from conftest import write
from test_mahjong_event import errors
from test_mahjong_scoring import make_event, table

from publisher.problems import display_path

TABLES = [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"],
          ["p09", "p10", "p11", "p12"], ["p13", "p14", "p15", "p16"]]
# Zero-sum tables; totals in order: p01 60, p05 50, p09 40, p13 30, p02 20, p06 15, p10 10,
# p14 5 | p03 -10, p16 -12, p07 -15, p11 -20, p15 -23, p12 -30, p08 -50, p04 -70.
ROUND1 = {"p01": 60, "p02": 20, "p03": -10, "p04": -70, "p05": 50, "p06": 15, "p07": -15,
          "p08": -50, "p09": 40, "p10": 10, "p11": -20, "p12": -30, "p13": 30, "p14": 5,
          "p15": -23, "p16": -12}


def seat(folder: Path, number: int, tables: list[list[str]], substitutes: dict[str, str] | None = None
         ) -> None:
    """A one-part seating written by hand; ``substitutes``: owner -> who sits in for them."""
    substitutes = substitutes or {}
    rows = ["part,table,seat,player,substitute"] + [
        f"1,{t},{wind},{p},{substitutes.get(p, '')}"
        for t, players in enumerate(tables, 1) for wind, p in zip("ESWN", players, strict=True)]
    write(folder / f"rounds/{number}-seating.csv", "\n".join(rows) + "\n")


def score(folder: Path, number: int, scores: dict[str, int | str], hands: str = "-") -> Path:
    rows = ["player,part,score,hands"] + [f"{p},1,{s},{hands}" for p, s in scores.items()]
    return write(folder / f"rounds/{number}-scores.csv", "\n".join(rows) + "\n")


def event(tmp_path: Path) -> Path:
    folder = make_event(tmp_path, table_total="0")
    seat(folder, 1, TABLES)
    return folder


def test_a_table_that_does_not_sum_to_the_table_total(tmp_path, run):
    folder = event(tmp_path)
    path = score(folder, 1, {**ROUND1, "p09": 40, "p10": 10, "p11": 20, "p12": -30})
    assert errors(run, folder) == [
        f"error: {display_path(path)}:12: part 1, table 3 (p09, p10, p11, p12) sums to +40, not 0. "
        "Fix: correct the table's scores (lines 10, 11, 12, 13); for example p11,1,-20 "
        "(a lost minus sign?) on line 12 makes it sum to 0"]
    score(folder, 1, {**ROUND1, "p13": 33})  # no sign explains it: the table's last line is named
    assert errors(run, folder)[0].endswith(
        "part 1, table 4 (p13, p14, p15, p16) sums to +3, not 0. Fix: correct the table's scores "
        "(lines 14, 15, 16, 17); for example p16,1,-15 on line 17 makes it sum to 0")


def test_another_table_total_is_checked_too(tmp_path, run):
    folder = event(tmp_path)
    toml = folder / "event.toml"
    toml.write_text(toml.read_text().replace('table_total = "0"', "table_total = 100"))
    score(folder, 1, {p: 25 for p in ROUND1})
    assert run("build", "--content", folder.parent, "--out", tmp_path / "site")[0] == 0
    score(folder, 1, ROUND1)
    assert len(errors(run, folder)) == 4


def test_two_scores_and_a_score_at_the_wrong_table_name_both_lines(tmp_path, run):
    folder = event(tmp_path)
    rows = ["player,part,score,hands,table"] + [f"{p},1,{s},-," for p, s in ROUND1.items()]
    rows[6] = "p06,1,15,-,3"
    rows.append("p02,1,20,-,")
    path = write(folder / "rounds/1-scores.csv", "\n".join(rows) + "\n")
    assert errors(run, folder) == [
        f"error: {display_path(path)}:7: p06 did not sit at table 3 in part 1: line 7 of "
        "1-seating.csv seats them at table 2. Fix: write table 2, or correct the player",
        f"error: {display_path(path)}:18: p02 has a second score for part 1 (first on line 3). "
        "Fix: keep one row per player and part: remove the wrong one",
        f"error: {display_path(path)}: part 1 has no score for p06. "
        "Fix: add a row player,1,score for each of them (0 if they scored nothing)"]


def test_a_penalty_enters_the_total_the_cut_the_pages_and_the_json(tmp_path, run):
    folder = event(tmp_path)
    score(folder, 1, ROUND1)
    write(folder / "rounds/1-penalties.csv", "player,part,points,reason\np14,1,-20,late arrival\n"
                                             "p02,1,2.5,stalling\n")
    standings = table(folder, 1)
    assert standings["p14"]["total"] == "-15" and standings["p14"]["status"] == "eliminated"
    assert standings["p03"]["status"] == "advanced"  # -10 now makes the top 8 in p14's place
    assert standings["p02"]["penalties"] == [{"part": 1, "points": "5/2", "reason": "stalling",
                                              "substitute": None}]
    assert (standings["p02"]["total"], standings["p02"]["penalty_display"]) == ("35/2", "2.50")
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    page = (out / "test-mahjong/standings-1.html").read_text()
    assert '<th scope="col" class="num hide-narrow">Penalty</th>' in page
    assert "Penalty 20.00 in the round: late arrival" in page
    player = (out / "test-mahjong/players/p14.html").read_text()
    assert "Carried 0.00 + play 5.00 − penalties 20.00 = <strong>-15.00</strong>" in player
    write(folder / "rounds/1-penalties.csv", "player,part,points,reason\np21,1,10,late\n")
    assert errors(run, folder) == [
        f"error: {display_path(folder / 'rounds/1-penalties.csv')}:2: 'p21' did not play part 1 of "
        "this round. Fix: name a player seated in that part (see the seating file)"]


def test_a_substitute_plays_the_seat_and_scores_for_the_owner_or_not(tmp_path, run):
    folder = event(tmp_path)
    seat(folder, 1, TABLES, {"p05": "r1"})
    score(folder, 1, {("r1" if p == "p05" else p): s for p, s in ROUND1.items()})  # r1 entered
    assert table(folder, 1)["p05"]["play"] == "50"
    toml = folder / "event.toml"
    toml.write_text(toml.read_text().replace('table_total = "0"',
                                             'table_total = "0"\nsubstitute_scores = "none"'))
    standings = table(folder, 1)
    assert (standings["p05"]["play"], standings["p05"]["status"]) == ("0", "advanced")
    assert standings["p03"]["status"] == "eliminated"
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    assert "r1 played the round in their seat" in (out / "test-mahjong/standings-1.html").read_text()
    write(folder / "rounds/1-penalties.csv", "player,part,points,reason\np05,1,10,late\n")
    assert errors(run, folder) == [
        f"error: {display_path(folder / 'rounds/1-penalties.csv')}:2: p05 did not play part 1: r1 sat "
        "in for them. Fix: write the substitute's penalty as r1,1,10,..."]


def test_a_substitutes_penalty_goes_to_the_seat_and_names_the_substitute_by_name(tmp_path, run):
    folder = event(tmp_path)
    score(folder, 1, ROUND1)  # through: p01 p05 p09 p13 p02 p06 p10 p14; p16 is out
    seat(folder, 2, [["p01", "p05", "p09", "p13"], ["p02", "p06", "p10", "p14"]], {"p05": "p16"})
    score(folder, 2, {"p01": 10, "p16": -10, "p09": 5, "p13": -5, "p02": 0, "p06": 0, "p10": 0, "p14": 0})
    write(folder / "rounds/2-penalties.csv", "player,part,points,reason\np16,1,10,late arrival\n")
    assert table(folder, 2)["p05"]["penalties"] == [
        {"part": 1, "points": "10", "reason": "late arrival", "substitute": "p16"}]
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    page = (out / "test-mahjong/standings-2.html").read_text()
    assert ('<div class="standing-note">Penalty 10.00 in the round: late arrival (Player 16, sitting in)'
            '</div><div class="standing-note">Player 16 played the round in their seat</div>') in page
    assert "p16" not in page.replace("players/p16.html", "")


def test_a_lottery_drawn_in_the_hall_decides_a_tie_the_hands_leave(tmp_path, run):
    folder = event(tmp_path)
    # p14 and p03 level on -10 with p16, across the cut at 8 (p14 is 8th on 5 otherwise)
    score(folder, 1, {**ROUND1, "p13": 45, "p14": -10, "p15": -25, "p16": -10})
    write(folder / "rounds/1-lottery.csv", "player\np16\np03\np14\n")
    standings = table(folder, 1)
    assert [p for p in ("p03", "p14", "p16") if standings[p]["status"] == "advanced"] == ["p16"]
    assert standings["p16"]["tiebreak"] == (
        "tied on -10.00 across the cut (3 players); winning hands none; place 1 of the tie: ahead of "
        "Player 03 by a lottery drawn in the hall (equal hands)")
    write(folder / "rounds/1-lottery.csv", "player\np16\np03\n")
    assert errors(run, folder) == [
        f"error: {display_path(folder / 'rounds/1-lottery.csv')}: does not list p14, tied on -10.00 "
        "across the cut after round 1 with equal hands. Fix: list every player of the lottery "
        "(p03, p14, p16) in the order drawn, one a line"]
    score(folder, 1, ROUND1)
    assert errors(run, folder) == [
        f"error: {display_path(folder / 'rounds/1-lottery.csv')}: records a lottery, but no tie "
        "across the cut after round 1 was left to one. Fix: remove the file: the totals and the "
        "hands decided every tie"]


# Five players level on -8 for the last two of the eight places (p01 30, p05 40, p09 20, p10 10,
# p13 25, p14 5 are through on their totals); p04, p11 and p15 won 16 16 8, p03 and p06 16 16.
FIVE_TIED = {"p01": 30, "p02": -14, "p03": -8, "p04": -8, "p05": 40, "p06": -8, "p07": -12,
             "p08": -20, "p09": 20, "p10": 10, "p11": -8, "p12": -22, "p13": 25, "p14": 5,
             "p15": -8, "p16": -22}
FIVE_HANDS = {"p03": "16 16", "p06": "16 16", "p04": "16 16 8", "p11": "8 16 16", "p15": "16 8 16"}


def five_tied(tmp_path: Path) -> Path:
    folder = event(tmp_path)
    rows = ["player,part,score,hands"] + [f"{p},1,{s},{FIVE_HANDS.get(p, '-')}" for p, s in FIVE_TIED.items()]
    write(folder / "rounds/1-scores.csv", "\n".join(rows) + "\n")
    return folder


def test_hands_are_compared_to_the_end_and_the_lottery_decides_only_the_players_they_leave(tmp_path, run):
    """Worked out by hand: 16 16 8 beats 16 16 at the third hand, so p04, p11 and p15 take places
    7 to 9 of the round and p03 and p06 are out whatever happens; the two places left go to two
    of the three, drawn in the hall (p15, p04, p11)."""
    folder = five_tied(tmp_path)
    lottery = write(folder / "rounds/1-lottery.csv", "player\np15\np04\np11\n")
    standings = table(folder, 1)
    assert [(p, s["rank"], s["status"]) for p, s in standings.items()][5:11] == [
        ("p14", 6, "advanced"), ("p15", 7, "advanced"), ("p04", 7, "advanced"), ("p11", 7, "eliminated"),
        ("p03", 7, "eliminated"), ("p06", 7, "eliminated")]
    tie = "tied on -8.00 across the cut (5 players); "
    assert {p: standings[p]["tiebreak"] for p in FIVE_HANDS} == {
        "p15": tie + "winning hands 16 16 8; place 1 of the tie: ahead of Player 04 by a lottery drawn "
               "in the hall (equal hands)",
        "p04": tie + "winning hands 16 16 8; place 2 of the tie: ahead of Player 11 by a lottery drawn "
               "in the hall (equal hands)",
        "p11": tie + "winning hands 16 16 8; place 3 of the tie: behind Player 04 by a lottery drawn in "
               "the hall (equal hands); ahead of Player 03 by the 3rd biggest hand (8 against none)",
        "p03": tie + "winning hands 16 16; place 4 of the tie: behind Player 11 by the 3rd biggest hand "
               "(none against 8); level on hands with Player 06: both are out either way, so no "
               "lottery decides between them",
        "p06": tie + "winning hands 16 16; place 5 of the tie: level on hands with Player 03: both are "
               "out either way, so no lottery decides between them"}
    assert run("build", "--content", folder.parent, "--out", tmp_path / "site")[0] == 0
    # Listing the two who are out as well is consistent with the hands: the same standings.
    write(lottery, "player\np15\np04\np11\np06\np03\n")
    assert table(folder, 1) == standings
    write(lottery, "player\np15\np03\np04\np11\np01\n")
    assert errors(run, folder) == [
        f"error: {display_path(lottery)}:4: lists p04 after p03, but the hands put p04 ahead "
        "(16 16 8 against 16 16). Fix: list only the players whose order the lottery decides "
        "(p04, p11, p15), in the order drawn",
        f"error: {display_path(lottery)}:6: lists p01, who is not tied across the cut after round 1. "
        "Fix: list only the players whose order the lottery decides (p04, p11, p15), in the order drawn"]
    write(lottery, "player\np15\np04\n")
    assert errors(run, folder) == [
        f"error: {display_path(lottery)}: does not list p11, tied on -8.00 across the cut after round 1 "
        "with equal hands. Fix: list every player of the lottery (p04, p11, p15) in the order drawn, "
        "one a line"]


def test_without_a_hall_lottery_the_seed_draws_among_the_players_the_hands_leave(tmp_path, run):
    standings = table(five_tied(tmp_path), 1)
    through = [p for p in FIVE_HANDS if standings[p]["status"] == "advanced"]
    assert len(through) == 2 and set(through) < {"p04", "p11", "p15"}
    assert all(standings[p]["status"] == "eliminated" for p in ("p03", "p06"))
    assert standings[through[0]]["tiebreak"].endswith("by seeded lottery (equal hands)")


def test_a_withdrawn_player_gives_the_place_to_the_best_below_the_cut(tmp_path, run):
    folder = event(tmp_path)
    score(folder, 1, ROUND1)
    write(folder / "rounds/2-withdrawals.csv", "player,reason\np06,illness\n")
    standings = table(folder, 1)
    assert (standings["p06"]["status"], standings["p06"]["withdrawal"]) == ("eliminated", "illness")
    assert (standings["p03"]["status"], standings["p03"]["replaces"]) == ("advanced", "p06")
    assert run("draw", folder, "--round", 2)[0] == 0
    seated = {line.split(",")[3] for line in (folder / "rounds/2-seating.csv").read_text().split()[1:]}
    assert seated == {"p01", "p05", "p09", "p13", "p02", "p10", "p14", "p03"}
    drawn = (folder / "rounds/2-seating.csv").read_text()
    assert run("draw", folder, "--round", 2, "--force")[0] == 0
    assert (folder / "rounds/2-seating.csv").read_text() == drawn
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    page = (out / "test-mahjong/standings-1.html").read_text()
    assert "Advanced in place of Player 06, who withdrew (illness)" in page
    assert "Qualified but withdrew before round 2 (illness)" in page
    results = json.loads((out / "test-mahjong/data/mahjong-results.json").read_text())["results"]
    assert [(r["player"], r["eliminated_in"]) for r in results[:2]] == [("p06", 1), ("p16", 1)]
    write(folder / "rounds/2-withdrawals.csv", "player,reason\np07,illness\n")
    assert errors(run, folder)[0] == (
        f"error: {display_path(folder / 'rounds/2-withdrawals.csv')}:2: p07 did not qualify for "
        "round 2 (rank 11 after round 1, the cut is at 8). Fix: list only players who qualified; "
        "remove the line")


def test_a_withdrawal_saved_under_watch_reaches_the_round_before_it(tmp_path):
    """Round 1's standings say who withdrew before round 2 and who advanced in their place:
    a watched build that finds 2-withdrawals.csv new makes them again, as a fresh build does."""
    from conftest import snapshot

    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    folder = event(tmp_path)
    score(folder, 1, ROUND1)
    watched = Builder(plugin_manager(), folder.parent, tmp_path / "watched")
    watched.build()
    write(folder / "rounds/2-withdrawals.csv", "player,reason\np06,illness\n")
    report = watched.build()
    assert {"test-mahjong/standings-1.html", "test-mahjong/data/mahjong-round-1.json"} <= set(
        report.manifest) and report.stats.written > 0
    page = (tmp_path / "watched" / "test-mahjong/standings-1.html").read_text()
    assert "Qualified but withdrew before round 2 (illness)" in page
    Builder(plugin_manager(), folder.parent, tmp_path / "fresh", remember=False).build()
    assert snapshot(tmp_path / "watched") == snapshot(tmp_path / "fresh")


def test_a_withdrawal_after_the_draw_is_one_problem_with_the_redraw(tmp_path, run):
    """The seating of round 2 was drawn, then p06 withdrew: one message naming who withdrew and
    who took the place, not one for every seat of p06 and every part without p03."""
    folder = event(tmp_path)
    score(folder, 1, ROUND1)
    assert run("draw", folder, "--round", 2)[0] == 0
    write(folder / "rounds/2-withdrawals.csv", "player,reason\np06,illness\n")
    assert errors(run, folder) == [
        f"error: {display_path(folder / 'rounds/2-seating.csv')}: seats p06, who withdrew in "
        "2-withdrawals.csv, and not p03, who took the place. Fix: redraw the round: publisher draw "
        "test-mahjong --round 2 --force (if it is under way, remove the withdrawal and name "
        "substitutes in the seating instead)"]
    assert run("draw", folder, "--round", 2, "--force")[0] == 0
    assert run("build", "--content", folder.parent, "--out", tmp_path / "site")[0] == 0


WSOM_TOML = """
    name = "Series"
    game = "mahjong"
    system = "mahjong-elimination"
    start = 2026-10-02
    end = 2026-10-05
    timezone = "Asia/Macau"

    [mahjong.schedule]
    starts = { "1" = 2026-10-02T10:00:00, "1.3" = 2026-10-02T14:30:00, "5" = 2026-10-04T01:00:00Z }

    [mahjong.schedule.groups.B]
    starts = { "1" = 2026-10-03T10:00:00, "1.3" = 2026-10-03T14:30:00 }
"""


def test_the_wsom_schedule_breaks_groups_and_time_zone(tmp_path, run):
    from plugins.mahjong.schedule import round_minutes, round_slots
    folder = tmp_path / "content/series"
    write(folder / "event.toml", WSOM_TOML)
    write(folder / "players.csv", "id,name,group\n" + "".join(
        f"p{i:03d},P {i},{'AB'[i % 2]}\n" for i in range(264)))
    settings = table_free_settings(folder)
    round5 = round_slots(settings, 5)
    assert [(s.label, s.start.isoformat(), s.minutes, s.break_after) for s in round5] == [
        ("Half 1", "2026-10-04T01:00:00+00:00", 60, 10), ("Half 2", "2026-10-04T02:10:00+00:00", 60, 0)]
    assert round_minutes(round5) == 130 and round_minutes(round_slots(settings, 6)) == 130
    assert round_minutes(round_slots(settings, 7)) == 130  # four 30-minute quarters, a break after 2
    final = round_slots(settings, 8)
    assert (final[0].minutes, final[0].cycle_breaks, final[0].break_minutes) == (0, [2], 10)
    group_a = round_slots(settings, 1, "A")
    group_b = round_slots(settings, 1, "B")
    assert [s.start.strftime("%d %H:%M") for s in group_a] == ["02 10:00", "02 11:20", "02 14:30", "02 15:50"]
    assert [s.start.strftime("%d %H:%M") for s in group_b] == ["03 10:00", "03 11:20", "03 14:30", "03 15:50"]
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    page = (out / "series/schedule.html").read_text()
    assert "Times are those of the venue: Asia/Macau (UTC+08:00)." in page
    assert "Round 1, group A" in page and "Round 1, group B" in page
    assert "Sat 3 Oct, 11:20" in page  # group B's second half
    assert "Sun 4 Oct, 09:00" in page  # round 5 given in UTC, shown on the venue's clock
    assert "10-minute break after cycle 2" in page and "(130 min in all)" in page
    live = json.loads((out / "series/data/live.json").read_text())
    assert live["timezone"] == "Asia/Macau"


def table_free_settings(folder: Path):
    from plugins.mahjong.settings import read_settings
    from publisher.content.folders import load_event
    return read_settings(load_event(folder, {"mahjong-elimination"}))


def test_a_scoresheet_seats_every_cycle_after_the_swaps_and_slips_carry_the_start(tmp_path, run):
    from test_mahjong_scoring import state

    from plugins.mahjong.pages import scoresheets, slips
    folder = event(tmp_path)
    toml = folder / "event.toml"
    toml.write_text(toml.read_text() + '\n[mahjong.schedule]\nstarts = { "1" = 2026-10-02T09:30:00+02:00 }\n')
    seat(folder, 1, TABLES, {"p03": "Reserve Rita"})
    loaded = state(folder)
    event_ = load_event_of(folder)
    sheet = scoresheets(event_, loaded, loaded.rounds[0])[0]
    assert (sheet["table"], sheet["part"]) == (1, "Round 1")
    assert sheet["start"].isoformat() == "2026-10-02T09:30:00+02:00"
    assert [(p["id"], p["winds"], p["substitute"]) for p in sheet["players"]] == [
        ("p01", ["E", "N"], ""), ("p02", ["S", "W"], ""), ("p03", ["W", "S"], "Reserve Rita"),
        ("p04", ["N", "E"], "")]
    assert [(h["cycle"], h["hand"], h["dealer"]) for h in sheet["hands"]] == [
        (1, 1, "Player 01"), (1, 2, "Player 02"), (1, 3, "Player 03"), (1, 4, "Player 04"),
        (2, 1, "Player 04"), (2, 2, "Player 03"), (2, 3, "Player 02"), (2, 4, "Player 01")]
    slip = slips(event_, loaded, loaded.rounds[0])[4]
    assert (slip["id"], slip["parts"]) == ("p05", [
        {"label": "Round 1", "table": 2, "wind": "E", "start": sheet["start"]}])
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    assert 'href="scoresheets-1.html">Scoresheets</a>' in (out / "test-mahjong/round-1.html").read_text()
    assert "Start: Fri 2 Oct, 09:30" in (out / "test-mahjong/scoresheets-1.html").read_text()
    assert "<td>Fri 09:30</td>" in (out / "test-mahjong/slips-1.html").read_text()


def load_event_of(folder: Path):
    from publisher.build.loading import load_event
    from publisher.plugins import plugin_manager
    return load_event(plugin_manager(), folder)

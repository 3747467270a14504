"""Organisers' slips that once crashed the build or changed a result silently: each is now a
problem naming its file and line (or key), or, for a rate of 0, exactly the values asked for."""

import json
from pathlib import Path

from conftest import write
from test_mahjong_event import errors
from test_mahjong_scoring import FINAL, ROUND1, ROUND2, make_event, play

from publisher.problems import display_path


def edit_toml(folder: Path, old: str, new: str) -> str:
    """Replace ``old`` in the event's event.toml; returns the file as the problems name it."""
    toml = folder / "event.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new))
    return display_path(toml)


def test_a_table_that_only_looks_like_a_number(tmp_path, run):
    folder = make_event(tmp_path)
    run("draw", folder)
    seating = folder / "rounds/1-seating.csv"
    lines = seating.read_text().splitlines()
    part, _, seat, player = lines[1].split(",")
    others = [line.split(",")[3] for line in lines[2:5]]
    lines[1] = f"{part},①,{seat},{player}"
    seating.write_text("\n".join(lines) + "\n")
    path = display_path(seating)
    assert errors(run, folder) == [
        f"error: {path}:2: table '①' is not a table number. Fix: number the tables 1, 2, 3, ...",
        f"error: {path}: part 1 seats no table for {player}. Fix: every player of the round needs a "
        "seat in every part; redraw it with publisher draw --force",
        f"error: {path}:3: table 1 of part 1 has 3 players ({', '.join(others)}): mahjong needs four "
        f"at a table. Fix: fill the empty seat ({seat}): keep the row of the player who is missing "
        "and name who plays for them in a substitute column (part,table,seat,player,substitute)"]


def test_a_superscript_part_and_scores_that_are_not_plain_decimals(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    scores = folder / "rounds/1-scores.csv"
    lines = scores.read_text().splitlines()
    lines[1] = "p01,²,99,"
    lines[2] = "p02,1,1e999999,"
    lines[3] = "p03,1,97,1e999999 8"
    lines[4] = "p04,1,1/2,"
    scores.write_text("\n".join(lines) + "\n")
    path = display_path(scores)
    assert errors(run, folder) == [
        f"error: {path}:2: part '²' is not a part of this round. Fix: write a part number from 1 to 1",
        f"error: {path}:3: score '1e999999' of p02 is not a number. "
        "Fix: write the play score like 120, -40 or 12.5",
        f"error: {path}:4: hands '1e999999 8' are not hand values. Fix: list the values of the "
        "winning hands separated by spaces, like 64 32 24, or write - if the player won no hands",
        f"error: {path}:5: score '1/2' of p04 is not a number. "
        "Fix: write the play score like 120, -40 or 12.5",
        f"error: {path}: part 1 has no score for p01, p02, p03, p04. "
        "Fix: add a row player,1,score for each of them (0 if they scored nothing)"]


def test_a_start_key_with_a_superscript_part_fails_the_build_and_the_draw(tmp_path, run):
    folder = make_event(tmp_path)
    write(folder / "event.toml", (folder / "event.toml").read_text()
          + '\n[mahjong.schedule]\nstarts = { "1.²" = 2026-10-02T10:00:00+08:00 }\n')
    expected = (f"error: {display_path(folder / 'event.toml')}: mahjong.schedule.starts.1.²: '1.²' is "
                'not a round or round.part of this event. Fix: name a round ("2") or a part of a round '
                '("1.3")')
    assert errors(run, folder) == [expected]
    code, _, err = run("draw", folder)
    assert code == 1 and "Traceback" not in err
    assert err.splitlines()[0] == expected


def test_rates_and_prizes_must_be_finite_plain_and_in_range(tmp_path, run):
    folder = make_event(tmp_path, groups=2,
                       rates='carry_over_round1 = { A = inf, B = "1e999999" }', prizes="[1e300, nan, 0]")
    toml = edit_toml(folder, 'carry_over = "1/4"', "carry_over = 5")
    assert errors(run, folder) == [
        f"error: {toml}: mahjong.carry_over: must be at most 1, not 5. Fix: write a value from 0 to 1",
        f"error: {toml}: mahjong.carry_over_round1.A: must be a number or a fraction, not inf. "
        'Fix: write it like "1/4" or 0.25',
        f"error: {toml}: mahjong.carry_over_round1.B: must be a number or a fraction, not '1e999999'. "
        'Fix: write it like "1/4" or 0.25',
        f"error: {toml}: mahjong.prizes[1]: must be at most 1000000000000, not 1e+300. "
        "Fix: write a value from 0 to 1000000000000",
        f"error: {toml}: mahjong.prizes[2]: must be a number or a fraction, not nan. "
        'Fix: write it like "1/4" or 0.25']


def test_schedule_numbers_and_starts_out_of_range(tmp_path, run):
    folder = make_event(tmp_path)
    write(folder / "event.toml", (folder / "event.toml").read_text() + (
        "\n[mahjong.schedule]\nminutes = [70, 99999999999999, 0]\nbreak_minutes = 1441\n"
        'starts = { "1" = 9999-12-31T23:59:00+08:00, "2" = 2026-10-02T14:00:00+08:00 }\n'))
    toml = display_path(folder / "event.toml")
    assert errors(run, folder) == [
        f"error: {toml}: mahjong.schedule.minutes: must list 3 whole numbers of minutes (at most 1440), "
        "one per round, not [70, 99999999999999, 0]. Fix: write minutes = [70, 70, 0]",
        f"error: {toml}: mahjong.schedule.break_minutes: must be a whole number of minutes (at most "
        "1440), not 1441. Fix: write break_minutes = 10",
        f"error: {toml}: mahjong.schedule.starts.1: 9999-12-31T23:59:00+08:00 is not a day of the event "
        "(2026-10-02). Fix: give the date and time the part starts, on one of the event's days"]


def test_parts_and_cycles_beyond_what_a_round_can_have(tmp_path, run):
    folder = make_event(tmp_path)
    toml = edit_toml(folder, "parts = [1, 1, 1]\ncycles_per_part = [2, 2, 4]",
                     "parts = [1, 1000000000, 1]\ncycles_per_part = [2, 2, 1000000000]")
    assert errors(run, folder) == [
        f"error: {toml}: mahjong.parts: 1000000000 is more than the 16 a round can have. "
        "Fix: list at most 16 for each round, like parts = [4, 2, 2, 2, 2, 2, 4, 1]",
        f"error: {toml}: mahjong.cycles_per_part: 1000000000 is more than the 16 a round can have. "
        "Fix: list at most 16 for each round, like cycles_per_part = [4, 1, 4]"]


def test_a_carry_over_of_zero_carries_nothing(tmp_path, run):
    """A rate of 0 is a rate, not a missing one (it used to become the default 1/4)."""
    folder = make_event(tmp_path, groups=2, rates='carry_over_round1 = { A = 0, B = "1/2" }',
                       prizes="[1000, 0, 300]")
    edit_toml(folder, 'carry_over = "1/4"', "carry_over = 0")
    play(run, folder, 1, ROUND1)
    play(run, folder, 2, ROUND2)
    play(run, folder, 3, FINAL)
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    data = out / "test-mahjong/data"
    round2 = json.loads((data / "mahjong-round-2.json").read_text())["standings"]
    # group A carries nothing of round 1; group B half of it (p09 80, p10 70, p11 60, p12 50, p13 -5)
    assert {s["player"]: s["carried"] for s in round2} == {
        "p12": "25", "p02": "0", "p03": "0", "p11": "30", "p13": "-5/2", "p10": "35", "p09": "40",
        "p01": "0"}
    final = json.loads((data / "mahjong-round-3.json").read_text())["standings"]
    assert [(s["player"], s["carried"], s["total"]) for s in final] == [
        ("p11", "0", "40"), ("p02", "0", "10"), ("p12", "0", "-20"), ("p03", "0", "-30")]
    results = json.loads((data / "mahjong-results.json").read_text())["results"]
    assert [(r["player"], r["prize"]) for r in results[:4]] == [
        ("p11", "1000"), ("p02", "0"), ("p12", "300"), ("p03", "0")]


def test_draw_refuses_a_folder_where_the_seating_goes(tmp_path, run):
    folder = make_event(tmp_path)
    (folder / "rounds/1-seating.csv").mkdir(parents=True)
    expected = (f"error: {display_path(folder / 'rounds/1-seating.csv')}: is a folder, not a CSV file. "
                "Fix: move what it holds out of rounds/ and remove the folder")
    assert errors(run, folder) == [expected]
    code, _, stderr = run("draw", folder, "--round", "1", "--force")
    assert code == 1 and "Traceback" not in stderr
    assert stderr.splitlines()[0] == expected


def test_a_seating_or_scores_file_of_a_round_the_event_does_not_have(tmp_path, run):
    folder = make_event(tmp_path)
    write(folder / "rounds/0-scores.csv", "player,part,score\n")
    write(folder / "rounds/4-seating.csv", "part,table,seat,player\n")
    fix = "Fix: rename the file, or give mahjong.parts one entry per round in event.toml"
    assert errors(run, folder) == [
        f"error: {display_path(folder / 'rounds/0-scores.csv')}: is round 0, but the event has "
        f"rounds 1 to 3. {fix}",
        f"error: {display_path(folder / 'rounds/4-seating.csv')}: is round 4, but the event has "
        f"rounds 1 to 3. {fix}"]


def test_a_player_moved_to_the_other_group_after_the_draw(tmp_path, run):
    folder = make_event(tmp_path, groups=2)  # p01-p08 group A, p09-p16 group B
    assert run("draw", folder, "--round", 1)[0] == 0
    players = folder / "players.csv"
    players.write_text(players.read_text().replace("p01,Player 01,A", "p01,Player 01,B")
                       .replace("p09,Player 09,B", "p09,Player 09,A"))
    rows = (folder / "rounds/1-seating.csv").read_text().splitlines()
    where = {row.split(",")[3]: (line, row.split(",")[1])
             for line, row in enumerate(rows, 1) if line > 1}
    path = display_path(folder / "rounds/1-seating.csv")
    fix = ("Fix: correct the group column in players.csv, or redraw round 1 with "
           "publisher draw --round 1 --force")
    expected = {
        player: f"error: {path}:{line}: {player} of group {group} sits at table {table} of part 1 "
                f"with group {other}. {fix}"
        for player, group, other in (("p01", "B", "A"), ("p09", "A", "B"))
        for line, table in [where[player]]}
    # one line for each moved player, in table order
    assert errors(run, folder) == [expected[p] for p in sorted(expected, key=lambda p: int(where[p][1]))]
    assert run("draw", folder, "--round", 1, "--force")[0] == 0
    assert run("build", "--content", folder.parent, "--out", tmp_path / "site")[0] == 0

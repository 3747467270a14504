"""Round 1 played in groups at different times: each group's scores come in on their own,
and the hall follows the group being played (its tables, its part, its clock)."""

import json
from pathlib import Path

from conftest import write
from test_mahjong_event import errors

from publisher.build.loading import load_event
from publisher.plugins import plugin_manager
from publisher.problems import display_path

# Group A (p01-p08) plays round 1 from 10:00, group B (p09-p16) from 14:00, on the venue's clock.
GROUPS_TOML = """\
name = "Two Groups Open"
game = "mahjong"
system = "mahjong-elimination"
start = 2026-11-21
end = 2026-11-22
timezone = "Asia/Hong_Kong"
seed = "two-groups"

[mahjong]
advance = [8, 4]
parts = [2, 1, 1]
cycles_per_part = [2, 4, 4]
table_total = 0

[mahjong.schedule]
minutes = [70, 140, 0]
break_minutes = 10
breaks_after = [[1], [], []]
starts = { "1" = 2026-11-21T10:00:00, "2" = 2026-11-22T10:00:00, "3" = 2026-11-22T15:00:00 }

[mahjong.schedule.groups.B]
starts = { "1" = 2026-11-21T14:00:00 }
"""
SCORES = (30, 10, -15, -25)  # E, S, W, N of every table: sums to 0


def write_event(content: Path) -> Path:
    folder = content / "two-groups"
    write(folder / "event.toml", GROUPS_TOML)
    write(folder / "players.csv", "id,name,group\n" + "".join(
        f"p{i:02d},Player {i:02d},{'A' if i <= 8 else 'B'}\n" for i in range(1, 17)))
    return folder


def groups_event(content: Path, run) -> Path:
    """The event drawn, with group A's first half scored; group B has not played yet."""
    folder = write_event(content)
    assert run("draw", folder)[0] == 0
    score_part(folder, "A", 1)
    return folder


def seating(folder: Path) -> list[dict[str, str]]:
    lines = (folder / "rounds/1-seating.csv").read_text(encoding="utf-8").splitlines()
    return [dict(zip(lines[0].split(","), line.split(","), strict=True)) for line in lines[1:]]


def score_part(folder: Path, group: str, part: int) -> None:
    """Add a zero-sum score for every seat of one group's tables in one part."""
    tables = {"A": ("1", "2"), "B": ("3", "4")}[group]
    path = folder / "rounds/1-scores.csv"
    text = path.read_text(encoding="utf-8") if path.exists() else "player,part,score,hands\n"
    rows = [f"{s['player']},{part},{SCORES['ESWN'.index(s['seat'])]},-"
            for s in seating(folder) if s["part"] == str(part) and s["table"] in tables]
    path.write_text(text + "".join(r + "\n" for r in rows), encoding="utf-8")


def test_one_groups_scores_build_before_the_other_group_has_played(tmp_path, run):
    folder = groups_event(tmp_path / "content", run)
    out = tmp_path / "site"
    assert run("build", "--content", folder.parent, "--out", out)[0] == 0
    pm = plugin_manager()
    event = load_event(pm, folder)
    assert event.status == "Round 1 of 3: 1 of 2 parts scored in group A, 0 in group B"
    view = pm.hook.publisher_live_view(event=event)
    assert view["heading"] == "Round 1: group A, half 2; group B, half 1"
    assert [t["table"] for t in view["tables"]] == ["1", "2", "3", "4"]
    shown = {p["id"]: t["table"] for t in view["tables"] for p in t["players"]}
    a_part2 = {s["player"]: s["table"] for s in seating(folder) if s["part"] == "2" and s["table"] in "12"}
    b_part1 = {s["player"]: s["table"] for s in seating(folder) if s["part"] == "1" and s["table"] in "34"}
    assert shown == {**a_part2, **b_part1}
    assert view["clocks"] == [
        {"label": "Group A, half 2", "start": "2026-11-21T11:20:00+08:00", "minutes": 70, "group": "A"},
        {"label": "Group B, half 1", "start": "2026-11-21T14:00:00+08:00", "minutes": 70, "group": "B"}]
    assert view["clock"] == view["clocks"][0]
    assert view["standings_heading"] == "Round 1: 1 of 2 parts scored in group A, 0 in group B"
    page = (out / "two-groups/round-1.html").read_text(encoding="utf-8")
    assert '<span class="tag good">scored in group A</span>' in page
    standings = (out / "two-groups/standings-1.html").read_text(encoding="utf-8")
    assert "Provisional: 1 of 2 parts scored in group A, 0 in group B." in standings

    score_part(folder, "B", 1)
    view = pm.hook.publisher_live_view(event=load_event(pm, folder))
    assert view["heading"] == "Round 1, half 2"
    assert [c["label"] for c in view["clocks"]] == ["Group A, half 2", "Group B, half 2"]
    assert [c["start"][11:16] for c in view["clocks"]] == ["11:20", "15:20"]


def test_a_group_is_checked_on_its_own_parts(tmp_path, run):
    folder = groups_event(tmp_path / "content", run)
    path = folder / "rounds/1-scores.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    wrong = lines[:3] + lines[4:]  # one player of group A lost their row
    path.write_text("\n".join(wrong) + "\n", encoding="utf-8")
    missing = lines[3].split(",")[0]
    assert errors(run, folder) == [
        f"error: {display_path(path)}: part 1 has no score for {missing} of group A. "
        "Fix: add a row player,1,score for each of them (0 if they scored nothing)"]
    flipped = [lines[0], lines[1].replace(",30,", ",-30,"), *lines[2:]]  # table 1's East
    path.write_text("\n".join(flipped) + "\n", encoding="utf-8")
    (message,) = errors(run, folder)
    assert "sums to -60, not 0" in message and "(a lost minus sign?) on line 2" in message


def test_without_own_group_times_the_round_has_one_clock(tmp_path, run):
    folder = groups_event(tmp_path / "content", run)
    toml = folder / "event.toml"
    toml.write_text(toml.read_text().split("[mahjong.schedule.groups.B]")[0], encoding="utf-8")
    pm = plugin_manager()
    view = pm.hook.publisher_live_view(event=load_event(pm, folder))
    assert "clocks" not in view
    assert view["clock"] == {"label": "Half 2", "start": "2026-11-21T11:20:00+08:00", "minutes": 70}
    data = json.loads(json.dumps(view))
    assert data["heading"] == "Round 1: group A, half 2; group B, half 1"


def test_draw_from_inside_the_event_folder(tmp_path, run, monkeypatch):
    """``publisher draw .`` in the championship folder: the folder's own name is its slug."""
    folder = write_event(tmp_path / "content")
    monkeypatch.chdir(folder)
    code, out, err = run("draw", ".")
    assert (code, err) == (0, "")
    assert out == ("Drew round 1: 32 seats written to rounds/1-seating.csv\n"
                   "Winds over round 1: every player within ceil(P/4) starts on one wind, P the parts they "
                   "played; most: 1 (p01 on West, in 2 parts)\n")
    monkeypatch.chdir(folder / "rounds")
    code, _, err = run("draw", "..")
    assert code == 1 and err.startswith("error: 1-scores.csv: round 2 cannot be drawn: round 1 is ")


def test_a_name_where_an_id_goes_is_told_with_the_id(tmp_path, run):
    """With the name slips in hand a director writes names: each file says which id to write."""
    folder = groups_event(tmp_path / "content", run)
    scores = folder / "rounds/1-scores.csv"
    first = scores.read_text(encoding="utf-8").splitlines()[1].split(",")[0]
    number = int(first[1:])
    scores.write_text(scores.read_text(encoding="utf-8").replace(first, f"Player {number:02d}", 1),
                      encoding="utf-8")
    write(folder / "rounds/1-penalties.csv", "player,part,points,reason\nPlayer 03,1,5,late\n")
    assert errors(run, folder) == [
        f"error: {display_path(scores)}:2: 'Player {number:02d}' is a name, not an id. "
        f"Fix: write the player's id, {first}",
        f"error: {display_path(folder / 'rounds/1-penalties.csv')}:2: 'Player 03' is a name, not an id. "
        "Fix: write the player's id, p03"]

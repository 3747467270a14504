"""The content and data contract, statement by statement: what an organiser writes, what the
commands do with it and the JSON a venue screen or another program reads.

Every expectation here is worked out by hand from the small events the tests write.
"""

from __future__ import annotations

import csv
import json
import re
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from conftest import snapshot, write

from plugins.mahjong.standings import display
from publisher.ranks import Rank

# -- helpers --------------------------------------------------------------------------------


def build(run, content: Path) -> Path:
    """Build ``content`` into a site beside it; the build must succeed."""
    out = content.parent / "site"
    code, _, stderr = run("build", "--content", content, "--out", out)
    assert (code, stderr) == (0, ""), stderr
    return out


def load(out: Path, slug: str, name: str) -> Any:
    return json.loads((out / slug / "data" / name).read_text(encoding="utf-8"))


def errors(run, content: Path) -> list[str]:
    """The problems a failing build prints, one line each, without the ``error: `` prefix."""
    code, _, stderr = run("build", "--content", content, "--out", content.parent / "site")
    assert code == 1 and "Traceback" not in stderr
    return [line.removeprefix("error: ") for line in stderr.splitlines() if line.startswith("error: ")]


def event_toml(system: str = "swiss", extra: str = "", rounds: int | None = 3, **keys: str) -> str:
    lines = [f'name = "{keys.get("name", "Contract Open")}"', f'game = "{keys.get("game", "go")}"',
             f'system = "{system}"', "start = 2026-05-01"]
    lines += [f"rounds = {rounds}"] if rounds is not None else []
    return "\n".join(lines) + "\n" + extra


def players(*rows: str, header: str = "id,name,rank,rating") -> str:
    return "\n".join([header, *rows]) + "\n"


def swiss(tmp_path: Path, roster: str, extra: str = "", slug: str = "open") -> Path:
    folder = tmp_path / "content" / slug
    write(folder / "event.toml", event_toml(extra=extra))
    write(folder / "players.csv", roster)
    return folder


def field(count: int, prefix: str = "p") -> str:
    return players(*(f"{prefix}{i:02d},Player {i:02d},,{2400 - 10 * i}" for i in range(1, count + 1)))


# -- event.toml -----------------------------------------------------------------------------


def test_event_json_carries_the_event_toml_keys_with_their_defaults(tmp_path, run):
    folder = swiss(tmp_path, field(2))
    out = build(run, folder.parent)
    data = load(out, "open", "event.json")
    assert list(data)[:4] == ["name", "system", "game", "rounds"]
    assert {k: data[k] for k in ("name", "system", "game", "rounds", "start", "end", "venue")} == {
        "name": "Contract Open", "system": "swiss", "game": "go", "rounds": 3,
        "start": "2026-05-01", "end": "2026-05-01", "venue": ""}


def test_the_seed_defaults_to_the_folder_name(tmp_path, run):
    folder = swiss(tmp_path, field(9))
    seeded = swiss(tmp_path / "b", field(9), extra='seed = "open"\n')
    other = swiss(tmp_path / "c", field(9), extra='seed = "another"\n')
    printed = [run("pair", f, "--dry-run", "--strategy", "simple")[1].splitlines()[:-1]
               for f in (folder, seeded, other)]  # the last line names the folder
    assert printed[0] == printed[1]
    assert printed[0] != printed[2]


@pytest.mark.parametrize("game", ["shogi", "go", "mahjong", "chess", "other"])
def test_every_game_of_the_contract_is_accepted(tmp_path, run, game):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", event_toml(game=game))
    write(folder / "players.csv", field(2))
    assert load(build(run, folder.parent), "open", "event.json")["game"] == game


def test_the_required_event_keys_are_named_when_missing(tmp_path, run):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", 'system = "swiss"\nrounds = 3\n')
    write(folder / "players.csv", field(2))
    found = errors(run, folder.parent)
    assert [line.split(": ")[1] for line in found] == ["name", "game", "start"]


def test_macmahon_and_swiss_need_rounds(tmp_path, run):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", event_toml(rounds=None))
    write(folder / "players.csv", field(2))
    assert [e.split(": ", 1)[1] for e in errors(run, folder.parent)] == [
        "rounds: is missing. Fix: add rounds = 7 (the number of rounds)"]


# -- players.csv ----------------------------------------------------------------------------


def test_ranks_in_every_spelling_are_published_in_canonical_form(tmp_path, run):
    spelled = ["5d", "2 dan", "1k", "3 kyu", "1p", "3 KYU", "2-Dan", " 4D ", "10k", "9 Dan"]
    folder = swiss(tmp_path, players(*(f"p{i},P{i},{r}," for i, r in enumerate(spelled))))
    data = load(build(run, folder.parent), "open", "event.json")
    assert [p["rank"] for p in data["players"]] == [
        "5d", "2d", "1k", "3k", "1p", "3k", "2d", "4d", "10k", "9d"]


def test_esc_round2_spellings_and_typed_columns(tmp_path, run):
    values = ["yes", "no", "true", "false", "1", "0", "Yes", "TRUE", ""]
    folder = swiss(tmp_path, players(
        *(f"p{i},P{i},1d,{1700 + i},{i + 1},{v}" for i, v in enumerate(values)),
        header="id,name,rank,rating,esc_rank,esc_round2"))
    data = load(build(run, folder.parent), "open", "event.json")
    assert [p["esc_round2"] for p in data["players"]] == [
        True, False, True, False, True, False, True, True, False]
    first = data["players"][0]
    assert (first["rating"], first["esc_rank"], first["country"], first["club"], first["group"]) == (
        1700, 1, "", "", "")


def test_an_unreadable_esc_round2_names_its_line(tmp_path, run):
    folder = swiss(tmp_path, players("a,Ann,1d,,maybe", header="id,name,rank,rating,esc_round2"))
    [message] = errors(run, folder.parent)
    assert message.endswith("players.csv:2: esc_round2 of 'a' is 'maybe'. Fix: write yes or no")


def test_other_columns_are_kept_and_reach_event_json(tmp_path, run):
    folder = swiss(tmp_path, players("a,Ann,1d,,10451234,Tokyo", "b,Bob,2k,,,",
                                     header="id,name,rank,rating,egd_pin,Home Town"))
    data = load(build(run, folder.parent), "open", "event.json")
    assert data["players"][0]["egd_pin"] == "10451234"
    assert data["players"][0]["home town"] == "Tokyo"  # column names are case-free: lower-cased
    assert data["players"][1]["egd_pin"] == ""


def test_swiss_players_need_no_rank_but_macmahon_players_do(tmp_path, run):
    folder = swiss(tmp_path, players("a,Ann,,", "b,Bob,,"))
    assert [p["rank"] for p in load(build(run, folder.parent), "open", "event.json")["players"]] == [
        None, None]
    (folder / "event.toml").write_text(event_toml("macmahon", extra="[macmahon]\ntop_reference_elo = 1800\n"))
    found = errors(run, folder.parent)
    assert [line.split("players.csv:")[1] for line in found] == [
        "2: Ann (a) has no rank and no rating. Fix: fill in the rank column, like 2d or 3k "
        "(or the rating, to take the rank from the rank table)",
        "3: Bob (b) has no rank and no rating. Fix: fill in the rank column, like 2d or 3k "
        "(or the rating, to take the rank from the rank table)"]


# -- the rank table, min-size groups and groups.json ----------------------------------------


# The contract's FESA grade table, lower bounds strongest first.
FESA = [("6d", 2440), ("5d", 2240), ("4d", 2080), ("3d", 1920), ("2d", 1800), ("1d", 1680),
        ("1k", 1560), ("2k", 1460), ("3k", 1360), ("4k", 1280), ("5k", 1200), ("6k", 1120),
        ("7k", 1040), ("8k", 960), ("9k", 880), ("10k", 800), ("11k", 720), ("12k", 640),
        ("13k", 560), ("14k", 480)]


def test_without_rank_elo_ratings_are_ranked_by_the_fesa_grade_table(tmp_path, run):
    # Players without a rank, rated exactly at each bound and one below it; groups of at least
    # one player make one group a rank. A rating at a bound is that rank, one below is the next
    # rank down, and below 14k's bound is still 14k (the table's weakest).
    folder = tmp_path / "content" / "mm"
    extra = "[macmahon]\nmin_group_size = 1\ntop_reference_elo = 2440\n"
    write(folder / "event.toml", event_toml("macmahon", extra=extra, game="shogi"))
    write(folder / "players.csv", players(*(f"{rank}-{side},{rank} {side},,{bound - (side == 'below')}"
                                            for rank, bound in FESA for side in ("at", "below"))))
    out = tmp_path / "site"
    code, _, stderr = run("build", "--content", folder.parent, "--out", out)
    assert code == 0 and "has no rank: grouped as 5d, the rank of rating 2439" in stderr
    groups = load(out, "mm", "groups.json")["groups"]
    expected = [(["6d"], ["6d-at"])]
    expected += [([rank], [f"{above}-below", f"{rank}-at"]) for (above, _), (rank, _) in pairwise(FESA)]
    expected[-1][1].append("14k-below")
    assert [(g["ranks"], g["players"]) for g in groups] == expected
    assert [g["initial_score"] for g in groups] == list(range(19, -1, -1))


MCMAHON = """
[macmahon]
min_group_size = 2
{extra}
"""
# Levels 1p, 3d, 2d, 1k, 3k, 5k; d advanced to round 2 of the ESC.
MM_PLAYERS = players(
    "a,Ann,1p,2500,,", "b,Bob,3 dan,2000,,", "c,Cid,2d,1850,16,", "d,Dee,1 kyu,1500,,yes",
    "e,Eve,3 kyu,1300,,", "f,Fay,5k,1200,,no", header="id,name,rank,rating,esc_rank,esc_round2")


def mcmahon(tmp_path: Path, extra: str = "", roster: str = MM_PLAYERS) -> Path:
    folder = tmp_path / "content" / "mm"
    write(folder / "event.toml", event_toml("macmahon", extra=MCMAHON.format(extra=extra), game="shogi"))
    write(folder / "players.csv", roster)
    return folder


def test_groups_json_top_group_first_with_canonical_ranks_and_promotions(tmp_path, run):
    # top_size 16 by default: Cid (esc_rank 16) rated 1850 is 2d, so the top group reaches 2d.
    folder = mcmahon(tmp_path)
    data = load(build(run, folder.parent), "mm", "groups.json")
    assert data["groups"] == [
        {"index": 1, "label": "1p-2d", "ranks": ["1p", "6d", "5d", "4d", "3d", "2d"],
         "initial_score": 1, "players": ["a", "b", "c"]},
        {"index": 2, "label": "1d-5k", "ranks": ["1d", "1k", "2k", "3k", "4k", "5k"],
         "initial_score": 0, "players": ["d", "e", "f"]},
    ]
    assert data["promotions"] == [{"player": "d", "after_round": 1, "from_group": 2}]
    page = (folder.parent.parent / "site/mm/groups.html").read_text(encoding="utf-8")
    assert "1d had no players, so 1k to 3k joined it." in page
    assert "only 0" not in page


def test_top_reference_elo_overrides_the_esc_holders_rating(tmp_path, run):
    # 2100 is 4d; 1p to 4d hold only Ann, fewer than 2, so 3d (Bob) joins the top group.
    # 2d to 1k and 2k to 5k make two groups of two.
    folder = mcmahon(tmp_path, "top_reference_elo = 2100")
    groups = load(build(run, folder.parent), "mm", "groups.json")["groups"]
    assert [(g["label"], g["players"], g["initial_score"]) for g in groups] == [
        ("1p-3d", ["a", "b"], 2), ("2d-1k", ["c", "d"], 1), ("2k-5k", ["e", "f"], 0)]


def test_rank_elo_replaces_the_rank_table(tmp_path, run):
    # With 2d's bound raised to 1900, Cid's 1850 is 1d: the top group reaches down to 1d.
    table = ('rank_elo = { "1p" = 2600, "3d" = 2000, "2d" = 1900, "1d" = 1700, "1k" = 1500, '
             '"3k" = 1300, "5k" = 1100 }')
    folder = mcmahon(tmp_path, table)
    groups = load(build(run, folder.parent), "mm", "groups.json")["groups"]
    assert [(g["ranks"], g["players"]) for g in groups] == [
        (["1p", "3d", "2d", "1d"], ["a", "b", "c"]), (["1k", "3k", "5k"], ["d", "e", "f"])]


def test_swiss_needs_no_grouping_keys_and_reads_the_macmahon_table(tmp_path, run):
    folder = swiss(tmp_path, players("a,Ann,,", "b,Bob,,", "c,Cid,,"),
                   extra='[macmahon]\npairing = "simple"\ntiebreaks = ["wins"]\nbye_score = 0.5\n')
    write(folder / "rounds/1.csv", "table,player1,player2,result\n1,a,b,1-0\n,c,,bye\n")
    out = build(run, folder.parent)
    assert load(out, "open", "groups.json")["groups"] == [
        {"index": 1, "label": "All players", "ranks": [], "initial_score": 0,
         "players": ["a", "b", "c"]}]
    standings = load(out, "open", "standings-1.json")["standings"]
    assert standings == [
        {"place": 1, "player": "a", "score": 1.0, "wins": 1.0, "tiebreaks": {"wins": 1.0},
         "colours": {"black": 1, "white": 0}},
        {"place": 2, "player": "c", "score": 0.5, "wins": 0.5, "tiebreaks": {"wins": 0.5},
         "colours": {"black": 0, "white": 0}},
        {"place": 3, "player": "b", "score": 0.0, "wins": 0.0, "tiebreaks": {"wins": 0.0},
         "colours": {"black": 0, "white": 1}}]


# -- round files: every result spelling ----------------------------------------------------

RESULTS_ROUND = """
table,player1,player2,result
1,p01,p02,1-0
2,p03,p04,0-1
3,p05,p06,0.5-0.5
4,p07,p08,½-½
5,p09,p10,0-0
6,p11,p12,1-1
7,p13,p14,1-0!
8,p15,p16,0-1!
9,p17,p18,
,p19,,bye
"""


def test_every_result_spelling_in_round_and_standings_json(tmp_path, run):
    folder = swiss(tmp_path, field(19))
    write(folder / "rounds/1.csv", RESULTS_ROUND)
    out = build(run, folder.parent)
    rnd = load(out, "open", "round-1.json")
    assert list(rnd) == ["round", "pairings", "byes"]
    assert rnd["round"] == 1 and rnd["byes"] == ["p19"]
    assert rnd["pairings"][0] == {"table": 1, "players": ["p01", "p02"], "result": "1-0"}
    # ½-½ is published in its one JSON spelling, 0.5-0.5; an empty result is null.
    assert [p["result"] for p in rnd["pairings"]] == [
        "1-0", "0-1", "0.5-0.5", "0.5-0.5", "0-0", "1-1", "1-0!", "0-1!", None]
    standings = load(out, "open", "standings-1.json")
    assert standings["round"] == 1
    lines = standings["standings"]
    assert set(lines[0]) >= {"place", "player", "score", "wins", "tiebreaks"}
    score = {s["player"]: s["score"] for s in lines}
    assert score == {
        "p01": 1.0, "p02": 0.0, "p03": 0.0, "p04": 1.0, "p05": 0.5, "p06": 0.5, "p07": 0.5,
        "p08": 0.5, "p09": 0.0, "p10": 0.0, "p11": 1.0, "p12": 1.0, "p13": 1.0, "p14": 0.0,
        "p15": 0.0, "p16": 1.0, "p17": 0.0, "p18": 0.0, "p19": 1.0}
    # Score, then SOS, then SOSOS: the bye counts its own score in SOS, the game without a
    # result counts in no tiebreak; equal players share a place.
    assert [(s["place"], s["player"]) for s in lines] == [
        (1, "p11"), (1, "p12"), (1, "p19"), (4, "p01"), (4, "p04"), (4, "p13"), (4, "p16"),
        (8, "p05"), (8, "p06"), (8, "p07"), (8, "p08"),
        (12, "p02"), (12, "p03"), (12, "p14"), (12, "p15"),
        (16, "p09"), (16, "p10"), (16, "p17"), (16, "p18")]
    by_player = {s["player"]: s for s in lines}
    assert by_player["p19"]["tiebreaks"] == {"sos": 1.0, "sosos": 1.0}
    assert by_player["p01"]["tiebreaks"] == {"sos": 0.0, "sosos": 1.0}
    assert by_player["p17"]["tiebreaks"] == {"sos": 0.0, "sosos": 0.0}
    for line in lines:  # numbers are always floats, never 0 for one player and 0.0 for another
        assert all(isinstance(v, float) for v in (line["score"], line["wins"], *line["tiebreaks"].values()))


def test_an_unknown_result_is_refused_at_its_line(tmp_path, run):
    folder = swiss(tmp_path, field(4))
    write(folder / "rounds/1.csv", "table,player1,player2,result\n1,p01,p02,1-0\n2,p03,p04,2-0\n")
    [message] = errors(run, folder.parent)
    assert "rounds/1.csv:3: unknown result '2-0'" in message


def test_standings_json_for_every_round_with_a_file_with_mcmahon_scores(tmp_path, run):
    folder = mcmahon(tmp_path)
    write(folder / "rounds/1.csv", "table,player1,player2,result\n1,a,b,1-0\n2,c,d,0-1\n3,e,f,1-0\n")
    write(folder / "rounds/2.csv", "table,player1,player2,result\n1,a,d,1-0\n2,b,e,\n3,c,f,1-0\n")
    out = build(run, folder.parent)
    assert sorted(p.name for p in (out / "mm/data").glob("standings-*.json")) == [
        "standings-1.json", "standings-2.json"]
    after = {n: {s["player"]: s["score"] for s in load(out, "mm", f"standings-{n}.json")["standings"]}
             for n in (1, 2)}
    # Initial scores: top group 1 (a, b, c), 0 below; d is promoted to the top group's
    # initial score after round 1, which counts from round 1's standings on.
    assert after[1] == {"a": 2.0, "b": 1.0, "c": 1.0, "d": 2.0, "e": 1.0, "f": 0.0}
    assert after[2] == {"a": 3.0, "b": 1.0, "c": 2.0, "d": 2.0, "e": 1.0, "f": 0.0}
    wins = {s["player"]: s["wins"] for s in load(out, "mm", "standings-2.json")["standings"]}
    assert wins == {"a": 2.0, "b": 0.0, "c": 1.0, "d": 1.0, "e": 1.0, "f": 0.0}


# -- publisher pair -------------------------------------------------------------------------


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_pair_writes_the_first_round_without_a_file_with_empty_results(tmp_path, run):
    folder = swiss(tmp_path, field(5))
    code, out, _ = run("pair", folder)
    assert code == 0 and "Wrote" in out
    first = rows(folder / "rounds/1.csv")
    assert [(r["table"], r["result"]) for r in first] == [("1", ""), ("2", ""), ("", "bye")]
    # fold in rating order p01..p05, the lowest gets the bye: p01-p04, p02-p03.
    assert {frozenset((r["player1"], r["player2"])) for r in first[:2]} == {
        frozenset(("p01", "p04")), frozenset(("p02", "p03"))}
    assert (first[2]["player1"], first[2]["player2"]) == ("p05", "")
    text = "table,player1,player2,result\n1,p01,p04,1-0\n2,p02,p03,0-1\n,p05,,bye\n"
    (folder / "rounds/1.csv").write_text(text)
    assert run("pair", folder)[0] == 0
    assert (folder / "rounds/2.csv").is_file()


def test_pair_dry_run_prints_the_pairing_and_writes_nothing(tmp_path, run):
    folder = swiss(tmp_path, field(4))
    before = snapshot(folder)
    code, out, _ = run("pair", folder, "--dry-run")
    assert code == 0
    assert "   1  Player 01 (p01, 0)  -  Player 04 (p04, 0)" in out or \
           "   1  Player 04 (p04, 0)  -  Player 01 (p01, 0)" in out
    assert "was not written" in out
    assert snapshot(folder) == before


def test_pair_refuses_an_existing_round_file_unless_forced(tmp_path, run):
    folder = swiss(tmp_path, field(4))
    assert run("pair", folder)[0] == 0
    written = (folder / "rounds/1.csv").read_text()
    edited = "table,player1,player2,result\n1,p01,p02,\n2,p03,p04,\n"
    (folder / "rounds/1.csv").write_text(edited)
    code, _, err = run("pair", folder, "--round", 1)
    assert code == 1 and "exists already; pair does not overwrite a round file" in err
    assert (folder / "rounds/1.csv").read_text() == edited
    code, printed, _ = run("pair", folder, "--round", 1, "--dry-run")  # what the error suggests
    assert code == 0 and "was not written" in printed
    assert (folder / "rounds/1.csv").read_text() == edited
    code, _, _ = run("pair", folder, "--round", 1, "--force")
    assert code == 0 and (folder / "rounds/1.csv").read_text() == written


def test_pair_round_and_strategy_options(tmp_path, run):
    folder = swiss(tmp_path, field(8))
    code, out, _ = run("pair", folder, "--round", 1, "--strategy", "adjacent")
    assert code == 0 and "adjacent pairing" in out
    assert {frozenset((r["player1"], r["player2"])) for r in rows(folder / "rounds/1.csv")} == {
        frozenset(("p01", "p02")), frozenset(("p03", "p04")), frozenset(("p05", "p06")),
        frozenset(("p07", "p08"))}
    code, _, err = run("pair", folder, "--round", 3)
    assert code == 1 and "cannot be paired yet" in err
    code, _, err = run("pair", folder, "--round", 4)
    assert code == 1 and "has no round 4" in err


def test_pair_is_reproducible_from_content_and_seed(tmp_path, run):
    one = swiss(tmp_path / "one", field(11), extra='seed = "s"\n')
    two = swiss(tmp_path / "two", field(11), extra='seed = "s"\n')
    for folder in (one, two):
        assert run("pair", folder, "--strategy", "simple")[0] == 0
    assert (one / "rounds/1.csv").read_bytes() == (two / "rounds/1.csv").read_bytes()


# -- command line: exit codes and the site left alone ---------------------------------------


@pytest.mark.parametrize("argv", [
    ("build", "--no-such-option"), ("pair",), ("pair", "x", "--strategy", "best"),
    ("draw", "x", "--round", "two"), ("serve", "--port", "http"), ("no-such-command",)])
def test_bad_usage_exits_2(run, argv):
    with pytest.raises(SystemExit) as stopped:
        run(*argv)
    assert stopped.value.code == 2


def test_watch_and_serve_take_the_site_options(run, capsys):
    for command in ("watch", "serve"):
        with pytest.raises(SystemExit) as stopped:
            run(command, "--help")
        assert stopped.value.code == 0
        text = capsys.readouterr().out
        assert "--content" in text and "--out" in text
    assert "--port" in text


def test_bad_content_exits_1_and_leaves_the_previous_site_exactly_as_it_was(tmp_path, run):
    folder = swiss(tmp_path, field(4))
    out = build(run, folder.parent)
    before = snapshot(out)
    write(folder / "rounds/1.csv", "table,player1,player2,result\n1,p01,p09,1-0\n")
    code, _, err = run("build", "--content", folder.parent, "--out", out)
    assert code == 1
    assert "rounds/1.csv:2: unknown player 'p09'. Fix: use an id from players.csv" in err
    assert snapshot(out) == before


# -- mahjong --------------------------------------------------------------------------------


def mahjong(tmp_path: Path, count: int, settings: str, slug: str = "mj") -> Path:
    folder = tmp_path / "content" / slug
    write(folder / "event.toml", event_toml("mahjong-elimination", rounds=None, game="mahjong",
                                            extra="[mahjong]\n" + settings))
    write(folder / "players.csv", "id,name\n" + "".join(f"m{i},Mahjong {i}\n" for i in range(1, count + 1)))
    return folder


def scores(folder: Path, number: int, table: dict[str, list[str]], hands: str = "") -> None:
    write(folder / f"rounds/{number}-scores.csv", "player,part,score,hands\n" + "".join(
        f"{player},{part},{score},{hands}\n"
        for player, values in table.items() for part, score in enumerate(values, 1)))


# The play scores below are made up player by player, so their tables sum to no fixed total.
UNCHECKED = 'table_total = "unchecked"\n'
SMALL = 'advance = [4]\nparts = [2, 1]\nprizes = [100, 50, 30]\n' + UNCHECKED


def test_mahjong_round_json_keys_exact_fractions_and_displays_rounded_down(tmp_path, run):
    folder = mahjong(tmp_path, 8, SMALL)
    assert run("draw", folder, "--round", 1)[0] == 0
    scores(folder, 1, {"m1": ["100", "20.5"], "m2": ["80", "0"], "m3": ["50", "10"],
                       "m4": ["30", "10"], "m5": ["20", "0"], "m6": ["0", "0"],
                       "m7": ["-5", "-5"], "m8": ["-12", "-0.345"]})
    out = build(run, folder.parent)
    assert load(out, "mj", "event.json")["rounds"] == 2  # one round a part list entry
    data = load(out, "mj", "mahjong-round-1.json")
    assert data["round"] == 1
    assert [p["part"] for p in data["parts"]] == [1, 2]
    seated: list[str] = []
    for table in data["parts"][0]["tables"]:
        assert set(table) >= {"table", "group", "cycles"} and isinstance(table["table"], int)
        assert len(table["cycles"]) == 2  # round 1 is played in halves of two cycles
        assert all(list(c) == ["E", "S", "W", "N"] for c in table["cycles"])
        seated += table["cycles"][0].values()
    assert sorted(seated) == [f"m{i}" for i in range(1, 9)]
    lines = {s["player"]: s for s in data["standings"]}
    assert set(lines["m1"]) >= {"rank", "player", "carried", "play", "total", "total_display",
                                "status", "tiebreak"}
    assert {k: lines["m1"][k] for k in ("rank", "carried", "play", "total", "total_display",
                                        "status", "tiebreak")} == {
        "rank": 1, "carried": "0", "play": "241/2", "total": "241/2", "total_display": "120.50",
        "status": "advanced", "tiebreak": ""}
    # -12.345 rounded down to two decimals is -12.35 (towards minus infinity).
    assert {k: lines["m8"][k] for k in ("rank", "total", "total_display", "status")} == {
        "rank": 8, "total": "-2469/200", "total_display": "-12.35", "status": "eliminated"}
    assert [s["player"] for s in data["standings"]] == [f"m{i}" for i in range(1, 9)]


def test_displays_round_down_towards_minus_infinity():
    assert [display(Fraction(v)) for v in ("287.75", "30.125", "-12.345", "-0.001", "-12", "0")] == [
        "287.75", "30.12", "-12.35", "-0.01", "-12.00", "0.00"]


def test_mahjong_carry_over_shared_ranks_and_prizes_split_among_tied_players(tmp_path, run):
    folder = mahjong(tmp_path, 8, SMALL)
    run("draw", folder, "--round", 1)
    scores(folder, 1, {"m1": ["100", "20.5"], "m2": ["80", "0"], "m3": ["50", "10"],
                       "m4": ["30", "10"], "m5": ["20", "0"], "m6": ["0", "0"],
                       "m7": ["-5", "-5"], "m8": ["-12", "-0.345"]})
    pending = load(build(run, folder.parent), "mj", "mahjong-results.json")["results"]
    assert [(r["rank"], r["player"], r["eliminated_in"]) for r in pending] == [
        (5, "m5", 1), (6, "m6", 1), (7, "m7", 1), (8, "m8", 1)]
    assert run("draw", folder, "--round", 2)[0] == 0
    # Carried: a quarter of round 1: m1 241/8, m2 20, m3 15, m4 10.
    scores(folder, 2, {"m1": ["0"], "m2": ["10.125"], "m3": ["-5"], "m4": ["0"]})
    out = build(run, folder.parent)
    final = load(out, "mj", "mahjong-round-2.json")
    assert all(len(t["cycles"]) == 4 for t in final["parts"][0]["tables"])  # the final: 4 cycles
    assert [(s["rank"], s["player"], s["carried"], s["total"], s["total_display"], s["status"])
            for s in final["standings"]] == [
        (1, "m1", "241/8", "241/8", "30.12", "advanced"),
        (1, "m2", "20", "241/8", "30.12", "advanced"),
        (3, "m3", "15", "10", "10.00", "eliminated"),
        (3, "m4", "10", "10", "10.00", "eliminated")]
    results = load(out, "mj", "mahjong-results.json")["results"]
    assert [(r["rank"], r["player"], r["eliminated_in"], r["total"], r["prize"]) for r in results] == [
        (1, "m1", None, "241/8", "75"), (1, "m2", None, "241/8", "75"),
        (3, "m3", None, "10", "15"), (3, "m4", None, "10", "15"),
        (5, "m5", 1, "20", "0"), (6, "m6", 1, "0", "0"), (7, "m7", 1, "-10", "0"),
        (8, "m8", 1, "-2469/200", "0")]


def test_draw_refuses_to_overwrite_and_round_zero(tmp_path, run):
    folder = mahjong(tmp_path, 8, SMALL)
    assert run("draw", folder, "--round", 1)[0] == 0
    seating = (folder / "rounds/1-seating.csv").read_text()
    assert seating.splitlines()[0] == "part,table,seat,player"
    assert {line.split(",")[2] for line in seating.splitlines()[1:]} == {"E", "S", "W", "N"}
    code, _, err = run("draw", folder, "--round", 1)
    assert code == 1 and "1-seating.csv: already exists" in err
    code, _, err = run("draw", folder, "--round", 0)
    assert code == 1 and "has no round 0" in err
    assert (folder / "rounds/1-seating.csv").read_text() == seating


def test_a_32_player_event_with_three_cuts_runs_to_its_final(tmp_path, run):
    # Only advance and parts are given: cycles_per_part follows parts ([2, 2, 1, 4]), and
    # with no group column round 1 is played as one group.
    folder = mahjong(tmp_path, 32, "advance = [16, 8, 4]\nparts = [4, 2, 4, 1]\n" + UNCHECKED)
    for number in range(1, 5):
        code, _, err = run("draw", folder, "--round", number)
        assert code == 0, err
        seated = rows(folder / f"rounds/{number}-seating.csv")
        in_round = sorted({r["player"] for r in seated}, key=lambda p: int(p[1:]))
        assert len(in_round) == {1: 32, 2: 16, 3: 8, 4: 4}[number]
        parts = max(int(r["part"]) for r in seated)
        # The higher the id, the higher the score: m32 wins, the cuts keep the highest ids.
        scores(folder, number, {p: [str(int(p[1:]) * part) for part in range(1, parts + 1)]
                                for p in in_round}, hands="8")
    out = build(run, folder.parent)
    cycles = [{len(t["cycles"]) for part in load(out, "mj", f"mahjong-round-{n}.json")["parts"]
               for t in part["tables"]} for n in range(1, 5)]
    assert cycles == [{2}, {2}, {1}, {4}]
    results = load(out, "mj", "mahjong-results.json")
    assert [r["player"] for r in results["results"]] == [f"m{i}" for i in range(32, 0, -1)]
    assert [r["rank"] for r in results["results"]] == list(range(1, 33))
    assert [r["eliminated_in"] for r in results["results"]] == [None] * 4 + [3] * 4 + [2] * 8 + [1] * 16
    assert load(out, "mj", "event.json")["rounds"] == 4


# -- every JSON file of the example archive has the contract's shape ------------------------

EXACT = re.compile(r"^-?\d+(/\d+)?$")
DISPLAY = re.compile(r"^-?\d+\.\d\d$")
CONTENT = Path(__file__).parent.parent / "content"


def shape(value: Any, expected: dict[str, type | tuple[type, ...]]) -> None:
    """``value`` has at least the ``expected`` keys, each of its type(s)."""
    assert isinstance(value, dict)
    for key, kind in expected.items():
        assert isinstance(value[key], kind), (key, value)


def rounded_down(exact: str, shown: str) -> bool:
    """``shown`` is ``exact`` rounded down to two decimals: at most it, less than a cent below."""
    value, cents = Fraction(exact), Fraction(shown)
    return bool(DISPLAY.match(shown)) and cents <= value < cents + Fraction(1, 100)


def test_every_json_file_of_the_example_archive_has_the_contract_shape(tmp_path, run):
    out = tmp_path / "site"
    assert run("build", "--content", CONTENT, "--out", out)[0] == 0
    for data_dir in sorted(out.glob("*/data")):
        event = json.loads((data_dir / "event.json").read_text(encoding="utf-8"))
        shape(event, {"name": str, "system": str, "game": str, "rounds": int, "players": list})
        ids = {p["id"] for p in event["players"]}
        for player in event["players"]:
            shape(player, {"id": str, "name": str, "rank": (str, type(None)),
                           "rating": (int, type(None))})
            assert player["rank"] is None or str(Rank.parse(player["rank"])) == player["rank"]
        if event["system"] in ("macmahon", "swiss"):
            check_mcmahon(data_dir, event, ids)
        else:
            check_mahjong(data_dir, event, ids)


def check_mcmahon(data_dir: Path, event: dict, ids: set[str]) -> None:
    groups = json.loads((data_dir / "groups.json").read_text(encoding="utf-8"))
    assert [g["index"] for g in groups["groups"]] == list(range(1, len(groups["groups"]) + 1))
    assert [g["initial_score"] for g in groups["groups"]] == list(range(len(groups["groups"]) - 1, -1, -1))
    assert sorted(p for g in groups["groups"] for p in g["players"]) == sorted(ids)
    for promotion in groups["promotions"]:
        shape(promotion, {"player": str, "after_round": int, "from_group": int})
    rounds = sorted(int(p.stem.split("-")[1]) for p in data_dir.glob("round-*.json"))
    assert rounds == list(range(1, len(rounds) + 1)) and rounds
    assert sorted(int(p.stem.split("-")[1]) for p in data_dir.glob("standings-*.json")) == rounds
    for number in rounds:
        rnd = json.loads((data_dir / f"round-{number}.json").read_text(encoding="utf-8"))
        assert rnd["round"] == number
        for pairing in rnd["pairings"]:
            shape(pairing, {"table": int, "players": list, "result": (str, type(None))})
            assert len(pairing["players"]) == 2 and set(pairing["players"]) <= ids
            assert pairing["result"] in (None, "1-0", "0-1", "0.5-0.5", "0-0", "1-1", "1-0!", "0-1!")
        assert set(rnd["byes"]) <= ids
        standings = json.loads((data_dir / f"standings-{number}.json").read_text(encoding="utf-8"))
        assert standings["round"] == number
        assert [s["player"] for s in standings["standings"]] and \
            {s["player"] for s in standings["standings"]} <= ids
        places = [s["place"] for s in standings["standings"]]
        assert places == sorted(places) and places[0] == 1
        for line in standings["standings"]:
            shape(line, {"place": int, "player": str, "score": float, "wins": float, "tiebreaks": dict})
            assert all(isinstance(v, float) for v in line["tiebreaks"].values())


def check_mahjong(data_dir: Path, event: dict, ids: set[str]) -> None:
    for path in sorted(data_dir.glob("mahjong-round-*.json")):
        rnd = json.loads(path.read_text(encoding="utf-8"))
        assert rnd["round"] == int(path.stem.rsplit("-", 1)[1])
        for part in rnd["parts"]:
            assert isinstance(part["part"], int)
            for table in part["tables"]:
                shape(table, {"table": int, "group": (str, type(None)), "cycles": list})
                for cycle in table["cycles"]:
                    assert list(cycle) == ["E", "S", "W", "N"] and set(cycle.values()) <= ids
        for line in rnd["standings"]:
            shape(line, {"rank": int, "player": str, "carried": str, "play": str, "total": str,
                         "total_display": str, "status": str, "tiebreak": str})
            assert all(EXACT.match(line[k]) for k in ("carried", "play", "total"))
            assert rounded_down(line["total"], line["total_display"])
            assert line["status"] in ("advanced", "eliminated", "pending")
    results = json.loads((data_dir / "mahjong-results.json").read_text(encoding="utf-8"))
    for result in results["results"]:
        shape(result, {"rank": int, "player": str, "eliminated_in": (int, type(None)),
                       "total": str, "prize": str})
        assert EXACT.match(result["total"]) and EXACT.match(result["prize"])


def test_round1_groups_default_to_the_group_column_and_rounds_must_agree_with_parts(tmp_path, run):
    folder = mahjong(tmp_path, 16, "advance = [8]\nparts = [2, 1]\n")
    roster = "id,name,group\n" + "".join(f"m{i},Mahjong {i},{'AB'[i % 2]}\n" for i in range(1, 17))
    write(folder / "players.csv", roster)
    assert run("draw", folder)[0] == 0
    out = build(run, folder.parent)
    data = load(out, "mj", "mahjong-round-1.json")
    groups = [(t["table"], t["group"]) for t in data["parts"][0]["tables"]]
    assert groups == [(1, "A"), (2, "A"), (3, "B"), (4, "B")]
    assert {s["status"] for s in data["standings"]} == {"pending"}
    assert {s["play"] for s in data["standings"]} == {"0"}
    toml = (folder / "event.toml").read_text()
    (folder / "event.toml").write_text(toml.replace("start = 2026-05-01", "start = 2026-05-01\nrounds = 3"))
    [message] = errors(run, folder.parent)
    assert message.endswith("event.toml: rounds: says 3 rounds but parts lists 2. Fix: remove rounds: "
                            "a mahjong event has one round per entry of parts")


def test_an_event_without_advance_parts_or_cycles_plays_the_wsom_2008_format(tmp_path, run):
    # 512 players and no settings: advance 256, 128, 64, 32, 16, 8, 4; parts 4, 2, 2, 2, 2, 2,
    # 4, 1; cycles a part 2 everywhere but round 7 (1, four quarters) and the final (4, one part).
    folder = mahjong(tmp_path, 512, UNCHECKED)
    field_sizes, parts_per_round = [], []
    for number in range(1, 9):
        code, _, err = run("draw", folder, "--round", number)
        assert code == 0, err
        seated = rows(folder / f"rounds/{number}-seating.csv")
        in_round = sorted({r["player"] for r in seated}, key=lambda p: int(p[1:]))
        parts = max(int(r["part"]) for r in seated)
        field_sizes.append(len(in_round))
        parts_per_round.append(parts)
        # The higher the id, the higher the score: the cuts keep the highest ids.
        scores(folder, number, {p: [str(int(p[1:]) * part) for part in range(1, parts + 1)]
                                for p in in_round}, hands="8")
    assert field_sizes == [512, 256, 128, 64, 32, 16, 8, 4]
    assert parts_per_round == [4, 2, 2, 2, 2, 2, 4, 1]
    out = build(run, folder.parent)
    cycles = [{len(t["cycles"]) for part in load(out, "mj", f"mahjong-round-{n}.json")["parts"]
               for t in part["tables"]} for n in range(1, 9)]
    assert cycles == [{2}, {2}, {2}, {2}, {2}, {2}, {1}, {4}]
    assert load(out, "mj", "event.json")["rounds"] == 8

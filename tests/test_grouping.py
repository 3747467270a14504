"""McMahon grouping: the WOSC regulation (min-size) article by article, classic bar-floor,
the director's adjustments, ESC promotions, and every content mistake the grouping reports.

Rosters are built here; every expected group is counted by hand in the comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import write

from plugins.macmahon.grouping import Grouping, Promotion
from publisher.build.loading import load_event
from publisher.model import Event
from publisher.plugins import plugin_manager
from publisher.problems import ContentError

HEADER = "id,name,rank,rating,country,esc_rank,esc_round2"
# A rating inside each rank's FESA band, so that a derived rank would agree with the given one.
RATING = {"4d": 2100, "3d": 1950, "2d": 1850, "1d": 1700, "1k": 1600, "2k": 1500, "3k": 1400,
          "4k": 1300, "5k": 1250, "6k": 1150}


def roster(*levels: tuple[str, int], extra: tuple[str, ...] = ()) -> str:
    """players.csv with ``n`` players of each rank, ids like ``2d-3``; ``extra`` rows appended."""
    rows = [HEADER]
    for rank, count in levels:
        rating = RATING.get(rank, "")
        rows += [f"{rank}-{i},Player {rank} {i},{rank},{rating},HR,," for i in range(1, count + 1)]
    return "\n".join([*rows, *extra]) + "\n"


def make_event(tmp_path: Path, players: str, macmahon: str = "top_reference_elo = 1821",
               grouping: str = "min-size") -> Path:
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", f"""
        name = "Open"
        game = "shogi"
        system = "macmahon"
        start = 2026-08-14
        rounds = 7
        seed = "open"

        [macmahon]
        grouping = "{grouping}"
        """ + "\n".join("        " + line for line in macmahon.splitlines()) + "\n")
    (folder / "players.csv").write_text(players, encoding="utf-8")
    return folder


def load(folder: Path) -> Event:
    return load_event(plugin_manager(), folder)


def grouping_of(event: Event) -> Grouping:
    return event.data["macmahon"].grouping


def summary(folder: Path) -> list[tuple[str, int, int]]:
    """(label, size, initial score) of every group, top first."""
    return [(g.label, len(g.players), g.initial_score) for g in grouping_of(load(folder)).groups]


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load(folder)
    return [str(p) for p in caught.value.problems]


# -- the regulation's own examples -----------------------------------------------------------

def test_all_players_at_2_dan_or_above_form_one_top_group(tmp_path):
    # 1821 is 2d: the top group is 3d and 2d, 4 + 8 = 12 players, enough on its own.
    folder = make_event(tmp_path, roster(("3d", 4), ("2d", 8), ("1d", 10), ("1k", 10)))
    assert summary(folder) == [("3d-2d", 12, 2), ("1d", 10, 1), ("1k", 10, 0)]


def test_1_dan_alone_is_too_small_so_the_group_runs_from_1_dan_to_1_kyu(tmp_path):
    # 1d has 4 < 10, so 1k (7) joins: 11 players. 2k (10) stands alone.
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 4), ("1k", 7), ("2k", 10)))
    assert summary(folder) == [("2d", 10, 2), ("1d-1k", 11, 1), ("2k", 10, 0)]
    group = grouping_of(load(folder)).groups[1]
    assert group.reason == "1d had only 4 players, fewer than 10, so 1k joined it."


def test_2_kyu_to_4_kyu_make_one_group(tmp_path):
    # 2k 3 + 3k 4 = 7 < 10, so 4k (5) joins too: 12 players.
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 10), ("1k", 10),
                                         ("2k", 3), ("3k", 4), ("4k", 5)))
    assert summary(folder) == [("2d", 10, 3), ("1d", 10, 2), ("1k", 10, 1), ("2k-4k", 12, 0)]
    assert [str(r) for r in grouping_of(load(folder)).groups[3].ranks] == ["2k", "3k", "4k"]


# -- top group -------------------------------------------------------------------------------

def test_a_top_group_too_small_absorbs_the_next_lower_ranks(tmp_path):
    # 3d 2 + 2d 3 = 5 < 10; 1d (2) makes 7; 1k (4) makes 11: the top group is 3d-1k.
    folder = make_event(tmp_path, roster(("3d", 2), ("2d", 3), ("1d", 2), ("1k", 4), ("2k", 10)))
    grouping = grouping_of(load(folder))
    assert [(g.label, len(g.players), g.initial_score) for g in grouping.groups] == [
        ("3d-1k", 11, 1), ("2k", 10, 0)]
    assert grouping.groups[0].reason == ("2d and above had only 5 players, fewer than 10, "
                                         "so 1d to 1k joined the top group.")


def test_a_top_without_players_says_so_not_only_0_players(tmp_path):
    # The reference 2440 is 6d; nobody holds 6d or above, so the top group starts at 2d.
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 10)), macmahon="top_reference_elo = 2440")
    grouping = grouping_of(load(folder))
    assert summary(folder) == [("2d", 10, 1), ("1d", 10, 0)]
    assert grouping.groups[0].reason == "6d and above had no players, so 2d joined the top group."


def test_the_reference_elo_is_the_rating_of_the_esc_player_in_place_top_size(tmp_path):
    # The 16th of the ESC is rated 1950, which is 3d: the top group is 4d-3d (5 + 5 = 10).
    players = roster(("4d", 5), ("3d", 4), ("2d", 10),
                     extra=("esc16,Sixteenth,3d,1950,HR,16,yes", "esc3,Third,4d,2150,HR,3,yes"))
    folder = make_event(tmp_path, players, macmahon="top_size = 16")
    grouping = grouping_of(load(folder))
    assert summary(folder) == [("4d-3d", 11, 1), ("2d", 10, 0)]
    assert grouping.notes[0] == ("The top group reaches down to 3d: the reference Elo 1950 "
                                 "(the rating of Sixteenth, 16th in the ESC) is 3d in the rank table.")


def test_top_size_names_which_esc_place_sets_the_reference(tmp_path):
    # top_size = 8: the 8th of the ESC is rated 2100, which is 4d: 4d alone has 10 players.
    players = roster(("4d", 9), ("3d", 10), extra=("e8,Eighth,4d,2100,HR,8,",))
    folder = make_event(tmp_path, players, macmahon="top_size = 8")
    assert summary(folder) == [("4d", 10, 1), ("3d", 10, 0)]


@pytest.mark.parametrize(("elo", "rank"), [(1800, "2d"), (1799, "1d"), (2440, "6d"), (3999, "6d"),
                                           (480, "14k"), (100, "14k")])
def test_an_elo_belongs_to_the_highest_rank_whose_fesa_bound_is_not_above_it(tmp_path, elo, rank):
    folder = make_event(tmp_path, roster(("2d", 1)), macmahon=f"top_reference_elo = {elo}")
    settings = load(folder).data["macmahon"].settings
    assert str(settings.rank_for_elo(elo)) == rank


def test_an_event_may_override_the_rank_table(tmp_path):
    # With 2d starting at 1850, Elo 1821 is 1d: the top group is 2d-1d (6 + 4 = 10).
    table = 'rank_elo = { "3d" = 2000, "2d" = 1850, "1d" = 1700, "1k" = 1550 }'
    folder = make_event(tmp_path, roster(("2d", 6), ("1d", 4), ("1k", 10)),
                        macmahon=f"top_reference_elo = 1821\n{table}")
    assert summary(folder) == [("2d-1d", 10, 1), ("1k", 10, 0)]


# -- minimum size and the bottom remainder ---------------------------------------------------

def test_a_bottom_remainder_too_small_joins_the_group_above(tmp_path):
    # 2d 10 | 1d 12 | then 1k 3 + 2k 2 = 5 < 10 with no ranks left: they join 1d.
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 12), ("1k", 3), ("2k", 2)))
    grouping = grouping_of(load(folder))
    assert summary(folder) == [("2d", 10, 1), ("1d-2k", 17, 0)]
    assert grouping.groups[1].reason == (
        "1d has 12 players, enough for a group of its own. 1k to 2k at the bottom had only "
        "5 players, fewer than 10, so they joined this group.")
    assert [g.players[-2:] for g in grouping.groups][1] == ["2k-1", "2k-2"]


def test_min_group_size_is_read_from_event_toml(tmp_path):
    # Minimum 4: 2d 5 | 1d 2 + 1k 3 = 5 | 2k 1 joins the group above.
    folder = make_event(tmp_path, roster(("2d", 5), ("1d", 2), ("1k", 3), ("2k", 1)),
                        macmahon="top_reference_elo = 1821\nmin_group_size = 4")
    assert summary(folder) == [("2d", 5, 1), ("1d-2k", 6, 0)]


def test_empty_rank_levels_join_the_group_below_them(tmp_path):
    # Nobody is 1k: 1d (10) closes its group, the empty 1k opens the next one with 2k.
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 10), ("2k", 10)))
    grouping = grouping_of(load(folder))
    assert [g.label for g in grouping.groups] == ["2d", "1d", "1k-2k"]
    assert grouping.group_of("2k-1").index == 3


def test_a_field_smaller_than_the_minimum_is_one_group_with_a_warning(tmp_path):
    folder = make_event(tmp_path, roster(("3d", 2), ("1k", 3), ("5k", 2)))
    event = load(folder)
    grouping = grouping_of(event)
    assert summary(folder) == [("3d-5k", 7, 0)]
    assert grouping.groups[0].reason == ("The field has only 7 players, fewer than the minimum "
                                         "group size of 10, so everyone plays in one group.")
    assert [w.message for w in event.warnings] == [
        "the field has 7 players, fewer than the minimum group size 10, so everyone plays in one group"]


def test_players_are_listed_strongest_first_within_a_group(tmp_path):
    players = "\n".join([HEADER, "a,A,1k,1580,,,", "b,B,1d,1690,,,", "c,C,1d,,,,", "d,D,1d,1750,,,"]) + "\n"
    folder = make_event(tmp_path, players)
    assert grouping_of(load(folder)).groups[0].players == ["d", "b", "c", "a"]


# -- promotion of ESC round-2 players --------------------------------------------------------

def test_esc_round2_players_join_the_top_group_after_round_1(tmp_path):
    players = roster(("2d", 10), ("1d", 10), ("1k", 10),
                     extra=("up,Climber,1k,1600,HR,20,yes", "top,Leader,2d,1900,HR,2,yes",
                            "no,Stayer,1k,1600,HR,30,no"))
    grouping = grouping_of(load(make_event(tmp_path, players)))
    assert [(g.label, g.initial_score) for g in grouping.groups] == [("2d", 2), ("1d", 1), ("1k", 0)]
    assert grouping.promotions == [Promotion("up", 1, 3)]
    assert [grouping.initial_score("up", r) for r in (1, 2, 7)] == [0, 2, 2]
    assert [grouping.initial_score("top", r) for r in (1, 2)] == [2, 2]
    assert [grouping.initial_score("no", r) for r in (1, 2)] == [0, 0]
    assert grouping.group_of("up").index == 3


# -- Article 8: the director's adjustments ---------------------------------------------------

ADJUST = ('top_reference_elo = 1821\n'
          '[[macmahon.adjustments]]\nplayer = "{player}"\ngroup = {group}\nreason = "{reason}"')


def test_the_director_may_move_a_player_to_another_group(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 11)),
                        macmahon=ADJUST.format(player="1d-3", group=1, reason="Won the qualifier"))
    grouping = grouping_of(load(folder))
    assert summary(folder) == [("2d", 11, 1), ("1d", 10, 0)]
    assert grouping.initial_score("1d-3", 1) == 1
    assert grouping.as_json()["adjustments"] == [
        {"player": "1d-3", "from_group": 2, "to_group": 1, "reason": "Won the qualifier"}]


def test_an_adjustment_that_breaks_the_minimum_size_is_rejected(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 10)),
                        macmahon=ADJUST.format(player="1d-3", group=1, reason="x"))
    [message] = problems(folder)
    assert message.endswith(
        "event.toml: macmahon.adjustments[1]: this move leaves group 2 (1d) with 9 players, fewer "
        "than the minimum group size 10. Fix: move another player into that group, or drop this "
        "adjustment")


def test_an_adjustment_to_a_group_that_does_not_exist_is_rejected(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 10)),
                        macmahon=ADJUST.format(player="1d-3", group=3, reason="x"))
    assert problems(folder)[0].endswith(
        "macmahon.adjustments[1]: there is no group 3: the groups are 1 (top) to 2. "
        "Fix: write a group from 1 to 2")


def test_a_player_may_be_adjusted_only_once(tmp_path):
    again = '\n[[macmahon.adjustments]]\nplayer = "1d-3"\ngroup = 2'
    two = ADJUST.format(player="1d-3", group=1, reason="x") + again
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 11)), macmahon=two)
    assert problems(folder)[0].endswith(
        "macmahon.adjustments[2]: '1d-3' is already moved by adjustment 1. "
        "Fix: keep one adjustment for each player")


def test_an_adjustment_naming_a_list_of_players_is_refused_by_the_build(tmp_path, run):
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 11)),
                        macmahon=ADJUST.replace('"{player}"', '{player}').format(
                            player='["1d-3"]', group=1, reason="x"))
    code, _, stderr = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 1
    assert stderr.splitlines()[0].endswith(
        "open/event.toml: macmahon.adjustments[1]: player must be one player's id in quotes, "
        "not ['1d-3']. Fix: write player = \"s017\"; move each player in an adjustment of their own")
    assert "Traceback" not in stderr and not (tmp_path / "site").exists()


# -- content mistakes ------------------------------------------------------------------------

def test_no_player_with_esc_rank_top_size_says_what_to_do(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10)), macmahon="top_size = 16")
    [message] = problems(folder)
    assert message.endswith(
        "players.csv: esc_rank: no player has esc_rank 16, whose rating sets the top group "
        "(top_size = 16). Fix: fill in esc_rank 16 for the player who finished 16th in the ESC, "
        "or set top_reference_elo = 1821 under [macmahon] in event.toml")


def test_the_esc_player_who_sets_the_reference_needs_a_rating(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), extra=("e16,Sixteen,2d,,HR,16,",)),
                        macmahon="top_size = 16")
    [message] = problems(folder)
    assert message.endswith(
        "players.csv:12: Sixteen (e16) has esc_rank 16, which sets the top group, but no rating. "
        "Fix: fill in the rating, or set top_reference_elo = 1821 under [macmahon] in event.toml")


def test_two_players_with_the_reference_esc_place_is_an_error_at_the_second(tmp_path):
    players = roster(("2d", 10), extra=("a,Ann,2d,1850,HR,16,", "b,Bea,2d,1830,HR,16,"))
    folder = make_event(tmp_path, players, macmahon="top_size = 16")
    assert problems(folder)[0].endswith(
        "players.csv:13: esc_rank 16 is given to Ann (a) (line 12) and to Bea (b). "
        "Fix: give each ESC place to one player only")


def test_a_rank_outside_the_rank_table_is_an_error_at_its_line(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), extra=("w,Weak,20k,,HR,,",)))
    [message] = problems(folder)
    assert message.endswith(
        'players.csv:12: rank 20k of Weak (w) is not in the rank table (6d to 14k). Fix: correct '
        'the rank, or add "20k" = <its lowest Elo> to rank_elo under [macmahon] in event.toml')


def test_an_unreadable_rank_is_an_error_at_its_line(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), extra=("w,Weak,strong,,HR,,",)))
    [message] = problems(folder)
    assert "players.csv:12: rank of 'w': 'strong' is not a rank" in message


def test_a_player_without_rank_or_rating_is_an_error_at_its_line(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), extra=("n,Nobody,,,HR,,",)))
    [message] = problems(folder)
    assert message.endswith(
        "players.csv:12: Nobody (n) has no rank and no rating. Fix: fill in the rank column, like "
        "2d or 3k (or the rating, to take the rank from the rank table)")


def test_a_missing_rank_is_taken_from_the_rating_with_a_warning(tmp_path):
    folder = make_event(tmp_path, roster(("2d", 10), ("1d", 9), extra=("r,Rated,,1690,HR,,",)))
    event = load(folder)
    grouping = grouping_of(event)
    assert summary(folder) == [("2d", 10, 1), ("1d", 10, 0)]
    assert grouping.from_rating == {"r"} and str(grouping.levels["r"]) == "1d"
    assert [str(w).split("players.csv")[1] for w in event.warnings] == [
        ":21: Rated (r) has no rank: grouped as 1d, the rank of rating 1690. "
        "Fix: fill in the rank column if that is not right"]


# -- bar-floor: classic Go -------------------------------------------------------------------

def test_bar_floor_makes_one_group_per_rank_between_floor_and_bar(tmp_path):
    # Bar 2d: 5d, 3d, 3d and 2d start on top. Nobody is 1d, which keeps its group so that
    # scores stay a point a rank apart. Floor 3k: 3k, 3k and 5k start at the bottom.
    players = roster(("5d", 1), ("3d", 2), ("2d", 1), ("1k", 3), ("2k", 1), ("3k", 2), ("5k", 1))
    folder = make_event(tmp_path, players, macmahon='bar = "2d"\nfloor = "3k"', grouping="bar-floor")
    grouping = grouping_of(load(folder))
    assert summary(folder) == [("5d-2d", 4, 4), ("1d", 0, 3), ("1k", 3, 2), ("2k", 1, 1),
                               ("3k-5k", 3, 0)]
    assert [str(r) for r in grouping.groups[0].ranks] == ["5d", "4d", "3d", "2d"]
    assert grouping.groups[-1].reason == "Everyone at or below the floor (3k) starts in the bottom group."
    assert grouping.promotions == []


def test_bar_floor_keeps_the_bar_and_floor_groups_when_nobody_reaches_them(tmp_path):
    folder = make_event(tmp_path, roster(("1d", 2), ("1k", 2)), macmahon='bar = "2d"\nfloor = "2k"',
                        grouping="bar-floor")
    assert summary(folder) == [("2d", 0, 3), ("1d", 2, 2), ("1k", 2, 1), ("2k", 0, 0)]


def test_bar_floor_needs_every_players_rank(tmp_path):
    folder = make_event(tmp_path, roster(("1d", 2), extra=("n,Nobody,,1700,HR,,",)),
                        macmahon='bar = "2d"\nfloor = "2k"', grouping="bar-floor")
    assert problems(folder)[0].endswith(
        "players.csv:4: Nobody (n) has no rank; a McMahon event groups players by rank. "
        "Fix: fill in the rank column, like 3d or 12k")


# -- publishing ------------------------------------------------------------------------------

def test_build_writes_groups_json_and_the_groups_page(tmp_path, run):
    players = roster(("2d", 10), ("1d", 12), ("1k", 3),
                     extra=("x,<b>Bold</b> Player,2k,1500,HR,20,yes",))
    folder = make_event(tmp_path, players)
    out = tmp_path / "site"
    code, _, err = run("build", "--content", folder.parent, "--out", out)
    assert code == 0, err
    data = json.loads((out / "open" / "data" / "groups.json").read_text(encoding="utf-8"))
    assert data["groups"][0] == {"index": 1, "label": "2d", "ranks": ["2d"], "initial_score": 1,
                                 "players": [f"2d-{i}" for i in range(1, 11)]}
    assert data["groups"][1]["label"] == "1d-2k" and len(data["groups"][1]["players"]) == 16
    assert data["promotions"] == [{"player": "x", "after_round": 1, "from_group": 2}]
    html = (out / "open" / "groups.html").read_text(encoding="utf-8")
    assert "Group 2: 1d-2k" in html
    assert "1k to 2k at the bottom had only 4 players, fewer than 10, so they joined this group." in html
    assert "&lt;b&gt;Bold&lt;/b&gt; Player" in html and "<b>Bold" not in html
    assert "to the top group after round 1" in html
    assert '<a href="groups.html" aria-current="page">Groups</a>' in html


def test_a_swiss_event_has_one_group_and_no_groups_page(archive, tmp_path, run):
    code, _, err = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 0, err
    data = json.loads((tmp_path / "site" / "club-swiss" / "data" / "groups.json").read_text("utf-8"))
    assert data["groups"] == [{"index": 1, "label": "All players", "ranks": [], "initial_score": 0,
                               "players": ["a", "b", "c", "d"]}]
    assert not (tmp_path / "site" / "club-swiss" / "groups.html").exists()


def test_the_wosc_example_shows_its_groups():
    grouping = grouping_of(load(Path(__file__).parent.parent / "content" / "wosc-2026"))
    # 6d 1 + 5d 2 + 4d 3 + 3d 5 + 2d 8 = 19 | 1d 6 + 1k 5 | 2k 6 + 3k 4 | 4k 3 + 5k 4 + 6k 4 |
    # 7k 3 + 8k 3 + 9k 2 + 10k 2; the 16th of the ESC, Arthur Jacobs, is rated 1821 (2d).
    assert [(g.label, len(g.players), g.initial_score) for g in grouping.groups] == [
        ("6d-2d", 19, 4), ("1d-1k", 11, 3), ("2k-3k", 10, 2), ("4k-6k", 11, 1), ("7k-10k", 10, 0)]
    assert len(grouping.promotions) == 11
    assert {p.from_group for p in grouping.promotions} == {2, 3}

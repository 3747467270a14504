"""The secondary criteria of the pairing, on groups worked out by hand: colour balance and
``avoid_same`` (club, country) choose among pairings equal in repeats and score differences,
never at the price of a repeat or a game across score groups; handicap games do not count
against balance; the setting is checked; the same input always gives the same pairing."""

import csv
import random

import pytest
from conftest import write

from plugins.macmahon.pairing import Entrant, Pairing, pair
from plugins.macmahon.settings import STRATEGIES, Handicap

FOUR = ["p1", "p2", "p3", "p4"]


def entrants(balances: dict[str, int], clubs: dict[str, str] | None = None, score: float = 0.0,
             levels: dict[str, int] | None = None) -> list[Entrant]:
    """One score group in this order; ``balances`` are games as White less games as Black."""
    clubs, levels = clubs or {}, levels or {}
    return [Entrant(p, score, balance=b, club=clubs.get(p, ""), level=levels.get(p))
            for p, b in balances.items()]


def seats(result: Pairing) -> list[tuple[str, str]]:
    """Each table as (Black, White)."""
    return [(t.black, t.white) for t in result.tables]


def test_fold_opponents_who_had_the_same_colour_more_often_trade_for_balance():
    # Fold gives p1-p4 (both had White more often) and p2-p3 (both Black): each table would send
    # one player two games off balance. Trading opponents balances all four; of the two trades,
    # p1-p3 p2-p4 is nearer fold (each player one place from their fold opponent).
    result = pair(entrants({"p1": 1, "p2": -1, "p3": -1, "p4": 1}), "fold", "s")
    assert seats(result) == [("p1", "p3"), ("p4", "p2")]
    trade = "p1 and p4 have both had White more often, so they play p2 and p3 of the same score instead."
    assert [t.note for t in result.tables] == [trade, trade]
    assert result.tables[0].colour_note == ("p1 takes Black for colour balance: p1 has had White "
                                           "more often than p3.")


def test_balanced_fold_pairs_are_left_as_the_strategy_made_them():
    result = pair(entrants({"p1": 1, "p2": 1, "p3": -1, "p4": -1}), "fold", "s")
    assert seats(result) == [("p1", "p4"), ("p2", "p3")]
    assert [t.note for t in result.tables] == ["", ""]


def test_no_trade_for_balance_at_the_price_of_a_repeat():
    field = entrants({"p1": 1, "p2": -1, "p3": -1, "p4": 1})
    met = {"p1": {"p3"}, "p3": {"p1"}, "p2": {"p4"}, "p4": {"p2"}}
    field = [Entrant(e.id, e.score, frozenset(met.get(e.id, ())), balance=e.balance) for e in field]
    result = pair(field, "fold", "s")
    # Of the two trades only p1-p2 p3-p4 is new to everyone, and it balances everyone too.
    assert seats(result) == [("p1", "p2"), ("p4", "p3")] and not result.repeats


def test_balance_never_costs_a_game_across_score_groups():
    # a1 and a2 both had White more often, but the other pairing crosses the groups twice.
    field = [Entrant("a1", 1.0, balance=1), Entrant("a2", 1.0, balance=1),
             Entrant("b1", 0.0, balance=-1), Entrant("b2", 0.0, balance=-1)]
    assert sorted(tuple(sorted(t)) for t in seats(pair(field, "fold", "s"))) == [("a1", "a2"), ("b1", "b2")]


def test_handicap_games_do_not_count_against_balance():
    # With ranks 3 apart every fold table is a handicap game: the weaker takes Black whatever the
    # balance, so nothing is traded although both tables join players who had the same colour.
    handicap = Handicap(based_on="rank", correction=0)
    field = entrants({"p1": 1, "p2": -1, "p3": -1, "p4": 1}, levels={"p1": 5, "p2": 5, "p3": 2, "p4": 2})
    result = pair(field, "fold", "s", handicap=handicap)
    assert seats(result) == [("p4", "p1"), ("p3", "p2")]
    assert [t.handicap for t in result.tables] == [3, 3] and [t.note for t in result.tables] == ["", ""]


def test_same_club_game_is_avoided_inside_the_score_group():
    field = entrants(dict.fromkeys(FOUR, 0), {"p1": "Kyoto", "p4": "Kyoto", "p2": "Osaka", "p3": "Nara"})
    result = pair(field, "fold", "s", avoid=("club",))
    assert sorted(tuple(sorted(t)) for t in seats(result)) == [("p1", "p3"), ("p2", "p4")]
    assert result.tables[0].note == ("p1 and p4 are both of club Kyoto, so they play p2 and p3 of the "
                                     "same score instead.")
    # Without avoid_same the club is not looked at.
    assert sorted(tuple(sorted(t)) for t in seats(pair(field, "fold", "s"))) == [("p1", "p4"), ("p2", "p3")]


def test_avoiding_a_club_weighs_more_than_balancing_colours():
    # Fold's p1-p4 balances colours but shares a club; p2-p3 shares nothing. Every trade leaves
    # one player two games off balance (three had White more often), and avoiding the club wins.
    field = entrants({"p1": 1, "p2": 1, "p3": 1, "p4": -1}, {"p1": "Kyoto", "p4": "Kyoto"})
    result = pair(field, "fold", "s", avoid=("club",))
    assert sorted(tuple(sorted(t)) for t in seats(result)) == [("p1", "p3"), ("p2", "p4")]


def test_a_same_club_game_that_only_a_float_could_avoid_is_played_and_said():
    field = [Entrant("a1", 1.0, club="Kyoto"), Entrant("a2", 1.0, club="Kyoto"),
             Entrant("b1", 0.0, club="Nara"), Entrant("b2", 0.0, club="Osaka")]
    result = pair(field, "fold", "s", avoid=("club", "country"))
    assert sorted(tuple(sorted(t)) for t in seats(result)) == [("a1", "a2"), ("b1", "b2")]
    assert result.tables[0].note == ("a1 and a2 are both of club Kyoto: no pairing found without a "
                                     "repeated game or a larger sum of score differences avoids it.")


def random_field(rng: random.Random, size: int) -> list[Entrant]:
    ids = [f"p{i:02d}" for i in range(size)]
    scores = sorted((float(rng.randrange(3)) for _ in ids), reverse=True)
    return [Entrant(p, s, balance=rng.choice([-2, -1, 0, 1, 2]), club=rng.choice("ABC"),
                    country=rng.choice("XY")) for p, s in zip(ids, scores, strict=True)]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_same_input_and_seed_give_the_same_pairing_colours_and_notes(strategy):
    rng = random.Random(strategy)
    for _ in range(20):
        field = random_field(rng, rng.randrange(2, 30))
        runs = [pair(field, strategy, "seed", avoid=("club", "country")) for _ in range(2)]
        assert runs[0] == runs[1]


def test_pair_writes_why_a_same_club_game_was_avoided_into_the_round_file(tmp_path, run):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", """
        name = "Open"
        game = "go"
        system = "swiss"
        start = 2026-05-01
        rounds = 3
        seed = "open"
        [macmahon]
        avoid_same = ["club"]
    """)
    write(folder / "players.csv", "id,name,rank,rating,club\na,Ann,1d,2100,Kyoto\nb,Bob,1d,2000,Nara\n"
                                  "c,Cid,1d,1900,Osaka\nd,Dan,1d,1800,Kyoto\n")
    code, out, err = run("pair", folder)
    assert code == 0, err
    # Fold gives Ann-Dan, both of Kyoto, and Bob-Cid: the tables trade to Ann-Cid and Bob-Dan.
    rows = list(csv.reader((folder / "rounds" / "1.csv").read_text().splitlines()))[1:]
    assert [set(row[1:3]) for row in rows] == [{"a", "c"}, {"b", "d"}]
    why = "Ann and Dan are both of club Kyoto, so they play Bob and Cid of the same score instead."
    assert all(row[4].startswith(why) for row in rows)
    assert f"Table 1: {why}" in out

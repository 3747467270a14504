"""Pairing quality and speed on 100-, 500- and 2,000-player, 10-round McMahon events.

Each round is paired from the standings (as ``publisher pair`` does), then
played with seeded results (the stronger player wins more often). Prints, per
round and in total: repeated games (must be 0), the sum over tables of the McMahon
score difference against the smallest sum any pairing could have (a lower bound,
below), pairs across score groups and the group boundaries they cross against the
fewest any pairing could cross, the largest score gap in a pair, the share of the
field whose colours are two or more games off balance after the round (|White -
Black| >= 2), the games between players of one club and of one country, and the
time to order and pair the field.

The baseline, in the same process and on the same field before each round: the same
pairing with the secondary criteria given nothing to weigh (every colour balance and
club and country blanked), so the printed ratio is what they cost in time. Players
belong to one of 120 clubs in 15 countries; ``--avoid club country`` avoids them.

The fewest: a boundary with an odd number of players above it is crossed at least
once (parity); and a boundary is crossed at least as often as the players above it
(or below it) who cannot all be paired among themselves without a repeat leave
unpaired. A round whose pairing crosses exactly that many boundaries is proven
to need no fewer: its floats are forced by the odd groups and the no-repeat rule.
The sum of score differences is each boundary's score gap times the tables crossing
it, so the same counts weighted by the gaps bound the sum from below; a round that
meets the bound is proven optimal.

    python bench/pairing.py [--players 100 500 2000] [--rounds 10] [--strategy split]
                            [--avoid club country]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import replace
from itertools import groupby
from pathlib import Path

import networkx as nx

from plugins.macmahon.order import pairing_order
from plugins.macmahon.pairing import Entrant, Pairing, pair
from plugins.macmahon.rounds import Game, Round, round_path
from publisher.build.loading import load_event
from publisher.model import Event
from publisher.plugins import plugin_manager
from publisher.ranks import Rank

RANKS = [str(Rank(v)) for v in range(-30, 7)]  # 30k to 7d
EXACT = 150  # fields up to this size also get their exact optimum (networkx takes seconds)


def make_event(folder: Path, players: int, rounds: int, strategy: str, avoid: list[str]) -> Event:
    """A bar-floor McMahon event with a field spread over 30k-7d, in 120 clubs of 15 countries
    (some far bigger than others), loaded as a build loads it."""
    rng = random.Random("benchmark-field")
    avoiding = f"avoid_same = [{', '.join(f'{what!r}' for what in avoid)}]\n".replace("'", '"')
    (folder / "event.toml").write_text(
        f'name = "Benchmark Open"\ngame = "go"\nsystem = "macmahon"\nstart = 2026-01-01\n'
        f'rounds = {rounds}\nseed = "benchmark"\n\n[macmahon]\ngrouping = "bar-floor"\n'
        f'bar = "4d"\nfloor = "20k"\npairing = "{strategy}"\ntiebreaks = ["sos", "sosos"]\n'
        f'{avoiding if avoid else ""}', encoding="utf-8")
    lines = ["id,name,rank,rating,club,country"]
    for number in range(1, players + 1):
        rank = Rank.parse(RANKS[min(len(RANKS) - 1, max(0, int(rng.gauss(22, 7))))])
        rating = 2100 + 100 * rank.value + rng.randint(0, 99)
        club = min(int(rng.expovariate(1 / 25)), 119)
        lines.append(f"p{number:04d},Player {number},{rank},{rating},Club {club},C{club % 15:02d}")
    (folder / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return load_event(plugin_manager(), folder)


def play(event: Event, number: int, pairing: Pairing, rng: random.Random) -> Round:
    """Results where the higher rating wins with the Elo expectation."""
    played = Round(number, round_path(event, number))
    for table in pairing.tables:
        black, white = event.player(table.black).rating or 0, event.player(table.white).rating or 0
        expected = 1 / (1 + 10 ** ((white - black) / 400))
        result = "1-0" if rng.random() < expected else "0-1"
        played.games.append(Game(table.number, table.black, table.white, result))
    if pairing.bye:
        played.byes.append(Game(None, pairing.bye, None, None))
    return played


def least_crossings(order: list[Entrant], bye: str | None) -> tuple[int, int, float]:
    """Group boundaries any pairing of the round must cross: (by parity, by parity and no repeats,
    and the smallest sum of score differences those crossings give).

    A pair across score groups crosses every boundary between its two scores, so a
    pairing's crossings are the sum, over the boundaries, of the pairs crossing each.
    Across a boundary go at least as many players as a maximum repeat-free matching of
    the players above it leaves unpaired, and the same below it; with an odd number
    above that is at least one.
    """
    field_order = [e for e in order if e.id != bye]
    scores = [score for score, _ in groupby(e.score for e in field_order)]
    groups = [len(list(g)) for _, g in groupby(field_order, key=lambda e: e.score)]
    cuts = [sum(groups[:i]) for i in range(1, len(groups))]
    parity = sum(cut % 2 for cut in cuts)
    each = [max(unpaired(field_order[:cut]), unpaired(field_order[cut:])) for cut in cuts]
    least = sum(n * (scores[i] - scores[i + 1]) for i, n in enumerate(each))
    return parity, sum(each), least


def optimum(order: list[Entrant], bye: str | None) -> float | None:
    """The smallest sum of score differences of any pairing without repeated games, by a
    minimum-cost perfect matching over the whole field (fields up to EXACT players only)."""
    field_order = [e for e in order if e.id != bye]
    if len(field_order) > EXACT:
        return None
    graph = nx.Graph()
    graph.add_weighted_edges_from((a.id, b.id, -round(2 * abs(a.score - b.score)))
                                  for i, a in enumerate(field_order) for b in field_order[i + 1:]
                                  if b.id not in a.met)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(field_order):
        return None
    return -sum(graph[a][b]["weight"] for a, b in matching) / 2


def unpaired(players: list[Entrant]) -> int:
    """How many of ``players`` a maximum matching without repeated games leaves unpaired.

    Each player has met at most one opponent a round, so with n players of whom nobody
    has met more than n/2 - 1 of the others, every player can still be paired with n/2
    of them: Dirac's theorem gives a cycle through all n, hence a matching of all but
    n mod 2. Only smaller or closer-knit sets need the matching computed.
    """
    ids = {e.id for e in players}
    size = len(players)
    if size >= 3 and all(size - 1 - len(e.met & ids) >= size / 2 for e in players):
        return size % 2
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from((a.id, b.id) for i, a in enumerate(players) for b in players[i + 1:]
                         if b.id not in a.met)
    return size - 2 * len(nx.max_weight_matching(graph, maxcardinality=True))


def blind(order: list[Entrant]) -> list[Entrant]:
    """The field with nothing for the secondary criteria to weigh: the baseline's."""
    return [replace(e, balance=0, club="", country="") for e in order]


def timed_pairing(event: Event, rounds: list[Round], number: int, strategy: str,
                  baseline: bool) -> tuple[list[Entrant], Pairing, float]:
    """Order and pair round ``number`` as ``publisher pair`` does (or the baseline); the seconds."""
    mm = event.data["macmahon"]
    started = time.process_time()
    order = pairing_order(event.players, rounds, mm.grouping, mm.settings, number)
    pairing = pair(blind(order) if baseline else order, strategy, f"{event.seed}:round-{number}",
                   avoid=mm.settings.avoid_same)
    return order, pairing, time.process_time() - started


def run(players: int, rounds_count: int, strategy: str, avoid: list[str]) -> dict[str, float]:
    """Pair and play one event; print its rounds; return its totals."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "benchmark-open"
        folder.mkdir()
        event = make_event(folder, players, rounds_count, strategy, avoid)
        mm = event.data["macmahon"]
        rng = random.Random("benchmark-results")
        rounds: list[Round] = []
        met: set[frozenset[str]] = set()
        colours: Counter[str] = Counter()  # games as White less games as Black
        times: list[float] = []
        baseline: list[float] = []
        totals = {"repeats": 0, "cross": 0, "crossings": 0, "parity": 0, "forced": 0, "gap": 0.0,
                  "sum": 0.0, "least": 0.0, "optimal": 0, "same_club": 0, "same_country": 0}
        print(f"\n{players} players, {len(mm.grouping.groups)} McMahon groups, "
              f"{strategy} pairing, {rounds_count} rounds, avoiding {' and '.join(avoid) or 'nothing'}")
        print("round  seconds  baseline  repeats  sum-of-differences  optimum-or-bound  cross-group pairs  "
              "crossings  parity  fewest  largest-gap  off-balance  same-club  same-country")
        for number in range(1, rounds_count + 1):
            baseline.append(timed_pairing(event, rounds, number, strategy, baseline=True)[2])
            order, pairing, seconds = timed_pairing(event, rounds, number, strategy, baseline=False)
            times.append(seconds)
            score = {e.id: e.score for e in order}
            pairs = [frozenset((t.black, t.white)) for t in pairing.tables]
            repeats = sum(1 for p in pairs if p in met)
            met.update(pairs)
            gaps = [abs(score[t.black] - score[t.white]) for t in pairing.tables]
            level = {s: i for i, s in enumerate(sorted(set(score.values())))}
            crossings = sum(abs(level[score[t.black]] - level[score[t.white]]) for t in pairing.tables)
            cross = sum(1 for g in gaps if g)
            parity, forced, least = least_crossings(order, pairing.bye)
            best = optimum(order, pairing.bye)
            least = least if best is None else best
            for table in pairing.tables:
                colours[table.black] -= 1
                colours[table.white] += 1
            off = sum(1 for p in event.players if abs(colours[p.id]) >= 2) / len(event.players)
            club = sum(1 for t in pairing.tables if event.player(t.black).club == event.player(t.white).club)
            country = sum(1 for t in pairing.tables
                          if event.player(t.black).country == event.player(t.white).country)
            totals["off"], totals["same_club"], totals["same_country"] = (
                off, totals["same_club"] + club, totals["same_country"] + country)
            print(f"{number:>5}  {times[-1]:7.3f}  {baseline[-1]:8.3f}  {repeats:>7}  {sum(gaps):>18g}  "
                  f"{least:>16g}  {cross:>17}  {crossings:>9}  {parity:>6}  {forced:>6}  {max(gaps):>11g}  "
                  f"{off:>11.1%}  {club:>9}  {country:>12}")
            for key, value in (("repeats", repeats), ("cross", cross), ("crossings", crossings),
                               ("parity", parity), ("forced", forced), ("sum", sum(gaps)),
                               ("least", least), ("optimal", int(sum(gaps) == least))):
                totals[key] += value
            totals["gap"] = max(totals["gap"], max(gaps))
            rounds.append(play(event, number, pairing, rng))
        totals["median"], totals["slowest"] = statistics.median(times), max(times)
        totals["ratio"] = totals["median"] / statistics.median(baseline)
        print(f"median {totals['median']:.3f} s a round ({totals['ratio']:.2f} times the baseline's "
              f"{statistics.median(baseline):.3f} s), slowest {totals['slowest']:.3f} s; "
              f"{totals['off']:.1%} of the field two or more games off colour balance; "
              f"{totals['same_club']:g} same-club and {totals['same_country']:g} same-country games; "
              f"repeated games {totals['repeats']}; sum of score differences {totals['sum']:g} "
              f"against a lower bound of {totals['least']:g} ({totals['optimal']} of {rounds_count} "
              f"rounds proven optimal); pairs across score groups {totals['cross']}, "
              f"crossing {totals['crossings']} group boundaries; the odd groups force "
              f"{totals['parity']}, with the no-repeat rule {totals['forced']}; "
              f"largest score gap {totals['gap']:g}")
        return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 2000])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--strategy", default="split")
    parser.add_argument("--avoid", nargs="*", default=[], choices=["club", "country"])
    args = parser.parse_args()
    summary = [(players, run(players, args.rounds, args.strategy, args.avoid)) for players in args.players]
    print("\nplayers  median s  vs baseline  slowest s  repeats  sum of differences  lower bound  "
          "rounds proven optimal  off balance  same club  same country")
    for players, t in summary:
        print(f"{players:>7}  {t['median']:8.3f}  {t['ratio']:11.2f}  {t['slowest']:9.3f}  "
              f"{t['repeats']:>7g}  {t['sum']:>18g}  {t['least']:>11g}  {t['optimal']:>11g} of "
              f"{args.rounds}  {t['off']:>11.1%}  {t['same_club']:>9g}  {t['same_country']:>12g}")


if __name__ == "__main__":
    main()

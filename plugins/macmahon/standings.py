"""Standings after each round: McMahon score, wins and the tiebreaks, with shared places.

Tiebreaks are computed on the McMahon score, as OpenGotha does:

- SOS: the sum of the opponents' McMahon scores;
- SOSOS: the sum of the opponents' SOS;
- SODOS: the sum of the McMahon scores of the opponents the player beat (half for a draw).

A round without a game (a bye, or a round the player missed) counts in SOS as a game
against a virtual opponent with the player's own McMahon score, and in SOSOS with the
player's own SOS; it adds nothing to SODOS. A game won by forfeit counts like a played game;
a game whose result is not in yet counts in no tiebreak.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from plugins.macmahon.grouping import Grouping
from plugins.macmahon.rounds import Round
from publisher.model import Player

# One line per tiebreak, for every standings page's legend.
LEGEND: dict[str, str] = {
    "score": "McMahon score: the starting score of the player's group plus a point a win "
             "(half a point a draw, the bye's value for a bye).",
    "wins": "Points won in the games, the bye included, without the starting score.",
    "sos": "Sum of Opponents' Scores: the McMahon scores of everyone the player met.",
    "sosos": "Sum of Opponents' SOS: how strong the opponents' opponents were.",
    "sodos": "Sum of Defeated Opponents' Scores: the McMahon scores of the opponents the player "
             "beat (half for a draw).",
    "rating": "The player's rating in players.csv: higher is placed first.",
}
LABELS = {"sos": "SOS", "sosos": "SOSOS", "sodos": "SODOS", "wins": "Wins", "rating": "Rating"}
UNPLAYED = ("A bye or a missed round counts in SOS as an opponent with the player's own McMahon "
            "score, in SOSOS with the player's own SOS, and adds nothing to SODOS. A game won by "
            "forfeit counts as played; a game whose result is not in yet counts in none.")


@dataclass(slots=True)
class Entry:
    """One round of one player: a game (``opponent`` set), a ``bye`` or ``absent``."""

    round: int
    kind: str
    opponent: str | None = None
    table: int | None = None
    black: bool = True
    result: str | None = None
    points: float | None = 0.0
    forfeit: bool = False

    @property
    def mark(self) -> str:
        """The result from the player's side: + win, - loss, = draw, ? not in yet."""
        if self.kind != "game":
            return "bye" if self.kind == "bye" else "–"
        if self.points is None:
            return "?"
        mark = "+" if self.points == 1 else "=" if self.points == 0.5 else "-"
        return mark + ("!" if self.forfeit else "")


@dataclass
class Standing:
    """One player's line in the standings after a round."""

    player: str
    place: int
    shared: bool
    score: float
    wins: float
    tiebreaks: dict[str, float]
    withdrawn: int | None = None  # the last round played, once the player has withdrawn

    @property
    def place_text(self) -> str:
        return f"={self.place}" if self.shared else str(self.place)


@dataclass
class Standings:
    """The standings after round ``round``; ``pending`` counts its games without a result."""

    round: int
    lines: list[Standing]
    tiebreaks: list[str]
    pending: int = 0

    @cached_property
    def by_player(self) -> dict[str, Standing]:
        """Each player's line, for pages that look players up by id (computed from ``lines``)."""
        return {line.player: line for line in self.lines}

    def as_json(self) -> dict:
        """``standings-<n>.json`` of the contract."""
        return {
            "round": self.round,
            "complete": self.pending == 0,
            "standings": [
                {"place": s.place, "player": s.player, "score": s.score, "wins": s.wins,
                 "tiebreaks": dict(s.tiebreaks),
                 **({"withdrawn": s.withdrawn} if s.withdrawn is not None else {})}
                for s in self.lines
            ],
        }


def histories(players: Iterable[Player], rounds: list[Round], bye_score: float) -> dict[str, list[Entry]]:
    """Every player's rounds, one entry per round file, in round order."""
    found: dict[str, list[Entry]] = {p.id: [] for p in players}
    for rnd in rounds:
        seen: set[str] = set()
        for game in rnd.games:
            assert game.white is not None
            points = game.points()
            forfeit = game.forfeit
            for me, other, black, index in ((game.black, game.white, True, 0),
                                            (game.white, game.black, False, 1)):
                mine = None if points is None else points[index]
                found[me].append(Entry(rnd.number, "game", other, game.table, black, game.result,
                                       mine, forfeit))
                seen.add(me)
        for game in rnd.byes:
            found[game.black].append(Entry(rnd.number, "bye", points=bye_score))
            seen.add(game.black)
        for player, entries in found.items():
            if player not in seen:
                entries.append(Entry(rnd.number, "absent"))
    return found


def compute(players: list[Player], rounds: list[Round], grouping: Grouping, tiebreaks: list[str],
            bye_score: float, after: int, withdrawn: Mapping[str, int] | None = None) -> Standings:
    """The standings after round ``after`` from the round files up to it.

    ``withdrawn`` (player id: last round played) marks the players who left by then;
    they keep their place, so their opponents' tiebreaks keep their games.
    """
    gone = {p: last for p, last in (withdrawn or {}).items() if last <= after}
    played = [r for r in rounds if r.number <= after]
    history = histories(players, played, bye_score)
    wins = {p: sum((e.points or 0.0 for e in entries), 0.0) for p, entries in history.items()}
    start = initial_scores(grouping, after + 1)
    score = {p: float(start[p]) + wins[p] for p in history}
    sos = {p: _sum_over(entries, score, own=score[p]) for p, entries in history.items()}
    values: dict[str, dict[str, float]] = {
        "sos": sos,
        "sosos": {p: _sum_over(entries, sos, own=sos[p]) for p, entries in history.items()},
        "sodos": {p: sum(((e.points or 0.0) * score[e.opponent] for e in entries if e.opponent), 0.0)
                  for p, entries in history.items()},
        "wins": wins,
        "rating": {p.id: float(p.rating or 0) for p in players},
    }
    names = {p.id: (p.name.casefold(), p.id) for p in players}

    def criteria(player: str) -> tuple[float, ...]:
        return (score[player], *(values[t][player] for t in tiebreaks))

    order = sorted(history, key=lambda p: ([-c for c in criteria(p)], names[p]))
    lines: list[Standing] = []
    for index, player in enumerate(order):
        equal_above = index > 0 and criteria(order[index - 1]) == criteria(player)
        equal_below = index + 1 < len(order) and criteria(order[index + 1]) == criteria(player)
        place = lines[-1].place if equal_above else index + 1
        lines.append(Standing(player, place, equal_above or equal_below, score[player], wins[player],
                              {t: values[t][player] for t in tiebreaks}, gone.get(player)))
    pending = sum(len(r.pending) for r in played)
    return Standings(after, lines, list(tiebreaks), pending)


def initial_scores(grouping: Grouping, round_number: int) -> dict[str, int]:
    """Every player's initial McMahon score for ``round_number``, in one pass over the groups."""
    scores = {pid: group.initial_score for group in grouping.groups for pid in group.players}
    for promotion in grouping.promotions:
        scores[promotion.player] = grouping.initial_score(promotion.player, round_number)
    return scores


def _sum_over(entries: list[Entry], values: dict[str, float], own: float) -> float:
    """Sum ``values`` of the opponents; a round without a game counts as ``own``, a game
    without its result yet not at all."""
    return sum((values[e.opponent] if e.opponent else own for e in entries if e.points is not None), 0.0)


def display(value: float) -> str:
    """A score as a director writes it: 3, 3½, -1½."""
    whole = int(value)
    if value == whole:
        return str(whole)
    if abs(value - whole) == 0.5:
        return f"{'-' if value < 0 and whole == 0 else ''}{whole if whole else ''}½"
    return f"{value:g}"


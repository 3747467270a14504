"""Standings after each round: McMahon score, wins and the tiebreaks, with shared places.

Tiebreaks are computed on the McMahon score, as OpenGotha does, with the EGF's definitions:

- SOS: the sum of the opponents' McMahon scores; SOS-1 and SOS-2 leave out the lowest one or
  two, MOS the highest and the lowest;
- SOSOS: the sum of the opponents' SOS;
- SODOS: the sum of the McMahon scores of the opponents the player beat (half for a draw);
- CUSS: the sum of the player's McMahon scores after each round;
- DC: among players equal on everything before it, the points won against each other.

In a handicap game an opponent's score counts with the handicap, as in OpenGotha: White
counts Black's score plus the stones, Black counts White's score minus them. A round
without a game (a bye, or a round the player missed) counts in SOS as the event's
``sos_unplayed`` says (:data:`UNPLAYED_RULES`) and adds nothing to SODOS. A game won by
forfeit counts like a played game; a game whose result is not in yet counts in no tiebreak.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import overload

from plugins.macmahon.grouping import Grouping
from plugins.macmahon.rounds import Round, terms
from plugins.macmahon.settings import Settings
from publisher.model import Player

# One line per tiebreak, for every standings page's legend.
SCORE_LEGEND = ("McMahon score: the starting score of the player's group plus a point a win "
                "(half a point a draw, the bye's value for a bye, the absent score for a round missed).")
LEGEND: dict[str, str] = {
    "mms": "McMahon score again (the first criterion), as OpenGotha lists it.",
    "score": "Points won without the starting score: games, byes and rounds missed.",
    "wins": "Points won in the games, the bye included, without the starting score.",
    "sos": "Sum of Opponents' Scores: the McMahon scores of everyone the player met.",
    "sos-1": "SOS without the lowest of the opponents' scores.",
    "sos-2": "SOS without the two lowest of the opponents' scores.",
    "mos": "Median of Opponents' Scores: SOS without the highest and the lowest opponent's score.",
    "cuss": "Cumulative Sum of Scores: the player's McMahon scores after each round, added up "
            "(early wins count more).",
    "dc": "Direct Confrontation: among players equal on everything before it, the points each "
          "won against the others.",
    "sosos": "Sum of Opponents' SOS: how strong the opponents' opponents were.",
    "sodos": "Sum of Defeated Opponents' Scores: the McMahon scores of the opponents the player "
             "beat (half for a draw).",
    "rating": "The player's rating in players.csv: higher is placed first, unrated players last.",
}
LABELS = {"sos": "SOS", "sos-1": "SOS-1", "sos-2": "SOS-2", "mos": "MOS", "cuss": "CUSS", "dc": "DC",
          "sosos": "SOSOS", "sodos": "SODOS", "mms": "MMS", "score": "Points", "wins": "Wins",
          "rating": "Rating"}
# What a round without a game counts in SOS and SOSOS, by ``sos_unplayed``.
UNPLAYED_RULES = {
    "own": "counts in SOS as an opponent with the player's own McMahon score and in SOSOS with "
           "the player's own SOS",
    "initial": "counts in SOS as an opponent with the player's initial McMahon score and in SOSOS "
               "as that score times the rounds played so far (OpenGotha's McMahon rule)",
    "zero": "counts 0 in SOS and SOSOS (OpenGotha's rule for Swiss events)",
}


def unplayed_text(settings: Settings) -> str:
    """The legend's paragraph on byes, missed rounds, forfeits and pending games."""
    text = (f"A bye or a missed round {UNPLAYED_RULES[settings.sos_unplayed]}, and adds nothing to "
            f"SODOS. A bye scores {display(settings.bye_score)} and a round the player missed "
            f"{display(settings.absent_score)} (after a withdrawal: 0). A game won by forfeit "
            "counts as played; a game whose result is not in yet counts in none.")
    return text + (" In a handicap game White counts Black's score plus the handicap and Black "
                   "counts White's score minus it." if settings.handicap else "")


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
    handicap: int = 0
    komi: float | None = None

    @property
    def terms(self) -> str:
        return terms(self.handicap, self.komi)

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
    tiebreaks: dict[str, float | None]
    withdrawn: int | None = None  # the last round played, once the player has withdrawn
    colours: tuple[int, int] = (0, 0)  # games as Black (Sente) and as White (Gote)
    absent: tuple[int, ...] = ()       # rounds missed before any withdrawal (scored absent_score)

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
        """``standings-<n>.json`` of the contract, with each player's colours so far."""
        return {
            "round": self.round,
            "complete": self.pending == 0,
            "standings": [
                {"place": s.place, "player": s.player, "score": s.score, "wins": s.wins,
                 "tiebreaks": dict(s.tiebreaks),
                 "colours": {"black": s.colours[0], "white": s.colours[1]},
                 **({"absent": list(s.absent)} if s.absent else {}),
                 **({"withdrawn": s.withdrawn} if s.withdrawn is not None else {})}
                for s in self.lines
            ],
        }


def histories(players: Iterable[Player], rounds: list[Round],
              settings: Settings) -> dict[str, list[Entry]]:
    """Every player's rounds, one entry per round file, in round order.

    A round without the player scores ``absent_score``, or nothing once they have withdrawn.
    """
    found: dict[str, list[Entry]] = {p.id: [] for p in players}
    for rnd in rounds:
        seen: set[str] = set()
        for game in rnd.games:
            assert game.white is not None
            points = game.points()
            for me, other, black, index in ((game.black, game.white, True, 0),
                                            (game.white, game.black, False, 1)):
                mine = None if points is None else points[index]
                found[me].append(Entry(rnd.number, "game", other, game.table, black, game.result,
                                       mine, game.forfeit, game.handicap, game.komi))
                seen.add(me)
        for game in rnd.byes:
            found[game.black].append(Entry(rnd.number, "bye", points=settings.bye_score))
            seen.add(game.black)
        for player, entries in found.items():
            if player not in seen:
                gone = settings.withdrawn.get(player, rnd.number) < rnd.number
                entries.append(Entry(rnd.number, "absent",
                                     points=0.0 if gone else settings.absent_score))
    return found


def compute(players: list[Player], rounds: list[Round], grouping: Grouping, settings: Settings,
            after: int, history: dict[str, list[Entry]] | None = None) -> Standings:
    """The standings after round ``after`` from the round files up to it (``history``: their
    :func:`histories`, when the caller has it already).

    Players withdrawn by then (``settings.withdrawn``) keep their place and are marked,
    so their opponents' tiebreaks keep their games.
    """
    gone = {p: last for p, last in settings.withdrawn.items() if last <= after}
    played = [r for r in rounds if r.number <= after]
    if history is None:
        history = histories(players, played, settings)
    start = initial_scores(grouping, after + 1)
    tiebreaks = settings.tiebreaks
    values = _values(players, history, start, settings, after, set(tiebreaks))
    score = values["mms"]
    names = {p.id: (p.name.casefold(), p.id) for p in players}
    if "dc" in tiebreaks:
        before = tiebreaks[:tiebreaks.index("dc")]
        values["dc"] = _direct_confrontation(
            history, lambda p: (score[p], *(values[t][p] for t in before)))
    criteria = {p: (score[p], *(values[t][p] for t in tiebreaks)) for p in history}
    order = sorted(history, key=lambda p: ([descending(c) for c in criteria[p]], names[p]))
    lines: list[Standing] = []
    for index, player in enumerate(order):
        equal_above = index > 0 and criteria[order[index - 1]] == criteria[player]
        equal_below = index + 1 < len(order) and criteria[order[index + 1]] == criteria[player]
        place = lines[-1].place if equal_above else index + 1
        games = [e for e in history[player] if e.opponent]
        colours = (sum(e.black for e in games), sum(not e.black for e in games))
        last = settings.withdrawn.get(player, after)
        missed = tuple(e.round for e in history[player] if e.kind == "absent" and e.round <= last)
        lines.append(Standing(player, place, equal_above or equal_below, score[player],
                              values["wins"][player], {t: values[t][player] for t in tiebreaks},
                              gone.get(player), colours, missed))
    pending = sum(len(r.pending) for r in played)
    return Standings(after, lines, list(tiebreaks), pending)


class RoundByRound(Sequence[Standings]):
    """The standings after each round file, in order, each computed when first read and kept.

    A build's pages read them all, but ``pair`` needs only the standings after the round
    before the one it pairs, and the archive's status line only the latest: neither pays
    for the others. Every round's standings take their slice of one :func:`histories`.
    """

    def __init__(self, players: list[Player], rounds: list[Round], grouping: Grouping,
                 settings: Settings):
        self.players, self.rounds, self.grouping, self.settings = players, rounds, grouping, settings
        self._computed: dict[int, Standings] = {}

    @cached_property
    def history(self) -> dict[str, list[Entry]]:
        """Every player's entries, one a round file (see :func:`histories`)."""
        return histories(self.players, self.rounds, self.settings)

    def history_after(self, played: int) -> dict[str, list[Entry]]:
        """Every player's entries of the first ``played`` round files."""
        if played >= len(self.rounds):
            return self.history
        return {p: entries[:played] for p, entries in self.history.items()}

    def __len__(self) -> int:
        return len(self.rounds)

    @overload
    def __getitem__(self, index: int) -> Standings: ...

    @overload
    def __getitem__(self, index: slice) -> list[Standings]: ...

    def __getitem__(self, index: int | slice) -> Standings | list[Standings]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError(index)
        if position not in self._computed:
            self._computed[position] = compute(self.players, self.rounds, self.grouping, self.settings,
                                               self.rounds[position].number,
                                               self.history_after(position + 1))
        return self._computed[position]


def _values(players: list[Player], history: dict[str, list[Entry]], start: dict[str, int],
            settings: Settings, after: int, wanted: set[str]) -> dict[str, dict]:
    """The McMahon score, wins and every ``wanted`` criterion but DC for every player (see the
    module's docstring); criteria nobody asked for are not computed."""
    wins = {p: sum((e.points or 0.0 for e in entries if e.kind != "absent"), 0.0)
            for p, entries in history.items()}
    points = {p: sum((e.points or 0.0 for e in entries), 0.0) for p, entries in history.items()}
    mms = {p: start[p] + points[p] for p in history}
    values: dict[str, dict] = {"mms": mms, "score": points, "wins": wins}
    rule = settings.sos_unplayed
    if wanted & {"sos", "sos-1", "sos-2", "mos", "sosos"}:
        unplayed = {p: mms[p] if rule == "own" else float(start[p]) if rule == "initial" else 0.0
                    for p in history}
        # The score each counted round puts into SOS, handicaps counted.
        opponents = {p: [(mms[e.opponent] + (-e.handicap if e.black else e.handicap)) if e.opponent
                         else unplayed[p] for e in entries if e.points is not None]
                     for p, entries in history.items()}
        sos = {p: sum(v, 0.0) for p, v in opponents.items()}
        values["sos"] = sos
        for name, low, high in (("sos-1", 1, 0), ("sos-2", 2, 0), ("mos", 1, 1)):
            if name in wanted:
                values[name] = {p: _without(v, low, high) for p, v in opponents.items()}
        if "sosos" in wanted:
            own = {p: sos[p] if rule == "own" else float(start[p] * after) if rule == "initial" else 0.0
                   for p in history}
            values["sosos"] = {p: sum((sos[e.opponent] if e.opponent else own[p]
                                       for e in entries if e.points is not None), 0.0)
                               for p, entries in history.items()}
    if "cuss" in wanted:
        values["cuss"] = {p: _cumulative(start[p], entries) for p, entries in history.items()}
    if "sodos" in wanted:
        values["sodos"] = {p: sum(((e.points or 0.0) * (mms[e.opponent] + (-e.handicap if e.black
                                                                           else e.handicap))
                                   for e in entries if e.opponent), 0.0)
                           for p, entries in history.items()}
    if "rating" in wanted:
        values["rating"] = {p.id: None if p.rating is None else float(p.rating) for p in players}
    return values


def _without(values: list[float], low: int, high: int) -> float:
    """The sum without the ``low`` lowest and ``high`` highest values (0 if nothing is left)."""
    if len(values) <= low + high:
        return 0.0
    ordered = sorted(values)
    return sum(ordered[low:len(ordered) - high], 0.0)


def _cumulative(start: int, entries: list[Entry]) -> float:
    """CUSS: the McMahon score after each round, added up."""
    total, running = 0.0, float(start)
    for entry in entries:
        running += entry.points or 0.0
        total += running
    return total


def _direct_confrontation(history: dict[str, list[Entry]],
                          before: Callable[[str], tuple]) -> dict[str, float | None]:
    """DC: points won in games against the players equal on every criterion before DC.

    Forfeits are not games between them; a player equal with nobody has 0.
    """
    tied: dict[tuple, set[str]] = defaultdict(set)
    key_of = {p: before(p) for p in history}
    for player, key in key_of.items():
        tied[key].add(player)
    return {p: sum((e.points or 0.0 for e in entries
                    if e.opponent in tied[key_of[p]] and not e.forfeit), 0.0)
            for p, entries in history.items()}


def descending(value: float | None) -> tuple[bool, float]:
    """A sort key putting higher values first and a missing value (unrated) after all."""
    return (value is None, -(value or 0.0))


def initial_scores(grouping: Grouping, round_number: int) -> dict[str, int]:
    """Every player's initial McMahon score for ``round_number``, in one pass over the groups."""
    scores = {pid: group.initial_score + grouping.corrections.get(pid, 0)
              for group in grouping.groups for pid in group.players}
    for promotion in grouping.promotions:
        scores[promotion.player] = grouping.initial_score(promotion.player, round_number)
    return scores


def display(value: float | None) -> str:
    """A score as a director writes it: 3, 3½, -1½; nothing known (an unrated player): –."""
    if value is None:
        return "–"
    whole = int(value)
    if value == whole:
        return str(whole)
    if abs(value - whole) == 0.5:
        return f"{'-' if value < 0 and whole == 0 else ''}{whole if whole else ''}½"
    return f"{value:g}"


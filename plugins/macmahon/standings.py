"""Standings after each round: McMahon score, wins and the tiebreaks, with shared places.

Tiebreaks are computed on the McMahon score, as OpenGotha does, with the EGF's definitions:

- SOS: the sum of the opponents' McMahon scores; SOS-1 and SOS-2 leave out the lowest one or
  two, MOS the highest and the lowest;
- SOSOS: the sum of the opponents' SOS;
- SODOS: the sum of the McMahon scores of the opponents the player beat (half for a draw);
- CUSS: the sum of the player's McMahon scores after each round;
- DC and SDC: OpenGotha's direct confrontation and its simplified form among players equal
  on everything before it (:func:`_direct_confrontation`).

A bye and a missed round add ``bye_score`` and ``absent_score`` to the McMahon score and
``bye_wins`` and ``absent_wins`` to the wins; with ``round_down`` their sum is rounded down to
whole points after each round, as OpenGotha's ``genRoundDownNBWMMS`` does. In a handicap game
of a McMahon event an opponent's score counts with the handicap, as in OpenGotha's SOSM:
White counts Black's score plus the stones, Black counts White's score minus them (a Swiss
event counts wins, like OpenGotha's SOSW, without them). A round without a game counts in SOS
as the event's ``sos_unplayed`` says (:data:`UNPLAYED_RULES`) and adds nothing to SODOS. A
game won by forfeit counts like a played game (but not in DC); a game whose result is not in
yet counts in no tiebreak.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from functools import cached_property, partial
from operator import attrgetter
from typing import overload

from plugins.macmahon.grouping import Grouping
from plugins.macmahon.kept import kept_entries, kept_or_computed, running_digests
from plugins.macmahon.rounds import Round
from plugins.macmahon.settings import Settings
from publisher.build.kept import Kept
from publisher.languages import Message, message, sentences
from publisher.model import Player

# One line per tiebreak, for every standings page's legend.
SCORE_LEGEND = message("McMahon score: the starting score of the player's group plus a point a win "
                       "(half a point a draw, the bye's value for a bye, the absent score for a round "
                       "missed).")
LEGEND: dict[str, Message] = {
    "mms": message("McMahon score again (the first criterion), as OpenGotha lists it."),
    "score": message("Points won without the starting score: games, byes and rounds missed."),
    "wins": message("Wins (OpenGotha's NBW): points won in the games, with what the event counts a bye "
                    "and a missed round in the wins, without the starting score."),
    "sos": message("Sum of Opponents' Scores: the McMahon scores of everyone the player met."),
    "sos-1": message("SOS without the lowest of the opponents' scores."),
    "sos-2": message("SOS without the two lowest of the opponents' scores."),
    "mos": message("Median of Opponents' Scores: SOS without the highest and the lowest opponent's "
                   "score."),
    "cuss": message("Cumulative Sum of Scores: the player's McMahon scores after each round, added up "
                    "(early wins count more)."),
    "dc": message("Direct Confrontation: among players equal on everything before it, a player who beat "
                  "another is placed above them (and above everyone placed below them); the number is "
                  "the places from the bottom of those equal players."),
    "sdc": message("Simplified Direct Confrontation: among players equal on everything before it, who "
                   "have all met each other, the number of the others each one beat (0 for all if any "
                   "two did not meet or are even)."),
    "sosos": message("Sum of Opponents' SOS: how strong the opponents' opponents were."),
    "sodos": message("Sum of Defeated Opponents' Scores: the McMahon scores of the opponents the player "
                     "beat (half for a draw)."),
    "rating": message("The player's rating in players.csv: higher is placed first, unrated players "
                      "last."),
}
# The tiebreaks' names as the columns head them (the abbreviations are the EGF's).
LABELS: dict[str, Message] = {
    "sos": message("SOS"), "sos-1": message("SOS-1"), "sos-2": message("SOS-2"), "mos": message("MOS"),
    "cuss": message("CUSS"), "dc": message("DC"), "sdc": message("SDC"), "sosos": message("SOSOS"),
    "sodos": message("SODOS"), "mms": message("MMS"), "score": message("Points"),
    "wins": message("Wins"), "rating": message("Rating")}
# What a bye or a missed round counts in SOS and SOSOS, by ``sos_unplayed``: the legend's first sentence.
UNPLAYED_RULES = {
    "own": message("A bye or a missed round counts in SOS as an opponent with the player's own McMahon "
                   "score and in SOSOS with the player's own SOS, and adds nothing to SODOS."),
    "initial": message("A bye or a missed round counts in SOS as an opponent with the player's initial "
                       "McMahon score and in SOSOS as that score times the rounds played so far "
                       "(OpenGotha's McMahon rule), and adds nothing to SODOS."),
    "zero": message("A bye or a missed round counts 0 in SOS and SOSOS (OpenGotha's rule for Swiss "
                    "events), and adds nothing to SODOS."),
}


def unplayed_text(settings: Settings) -> str:
    """The legend's paragraph on byes, missed rounds, forfeits and pending games."""
    bye_wins = settings.bye_score if settings.bye_wins is None else settings.bye_wins
    return sentences([
        UNPLAYED_RULES[settings.sos_unplayed],
        message("A bye scores %(bye)s and a round the player missed %(absent)s (after a withdrawal: 0).",
                bye=display(settings.bye_score), absent=display(settings.absent_score)),
        message("In the wins a bye counts %(bye)s and a missed round %(absent)s.",
                bye=display(bye_wins), absent=display(settings.absent_wins))
        if (bye_wins, settings.absent_wins) != (settings.bye_score, 0.0) else "",
        message("What byes and missed rounds add up to is rounded down to whole points "
                "(one missed round at ½ adds 0, two add 1).") if settings.round_down else "",
        message("A game won by forfeit counts as played; a game whose result is not in yet counts in "
                "none."),
        message("In a handicap game White counts Black's score plus the handicap and Black counts "
                "White's score minus it.")
        if settings.handicap and settings.system == "macmahon" else ""])


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
    wins: float | None = 0.0  # what the round adds to the wins: ``points`` for a game

    @property
    def mark(self) -> str:
        """A game's result from the player's side: + win, - loss, = draw, ? not in yet."""
        if self.points is None:
            return "?"
        mark = "+" if self.points == 1 else "=" if self.points == 0.5 else "-"
        return mark + ("!" if self.forfeit else "")

    def __reduce__(self) -> tuple:
        """Pickled as its fields in order: a page's key pickles every entry of a player's
        page, and a slotted dataclass's own state is made field by field in Python."""
        return Entry, _entry_fields(self)


_entry_fields = attrgetter(*(f.name for f in fields(Entry)))


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

    def __reduce__(self) -> tuple:
        """Pickled as its fields in order, like :class:`Entry`: a page's key pickles the
        player's line (and the crosstable's key every line), and a dict of state pickles
        its field names again in every line."""
        return Standing, _standing_fields(self)


_standing_fields = attrgetter(*(f.name for f in fields(Standing)))


@dataclass
class Standings:
    """The standings after round ``round``; ``pending`` counts its games without a result."""

    round: int
    lines: list[Standing]
    tiebreaks: list[str]
    pending: int = 0

    def __reduce__(self) -> tuple:
        """Pickled as its fields, without ``by_player``, which is made from them."""
        return Standings, (self.round, self.lines, self.tiebreaks, self.pending)

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
              settings: Settings, kept: Kept | None = None) -> dict[str, list[Entry]]:
    """Every player's rounds, one entry per round file, in round order.

    A round without the player scores ``absent_score`` (``absent_wins`` in the wins), or
    nothing once they have withdrawn. Each round's entries are kept between builds
    (:func:`~plugins.macmahon.kept.kept_entries`): a save in round 7 makes round 7's only.
    """
    ids = tuple(p.id for p in players)
    found: dict[str, list[Entry]] = {p: [] for p in ids}
    bye_wins = settings.bye_score if settings.bye_wins is None else settings.bye_wins
    inputs = (ids, settings.bye_score, bye_wins, settings.absent_score, settings.absent_wins,
              tuple(settings.withdrawn.items()))
    for rnd in rounds:
        made = partial(_round_entries, ids, rnd, settings, bye_wins)
        for player, entry in kept_entries(kept, rnd, inputs, made):
            found[player].append(entry)
    return found


def _round_entries(ids: tuple[str, ...], rnd: Round, settings: Settings,
                   bye_wins: float) -> list[tuple[str, Entry]]:
    """Round ``rnd``'s entry of every player of ``ids``: their game, bye or absence."""
    made: list[tuple[str, Entry]] = []
    seen: set[str] = set()
    for game in rnd.games:
        assert game.white is not None
        points = game.points()
        for me, other, black, index in ((game.black, game.white, True, 0),
                                        (game.white, game.black, False, 1)):
            mine = None if points is None else points[index]
            made.append((me, Entry(rnd.number, "game", other, game.table, black, game.result,
                                   mine, game.forfeit, game.handicap, game.komi, mine)))
            seen.add(me)
    for game in rnd.byes:
        made.append((game.black, Entry(rnd.number, "bye", points=settings.bye_score, wins=bye_wins)))
        seen.add(game.black)
    for player in ids:
        if player not in seen:
            gone = settings.withdrawn.get(player, rnd.number) < rnd.number
            made.append((player, Entry(rnd.number, "absent",
                                       points=0.0 if gone else settings.absent_score,
                                       wins=0.0 if gone else settings.absent_wins)))
    return made


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
    for name in ("dc", "sdc"):
        if name in tiebreaks:
            at = tiebreaks.index(name)
            before = {p: (score[p], *(values[t][p] for t in tiebreaks[:at])) for p in history}
            later = {p: tuple(values[t][p] for t in tiebreaks[at + 1:]) for p in history}
            values[name] = _direct_confrontation(history, before, later, simplified=name == "sdc")
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
    for the others. Every round's standings take their slice of one :func:`histories`,
    and a table whose inputs an earlier build of the process saw is taken from
    :mod:`plugins.macmahon.kept` (a result saved in round 7 computes rounds 7 on only).
    """

    def __init__(self, players: list[Player], rounds: list[Round], grouping: Grouping,
                 settings: Settings, kept: Kept | None = None):
        self.players, self.rounds, self.grouping, self.settings = players, rounds, grouping, settings
        self.kept = kept
        self._computed: dict[int, Standings] = {}

    @cached_property
    def _digests(self) -> list[bytes] | None:
        return running_digests(
            (self.settings, self.grouping, [(p.id, p.name, p.rating) for p in self.players]),
            ((rnd.number, [g.black for g in rnd.byes],
              [(g.table, g.black, g.white, g.result, g.handicap, g.komi) for g in rnd.games])
             for rnd in self.rounds))

    @cached_property
    def history(self) -> dict[str, list[Entry]]:
        """Every player's entries, one a round file (see :func:`histories`)."""
        return histories(self.players, self.rounds, self.settings, self.kept)

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
            digests = self._digests
            self._computed[position] = kept_or_computed(
                self.kept, digests[position] if digests else None,
                lambda: compute(self.players, self.rounds, self.grouping, self.settings,
                                self.rounds[position].number, self.history_after(position + 1)))
        return self._computed[position]


def _values(players: list[Player], history: dict[str, list[Entry]], start: dict[str, int],
            settings: Settings, after: int, wanted: set[str]) -> dict[str, dict]:
    """The McMahon score, wins and every ``wanted`` criterion but DC for every player (see the
    module's docstring); criteria nobody asked for are not computed."""
    down = settings.round_down
    running = {p: _running(start[p], entries, "points", down) for p, entries in history.items()}
    mms = {p: scores[-1] if scores else float(start[p]) for p, scores in running.items()}
    wins = {p: (_running(0, entries, "wins", down) or [0.0])[-1] for p, entries in history.items()}
    points = {p: mms[p] - start[p] for p in history}
    values: dict[str, dict] = {"mms": mms, "score": points, "wins": wins}
    rule = settings.sos_unplayed
    # Handicaps count in the McMahon criteria only, as OpenGotha's SOSM does (its SOSW does not).
    stones = settings.system == "macmahon"

    def faced(entry: Entry) -> float:
        """The opponent's score as the player counts it, handicap included."""
        assert entry.opponent is not None
        return mms[entry.opponent] + (entry.handicap * (-1 if entry.black else 1) if stones else 0)

    if wanted & {"sos", "sos-1", "sos-2", "mos", "sosos"}:
        unplayed = {p: mms[p] if rule == "own" else float(start[p]) if rule == "initial" else 0.0
                    for p in history}
        # The score each counted round puts into SOS.
        opponents = {p: [faced(e) if e.opponent else unplayed[p] for e in entries
                         if e.points is not None]
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
        values["cuss"] = {p: sum(scores, 0.0) for p, scores in running.items()}
    if "sodos" in wanted:
        values["sodos"] = {p: sum(((e.points or 0.0) * faced(e) for e in entries if e.opponent), 0.0)
                           for p, entries in history.items()}
    if "rating" in wanted:
        values["rating"] = {p.id: None if p.rating is None else float(p.rating) for p in players}
    return values


def _running(start: int, entries: list[Entry], field: str, round_down: bool) -> list[float]:
    """The score after each round: ``start``, the games' points and what the byes and missed
    rounds are worth, that last sum rounded down to whole points when ``round_down`` says so
    (OpenGotha's ``genRoundDownNBWMMS``: one absence at ½ adds 0, two add 1)."""
    games = unplayed = 0.0
    found: list[float] = []
    for entry in entries:
        value = getattr(entry, field) or 0.0
        if entry.kind == "game":
            games += value
        else:
            unplayed += value
        found.append(start + games + (math.floor(unplayed) if round_down else unplayed))
    return found


def _without(values: list[float], low: int, high: int) -> float:
    """The sum without the ``low`` lowest and ``high`` highest values (0 if nothing is left)."""
    if len(values) <= low + high:
        return 0.0
    ordered = sorted(values)
    return sum(ordered[low:len(ordered) - high], 0.0)


def _direct_confrontation(history: dict[str, list[Entry]], before: dict[str, tuple],
                          after: dict[str, tuple], simplified: bool = False) -> dict[str, float]:
    """DC as OpenGotha places players equal on every criterion ``before`` it.

    Among them, a player who beat another (more wins than losses against them, counting
    only games won on the board) goes above them, and so above everyone below them: the
    group is ordered from the bottom, each time taking, of the players who beat nobody
    still unplaced, those worst by the criteria ``after`` DC. Players who beat each other
    round a circle (A beat B, B beat C, C beat A) are one block for that, ordered inside by
    the criteria after DC. DC is the number of places from the bottom of the group's order,
    so it only ever compares players within their group (0 for a player equal with nobody).

    SDC (``simplified``), OpenGotha's simplified direct confrontation: the number of the
    others each player beat, where every two of them have met and one beat the other; 0 for
    the whole group otherwise.
    """
    groups: dict[tuple, list[str]] = defaultdict(list)
    for player in history:
        groups[before[player]].append(player)
    found = dict.fromkeys(history, 0.0)
    for members in groups.values():
        if len(members) > 1 and simplified:
            found.update(_beaten_count(history, members))
        elif len(members) > 1:
            found.update(_confrontation_order(history, members, after))
    return found


def _net_wins(history: dict[str, list[Entry]], members: list[str]) -> dict[tuple[str, str], int]:
    """For each two players of ``members``, the first's wins less losses against the second,
    counting only games won on the board (no forfeit, draw, both won or both lost)."""
    inside = set(members)
    net: dict[tuple[str, str], int] = defaultdict(int)
    for player in members:
        for entry in history[player]:
            if entry.opponent in inside and not entry.forfeit and entry.points in (0.0, 1.0):
                theirs = next(e for e in history[entry.opponent]
                              if e.round == entry.round and e.opponent == player)
                if theirs.points == 1.0 - entry.points:  # not both won or both lost
                    net[player, entry.opponent] += 1 if entry.points else -1
    return net


def _beaten_count(history: dict[str, list[Entry]], members: list[str]) -> dict[str, float]:
    """SDC for one group (see :func:`_direct_confrontation`)."""
    net = _net_wins(history, members)
    if any(not net.get((p, q)) for p in members for q in members if p != q):
        return dict.fromkeys(members, 0.0)
    return {p: float(sum(net[p, q] > 0 for q in members if q != p)) for p in members}


def _confrontation_order(history: dict[str, list[Entry]], members: list[str],
                         after: dict[str, tuple]) -> dict[str, float]:
    """DC for one group of players equal before it (see :func:`_direct_confrontation`)."""
    import networkx as nx  # here: only events ranking by DC need it

    net = _net_wins(history, members)
    beaten = nx.DiGraph()  # an edge from the loser to the winner
    beaten.add_nodes_from(members)
    beaten.add_edges_from((loser, winner) for (winner, loser), balance in net.items() if balance > 0)
    blocks = nx.condensation(beaten)
    block = blocks.graph["mapping"]
    # A player is free to be placed at the bottom once nobody they beat is left unplaced.
    below = {b: set(blocks.predecessors(b)) for b in blocks}
    worst = {p: [descending(v) for v in after[p]] for p in members}
    left = set(members)
    rank: dict[str, int] = {}
    while left:
        unplaced = {block[p] for p in left}
        free = [p for p in left if not below[block[p]] & unplaced - {block[p]}]
        key = max(worst[p] for p in free)
        placed = [p for p in free if worst[p] == key]
        for player in placed:
            rank[player] = 1 + len(left) - len(placed)
        left -= set(placed)
    bottom = max(rank.values())
    return {p: float(bottom - rank[p]) for p in members}


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


"""Pairing one round the way Go McMahon tournaments do, with a reason for every exception.

The field arrives in pairing order (score, then the event's order inside a score).
Score groups are paired from the top down by the strategy; a player who has
already met everyone the strategy could still give them, or is left over in an
odd group, goes down and plays at the top of the next group. If the draw
corners itself at the bottom (the last players left have all met), the bottom of
the field is re-paired by a minimum-cost perfect matching (:mod:`.repair`).
Where the draw crosses score groups more than it must, :mod:`.optimise` re-pairs
around it; then tables of a score group trade opponents to avoid same-club or
same-country games (where the event asks) and games that leave colours off balance.
Every float, bye and departure from the strategy gets a sentence a director can
read out to a player: a Message, which the round file keeps in the championship's language.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import groupby

from plugins.macmahon.colours import imbalance, seat
from plugins.macmahon.optimise import exchange, optimise
from plugins.macmahon.repair import AVOID_COST, COLOUR_COST, Pair, repair
from plugins.macmahon.settings import Handicap
from plugins.macmahon.standings import display
from plugins.macmahon.words import seat_names
from publisher.languages import Message, message, names_in_sentence, plural_message, sentences

STRATEGY_PAIRS = {
    "simple": "a seeded draw inside each score group",
    "fold": "top against bottom (1-8, 2-7, 3-6, 4-5)",
    "split": "top half against bottom half (1-5, 2-6, 3-7, 4-8)",
    "adjacent": "neighbours (1-2, 3-4, ...)",
}


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing sees them: current McMahon score, past opponents, byes had."""

    id: str
    score: float
    met: frozenset[str] = frozenset()
    byes: int = 0
    level: int | None = None  # the handicap level (see colours.level); None without handicaps
    balance: int = 0          # games as White less games as Black, in even games so far
    met_twice: frozenset[str] = frozenset()  # opponents met twice or more
    club: str = ""
    country: str = ""


@dataclass
class Table:
    """A game of the pairing: ``black`` is player1 (Black in Go, Sente in shogi)."""

    number: int
    black: str
    white: str
    note: str = ""
    repeat: bool = False
    handicap: int = 0
    komi: float | None = None
    colour_note: str = ""


@dataclass
class Pairing:
    """The pairing of one round, its bye and the reasons for everything unusual."""

    tables: list[Table]
    bye: str | None = None
    bye_note: str = ""

    @property
    def repeats(self) -> list[Table]:
        return [t for t in self.tables if t.repeat]

    def explanations(self) -> list[str]:
        """Every reason, table by table, for the ``pair`` command to print."""
        lines = [f"Table {t.number}: {t.note}" for t in self.tables if t.note]
        if self.bye:
            lines.append(f"Bye: {self.bye_note}")
        return lines


def pair(field_order: list[Entrant], strategy: str, seed: str,
         label: Callable[[str], str] = str, handicap: Handicap | None = None,
         game: str = "go", avoid: tuple[str, ...] = ()) -> Pairing:
    """Pair ``field_order`` (already in pairing order) by ``strategy``.

    ``seed`` makes the draws (``simple`` groups, colours) reproducible; ``label``
    turns an id into what the explanations call the player (their name). Handicaps
    and colours follow :mod:`.colours`. ``avoid`` names what two opponents should not
    share where that costs no score difference: ``"club"``, ``"country"`` or both.
    """
    best: Pairing | None = None
    for bye, bye_note in _bye_candidates(field_order, label):
        rest = [e for e in field_order if e.id != (bye.id if bye else None)]
        secondary = _Secondary({e.id: e for e in rest}, handicap, avoid, label, game)
        pairing = _pair_even(rest, strategy, seed, secondary)
        pairing.bye, pairing.bye_note = (bye.id, bye_note) if bye else (None, "")
        if not pairing.repeats:
            return pairing
        best = best or pairing
    assert best is not None
    return best


def _bye_candidates(field_order: list[Entrant],
                    label: Callable[[str], str]) -> Iterator[tuple[Entrant | None, str]]:
    """Who may get the bye, best first: the lowest player who has not had one.

    Later candidates are only tried when the first leaves no pairing without repeats;
    a player who has had a bye is a candidate only once everyone has had one.
    """
    if len(field_order) % 2 == 0:
        yield None, ""
        return
    had = [e for e in reversed(field_order) if e.byes]
    fresh = [e for e in reversed(field_order) if not e.byes]
    for number, entrant in enumerate(fresh):
        below = [label(e.id) for e in had if field_order.index(e) > field_order.index(entrant)]
        yield entrant, _bye_note(label(entrant.id), below, went_up=bool(number))
    if fresh:  # a second bye only when everyone has had one, even at the price of a repeat
        return
    for entrant in sorted(reversed(field_order), key=lambda e: e.byes):
        yield entrant, message("%(player)s gets a second bye: everyone has had one, and %(player)s is "
                               "the lowest of those with the fewest.", player=label(entrant.id))


def _bye_note(player: str, below: list[str], went_up: bool) -> Message:
    """Why ``player`` gets the bye: the lowest in the order, or the lowest without a bye
    (``below`` had one), and whether it ``went_up`` past players who could not have it."""
    if below and went_up:
        return message("%(player)s gets the bye as the lowest in the order who has not had one "
                       "(%(had)s had a bye already); the players below could not be given the bye "
                       "without a repeated game, so it went up.", player=player, had=names_in_sentence(below))
    if below:
        return message("%(player)s gets the bye as the lowest in the order who has not had one "
                       "(%(had)s had a bye already).", player=player, had=names_in_sentence(below))
    if went_up:
        return message("%(player)s gets the bye as the lowest in the order; the players below could "
                       "not be given the bye without a repeated game, so it went up.", player=player)
    return message("%(player)s gets the bye as the lowest in the order.", player=player)


@dataclass(frozen=True)
class _Secondary:
    """What a pair costs below its repeats and score difference, and how to say why: a club
    or country the two share (where the event avoids it), then the colour imbalance the
    game would leave (:func:`.colours.imbalance`)."""

    by_id: dict[str, Entrant]
    handicap: Handicap | None
    avoid: tuple[str, ...]
    label: Callable[[str], str]
    game: str

    def __call__(self, a: str, b: str) -> int:
        pa, pb = self.by_id[a], self.by_id[b]
        shared = sum(1 for what in self.avoid if getattr(pa, what) and getattr(pa, what) == getattr(pb, what))
        return AVOID_COST * shared + COLOUR_COST * imbalance(pa, pb, self.handicap)

    def shared(self, a: str, b: str) -> list[Message]:
        """What of ``avoid`` the two players share, as a note names it ("club Kyoto")."""
        pa, pb = self.by_id[a], self.by_id[b]
        return [message("club %(club)s", club=pa.club) if what == "club"
                else message("country %(country)s", country=pa.country)
                for what in self.avoid if getattr(pa, what) and getattr(pa, what) == getattr(pb, what)]

    def why(self, a: str, b: str) -> Message:
        """Why ``a`` and ``b`` make a poor table, for a pair that costs something: the part of
        a sentence before ", so ..." or ": ..."."""
        name = self.label
        shared = self.shared(a, b)
        if shared:
            return message("%(player)s and %(other)s are both of %(shared)s", player=name(a), other=name(b),
                           shared=names_in_sentence(shared))
        pa, pb = self.by_id[a], self.by_id[b]
        black, white = seat_names(self.game)
        if pa.balance * pb.balance > 0:
            return message("%(player)s and %(other)s have both had %(colour)s more often", player=name(a),
                           other=name(b), colour=white if pa.balance > 0 else black)
        off = pa if abs(pa.balance) > abs(pb.balance) else pb
        more, less = (white, black) if off.balance > 0 else (black, white)
        return plural_message("%(player)s has had %(more)s %(num)d game more often than %(less)s",
                              "%(player)s has had %(more)s %(num)d games more often than %(less)s",
                              abs(off.balance), player=name(off.id), more=more, less=less)

    def traded(self, first: Pair, second: Pair) -> Message:
        """The note of two tables that traded opponents: what was wrong with the first."""
        name = self.label
        return message("%(why)s, so they play %(player)s and %(other)s of the same score instead.",
                       why=self.why(first.a, first.b), player=name(second.a), other=name(second.b))

    def unavoided(self, a: str, b: str) -> Message:
        """The note of a table whose players share what the event avoids, though it is avoided."""
        return message("%(why)s: no pairing found without a repeated game or a larger sum of score "
                       "differences avoids it.", why=self.why(a, b))


def _pair_even(field_order: list[Entrant], strategy: str, seed: str, secondary: _Secondary) -> Pairing:
    label, handicap, game = secondary.label, secondary.handicap, secondary.game
    by_id = {e.id: e for e in field_order}
    draw = _Draw(label, {e.id: i for i, e in enumerate(field_order)}, by_id,
                 _strategy_cost(field_order, strategy), secondary)
    left = _greedy(draw, field_order, strategy, random.Random(f"{seed}:draw"))
    if left:
        for player in left:  # the repair's note replaces "went down to the bottom of the field"
            draw.reasons[player].pop()
        names = [label(x) for x in left]
        cornered = (message("%(player)s and %(other)s were left at the bottom of the draw and had already "
                            "played each other", player=names[0], other=names[1]) if len(names) == 2 else
                    message("The draw left %(players)s at the bottom with nobody left they had not played",
                            players=names_in_sentence(names)))
        draw.repair(left, partial(_repaired_bottom, cornered), spare=False, last_resort=True)
    pairs = optimise(draw.pairs, by_id, draw.position, draw.strategy_cost, secondary, _optimised)
    pairs = exchange(pairs, by_id, draw.position, draw.strategy_cost, secondary, secondary.traded)
    pairs.sort(key=lambda p: (-max(by_id[p.a].score, by_id[p.b].score),
                              min(draw.position[p.a], draw.position[p.b])))
    colours = random.Random(f"{seed}:colours")
    tables = []
    for number, p in enumerate(pairs, 1):
        seating = seat(by_id[p.a], by_id[p.b], handicap, colours, game, label)
        notes = [*p.notes, secondary.unavoided(p.a, p.b)] if secondary.shared(p.a, p.b) else p.notes
        tables.append(Table(number, seating.black, seating.white, sentences(notes), p.b in by_id[p.a].met,
                            seating.handicap, seating.komi, seating.note))
    return Pairing(tables)


def _repaired_bottom(cornered: Message, players: int) -> Message:
    """The note of the new tables of a repair at the bottom of the field."""
    return plural_message("%(cornered)s, so the bottom %(num)d player was re-paired by a minimum-cost "
                          "matching that keeps scores equal and stays as close to the strategy as it can.",
                          "%(cornered)s, so the bottom %(num)d players were re-paired by a minimum-cost "
                          "matching that keeps scores equal and stays as close to the strategy as it can.",
                          players, cornered=cornered)


def _repaired_group(cornered: Message, players: int) -> Message:
    """The note of the new tables of a score group re-paired inside itself."""
    return plural_message("%(cornered)s, so %(num)d player of the group was re-paired by a minimum-cost "
                          "matching that keeps them in the group and stays as close to the strategy as "
                          "it can.",
                          "%(cornered)s, so %(num)d players of the group were re-paired by a minimum-cost "
                          "matching that keeps them in the group and stays as close to the strategy as "
                          "it can.", players, cornered=cornered)


def _optimised(players: int, saved: str) -> Message:
    """The note of the new tables of a window re-paired to lower the score differences."""
    return plural_message("The %(num)d player around this score group was re-paired by a minimum-cost "
                          "matching, which lowers the sum of the score differences over the tables by "
                          "%(saved)s.",
                          "The %(num)d players around this score group were re-paired by a minimum-cost "
                          "matching, which lowers the sum of the score differences over the tables by "
                          "%(saved)s.", players, saved=saved)


@dataclass
class _Draw:
    """The draw's working state: the pairs made and each player's reasons so far."""

    label: Callable[[str], str]
    position: dict[str, int]
    by_id: dict[str, Entrant]
    strategy_cost: Callable[[str, str], int]
    secondary: Callable[[str, str], int]
    pairs: list[Pair] = field(default_factory=list)
    reasons: dict[str, list[Message]] = field(default_factory=dict)

    def add(self, a: str, b: str, note: Message | None = None) -> None:
        notes = [*self.reasons.pop(a, []), *self.reasons.pop(b, [])]
        self.pairs.append(Pair(a, b, [*notes, note] if note else notes))

    def goes_down(self, player: str, why: Message) -> None:
        self.reasons.setdefault(player, []).append(why)

    def repair(self, stuck: list[str], note: Callable[[int], Message], *, spare: bool, last_resort: bool,
               since: int = 0) -> tuple[bool, str | None]:
        """Re-pair ``stuck`` with the pairs made from ``since`` on.

        Returns whether it could be done, and who goes down instead (an odd pool).
        """
        made = self.pairs[since:]
        fixed = repair(made, stuck, self.by_id, self.position, self.strategy_cost, self.secondary, note,
                       self.label, spare=spare, last_resort=last_resort)
        if fixed is None:
            return False, None
        del self.pairs[len(self.pairs) - fixed.replaced:]
        kept = {id(p) for p in made}
        for pair in fixed.pairs:
            if id(pair) not in kept:  # a new pair also tells why its players came down
                pair.notes[:0] = [*self.reasons.pop(pair.a, []), *self.reasons.pop(pair.b, [])]
            self.pairs.append(pair)
        return True, fixed.floater


def _greedy(draw: _Draw, field_order: list[Entrant], strategy: str, rng: random.Random) -> list[str]:
    """Pair score group after score group from the top; return who is left at the bottom."""
    floaters: list[Entrant] = []
    groups = [list(g) for _, g in groupby(field_order, key=lambda e: e.score)]
    for number, members in enumerate(groups):
        if strategy == "simple":
            rng.shuffle(members)
        pool = floaters + members
        odd, since = len(pool) % 2, len(draw.pairs)
        score = display(members[0].score)
        below = (message("score group %(score)s", score=display(groups[number + 1][0].score))
                 if number + 1 < len(groups) else message("the bottom of the field"))
        floaters = _pair_group(draw, pool, strategy, score, below)
        if len(floaters) > odd:  # cornered inside the group: re-pair it rather than float more
            floaters = _repair_group(draw, floaters, odd, since, score, below)
    return [e.id for e in floaters]


def _repair_group(draw: _Draw, floaters: list[Entrant], odd: int, since: int, score: str,
                  below: Message) -> list[Entrant]:
    """Re-pair a score group whose draw left more players than its parity sends down.

    Returns who goes down after all: one player of an odd group, or, if the group
    has no better pairing, the same players as before with their reasons.
    """
    label = draw.label
    reasons = {e.id: draw.reasons[e.id].pop() for e in floaters}
    names = [label(e.id) for e in floaters]
    if len(floaters) == 2 and floaters[1].id in floaters[0].met:
        cornered = message("%(player)s and %(other)s were left last in score group %(score)s and had "
                           "already played each other", player=names[0], other=names[1], score=score)
    else:
        cornered = message("The draw of score group %(score)s left %(players)s with nobody left they had "
                           "not played", score=score, players=names_in_sentence(names))
    done, down = draw.repair([e.id for e in floaters], partial(_repaired_group, cornered), spare=bool(odd),
                             last_resort=False, since=since)
    if not done:
        for player, reason in reasons.items():
            draw.goes_down(player, reason)
        return floaters
    if down is None:
        return []
    draw.goes_down(down, _left_over(label(down), score, below))
    return [draw.by_id[down]]


def _left_over(player: str, score: str, below: Message) -> Message:
    """Why ``player`` went down from an odd score group."""
    return message("%(player)s was left over in score group %(score)s (an odd number of players to pair) "
                   "and went down to %(below)s.", player=player, score=score, below=below)


def _pair_group(draw: _Draw, pool: list[Entrant], strategy: str, score: str, below: Message) -> list[Entrant]:
    """Pair one score group (floaters from above first) greedily; return who goes down."""
    label = draw.label
    floaters: list[Entrant] = []
    while pool:
        top = pool[0]
        if len(pool) == 1:
            draw.goes_down(top.id, _left_over(label(top.id), score, below))
            floaters.append(pool.pop())
            break
        skipped: list[str] = []
        for index in _preferences(strategy, len(pool)):
            partner = pool[index]
            if partner.id not in top.met:
                break
            skipped.append(label(partner.id))
        else:
            draw.goes_down(top.id, message("%(player)s had already played everyone left in score group "
                                           "%(score)s and went down to %(below)s.", player=label(top.id),
                                           score=score, below=below))
            floaters.append(pool.pop(0))
            continue
        note = message("%(player)s had already played %(players)s, so %(player)s plays %(partner)s.",
                       player=label(top.id), players=names_in_sentence(skipped),
                       partner=label(partner.id)) if skipped else None
        draw.add(top.id, partner.id, note)
        pool.pop(index)
        pool.pop(0)
    return floaters


def _strategy_cost(field_order: list[Entrant], strategy: str) -> Callable[[str, str], int]:
    """How far a pair of one score group is from the strategy's pairs (0: the strategy's own).

    Each player's distance, in places inside the score group, from the opponent the
    strategy gives them; players of different groups or the ``simple`` draw cost 0.
    """
    where: dict[str, tuple[int, int, float]] = {}
    for score, members in groupby(field_order, key=lambda e: e.score):
        ids = [e.id for e in members]
        where.update((x, (i, len(ids), score)) for i, x in enumerate(ids))

    def ideal(index: int, size: int) -> int:
        if strategy == "fold":
            return size - 1 - index
        if strategy == "split":
            half = (size + 1) // 2
            return index + half if index < half else index - half
        return index + 1 if index % 2 == 0 else index - 1

    def cost(a: str, b: str) -> int:
        (i, size, score_a), (j, _, score_b) = where[a], where[b]
        if strategy == "simple" or score_a != score_b:
            return 0
        return abs(j - ideal(i, size)) + abs(i - ideal(j, size))

    return cost


def _preferences(strategy: str, size: int) -> range | list[int]:
    """Positions in the pool the top player should meet, best first, by the strategy."""
    if strategy == "fold":
        return range(size - 1, 0, -1)
    if strategy == "split":
        middle = (size + 1) // 2
        return [*range(middle, size), *range(middle - 1, 0, -1)]
    return range(1, size)


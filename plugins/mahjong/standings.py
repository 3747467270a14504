"""Standings of a round, the cut and its tie-breaks, and the carry-over into the next round.

Everything is exact (``Fraction``). Equal totals share a rank; only a tie
that straddles the cut is broken: by the biggest winning hand of the round,
then the second biggest and so on to the end, then, among the players whose
equal hands still straddle the cut, by a lottery: the one drawn in the hall
where the director recorded it (``rounds/<n>-lottery.csv``), else one seeded
from the event's seed. Every tied player's place says why on the standings.
Players who withdraw before the next round give their places to the best
players below the cut, tie-breaks and all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import groupby

from plugins.mahjong.rounds import Lottery, Penalty, Scores
from publisher.languages import Number, listed_with_semicolons, message, ordinal
from publisher.problems import ContentError, Problem, Problems

ADVANCED, ELIMINATED, PENDING, WITHDRAWN = "advanced", "eliminated", "pending", "withdrawn"


@dataclass
class Standing:
    """One player's line in a round."""

    player: str
    group: str
    carried: Fraction
    play: Fraction
    hands: list[Fraction]
    rank: int = 0
    status: str = PENDING
    tiebreak: str = ""
    penalties: list[Penalty] = field(default_factory=list)
    replaces: str = ""  # the withdrawn player whose place this one took
    withdrawal: str = ""  # why this player, who qualified, does not play the next round

    @property
    def penalty(self) -> Fraction:
        return sum((p.points for p in self.penalties), Fraction(0))

    @property
    def total(self) -> Fraction:
        return self.carried + self.play - self.penalty


def exact(value: Fraction) -> str:
    """An exact value as the JSON writes it: ``37``, ``-5/2``, ``1151/4``."""
    return str(value)


def display(value: Fraction) -> str:
    """Two decimals, rounded down (towards minus infinity): 287.75, -12.35.

    Integer arithmetic (``//`` rounds towards minus infinity too): a Fraction product
    normalises by a gcd, and a big event's pages write this some hundred thousand times."""
    cents = value.numerator * 100 // value.denominator
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def shown(value: Fraction) -> Number:
    """:func:`display` inside a sentence: written as the page's language writes numbers."""
    return Number(cents(value), 2, display(value))


def cents(value: Fraction) -> Decimal:
    """The value rounded down to the cent, as ``display`` writes it: for a page, whose ``| number(2)``
    writes it as the page's language does (287.75; 287,75)."""
    return Decimal(value.numerator * 100 // value.denominator).scaleb(-2)


def places(ranks: Iterable[int]) -> dict[int, str]:
    """How each rank is written in a list: ``=3`` where players share it, ``3`` otherwise
    (the EMA's way, on every page and screen)."""
    counts = Counter(ranks)
    return {rank: f"={rank}" if count > 1 else str(rank) for rank, count in counts.items()}


def rank_standings(standings: list[Standing], advance: int | None, complete: bool, seed: str,
                   round_number: int, scores: Scores | None, name_of: Callable[[str], str],
                   lottery: Lottery | None = None,
                   withdrawn: dict[str, str] | None = None) -> list[Standing]:
    """Order a round by total, share ranks, apply the cut; returns the ordered list.

    ``advance`` is None in the final. ``standings`` come in field order, which
    orders players with equal totals (they share a rank). ``name_of`` spells a
    player (by id) in the tie-break reasons. ``withdrawn`` (player -> reason)
    are players who qualified but do not play the next round: the cut is drawn
    as if they were not there, so the next players below take their places.
    """
    ordered = sorted(standings, key=lambda s: -s.total)
    for index, standing in enumerate(ordered):
        if index and standing.total == ordered[index - 1].total:
            standing.rank = ordered[index - 1].rank
        else:
            standing.rank = index + 1
    if not complete:
        return ordered
    if advance is None:  # the final has no cut: a shared title stays shared
        for standing in ordered:
            standing.status = ADVANCED if standing.rank == 1 else ELIMINATED
        return ordered
    withdrawn = withdrawn or {}
    staying = [s for s in ordered if s.player not in withdrawn]
    if advance < len(staying) and staying[advance - 1].total == staying[advance].total:
        staying = _break_tie(staying, advance, seed, round_number, scores, name_of, lottery)
    for index, standing in enumerate(staying):
        standing.status = ADVANCED if index < advance else ELIMINATED
    leaving = [s for s in ordered if s.player in withdrawn]
    for standing in leaving:
        standing.status, standing.withdrawal = WITHDRAWN, withdrawn[standing.player]
    ordered = sorted(staying + leaving, key=lambda s: -s.total)  # stable: the tie-break order stays
    below = [s for s in ordered[advance:] if s.status == ADVANCED]
    for replacement, gone in zip(below, leaving, strict=False):
        replacement.replaces = gone.player
    return ordered


def _break_tie(ordered: list[Standing], keep: int, seed: str, round_number: int,
               scores: Scores | None, name_of: Callable[[str], str],
               lottery: Lottery | None) -> list[Standing]:
    """Reorder the players tied across the cut: by their hands, biggest first, then the second
    biggest and so on to the end (a player with no hand left at a step loses to one who has),
    then by lottery, but only among the players whose equal hands still straddle the cut.
    Equal hands wholly above or below the cut decide nothing: those players keep the field
    order, and no lottery is asked of them."""
    total = ordered[keep - 1].total
    tied = [s for s in ordered if s.total == total]
    first = ordered.index(tied[0])
    if scores is not None:
        _check_hands_entered(tied, total, round_number, scores)
    broken: list[Standing] = []
    drawn: list[Standing] = []
    for _, same in groupby(sorted(tied, key=_hand_key, reverse=True), key=_hand_key):
        group = list(same)
        start = first + len(broken)
        if start < keep < start + len(group):
            drawn = group = _draw(group, seed, round_number, total, lottery)
        broken.extend(group)
    if lottery is not None and drawn:
        _check_lottery_listed(lottery, tied, drawn, round_number)
    hall = lottery is not None
    lot = {s.player for s in drawn}
    for index, standing in enumerate(broken):  # the rank stays shared: equal totals
        standing.tiebreak = message(
            "tied on %(total)s across the cut (%(players)s players); winning hands %(hands)s; "
            "place %(place)s of the tie: %(why)s", total=shown(total), players=len(tied),
            hands=_hands_text(standing.hands), place=index + 1,
            why=listed_with_semicolons(_relations(broken, index, first + index < keep, lot, hall, name_of)))
    return ordered[:first] + broken + ordered[first + len(tied):]


def _draw(group: list[Standing], seed: str, round_number: int, total: Fraction,
          lottery: Lottery | None) -> list[Standing]:
    """The order of the players whose equal hands straddle the cut: drawn in the hall where the
    director recorded it, else from the event's seed (the players by id, then shuffled)."""
    if lottery is not None:
        return _hall_order(group, lottery, total, round_number)
    group = sorted(group, key=lambda s: s.player)
    random.Random(f"{seed}:cut:{round_number}").shuffle(group)
    return group


def _relations(broken: list[Standing], index: int, advances: bool, lot: set[str], hall: bool,
               name_of: Callable[[str], str]) -> list[str]:
    """Why a tied player stands where they do: against the player below (the last one: above),
    and against the one above too where that is decided otherwise than the one below, so that
    every step of the tie's order is told by a player it concerns."""
    standing = broken[index]
    above = broken[index - 1] if index else None
    below = broken[index + 1] if index + 1 < len(broken) else None
    said = []
    one_group = (above is not None and below is not None
                 and _hand_key(above) == _hand_key(standing) == _hand_key(below))
    if above is not None and not one_group:
        said.append(_relation(standing, above, False, advances, lot, hall, name_of))
    if below is not None:
        said.append(_relation(standing, below, True, advances, lot, hall, name_of))
    return said


def _relation(one: Standing, other: Standing, ahead: bool, advances: bool, lot: set[str], hall: bool,
              name_of: Callable[[str], str]) -> str:
    """``ahead of B by the 2nd biggest hand (16 against 8)``, ``behind B by seeded lottery (equal
    hands)``, or, for equal hands on one side of the cut, that no lottery is needed. ``hall``:
    the lottery was drawn in the hall."""
    name = name_of(other.player)
    if _hand_key(one) == _hand_key(other) and one.player not in lot:
        if advances:
            return message("level on hands with %(player)s: both advance either way, so no lottery "
                           "decides between them", player=name)
        return message("level on hands with %(player)s: both are out either way, so no lottery "
                       "decides between them", player=name)
    if _hand_key(one) == _hand_key(other):
        return _BY_LOTTERY[ahead, hall](name)
    return _by_hand(one, other, ahead, name)


# Each side of a tie and each way it was broken is a text of its own (word order differs).
_BY_LOTTERY = {
    (True, True): lambda name: message("ahead of %(player)s by a lottery drawn in the hall (equal hands)",
                                       player=name),
    (False, True): lambda name: message("behind %(player)s by a lottery drawn in the hall (equal hands)",
                                        player=name),
    (True, False): lambda name: message("ahead of %(player)s by seeded lottery (equal hands)", player=name),
    (False, False): lambda name: message("behind %(player)s by seeded lottery (equal hands)", player=name),
}


def _check_hands_entered(tied: list[Standing], total: Fraction, round_number: int,
                         scores: Scores) -> None:
    """The hands decide a tie at the cut: a tied player whose hands cell is empty (not entered,
    unlike ``-``: won none) would lose or win by a blank, so the build stops and asks."""
    missing = [s for s in tied if scores.hands_missing.get(s.player)]
    if not missing:
        return
    lines = sorted(line for s in missing for line in scores.hands_missing[s.player])
    players = ", ".join(s.player for s in missing)
    raise ContentError(Problem(
        scores.path,
        f"{', '.join(s.player for s in tied)} are tied on {display(total)} across the cut after "
        f"round {round_number}, and the hands of {players} are not entered",
        f"fill in the hands column on line{'s' if len(lines) > 1 else ''} "
        f"{', '.join(map(str, lines))}: the values of the winning hands of that part, space "
        "separated, or - for a part in which the player won no hands", line=lines[0]))


def _hall_order(group: list[Standing], lottery: Lottery, total: Fraction,
                round_number: int) -> list[Standing]:
    """The players of one lottery in the order drawn in the hall; all of them must be drawn."""
    lottery.used = True
    missing = [s.player for s in group if s.player not in lottery.lines]
    if missing:
        raise ContentError(Problem(
            lottery.path, f"does not list {', '.join(missing)}, tied on {display(total)} across the "
                          f"cut after round {round_number} with equal hands",
            f"list every player of the lottery ({_ids(group)}) in the order drawn, one a line"))
    return sorted(group, key=lambda s: lottery.order.index(s.player))


def _check_lottery_listed(lottery: Lottery, tied: list[Standing], drawn: list[Standing],
                          round_number: int) -> None:
    """A hall lottery may list more than the players it decides, as long as every one is tied
    across the cut and the file's order agrees with the hands; whatever else it lists is named,
    each at its line."""
    hands = {s.player: _hand_key(s) for s in tied}
    fix = f"list only the players whose order the lottery decides ({_ids(drawn)}), in the order drawn"
    problems = Problems()
    before: str | None = None  # the tied player listed last
    for player in lottery.order:
        if player not in hands:
            problems.add(lottery.path, f"lists {player}, who is not tied across the cut after round "
                         f"{round_number}", fix, line=lottery.lines[player])
            continue
        if before is not None and hands[player] > hands[before]:
            problems.add(lottery.path, f"lists {player} after {before}, but the hands put {player} ahead "
                         f"({_hands_text(hands[player])} against {_hands_text(hands[before])})", fix,
                         line=lottery.lines[player])
        before = player
    problems.check()


def _ids(standings: list[Standing]) -> str:
    return ", ".join(sorted(s.player for s in standings))


def _hand_key(standing: Standing) -> list[Fraction]:
    """The hands in the order the tie-break reads them, biggest first: compared as lists, a
    list that goes on beats one that stops (16 16 8 beats 16 16), as the rules say."""
    return sorted(standing.hands, reverse=True)


def _by_hand(one: Standing, other: Standing, ahead: bool, name: str) -> str:
    """``ahead of B by the 2nd biggest hand (16 against 8)``: the first hand in which two players
    differ."""
    a, b = _hand_key(one), _hand_key(other)
    index = next(i for i in range(max(len(a), len(b))) if i >= len(a) or i >= len(b) or a[i] != b[i])
    values = {"player": name, "own": _value(a[index] if index < len(a) else None),
              "other": _value(b[index] if index < len(b) else None)}
    if index == 0 and ahead:
        return message("ahead of %(player)s by the biggest hand (%(own)s against %(other)s)", **values)
    if index == 0:
        return message("behind %(player)s by the biggest hand (%(own)s against %(other)s)", **values)
    if ahead:
        return message("ahead of %(player)s by the %(nth)s biggest hand (%(own)s against %(other)s)",
                       nth=ordinal(index + 1), **values)
    return message("behind %(player)s by the %(nth)s biggest hand (%(own)s against %(other)s)",
                   nth=ordinal(index + 1), **values)


def _value(value: Fraction | None) -> str:
    return message("none") if value is None else exact(value)


def _hands_text(hands: list[Fraction]) -> str:
    return " ".join(exact(h) for h in sorted(hands, reverse=True)) or message("none")


def carry(standing: Standing, rate: Fraction) -> Fraction:
    """What an advancing player takes into the next round: ``rate`` of the running total."""
    return standing.total * rate


@dataclass
class Result:
    """A player's place in the final order of the field."""

    rank: int
    player: str
    eliminated_in: int | None
    total: Fraction
    prize: Fraction


def final_order(finalists: list[Standing], eliminated: dict[int, list[Standing]],
                prizes: list[Fraction], above: int = 0) -> list[Result]:
    """The field's order: the final by total, then each elimination round's losers by their
    total in it, later rounds first. Equal totals share a rank and split the prizes evenly.
    ``above`` counts players still in play, ranked above everyone listed."""
    tiers: list[tuple[int | None, list[Standing]]] = [(None, finalists)]
    tiers += [(number, eliminated[number]) for number in sorted(eliminated, reverse=True)]
    results: list[Result] = []
    for number, standings in tiers:
        ordered = sorted(standings, key=lambda s: -s.total)
        for _, same in groupby(ordered, key=lambda s: s.total):
            group = list(same)
            start = above + len(results)
            pot = sum(prizes[start:start + len(group)], Fraction(0))
            results.extend(Result(start + 1, s.player, number, s.total, pot / len(group))
                           for s in group)
    return results

"""The field in pairing order for a round: who the pairing sees, and in which order.

Round 1 orders each score group by rating, then rank, then id; later rounds by
score, then the event's tiebreaks after the previous round, then rating, rank, id.
A player withdrawn before the round (``[macmahon] withdrawn``) is not in the field,
though their games still count in everyone's tiebreaks.
"""

from __future__ import annotations

import plugins.macmahon.colours as colours
from plugins.macmahon.grouping import Grouping
from plugins.macmahon.pairing import Entrant
from plugins.macmahon.rounds import Round
from plugins.macmahon.settings import Settings
from plugins.macmahon.standings import RoundByRound, descending, initial_scores
from publisher.model import Player


def pairing_order(players: list[Player], rounds: list[Round], grouping: Grouping, settings: Settings,
                  number: int, standings: RoundByRound | None = None) -> list[Entrant]:
    """Every player as an Entrant for round ``number``, in the order the pairing reads them.

    ``standings`` are the event's standings after each of ``rounds``, when the caller has
    them already (a loaded event): the pairing reads the ones after round ``number - 1``.
    """
    if standings is None:
        standings = RoundByRound(players, [r for r in rounds if r.number < number], grouping, settings)
    history = standings.history_after(number - 1)
    previous = standings[number - 2] if number > 1 else None

    start = initial_scores(grouping, number)

    def key(player: Player) -> tuple:
        # Unrated players after every rated one, negative ratings included.
        strength = (player.rating is None, -(player.rating or 0),
                    -(player.rank.value if player.rank else -1000), player.id)
        if previous is None:
            return (-start[player.id], *strength)
        line = previous.by_player[player.id]
        return (-line.score, *(descending(line.tiebreaks[t]) for t in previous.tiebreaks), *strength)

    handicap = settings.handicap
    entrants = []
    present = [p for p in players if settings.withdrawn.get(p.id, number) >= number
               and number not in settings.absent.get(p.id, ())]
    for player in sorted(present, key=key):
        entries = history[player.id]
        score = (previous.by_player[player.id].score if previous
                 else float(start[player.id]))
        level = (colours.level(score, player.rank.value if player.rank else None, grouping.rank_offset,
                               handicap) if handicap else None)
        balance = sum((-1 if e.black else 1) for e in entries if e.opponent and not e.handicap)
        opponents = [e.opponent for e in entries if e.opponent]
        met = frozenset(opponents)
        twice = (frozenset(o for o in met if opponents.count(o) > 1) if len(met) < len(opponents)
                 else frozenset())
        entrants.append(Entrant(player.id, score, met, sum(1 for e in entries if e.kind == "bye"),
                                level, balance, twice, player.club.strip(), player.country.strip()))
    return entrants

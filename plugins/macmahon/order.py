"""The field in pairing order for a round: who the pairing sees, and in which order.

Round 1 orders each score group by rating, then rank, then id; later rounds by
score, then the event's tiebreaks after the previous round, then rating, rank, id.
A player withdrawn before the round (``[macmahon] withdrawn``) is not in the field,
though their games still count in everyone's tiebreaks.
"""

from __future__ import annotations

from plugins.macmahon.grouping import Grouping
from plugins.macmahon.pairing import Entrant
from plugins.macmahon.rounds import Round
from plugins.macmahon.settings import Settings
from plugins.macmahon.standings import compute, histories, initial_scores
from publisher.model import Player


def pairing_order(players: list[Player], rounds: list[Round], grouping: Grouping, settings: Settings,
                  number: int) -> list[Entrant]:
    """Every player as an Entrant for round ``number``, in the order the pairing reads them."""
    before = [r for r in rounds if r.number < number]
    history = histories(players, before, settings.bye_score)
    previous = (compute(players, before, grouping, settings.tiebreaks, settings.bye_score, number - 1)
                if number > 1 else None)

    start = initial_scores(grouping, number)

    def key(player: Player) -> tuple:
        strength = (-(player.rating if player.rating is not None else -1),
                    -(player.rank.value if player.rank else -1000), player.id)
        if previous is None:
            return (-start[player.id], *strength)
        line = previous.by_player[player.id]
        return (-line.score, *(-line.tiebreaks[t] for t in previous.tiebreaks), *strength)

    entrants = []
    present = [p for p in players if settings.withdrawn.get(p.id, number) >= number]
    for player in sorted(present, key=key):
        entries = history[player.id]
        score = (previous.by_player[player.id].score if previous
                 else float(start[player.id]))
        entrants.append(Entrant(player.id, score,
                                frozenset(e.opponent for e in entries if e.opponent),
                                sum(1 for e in entries if e.kind == "bye")))
    return entrants

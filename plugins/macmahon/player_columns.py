"""The players.csv columns only McMahon and Swiss events read: ``absent`` and ``mms_correction``.

``absent`` lists the rounds a player will not play ("1 2" for someone who arrives for
round 3): ``pair`` leaves them out of those rounds without a bye. ``mms_correction``
is a whole number added to the player's initial McMahon score (OpenGotha's group
corrections, above the bar too).
"""

from __future__ import annotations

from typing import Protocol

from publisher.content.csvfiles import Bounds
from publisher.model import Event
from publisher.problems import Problems

CORRECTION = Bounds(-99, 99)  # points added to a player's initial McMahon score


class _Handicap(Protocol):
    based_on: str


def read_player_columns(event: Event, handicap: _Handicap | None) -> tuple[dict[str, frozenset[int]],
                                                                          dict[str, int]]:
    """Every player's absent rounds and McMahon correction; all mistakes at once, by line.

    A handicap based on rank needs every player's rank, so its absence is named here too.
    """
    problems = Problems()
    path = event.players_path
    absent: dict[str, frozenset[int]] = {}
    corrections: dict[str, int] = {}
    last = event.rounds or 0
    for player in event.players:
        text = player.fields.get("absent", "").replace(",", " ").strip()
        if text:
            rounds = text.split()
            wrong = [r for r in rounds if not (r.isascii() and r.isdigit() and 1 <= int(r) <= last)]
            if wrong:
                problems.add(path, f"absent of {player.name} ({player.id}): {', '.join(wrong)} is not "
                             f"a round of the event (1 to {last})",
                             'list the rounds the player will miss, like "1 2", or leave it empty',
                             line=player.line)
            else:
                absent[player.id] = frozenset(int(r) for r in rounds)
        correction = player.fields.get("mms_correction", "").strip().replace("−", "-")
        if correction:
            number = CORRECTION.read(correction.removeprefix("+"))
            if number is None:
                problems.add(path, f"mms_correction of {player.name} ({player.id}) is {correction!r}, "
                             f"not {CORRECTION}", "write a whole number like 1 or -2, or leave it empty",
                             line=player.line)
            elif number:
                corrections[player.id] = number
        if handicap is not None and handicap.based_on == "rank" and player.rank is None:
            problems.add(path, f"{player.name} ({player.id}) has no rank, and the handicaps are based "
                         "on rank ([macmahon.handicap] based_on)", "fill in the rank column",
                         line=player.line)
    problems.check()
    return absent, corrections

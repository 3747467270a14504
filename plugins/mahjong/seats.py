"""Winds at a table: the seating of every cycle of a part.

The seating file gives the winds at the start of a part; the rotation rules
give the rest. Elimination rounds: after each cycle the starting East and
North swap, and so do South and West, so the new East starts the new cycle.
Final: after each cycle the original East and West move one seat down
(E->S->W->N->E) and the original South and North one seat up, so the
original East, South, West and North start cycles 1 to 4.
"""

from __future__ import annotations

from publisher.languages import message

WINDS = ("E", "S", "W", "N")
WIND_NAMES = ("East", "South", "West", "North")  # as the command line names them
# The winds as a seat on the pages, the sheets and the screens: each language's own (東 南 西 北).
SEATS = {
    # Translators: the seat wind East, in a narrow cell of a mahjong table (東).
    "E": message("E"),
    # Translators: the seat wind South, in a narrow cell of a mahjong table (南).
    "S": message("S"),
    # Translators: the seat wind West, in a narrow cell of a mahjong table (西).
    "W": message("W"),
    # Translators: the seat wind North, in a narrow cell of a mahjong table (北).
    "N": message("N"),
}


def cycles(start: tuple[str, ...], count: int, final: bool) -> list[dict[str, str]]:
    """The seating of each of ``count`` cycles, starting from ``start`` (E, S, W, N)."""
    seatings = []
    for cycle in range(count):
        order = _final_cycle(start, cycle) if final else _swap_cycle(start, cycle)
        seatings.append(dict(zip(WINDS, order, strict=True)))
    return seatings


def _swap_cycle(start: tuple[str, ...], cycle: int) -> tuple[str, ...]:
    east, south, west, north = start
    return start if cycle % 2 == 0 else (north, west, south, east)


def _final_cycle(start: tuple[str, ...], cycle: int) -> tuple[str, ...]:
    seats = [""] * 4
    for seat, player in enumerate(start):
        step = cycle if seat % 2 == 0 else -cycle  # East and West move down, South and North up
        seats[(seat + step) % 4] = player
    return tuple(seats)

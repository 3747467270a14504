"""``publisher draw``: the seating of a round, from the event's seed.

Players are put on the positions of a rotation pattern (:mod:`design`) at
random; the pattern moves them between tables from part to part, and at the
start of every part each table's winds are drawn again, balanced over the
round's parts (:mod:`winds`). Round 1 is drawn
group by group, tables numbered on from one group to the next.
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import sys

from plugins.mahjong.design import SEATS, pattern
from plugins.mahjong.rounds import Part, Table, scores_path, seating_path
from plugins.mahjong.seats import WINDS
from plugins.mahjong.system import SYSTEM
from plugins.mahjong.tournament import Mahjong
from plugins.mahjong.winds import Starts, balance, spread_note, starts
from publisher import hookimpl
from publisher.build.loading import load_event
from publisher.build.output import write_atomically
from publisher.model import Event
from publisher.problems import ContentError, Problem, display_path


def draw_group(players: list[str], parts: int, seed: str, group: str | None,
               first_table: int = 1, history: Starts | None = None) -> list[Part]:
    """Seat one group (its players in field order) for every part of a round; ``history``,
    the players' starts in the earlier rounds, evens their winds out over the event."""
    order = list(players)
    random.Random(f"{seed}:group:{group or ''}").shuffle(order)
    layout = pattern(len(order) // SEATS, parts)
    members: list[list[list[str]]] = []
    for tables_of in layout:
        part: list[list[str]] = [[] for _ in range(len(order) // SEATS)]
        for position, table in enumerate(tables_of):
            part[table].append(order[position])
        members.append(part)
    slot = {player: position % SEATS for position, player in enumerate(order)}
    seats = balance(members, slot, random.Random(f"{seed}:winds:{group or ''}"), history)
    return [Part(number, [Table(first_table + index, group, table_seats)
                          for index, table_seats in enumerate(part_seats)])
            for number, part_seats in enumerate(seats, 1)]


def draw_round(event: Event, state: Mahjong, number: int) -> list[Part]:
    """The seating of round ``number``; its field must be known (the round before scored)."""
    settings = state.settings
    if not 1 <= number <= settings.rounds:
        raise ContentError(Problem(event.toml_path, f"has no round {number}",
                                   f"draw a round from 1 to {settings.rounds}", key="mahjong.parts"))
    if number > len(state.rounds):
        last = state.current
        done = (f"scored for {last.parts_scored} of its {last.parts_total} parts" if last.drawn
                else "not drawn")
        raise ContentError(Problem(
            scores_path(event, last.number), f"round {number} cannot be drawn: round {last.number} "
            f"is {done}", f"finish round {last.number} first: its field decides who plays next"))
    field = state.rounds[number - 1].field
    parts = settings.parts[number - 1]
    if number > 1:
        seed = f"{event.seed}:round:{number}"
        return draw_group(field, parts, seed, None, history=event_starts(state, number))
    merged: list[Part] = [Part(p, []) for p in range(1, parts + 1)]
    first = 1
    for group, players in state.groups.items():
        for part, drawn in zip(merged, draw_group(players, parts, f"{event.seed}:round:1", group or None,
                                                  first), strict=True):
            part.tables.extend(drawn.tables)
        first += len(players) // SEATS
    return merged


def event_starts(state: Mahjong, number: int) -> Starts:
    """The players' starts on each wind in the rounds before round ``number``, as their
    seating files give them."""
    history: Starts = {}
    for played in state.rounds[:number - 1]:
        history = starts(played.parts, history, state.settings.substitute_scores == "owner")
    return history


def seating_csv(parts: list[Part]) -> str:
    """The seating file of the contract: ``part,table,seat,player``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["part", "table", "seat", "player"])
    for part in parts:
        for table in part.tables:
            for wind, player in zip(WINDS, table.seats, strict=True):
                writer.writerow([part.number, table.number, wind, player])
    return out.getvalue()


def run_draw(args: argparse.Namespace) -> int:
    event, state = _load(args)
    number = next_to_draw(event, state) if args.round is None else args.round
    path = seating_path(event, number)
    if path.exists() and not args.force and not args.dry_run:
        scored = scores_path(event, number).exists()
        raise ContentError(Problem(path, "already exists" + (
            f", and round {number} has scores in {scores_path(event, number).name}" if scored else ""),
            "leave it, since the round is under way or played; pass --force only to seat it again and "
            "enter its scores anew" if scored else
            "pass --force to draw it again (the seating is replaced)"))
    drawn = draw_round(event, state, number)
    if args.dry_run:  # the seating alone on stdout, to be piped or redirected
        print(seating_csv(drawn), end="")
        print(winds_note(state, number, drawn), file=sys.stderr)
        return 0
    print(write_draw(event, state, number, drawn))
    return 0


def next_to_draw(event: Event, state: Mahjong) -> int:
    """The first round without a seating file; refused once every round is drawn."""
    number = _next_round(event, state)
    path = seating_path(event, number)
    if path.exists():
        raise ContentError(Problem(path, f"exists: every round of {event.name} is drawn, the final "
                                   f"(round {number}) included", "there is nothing left to draw; to "
                                   "seat a round again, name it with --round N --force"))
    return number


def write_draw(event: Event, state: Mahjong, number: int, drawn: list[Part] | None = None) -> str:
    """Draw round ``number`` (unless it is ``drawn`` already), write its seating file, and say
    so, with how even the winds are over the event: the command and the results desk's
    button both draw through here."""
    drawn = drawn if drawn is not None else draw_round(event, state, number)
    path = seating_path(event, number)
    text = seating_csv(drawn)
    write_atomically(path, text.encode("utf-8"))
    return (f"Drew round {number}: {text.count(chr(10)) - 1} seats written to {display_path(path)}\n"
            f"{winds_note(state, number, drawn)}")


def winds_note(state: Mahjong, number: int, drawn: list[Part]) -> str:
    """How even the starting winds are over rounds 1 to ``number`` with ``drawn`` seated."""
    owner_counts = state.settings.substitute_scores == "owner"
    return spread_note(starts(drawn, event_starts(state, number), owner_counts),
                       "round 1" if number == 1 else f"rounds 1 to {number}")


def _load(args: argparse.Namespace) -> tuple[Event, Mahjong]:
    """The event as a build sees it, through every plugin; with ``--force --round N`` the
    files of round N and later are left unread (see :class:`Redraw`)."""
    redraw = Redraw(args.round) if args.force and args.round is not None else None
    if redraw is not None:
        args.plugins.register(redraw)
    try:
        event = load_event(args.plugins, args.event)
    finally:
        if redraw is not None:
            args.plugins.unregister(redraw)
    state = Mahjong.of(event)
    if state is None:
        raise ContentError(Problem(event.toml_path, f"system {event.system!r} has no draw",
                                   f'publisher draw seats system = "{SYSTEM}" events', key="system"))
    return event, state


class Redraw:
    """A one-off plugin for ``draw --force --round N``: once every plugin has loaded the event,
    and before the mahjong plugin computes it, it tells the plugin's state to stop reading at
    round N, whose files the new draw replaces and which may no longer fit the field."""

    def __init__(self, number: int):
        self.number = number

    @hookimpl(tryfirst=True)
    def publisher_compute_event(self, event: Event) -> None:
        state = Mahjong.of(event)
        if state is not None:
            state.redraw_from = self.number


def _next_round(event: Event, state: Mahjong) -> int:
    return next((n for n in range(1, state.settings.rounds + 1)
                 if not seating_path(event, n).exists()), state.settings.rounds)

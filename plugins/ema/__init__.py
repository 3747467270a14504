"""The European Mahjong Association's results sheet: ``publisher export ema``.

The tournament's lines (name, city, country, dates, rules, number of players: event.toml
and its ``[ema]`` table), then one row a player in the final order of the event, with the
columns of the EMA's tournament results template: place (tied players share it), last
name, first name, EMA number (players.csv ``ema``), country, and the score; checked as
:mod:`plugins.ema.sheet` says. Written as a CSV that spreadsheets open right (UTF-8 with
a byte-order mark), to be pasted into the template.
"""

from __future__ import annotations

from plugins.mahjong import SYSTEM
from plugins.mahjong import state as mahjong_state
from publisher import hookimpl
from publisher.formats import Format
from publisher.model import Event
from publisher.problems import ContentError, Problem

NAME = "ema"


@hookimpl
def publisher_formats() -> list[Format]:
    return [Format(NAME, "European Mahjong Association results sheet (.csv)", exports=True, suffix=".csv")]


@hookimpl
def publisher_export(format: str, event: Event) -> bytes | None:
    if format != NAME or event.system != SYSTEM:
        return None
    from plugins.ema.sheet import ema_sheet  # with the mahjong plugin's modules: only for an export

    state = mahjong_state(event)
    if state is None or not state.results:
        raise ContentError(Problem(event.rounds_dir, "has no scores yet",
                                   "export once the event has results"))
    if not state.finished:
        event.warn("the event is not finished: the sheet holds the order so far")
    return ema_sheet(event, state.results)

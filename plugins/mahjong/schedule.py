"""When each part starts and how long it may last, from ``[mahjong.schedule]``.

A part without a start of its own starts when the part before it ends: its
start, plus its time limit, plus the break after it if there is one. A part
after one with no time limit (the final) needs a start of its own.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from plugins.mahjong.settings import Settings


@dataclass
class Slot:
    """One part of a round on the clock."""

    round: int
    part: int
    label: str
    minutes: int  # 0: no limit
    start: dt.datetime | None
    break_after: int  # minutes of break after this part, 0 if none


def round_slots(settings: Settings, number: int) -> list[Slot]:
    """Every part of round ``number`` with its start (if known) and time limit."""
    schedule = settings.schedule
    minutes = schedule.minutes[number - 1]
    slots: list[Slot] = []
    for part in range(1, settings.parts[number - 1] + 1):
        start = schedule.starts.get((number, part))
        if start is None and slots and slots[-1].start is not None and minutes:
            before = slots[-1]
            start = before.start + dt.timedelta(minutes=before.minutes + before.break_after)
        pause = schedule.break_minutes if part in schedule.breaks_after[number - 1] else 0
        slots.append(Slot(number, part, settings.part_label(number, part), minutes, start, pause))
    return slots


def clock(settings: Settings, number: int, part: int) -> dict | None:
    """The live view's clock for a part: label, ISO start and limit; None without a start or a limit."""
    slot = round_slots(settings, number)[part - 1]
    if slot.start is None or not slot.minutes:
        return None
    return {"label": slot.label, "start": slot.start.isoformat(), "minutes": slot.minutes}

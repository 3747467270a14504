"""When each part starts and how long it may last, from ``[mahjong.schedule]``.

A part without a start of its own starts when the part before it ends: its
start, plus its time limit, plus the break after it if there is one. A part
after one with no time limit (the final) needs a start of its own. In round 1
a group may play at times of its own (``[mahjong.schedule.groups.<name>]``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from plugins.mahjong.settings import Settings
from publisher.languages import Message, message
from publisher.model import Session


@dataclass
class Slot:
    """One part of a round on the clock."""

    round: int
    part: int
    label: Message
    minutes: int  # 0: no limit
    start: dt.datetime | None
    break_after: int  # minutes of break after this part, 0 if none
    cycle_breaks: list[int] = field(default_factory=list)  # cycles followed by a break
    break_minutes: int = 0  # of each cycle break
    own_start: bool = False  # the schedule gives this part a start (a new session)


def round_slots(settings: Settings, number: int, group: str | None = None) -> list[Slot]:
    """Every part of round ``number`` with its start (if known) and time limit; in round 1,
    ``group`` picks the group's own starts where it has them."""
    schedule = settings.schedule
    minutes = schedule.minutes[number - 1]
    own = schedule.group_starts.get(group or "", {}) if number == 1 else {}
    slots: list[Slot] = []
    for part in range(1, settings.parts[number - 1] + 1):
        given = own.get((number, part)) or (None if own else schedule.starts.get((number, part)))
        start = given
        if start is None and slots and slots[-1].start is not None and minutes:
            before = slots[-1]
            start = before.start + dt.timedelta(minutes=before.minutes + before.break_after
                                                + before.break_minutes * len(before.cycle_breaks))
        pause = schedule.break_minutes if part in schedule.breaks_after[number - 1] else 0
        slots.append(Slot(number, part, settings.part_label(number, part), minutes, start, pause,
                          schedule.cycle_breaks[number - 1], schedule.break_minutes, given is not None))
    return slots


def round_minutes(slots: list[Slot]) -> int | None:
    """A round's time in all, its breaks included (rounds 5 and 6: 60 + 10 + 60 = 130);
    None when a part has no limit or the round is played in sessions with starts of their own."""
    if not slots or not all(s.minutes for s in slots) or any(s.own_start for s in slots[1:]):
        return None
    return sum(s.minutes + s.break_after + s.break_minutes * len(s.cycle_breaks) for s in slots) \
        - slots[-1].break_after


def local(when: dt.datetime, timezone: ZoneInfo | None) -> dt.datetime:
    """A start on the venue's clock: in the event's time zone where it names one."""
    return when.astimezone(timezone) if timezone else when


def zone_label(timezone: ZoneInfo | None, when: dt.datetime | None) -> str:
    """"Asia/Hong_Kong (UTC+08:00)": how the schedule names the clock its times are on."""
    if timezone is None:
        return ""
    offset = (when or dt.datetime(2000, 1, 1)).astimezone(timezone).strftime("%z")
    return f"{timezone.key} (UTC{offset[:3]}:{offset[3:]})"


def clock(settings: Settings, number: int, part: int, group: str | None = None) -> dict | None:
    """The live view's clock for a part (of a round-1 group, on the group's own starts where
    it has them): label, ISO start and limit; None without a start or a limit."""
    slot = round_slots(settings, number, group)[part - 1]
    if slot.start is None or not slot.minutes:
        return None
    return {"label": slot.label, "start": slot.start.isoformat(), "minutes": slot.minutes}


def sessions(settings: Settings) -> list[Session]:
    """Every part with a known start, and the breaks between them, for calendars."""
    found: list[Session] = []
    own = list(settings.schedule.group_starts)
    for number in range(1, settings.rounds + 1):
        groups: list[str | None] = [None, *own] if number == 1 and own else [None]
        for group, slot in ((g, s) for g in groups for s in round_slots(settings, number, g)):
            if slot.start is None:
                continue
            label = _session_label(settings, slot)
            if group:
                label = message("%(session)s (group %(group)s)", session=label, group=group)
            found.append(Session(label, slot.start, slot.minutes, number))
            if slot.break_after and slot.minutes:
                found.append(Session(message("Break"), slot.start + dt.timedelta(minutes=slot.minutes),
                                     slot.break_after, number, kind="break"))
    return found


def _session_label(settings: Settings, slot: Slot) -> Message:
    """A part as a calendar names it: "Round 1, session 2, half 1", "Final", "Final, part 2"."""
    if settings.parts[slot.round - 1] == 1 or settings.is_final(slot.round):
        return slot.label
    return message("Round %(number)s, %(part)s", number=slot.round,
                   part=settings.part_label(slot.round, slot.part, start=False))

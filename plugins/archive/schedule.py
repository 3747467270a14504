"""Round times of round-based events (Go, shogi) from event.toml.

```toml
timezone = "Europe/Ljubljana"          # read by the core; local times below are in it
[schedule]
rounds = [2026-05-01T10:00:00, 2026-05-01T15:00:00, ...]   # start of each round
minutes = 180                          # how long a round is planned to last
```

A system with a schedule of its own (mahjong's ``[mahjong.schedule]``) answers
``publisher_event_schedule`` first; this is the answer for every other system.
"""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

from publisher.languages import message
from publisher.model import Event, Session
from publisher.problems import Problems

DEFAULT_MINUTES = 180
MOST_MINUTES = 24 * 60


def localize(when: dt.datetime, zone: dt.tzinfo | None) -> dt.datetime:
    """A time as the event means it: a local time (no offset) is in the event's zone."""
    return when.replace(tzinfo=zone) if when.tzinfo is None and zone is not None else when


def read_round_schedule(event: Event, problems: Problems) -> list[Session]:
    """``[schedule]``: the start of each round and their planned length, as sessions."""
    raw: Any = event.config.get("schedule")
    if raw is None:
        return []
    path = event.toml_path
    if not isinstance(raw, dict):
        problems.add(path, "must be a table", "write [schedule] on a line of its own", key="schedule")
        return []
    minutes = raw.get("minutes", DEFAULT_MINUTES)
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 0 < minutes <= MOST_MINUTES:
        problems.add(path, f"must be a whole number of minutes (at most {MOST_MINUTES}), not {minutes!r}",
                     f"write minutes = {DEFAULT_MINUTES}", key="schedule.minutes")
        minutes = DEFAULT_MINUTES
    starts = raw.get("rounds", [])
    if not isinstance(starts, list):
        problems.add(path, f"must be a list of date-times, not {starts!r}",
                     "write rounds = [2026-05-01T10:00:00, 2026-05-01T15:00:00]", key="schedule.rounds")
        return []
    if event.rounds is not None and len(starts) > event.rounds:
        problems.add(path, f"lists {len(starts)} round starts for {event.rounds} rounds",
                     "give one start per round", key="schedule.rounds")
    sessions = []
    for number, start in enumerate(starts, start=1):
        key = f"schedule.rounds[{number - 1}]"
        if not isinstance(start, dt.datetime):
            problems.add(path, f"round {number}: {start!r} is not a date and time",
                         "write it like 2026-05-01T10:00:00 (no quotes)", key=key)
        elif not event.start <= start.date() <= event.end:
            problems.add(path, f"round {number} starts {start.isoformat()}, not on a day of the event",
                         "give the date and time the round starts, between start and end", key=key)
        elif start.tzinfo is None and event.timezone is None:
            problems.add(path, f"round {number} starts at {start.isoformat()} but the event has no "
                         "time zone", 'add timezone = "Europe/Ljubljana" (the venue\'s zone) at the top',
                         key=key)
        else:
            label = message("Round %(number)s", number=number)
            sessions.append(Session(label, localize(start, event.timezone), minutes, number))
    if any(b.start <= a.start for a, b in itertools.pairwise(sessions)):
        problems.add(path, "the round starts are not in order of time",
                     "list the rounds' starts from the first to the last", key="schedule.rounds")
    return sessions

"""event.toml ``[time]``: the time system of a McMahon or Swiss event, as OpenGotha keeps it.

Read with the rest of the event's settings, so that a mistake in it fails the build that
reads it, with its key and fix, and not only the EGD export that turns it into the event's
class (:mod:`plugins.egd.timing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from publisher.model import Event
from publisher.problems import Problems
from publisher.text import join_names

SYSTEMS = {"sudden-death": "Sudden death", "byoyomi": "Standard byo-yomi",
           "canadian": "Canadian byo-yomi", "fischer": "Fischer"}
# The keys each system reads besides ``main`` (and ``internet``): the others belong to another system.
SYSTEM_KEYS = {"sudden-death": (), "byoyomi": ("byoyomi",), "canadian": ("period", "stones"),
               "fischer": ("increment",)}
# Each key's bounds: ``main`` in minutes, the others in seconds (``stones`` in moves).
BOUNDS = {"main": (0, 1440), "byoyomi": (1, 600), "period": (1, 3600), "stones": (1, 100),
          "increment": (0, 600)}
_EXAMPLE = 'system = "byoyomi", main = 60 (minutes), byoyomi = 30 (seconds)'


@dataclass(frozen=True)
class TimeSystem:
    """``main`` in minutes; ``byoyomi``, ``period`` and ``increment`` in seconds; a key the
    system reads and event.toml leaves out has OpenGotha's default."""

    system: str
    main: int
    byoyomi: int = 30
    period: int = 300
    stones: int = 15
    increment: int = 10
    internet: bool = False


def read_time(event: Event, problems: Problems) -> TimeSystem | None:
    """``[time]`` of event.toml, or None without it or with a mistake in it, added to
    ``problems`` with its key (``time.main``)."""
    table = event.config.get("time")
    if table is None:
        return None
    path, found = event.toml_path, len(problems.items)
    if not isinstance(table, dict):
        problems.add(path, "is not a table", f"write it as [time] with {_EXAMPLE}", key="time")
        return None
    system = table.get("system")
    if not isinstance(system, str) or system not in SYSTEMS:
        problems.add(path, f"is {system!r}, not a time system" if "system" in table else "is missing",
                     f"write one of {', '.join(SYSTEMS)}", key="time.system")
        return None
    values: dict[str, Any] = {"system": system}
    for key, value in table.items():
        if key in ("system", "internet"):
            continue
        if key != "main" and key not in SYSTEM_KEYS[system]:
            owner = next((name for name, keys in SYSTEM_KEYS.items() if key in keys), None)
            problems.add(path, f'is not read by system = "{system}"' if owner else "is not a [time] key",
                         f'remove it (system = "{system}" reads '
                         f"{join_names(['main', *SYSTEM_KEYS[system], 'internet'])})"
                         + (f', or write system = "{owner}" if the event is played so' if owner else ""),
                         key=f"time.{key}")
            continue
        low, high = BOUNDS[key]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            problems.add(path, f"is {value!r}, not a whole number from {low} to {high}",
                         f"write it like {_EXAMPLE}", key=f"time.{key}")
        values[key] = value
    if "main" not in table:
        problems.add(path, "is missing (the main time, in minutes)", f"write it like {_EXAMPLE}",
                     key="time.main")
    internet = table.get("internet", False)
    if not isinstance(internet, bool):
        problems.add(path, f"is {internet!r}", "write true or false", key="time.internet")
    return TimeSystem(**values, internet=internet) if len(problems.items) == found else None

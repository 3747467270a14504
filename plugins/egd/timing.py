"""event.toml ``[time]``: the time system, as OpenGotha keeps it, and the EGD class it earns.

The EGF rates a championship by its class, from its time limits: the basic (main) time
and the adjusted time, the basic time plus 45 periods of standard byo-yomi, 60 moves of
Canadian byo-yomi or 120 moves of Fischer increments. Class A needs 60 and 75 minutes
(Fischer 45 and 75), B 40 and 50 (Fischer 30 and 50), C 25 and 30 (Fischer 20 and 30); an
event played on the internet is class D from 40 and 50 (Fischer 30 and 50). OpenGotha
computes the class and the ``TM``/``CM`` lines of its ``.h9`` files the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from publisher.model import Event
from publisher.problems import ContentError, Problem

SYSTEMS = {"sudden-death": "Sudden death", "byoyomi": "Standard byo-yomi",
           "canadian": "Canadian byo-yomi", "fischer": "Fischer"}
# (class, basic minutes, adjusted minutes), the best first; Fischer has its own limits.
_CLASSES = (("A", 60, 75), ("B", 40, 50), ("C", 25, 30))
_FISCHER_CLASSES = (("A", 45, 75), ("B", 30, 50), ("C", 20, 30))
_EXAMPLE = '[time]\nsystem = "byoyomi"\nmain = 60\nbyoyomi = 30'


@dataclass(frozen=True)
class TimeSystem:
    """``main`` in minutes; ``byoyomi``, ``period`` and ``increment`` in seconds."""

    system: str
    main: int
    byoyomi: int = 30
    period: int = 300
    stones: int = 15
    increment: int = 10
    internet: bool = False

    def adjusted_seconds(self) -> int:
        basic = self.main * 60
        return basic + {"sudden-death": 0, "byoyomi": 45 * self.byoyomi,
                        "canadian": 60 * self.period // self.stones,
                        "fischer": 120 * self.increment}[self.system]

    def egd_class(self) -> str:
        """The EGF's class (``X`` below class C, which the EGD does not rate)."""
        classes = _FISCHER_CLASSES if self.system == "fischer" else _CLASSES
        if self.internet:
            classes = tuple(("D", basic, adjusted) for name, basic, adjusted in classes if name == "B")
        adjusted = self.adjusted_seconds()
        return next((name for name, basic, least in classes
                     if self.main >= basic and adjusted >= least * 60), "X")


def read_time(event: Event) -> TimeSystem | None:
    """``[time]`` of event.toml, or None without it; ContentError names a wrong key."""
    table = event.config.get("time")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ContentError(Problem(event.toml_path, "time is not a table", f"write it as\n{_EXAMPLE}",
                                   key="time"))
    system = table.get("system")
    if system not in SYSTEMS:
        raise ContentError(Problem(event.toml_path, f"time.system is {system!r}",
                                   f"write one of {', '.join(SYSTEMS)}", key="time.system"))
    values: dict[str, Any] = {"system": system}
    for key, low, high in (("main", 0, 1440), ("byoyomi", 1, 600), ("period", 1, 3600),
                           ("stones", 1, 100), ("increment", 0, 600)):
        if key in table:
            value = table[key]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise ContentError(Problem(event.toml_path, f"time.{key} is {value!r}, not a whole number "
                                           f"from {low} to {high}", f"write it like\n{_EXAMPLE}",
                                           key=f"time.{key}"))
            values[key] = value
        elif key == "main":
            raise ContentError(Problem(event.toml_path, "time has no main (the main time in minutes)",
                                       f"write it like\n{_EXAMPLE}", key="time.main"))
    internet = table.get("internet", False)
    if not isinstance(internet, bool):
        raise ContentError(Problem(event.toml_path, f"time.internet is {internet!r}", "write true or false",
                                   key="time.internet"))
    return TimeSystem(**values, internet=internet)

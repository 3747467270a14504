"""The EGD class an event's time system (event.toml ``[time]``, :mod:`plugins.macmahon.timing`) earns.

The EGF rates a championship by its class, from its time limits: the basic (main) time
and the adjusted time, the basic time plus 45 periods of standard byo-yomi, 60 moves of
Canadian byo-yomi or 120 moves of Fischer increments. Class A needs 60 and 75 minutes
(Fischer 45 and 75), B 40 and 50 (Fischer 30 and 50), C 25 and 30 (Fischer 20 and 30); an
event played on the internet is class D from 40 and 50 (Fischer 30 and 50). OpenGotha
computes the class and the ``TM``/``CM`` lines of its ``.h9`` files the same way.
"""

from __future__ import annotations

from plugins.macmahon.timing import TimeSystem

# (class, basic minutes, adjusted minutes), the best first; Fischer has its own limits.
_CLASSES = (("A", 60, 75), ("B", 40, 50), ("C", 25, 30))
_FISCHER_CLASSES = (("A", 45, 75), ("B", 30, 50), ("C", 20, 30))


def adjusted_seconds(time: TimeSystem) -> int:
    """The basic time and the byo-yomi or increments the EGF adds to it, in seconds."""
    basic = time.main * 60
    return basic + {"sudden-death": 0, "byoyomi": 45 * time.byoyomi,
                    "canadian": 60 * time.period // time.stones,
                    "fischer": 120 * time.increment}[time.system]


def earned_class(time: TimeSystem) -> str:
    """The EGF's class (``X`` below class C, which the EGD does not rate)."""
    classes = _FISCHER_CLASSES if time.system == "fischer" else _CLASSES
    if time.internet:
        classes = tuple(("D", basic, adjusted) for name, basic, adjusted in classes if name == "B")
    adjusted = adjusted_seconds(time)
    return next((name for name, basic, least in classes
                 if time.main >= basic and adjusted >= least * 60), "X")

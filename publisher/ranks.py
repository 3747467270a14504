"""Go and shogi ranks: lenient parsing, one canonical spelling, a total order.

Organisers type ranks as ``5d``, ``2 dan``, ``2-Dan``, ``1k``, ``3 kyu`` or
``1p``; everything the site shows and the JSON carries is ``5d``/``1k``/``1p``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RANK = re.compile(r"^\s*([0-9]{1,2})\s*[-_ ]?\s*(d|dan|k|kyu|p|pro)\s*$", re.IGNORECASE)


FIX = "write it like 5d, 2 dan, 1k or 3 kyu"
# The lowest kyu and highest dan and professional ranks a Go or shogi player holds (the EGD's
# and OpenGotha's 30k to 9d, 1p to 9p): a 99d is a typo, and would sort above every real player.
_HIGHEST = {"k": 30, "d": 9, "p": 9}


@dataclass(frozen=True, order=True, slots=True)
class Rank:
    """A rank with an integer ``value`` that orders ranks: 1k is -1, 1d is 0, 1p is 100."""

    value: int

    def __reduce__(self) -> tuple:
        """Pickled as its value (a slotted dataclass's own state is made in Python)."""
        return Rank, (self.value,)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank in any common spelling; raise ValueError saying what is wrong otherwise
        (the caller adds the fix: :data:`FIX`)."""
        match = _RANK.match(text)
        if not match:
            raise ValueError(f"{text!r} is not a rank")
        number, kind = int(match.group(1)), match.group(2)[0].lower()
        if number == 0:
            raise ValueError(f"{text!r} is not a rank: ranks start at 1")
        if number > _HIGHEST[kind]:
            raise ValueError(f"{text!r} is not a rank: ranks go from {_HIGHEST['k']} kyu to "
                             f"{_HIGHEST['d']} dan, and 1p to {_HIGHEST['p']}p")
        if kind == "k":
            return cls(-number)
        if kind == "d":
            return cls(number - 1)
        return cls(100 + number - 1)

    @property
    def kind(self) -> str:
        if self.value < 0:
            return "k"
        return "d" if self.value < 100 else "p"

    @property
    def number(self) -> int:
        if self.value < 0:
            return -self.value
        return self.value + 1 if self.value < 100 else self.value - 99

    def __str__(self) -> str:
        return f"{self.number}{self.kind}"

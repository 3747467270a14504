"""Small pieces of English that pages and problem messages share, so every plugin says them alike."""

from __future__ import annotations

from collections.abc import Sequence


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``: a place as people write it.

    11, 12 and 13 take ``th`` in every hundred (``111th``), whatever their last digit.
    """
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join_names(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``: names in a sentence, without a serial comma."""
    if not names:
        raise ValueError("join_names needs at least one name")
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]

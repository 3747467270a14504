"""Lists inside a sentence, of any length: the groups still playing a part, the winners of a
shared title. Each pair is joined by a text of its own, so that a page writes the list as
its language does ("A, B and C"; "A、B、C"): joined with ``", ".join`` the list would
stay English (publisher/languages.py)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce

from publisher.languages import message


def commas(items: Sequence[str]) -> str:
    """"A, B, C": one item, or a Message holding them all."""
    # Translators: a list inside a sentence: the items so far, then one more.
    return reduce(lambda text, item: message("%(list)s, %(item)s", list=text, item=item), items)


def semicolons(items: Sequence[str]) -> str:
    """"A; B; C": a list of items that have commas of their own."""
    # Translators: a list of clauses that have commas of their own: the clauses so far, then one more.
    return reduce(lambda text, item: message("%(list)s; %(item)s", list=text, item=item), items)


def names(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C": names in a sentence (``publisher.text.join_names``)."""
    *others, last = items
    if not others:
        return last
    # Translators: names in a sentence: the names before the last one, then the last one.
    return message("%(list)s and %(item)s", list=commas(others), item=last)

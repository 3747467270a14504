"""Words the McMahon pages and the pair command's notes make in Python, each a Message: a page
prints it in its own language, a round file keeps it in the championship's.

Texts made of parts (a list of names, a note of several sentences) are Messages with the parts
as values, so that a language that writes "A、B と C" or runs sentences together without a
space translates the joint too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from publisher.languages import Message, message

LOCALE = Path(__file__).parent / "locale"  # the catalogs of these words and of the plugin's templates


def seat_names(game: str) -> tuple[Message, Message]:
    """What player1 and player2 are called: Black and White in Go, Sente and Gote in shogi
    (words of their own in other languages too: 黒 and 白, 先手 and 後手)."""
    if game == "shogi":
        return message("Sente"), message("Gote")
    return message("Black"), message("White")


def names_in_sentence(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``: names in a sentence, as
    :func:`publisher.text.join_names` writes them in English."""
    if not names:
        raise ValueError("names_in_sentence needs at least one name")
    if len(names) == 1:
        return names[0]
    head = names[0]
    for name in names[1:-1]:
        head = message("%(names)s, %(name)s", names=head, name=name)
    return message("%(names)s and %(last)s", names=head, last=names[-1])


def sentences(parts: Iterable[str]) -> str:
    """Sentences one after another as one text ("" for none)."""
    text = ""
    for part in parts:
        if part:
            text = message("%(sentence)s %(next)s", sentence=text, next=part) if text else part
    return text


def ordinal(n: int) -> Message:
    """``1st``, ``2nd``, ``3rd``, ``11th``: a place as :func:`publisher.text.ordinal` writes it."""
    if 11 <= n % 100 <= 13:
        return message("%(number)sth", number=n)
    if n % 10 == 1:
        return message("%(number)sst", number=n)
    if n % 10 == 2:
        return message("%(number)snd", number=n)
    if n % 10 == 3:
        return message("%(number)srd", number=n)
    return message("%(number)sth", number=n)

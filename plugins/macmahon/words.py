"""Words the McMahon pages and the pair command's notes make in Python, each a Message: a page
prints it in its own language, a round file keeps it in the championship's. Lists, sentences
and places are the core's (publisher.languages)."""

from __future__ import annotations

from pathlib import Path

from publisher.languages import Message, message

LOCALE = Path(__file__).parent / "locale"  # the catalogs of these words and of the plugin's templates


def seat_names(game: str) -> tuple[Message, Message]:
    """What player1 and player2 are called: Black and White in Go, Sente and Gote in shogi
    (words of their own in other languages too: 黒 and 白, 先手 and 後手)."""
    if game == "shogi":
        return message("Sente"), message("Gote")
    return message("Black"), message("White")

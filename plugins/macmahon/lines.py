"""The HTML a standings, crosstable or pairings page repeats once a player, made in Python.

A 1,000-player page draws a thousand lines, and a saved result renders three such
pages (the round's pairings, the standings after it and the crosstable): as template
macros and loops, the place-and-player cells, the players of a pairing and the
crosstable's round cells cost Jinja2 a macro call and a few escapes a cell, a third to
a half of those pages' time. The markup is
the one the templates wrote; every value from the content is escaped here. The words in
it are the page's language's: the filters translate them, and the crosstable's rows,
made once for every language, leave theirs for :func:`crosstable_words` to fill in.
Beside them, the filters that write a score and a game's handicap and komi as the page's
language writes numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from plugins.macmahon.rounds import Game
from plugins.macmahon.standings import Entry, Standing, Standings, display
from publisher.build.kept import Kept
from publisher.build.render import page_lang
from publisher.languages import Message, message, plural_message
from publisher.model import Player
from publisher.native import native_beside

# The tags beside a player who withdrew or missed rounds. Their text is HTML, as a template's
# is: a round's number stays on the line of its word.
WITHDREW_BEFORE = message("withdrew before&nbsp;round&nbsp;1")


def withdrew_after(last: int) -> Message:
    return message("withdrew after&nbsp;round&nbsp;%(round)s", round=last)


def absent_in(rounds: tuple[int, ...]) -> Message:
    return plural_message("absent in round&nbsp;%(rounds)s", "absent in rounds&nbsp;%(rounds)s",
                          len(rounds), rounds=", ".join(str(r) for r in rounds))


@pass_context
def place_and_player(context: Context, line: Standing, player: Player, pages: str) -> Markup:
    """The place and the player of one standings line (linked to their page in the folder
    ``pages``, their name in their own script beside it on a page of its language), absences
    and withdrawal included: the standings and the crosstable show them alike. A filter:
    ``{{ line | place_and_player(player, event_url('players/')) }}``."""
    tags = ""
    if line.withdrawn is not None or line.absent:
        words = partial(context.environment.filters["t"], context)
        if line.withdrawn is not None:
            when = WITHDREW_BEFORE if line.withdrawn == 0 else withdrew_after(line.withdrawn)
            tags += f' <span class="tag">{words(when)}</span>'
        if line.absent:
            tags += f' <span class="tag">{words(absent_in(line.absent))}</span>'
    native = native_beside(player.name_native, player.country, page_lang(context))
    return Markup(f'<td class="num">{escape(line.place_text)}</td><td><a href="{escape(pages + player.id)}'
                  f'.html">{escape(player.name)}</a>{native}{tags}</td>')


@pass_context
def ranked_player(context: Context, player: Player, pages: str) -> Markup:
    """A player's name linked to their page in the folder ``pages`` (their name in their own
    script beside it on a page of its language), and their rank as a tag when they have one,
    as a pairings table shows each player. A filter:
    ``{{ player | ranked_player(event_url('players/')) }}``."""
    native = native_beside(player.name_native, player.country, page_lang(context))
    rank = f' <span class="tag">{escape(player.rank)}</span>' if player.rank else ""
    return Markup(f'<a href="{escape(pages + player.id)}.html">{escape(player.name)}</a>{native}{rank}')


def column_cells(players: list[Player], columns: list[str], kept: Kept | None = None) -> dict[str, Markup]:
    """Each player's cells of the player columns the standings show (``[standings]``'s
    ``columns``: rank, rating, club, country), a rating aligned as a number. Kept in
    ``kept`` with the field (a kept players.csv is the same list at every build)."""
    opening = {c: '<td class="num">' if c == "rating" else "<td>" for c in columns}

    def make() -> dict[str, Markup]:
        return {p.id: Markup("".join(f"{opening[c]}{_text(getattr(p, c))}</td>" for c in columns))
                for p in players}

    if kept is None:
        return make()
    return kept.made_from("macmahon.columns", 4).get_or_make(players, tuple(columns), make)


def _text(value: object) -> str:
    """A value as ``{{ value if value is not none else '' }}`` shows it."""
    return "" if value is None else escape(value)


# What crosstable_rows leaves for the page to fill in, in its language: the colour's letter and
# the bye's mark. Escaped content has no "<", so no name can hold them.
_BLACK, _WHITE, _BYE = "<:b>", "<:w>", "<:bye>"


def crosstable_rows(players: Iterable[Player], history: dict[str, list[Entry]],
                    standings: Standings) -> dict[str, Markup]:
    """Each player's round cells of the crosstable: for a game, the opponent's place,
    the result mark, the colour and the handicap (``12+/b3``: an even game has no
    handicap digit), linked to the opponent's row and titled with their name; for a bye
    or a round missed, its mark. Places, marks and digits need no escaping. The colour's
    letter and the bye's mark are filled in by :func:`crosstable_words`."""
    anchors = {p.id: (escape(p.id), escape(p.name)) for p in players}
    # Each player's cell as an opponent, up to the result mark: the same in every row.
    heads = {line.player: '<td><a href="#{}" title="{}">{}'.format(*anchors[line.player], line.place)
             for line in standings.lines}
    return {player: Markup("".join([
        f"{heads[e.opponent]}{e.mark}/{_BLACK if e.black else _WHITE}{e.handicap or ''}</a></td>"
        if e.opponent is not None else f"<td>{_BYE if e.kind == 'bye' else '–'}</td>" for e in entries]))
        for player, entries in history.items()}


def crosstable_words(row: Markup, black: str, white: str, bye: str) -> Markup:
    """A row of :func:`crosstable_rows` with the page's letters for the colours and its mark for
    a bye. A filter: ``{{ rows[id] | crosstable_words(pgettext("go", "b"), ...) }}``."""
    return Markup(str(row).replace(_BLACK, escape(black)).replace(_WHITE, escape(white))
                  .replace(_BYE, escape(bye)))


@pass_context
def points(context: Context, value: float | None) -> str:
    """A score as :func:`~plugins.macmahon.standings.display` writes it (3½), a score with
    another fraction (a SODOS of 1.75) as the page's language writes decimals. A filter."""
    text = display(value)
    return context.environment.filters["number"](context, value) if "." in text else text


@pass_context
def terms(context: Context, game: Game | Entry) -> Message | str:
    """A game's handicap and komi as the pages show them: ``H3, komi 0.5``, ``komi 6.5``, or
    "" for an even game whose komi the round file does not say. A filter (the komi is
    written as the page's language writes decimals)."""
    if game.komi is None:
        return message("H%(stones)s", stones=game.handicap) if game.handicap else ""
    komi = context.environment.filters["number"](context, game.komi)
    if game.handicap:
        return message("H%(stones)s, komi %(komi)s", stones=game.handicap, komi=komi)
    return message("komi %(komi)s", komi=komi)

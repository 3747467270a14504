"""The HTML a standings, crosstable or pairings page repeats once a player, made in Python.

A 1,000-player page draws a thousand lines, and a saved result renders three such
pages (the round's pairings, the standings after it and the crosstable): as template
macros and loops, the place-and-player cells, the players of a pairing and the
crosstable's round cells cost Jinja2 a macro call and a few escapes a cell, a third to
a half of those pages' time. The markup is
the one the templates wrote; every value from the content is escaped here.
"""

from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup, escape

from plugins.macmahon.standings import Entry, Standing, Standings
from publisher.build.kept import Kept
from publisher.model import Player


def place_and_player(line: Standing, player: Player, pages: str) -> Markup:
    """The place and the player of one standings line (linked to their page in the folder
    ``pages``), absences and withdrawal included: the standings and the crosstable show
    them alike. A filter: ``{{ line | place_and_player(player, event_url('players/')) }}``."""
    tags = ""
    if line.withdrawn is not None:
        when = ("before&nbsp;round&nbsp;1" if line.withdrawn == 0
                else f"after&nbsp;round&nbsp;{escape(line.withdrawn)}")
        tags += f' <span class="tag">withdrew {when}</span>'
    if line.absent:
        plural = "s" if len(line.absent) > 1 else ""
        rounds = ", ".join(str(escape(r)) for r in line.absent)
        tags += f' <span class="tag">absent in round{plural}&nbsp;{rounds}</span>'
    return Markup(f'<td class="num">{escape(line.place_text)}</td>'
                  f'<td><a href="{escape(pages + player.id)}.html">{escape(player.name)}</a>{tags}</td>')


def ranked_player(player: Player, pages: str) -> Markup:
    """A player's name linked to their page in the folder ``pages``, and their rank as a
    tag when they have one, as a pairings table shows each player. A filter:
    ``{{ player | ranked_player(event_url('players/')) }}``."""
    rank = f' <span class="tag">{escape(player.rank)}</span>' if player.rank else ""
    return Markup(f'<a href="{escape(pages + player.id)}.html">{escape(player.name)}</a>{rank}')


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


def crosstable_rows(players: Iterable[Player], history: dict[str, list[Entry]],
                    standings: Standings) -> dict[str, Markup]:
    """Each player's round cells of the crosstable: for a game, the opponent's place,
    the result mark, the colour and the handicap (``12+/b3``: an even game has no
    handicap digit), linked to the opponent's row and titled with their name; for a bye
    or a round missed, its mark. Places, marks and digits need no escaping."""
    anchors = {p.id: (escape(p.id), escape(p.name)) for p in players}
    # Each player's cell as an opponent, up to the result mark: the same in every row.
    heads = {line.player: '<td><a href="#{}" title="{}">{}'.format(*anchors[line.player], line.place)
             for line in standings.lines}
    return {player: Markup("".join([
        f"{heads[e.opponent]}{e.mark}/{'b' if e.black else 'w'}{e.handicap or ''}</a></td>"
        if e.opponent is not None else f"<td>{escape(e.mark)}</td>" for e in entries]))
        for player, entries in history.items()}

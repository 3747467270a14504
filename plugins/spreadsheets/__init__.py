"""Spreadsheet downloads: beside every players, standings and results page, a CSV of what
it shows, named like the page (``standings-3.html``, ``standings-3.csv``); the theme's
``_download.html`` links any page to its CSV. Numbers are plain decimals (13.5, not 13½),
so a spreadsheet can sum and sort them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from plugins.spreadsheets.table import spreadsheet_csv
from publisher import hookimpl
from publisher.model import Event, File, Page

if TYPE_CHECKING:
    from plugins.macmahon.rounds import Round
    from plugins.macmahon.standings import Standings


@hookimpl
def publisher_event_pages(event: Event) -> list[Page | File]:
    outputs = [File("players.csv", players_csv(event))]
    if event.system in ("macmahon", "swiss"):
        outputs += _macmahon(event)
    elif event.system == "mahjong-elimination":
        outputs += _mahjong(event)
    return outputs


def players_csv(event: Event) -> bytes:
    """The players page's table: the field in alphabetical order."""
    players = sorted(event.players, key=lambda p: (p.name.casefold(), p.id))
    return spreadsheet_csv(["Name", "Rank", "Rating", "Country", "Club"], (
        [p.name, str(p.rank or ""), "" if p.rating is None else p.rating, p.country, p.club]
        for p in players))


def _number(value: float | None) -> str:
    """A number as the page shows it; nothing known (the rating of an unrated player): empty."""
    return "" if value is None else f"{value:g}"


def _macmahon(event: Event) -> list[File]:
    """A CSV of every round's pairings and of the standings after it, made when written
    (from the same files as their pages: a save in round 7 leaves rounds 1 to 6 alone)."""
    from plugins.macmahon.pages import round_sources

    mm = event.data.get("macmahon")
    if mm is None or mm.results is None:
        return []
    outputs = []
    for rnd in mm.results.rounds:
        sources = round_sources(event, mm.results, rnd.number)
        outputs += [File(f"standings-{rnd.number}.csv",
                         partial(_standings_csv, event, mm.results.standings, rnd.number), sources),
                    File(f"round-{rnd.number}.csv", partial(_round_csv, event, rnd), sources)]
    return outputs


def _standings_csv(event: Event, standings: Sequence[Standings], number: int) -> bytes:
    from plugins.macmahon.standings import LABELS

    table = standings[number - 1]
    names = event.players_by_id
    show_wins = "wins" not in table.tiebreaks
    header = ["Place", "Player", "Rank", "Score", *(["Wins"] if show_wins else []),
              *(LABELS[t] for t in table.tiebreaks)]
    rows: list[list[Any]] = []
    for line in table.lines:
        player = names[line.player]
        rows.append([line.place_text, player.name, str(player.rank or ""), _number(line.score),
                     *([_number(line.wins)] if show_wins else []),
                     *(_number(line.tiebreaks[t]) for t in table.tiebreaks)])
    return spreadsheet_csv(header, rows)


def _round_csv(event: Event, rnd: Round) -> bytes:
    from plugins.macmahon.pages import seats

    names = event.players_by_id
    black, white = seats(event)
    games = [[g.table, names[g.black].name, str(names[g.black].rank or ""),
              (g.result or "").replace("!", " (forfeit)"), names[g.white or ""].name,
              str(names[g.white or ""].rank or "")] for g in rnd.games]
    games += [["", names[g.black].name, str(names[g.black].rank or ""), "bye", "", ""] for g in rnd.byes]
    return spreadsheet_csv(["Table", black, f"{black} rank", "Result", white, f"{white} rank"], games)


def _mahjong(event: Event) -> list[File]:
    from plugins.mahjong.pages import result_rows, standing_rows
    from plugins.mahjong.tournament import Mahjong

    state = Mahjong.of(event)
    if state is None:
        return []
    outputs = [File("results.csv", spreadsheet_csv(
        ["Place", "Player", "Out in", "Total", "Prize"],
        ([r["place"], r["name"], r["out"], r["total"], r["prize"]]
         for r in result_rows(event, state.results))))]
    for current in (r for r in state.rounds if r.drawn):
        rows = standing_rows(event, state, current)
        outputs.append(File(f"standings-{current.number}.csv", spreadsheet_csv(
            ["Rank", "Player", "Group", "Carried", "Play", "Penalty", "Total", "Status"],
            ([r["rank"], r["name"], r["group"], r["carried"], r["play"], r["penalty"], r["total"],
              r["status"]] for r in rows))))
    return outputs

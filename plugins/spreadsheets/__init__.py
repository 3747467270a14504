"""Spreadsheet downloads: beside every players, standings and results page, a CSV of what
it shows, named like the page (``standings-3.html``, ``standings-3.csv``); the theme's
``_download.html`` links any page to its CSV. Numbers are plain decimals (13.5, not 13½),
so a spreadsheet can sum and sort them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from plugins.spreadsheets.table import spreadsheet_csv
from publisher import hookimpl
from publisher.model import Event, File, Page, Player

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
    """The players page's table: the field in alphabetical order, with the federation ids
    the field carries (a federation's own lists are joined by them)."""
    players = sorted(event.players, key=lambda p: (p.name.casefold(), p.id))
    header, ids = _id_columns(event)
    return spreadsheet_csv(["Name", "Rank", "Rating", "Country", "Club", *header], (
        [p.name, str(p.rank or ""), "" if p.rating is None else p.rating, p.country, p.club, *ids(p)]
        for p in players))


def _id_columns(event: Event) -> tuple[list[str], Callable[[Player], list[str]]]:
    """The headers of the federation ids some player of the field has (EGD PIN, FESA id,
    EMA number), and a function giving a player's cells, normalised as the archive keys
    people (``123456`` is the PIN ``00123456``)."""
    from plugins.archive.people import ID_COLUMNS, ID_NAMES, player_ids

    found = [player_ids(p) for p in event.players]
    columns = [c for c, _ in ID_COLUMNS if any(c in ids for ids in found)]
    by_player = {p.id: ids for p, ids in zip(event.players, found, strict=True)}
    return [ID_NAMES[c] for c in columns], lambda p: [by_player[p.id].get(c, "") for c in columns]


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
    id_header, ids = _id_columns(event)
    header = ["Place", "Player", "Rank", "Score", *(["Wins"] if show_wins else []),
              *(LABELS[t] for t in table.tiebreaks), *id_header]
    rows: list[list[Any]] = []
    for line in table.lines:
        player = names[line.player]
        rows.append([line.place_text, player.name, str(player.rank or ""), _number(line.score),
                     *([_number(line.wins)] if show_wins else []),
                     *(_number(line.tiebreaks[t]) for t in table.tiebreaks), *ids(player)])
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
    id_header, ids = _id_columns(event)
    players = event.players_by_id
    outputs = [File("results.csv", spreadsheet_csv(
        ["Place", "Player", "Out in", "Total", "Prize", *id_header],
        ([r["place"], r["name"], r["out"], r["total"], r["prize"], *ids(players[r["id"]])]
         for r in result_rows(event, state))))]
    for current in (r for r in state.rounds if r.drawn):
        rows = standing_rows(event, state, current)
        outputs.append(File(f"standings-{current.number}.csv", spreadsheet_csv(
            ["Rank", "Player", "Group", "Carried", "Play", "Penalty", "Total", "Status", *id_header],
            ([r["rank"], r["name"], r["group"], r["carried"], r["play"], r["penalty"], r["total"],
              r["status"], *ids(players[r["id"]])] for r in rows))))
    return outputs

"""What a McMahon or Swiss event publishes: pairings and standings after every round,
the crosstable, a page per player, their JSON, the archive's status line and the live view."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from plugins.macmahon.rounds import Round
from plugins.macmahon.settings import Settings
from plugins.macmahon.standings import (
    LABELS,
    LEGEND,
    SCORE_LEGEND,
    RoundByRound,
    Standing,
    display,
    unplayed_text,
)
from plugins.macmahon.words import seat_names
from publisher.build.kept import Kept
from publisher.languages import Message, message, names_in_sentence, plural_message
from publisher.model import DataFile, Event, Page
from publisher.problems import display_path


@dataclass
class Results:
    """What the pages read: the round files and the standings after each of them (each
    computed when a page or a command first reads it)."""

    rounds: list[Round]
    standings: RoundByRound
    settings: Settings
    initial: dict[str, int]


def seats(event: Event) -> tuple[Message, Message]:
    """What player1 and player2 are called in this game."""
    return seat_names(event.game)


def event_outputs(event: Event, results: Results, kept: Kept | None = None) -> list[Page | DataFile]:
    """Every page and JSON file of the rounds played or paired so far (the player columns'
    cells kept in ``kept`` with the field they were made from)."""
    from plugins.macmahon.lines import column_cells, crosstable_rows  # pages only: pair makes none

    if not results.rounds:
        return []
    outputs: list[Page | DataFile] = []
    last = results.rounds[-1].number
    numbers = [r.number for r in results.rounds]
    common = {"seats": seats(event), "numbers": numbers, "players": event.players_by_id}
    # The player columns event.toml's [standings] asks for, where anybody has a value.
    columns = [c for c in event.data["core"]["standings_columns"]
               if any(getattr(p, c) not in (None, "") for p in event.players)]
    player_cells = cache(partial(column_cells, event.players, columns, kept))  # made once, when first shown
    # A round's pages and files are made when written: a rebuild that finds their sources
    # as they were keeps them without making them (publisher.model.made).
    for rnd in results.rounds:
        number, sources = rnd.number, round_sources(event, results, rnd.number)
        table = partial(results.standings.__getitem__, number - 1)
        outputs += [
            Page(f"round-{number}.html", "macmahon/round.html",
                 message("Round %(number)s — %(event)s", number=number, event=event.name),
                 partial(_round_context, event, results, common, rnd),
                 nav=message("Pairings") if number == last else None, nav_order=20, context_only=True,
                 sources=sources),
            Page(f"standings-{number}.html", "macmahon/standings.html",
                 message("Standings after round %(number)s — %(event)s", number=number, event=event.name),
                 lambda table=table: {**common, "standings": table(), "columns": columns,
                                      "player_cells": player_cells(),
                                      **legend(results.settings)},
                 nav=message("Standings") if number == last else None, nav_order=30, context_only=True,
                 sources=sources),
            DataFile(f"data/round-{number}.json", rnd.as_json, sources),
            DataFile(f"data/standings-{number}.json", lambda table=table: table().as_json(), sources),
        ]
    latest = results.standings[-1]
    history = results.standings.history
    outputs.append(Page("crosstable.html", "macmahon/crosstable.html",
                        message("Crosstable — %(event)s", event=event.name),
                        {**common, "standings": latest, **legend(results.settings),
                         "rows": crosstable_rows(event.players, history, latest)},
                        nav=message("Crosstable"), nav_order=40, context_only=True))
    places = {line.player: line.place_text for line in latest.lines}
    tables = [(t.round, t.by_player) for t in results.standings]
    # A player's place is given after the last round with a result in: before the first result
    # of round 6, "place after round 6" would only repeat round 5's order under a wrong name.
    scored = next((r.number for r in reversed(results.rounds) if any(g.result for g in r.games)), None)
    placed = results.standings[scored - 1] if scored else None
    for player in event.players:
        entries = history[player.id]
        outputs.append(Page(
            f"players/{player.id}.html", "macmahon/player.html",
            message("%(player)s — %(event)s", player=player.name, event=event.name),
            # the player by id: the field is in the key once for every page (publisher.build.pagekeys)
            {**common, "player_id": player.id, "entries": entries,
             "line": latest.by_player[player.id], "latest": latest.round,
             "placed": (placed.round, placed.by_player[player.id].place_text) if placed else None,
             # the score after each round (a page's key pickles its context: numbers are cheap)
             "after": {n: lines[player.id].score for n, lines in tables},
             "initial": results.initial[player.id],
             # the opponents' places only: a result that moves others leaves this page alone
             "places": {e.opponent: places[e.opponent] for e in entries if e.opponent}},
            context_only=True, dated=False))
    return outputs


def round_sources(event: Event, results: Results, number: int) -> tuple[Path, ...]:
    """What round ``number``'s pairings and the standings after it are made from: the
    settings, the field and the round files up to it."""
    return (event.toml_path, event.players_path, *(r.path for r in results.rounds[:number]))


def _round_context(event: Event, results: Results, common: dict[str, Any], rnd: Round) -> dict[str, Any]:
    """The pairings page of ``rnd``, with everybody's score before it."""
    before = results.standings[rnd.number - 2].by_player if rnd.number > 1 else None
    scores = {p: (before[p].score if before else float(results.initial[p])) for p in event.players_by_id}
    return {**common, "round": rnd, "scores": scores,
            "source": display_path(rnd.path.relative_to(event.dir))}


def legend(settings: Settings) -> dict[str, Any]:
    """The columns and their one-line explanations, for every page with standings."""
    tiebreaks = settings.tiebreaks
    keys = [*([] if "wins" in tiebreaks else ["wins"]), *tiebreaks]
    return {"labels": LABELS, "order": [LABELS[t] for t in tiebreaks],
            "legend": [(message("Score"), SCORE_LEGEND), *((LABELS[k], LEGEND[k]) for k in keys)],
            "unplayed": unplayed_text(settings)}


def status(event: Event, results: Results) -> Message:
    """Where the event stands, in one line for the archive."""
    if not results.rounds:
        return plural_message("%(num)d player; round 1 not paired yet",
                              "%(num)d players; round 1 not paired yet", len(event.players))
    rnd, total = results.rounds[-1], event.rounds
    if not rnd.complete:
        done = len(rnd.games) - len(rnd.pending)
        if not done:
            return message("Round %(number)s of %(rounds)s paired", number=rnd.number, rounds=total)
        return message("Round %(number)s of %(rounds)s in play: %(done)s of %(games)s results in",
                       number=rnd.number, rounds=total, done=done, games=len(rnd.games))
    if rnd.number == total:
        first = [event.player(s.player).name for s in results.standings[-1].lines if s.place == 1]
        winners = names_in_sentence(first)
        if len(first) > 1:
            return plural_message("Finished after %(num)d round; winners: %(winners)s",
                                  "Finished after %(num)d rounds; winners: %(winners)s", total,
                                  winners=winners)
        return plural_message("Finished after %(num)d round; winner: %(winners)s",
                              "Finished after %(num)d rounds; winner: %(winners)s", total, winners=winners)
    return message("Round %(number)s of %(rounds)s played", number=rnd.number, rounds=total)


def archive_record(event: Event, results: Results) -> dict[str, Any]:
    """What the archive keeps: the rounds published and the latest standings of the field."""
    finished = bool(results.rounds) and results.rounds[-1].complete \
        and results.rounds[-1].number == event.rounds
    latest = results.standings[-1] if results.standings else None
    return {
        "rounds": [{"round": r.number, "label": message("Round %(number)s", number=r.number),
                    "page": f"round-{r.number}.html",
                    "published": "pairings", "standings_page": f"standings-{r.number}.html",
                    "complete": r.complete}
                   for r in results.rounds],
        "player_pages": bool(results.rounds),
        "finished": finished,
        "final_page": f"standings-{latest.round}.html" if finished and latest else "",
        "score_label": message("McMahon score") if event.system == "macmahon" else message("points"),
        "standings": [{"player": s.player, "place": s.place_text, "score": display(s.score),
                       "wins": display(s.wins)}
                      for s in (latest.lines if latest else [])],
    }


def points(score: float) -> Message:
    """A McMahon score on a hall screen: "1 pt", "3½ pts" (a score with a half is counted as
    many, as English counts it)."""
    return plural_message("%(score)s pt", "%(score)s pts", int(score) if score == int(score) else 2,
                          score=display(score))


def live_view(event: Event, results: Results) -> dict[str, Any] | None:
    """The latest round's tables and the standings before it (or after it, once it is over)."""
    if not results.rounds:
        return None
    rnd = results.rounds[-1]
    shown = results.standings[-1] if rnd.complete else (
        results.standings[-2] if len(results.standings) > 1 else None)
    scores = {p: (shown.by_player[p].score if shown else float(s)) for p, s in results.initial.items()}
    black, white = seats(event)
    tables = []
    for game in rnd.games:
        assert game.white is not None
        tables.append({"table": str(game.table), "result": game.result, "players": [
            {"id": pid, "name": event.player(pid).name, "seat": seat, "note": points(scores[pid])}
            for pid, seat in ((game.black, black), (game.white, white))],
            **({"handicap": game.handicap, "komi": game.komi} if rnd.handicaps else {})})
    for game in rnd.byes:
        tables.append({"table": message("bye"), "result": message("bye"), "players": [
            {"id": game.black, "name": event.player(game.black).name, "seat": "",
             "note": points(scores[game.black])}]})
    lines, order = (shown.lines, shown.tiebreaks) if shown else ([], [])
    return {
        "heading": message("Round %(number)s", number=rnd.number),
        "round": rnd.number, "rounds": event.rounds,
        "tables": tables,
        "standings_heading": message("Standings after round %(number)s", number=shown.round) if shown else "",
        "standings": [
            {"place": s.place_text, "id": s.player, "name": event.player(s.player).name,
             "score": display(s.score),
             "note": _tiebreak_note(s, name) if (name := deciding_tiebreak(lines, i, order)) else ""}
            for i, s in enumerate(lines)],
        "clock": None,
    }


def deciding_tiebreak(lines: list[Standing], index: int, order: list[str]) -> str | None:
    """The tiebreak a hall screen shows beside a line: the first, in the event's order, that
    tells it from a neighbour on the same score (so "=9" beside "10" shows what set them
    apart); the first tiebreak where no neighbour shares the score or all of them are equal."""
    line = lines[index]
    level = [lines[j] for j in (index - 1, index + 1)
             if 0 <= j < len(lines) and lines[j].score == line.score]
    for name in order:
        if any(other.tiebreaks.get(name) != line.tiebreaks.get(name) for other in level):
            return name
    return order[0] if order else None


def _tiebreak_note(line: Standing, name: str) -> Message:
    value = line.tiebreaks.get(name)
    if value is None:
        return LABELS[name]
    return message("%(tiebreak)s %(value)s", tiebreak=LABELS[name], value=display(value))


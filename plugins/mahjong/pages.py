"""The pages and JSON of a mahjong elimination event, built from the computed rounds.

Templates get plain rows (names looked up, texts as Messages, scores rounded down to the
cent and starts on the venue's clock, which the templates write in the page's language);
the JSON carries exact values as ``a/b`` strings beside their two-decimal displays.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import partial
from typing import Any

from plugins.mahjong.money import money
from plugins.mahjong.rounds import Penalty
from plugins.mahjong.schedule import local, round_minutes, round_slots, zone_label
from plugins.mahjong.seats import SEATS, WINDS, cycles
from plugins.mahjong.standings import (
    ADVANCED,
    ELIMINATED,
    WITHDRAWN,
    Result,
    Standing,
    cents,
    display,
    exact,
    places,
    shown,
)
from plugins.mahjong.tournament import Mahjong, Round, round_sources
from publisher.languages import Message, message, plural_message
from publisher.model import DataFile, Event, Page

T = "mahjong/"


def event_pages(event: Event, state: Mahjong) -> list[Page | DataFile]:
    settings = state.settings
    drawn = [r for r in state.rounds if r.drawn]
    outputs: list[Page | DataFile] = [
        Page("rounds.html", T + "rounds.html", message("Rounds — %(event)s", event=event.name),
             {"rounds": [round_summary(state, r) for r in state.rounds],
              "total_rounds": settings.rounds}, nav=message("Rounds"), nav_order=20),
        Page("eliminations.html", T + "eliminations.html",
             message("Eliminations — %(event)s", event=event.name),
             {"rounds": eliminations(event, state)}, nav=message("Eliminations"), nav_order=40),
        Page("results.html", T + "results.html", message("Results — %(event)s", event=event.name),
             {"results": result_rows(event, state), "finished": state.finished,
              "prizes": [money(event, p) for p in settings.prizes]}, nav=message("Results"), nav_order=45),
        Page("schedule.html", T + "schedule.html", message("Schedule — %(event)s", event=event.name),
             {"rounds": schedule_rows(event, state), "zone": schedule_zone(event, state)},
             nav=message("Schedule"), nav_order=60),
        DataFile("data/mahjong-results.json", results_json(state)),
    ]
    for current in drawn:
        latest = current is drawn[-1]
        label = round_label(state, current.number)
        sources = round_sources(event, current.number)
        # A round's pages are made from its sources alone, so each context is made as its
        # page is written (and not at all when a rebuild finds the sources as they were):
        # a 1,024-player round's scoresheets, slips and standings are not all held at once.
        made = partial(_round_context, event, state, current)
        outputs += [
            Page(f"round-{current.number}.html", T + "round.html",
                 message("%(round)s tables — %(event)s", round=label, event=event.name),
                 partial(made, "parts", part_views),
                 nav=message("Tables") if latest else None, nav_order=25, context_only=True, sources=sources),
            Page(f"scoresheets-{current.number}.html", T + "scoresheets.html",
                 message("%(round)s scoresheets — %(event)s", round=label, event=event.name),
                 partial(made, "sheets", scoresheets), context_only=True, sources=sources,
                 language=event.screens_language),  # printed for the hall, as its screens speak
            Page(f"slips-{current.number}.html", T + "slips.html",
                 message("%(round)s seating slips — %(event)s", round=label, event=event.name),
                 partial(made, "slips", slips), context_only=True, sources=sources,
                 language=event.screens_language),
            Page(f"standings-{current.number}.html", T + "standings.html",
                 message("%(round)s standings — %(event)s", round=label, event=event.name),
                 partial(_standings_context, event, state, current),
                 nav=message("Standings") if latest else None, nav_order=30, context_only=True,
                 sources=sources),
            DataFile(f"data/mahjong-round-{current.number}.json", partial(round_json, state, current),
                     sources),
        ]
    by_player = {row["id"]: row for row in result_rows(event, state)}
    paths = player_paths(event, state)
    outputs += [
        Page(f"players/{player.id}.html", T + "player.html", f"{player.name} — {event.name}",
             {"player": player, "path": paths.get(player.id, []),
              "result": by_player.get(player.id)}, context_only=True, dated=False)
        for player in event.players
    ]
    return outputs


def _round_context(event: Event, state: Mahjong, current: Round, name: str,
                   rows: Callable[[Event, Mahjong, Round], list[dict[str, Any]]]) -> dict[str, Any]:
    """The context of a round's tables, scoresheets or slips page: the round and its ``rows``."""
    return {"round": round_summary(state, current), name: rows(event, state, current)}


def _standings_context(event: Event, state: Mahjong, current: Round) -> dict[str, Any]:
    return {"round": round_summary(state, current), "rows": standing_rows(event, state, current),
            "groups": bool(current.number == 1 and any(g for g in state.groups)),
            "penalties": any(s.penalties for s in current.standings)}


def round_label(state: Mahjong, number: int) -> Message:
    return state.settings.round_label(number)


def round_summary(state: Mahjong, current: Round) -> dict[str, Any]:
    """What every page of a round says about it: label, progress, cut."""
    settings = state.settings
    final = settings.is_final(current.number)
    if not current.drawn:
        progress = message("not drawn yet")
    elif current.complete:
        progress = message("played")
    elif current.started:
        progress = current.scored_text
    else:
        progress = message("drawn, scores pending")
    return {
        "number": current.number, "label": round_label(state, current.number),
        "players": len(current.field), "parts": current.parts_total,
        "cycles": settings.cycles_per_part[current.number - 1], "final": final,
        "advance": None if final else settings.advance[current.number - 1],
        "drawn": current.drawn, "complete": current.complete, "progress": progress,
        "parts_scored": current.parts_scored,
    }


def part_views(event: Event, state: Mahjong, current: Round) -> list[dict[str, Any]]:
    final = state.settings.is_final(current.number)
    count = state.settings.cycles_per_part[current.number - 1]
    awaited = current.scores.awaited if current.scores else {}
    return [{
        "number": part.number, "label": state.settings.part_label(current.number, part.number),
        "scored": part.number <= current.parts_scored,
        # A part entered table by table: how many of its tables are in so far.
        "tables_in": (plural_message("%(done)s of %(num)d table in", "%(done)s of %(num)d tables in",
                                     len(part.tables), done=len(part.tables) - len(awaited[part.number]))
                      if part.number in awaited else ""),
        "scored_groups": [g for g, n in (current.scores.group_parts if current.scores else {}).items()
                          if g and n >= part.number > current.parts_scored],
        "tables": [{
            "number": table.number, "group": table.group or "",
            "seats": [{"wind": SEATS[w], "id": p, "name": event.player(p).name}
                      for w, p in zip(WINDS, table.seats, strict=True)],
            "cycles": [[event.player(c[w]).name for w in WINDS] for c in cycles(table.seats, count, final)],
        } for table in part.tables],
    } for part in current.parts]


def slips(event: Event, state: Mahjong, current: Round) -> list[dict[str, Any]]:
    """One slip per player, in players.csv order: start (on the venue's clock), table and wind
    for every part."""
    seats = _seats(current)
    group_of = state.group_of
    starts = {g: _starts(event, state, current.number, g) for g in {*group_of.values(), ""}}
    return [{
        "id": p.id, "name": p.name,
        "parts": [{"label": state.settings.part_label(current.number, part), "table": table,
                   "wind": SEATS[wind], "start": starts[group_of.get(p.id, "")][part - 1]}
                  for part, table, wind in seats[p.id]],
    } for p in event.players if p.id in seats]


def _starts(event: Event, state: Mahjong, number: int, group: str) -> list[dt.datetime | None]:
    """The start of every part of a round (its group's, in round 1) on the venue's clock."""
    return [local(s.start, event.timezone) if s.start else None
            for s in round_slots(state.settings, number, group or None)]


def scoresheets(event: Event, state: Mahjong, current: Round) -> list[dict[str, Any]]:
    """One sheet per table and part: the players' seat in every cycle and a row per hand."""
    settings = state.settings
    count = settings.cycles_per_part[current.number - 1]
    final = settings.is_final(current.number)
    sheets = []
    for part in current.parts:
        for table in part.tables:
            by_cycle = cycles(table.seats, count, final)
            start = _starts(event, state, current.number, table.group or "")[part.number - 1]
            sheets.append({
                "table": table.number, "group": table.group or "", "start": start,
                "part": settings.part_label(current.number, part.number),
                "players": [{
                    "id": p, "name": event.player(p).name,
                    "substitute": _spell(event, table.substitutes[p]) if p in table.substitutes else "",
                    "winds": [SEATS[next(w for w in WINDS if seating[w] == p)] for seating in by_cycle],
                } for p in table.seats],
                "hands": [{"cycle": c, "hand": h, "dealer": event.player(by_cycle[c - 1][WINDS[h - 1]]).name}
                          for c in range(1, count + 1) for h in range(1, len(WINDS) + 1)],
            })
    return sheets


def standing_rows(event: Event, state: Mahjong, current: Round) -> list[dict[str, Any]]:
    place = places(s.rank for s in current.standings)
    substituted = current.substituted
    rows = []
    for index, s in enumerate(current.standings):
        before = current.standings[index - 1].status if index else None
        first_out = s.status == ELIMINATED and before != ELIMINATED
        rows.append({
            "rank": place[s.rank], "id": s.player,
            "name": event.player(s.player).name, "group": s.group, "carried": cents(s.carried),
            "play": cents(s.play), "penalty": cents(-s.penalty) if s.penalties else None,
            "total": cents(s.total), "status": s.status,
            "tiebreak": s.tiebreak, "cut": first_out,
            "notes": standing_notes(event, state, current, s, substituted),
        })
    return rows


def standing_notes(event: Event, state: Mahjong, current: Round, s: Standing,
                   substituted: dict[str, dict[int, str]]) -> list[str]:
    """What else happened to a player in a round: penalties, substitutes, withdrawals.
    ``substituted`` is the round's ``Round.substituted``, worked out once per round by
    the caller: it walks every table of the round."""
    notes = [_penalty(event, state, current, p) for p in s.penalties]
    notes += [message("%(substitute)s played %(part)s in their seat", substitute=_spell(event, substitute),
                      part=_part_name(state, current, part))
              for part, substitute in sorted(substituted.get(s.player, {}).items())]
    if s.status == WITHDRAWN:
        after = current.number + 1
        notes.append(message("Qualified but withdrew before round %(number)s (%(reason)s)",
                             number=after, reason=s.withdrawal) if s.withdrawal
                     else message("Qualified but withdrew before round %(number)s", number=after))
    if s.replaces:
        gone = next(o for o in current.standings if o.player == s.replaces)
        name = event.player(s.replaces).name
        notes.append(message("Advanced in place of %(player)s, who withdrew (%(reason)s)", player=name,
                             reason=gone.withdrawal) if gone.withdrawal
                     else message("Advanced in place of %(player)s, who withdrew", player=name))
    return notes


def _penalty(event: Event, state: Mahjong, current: Round, penalty: Penalty) -> Message:
    """"Penalty 10.00 in session 2, half 1: late arrival", and who sat in where a substitute did."""
    values = {"points": shown(penalty.points), "part": _part_name(state, current, penalty.part),
              "reason": penalty.reason}
    if penalty.substitute:
        return message("Penalty %(points)s in %(part)s: %(reason)s (%(substitute)s, sitting in)",
                       substitute=_spell(event, penalty.substitute), **values)
    return message("Penalty %(points)s in %(part)s: %(reason)s", **values)


def _part_name(state: Mahjong, current: Round, part: int) -> Message:
    """"session 2, half 1", "quarter 3", "the round": a part as a note names it."""
    if current.parts_total == 1:
        return message("the round")
    return state.settings.part_label(current.number, part, start=False)


def _spell(event: Event, someone: str) -> str:
    """A substitute as the seating file names them: a player's name where it is an id."""
    player = event.players_by_id.get(someone)
    return player.name if player else someone


def eliminations(event: Event, state: Mahjong) -> list[dict[str, Any]]:
    """Who went out in each finished elimination round, with the cut line's totals."""
    rows = []
    for current in state.rounds:
        if not current.complete or state.settings.is_final(current.number):
            continue
        out = [s for s in current.standings if s.status in (ELIMINATED, WITHDRAWN)]
        kept = [s for s in current.standings if s.status == ADVANCED]
        cut_out = [s for s in out if s.status == ELIMINATED] or out
        rows.append({
            "number": current.number, "label": round_label(state, current.number),
            "players": len(current.field), "advanced": len(kept), "eliminated": len(out),
            "first_place": len(kept) + 1,
            "cut": cents(kept[-1].total), "best_out": cents(cut_out[0].total),
            "out": [{"id": s.player, "name": event.player(s.player).name, "total": cents(s.total),
                     "withdrew": s.status == WITHDRAWN} for s in out],
            "ties": sum(1 for s in current.standings if s.tiebreak),
        })
    return rows


def result_row(event: Event, state: Mahjong, result: Result, place: str) -> dict[str, Any]:
    """A player's line of the results: ``out`` names the round they reached, ``eliminated_in``
    is its number (None: the final)."""
    return {
        "rank": result.rank, "place": place,
        "id": result.player, "name": event.player(result.player).name,
        "out": round_label(state, result.eliminated_in or state.settings.rounds),
        "eliminated_in": result.eliminated_in,
        "total": cents(result.total), "prize": money(event, result.prize) if result.prize else None,
    }


def result_rows(event: Event, state: Mahjong) -> list[dict[str, Any]]:
    place = places(r.rank for r in state.results)
    return [result_row(event, state, r, place[r.rank]) for r in state.results]


def player_paths(event: Event, state: Mahjong) -> dict[str, list[dict[str, Any]]]:
    """Each player's rounds: where they sat, what they scored, how the round ended for them."""
    paths: dict[str, list[dict[str, Any]]] = {}
    for current in state.rounds:
        seats = _seats(current)
        place = places(s.rank for s in current.standings)
        summary = round_summary(state, current)
        substituted = current.substituted
        labels = {p: state.settings.part_label(current.number, p) for p in range(1, current.parts_total + 1)}
        for standing in current.standings:
            player = standing.player
            play = current.scores.play.get(player, {}) if current.scores else {}
            paths.setdefault(player, []).append({
                "number": current.number, "label": round_label(state, current.number),
                "summary": summary,
                "parts": [{"label": labels[part], "table": table, "wind": SEATS[wind],
                           "score": cents(play[part]) if part in play else None}
                          for part, table, wind in seats.get(player, [])],
                "carried": cents(standing.carried), "play": cents(standing.play),
                "penalty": cents(standing.penalty) if standing.penalties else None,
                "total": cents(standing.total), "status": standing.status,
                "rank": place[standing.rank],
                "tiebreak": standing.tiebreak,
                "notes": standing_notes(event, state, current, standing, substituted),
            })
    return paths


def schedule_rows(event: Event, state: Mahjong) -> list[dict[str, Any]]:
    """Every round's parts with starts on the venue's clock; round 1 once per group where the
    groups play at times of their own."""
    settings = state.settings
    rows = []
    for number in range(1, settings.rounds + 1):
        own = list(state.groups) if number == 1 and settings.schedule.group_starts else []
        for group in own or [None]:
            slots = round_slots(settings, number, group)
            label = round_label(state, number)
            if group:
                label = message("%(round)s, group %(group)s", round=label, group=group)
            rows.append({
                "label": label, "parts": len(slots), "minutes": slots[0].minutes,
                "cycles": settings.cycles_per_part[number - 1], "in_all": round_minutes(slots),
                "slots": [{"label": s.label, "break_after": s.break_after,
                           "start": local(s.start, event.timezone) if s.start else None,
                           "cycle_breaks": s.cycle_breaks, "break_minutes": s.break_minutes}
                          for s in slots],
            })
    return rows


def schedule_zone(event: Event, state: Mahjong) -> str:
    starts = sorted(state.settings.schedule.starts.values())
    return zone_label(event.timezone, starts[0] if starts else None)


def round_json(state: Mahjong, current: Round) -> dict[str, Any]:
    """``mahjong-round-<n>.json`` of the contract."""
    final = state.settings.is_final(current.number)
    count = state.settings.cycles_per_part[current.number - 1]
    return {
        "round": current.number,
        "final": final,
        "parts_scored": current.parts_scored,
        "parts": [{
            "part": part.number,
            "label": state.settings.part_label(current.number, part.number),
            "tables": [{"table": t.number, "group": t.group or None, "cycles": cycles(t.seats, count, final)}
                       for t in part.tables],
        } for part in current.parts],
        "standings": [standing_json(s) for s in current.standings],
    }


def standing_json(s: Standing) -> dict[str, Any]:
    return {
        "rank": s.rank, "player": s.player, "group": s.group or None,
        "carried": exact(s.carried), "play": exact(s.play), "total": exact(s.total),
        "carried_display": display(s.carried), "play_display": display(s.play),
        # A player who withdrew is out: "eliminated", with the reason in "withdrawal".
        "total_display": display(s.total), "status": ELIMINATED if s.status == WITHDRAWN else s.status,
        "tiebreak": s.tiebreak,
        "hands": [exact(h) for h in sorted(s.hands, reverse=True)],
        "penalty": exact(s.penalty), "penalty_display": display(s.penalty),
        "penalties": [{"part": p.part, "points": exact(p.points), "reason": p.reason,
                       "substitute": p.substitute or None} for p in s.penalties],
        "withdrawal": s.withdrawal or None, "replaces": s.replaces or None,
    }


def results_json(state: Mahjong) -> dict[str, Any]:
    """``mahjong-results.json``: the order of the field; while the event runs, only the
    places already decided (players knocked out), with ``complete`` false."""
    return {
        "complete": state.finished,
        "results": [{
            "rank": r.rank, "player": r.player, "eliminated_in": r.eliminated_in,
            "total": exact(r.total), "total_display": display(r.total),
            "prize": exact(r.prize), "prize_display": display(r.prize),
        } for r in state.results],
    }


def _seats(current: Round) -> dict[str, list[tuple[int, int, str]]]:
    """For each player of a drawn round: (part, table, wind at the start) for every part."""
    seats: dict[str, list[tuple[int, int, str]]] = {}
    for part in current.parts:
        for table in part.tables:
            for wind, player in zip(WINDS, table.seats, strict=True):
                seats.setdefault(player, []).append((part.number, table.number, wind))
    return seats

"""Where the event stands: the archive's one-liner and the venue screens' live view."""

from __future__ import annotations

import datetime as dt
from typing import Any

from plugins.mahjong.pages import round_label
from plugins.mahjong.schedule import clock
from plugins.mahjong.seats import SEATS, WINDS
from plugins.mahjong.settings import Settings
from plugins.mahjong.standings import ELIMINATED, WITHDRAWN, Standing, places
from plugins.mahjong.standings import shown as points
from plugins.mahjong.tournament import Mahjong, Round
from publisher.languages import Message, listed_with_semicolons, message, names_in_sentence, plural_message
from publisher.model import Event


def status(event: Event, state: Mahjong) -> Message:
    """"Round 3 of 8: drawn, scores pending", "Final played: won by ..." and the like."""
    total = state.settings.rounds
    current = state.current
    final = state.settings.is_final(current.number)
    if state.finished:
        winners = [event.player(s.player).name for s in current.standings if s.rank == 1]
        return message("Final played: won by %(winners)s", winners=names_in_sentence(winners))
    if current.complete:
        return message("Round %(number)s of %(rounds)s played", number=current.number, rounds=total)
    where = (message("Final (round %(rounds)s of %(rounds)s)", rounds=total) if final
             else message("Round %(number)s of %(rounds)s", number=current.number, rounds=total))
    if not current.drawn:
        if current.number > 1 and final:
            return message("Round %(done)s of %(rounds)s played; final (round %(rounds)s of %(rounds)s): "
                           "not drawn yet", done=current.number - 1, rounds=total)
        if current.number > 1:
            return message("Round %(done)s of %(rounds)s played; round %(number)s of %(rounds)s: "
                           "not drawn yet", done=current.number - 1, number=current.number, rounds=total)
        return message("%(round)s: not drawn yet", round=where)
    if current.started:
        return message("%(round)s: %(progress)s", round=where, progress=current.scored_text)
    return message("%(round)s: drawn, scores pending", round=where)


def archive_record(event: Event, state: Mahjong) -> dict[str, Any]:
    """What the archive keeps: the rounds drawn, and the final order of the field once the
    final is played (before that, the latest scored round's standings)."""
    shown = _latest_scored(state)
    if state.finished:
        standings = [{"player": r.player, "place": place, "score": points(r.total)}
                     for r, place in zip(state.results, _places(state), strict=True)]
    else:
        standings = [{"player": s["id"], "place": s["place"], "score": s["score"]}
                     for s in ([] if shown is None else _standings(event, shown, final=False))]
    return {
        "rounds": [{"round": r.number, "label": round_label(state, r.number),
                    "page": f"round-{r.number}.html", "published": "seating",
                    "standings_page": f"standings-{r.number}.html",
                    "complete": r.complete} for r in state.rounds if r.drawn],
        "player_pages": True,
        "finished": state.finished,
        "final_page": "results.html" if state.finished else "",
        "score_label": message("points"),
        "standings": standings,
    }


def _places(state: Mahjong) -> list[str]:
    place = places(r.rank for r in state.results)
    return [place[r.rank] for r in state.results]


def live_view(event: Event, state: Mahjong) -> dict[str, Any]:
    """The current part's tables with their winds, the latest standings and the part's clock."""
    current = state.current
    label = round_label(state, current.number)
    view: dict[str, Any] = {"heading": message("%(round)s: not drawn yet", round=label),
                            "round": current.number, "rounds": state.settings.rounds, "tables": [],
                            "clock": None, "timezone": event.timezone.key if event.timezone else None}
    if current.drawn:
        playing = current.playing
        settings = state.settings
        if len(set(playing.values())) == 1:
            part = next(iter(playing.values()))
            named = settings.part_label(current.number, part, start=False)
            view["heading"] = label if current.parts_total == 1 else message(
                "%(round)s, %(part)s", round=label, part=named)
            tables = current.parts[part - 1].tables
        else:  # round 1's groups at different parts: each group's tables of its part
            view["heading"] = message("%(round)s: %(groups)s", round=label, groups=listed_with_semicolons([
                message("group %(group)s, %(part)s", group=g,
                        part=settings.part_label(current.number, p, start=False))
                for g, p in playing.items()]))
            tables = [t for g, p in playing.items() for t in current.parts[p - 1].tables if t.group == g]
        totals = {s.player: points(s.total) for s in current.standings}
        view["tables"] = [{
            "table": str(table.number), "result": None,
            "players": [{"id": p, "name": event.player(p).name, "seat": SEATS[wind], "note": totals[p]}
                        for wind, p in zip(WINDS, table.seats, strict=True)],
        } for table in tables]
        if not current.complete:
            view.update(_clocks(settings, current.number, playing))
    shown = _latest_scored(state)
    view["standings_heading"] = _standings_heading(state, shown)
    view["standings"] = [] if shown is None else _standings(
        event, shown, final=state.settings.is_final(shown.number))
    view["out"] = _out(event, state)
    return view


def _out(event: Event, state: Mahjong) -> list[dict[str, str]]:
    """The players no longer at the tables, with how their championship ended, so that one
    looking for their table is told so, not to check the spelling of their name."""
    out = []
    for current in state.rounds:
        if current.number >= state.current.number or not current.complete:
            continue
        label = state.settings.round_label(current.number, start=False)
        place = places(s.rank for s in current.standings)
        for s in current.standings:
            if s.status == WITHDRAWN:
                note = message("withdrew after %(round)s", round=label)
            elif s.status == ELIMINATED:
                note = message("out after %(round)s: rank %(rank)s of %(players)s, %(total)s", round=label,
                               rank=place[s.rank], players=len(current.field), total=points(s.total))
            else:
                continue
            out.append({"id": s.player, "name": event.player(s.player).name, "note": note})
    return out


def _clocks(settings: Settings, number: int, playing: dict[str | None, int]) -> dict[str, Any]:
    """The clock of the part being played. When round 1's groups play at times of their own,
    ``clocks`` has each group's (label "Group B, session 1, half 1"), earliest first, and the
    screens count down to the group whose part is on now, or starts next; ``clock`` is then
    the earliest, for readers that know only one."""
    if number > 1 or not settings.schedule.group_starts or None in playing:
        part = max(playing.values())
        return {"clock": clock(settings, number, part)}
    clocks = []
    for group, part in playing.items():
        found = clock(settings, number, part, group)
        if found is not None:
            label = message("Group %(group)s, %(part)s", group=group,
                            part=settings.part_label(number, part, start=False))
            clocks.append({**found, "group": group, "label": label})
    clocks.sort(key=lambda c: dt.datetime.fromisoformat(c["start"]))
    return {"clock": clocks[0] if clocks else None, "clocks": clocks}


def _latest_scored(state: Mahjong) -> Round | None:
    """The round whose standings say most: the current one once a part is scored, else the last."""
    for current in reversed(state.rounds):
        if current.any_scored:
            return current
    return None


def _standings_heading(state: Mahjong, shown: Round | None) -> Message:
    if shown is None:
        return message("No scores yet")
    label = round_label(state, shown.number)
    if shown.complete:
        if state.settings.is_final(shown.number):
            return message("Final result")
        return message("Standings after %(round)s", round=label)
    if len(set(shown.playing.values())) > 1:
        return message("%(round)s: %(progress)s", round=label, progress=shown.scored_text)
    return plural_message("%(round)s after %(done)s of %(num)d part",
                          "%(round)s after %(done)s of %(num)d parts", shown.parts_total,
                          round=label, done=shown.parts_scored)


def _standings(event: Event, shown: Round, final: bool) -> list[dict[str, Any]]:
    """The lines of the hall's standings; "carried" only once a round carried something over."""
    place = places(s.rank for s in shown.standings)
    carried = any(s.carried for s in shown.standings)
    return [{
        "place": place[s.rank], "id": s.player,
        "name": event.player(s.player).name, "score": points(s.total),
        "note": _note(s, final, carried),
    } for s in shown.standings]


def _note(s: Standing, final: bool, carried: bool) -> str:
    """What a line of the hall's standings says after the total."""
    if s.status == WITHDRAWN:
        return message("withdrew")
    if s.status == ELIMINATED and not final:
        return message("out")
    return message("carried %(points)s", points=points(s.carried)) if carried else ""

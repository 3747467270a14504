"""Where the event stands: the archive's one-liner and the venue screens' live view."""

from __future__ import annotations

import datetime as dt
from typing import Any

from plugins.mahjong.pages import round_label
from plugins.mahjong.schedule import clock
from plugins.mahjong.seats import WINDS
from plugins.mahjong.settings import Settings
from plugins.mahjong.standings import ELIMINATED, WITHDRAWN, display, places
from plugins.mahjong.tournament import Mahjong, Round
from publisher.model import Event
from publisher.text import join_names


def status(event: Event, state: Mahjong) -> str:
    """"Round 3 of 8: drawn, scores pending", "Final played: won by ..." and the like."""
    total = state.settings.rounds
    current = state.current
    where = f"{round_label(state, current.number)} (round {total} of {total})" \
        if state.settings.is_final(current.number) else f"Round {current.number} of {total}"
    if state.finished:
        winners = [event.player(s.player).name for s in current.standings if s.rank == 1]
        return f"Final played: won by {join_names(winners)}"
    if current.complete:
        return f"{where} played"
    if not current.drawn:
        if current.number > 1:
            return f"Round {current.number - 1} of {total} played; {where.lower()}: not drawn yet"
        return f"{where}: not drawn yet"
    if current.started:
        return f"{where}: {current.scored_text}"
    return f"{where}: drawn, scores pending"


def archive_record(event: Event, state: Mahjong) -> dict[str, Any]:
    """What the archive keeps: the rounds drawn, and the final order of the field once the
    final is played (before that, the latest scored round's standings)."""
    shown = _latest_scored(state)
    if state.finished:
        standings = [{"player": r.player, "place": place, "score": display(r.total)}
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
        "score_label": "points",
        "standings": standings,
    }


def _places(state: Mahjong) -> list[str]:
    place = places(r.rank for r in state.results)
    return [place[r.rank] for r in state.results]


def live_view(event: Event, state: Mahjong) -> dict[str, Any]:
    """The current part's tables with their winds, the latest standings and the part's clock."""
    current = state.current
    label = round_label(state, current.number)
    view: dict[str, Any] = {"heading": f"{label}: not drawn yet", "round": current.number,
                            "rounds": state.settings.rounds, "tables": [], "clock": None,
                            "timezone": event.timezone.key if event.timezone else None}
    if current.drawn:
        playing = current.playing
        settings = state.settings
        if len(set(playing.values())) == 1:
            part = next(iter(playing.values()))
            part_label = settings.part_label(current.number, part)
            view["heading"] = label if part_label == label else f"{label}, {part_label.lower()}"
            tables = current.parts[part - 1].tables
        else:  # round 1's groups at different parts: each group's tables of its part
            view["heading"] = f"{label}: " + "; ".join(
                f"group {g}, {settings.part_label(current.number, p).lower()}" for g, p in playing.items())
            tables = [t for g, p in playing.items() for t in current.parts[p - 1].tables if t.group == g]
        totals = {s.player: display(s.total) for s in current.standings}
        view["tables"] = [{
            "table": str(table.number), "result": None,
            "players": [{"id": p, "name": event.player(p).name, "seat": wind, "note": totals[p]}
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
        label = round_label(state, current.number)
        place = places(s.rank for s in current.standings)
        for s in current.standings:
            if s.status == WITHDRAWN:
                note = f"withdrew after {label.lower()}"
            elif s.status == ELIMINATED:
                note = (f"out after {label.lower()}: rank {place[s.rank]} of {len(current.field)}, "
                        f"{display(s.total)}")
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
            text = found["label"]
            clocks.append({**found, "group": group, "label": f"Group {group}, {text[0].lower()}{text[1:]}"})
    clocks.sort(key=lambda c: dt.datetime.fromisoformat(c["start"]))
    return {"clock": clocks[0] if clocks else None, "clocks": clocks}


def _latest_scored(state: Mahjong) -> Round | None:
    """The round whose standings say most: the current one once a part is scored, else the last."""
    for current in reversed(state.rounds):
        if current.any_scored:
            return current
    return None


def _standings_heading(state: Mahjong, shown: Round | None) -> str:
    if shown is None:
        return "No scores yet"
    label = round_label(state, shown.number)
    if shown.complete:
        return "Final result" if state.settings.is_final(shown.number) else f"Standings after {label}"
    if len(set(shown.playing.values())) > 1:
        return f"{label}: {shown.scored_text}"
    return f"{label} after {shown.parts_scored} of {shown.parts_total} parts"


def _standings(event: Event, shown: Round, final: bool) -> list[dict[str, Any]]:
    """The lines of the hall's standings; "carried" only once a round carried something over."""
    place = places(s.rank for s in shown.standings)
    carried = any(s.carried for s in shown.standings)
    return [{
        "place": place[s.rank], "id": s.player,
        "name": event.player(s.player).name, "score": display(s.total),
        "note": "withdrew" if s.status == WITHDRAWN else "out" if s.status == ELIMINATED and not final
        else f"carried {display(s.carried)}" if carried else "",
    } for s in shown.standings]

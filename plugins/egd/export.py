"""``publisher export egd``: a Go McMahon or Swiss event as the EGD's results file.

Players are listed in the order of the final standings; the place column numbers the
lines 1, 2, 3... (the round cells name opponents by it, so places are never shared here).
"""

from __future__ import annotations

from typing import Any

from anyascii import anyascii

from plugins.egd.h9 import ENCODING, SCORE_SETTINGS, Cell, Line, format_line, h9_name
from plugins.egd.timing import adjusted_seconds, earned_class
from plugins.macmahon.settings import Settings
from plugins.macmahon.timing import SYSTEMS
from publisher.formats import surname_and_first_name
from publisher.model import Event, Player
from publisher.problems import ContentError, Problem

LABELS = {"score": "MMS", "sos": "SOS", "sos-1": "SOS-1", "sos-2": "SOS-2", "mos": "MOS",
           "cuss": "CUSS", "dc": "DC", "sosos": "SOSOS", "sodos": "SODOS", "mms": "MMS",
           "wins": "NBW", "rating": "Rtg"}


def export_h9(event: Event, allow_unfinished: bool = False) -> bytes:
    """The ``.h9`` bytes; ContentError names every player whose name ISO-8859-15 cannot hold,
    and an unfinished event unless ``allow_unfinished``."""
    mm = event.data["macmahon"]
    if mm.results is None or not mm.rounds:
        raise ContentError(Problem(event.rounds_dir, "has no round files", "export after round 1"))
    _check_finished(event, mm.rounds, allow_unfinished)
    final = mm.results.standings[-1]
    played = _played(mm.rounds)
    order = [s.player for s in sorted(final.lines, key=lambda s: _tie_order(event, s.place, s.player))
             if s.player in played]
    place = {pid: n for n, pid in enumerate(order, 1)}
    main = "score" if event.system == "macmahon" else "wins"
    columns = [main, *[t for t in final.tiebreaks if t != main]]
    egd = _egd_table(event)
    cells = _cells(mm.rounds, place, mm.settings, short=egd.get("cells") == "short")
    lines = []
    problems = []
    transliterate = egd.get("transliterate") is True
    for pid in order:
        player, standing = event.player(pid), final.by_player[pid]
        surname, first = names(player)
        values = {"score": standing.score, "wins": standing.wins, **standing.tiebreaks}
        line = Line(place[pid], surname, first, str(player.rank or ""), player.country.upper(), player.club,
                    [_number(values[c]) for c in columns], cells[pid])
        text = format_line(line)
        bad = sorted({c for c in text if not _encodable(c)})
        if bad and transliterate:
            text = "".join(c if _encodable(c) else anyascii(c) for c in text)
            event.warn(f"{player.name} ({pid}) is written {text[5:35].strip()!r}: "
                       f"{''.join(bad)!r} is not in ISO-8859-15", "check the spelling, or give an egd_name",
                       file=event.players_path, line=player.line)
        elif bad:
            problems.append(Problem(event.players_path, f"{player.name} ({pid}): {''.join(bad)!r} is not "
                                    "in ISO-8859-15, which the EGD reads",
                                    "add an egd_name column with the name in Latin letters (Surname "
                                    "Firstname), or write transliterate = true under [egd] in event.toml",
                                    line=player.line))
        lines.append(text)
    if problems:
        raise ContentError(sorted(problems, key=lambda p: p.line or 0))
    header = "\n".join(_header(event, columns, cells)) + "\n"
    return (header + "\n".join(lines) + "\n").encode(ENCODING)


def names(player: Player) -> tuple[str, str]:
    """Surname and first name: the ``egd_name`` column ("Surname Firstname") where the name
    needs letters ISO-8859-15 lacks, else as every rating list takes them."""
    if player.fields.get("egd_name"):
        surname, _, first = player.fields["egd_name"].strip().partition(" ")
        return surname, first
    return surname_and_first_name(player)


def _egd_table(event: Event) -> dict[str, Any]:
    egd = event.config.get("egd")
    return egd if isinstance(egd, dict) else {}


def _played(rounds: list[Any]) -> set[str]:
    """Players with a game or a bye: OpenGotha leaves the others out, and the EGD has no use
    for a player without a game."""
    return {pid for rnd in rounds for game in [*rnd.games, *rnd.byes] for pid in (game.black, game.white)
            if pid is not None}


def _tie_order(event: Event, place: int, pid: str) -> tuple:
    """Players who share a place are written stronger rank first, then by the name written:
    what the file itself carries, so an import of the file gives the same order back."""
    player = event.player(pid)
    strength = -player.rank.value if player.rank is not None else 0
    return place, strength, h9_name(*names(player))


def _check_finished(event: Event, rounds: list[Any], allow: bool) -> None:
    """An event with games without a result or rounds without a file is not what the EGD rates;
    with ``allow`` it is written all the same, with a warning."""
    missing = [n for n in range(len(rounds) + 1, (event.rounds or 0) + 1)]
    pending = [f"round {rnd.number}: {len(rnd.pending)} game(s) without a result"
               for rnd in rounds if rnd.pending]
    if missing:
        pending.append(f"round(s) {', '.join(map(str, missing))} without a round file")
    if not pending:
        return
    message = f"the event is not finished ({'; '.join(pending)})"
    if allow:
        event.warn(f"{message}: written as it stands, results missing as ?",
                   "submit the file to the EGD once the event is over", file=event.rounds_dir)
        return
    raise ContentError(Problem(event.rounds_dir, message, "enter the missing results, or export a "
                               "preliminary file with --allow-unfinished"))


def _unplayed(points: float) -> str:
    """A round without a game as OpenGotha writes it: 0+ worth a win, 0= half, 0- nothing."""
    return "+" if points >= 1 else "=" if points > 0 else "-"


def _cells(rounds: list[Any], place: dict[str, int], settings: Any, short: bool) -> dict[str, list[Cell]]:
    """Each player's cell a round; ``short``: without colour and handicap, as the file read."""
    cells: dict[str, list[Cell]] = {pid: [] for pid in place}
    for rnd in rounds:
        seen: set[str] = set()
        for game in rnd.games:
            points = game.points()
            for me, other, colour, index in ((game.black, game.white, "b", 0),
                                             (game.white, game.black, "w", 1)):
                mark = "?" if points is None else {1.0: "+", 0.5: "="}.get(points[index], "-")
                cells[me].append(Cell(place[other], mark, "" if short else colour,
                                      0 if short else game.handicap, game.forfeit))
                seen.add(me)
        for game in rnd.byes:
            cells[game.black].append(Cell(0, _unplayed(settings.bye_score)))
            seen.add(game.black)
        for pid in place:
            if pid not in seen:
                cells[pid].append(Cell(0, _unplayed(settings.absent_score)))
    return cells


def _header(event: Event, columns: list[str], cells: dict[str, list[Cell]]) -> list[str]:
    egd = _egd_table(event)
    handicap = event.config.get("macmahon", {}).get("handicap")
    egd_class, minutes, comment = _time_lines(event, egd)
    lines = [f"; CL[{egd_class}]", f"; EV[{event.name}]",
             f"; PC[{egd.get('country', '')},{event.venue}]",
             f"; DT[{event.start.isoformat()},{event.end.isoformat()}]"]
    handicapped = any(c.handicap for row in cells.values() for c in row)
    if handicapped and isinstance(handicap, dict):
        lines.append(f"; HA[h{handicap.get('correction', 1)}]")
    komi = handicap.get("komi", 6.5) if isinstance(handicap, dict) else 6.5
    lines += [f"; KM[{komi:g}]", f"; TM[{minutes}]", f"; CM[{comment}]"]
    settings = event.data["macmahon"].settings
    if event.system == "macmahon" and settings.grouping == "bar-floor":
        lines.append(f"; McMahon bar {settings.bar}, floor {settings.floor}")
    scores = _score_settings(settings)
    if scores:
        lines.append(f"; Scores {{{scores}}}")
    lines += [";", "; Pl Name                            Rk Co Club"
              + "".join(f"{LABELS.get(c, c.upper())[:5]:>6}" for c in columns)]
    return lines


def _score_settings(settings: Settings) -> str:
    """The settings of the scores that differ from the defaults, as a TOML inline table's
    inside: an import of the file gives the same scores, so the same standings, back."""
    default = Settings(settings.system)
    values = {k: getattr(settings, k) for k in SCORE_SETTINGS if getattr(settings, k) != getattr(default, k)}
    return ", ".join(f"{k} = {_toml(v)}" for k, v in values.items())


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float | int) else f'"{value}"'


def _time_lines(event: Event, egd: dict[str, Any]) -> tuple[str, str, str]:
    """``CL``, ``TM`` (the adjusted time in minutes) and ``CM`` (the time system) from ``[time]``;
    ``[egd] class``, ``time`` and ``comment`` (as an imported file stated them) come first."""
    time = event.data["macmahon"].settings.time  # read, and checked, with the event
    if time is None and not {"class", "time", "comment"} <= egd.keys():
        raise ContentError(Problem(event.toml_path, "has no [time]: the EGD rates an event by the class "
                                   "its time limits earn (CL, TM, CM)",
                                   'add [time] with system = "byoyomi", main = 60 (minutes) and '
                                   "byoyomi = 30 (seconds), as the event is played", key="time"))
    computed = (earned_class(time), str(adjusted_seconds(time) // 60), SYSTEMS[time.system]) if time else ()
    if "class" not in egd and computed[:1] == ("X",):
        event.warn(f"the time limits (adjusted time {computed[1]} minutes) are below the EGF's class C: "
                   "the EGD does not rate the event", "check [time]", key="time")
    stated = [egd.get(key) for key in ("class", "time", "comment")]
    egd_class, minutes, comment = (str(s) if s is not None else c
                                   for s, c in zip(stated, computed or stated, strict=True))
    return egd_class, minutes, comment


def _number(value: float) -> str:
    """A criterion as the EGD file writes it: whole numbers plain, halves as .5."""
    return f"{value:g}"


def _encodable(char: str) -> bool:
    try:
        char.encode(ENCODING)
    except UnicodeEncodeError:
        return False
    return True

"""``publisher export egd``: a Go McMahon or Swiss event as the EGD's results file.

Players are listed in the order of the final standings; the place column numbers the
lines 1, 2, 3... (the round cells name opponents by it, so places are never shared here).
"""

from __future__ import annotations

from typing import Any

from anyascii import anyascii

from plugins.egd.h9 import ENCODING, Cell, Line, format_line
from publisher.formats import surname_and_first_name
from publisher.model import Event, Player
from publisher.problems import ContentError, Problem

LABELS = {"score": "MMS", "sos": "SOS", "sos-1": "SOS-1", "sos-2": "SOS-2", "mos": "MOS",
           "cuss": "CUSS", "dc": "DC", "sosos": "SOSOS", "sodos": "SODOS", "mms": "MMS",
           "wins": "NBW", "rating": "Rtg"}


def export_h9(event: Event) -> bytes:
    """The ``.h9`` bytes; ContentError names every player whose name ISO-8859-15 cannot hold."""
    mm = event.data["macmahon"]
    if mm.results is None or not mm.rounds:
        raise ContentError(Problem(event.rounds_dir, "has no round files", "export after round 1"))
    final = mm.results.standings[-1]
    order = [s.player for s in final.lines]
    place = {pid: n for n, pid in enumerate(order, 1)}
    main = "score" if event.system == "macmahon" else "wins"
    columns = [main, *[t for t in final.tiebreaks if t != main]]
    cells = _cells(mm.rounds, place, mm.settings.bye_score)
    lines = []
    problems = []
    egd = event.config.get("egd")
    transliterate = isinstance(egd, dict) and egd.get("transliterate") is True
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


def _cells(rounds: list[Any], place: dict[str, int], bye_score: float) -> dict[str, list[Cell]]:
    cells: dict[str, list[Cell]] = {pid: [] for pid in place}
    for rnd in rounds:
        seen: set[str] = set()
        for game in rnd.games:
            points = game.points()
            for me, other, colour, index in ((game.black, game.white, "b", 0),
                                             (game.white, game.black, "w", 1)):
                mark = "?" if points is None else {1.0: "+", 0.5: "="}.get(points[index], "-")
                cells[me].append(Cell(place[other], mark, colour, game.handicap, game.forfeit))
                seen.add(me)
        for game in rnd.byes:
            cells[game.black].append(Cell(0, "+" if bye_score >= 1 else "="))
            seen.add(game.black)
        for pid in place:
            if pid not in seen:
                cells[pid].append(Cell(0, "="))
    return cells


def _header(event: Event, columns: list[str], cells: dict[str, list[Cell]]) -> list[str]:
    egd: dict[str, Any] = event.config.get("egd", {}) if isinstance(event.config.get("egd"), dict) else {}
    handicap = event.config.get("macmahon", {}).get("handicap")
    lines = [f"; CL[{egd.get('class', 'B')}]", f"; EV[{event.name}]",
             f"; PC[{egd.get('country', '')},{event.venue}]",
             f"; DT[{event.start.isoformat()},{event.end.isoformat()}]"]
    handicapped = any(c.handicap for row in cells.values() for c in row)
    if handicapped and isinstance(handicap, dict):
        lines.append(f"; HA[h{handicap.get('correction', 1)}]")
    komi = handicap.get("komi", 6.5) if isinstance(handicap, dict) else 6.5
    lines += [f"; KM[{komi:g}]"]
    if "time" in egd:
        lines.append(f"; TM[{egd['time']}]")
    if "comment" in egd:
        lines.append(f"; CM[{egd['comment']}]")
    settings = event.data["macmahon"].settings
    if event.system == "macmahon" and settings.grouping == "bar-floor":
        lines.append(f"; McMahon bar {settings.bar}, floor {settings.floor}")
    lines += [";", "; Pl Name                            Rk Co Club"
              + "".join(f"{LABELS.get(c, c.upper())[:5]:>6}" for c in columns)]
    return lines


def _number(value: float) -> str:
    """A criterion as the EGD file writes it: whole numbers plain, halves as .5."""
    return f"{value:g}"


def _encodable(char: str) -> bool:
    try:
        char.encode(ENCODING)
    except UnicodeEncodeError:
        return False
    return True

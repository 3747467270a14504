"""``publisher import egd``: a finished championship of the EGD archive as a championship folder.

Every game appears on both players' lines; the two halves must agree (opponents,
colours, handicap, results), or the line is named. The file's places are kept in
players.csv (``egd_place``), the header in event.toml.
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from pathlib import Path
from typing import Any

from plugins.egd.export import LABELS
from plugins.egd.h9 import (
    BAR_FLOOR_LINE,
    COLUMNS_LINE,
    ENCODING,
    HEADER,
    SCORE_SETTINGS,
    SCORES_LINE,
    Cell,
    Line,
    parse_cell,
)
from publisher.content.folders import egd_pin
from publisher.formats import Championship, csv_text, new_player_id
from publisher.problems import ContentError, Problem
from publisher.ranks import Rank

PLAYER_COLUMNS = ("id", "name", "surname", "first_name", "rank", "country", "club", "egd_place",
                  "egd_pin", "absent")
ROUND_COLUMNS = ("table", "player1", "player2", "result", "handicap")
_RANK = re.compile(r"^([0-9]{1,2})([kdpKDP])$")
_OPPOSITE = {"+": "-", "-": "+", "=": "=", "?": "?"}
_FIX = "correct the line in the file, or ask the EGD for the file again"


def read_h9(path: Path) -> Championship:
    """Read a ``.h9`` file; ContentError names the first line that cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ContentError(Problem(path, f"cannot be read: {exc.strerror}")) from None
    try:  # the EGD's files are ISO-8859-15; a file saved again by an editor may be UTF-8
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode(ENCODING)
    header: dict[str, str] = {}
    columns: list[str] = []
    bar_floor: tuple[str, str] | None = None
    scores: dict[str, Any] = {}
    lines: list[Line] = []
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith(";"):
            match = HEADER.match(stripped)
            if match:
                header[match.group(1)] = match.group(2).strip()
            if COLUMNS_LINE.match(stripped):
                columns = COLUMNS_LINE.match(stripped).group(1).split()  # type: ignore[union-attr]
            if BAR_FLOOR_LINE.match(stripped):
                bar_floor = BAR_FLOOR_LINE.match(stripped).groups()  # type: ignore[union-attr,assignment]
            if SCORES_LINE.match(stripped):
                scores = _scores(path, SCORES_LINE.match(stripped).group(1), number)  # type: ignore[union-attr]
            continue
        lines.append(_line(path, raw, number, lines[-1] if lines else None))
    if not lines:
        raise ContentError(Problem(path, "has no player lines", "choose an EGD results file (.h9)"))
    by_place = {}
    for line in lines:
        if line.place in by_place:
            raise ContentError(Problem(path, f"place {line.place} is on two lines (also line "
                                       f"{by_place[line.place].number})", _FIX, line=line.number))
        by_place[line.place] = line
    rounds = max(len(line.cells) for line in lines)
    ids = _ids(lines)
    games = _games(path, lines, by_place, ids, rounds)
    players = [{"id": ids[line.place], "name": f"{line.surname} {line.first_name}".strip(),
                "surname": line.surname, "first_name": line.first_name, "rank": line.rank,
                "country": line.country if line.country != "XX" else "",
                "club": line.club if line.club.lower() != "xxxx" else "",
                "egd_place": line.shown_place, "egd_pin": line.pin,
                "absent": " ".join(str(r) for r, c in enumerate(line.cells, 1)
                                   if c.opponent == 0 and c.result != "+")}
               for line in lines]
    files = {"players.csv": csv_text(PLAYER_COLUMNS, players)}
    for number in range(1, rounds + 1):
        files[f"rounds/{number}.csv"] = csv_text(ROUND_COLUMNS, games[number])
    config = _config(path, header, rounds)
    notes: list[str] = []
    config["macmahon"].update(scores or _unplayed_scores(lines, notes))
    if not any(cell.colour for line in lines for cell in line.cells if cell.opponent):
        config["egd"]["cells"] = "short"  # OpenGotha's short game format: no colour, no handicap
    names = {label: name for name, label in reversed(LABELS.items())}
    tiebreaks = [names[c] for c in columns[1:] if c in names]
    config["macmahon"]["tiebreaks"] = tiebreaks or ["sos", "sosos"]
    if columns[:1] == ["NBW"]:  # ranked by wins: a Swiss event, one group
        config["system"] = "swiss"
        inferred = not tiebreaks
    else:
        inferred = bar_floor is None or not tiebreaks
        if bar_floor is None:
            ranks = sorted((Rank.parse(line.rank) for line in lines), reverse=True)
            bar_floor = (str(ranks[0]), str(ranks[-1]))
        config["macmahon"].update(grouping="bar-floor", bar=bar_floor[0], floor=bar_floor[1])
    notes += _notes(header) if inferred else []
    return Championship(config, files, notes)


def _line(path: Path, raw: str, number: int, previous: Line | None) -> Line:
    """Split a player line: place, name (two words), rank, country, club, criteria, cells.

    OpenGotha leaves the place blank where a player shares the place above: the cells
    still name that line by the number after the line above. ``|`` and an EGD PIN may
    end the line.
    """
    raw, _, pin = raw.partition("|")
    words = raw.split()
    cells: list[Cell] = []
    while words and parse_cell(words[-1]) is not None:
        cells.insert(0, parse_cell(words.pop()))  # type: ignore[arg-type]
    if previous is not None and words and not words[0].isdigit() and raw[:1].isspace():
        words.insert(0, str(previous.place + 1))
        shared = previous.shown_place
    else:
        shared = None
    if len(words) < 6 or not words[0].isdigit():
        raise ContentError(Problem(path, "is not a player line (place, name, rank, country, club, "
                                   "criteria, one cell a round such as 12+/w0)", _FIX, line=number))
    rank_at = next((i for i in range(2, len(words)) if _RANK.match(words[i])), None)
    if rank_at is None or rank_at > 3 or len(words) < rank_at + 3:
        raise ContentError(Problem(path, "has no rank after the name (like 3d or 12k)", _FIX, line=number))
    name = words[1:rank_at]
    rank = _RANK.match(words[rank_at])
    assert rank is not None
    if not cells:
        raise ContentError(Problem(path, "has no round cells (like 12+/w0 or 0=)", _FIX, line=number))
    return Line(int(words[0]), name[0].replace("_", " "), " ".join(name[1:]).replace("_", " "),
                f"{int(rank.group(1))}{rank.group(2).lower()}", words[rank_at + 1], words[rank_at + 2],
                words[rank_at + 3:], cells, number, shared or int(words[0]), egd_pin(pin))


def _ids(lines: list[Line]) -> dict[int, str]:
    used: set[str] = set()
    return {line.place: new_player_id(f"{line.surname} {line.first_name}", used) for line in lines}


def _games(path: Path, lines: list[Line], by_place: dict[int, Line], ids: dict[int, str],
           rounds: int) -> dict[int, list[dict[str, Any]]]:
    games: dict[int, list[dict[str, Any]]] = {n: [] for n in range(1, rounds + 1)}
    for line in lines:
        for number, cell in enumerate(line.cells, 1):
            if cell.opponent == 0:
                if cell.result == "+":
                    games[number].append({"table": "", "player1": ids[line.place], "player2": "",
                                          "result": "bye", "handicap": ""})
                continue
            other = by_place.get(cell.opponent)
            if other is None:
                raise ContentError(Problem(path, f"round {number}: no player has place {cell.opponent}",
                                           _FIX, line=line.number))
            back = other.cells[number - 1] if number <= len(other.cells) else None
            expected = Cell(line.place, _OPPOSITE[cell.result], {"w": "b", "b": "w"}.get(cell.colour, ""),
                            cell.handicap, cell.forfeit)
            both_lose = back is not None and back.result == cell.result == "-"
            if back is not None and back.opponent == line.place and back.result == cell.result == "+":
                # A rated game has one winner: two lines claiming it hold a mistyped result.
                raise ContentError(Problem(
                    path, f"round {number}: {cell} claims the win, and so does line {other.number} "
                    f"({back})", "write - for the player who lost, on that player's line", line=line.number))
            if back is None or back.opponent != line.place or (
                    back != expected and not (both_lose and back.colour == expected.colour)):
                raise ContentError(Problem(
                    path, f"round {number}: {cell} does not match line {other.number}, which says "
                    f"{back if back is not None else 'nothing'}", _FIX, line=line.number))
            if cell.colour == "w" or (cell.colour == "" and line.place > other.place):
                continue  # the game is written once, from Black's line (or the first line)
            games[number].append({
                "table": sum(1 for row in games[number] if row["table"]) + 1,
                "player1": ids[line.place], "player2": ids[other.place],
                "result": _result(cell, back), "handicap": cell.handicap})
    for rows in games.values():  # byes after the games, as a round file lists them
        rows.sort(key=lambda r: r["table"] == "")
    return games


def _result(cell: Cell, back: Cell) -> str:
    """The round file's result from Black's cell (and White's, for a game both players lost)."""
    if cell.result == "?":
        return ""
    if cell.result == back.result:
        return {"-": "0-0", "=": "0.5-0.5"}[cell.result]
    return {"+": "1-0", "-": "0-1"}[cell.result] + ("!" if cell.forfeit else "")


def _config(path: Path, header: dict[str, str], rounds: int) -> dict[str, Any]:
    start, end = _dates(path, header.get("DT", ""))
    country, _, city = header.get("PC", "").partition(",")
    config: dict[str, Any] = {
        "name": header.get("EV") or path.stem, "game": "go", "system": "macmahon", "start": start,
        "end": end, "venue": city.strip() or country.strip(), "rounds": rounds,
        "macmahon": {},
        "egd": {"country": country.strip()},
    }
    # The EGD's class, adjusted time and time system as the file states them: the export writes
    # them back (the file has no main time or byo-yomi to make a [time] table from).
    for key, name in (("CL", "class"), ("TM", "time"), ("CM", "comment")):
        if header.get(key):
            config["egd"][name] = header[key]
    komi = header.get("KM", "")
    if re.fullmatch(r"-?[0-9]{1,2}(\.5)?", komi):
        config["macmahon"]["handicap"] = {"komi": float(komi)}
    return config


def _scores(path: Path, text: str, number: int) -> dict[str, Any]:
    """The ``; Scores {...}`` comment the export writes: [macmahon] settings of the scores."""
    try:
        found = tomllib.loads(f"scores = {text}")["scores"]
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(Problem(path, f"the Scores comment is not a TOML table ({exc})", _FIX,
                                   line=number)) from None
    unknown = sorted(set(found) - set(SCORE_SETTINGS))
    if unknown:
        raise ContentError(Problem(path, f"the Scores comment names {', '.join(unknown)}, not a setting "
                                   f"of the scores ({', '.join(SCORE_SETTINGS)})", _FIX, line=number))
    return found


def _unplayed_scores(lines: list[Line], notes: list[str]) -> dict[str, Any]:
    """A file without the Scores comment: a round without a game is worth what its cells say
    (``0=`` half a point, ``0-`` nothing), as OpenGotha writes them."""
    marks = {c.result for line in lines for c in line.cells if c.opponent == 0 and c.result != "+"}
    if marks == {"="}:
        return {"absent_score": 0.5}
    if len(marks) > 1:
        notes.append("rounds without a game are written both 0= and 0-: each counts as absent here, "
                     "worth nothing ([macmahon] absent_score)")
    return {}


def _dates(path: Path, text: str) -> tuple[dt.date, dt.date]:
    found = re.findall(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text)
    try:
        dates = [dt.date.fromisoformat(d) for d in found]
    except ValueError:
        dates = []
    if not dates:
        raise ContentError(Problem(path, f"the header DT[{text}] has no date like 2026-05-01",
                                   "add a line ; DT[2026-05-01,2026-05-03] at the top"))
    return dates[0], max(dates)


def _notes(header: dict[str, str]) -> list[str]:
    notes = ["the file's placement criteria are kept as its places (players.csv egd_place); the "
             "standings are computed again with [macmahon] tiebreaks, and a group for every rank "
             "from the strongest to the weakest (the file states no bar or floor)"]
    if "HA" in header:
        notes.append(f"HA[{header['HA']}]: the handicap rule of the file is not carried over")
    return notes

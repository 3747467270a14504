"""An OpenGotha 3.x tournament file read into the project's own files.

Element and attribute names are OpenGotha's (``Tournament`` holding ``Players``,
``Games``, ``ByePlayers`` and ``TournamentParameterSet``), found wherever they are
nested, as OpenGotha's own reader finds them; games and byes name
players by OpenGotha's key, the surname and first name upper-cased without spaces.
Every mapping is in docs/formats.md; what the project cannot say is a note naming
the setting, never a guess.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from plugins.macmahon.settings import TIEBREAKS
from plugins.macmahon.timing import BOUNDS, SYSTEM_KEYS
from plugins.opengotha.xmlfile import XmlFile
from publisher.content.folders import egd_pin
from publisher.formats import Championship, csv_text, new_player_id
from publisher.problems import ContentError, Problems
from publisher.text import some_names

ROUND_COLUMNS = ("table", "player1", "player2", "result", "handicap", "komi")
PLAYER_COLUMNS = ("id", "name", "surname", "first_name", "rank", "rating", "country", "club",
                  "egd_pin", "absent", "mms_correction")

# OpenGotha's result codes, to the round file's result (player1 is Black).
RESULTS: dict[str, str] = {
    "RESULT_UNKNOWN": "",
    "RESULT_BLACKWINS": "1-0",
    "RESULT_WHITEWINS": "0-1",
    "RESULT_EQUAL": "0.5-0.5",
    "RESULT_BOTHWIN": "1-1",
    "RESULT_BOTHLOSE": "0-0",
    "RESULT_BLACKWINS_BYDEF": "1-0!",
    "RESULT_WHITEWINS_BYDEF": "0-1!",
    # The round files have no "by default" mark for these: the score is kept, the mark is noted.
    "RESULT_EQUAL_BYDEF": "0.5-0.5",
    "RESULT_BOTHWIN_BYDEF": "1-1",
    "RESULT_BOTHLOSE_BYDEF": "0-0",
    "RESULT_BOTHLOOSE": "0-0",  # PairGoth's spelling of RESULT_BOTHLOSE
}
_UNMARKED_BYDEF = {"RESULT_EQUAL_BYDEF", "RESULT_BOTHWIN_BYDEF", "RESULT_BOTHLOSE_BYDEF"}

# OpenGotha's placement criteria (their long names in the file) to the project's tiebreaks.
# MMS and NBW are the main criterion; the others have no tiebreak here and are noted.
CRITERIA: dict[str, str] = {
    "SOSM": "sos", "SOSW": "sos", "SOSM-1": "sos-1", "SOSW-1": "sos-1", "SOSM-2": "sos-2",
    "SOSW-2": "sos-2", "SODOSM": "sodos", "SODOSW": "sodos", "SOSOSM": "sosos", "SOSOSW": "sosos",
    "CUSSM": "cuss", "CUSSW": "cuss", "DC": "dc", "SDC": "sdc", "Rating": "rating", "MMS": "mms",
    "NBW": "wins",
}
# PairGoth writes its own names for some of OpenGotha's criteria.
PAIRGOTH_CRITERIA = {"NONE": "NULL", "CATEGORY": "CAT", "RANK": "Rank", "RATING": "Rating",
                     "SOSWM1": "SOSW-1", "SOSWM2": "SOSW-2", "SOSMM1": "SOSM-1", "SOSMM2": "SOSM-2"}
# The criteria OpenGotha computes both on wins (W) and on McMahon scores (M).
_FAMILY = {name.format(kind) for name in ("SOS{}", "SOS{}-1", "SOS{}-2", "SODOS{}", "SOSOS{}", "CUSS{}")
           for kind in "WM"}
_RANK = re.compile(r"^\s*([0-9]{1,2})\s*([kKdDpP])\s*$")
_KOMI = re.compile(r"^-?[0-9]{1,3}(\.[05])?$")


@dataclass
class _Player:
    id: str
    key: str
    row: dict[str, Any]
    element: Element
    absent: set[int] = field(default_factory=set)


def read_tournament(path: Path) -> Championship:
    """Read an OpenGotha file; raise ContentError naming the element and line of a mistake."""
    xml = XmlFile(path)
    if xml.root.tag != "Tournament":
        raise ContentError(xml.problem(xml.root, "is not an OpenGotha tournament (its first element "
                                       "should be <Tournament>)", "choose the .xml that OpenGotha saved"))
    problems = Problems()
    notes: list[str] = []
    general = _one(xml, "GeneralParameterSet", problems)
    rounds = _whole(xml, general, "numberOfRounds", 1, 32, problems) if general is not None else None
    _cup(xml, problems)
    problems.check()  # the players' rounds of absence and every game's round are read against it
    assert general is not None and rounds is not None
    players = _players(xml, rounds, problems, notes)
    problems.check()
    by_key = {p.key: p for p in players}
    folded = {_ascii(p.key): p for p in players}
    games = _games(xml, by_key, folded, rounds, problems, notes)
    problems.check()
    config = _config(xml, general, rounds, games, problems, notes)
    problems.check()
    _unpaired(players, games, config["macmahon"], notes)
    _teams(xml, notes)
    files = {"players.csv": csv_text(PLAYER_COLUMNS, (
        {**p.row, "absent": " ".join(str(r) for r in sorted(p.absent))} for p in players))}
    last = max(games, default=0)
    for number in range(1, last + 1):
        rows = sorted(games.get(number, []), key=lambda r: (r["table"] == "", int(r["table"] or 0)))
        files[f"rounds/{number}.csv"] = csv_text(ROUND_COLUMNS, rows)
    return Championship(config, files, notes)


def _unpaired(players: list[_Player], games: dict[int, list[dict[str, Any]]], table: dict[str, Any],
              notes: list[str]) -> None:
    """A player who takes part in a round but has neither a game nor the bye scores 0 in
    OpenGotha; here a round without the player is an absence, worth ``absent_score``."""
    if not table.get("absent_score") and not table.get("absent_wins"):
        return
    for number, rows in sorted(games.items()):
        seated = {row[seat] for row in rows for seat in ("player1", "player2")}
        left = [p.row["name"] for p in players if p.id not in seated and number not in p.absent]
        if left:
            notes.append(f"round {number}: {_count(len(left), 'player')} neither paired nor given the "
                         "bye, which OpenGotha scores 0; here each scores as an absent round: "
                         f"{some_names(left)}")


def _cup(xml: XmlFile, problems: Problems) -> None:
    """OpenGotha's cup (knockout) system: its main criterion, the first of MMS, NBW and CPS
    among the placement criteria, is CPS (the cup score)."""
    found = xml.root.iterfind(".//PlacementParameterSet//PlacementCriterion")
    for element in sorted(found, key=lambda e: _number(e.get("number", "")) or 0):
        name = element.get("name", "")
        if name in ("MMS", "NBW"):
            return
        if name == "CPS":
            problems.items.append(xml.problem(
                element, 'name "CPS" (the cup score) makes this a cup (knockout) event, which publisher '
                "does not run: an OpenGotha file imports as a McMahon or a Swiss event",
                "publish the cup from OpenGotha itself; if the event is McMahon or Swiss, make its "
                "first placement criterion MMS or NBW in OpenGotha (Options > Tournament Options "
                "> Placement) and save again"))
            return


def _teams(xml: XmlFile, notes: list[str]) -> None:
    """OpenGotha's team tournament: ``Teams/Team`` elements name each team's players board by
    board. Every file holds a ``TeamTournamentParameterSet``, teams or not: it says nothing."""
    teams = [team.get("teamName", "").strip() or "Unnamed team" for team in xml.root.iter("Team")]
    if teams:
        notes.append(f"Teams: {_count(len(teams), 'team')} ({some_names(teams)}) and their boards are "
                     "not carried over: only the individual games are published")


def _count(number: int, thing: str) -> str:
    return f"{number:,} {thing}{'' if number == 1 else 's'}"


def _one(xml: XmlFile, path: str, problems: Problems) -> Element | None:
    found = xml.root.find(f".//{path}")
    if found is None:
        problems.items.append(xml.problem(xml.root, f"has no <{path}>",
                                          "save the tournament again from OpenGotha 3"))
    return found


def _players(xml: XmlFile, rounds: int, problems: Problems, notes: list[str]) -> list[_Player]:
    players: list[_Player] = []
    used: set[str] = set()
    keys: dict[str, Element] = {}
    skipped = 0
    for element in xml.root.iterfind(".//Players/Player"):
        name, first = element.get("name", "").strip(), element.get("firstName", "").strip()
        if not name:
            problems.items.append(xml.problem(element, "has no name", "give the player a name in OpenGotha"))
            continue
        key = re.sub(r"\s", "", name + first).upper()
        if key in keys:
            problems.items.append(xml.problem(element, f"{name} {first} is registered twice (also "
                                              f"on line {xml.line(keys[key])})",
                                              "remove one of them in OpenGotha"))
            continue
        keys[key] = element
        rank = _rank(element.get("rank", ""))
        if rank is None:
            problems.items.append(xml.problem(element, f"the rank {element.get('rank')!r} of {name} {first} "
                                              "is not a rank", "write it like 5D or 12K"))
            continue
        if element.get("registeringStatus", "FIN") == "PRE":
            skipped += 1
            continue
        rating = _number(element.get("rating", ""))
        correction = _number(element.get("smmsCorrection", "0"))
        if rating is None or correction is None:
            problems.items.append(xml.problem(element, f"rating {element.get('rating')!r} or smmsCorrection "
                                              f"{element.get('smmsCorrection')!r} of {name} {first} is "
                                              "not a whole number", "correct the player in OpenGotha"))
            continue
        participating = element.get("participating", "")
        absent = {r for r in range(1, rounds + 1) if participating[r - 1:r] == "0"}
        player_id = new_player_id(f"{name} {first}", used)
        players.append(_Player(player_id, key, {
            "id": player_id, "name": f"{name} {first}".strip(), "surname": name, "first_name": first,
            "rank": rank, "rating": rating, "country": element.get("country", "").strip(),
            "club": element.get("club", "").strip(), "egd_pin": egd_pin(element.get("egfPin", "")),
            "mms_correction": correction or "",
        }, element, absent))
    if skipped:
        notes.append(f"{skipped} pre-registered player(s) (registeringStatus PRE) are not carried over: "
                     "OpenGotha pairs only final registrations")
    if not players and not problems:
        problems.items.append(xml.problem(xml.root, "has no registered players",
                                          "register the players in OpenGotha"))
    return players


def _games(xml: XmlFile, by_key: dict[str, _Player], folded: dict[str, _Player], rounds: int,
           problems: Problems, notes: list[str]) -> dict[int, list[dict[str, Any]]]:
    """The round files' rows by round: games in table order, then byes."""
    found: dict[int, list[dict[str, Any]]] = {}
    seen: dict[tuple[int, str], Element] = {}
    unmarked: set[str] = set()
    unknown_colours = 0

    def player(element: Element, attribute: str) -> _Player | None:
        key = element.get(attribute, "")
        hit = by_key.get(key) or folded.get(_ascii(key))
        if hit is None:
            problems.items.append(xml.problem(element, f"{attribute} {key!r} is not a registered player",
                                              "register the player in OpenGotha, or remove the game"))
        return hit

    def seat(element: Element, who: _Player, number: int) -> None:
        if (number, who.id) in seen:
            problems.items.append(xml.problem(element, f"{who.row['name']} is twice in round {number} (also "
                                              f"on line {xml.line(seen[number, who.id])})",
                                              "keep one game or bye a round for each player"))
        seen[number, who.id] = element
        who.absent.discard(number)

    for element in xml.root.iter("Game"):
        number = _whole(xml, element, "roundNumber", 1, rounds, problems)
        table = _whole(xml, element, "tableNumber", 1, 10_000, problems)
        handicap = _whole(xml, element, "handicap", 0, 9, problems, default="0")
        code = element.get("result", "RESULT_UNKNOWN")
        if code not in RESULTS:
            problems.items.append(xml.problem(element, f"unknown result {code!r}",
                                              f"use one of OpenGotha's codes: {', '.join(RESULTS)}"))
        white, black = player(element, "whitePlayer"), player(element, "blackPlayer")
        if None in (number, table, handicap, white, black) or code not in RESULTS:
            continue
        assert white is not None and black is not None and number is not None
        if white is black:
            problems.items.append(xml.problem(element, f"{white.row['name']} plays against themselves",
                                              "correct the game in OpenGotha"))
            continue
        seat(element, black, number)
        seat(element, white, number)
        if code in _UNMARKED_BYDEF:
            unmarked.add(code)
        unknown_colours += element.get("knownColor", "true") == "false"
        found.setdefault(number, []).append({
            "table": table, "player1": black.id, "player2": white.id, "result": RESULTS[code],
            "handicap": handicap})
    for element in xml.root.iter("ByePlayer"):
        if "player" not in element.attrib and "roundNumber" not in element.attrib:
            continue  # PairGoth's container of the byes, named like them: OpenGotha skips it too
        number = _whole(xml, element, "roundNumber", 1, rounds, problems)
        who = player(element, "player")
        if number is None or who is None:
            continue
        seat(element, who, number)
        found.setdefault(number, []).append({"table": "", "player1": who.id, "player2": "",
                                             "result": "bye", "handicap": ""})
    if unknown_colours:
        notes.append(f"Game knownColor false ({unknown_colours} game(s)): the colours were not "
                     "recorded; the file's blackPlayer is written as Black")
    for code in sorted(unmarked):
        notes.append(f"result {code}: the round files have no by-default mark for it, so it counts "
                     "as the same result played")
    return found


def _config(xml: XmlFile, general: Element, rounds: int, games: dict[int, list[dict[str, Any]]],
            problems: Problems, notes: list[str]) -> dict[str, Any]:
    """event.toml: the general, handicap and placement parameter sets, mapped."""
    criteria = [c for c in _criteria(xml) if c != "NULL"]
    main = next((c for c in criteria if c in ("MMS", "NBW")), "MMS")
    system = "macmahon" if main == "MMS" else "swiss"
    config: dict[str, Any] = {
        "name": general.get("name", "").strip() or general.get("shortName", "OpenGotha tournament"),
        "game": "go", "system": system,
        "start": _date(xml, general, "beginDate", problems),
        "end": _date(xml, general, "endDate", problems),
        "venue": general.get("location", "").strip(),
        "rounds": rounds,
    }
    table: dict[str, Any] = {}
    if system == "macmahon":
        # A file that leaves them out gets OpenGotha's own defaults, as OpenGotha would read it.
        bar, floor = _rank(general.get("genMMBar", "4D")), _rank(general.get("genMMFloor", "20K"))
        if bar is None or floor is None:
            problems.items.append(xml.problem(general, f"genMMBar {general.get('genMMBar')!r} or genMMFloor "
                                              f"{general.get('genMMFloor')!r} is not a rank",
                                              "set the McMahon bar and floor in OpenGotha"))
        else:
            table.update(grouping="bar-floor", bar=bar, floor=floor)
        zero = _rank(general.get("genMMZero", "30K"))
        if zero == "30k":
            table["zero_point"] = "30k"
        elif zero != floor:
            notes.append(f"GeneralParameterSet genMMZero {zero}: McMahon scores here count from 30k "
                         "or from the floor, not from another rank")
    # OpenGotha's virtual opponent of a bye or an absent round: the player's initial McMahon
    # score in a McMahon event, nothing in a Swiss one.
    table["sos_unplayed"] = "initial" if system == "macmahon" else "zero"
    table["tiebreaks"] = _tiebreaks(criteria, main, notes)
    table.update(_unplayed_scores(xml, general, system, problems, notes))
    _mixed_criteria(criteria, system, notes)
    table["pairing"] = _pairing(xml, notes)
    config["macmahon"] = table
    handicap = _handicap(xml, general, problems)
    if handicap is not None:
        table["handicap"] = handicap
        if system == "swiss" and handicap.get("based_on") == "mms":
            # A Swiss event here has no McMahon scores: its handicaps can only come from ranks.
            handicap["based_on"] = "rank"
            if handicap["max"]:
                notes.append("HandicapParameterSet hdBasedOnMMS: a Swiss event takes its handicaps "
                             "from the ranks here")
        for rows in games.values():
            for row in rows:
                if row["result"] != "bye":
                    row["komi"] = handicap["komi"] if row["handicap"] == 0 else handicap["handicap_komi"]
    config["time"] = _time(xml, general, problems)
    if general.get("numberOfCategories", "1") not in ("", "1"):
        notes.append("GeneralParameterSet numberOfCategories: categories are not carried over")
    return config


# OpenGotha's complementaryTimeSystem to [time] system.
_TIME_SYSTEMS = {"SUDDENDEATH": "sudden-death", "STDBYOYOMI": "byoyomi", "CANBYOYOMI": "canadian",
                 "FISCHER": "fischer"}
# [time] key: its attribute, and OpenGotha's default when the file leaves it out.
_TIME_ATTRIBUTES = {"main": ("basicTime", "60"), "byoyomi": ("stdByoYomiTime", "30"),
                    "period": ("canByoYomiTime", "300"), "stones": ("nbMovesCanTime", "15"),
                    "increment": ("fischerTime", "10")}


def _time(xml: XmlFile, general: Element, problems: Problems) -> dict[str, Any]:
    """[time] from the time system OpenGotha keeps (Canadian byo-yomi where the file names
    none, as OpenGotha reads it), within the bounds the build reads it in: the export's EGD
    class, TM and CM come from it."""
    system = _TIME_SYSTEMS.get(general.get("complementaryTimeSystem", "CANBYOYOMI").strip(), "canadian")
    table: dict[str, Any] = {"system": system}
    for key in ("main", *SYSTEM_KEYS[system]):
        attribute, default = _TIME_ATTRIBUTES[key]
        table[key] = _whole(xml, general, attribute, *BOUNDS[key], problems, default=default)
    if general.get("bInternet", "false").strip() == "true":
        table["internet"] = True
    return table


def _criteria(xml: XmlFile) -> list[str]:
    found = xml.root.iterfind(".//PlacementParameterSet//PlacementCriterion")
    numbered = sorted((_number(e.get("number", "")) or 0, e.get("name", "NULL")) for e in found)
    return [PAIRGOTH_CRITERIA.get(name, name) for _, name in numbered]


def _mixed_criteria(criteria: list[str], system: str, notes: list[str]) -> None:
    """OpenGotha's SOSW family counts wins, its SOSM family McMahon scores; here every tiebreak
    counts the event's score (the wins of a Swiss event, the McMahon score of a McMahon one)."""
    other = "M" if system == "swiss" else "W"
    for position, name in enumerate(criteria, 1):
        if name in _FAMILY and name.rstrip("-12").endswith(other):
            counted = "wins" if system == "swiss" else "McMahon scores"
            notes.append(f"PlacementParameterSet criterion {position} {name}: counted on {counted} here, "
                         f"as the event's other criteria are")


def _tiebreaks(criteria: list[str], main: str, notes: list[str]) -> list[str]:
    tiebreaks: list[str] = []
    for position, name in enumerate(criteria, 1):
        if name == main:
            if position != 1:
                notes.append(f"PlacementParameterSet criterion {position} {name}: the standings here "
                             "always rank by the score first")
            continue
        mapped = CRITERIA.get(name)
        if mapped is None or mapped not in TIEBREAKS:
            notes.append(f"PlacementParameterSet criterion {position} {name} has no tiebreak here and is "
                         "left out")
        elif {mapped, *tiebreaks} >= {"dc", "sdc"}:
            notes.append(f"PlacementParameterSet criterion {position} {name}: a second direct "
                         "confrontation is left out (OpenGotha warns against both)")
        elif mapped not in tiebreaks:
            tiebreaks.append(mapped)
    return tiebreaks


def _unplayed_scores(xml: XmlFile, general: Element, system: str, problems: Problems,
                     notes: list[str]) -> dict[str, Any]:
    """What a bye and an absent round score, in the McMahon score and in the wins.

    OpenGotha keeps them in half points, for MMS and NBW apart; a Swiss event ranks by NBW,
    so there its NBW values are the score. ``genRoundDownNBWMMS`` (true when the file does
    not say) rounds their sum down to whole points.
    """
    values = {}
    for attribute, default in (("genMMS2ValueBye", "2"), ("genMMS2ValueAbsent", "1"),
                               ("genNBW2ValueBye", "2"), ("genNBW2ValueAbsent", "0")):
        values[attribute] = _whole(xml, general, attribute, 0, 2, problems, default=default)
    if None in values.values():
        return {}
    score = "NBW" if system == "swiss" else "MMS"
    found: dict[str, Any] = {"bye_score": _points(values[f"gen{score}2ValueBye"]),
                             "absent_score": _points(values[f"gen{score}2ValueAbsent"])}
    if values["genNBW2ValueBye"] != values[f"gen{score}2ValueBye"]:
        found["bye_wins"] = _points(values["genNBW2ValueBye"])
    if values["genNBW2ValueAbsent"]:
        found["absent_wins"] = _points(values["genNBW2ValueAbsent"])
    found["round_down"] = general.get("genRoundDownNBWMMS", "true").strip() != "false"
    if general.get("genCountNotPlayedGamesAsHalfPoint", "false").strip() == "true":
        notes.append("GeneralParameterSet genCountNotPlayedGamesAsHalfPoint: opponents' unplayed "
                     "games count here as their results, not as half a point")
    return found


def _points(halves: int) -> int | float:
    """Half points as event.toml writes a score: 1, 0.5, 0."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def _pairing(xml: XmlFile, notes: list[str]) -> str:
    pairing = xml.root.find(".//PairingParameterSet")
    seed = pairing.get("paiMaSeedSystem2", "SPLITANDFOLD") if pairing is not None else "SPLITANDFOLD"
    if seed == "SPLITANDSLIP":
        return "split"
    if seed != "SPLITANDFOLD":
        notes.append(f"PairingParameterSet paiMaSeedSystem2 {seed}: publisher pair folds instead")
    return "fold"


def _handicap(xml: XmlFile, general: Element, problems: Problems) -> dict[str, Any] | None:
    element = xml.root.find(".//HandicapParameterSet")
    komi_text = general.get("komi", "7.5").strip()
    if not _KOMI.match(komi_text):
        problems.items.append(xml.problem(general, f"komi {komi_text!r} is not a komi",
                                          "write it like 6.5 or 7.5 in OpenGotha"))
        return None
    if element is None:
        return {"max": 0, "komi": float(komi_text), "handicap_komi": 0.5}
    ceiling = _whole(xml, element, "hdCeiling", 0, 9, problems, default="9")
    correction = _whole(xml, element, "hdCorrection", -9, 9, problems, default="1")
    bar = _rank(element.get("hdNoHdRankThreshold", "1D"))
    if ceiling is None or correction is None:
        return None
    handicap: dict[str, Any] = {
        "based_on": "mms" if element.get("hdBasedOnMMS", "true") == "true" else "rank",
        "correction": correction, "max": ceiling, "komi": float(komi_text), "handicap_komi": 0.5}
    if bar is not None:
        handicap["bar"] = bar
    return handicap


def _rank(text: str) -> str | None:
    """``5D`` to ``5d``, ``12K`` to ``12k``; OpenGotha writes no other spelling."""
    match = _RANK.match(text or "")
    return f"{int(match.group(1))}{match.group(2).lower()}" if match and int(match.group(1)) else None


_INTEGER = re.compile(r"-?[0-9]{1,6}")


def _number(text: str) -> int | None:
    return int(text) if _INTEGER.fullmatch(text.strip()) else None


def _whole(xml: XmlFile, element: Element, attribute: str, low: int, high: int, problems: Problems,
           default: str | None = None) -> int | None:
    """An attribute that must be a whole number from ``low`` to ``high``."""
    text = element.get(attribute, default)
    value = _number(text) if text is not None else None
    if value is None or not low <= value <= high:
        problems.items.append(xml.problem(element, f"{attribute} is {text!r}, not a whole number from "
                                          f"{low} to {high}", "correct it in OpenGotha and save again"))
        return None
    return value


def _date(xml: XmlFile, element: Element, attribute: str, problems: Problems) -> dt.date | None:
    text = element.get(attribute, "")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        problems.items.append(xml.problem(element, f"{attribute} is {text!r}, not a date like 2026-08-14",
                                          "set the dates in OpenGotha's tournament settings"))
        return None


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().upper()


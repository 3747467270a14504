"""OpenGotha 3 tournament files written for the tests, from the format's element and attribute
names: a ``Tournament`` with ``Players``, ``Games``, ``ByePlayers``, ``Teams`` (of a team
tournament), a ``TournamentParameterSet`` and the ``TeamTournamentParameterSet`` every file has.

Players are (surname, first name, rank, extra attributes); games are (round, table, white,
black, result, handicap) with players named by index; byes are (round, player index); teams
are (name, player indexes by board), each player on their board in every round.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.sax.saxutils import quoteattr

PLAYERS = [
    ("Able", "Ann", "3D", {"rating": "2300", "country": "HR", "club": "Zagr", "egfPin": "10001"}),
    ("Baker", "Bob", "1K", {"rating": "2050", "country": "DE", "club": "Berl"}),
    ("Cole", "Cleo", "5K", {"rating": "1650", "country": "FR", "club": "Pari"}),
    ("Dale", "Dan", "2D", {"rating": "2200", "country": "PL", "club": "Wars"}),
    ("Eder", "Eva", "8K", {"rating": "1350", "country": "AT", "club": "Wien"}),
]
GAMES = [
    (1, 1, 3, 0, "RESULT_BLACKWINS", 0),   # Ann (B) beats Dan (W)
    (1, 2, 2, 1, "RESULT_WHITEWINS", 0),   # Cleo (W) beats Bob (B)
    (2, 1, 0, 2, "RESULT_WHITEWINS", 0),   # Ann (W) beats Cleo (B)
    (2, 2, 1, 4, "RESULT_BLACKWINS_BYDEF", 2),  # Eva (B) wins by default against Bob, handicap 2
]
BYES = [(1, 4), (2, 3)]
GENERAL = {"shortName": "club26", "name": "Club McMahon 2026", "location": "Zagreb",
           "beginDate": "2026-05-02", "endDate": "2026-05-03", "komi": "6.5", "numberOfRounds": "3",
           "genMMBar": "2D", "genMMFloor": "10K", "genMMZero": "30K", "genMMS2ValueAbsent": "1",
           "genMMS2ValueBye": "2", "genNBW2ValueAbsent": "1", "genNBW2ValueBye": "2",
           "genRoundDownNBWMMS": "false"}
HANDICAP = {"hdBasedOnMMS": "true", "hdNoHdRankThreshold": "1D", "hdCorrection": "1", "hdCeiling": "9"}
CRITERIA = ["MMS", "SOSM", "SOSOSM"]


def key(surname: str, first: str) -> str:
    """OpenGotha's player key: surname and first name, upper-cased, without spaces."""
    return re.sub(r"\s", "", surname + first).upper()


def _attrs(values: dict[str, str]) -> str:
    return " ".join(f"{k}={quoteattr(str(v))}" for k, v in values.items())


def tournament_xml(players=PLAYERS, games=GAMES, byes=BYES, general=None, handicap=None,
                   criteria=CRITERIA, participating: dict[int, str] | None = None,
                   teams: list[tuple[str, list[int]]] = (), rounds_of_teams: int = 3) -> str:
    """The text of an OpenGotha file, as OpenGotha lays it out (one element a line)."""
    general = {**GENERAL, **(general or {})}
    handicap = {**HANDICAP, **(handicap or {})}
    keys = [key(p[0], p[1]) for p in players]
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
             '<Tournament dataVersion="201" runningMode="SAL" saveDT="20260503180000">', "<Players>"]
    for index, (surname, first, rank, extra) in enumerate(players):
        attributes = {"name": surname, "firstName": first, "rank": rank, "rating": "-900",
                      "country": "", "club": "", "egfPin": "", "grade": rank,
                      "participating": (participating or {}).get(index, "1" * 32),
                      "registeringStatus": "FIN", "smmsCorrection": "0", **extra}
        lines.append(f"<Player {_attrs(attributes)}/>")
    lines += ["</Players>", "<Games>"]
    for number, table, white, black, result, hcp in games:
        attributes = {"roundNumber": number, "tableNumber": table, "whitePlayer": _name(keys, white),
                      "blackPlayer": _name(keys, black), "knownColor": "true", "handicap": hcp,
                      "result": result}
        lines.append(f"<Game {_attrs(attributes)}/>")
    lines.append("</Games>")
    if byes:
        lines.append("<ByePlayers>")
        lines += [f"<ByePlayer {_attrs({'roundNumber': r, 'player': _name(keys, p)})}/>" for r, p in byes]
        lines.append("</ByePlayers>")
    if teams:
        lines.append("<Teams>")
        for number, (name, members) in enumerate(teams, 1):
            lines.append(f"<Team {_attrs({'teamName': name, 'teamNumber': number})}>")
            lines += [f"<Board {_attrs({'boardNumber': board, 'player': keys[who], 'roundNumber': r})}/>"
                      for r in range(1, rounds_of_teams + 1) for board, who in enumerate(members, 1)]
            lines.append("</Team>")
        lines.append("</Teams>")
    lines += ["<TournamentParameterSet>", f"<GeneralParameterSet {_attrs(general)}/>",
              f"<HandicapParameterSet {_attrs(handicap)}/>", "<PlacementParameterSet>",
              "<PlacementCriteria>"]
    lines += [f'<PlacementCriterion name="{c}" number="{n}"/>' for n, c in enumerate(criteria, 1)]
    lines += ["</PlacementCriteria>", "</PlacementParameterSet>",
              '<PairingParameterSet paiMaSeedSystem1="SPLITANDRANDOM" paiMaSeedSystem2="SPLITANDFOLD"/>',
              "</TournamentParameterSet>", "<TeamTournamentParameterSet>",
              '<TeamGeneralParameterSet teamSize="4"/>', "<TeamPlacementParameterSet>", "<PlacementCriteria>"]
    lines += [f'<PlacementCriterion name="{c}" number="{n}"/>'
              for n, c in enumerate(["TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"], 1)]
    lines += ["</PlacementCriteria>", "</TeamPlacementParameterSet>", "</TeamTournamentParameterSet>",
              "</Tournament>", ""]
    return "\n".join(lines)


def _name(keys: list[str], who: int | str) -> str:
    return who if isinstance(who, str) else keys[who]


def write_tournament(path: Path, **kwargs) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tournament_xml(**kwargs), encoding="utf-8")
    return path

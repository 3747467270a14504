"""The EMA's tournament results sheet of a finished (or running) mahjong elimination event.

The EMA ranks every player by the line the organiser sends, so nothing on it is guessed:
a name whose last name is not plain (more than two words, a particle like ``de`` or ``van``)
needs the ``last_name`` and ``first_name`` columns of players.csv; an EMA number has the
EMA's 8 digits or is empty; a country is an ISO 3166-1 alpha-2 code, the EMA's codes.
Every refusal names the player and their line of players.csv, all of them at once.
"""

from __future__ import annotations

import re
from typing import Any

from plugins.mahjong.standings import Result, display
from plugins.spreadsheets.table import spreadsheet_csv
from publisher.formats import written_surname
from publisher.model import Event, Player
from publisher.problems import Problems

COLUMNS = ("Place", "Last name", "First name", "EMA number", "Country", "Score")
RULES = ("MCR", "RCR")  # the EMA's two rankings: Chinese Official (MCR) and Riichi
# Words that start or join a family name: a name holding one is not split by guess.
PARTICLES = frozenset({"al", "bin", "binti", "da", "das", "de", "del", "della", "den", "der", "des",
                       "di", "do", "dos", "du", "el", "ibn", "la", "le", "ten", "ter", "van", "von",
                       "y", "zu"})
# Two-letter territories of the CLDR that ISO 3166-1 does not assign to a country.
NOT_ISO = frozenset({"AC", "CP", "CQ", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB",
                     "XK", "ZZ"})
# Codes people write for a country that ISO 3166-1 spells otherwise.
COMMON_SLIPS = {"UK": "GB", "EL": "GR"}
EMA_NUMBER = re.compile(r"[0-9]{8}")


def ema_sheet(event: Event, results: list[Result]) -> bytes:
    """The sheet's bytes: the tournament's lines, an empty line, then one line a player in the
    final order. ContentError names every player and setting the EMA would not take."""
    problems = Problems()
    codes = iso_countries()
    header = _tournament(event, codes, problems)
    split: list[Player] = []
    people = {player.id: (*_names(event, player, split, problems), _ema_number(event, player, problems),
                          _player_country(event, player, codes, problems))
              for player in event.players}  # in players.csv order: the problems in line order
    problems.check()
    rows = [[str(result.rank), *people[result.player], display(result.total)] for result in results]
    if split:
        one = split[0]
        first, _, last = one.name.strip().partition(" ")
        event.warn(f"{len(split)} name{'s' if len(split) > 1 else ''} of two words read as first name, "
                   f"last name ({one.name}: last name {last}, first name {first})",
                   "fill in the last_name and first_name columns where a name is written otherwise",
                   file=event.players_path)
    return spreadsheet_csv(header[0], [*header[1:], [], COLUMNS, *rows])


def iso_countries() -> frozenset[str]:
    """The 249 ISO 3166-1 alpha-2 codes: the CLDR's two-letter territories (Babel's data, which
    the money formats read too) without the ones ISO does not assign."""
    from babel import Locale

    return frozenset(code for code in Locale("en").territories
                     if len(code) == 2 and code.isalpha() and code not in NOT_ISO)


def _tournament(event: Event, codes: frozenset[str], problems: Problems) -> list[list[str]]:
    """The lines above the players: name, city, country, dates, rules and number of players,
    from event.toml (``name``, ``start``, ``end``, ``venue``) and its ``[ema]`` table."""
    table: Any = event.config.get("ema", {})
    if not isinstance(table, dict):
        problems.add(event.toml_path, "must be a table", 'write [ema] on a line of its own, then '
                     'country = "NL" and rules = "MCR" under it', key="ema")
        table = {}
    city = str(table.get("city") or event.venue or "")
    if not city:
        problems.add(event.toml_path, "the EMA's sheet needs the tournament's city",
                     'write city = "Utrecht" under [ema] (or the event\'s venue = "Utrecht")', key="ema.city")
    country = str(table.get("country", "")).strip()
    if country.upper() not in codes:
        message, fix = _country_problem(country, codes, "the tournament's country")
        problems.add(event.toml_path, message, f"{fix} under [ema]", key="ema.country")
    rules = table.get("rules")
    if rules not in RULES:
        problems.add(event.toml_path, ("is missing" if rules is None else f"{rules!r} is not a ruleset the "
                                       "EMA ranks") + ": the EMA ranks MCR and Riichi results apart",
                     'write rules = "MCR" (Chinese Official rules) or rules = "RCR" (Riichi) under [ema]',
                     key="ema.rules")
    return [["Tournament", event.name], ["City", city], ["Country", country.upper()],
            ["Start date", event.start.isoformat()], ["End date", event.end.isoformat()],
            ["Rules", str(rules)], ["Players", str(len(event.players))]]


def _names(event: Event, player: Player, split: list[Player], problems: Problems) -> tuple[str, str]:
    """Last and first name: the ``last_name`` (or an import's ``surname``) and ``first_name``
    columns, else a name of two words in the usual order (noted in ``split``); any other name
    is a problem."""
    written = written_surname(player)
    if written is not None:
        return written
    words = player.name.split()
    particles = [w for w in words if w.casefold() in PARTICLES]
    if len(words) == 2 and not particles:
        split.append(player)
        return words[1], words[0]
    why = (f"has the particle {particles[0]!r}" if particles
           else f"has {len(words)} word{'s' if len(words) > 1 else ''}")
    problems.add(event.players_path, f"{player.name} ({player.id}): the name {why}, so its last name "
                 "cannot be told from it", "fill in the last_name and first_name columns (add them to "
                 "players.csv if missing) as the EMA's player list spells the name", line=player.line)
    return "", ""


def _ema_number(event: Event, player: Player, problems: Problems) -> str:
    """The ``ema`` column: the EMA's 8 digits, or empty for a player the EMA has not numbered."""
    number = player.fields.get("ema", "").strip()
    if not number or EMA_NUMBER.fullmatch(number):
        return number
    digits = number.isascii() and number.isdigit()
    fix = "write the 8 digits of the EMA's player list, or leave the cell empty for a player without one"
    if digits and len(number) < 8:
        fix = f"write {number.zfill(8)} if a spreadsheet dropped its leading zeros; {fix}"
    wrong = f"has {len(number)} digits, not 8" if digits else "is not 8 digits"
    problems.add(event.players_path, f"{player.name} ({player.id}): EMA number {number!r} {wrong}", fix,
                 line=player.line)
    return number


def _player_country(event: Event, player: Player, codes: frozenset[str], problems: Problems) -> str:
    country = player.country.strip().upper()
    if country not in codes:
        message, fix = _country_problem(player.country.strip(), codes, "the country")
        problems.add(event.players_path, f"{player.name} ({player.id}): {message}",
                     f"{fix} in the country column", line=player.line)
    return country


def _country_problem(value: str, codes: frozenset[str], what: str) -> tuple[str, str]:
    """The problem and fix of a country that is no ISO 3166-1 alpha-2 code: the code where the
    value is a slip (``UK``) or a country's name in English or its own language (``España``)."""
    if not value:
        return f"{what} is missing", "write its ISO 3166-1 alpha-2 code, like NL or DE,"
    code = COMMON_SLIPS.get(value.upper()) or _code_of_name(value, codes)
    not_a = "a country's code in ISO 3166-1" if value.upper() in NOT_ISO else "an ISO 3166-1 alpha-2 code"
    return (f"{what} {value!r} is not {not_a}",
            f"write {code}" if code else "write the country's ISO 3166-1 alpha-2 code, like NL or DE,")


def _code_of_name(name: str, codes: frozenset[str]) -> str | None:
    """The code of a country named in English or in one of its own official languages; asked
    only for a value that is no code, so its cost (a second) is paid only on a refusal."""
    from babel import Locale, UnknownLocaleError
    from babel.languages import get_official_languages

    wanted = name.strip().casefold()
    english = Locale("en").territories
    found = next((code for code in sorted(codes) if english[code].casefold() == wanted), None)
    if found:
        return found
    for code in sorted(codes):
        for language in get_official_languages(code, de_facto=True):
            try:
                names = Locale.parse(language).territories
            except (UnknownLocaleError, ValueError):
                continue
            if names.get(code, "").casefold() == wanted:
                return code
    return None

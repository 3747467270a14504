"""Reading what every system shares: the archive folder, event.toml, players.csv, pages.

System-specific files (round files, seatings, scores) are read by the system
plugins in their ``publisher_load_event`` hook, through :mod:`publisher.content.csvfiles`.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
import zoneinfo
from collections.abc import Callable, Hashable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from publisher.content.csvfiles import PLACE, RATING, ROUNDS, Bounds, Row, read_csv
from publisher.content.textfiles import not_one_line, read_text, unreadable
from publisher.languages import SHIPPED, check_code, message
from publisher.model import Event, Player
from publisher.problems import ContentError, Problem, Problems
from publisher.ranks import FIX as RANK_FIX
from publisher.ranks import Rank

SLUG = re.compile(r"^[a-z0-9-]+$")
PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]+$")
PLAYER_ID_LENGTH = 64  # a player's page is named by the id, and file names have a limit
# A name in the player's own script is a few characters (加藤 一二三): a longer cell is a whole
# row pasted into it, or the Latin name with it, which every list would show beside the name.
NATIVE_NAME_LENGTH = 60
PAGE_NAME = 100  # characters of a Markdown page's file name, which names its page
GAMES = ("shogi", "go", "mahjong", "chess", "other")
# Each game's name on the pages, in the page's language.
GAME_NAMES = {"shogi": message("Shogi"), "go": message("Go"), "mahjong": message("Mahjong"),
              "chess": message("Chess"), "other": message("Other game")}
# The days a championship may be on: a year of 9999 is a typo, and the day after it is no date
# (a calendar's last day is exclusive).
FIRST_DAY, LAST_DAY = dt.date(1900, 1, 1), dt.date(2999, 12, 31)
_YES = {"yes", "true", "1", "y"}
_NO = {"no", "false", "0", "n", ""}
T = TypeVar("T")


_TEMP_SUFFIXES = (".swp", ".swx", ".swo", "~", ".kate-swp", ".tmp", ".part", ".crdownload")
_TEMP_PREFIXES = (".#", ".~lock.", ".goutputstream-", "~$")


def is_temporary(path: Path) -> bool:
    """Editors' swap, lock and temporary files: their changes never need a rebuild."""
    name = path.name
    return (name == "4913" or name.endswith(_TEMP_SUFFIXES) or name.startswith(_TEMP_PREFIXES)
            or (name.startswith(".") and name.endswith(".tmp")))


def is_not_content(path: Path) -> bool:
    """Files that may sit in the content folder but are never read: editors' temporary
    files and logs (``publisher watch > content/watch.log`` must not rebuild for its own
    output). A change to one of them needs no rebuild."""
    return is_temporary(path) or path.suffix == ".log"


def event_dirs(content: Path) -> list[Path]:
    """The championship folders of the archive, in name order; hidden folders are skipped.

    A link to a folder outside the content (``ln -s / content/all``) is refused before
    anything walks it: the site publishes what is in the content folder and nothing else.
    """
    if not content.is_dir():
        raise ContentError(Problem(content, "is not a folder",
                                   "run publisher in the folder that holds content/, or pass --content"))
    entries = [p for p in entries_of(content) if not p.name.startswith((".", "_"))]
    ContentError.raise_any(links_out(entries, content))
    return sorted(p for p in entries if p.is_dir())


def entries_of(folder: Path) -> list[Path]:
    """What a content folder holds, in name order, or the problem of a folder we may not list."""
    try:
        return sorted(folder.iterdir())
    except OSError as exc:
        raise ContentError(unreadable(folder, exc)) from None


def links_out(paths: list[Path], root: Path) -> list[Problem]:
    """Every path of ``paths`` that is a link resolving outside the folder ``root``: reading
    it would publish a file of the computer (``/etc/os-release``) as a page."""
    inside = root.resolve()
    return [Problem(path, f"is a link to {os.readlink(path)}, outside the content folder",
                    "copy the file or folder into the content folder instead of linking to it")
            for path in paths if path.is_symlink() and not path.resolve().is_relative_to(inside)]


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; a syntax error becomes a problem naming the line tomllib found."""
    text = read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"line (\d+)", str(exc))
        raise ContentError(Problem(
            path, f"is not valid TOML: {exc}",
            'check quotes and brackets: text values need quotes, like name = "Open"',
            line=int(line.group(1)) if line else None)) from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise ContentError(Problem(path, "nests arrays or tables too deeply to be read",
                                   "keep settings to a few levels, like advance = [16, 8, 4]")) from None
    except ValueError as exc:  # a whole number of thousands of digits
        raise ContentError(Problem(path, f"holds a number too long to be read ({exc})",
                                   "write the number with at most 18 digits")) from None


def read_fresh(path: Path, inputs: Hashable, read: Callable[[], T]) -> T:
    """A file read now: how :func:`load_event` reads files unless told to keep them."""
    return read()


def load_event(folder: Path, systems: set[str], keep: Callable[..., Any] = read_fresh) -> Event:
    """Read one championship folder: event.toml, players.csv and its Markdown pages.

    ``keep(path, inputs, read)`` reads players.csv: a builder passes its ``Kept.file``
    (:mod:`publisher.build.kept`), so that a save elsewhere does not read the field again."""
    if not folder.is_dir():  # pair and draw take the folder from the command line
        raise ContentError(Problem(folder, "is not a folder" if folder.exists() else "does not exist",
                                   "name a championship folder, like content/wosc-2026"))
    problems = Problems()
    files = entries_of(folder)
    rounds = folder / "rounds"
    problems.extend(links_out([*files, *(entries_of(rounds) if rounds.is_dir() else [])],
                              folder.absolute().parent))
    if not SLUG.match(folder.name):
        problems.add(folder, f"folder name {folder.name!r} cannot be a web address",
                     "rename it with lower-case letters, digits and dashes only, like wosc-2026")
    toml_path = folder / "event.toml"
    if not toml_path.is_file():
        raise ContentError(Problem(toml_path, "is missing",
                                   'every championship folder needs one with name, game and system'))
    config = read_toml(toml_path)
    event = _event_from_config(folder, config, systems, problems)
    problems.check()
    assert event is not None
    players_path = folder / "players.csv"
    if not players_path.is_file():
        raise ContentError(Problem(players_path, "is missing", "add the field: id,name,rank,..."))
    event.players = keep(players_path, (), partial(read_players, players_path))
    check_rounds_dir(event.rounds_dir)
    pages = [p for p in files if p.suffix == ".md" and p.is_file()]
    ContentError.raise_any(Problem(p, f"the page name has {len(p.stem)} characters, more than a web "
                                   f"address should ({PAGE_NAME})", "rename the file with a shorter name")
                           for p in pages if len(p.stem) > PAGE_NAME)
    if pages:  # Python-Markdown and nh3 are loaded only where an organiser wrote a page
        from publisher.content.markdown_pages import load_page

        event.pages = sorted((load_page(p) for p in pages), key=lambda p: (p.order, p.slug))
    return event


def check_rounds_dir(rounds: Path) -> None:
    """``rounds/`` must be a folder of files: the plugins read and write its CSV files by name,
    so a file named ``rounds`` or a folder named ``3.csv`` would be skipped by a build and
    break ``pair`` and ``draw`` when they write there."""
    if rounds.exists() and not rounds.is_dir():
        raise ContentError(Problem(rounds, "is a file, not a folder",
                                   "rename it, and keep the round files in a folder named rounds"))
    if rounds.is_dir():
        folders = [p for p in entries_of(rounds) if p.suffix.lower() == ".csv" and p.is_dir()]
        if folders:
            raise ContentError([Problem(p, "is a folder, not a CSV file",
                                        "move what it holds out of rounds/ and remove the folder")
                                for p in folders])


def unread_files(rounds: Path, names: re.Pattern[str], example: str) -> list[Problem]:
    """A CSV file in ``rounds/`` whose name the system does not read (``01.csv`` beside
    ``1.csv``, ``1-Seating.csv``) would be left out of the site without a word: name each.

    ``names`` matches the file names the system reads; hidden files are the organiser's own.
    """
    if not rounds.is_dir():
        return []
    return [Problem(path, "is not a file name the publisher reads, so it would be left out",
                    f"name round files like {example} (no leading zeros), or move it out of rounds/")
            for path in entries_of(rounds)
            if path.suffix.lower() == ".csv" and not path.name.startswith((".", "~"))
            and not names.fullmatch(path.name)]


def _event_from_config(folder: Path, config: dict[str, Any], systems: set[str],
                       problems: Problems) -> Event | None:
    path = folder / "event.toml"

    def text(key: str, required: bool = True, default: str = "") -> str:
        value = config.get(key, default)
        if required and key not in config:
            problems.add(path, "is missing", f'add {key} = "..."', key=key)
        elif not isinstance(value, str):
            problems.add(path, f"must be text, not {value!r}", f'write {key} = "{value}"', key=key)
            return default
        elif required and not value.strip():
            problems.add(path, "is empty", f'write {key} = "..." with its value between the quotes',
                         key=key)
        elif (character := not_one_line(value)) is not None:
            problems.add(path, f"holds {character}, but it must be one line of text",
                         f"write {key} without escapes such as \\r, \\n or \\t", key=key)
            return default
        return value

    def date(key: str, default: dt.date | None) -> dt.date | None:
        value = config.get(key, default)
        if value is None:
            problems.add(path, "is missing", f"add {key} = 2026-08-14 (a TOML date, no quotes)",
                         key=key)
        elif not isinstance(value, dt.date) or isinstance(value, dt.datetime):
            problems.add(path, f"must be a date, not {value!r}",
                         f"write {key} = 2026-08-14 (no quotes)", key=key)
            return None
        elif not FIRST_DAY <= value <= LAST_DAY:
            problems.add(path, f"the date {value} is not from {FIRST_DAY} to {LAST_DAY}",
                         f"write the year the championship is played, like {key} = 2026-08-14", key=key)
            return None
        return value

    name, game, system = text("name"), text("game"), text("system")
    if folder.name in SHIPPED:
        problems.add(folder, f"is named like the folder of the pages in {folder.name!r}",
                     f"rename the folder, like {folder.name}-2026: site/{folder.name}/ holds the site's "
                     "pages in that language")
    if game and game not in GAMES:
        problems.add(path, f"unknown game {game!r}", f"use one of: {', '.join(GAMES)}", key="game")
    if system and system not in systems:
        problems.add(path, f"unknown system {system!r}",
                     f"use one of: {', '.join(sorted(systems))}", key="system")
    start = date("start", None)
    end = date("end", start) if start or "end" in config else None
    if start and end and end < start:
        problems.add(path, f"the end {end} is before the start {start}", "swap the two dates",
                     key="end")
    rounds = config.get("rounds")
    if rounds is not None and ROUNDS.read(rounds) is None:
        problems.add(path, f"must be {ROUNDS}, not {rounds!r}", "write rounds = 7", key="rounds")
    seed = text("seed", required=False, default=folder.name)
    venue = text("venue", required=False)
    timezone = _timezone(path, text("timezone", required=False), problems)
    language, screens_language = (_language(path, key, text(key, required=False), problems)
                                  for key in ("language", "screens_language"))
    if problems or start is None or end is None:
        return None
    return Event(slug=folder.name, dir=folder, config=config, name=name, game=game, system=system,
                 start=start, end=end, venue=venue, seed=seed, timezone=timezone, language=language,
                 screens_language=screens_language)


def _language(path: Path, key: str, code: str, problems: Problems) -> str:
    """``language`` or ``screens_language``: a language the site is translated into, or
    ``""`` (the site's first language; for the screens, the pages' language)."""
    if not code.strip():
        return ""
    if (wrong := check_code(code.strip())) is not None:
        problems.add(path, wrong, f'write one of: {", ".join(SHIPPED)}, like {key} = "ja"', key=key)
        return ""
    return code.strip()


def _timezone(path: Path, name: str, problems: Problems) -> zoneinfo.ZoneInfo | None:
    """``timezone``: an IANA name (``Europe/Zagreb``), so schedules and calendars say whose
    clock their times are on; empty means the event did not say."""
    if not name.strip():
        return None
    try:
        return zoneinfo.ZoneInfo(name.strip())
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        problems.add(path, f"unknown time zone {name!r}",
                     'write an IANA name like timezone = "Europe/Zagreb" or "Asia/Hong_Kong"',
                     key="timezone")
        return None


def read_players(path: Path) -> list[Player]:
    """Read players.csv: ids unique and well-formed, ranks parsed, numbers numeric."""
    problems = Problems()
    players: list[Player] = []
    first_line: dict[str, int] = {}
    folded: dict[str, str] = {}  # id in lower case -> the id as first written
    for row in read_csv(path, required=("id", "name")):
        player = _player(path, row, problems)
        if player is None:
            continue
        if player.id in first_line:
            problems.add(path, f"duplicate id {player.id!r} (first on line {first_line[player.id]})",
                         "give every player an id of their own", line=row.line)
            continue
        # Player pages are named by id: on Windows and macOS, s001.html and S001.html are one file.
        twin = folded.setdefault(player.id.casefold(), player.id)
        if twin != player.id:
            problems.add(path, f"id {player.id!r} differs from {twin!r} (line {first_line[twin]}) "
                         "only in upper and lower case", "give every player an id of their own",
                         line=row.line)
            continue
        first_line[player.id] = row.line
        players.append(player)
    problems.check()
    return players


def egd_pin(text: str) -> str:
    """An EGD PIN as written, or "" for none: OpenGotha and PairGoth write ``0`` for a player
    without a PIN, and four such players are four people, not one."""
    text = text.strip()
    return "" if not text.strip("0") else text


def _player(path: Path, row: Row, problems: Problems) -> Player | None:
    before = len(problems.items)
    player_id, name = row.get("id"), row.get("name")
    if not PLAYER_ID.match(player_id):
        problems.add(path, f"id {player_id!r} is not valid" if player_id else "the id is empty",
                     "use letters, digits, - and _ only, like p017", line=row.line)
    elif len(player_id) > PLAYER_ID_LENGTH:
        problems.add(path, f"id {player_id[:20]!r}... has {len(player_id)} characters, more than "
                     f"{PLAYER_ID_LENGTH}", "use a short id, like p017", line=row.line)
    if not name:
        problems.add(path, f"player {player_id!r} has no name", "fill in the name column",
                     line=row.line)
    native = row.get("name_native")
    if len(native) > NATIVE_NAME_LENGTH:
        problems.add(path, f"name_native of {player_id!r} has {len(native)} characters, more than "
                     f"{NATIVE_NAME_LENGTH}", "write only the name in the player's own script, like "
                     "加藤 一二三, or leave it empty", line=row.line)
    rank = None
    if row.get("rank"):
        try:
            rank = Rank.parse(row.get("rank"))
        except ValueError as exc:
            problems.add(path, f"rank of {player_id!r}: {exc}", f"{RANK_FIX}, or leave it empty",
                         line=row.line)
    rating = _integer(path, row, "rating", RATING, 1850, problems)
    esc_rank = _integer(path, row, "esc_rank", PLACE, 12, problems)
    esc_round2 = row.get("esc_round2").lower()
    if esc_round2 not in _YES | _NO:
        problems.add(path, f"esc_round2 of {player_id!r} is {row.get('esc_round2')!r}",
                     "write yes or no", line=row.line)
    if len(problems.items) > before:
        return None
    fields = dict(row.cells)
    if "egd_pin" in fields:
        fields["egd_pin"] = egd_pin(fields["egd_pin"])
    return Player(id=player_id, name=name, line=row.line, rank=rank, rating=rating,
                  country=row.get("country"), club=row.get("club"), esc_rank=esc_rank,
                  esc_round2=esc_round2 in _YES, group=row.get("group"), name_native=native,
                  fields=fields)


def _integer(path: Path, row: Row, column: str, bounds: Bounds, example: int,
             problems: Problems) -> int | None:
    """An optional whole-number column: ASCII digits within ``bounds`` (``١٨٥٠`` and
    ``1_850`` are refused like every other number the organiser types)."""
    value = row.get(column)
    if not value:
        return None
    number = bounds.read(value)
    if number is None:
        problems.add(path, f"{column} of {row.get('id')!r} is {value!r}, not {bounds}",
                     f"write the {column} in the digits 0-9, like {example}, "
                     "or leave it empty", line=row.line)
    return number

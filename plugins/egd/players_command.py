"""``publisher players add|update``: registration from the EGF rating list, by PIN.

OpenGotha and PairGoth fill a player's rank, rating, club and country from the EGF rating
list (:mod:`plugins.egd.ratings`); these commands do the same for players.csv, through
:mod:`plugins.egd.players_file`, which changes only the rows and cells they name.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from plugins.egd.players_file import PlayersFile
from plugins.egd.ratings import RatedPlayer, RatingList, egd_pin, read_rating_list
from publisher.content.folders import read_toml
from publisher.formats import new_player_id
from publisher.model import Player
from publisher.problems import ContentError, Problem

# The columns an added player fills, as the importers write them (surname and first name kept
# apart, as the EGD export needs them); a column players.csv lacks is added at its end.
COLUMNS = ("id", "name", "surname", "first_name", "rank", "rating", "country", "club", "egd_pin")
LIST_HELP = "the EGF rating list as OpenGotha reads it (allworld_lp.html from the EGD's downloads)"


def add_players_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "players", help="add players to players.csv from the EGF rating list, or refresh them",
        description="Register players by their EGD PIN from the EGF rating list, as OpenGotha does.")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser(
        "add", help="append players by PIN",
        description="Append the players with these PINs to players.csv: id, name, rank, rating (GoR), "
                    "country, club and PIN from the list. The other rows stay as they are.")
    update = actions.add_parser(
        "update", help="refresh rank, rating, club and country of the players with a PIN",
        description="Refresh rank, rating, club and country of every row of players.csv with an "
                    "egd_pin from the list, and print what changed. Rows without a PIN stay as they are.")
    for action, run in ((add, run_add), (update, run_update)):
        action.add_argument("event_dir", type=Path, help="the event's folder (content/<slug>)")
        action.add_argument("--ratings", type=Path, required=True, metavar="FILE", help=LIST_HELP)
        action.add_argument("--dry-run", action="store_true", help="print the changes, write nothing")
        action.set_defaults(run=run)
    add.add_argument("pins", nargs="+", type=_pin, metavar="PIN", help="EGD PINs, like 13633719")


def _pin(text: str) -> str:
    """A PIN of the command line, as the list writes it (8 digits)."""
    try:
        pin = egd_pin(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if pin is None:
        raise argparse.ArgumentTypeError(f"{text!r} is no PIN")
    return pin


def run_add(args: argparse.Namespace) -> int:
    path = _folder(args.event_dir) / "players.csv"
    players = PlayersFile.read(path) if path.exists() else PlayersFile.new(path, list(COLUMNS))
    ratings = read_rating_list(args.ratings)
    pins = list(dict.fromkeys(args.pins))  # a PIN typed twice is one player
    ContentError.raise_any(_refusals(players, ratings, pins))
    columns = players.names()
    used = {player.id.casefold() for player in players.players}
    rows = [players.append(_row(ratings.players[pin], used)) for pin in pins]
    print(f"From {ratings.describe()}:")
    added = [name for name in players.names() if name not in columns]
    if added:
        print(f"players.csv gains the column{'s' if len(added) > 1 else ''} {', '.join(added)}.")
    print(*rows, sep="\n")
    return _finish(players, args.dry_run, f"{len(rows)} player{'s' if len(rows) > 1 else ''} added")


def run_update(args: argparse.Namespace) -> int:
    path = _folder(args.event_dir) / "players.csv"
    if not path.is_file():
        raise ContentError(Problem(path, "is missing", "add the players first: publisher players add "
                                   f"{args.event_dir} --ratings FILE PIN..."))
    players = PlayersFile.read(path)
    ratings = read_rating_list(args.ratings)
    print(f"From {ratings.describe()}:")
    pinned = [(player, pin) for player in players.players if (pin := _pin_of(path, player))]
    changed = 0
    for player, pin in pinned:
        rated = ratings.players.get(pin)
        if rated is None:
            _warn(Problem(path, f"PIN {pin} of {player.name} ({player.id}) is not in the list, so the "
                          "row was left as it is", "check the PIN in the EGD", line=player.line))
            continue
        changes = _changes(player, rated)
        if changes:
            players.set(player, {column: new for column, _, new in changes})
            print(f"{player.name} ({player.id}): "
                  + "; ".join(f"{column} {old or '(empty)'} -> {new}" for column, old, new in changes))
            changed += 1
    if not changed:
        print(f"Nothing to change: the {len(pinned)} players with a PIN are as the list has them.")
        return 0
    return _finish(players, args.dry_run, f"{changed} of {len(pinned)} players with a PIN updated")


def _folder(folder: Path) -> Path:
    """The championship folder; one whose players come from another program's file is refused."""
    if not folder.is_dir():
        raise ContentError(Problem(folder, "is not a folder" if folder.exists() else "does not exist",
                                   "name a championship folder, like content/wosc-2026"))
    toml = folder / "event.toml"
    config = read_toml(toml) if toml.is_file() else {}
    if "source" in config:
        raise ContentError(Problem(toml, f"the players come from the {config['source']} file "
                                   f"{config.get('file')!r}", "register them in that program, or import "
                                   "the file with publisher import to register here", key="source"))
    return folder


def _refusals(players: PlayersFile, ratings: RatingList, pins: list[str]) -> list[Problem]:
    """One problem for each PIN that cannot be added: not in the list, or in players.csv."""
    have: dict[str, Player] = {}
    for player in players.players:
        pin = _pin_of(players.path, player, quiet=True)
        if pin:
            have.setdefault(pin, player)
    problems = []
    for pin in pins:
        rated = ratings.players.get(pin)
        if pin in have:
            problems.append(Problem(players.path, f"PIN {pin} is already on this line ({have[pin].name}, "
                                    f"{have[pin].id})", "leave the PIN out, or refresh the row with "
                                    "publisher players update", line=have[pin].line))
        elif rated is None:
            problems.append(Problem(ratings.path, f"has no player with PIN {pin}", "check the PIN in the "
                                    "EGD; a new player is on the lists after a first tournament, so "
                                    "add them to players.csv by hand"))
        elif not rated.name:
            problems.append(Problem(ratings.path, f"PIN {pin} has no name in the list",
                                    "add the player to players.csv by hand", line=rated.line))
    return problems


def _row(rated: RatedPlayer, used: set[str]) -> dict[str, str]:
    """An added player's cells, named by :data:`COLUMNS`."""
    cells = (new_player_id(rated.name, used), rated.name, rated.surname, rated.first_name, str(rated.rank),
             str(rated.gor), rated.country, rated.club, rated.pin)
    return dict(zip(COLUMNS, cells, strict=True))


def _changes(player: Player, rated: RatedPlayer) -> list[tuple[str, str, str]]:
    """(column, old, new) for what the list says otherwise. Ranks and ratings are compared as
    what they mean (``2 dan`` is ``2d``); a list without a club or country (``xxxx``, ``XX``)
    leaves the organiser's."""
    old = player.fields
    changes = []
    if player.rank != rated.rank:
        changes.append(("rank", old.get("rank", ""), str(rated.rank)))
    if player.rating != rated.gor:
        changes.append(("rating", old.get("rating", ""), str(rated.gor)))
    for column, new in (("club", rated.club), ("country", rated.country)):
        if new and new != old.get(column, ""):
            changes.append((column, old.get(column, ""), new))
    return changes


def _pin_of(path: Path, player: Player, quiet: bool = False) -> str | None:
    """The row's PIN; a cell that is no PIN is told (unless ``quiet``) and counts as none."""
    try:
        return egd_pin(player.fields.get("egd_pin", ""))
    except ValueError as exc:
        if not quiet:
            _warn(Problem(path, f"egd_pin of {player.id!r}: {exc}, so the row was left as it is",
                          "write the PIN in digits, or leave the cell empty", line=player.line))
        return None


def _warn(problem: Problem) -> None:
    print(f"warning: {problem}", file=sys.stderr)


def _finish(players: PlayersFile, dry_run: bool, done: str) -> int:
    if dry_run:
        print(f"Dry run: {players.path} was not written.")
        return 0
    players.write()
    print(f"Wrote {players.path}: {done}.")
    return 0

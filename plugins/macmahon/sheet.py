"""A round of a McMahon or Swiss event as the results desk enters it: one result per table,
written into the ``result`` cell of that table's row of ``rounds/<n>.csv``.

A candidate file is read by :func:`plugins.macmahon.rounds.read_round` and checked for
withdrawals and absences, as the build reads it, so the desk refuses what the build refuses
with the build's message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from plugins.macmahon.rounds import COLUMNS, RESULTS, Round, check_absences, check_withdrawals, read_round
from plugins.macmahon.settings import Settings
from publisher.content.csvedit import edit_csv
from publisher.content.csvfiles import read_csv, whole_number
from publisher.live.sheets import Change, Edit, EntryRefused, ResultSheet
from publisher.model import Event

SEATS = {"go": ("Black", "White"), "shogi": ("Sente", "Gote")}


class GoSheet(ResultSheet):
    """The games of one round: the table, its two players, the result (None while missing)."""

    kind = "result"

    def __init__(self, event: Event, rounds: list[Round], rnd: Round, settings: Settings):
        super().__init__(rnd.number, rnd.path)
        self.event = event
        self.rounds = rounds
        self.round = rnd
        self.settings = settings
        self.last = rnd is rounds[-1]  # the latest round paired: the next one is paired from here

    def tables(self) -> list[dict[str, Any]]:
        seats = SEATS.get(self.event.game, SEATS["go"])
        return [{"table": game.table, "result": game.result,
                 "players": [{"id": player, "name": self.event.player(player).name, "seat": seat}
                             for player, seat in zip((game.black, game.white), seats, strict=True)]}
                for game in self.round.games]

    def enter(self, text: str, entry: dict[str, Any]) -> Change:
        table, result = entry.get("table"), entry.get("result")
        if isinstance(table, bool) or not isinstance(table, int) or not isinstance(result, str):
            raise EntryRefused(400, 'send {"table": <number>, "result": "<result as the round file '
                                    'writes it>"}, like {"table": 7, "result": "1-0"}')
        if len(result) > 20:
            raise EntryRefused(422, f"unknown result {result[:20]!r}...: write one of "
                                    f"{', '.join(RESULTS)}, or an empty result to clear it")
        rows = read_csv(self.path, COLUMNS, text) if text else []
        row = next((r for r in rows if whole_number(r.get("table")) == table and r.get("player2")), None)
        if row is None:
            raise EntryRefused(404, f"round {self.number} has no table {table}")
        new = edit_csv(text, {row.line: {"result": result}}, [])
        return Change(new, str(table), row.get("result"), result)

    def check(self, path: Path) -> None:
        rnd = read_round(self.event, self.number, path)
        check_withdrawals([rnd], self.settings.withdrawn)
        check_absences([rnd], self.settings.absent)

    def next_round(self) -> str | None:
        more = self.event.rounds is not None and self.number < self.event.rounds
        here = "source" not in self.event.config  # not paired in another program
        return f"Pair round {self.number + 1}" if self.last and more and here else None

    def withdrawal(self, read: Callable[[Path], str], player: str, reason: str) -> list[Edit]:
        """``[macmahon] withdrawn`` in event.toml, with the last round the player is seated in:
        they are not paired from the next round on (docs/pairing.md)."""
        if player in self.settings.withdrawn:
            after = self.settings.withdrawn[player]
            raise EntryRefused(409, f"{player} is withdrawn already (after round {after})")
        last = max((r.number for r in self.rounds for g in [*r.games, *r.byes]
                    if player in (g.black, g.white)), default=0)
        return [Edit(self.event.toml_path, withdrawn_toml(read(self.event.toml_path), player, last))]

    def make_next_round(self) -> str:
        from plugins.macmahon.pair_command import pair_round  # the pairing's modules, for this button only

        said: list[str] = []
        pair_round(self.event, self.number + 1, say=said.append)
        return "\n".join(said)


def results_sheet(event: Event, rounds: list[Round], settings: Settings,
                  number: int | None) -> GoSheet | None:
    """Round ``number`` (None: the last round paired), or None when it has no file."""
    found = rounds[-1] if number is None and rounds else next((r for r in rounds if r.number == number), None)
    return GoSheet(event, rounds, found, settings) if found is not None else None


_TABLE = re.compile(r"^\s*\[\s*macmahon\s*\]\s*(#.*)?$")
_ANY_TABLE = re.compile(r"^\s*\[")
_WITHDRAWN = re.compile(r"^(\s*withdrawn\s*=\s*\{)(.*?)(\}\s*(#.*)?)$")


def withdrawn_toml(text: str, player: str, last: int) -> str:
    """event.toml with ``player = last`` added to ``[macmahon] withdrawn`` (made if missing);
    every other line keeps its bytes. Refused where withdrawn is written another way (a
    table of its own, an inline table over several lines): that is the director's to edit."""
    key = player if re.fullmatch(r"[A-Za-z0-9_-]+", player) else json.dumps(player)
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if text.endswith("\r\n") or "\r\n" in text else "\n"
    start = next((i for i, line in enumerate(lines) if _TABLE.match(line)), None)
    if start is None:
        tail = "" if not text or text.endswith(("\n", "\r")) else newline
        return f"{text}{tail}{newline}[macmahon]{newline}withdrawn = {{ {key} = {last} }}{newline}"
    end = next((i for i in range(start + 1, len(lines)) if _ANY_TABLE.match(lines[i])), len(lines))
    own_table = any(re.match(r"^\s*\[\s*macmahon\s*\.\s*withdrawn\s*\]", line) for line in lines)
    at = next((i for i in range(start + 1, end) if re.match(r"^\s*withdrawn\s*=", lines[i])), None)
    found = _WITHDRAWN.match(lines[at].rstrip("\r\n")) if at is not None else None
    if own_table or (at is not None and found is None):
        raise EntryRefused(409, "event.toml writes [macmahon] withdrawn in a way the desk does not edit: "
                                f"add {key} = {last} to it by hand")
    if at is None or found is None:
        lines.insert(start + 1, f"withdrawn = {{ {key} = {last} }}{newline}")
        return "".join(lines)
    inside = found.group(2).strip()
    entries = f"{inside}, {key} = {last}" if inside else f"{key} = {last}"
    ending = lines[at][len(lines[at].rstrip("\r\n")):]
    lines[at] = f"{found.group(1)} {entries} {found.group(3).lstrip()}{ending}"
    return "".join(lines)

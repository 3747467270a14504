"""A mahjong round as the results desk enters it: a table of one part at a time, its four
scores (East, South, West, North, as the seating file seats them) and, optionally, the
winning hands, written into ``rounds/<n>-scores.csv`` as the organiser writes it.

A candidate file is read by :func:`plugins.mahjong.rounds.read_scores` against the round's
field and seating, so a table whose total is off is refused with the build's message.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from plugins.mahjong.rounds import Table, plain, read_scores, round_file, scores_path
from plugins.mahjong.seats import WINDS
from plugins.mahjong.tournament import Mahjong, Round
from publisher.content.csvedit import edit_csv, header_of
from publisher.content.csvfiles import read_csv, whole_number
from publisher.live.sheets import Change, Edit, EntryRefused, ResultSheet
from publisher.model import Event
from publisher.problems import Problems

HEADER = "player,part,score,hands\n"  # a scores file the desk starts
SHAPE = ('send {"table": <number>, "part": <number>, "scores": [East, South, West, North], '
         '"hands": ["64 32", "-", "", "24"]} (hands optional)')


class MahjongSheet(ResultSheet):
    """The tables of every part of one drawn round, with the scores entered so far."""

    kind = "scores"

    def __init__(self, event: Event, rnd: Round, mahjong: Mahjong):
        super().__init__(rnd.number, scores_path(event, rnd.number))
        self.event = event
        self.round = rnd
        self.mahjong = mahjong

    def tables(self) -> list[dict[str, Any]]:
        entries = self.round.scores.entries if self.round.scores else {}
        out = []
        for part in self.round.parts:
            for table in part.tables:
                rows = [entries.get((p, part.number)) for p in table.seats]
                complete = all(rows)
                out.append({
                    "part": part.number, "table": table.number,
                    "players": [{"id": p, "name": self.event.player(p).name, "seat": wind,
                                 "substitute": table.substitutes.get(p)}
                                for p, wind in zip(table.seats, WINDS, strict=True)],
                    "scores": [plain(r.score) for r in rows if r] if complete else None,
                    "hands": [" ".join(plain(h) for h in r.hands) if r.hands_given and r.hands else
                              ("-" if r.hands_given else "") for r in rows if r] if complete else None})
        return out

    def enter(self, text: str, entry: dict[str, Any]) -> Change:
        number, scores, hands = entry.get("table"), entry.get("scores"), entry.get("hands")
        if not _whole(number) or not _cells(scores) or not (hands is None or _cells(hands)):
            raise EntryRefused(400, SHAPE)
        part = entry.get("part", self._part_of(number))
        if not _whole(part):
            raise EntryRefused(400, SHAPE)
        table = self._table(part, number)
        text = text or HEADER
        rows = read_csv(self.path, ("player", "part", "score"), text)
        if hands is not None and rows[:1] and "hands" not in rows[0].cells:
            raise EntryRefused(422, f"{self.path.name} has no hands column: add hands to its header "
                                    "to enter the hands at the desk, or leave them out")
        columns = set(rows[0].cells) if rows else {"player", "part", "score", "hands"}
        changes: dict[int, dict[str, str]] = {}
        added: list[dict[str, str]] = []
        old, new = [], []
        for i, owner in enumerate(table.seats):
            played = table.substitutes.get(owner, owner)
            cells = {"score": _text(scores[i]), **({"hands": _text(hands[i])} if hands is not None else {})}
            row = next((r for r in rows if whole_number(r.get("part")) == part
                        and r.get("player") in (owner, played)), None)
            if row is None:
                added.append({"player": played, "part": str(part), **cells,
                              **({"table": str(table.number)} if "table" in columns else {})})
            else:
                changes[row.line] = cells
                old.append(f"{played} {row.get('score')}")
            new.append(f"{played} {cells['score']}" + (f" ({cells['hands']})" if cells.get("hands") else ""))
        return Change(edit_csv(text, changes, added), f"part {part} table {table.number}",
                      "; ".join(old), "; ".join(new))

    def check(self, path: Path) -> None:
        problems = Problems()
        read_scores(path, self.round.field, self.round.parts, self.mahjong.settings.table_total,
                    {p.name: p.id for p in self.event.players}, problems)
        problems.check()

    def withdrawal(self, read: Callable[[Path], str], player: str, reason: str) -> list[Edit]:
        """A row of ``rounds/<n+1>-withdrawals.csv``: a qualifier of this round who does not play
        the next, whose place goes to the next below the cut (docs/mahjong.md)."""
        if self.number >= self.mahjong.settings.rounds:
            raise EntryRefused(409, f"round {self.number} is the final: there is no round to withdraw from")
        path = round_file(self.event, self.number + 1, "withdrawals")
        text = read(path) or "player,reason\n"
        row = {"player": player, **({"reason": reason} if reason and "reason" in header_of(text) else {})}
        return [Edit(path, edit_csv(text, {}, [row]))]

    def next_round(self) -> str | None:
        later = [r for r in self.mahjong.rounds if r.number > self.number]
        last = not any(r.drawn for r in later)
        more = self.number < self.mahjong.settings.rounds
        return f"Draw round {self.number + 1}" if last and more else None

    def make_next_round(self) -> str:
        from plugins.mahjong.draw import next_to_draw, write_draw  # the draw, for this button only

        return write_draw(self.event, self.mahjong, next_to_draw(self.event, self.mahjong))

    def _part_of(self, number: int) -> int:
        """The first part in which table ``number`` is not entered yet (the last one if all are)."""
        entries = self.round.scores.entries if self.round.scores else {}
        for part in self.round.parts:
            for table in part.tables:
                if table.number == number and not all((p, part.number) in entries for p in table.seats):
                    return part.number
        return len(self.round.parts)

    def _table(self, part: int, number: int) -> Table:
        if not 1 <= part <= len(self.round.parts):
            raise EntryRefused(404, f"round {self.number} has no part {part}")
        found = next((t for t in self.round.parts[part - 1].tables if t.number == number), None)
        if found is None:
            raise EntryRefused(404, f"part {part} of round {self.number} has no table {number}")
        return found


def results_sheet(event: Event, mahjong: Mahjong, number: int | None) -> MahjongSheet | None:
    """Round ``number`` (None: the last drawn round), or None when it is not drawn."""
    drawn = [r for r in mahjong.rounds if r.drawn]
    found = drawn[-1] if number is None and drawn else next((r for r in drawn if r.number == number), None)
    return MahjongSheet(event, found, mahjong) if found is not None else None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cells(values: Any) -> bool:
    """Four cells, each a number or a short text (the reader then judges it)."""
    return (isinstance(values, list) and len(values) == len(WINDS)
            and all(isinstance(v, int | float | str) and not isinstance(v, bool) and len(str(v)) <= 100
                    for v in values))


def _text(value: int | float | str) -> str:
    """A cell as the organiser types it: 120, -40, 12.5."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()

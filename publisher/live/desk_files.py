"""The results desk's side of the content folder: a round's results read with their ETag, and
one table's entry written into the round's result file as the director would write it.

Each save reads the file, has the system's sheet put the entry into that text (only the
table's rows change), writes the new text beside it (a hidden ``.<name>.desk.tmp``, which
the watcher ignores), reads that candidate with the build's checks, then looks at the file
again: if an editor saved it meanwhile, nothing is written and the desk says so. Otherwise
the candidate replaces the file in one rename, and the change is appended to the
championship's ``desk-log.csv``. Saves of one file wait for each other; saves of two
tables land one after the other, each on the other's text.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pluggy

from publisher.build.kept import Kept
from publisher.build.loading import load_event
from publisher.content.csvedit import edit_csv, header_of
from publisher.content.folders import event_dirs
from publisher.live.sheets import Change, Edit, EntryRefused, ResultSheet
from publisher.model import Event
from publisher.problems import ContentError, display_path, report_lines

LOG = "desk-log.csv"
LOG_HEADER = ("time", "device", "round", "table", "old", "new")
_ROUND = re.compile(r"[1-9][0-9]{0,5}")


def etag(data: bytes) -> str:
    """The ETag of a result file's bytes (of no bytes while it does not exist)."""
    return '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


@dataclass(frozen=True)
class Saved:
    """What a save did: written (with the file's new ETag), or held for a second entry."""

    change: Change
    etag: str
    waiting: bool = False  # double entry: the first of two entries, nothing written yet


class DeskFiles:
    """The championships of one content folder as the desk reads and writes them."""

    def __init__(self, plugins: pluggy.PluginManager, content: Path, double_entry: bool = False):
        self.plugins = plugins
        self.content = content
        # Double entry: mahjong scoresheets are written once two devices entered the same.
        self.double_entry = double_entry
        self._first: dict[tuple[str, int, str], tuple[str, str]] = {}  # (slug, round, table) -> device, value
        self._guard = threading.Lock()
        self._locks: dict[Path, threading.Lock] = {}
        # What a read keeps for the next (a round file as read, the standings after it), as the
        # watcher's builder keeps it, by the rule of publisher.build.kept; one read at a time.
        self._kept = Kept()
        self._reading = threading.Lock()
        self._paths: dict[tuple[str, str], Path] = {}  # (slug, round) -> its result file, once read

    def folder(self, slug: str) -> Path:
        """The championship folder named ``slug``; 404 for any name that is not one (``..``,
        a hidden folder, a file): no request reaches outside the content folder."""
        found = next((f for f in self._folders() if f.name == slug), None)
        if found is None:
            raise EntryRefused(404, f"there is no championship {slug[:80]!r}")
        return found

    def event(self, slug: str) -> Event:
        """The championship read and computed as a build does; 409 while its files have a mistake."""
        folder = self.folder(slug)
        try:
            with self._reading:
                return load_event(self.plugins, folder, self._kept)
        except ContentError as error:
            raise EntryRefused(409, "the championship's files have a mistake, which the build shows too: "
                                    + " ".join(report_lines(error.problems)[:3])) from None

    def events(self) -> list[dict[str, Any]]:
        """Every championship whose system has a result sheet, with its round being played."""
        found = []
        for folder in self._folders():
            try:
                with self._reading:
                    event = load_event(self.plugins, folder, self._kept)
            except ContentError as error:
                found.append({"slug": folder.name, "name": folder.name, "round": None, "kind": None,
                              "error": report_lines(error.problems)[0]})
                continue
            sheet = self.plugins.hook.publisher_results_sheet(event=event, round=None)
            found.append({"slug": folder.name, "name": event.name, "round": sheet.number if sheet else None,
                          "kind": sheet.kind if sheet else None})
        return found

    def sheet(self, slug: str, number: str) -> tuple[Event, ResultSheet]:
        """The sheet of round ``number`` (ASCII digits) of championship ``slug``; 404 if none."""
        if not _ROUND.fullmatch(number):
            raise EntryRefused(404, f"{number[:20]!r} is not a round number")
        event = self.event(slug)
        sheet = self.plugins.hook.publisher_results_sheet(event=event, round=int(number))
        if sheet is None:
            raise EntryRefused(404, f"{event.name} has no round {number} with tables yet")
        return event, sheet

    def unchanged(self, slug: str, number: str, tag: str) -> bool:
        """Whether ``tag`` is still the ETag of the round's result file, known without reading
        the championship again: a page polling for news of a 2,048-player day costs a hash."""
        path = self._paths.get((slug, number))
        return path is not None and self._tag(slug, int(number), _bytes(path)) == tag

    def round(self, slug: str, number: str) -> tuple[dict[str, Any], str]:
        """A round's tables as the API gives them, and the ETag of its result file."""
        with self._lock_of(self.folder(slug)):
            event, sheet = self.sheet(slug, number)
            data = _bytes(sheet.path)
            self._paths[slug, number] = sheet.path
        tables = sheet.tables()
        missing = sum(1 for t in tables if t.get("result" if sheet.kind == "result" else "scores") is None)
        return {"event": slug, "name": event.name, "round": sheet.number, "kind": sheet.kind,
                "file": sheet.path.relative_to(event.dir).as_posix(), "missing": missing,
                "next": sheet.next_round(), "waiting": self.waiting(slug, sheet.number),
                "tables": tables}, self._tag(slug, sheet.number, data)

    def save(self, slug: str, number: str, entry: dict[str, Any], if_match: str | None,
             device: str) -> Saved:
        """Write one table's entry; raise :class:`EntryRefused` with 404, 400, 412 (``if_match``
        is not the file's ETag), 422 (the build would refuse the file) or 409 (the file changed
        while the desk wrote)."""
        with self._lock_of(self.folder(slug)):
            event, sheet = self.sheet(slug, number)
            before = _bytes(sheet.path)
            if if_match is not None and if_match.strip() not in (self._tag(slug, sheet.number, before), "*"):
                raise EntryRefused(412, f"{sheet.path.name} changed since you read it: "
                                        "nothing was written; load the round again and re-enter")
            try:
                text = before.decode("utf-8")
            except UnicodeDecodeError:
                raise EntryRefused(409, f"{sheet.path.name} is not UTF-8 text; save it as UTF-8") from None
            change = sheet.enter(text, entry)
            if self.double_entry and sheet.kind == "scores":
                device = self._second(slug, sheet, change, device, before)
                if not device:
                    return Saved(change, self._tag(slug, sheet.number, before), waiting=True)
            if not self._latest(event, sheet):  # later rounds were made from this one: read them all
                _check_with(self.plugins, event.dir, [Edit(sheet.path, change.text)])
            _put(sheet.path, before, change.text, sheet.check)
            _log(sheet, device, change)
            return Saved(change, self._tag(slug, sheet.number, change.text.encode("utf-8")))

    def _latest(self, event: Event, sheet: ResultSheet) -> bool:
        """Whether ``sheet`` is the round being played. A result of an earlier round may change
        what later rounds were made from (a mahjong cut, and so the next round's seating), so
        the championship is then read whole with it, as the build will."""
        current = self.plugins.hook.publisher_results_sheet(event=event, round=None)
        return current is not None and current.number == sheet.number

    def _tag(self, slug: str, number: int, data: bytes) -> str:
        """The round's ETag: of its result file's bytes, and under double entry of the entries
        waiting for their second too (a page polling sees a first entry come and go)."""
        if not self.double_entry:
            return etag(data)
        return etag(data + json.dumps(sorted(self.waiting(slug, number).items())).encode("utf-8"))

    def waiting(self, slug: str, number: int) -> dict[str, str]:
        """The tables of a round entered once, awaiting their second entry: table -> device."""
        held = list(self._first.items())  # one copy: saves of other championships run meanwhile
        return {table: device for (s, n, table), (device, _) in held if (s, n) == (slug, number)}

    def _second(self, slug: str, sheet: ResultSheet, change: Change, device: str, before: bytes) -> str:
        """Double entry: the devices that entered the same ("desk 2 + desk 3") when this entry
        agrees with the first; "" when it is the first (checked, kept, not written). Two entries
        that differ are both dropped, and the slip is entered twice again."""
        key = (slug, sheet.number, change.table)
        first = self._first.get(key)
        if first is None:
            _put(sheet.path, before, change.text, sheet.check, write=False)  # refused now, not later
            self._first[key] = (device, change.new)
            return ""
        if first[0] == device:
            raise EntryRefused(409, f"{change.table} was entered by this device already: a second helper "
                                    "enters the slip too, and the two must agree")
        del self._first[key]
        if first[1] != change.new:
            raise EntryRefused(409, f"{change.table}: the two entries differ ({first[0]}: {first[1]}; "
                                    f"{device}: {change.new}): nothing was written; check the slip and "
                                    "enter it twice again")
        return f"{first[0]} + {device}"

    def make_next(self, slug: str, number: str, device: str) -> str:
        """Pair or draw the round after round ``number`` as the system's command does; what the
        command prints. 409 with the command's refusal (a result still missing)."""
        with self._lock_of(self.folder(slug)):
            _, sheet = self.sheet(slug, number)
            label = sheet.next_round()
            if label is None:
                raise EntryRefused(409, f"round {sheet.number} is not the latest round, or the last")
            try:
                said = sheet.make_next_round()
            except ContentError as error:
                raise EntryRefused(409, " ".join(report_lines(error.problems)[:3])) from None
            _log(sheet, device, Change("", "", "", label.lower()))
            return said

    def withdraw(self, slug: str, number: str, player: str, reason: str, device: str) -> str:
        """Withdraw ``player`` from the rounds after round ``number``, in the files the system's
        own docs name (event.toml's ``[macmahon] withdrawn``, a mahjong withdrawals file)."""
        with self._lock_of(self.folder(slug)):
            event, sheet = self.sheet(slug, number)
            if player not in event.players_by_id:
                raise EntryRefused(404, f"there is no player {player[:40]!r} in {event.name}")
            before: dict[Path, bytes] = {}
            edits = sheet.withdrawal(lambda path: _read(event.dir, path, before), player, reason)
            self._apply(event.dir, edits, before)
            said = f"withdrew {player} after round {sheet.number}"
            _log(sheet, device, Change("", "", "", said))
            return (f"{event.player(player).name} ({player}) is withdrawn: not in the rounds after "
                    f"round {sheet.number}")

    def add_player(self, slug: str, entry: dict[str, Any], device: str) -> str:
        """Append a late player to players.csv, in the columns it has (``id`` and ``name`` at least)."""
        with self._lock_of(self.folder(slug)):
            event = self.event(slug)
            before: dict[Path, bytes] = {}
            text = _read(event.dir, event.players_path, before)
            columns = header_of(text)
            cells = {str(k).strip().lower(): v for k, v in entry.items()}
            if not all(isinstance(v, str) and len(v) <= 200 for v in cells.values()) or not cells.get("id"):
                raise EntryRefused(400, 'send the player as players.csv writes them: {"id": "s061", '
                                        '"name": "Ana Novak", ...}, every value a text')
            unknown = [c for c in cells if c not in columns]
            if unknown:
                raise EntryRefused(400, f"players.csv has no column {', '.join(unknown)}: its columns are "
                                        f"{', '.join(columns)}")
            if cells["id"] in event.players_by_id:
                raise EntryRefused(409, f"{cells['id']} is in players.csv already")
            edits = [Edit(event.players_path, edit_csv(text, {}, [cells]))]
            self._apply(event.dir, edits, before)
            added = f"{cells.get('name') or cells['id']} ({cells['id']})"
            _log_line(event.dir / LOG, device, "", "", "", f"late player {added}")
            return f"{added} is added to players.csv"

    def _apply(self, folder: Path, edits: list[Edit], before: dict[Path, bytes]) -> None:
        """Check the championship with the edits as the build would, then write each in place.
        Only files read through ``_read`` (inside the championship's folder) are written."""
        if any(edit.path not in before for edit in edits):
            raise EntryRefused(500, "a plugin asked the desk to write a file it did not read")
        _check_with(self.plugins, folder, edits)
        for edit in edits:
            _put(edit.path, before[edit.path], edit.text)

    def _folders(self) -> list[Path]:
        """The championship folders; 409 while the content folder itself has a mistake."""
        try:
            return event_dirs(self.content)
        except ContentError as error:
            raise EntryRefused(409, " ".join(report_lines(error.problems)[:3])) from None

    def _lock_of(self, folder: Path) -> threading.Lock:
        """One lock per championship: a save reads the event, which reads every round file."""
        with self._guard:
            return self._locks.setdefault(folder, threading.Lock())


def _bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b""


def _put(path: Path, before: bytes, text: str, check: Callable[[Path], None] | None = None,
         write: bool = True) -> None:
    """Write ``text`` beside ``path``, check it (``check``: the sheet's reader), then put it in
    place in one rename, unless the file is no longer ``before`` (an editor saved meanwhile);
    ``write=False`` only checks."""
    staging = path.with_name(f".{path.name}.desk.tmp")
    try:
        _stage(staging, path, text)
        if check is not None:
            try:
                check(staging)
            except ContentError as error:
                problems = [replace(p, file=path) if p.file == staging else p for p in error.problems]
                raise EntryRefused(422, " ".join(report_lines(problems))) from None
        if not write:
            return
        if _bytes(path) != before:
            raise EntryRefused(409, f"{display_path(path)} was saved by someone else (an editor?) while "
                                    "the desk wrote: nothing was written; load the round again")
        os.replace(staging, path)
    except OSError as error:  # a full disk, a folder the desk may not write into
        raise EntryRefused(500, f"cannot write {display_path(path)}: {error.strerror or error}; "
                                "nothing was written") from None
    finally:
        staging.unlink(missing_ok=True)


def _stage(staging: Path, path: Path, text: str) -> None:
    """The new text beside the file, on disk, with the file's permissions."""
    with open(staging, "wb") as out:
        out.write(text.encode("utf-8"))
        out.flush()
        os.fsync(out.fileno())
    if path.exists():
        os.chmod(staging, path.stat().st_mode & 0o7777)


def _check_with(plugins: pluggy.PluginManager, folder: Path, edits: list[Edit]) -> None:
    """Read the championship as the build does with ``edits`` in place, from a copy of its folder
    in a temporary folder (the watcher never sees it); 422 with the build's problems, named
    by the championship's own files."""
    with tempfile.TemporaryDirectory(prefix="publisher-desk-") as temporary:
        copy = Path(temporary) / folder.name
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns(LOG, ".*"))
        for edit in edits:
            (copy / edit.path.relative_to(folder)).write_text(edit.text, encoding="utf-8", newline="")
        try:
            load_event(plugins, copy)
        except ContentError as error:
            problems = [replace(p, file=folder / p.file.relative_to(copy)) if p.file.is_relative_to(copy)
                        else p for p in error.problems]
            raise EntryRefused(422, " ".join(report_lines(problems)[:5])) from None


def _read(folder: Path, path: Path, before: dict[Path, bytes]) -> str:
    """The text of a file of the championship (``""`` if missing), its bytes kept in ``before``
    to see whether an editor saves it before the desk writes."""
    if not path.resolve().is_relative_to(folder.resolve()):
        raise EntryRefused(404, "the desk writes only inside the championship's folder")
    before[path] = data = _bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise EntryRefused(409, f"{path.name} is not UTF-8 text; save it as UTF-8") from None


def _log(sheet: ResultSheet, device: str, change: Change) -> None:
    """Append the change to the championship's desk-log.csv."""
    _log_line(sheet.path.parent.parent / LOG, device, str(sheet.number), change.table, change.old, change.new)


def _log_line(log: Path, device: str, number: str, table: str, old: str, new: str) -> None:
    """One line of a desk-log.csv (its header first if it is new)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if not log.exists():
        writer.writerow(LOG_HEADER)
    writer.writerow([dt.datetime.now().astimezone().isoformat(timespec="seconds"), device,
                     number, table, old, new])
    try:
        with open(log, "a", encoding="utf-8", newline="") as out:
            out.write(buffer.getvalue())
    except OSError as error:
        raise EntryRefused(500, f"written, but {display_path(log)} could not be appended: "
                                f"{error.strerror or error}") from None

"""Rebuilding the site while organisers type: watch the content, debounce, rebuild, never die.

Editors and spreadsheets save in several steps (write a temporary file, rename
it over the old one, touch the folder), so one save is many file-system events:
the watcher publishes a build only once the folders have been quiet for
``debounce`` seconds, and only if nothing changed after the build began to read
them. It starts that build at the first event, while it waits: an editor's
atomic save is whole when its rename is seen, and its build is then ready as
soon as it is done, not a debounce later. When more events come (a spreadsheet
writing in steps), that first build is dropped unpublished, and the watcher
waits for the quiet before building again, as it always did after a dropped
build, so a save that goes on for a while costs one extra build, not one per
event. The :class:`~publisher.build.builder.Builder` re-renders only the
championships whose folder changed. A build that fails leaves the last good
site published; its problems are kept in :class:`BuildStatus` (for the console
and the live-reload server) until the next good save.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import stat
import threading
import time
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path

from watchdog.events import (
    EVENT_TYPE_ATTRIB,
    EVENT_TYPE_CREATED,
    EVENT_TYPE_DELETED,
    EVENT_TYPE_MODIFIED,
    EVENT_TYPE_MOVED,
    DirAttribEvent,
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileAttribEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from publisher.build.builder import Builder, BuildReport, Superseded
from publisher.content.folders import is_not_content
from publisher.failures import describe_failure, is_user_mistake
from publisher.live.status import BuildStatus
from publisher.problems import OutputError

DEBOUNCE = 0.1
# A burst that never pauses (a script writing a whole archive) still gets a build this often.
LONGEST_WAIT = 1.0
# How often the watcher checks that the folders it watches are still the same folders
# (``rm -rf content; cp -r backup content`` or an atomic swap leaves a watch on a ghost).
ROOT_CHECK = 0.5
# Quiet after a build before the cycle collector's full pass over what the builder keeps.
# A federation's archive keeps about a million objects: a full pass takes half a second
# or more, which a save must not wait for. After each build everything alive is frozen
# (``gc.freeze``), so the collections during the next build walk only what it made; the
# full pass, which frees what the builds let go in cycles, waits for the folders to rest,
# and comes at most once every TIDY_EVERY seconds (a day of saves is hundreds of builds,
# and what they let go in cycles is little).
TIDY_AFTER = 3.0
TIDY_EVERY = 60.0
# Opened/closed events are left out: the build itself opens every content file. Attribute
# changes count: ``touch`` and ``chmod`` (a fixed permission) are worth a rebuild.
_CHANGES = {EVENT_TYPE_CREATED, EVENT_TYPE_DELETED, EVENT_TYPE_MODIFIED, EVENT_TYPE_MOVED,
            EVENT_TYPE_ATTRIB}
# The same, asked of the kernel: without a filter inotify also reports every file and
# folder the build opens and closes, and the fingerprint of a thousand championships'
# folders at every build made thousands of events for the observer's thread to turn
# down, a third more time on each save.
_WATCHED = [FileCreatedEvent, DirCreatedEvent, FileDeletedEvent, DirDeletedEvent, FileModifiedEvent,
            FileMovedEvent, DirMovedEvent, FileAttribEvent, DirAttribEvent]
class _Changes(FileSystemEventHandler):
    """Turns file-system events into "something changed" for the watcher."""

    def __init__(self, notify: Callable[[], None], ignored: list[Path]):
        self.notify = notify
        self.ignored = ignored
        self.own_output = _own_output()

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type not in _CHANGES:
            return
        if event.is_directory and event.event_type == EVENT_TYPE_MODIFIED:
            return
        paths = [event.src_path, getattr(event, "dest_path", "")]
        if any(self._relevant(Path(_text(p))) for p in paths if p):
            self.notify()

    def _relevant(self, path: Path) -> bool:
        if is_not_content(path) or self._is_own_output(path):
            return False
        return not any(path == d or d in path.parents for d in self.ignored)

    def _is_own_output(self, path: Path) -> bool:
        """The file this process's console is redirected to, whatever its name."""
        if not self.own_output:
            return False
        try:
            st = path.stat()
        except OSError:
            return False
        return (st.st_dev, st.st_ino) in self.own_output


def _own_output() -> set[tuple[int, int]]:
    """The files (device, inode) that stdout and stderr write to, when they are files."""
    found = set()
    for fd in (1, 2):
        try:
            st = os.fstat(fd)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            found.add((st.st_dev, st.st_ino))
    return found


def _text(path: str | bytes) -> str:
    return path.decode() if isinstance(path, bytes) else path


class Watcher:
    """Builds once, then rebuilds on every (debounced) change until :meth:`stop`.

    ``log`` receives one line per build (or a block of problems); the watcher
    thread survives every error, including bugs in plugins and templates.
    """

    def __init__(self, builder: Builder, status: BuildStatus | None = None,
                 log: Callable[[str], None] = print, debounce: float = DEBOUNCE,
                 after_build: Callable[[BuildReport], None] | None = None):
        self.builder = builder
        self.after_build = after_build  # told of every good build (live publishing); must not block
        self.status = status or BuildStatus()
        self.log = log
        self.debounce = debounce
        self._lock = threading.Lock()
        self._pending = threading.Event()
        self._idle = threading.Event()
        self._stopping = threading.Event()
        self._first_change = self._last_change = 0.0
        self._built_at: float | None = None  # when the last build ended, until the collector's full pass
        self._tidied_at = time.monotonic()  # when the collector's full pass last ran (or the watcher began)
        self._changes = 0  # events seen so far: a build compares it before and after
        self._observer = Observer()
        self._handler: _Changes | None = None
        self._roots: dict[Path, tuple[ObservedWatch | None, tuple[int, int, int] | None]] = {}
        self._thread = threading.Thread(target=self._loop, name="publisher-watch", daemon=True)

    def start(self) -> bool:
        """Build once and start watching; False if the content is broken (watching goes on).

        Raises OutputError, watching nothing, if ``out`` holds files the publisher did
        not write: that is no typo a save can mend.
        """
        # watchdog warns when a folder and its subfolders appear at once (a new championship
        # copied in); it watches them all the same, and the director needs no traceback of it.
        warnings.filterwarnings("ignore", r"Callback with id .* already exists", RuntimeWarning)
        self._handler = _Changes(self._changed, [self.builder.out.resolve()])
        for folder in _outermost(self.builder.watched_dirs()):
            self._roots[folder] = (self._schedule(folder), _identity(folder))
        self._observer.start()
        try:
            ok = self.rebuild(refuse_output=True)
        except OutputError:
            self._observer.stop()
            self._observer.join(timeout=5)
            raise
        self._thread.start()
        return ok

    def stop(self) -> None:
        self._stopping.set()
        self._pending.set()
        self._observer.stop()
        self._observer.join(timeout=5)
        if self._thread.is_alive():
            self._thread.join(timeout=30)
        gc.unfreeze()  # what was kept is the collector's again (see TIDY_AFTER)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until no change is pending and no build runs (tests, benchmarks)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._idle.wait(max(0.0, deadline - time.monotonic())) and not self._pending.is_set():
                return True
            time.sleep(0.005)
        return False

    def rebuild(self, refuse_output: bool = False,
                ready: Callable[[], bool] | None = None) -> bool | None:
        """Build now; report the outcome to the log and the status. With ``ready`` (see
        :meth:`Builder.build`), a build, good or failed, whose content changed again while
        it was read is dropped without a word and None returned: the next one tells.

        Never raises, except the OutputError of an ``out`` that is not ours when
        ``refuse_output`` (the first build) asks for it.
        """
        self._idle.clear()
        try:
            report = self.builder.build(ready)
        except Superseded:
            return None
        except Exception as error:  # the watcher must outlive every failed build
            if refuse_output and isinstance(error, OutputError):
                raise
            if ready is not None and not ready():
                return None  # read half-saved: the rest of the save is on its way
            text = describe_failure(error)
            if not is_user_mistake(error):
                text += "\n" + "".join(traceback.format_exception(error)).rstrip()
            self.status.failed(text)
            self.log(f"[{_clock()}] Build failed; the site still shows the last good build.\n"
                     + "\n".join(f"  error: {line}" for line in text.splitlines())
                     + "\n  Fix the file and save: the site follows on the next good build.")
            return False
        else:
            self.status.succeeded(report)
            for warning in report.warnings:
                self.log(f"  warning: {warning}")
            self.log(f"[{_clock()}] {_rebuilt(report)}")
            if self.after_build is not None:
                self.after_build(report)
            return True
        finally:
            gc.freeze()  # see TIDY_AFTER
            self._built_at = time.monotonic()
            self._idle.set()

    def _changed(self) -> None:
        now = time.monotonic()
        with self._lock:
            if not self._pending.is_set():
                self._first_change = now
            self._last_change = now
            self._changes += 1
            self._pending.set()

    def _loop(self) -> None:
        early = True  # whether the next build may start before the folders are quiet
        while not self._stopping.is_set():
            if not self._pending.wait(ROOT_CHECK):
                self._check_roots()
                self._tidy()
                continue
            if self._stopping.is_set():
                return
            if not early:
                self._settle()
            self._idle.clear()
            with self._lock:
                self._pending.clear()
                seen = self._changes
            outcome = self.rebuild(ready=functools.partial(self._quiet_since, seen) if early else None)
            early = outcome is not None

    def _quiet_since(self, seen: int) -> bool:
        """Wait until the folders were quiet for ``debounce``; True if no event came since
        the ``seen``-th, False at once when one did (or the watcher stops)."""
        while not self._stopping.is_set():
            with self._lock:
                if self._changes != seen:
                    return False
                quiet = self._last_change + self.debounce - time.monotonic()
                if quiet <= 0:
                    return True
            self._stopping.wait(quiet)
        return False

    def _schedule(self, folder: Path) -> ObservedWatch:
        assert self._handler is not None
        return self._observer.schedule(self._handler, str(folder), recursive=True, event_filter=_WATCHED)

    def _tidy(self) -> None:
        """The collector's full pass, once the folders rested TIDY_AFTER seconds after a build
        and TIDY_EVERY seconds went by since the last."""
        now = time.monotonic()
        if (self._built_at is not None and now - self._built_at >= TIDY_AFTER
                and now - self._tidied_at >= TIDY_EVERY):
            self._tidied_at = now
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self._built_at = None

    def _check_roots(self) -> None:
        """Watch a watched folder again if it was replaced (deleted and made anew, or swapped
        by a rename), and rebuild: the old watch follows a folder that is gone."""
        for folder, (watch, identity) in list(self._roots.items()):
            now = _identity(folder)
            if now == identity:
                continue
            if watch is not None:
                with contextlib.suppress(KeyError, OSError):
                    self._observer.unschedule(watch)
            try:
                watch = self._schedule(folder) if now else None
            except OSError:
                watch, now = None, None  # not there yet: tried again at the next check
            self._roots[folder] = (watch, now)
            self._changed()

    def _settle(self) -> None:
        """Sleep until the folders were quiet for ``debounce`` (at most LONGEST_WAIT)."""
        while not self._stopping.is_set():
            with self._lock:
                now = time.monotonic()
                quiet = self._last_change + self.debounce - now
                if quiet <= 0 or now - self._first_change >= LONGEST_WAIT:
                    return
            self._stopping.wait(quiet)


def _identity(folder: Path) -> tuple[int, int, int] | None:
    """Which folder is at ``folder`` now. The change time is part of it, since a folder
    made anew may get the inode number of the one just deleted; it also changes when a
    file of the folder itself is added or renamed, and watching again then costs little."""
    try:
        st = folder.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_ctime_ns)


def _outermost(folders: list[Path]) -> list[Path]:
    """Each folder once, leaving out those inside another (one recursive watch covers them)."""
    resolved = sorted({f.resolve() for f in folders if f.is_dir()})
    return [f for f in resolved if not any(o in f.parents for o in resolved)]


def _rebuilt(report: BuildReport) -> str:
    what = ", ".join(report.rebuilt) if report.rebuilt else "archive pages only"
    return (f"Rebuilt {what}: {report.stats.written} written, {report.stats.removed} removed, "
            f"{report.stats.unchanged} unchanged in {report.seconds:.2f} s")


def _clock() -> str:
    return time.strftime("%H:%M:%S")

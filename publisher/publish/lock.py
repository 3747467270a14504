"""The lock that keeps two publishes to one target apart.

A director who runs ``publisher publish`` twice, or a second laptop publishing to the
same host, would mix two sites' files and manifests. A publish first creates
``.publisher-lock.json`` at the target's root, exclusively (the target's
:meth:`~publisher.publish.targets.Target.create`), naming its host, process and start;
a second publish that finds it stops, saying who holds it since when. A lock whose
process is gone (on this machine), or older than :data:`STALE_AFTER`, is taken over; so
that a long first upload over a hall's Wi-Fi is never taken for one left behind, a publish
writes its lock again every :data:`RENEW_EVERY` seconds while it sends (:class:`Lease`).
The lock is removed when the publish ends, failed or not; it is never a file of the site.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from publisher.build.output import process_running
from publisher.publish.targets import Headers, Target

LOCK_NAME = ".publisher-lock.json"
# A lock older than this is taken for one left by a publish that will never end.
STALE_AFTER = 3600.0
# How often a running publish writes its lock again, far within STALE_AFTER.
RENEW_EVERY = 300.0
LOCK_HEADERS = Headers("application/json; charset=utf-8", "no-cache")


@dataclass(frozen=True)
class Holder:
    """Who holds a lock: the machine, the process and since when (seconds since the epoch)."""

    host: str
    pid: int
    since: float

    @classmethod
    def this_process(cls) -> Holder:
        return cls(socket.gethostname(), os.getpid(), time.time())

    def dumps(self) -> bytes:
        return json.dumps({"host": self.host, "pid": self.pid, "since": self.since}).encode()

    @classmethod
    def loads(cls, data: bytes) -> Holder | None:
        """The holder a lock file names; None for a file that is not a lock."""
        try:
            found = json.loads(data.decode("utf-8"))
            return cls(str(found["host"]), int(found["pid"]), float(found["since"]))
        except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
            return None

    def __str__(self) -> str:
        since = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.since))
        return f"process {self.pid} on {self.host}, since {since}"


def take_lock(target: Target, warn: Callable[[str], None]) -> bytes:
    """Create the target's lock, taking over one left behind (telling ``warn`` why); raise the
    one line naming the holder when another publish runs. The lock's bytes are returned, for
    :func:`release_lock`."""
    mine = Holder.this_process().dumps()
    while not target.create(LOCK_NAME, mine, LOCK_HEADERS):
        found = target.read(LOCK_NAME)
        if found is None:
            continue  # released meanwhile
        holder = Holder.loads(found)
        reason = _left_behind(holder)
        if reason is None:
            raise target.fail(f"another publish is under way there ({holder}); wait for it to end, "
                              f"or remove {LOCK_NAME} from the target if that publish was stopped")
        if reason:
            warn(reason)
        target.delete(LOCK_NAME)
    return mine


def _left_behind(holder: Holder | None) -> str | None:
    """Why a lock may be taken over ("" when it is this process's own, left by a publish of it
    that failed), or None while its publish may still run."""
    if holder is None:
        return f"warning: taking over a {LOCK_NAME} that is not a lock the publisher wrote"
    if holder.host == socket.gethostname():
        if holder.pid == os.getpid():
            return ""
        if not process_running(holder.pid):
            return f"note: taking over the lock of {holder}: that process is no longer running"
    if time.time() - holder.since > STALE_AFTER:
        return (f"warning: taking over the lock of {holder}: it is over {STALE_AFTER / 60:.0f} minutes old; "
                "if that publish still runs, stop it")
    return None



class Lease:
    """This publish's lock while it runs: written again with the time now every
    :data:`RENEW_EVERY` seconds (by whichever upload comes by), unless someone took it over."""

    def __init__(self, mine: bytes):
        self.mine = mine
        self.renewed = time.monotonic()
        self._renewing = threading.Lock()

    def renew(self, target: Target) -> None:
        if time.monotonic() - self.renewed < RENEW_EVERY or not self._renewing.acquire(blocking=False):
            return
        try:
            self.renewed = time.monotonic()
            if target.read(LOCK_NAME) != self.mine:
                return  # taken over: nothing of this publish's to renew
            fresh = Holder.this_process().dumps()
            target.write(LOCK_NAME, fresh, LOCK_HEADERS)
            self.mine = fresh
        finally:
            self._renewing.release()


def release_lock(target: Target, mine: bytes) -> None:
    """Remove the lock if it is still this publish's (not one that took it over since)."""
    if target.read(LOCK_NAME) == mine:
        target.delete(LOCK_NAME)

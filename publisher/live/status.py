"""Where the live site stands, shared by the watcher, the live-reload server and live
publishing: how many builds changed the site, and the text of what is wrong while the
content (or publishing) is broken."""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from publisher.build.builder import BuildReport


@dataclass(frozen=True)
class Snapshot:
    """Where the live site stands: ``build`` counts builds that changed the site,
    ``error`` is the text of the problems while the content is broken."""

    build: int
    error: str | None
    publish_error: str | None = None  # while live publishing fails (the banner tells it)


class BuildStatus:
    """The last build's outcome, shared by the watcher thread and the server's threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._snapshot = Snapshot(0, None)

    def snapshot(self) -> Snapshot:
        with self._lock:
            return self._snapshot

    def succeeded(self, report: BuildReport) -> None:
        """A good build: count it if it changed the site, and clear the error."""
        with self._lock:
            changed = report.stats.written + report.stats.removed > 0
            self._snapshot = replace(self._snapshot, build=self._snapshot.build + changed, error=None)

    def failed(self, error: str) -> None:
        with self._lock:
            self._snapshot = replace(self._snapshot, error=error)

    def publish_outcome(self, error: str | None) -> None:
        """The last live publish: the text of its failure, or None when it went out."""
        with self._lock:
            self._snapshot = replace(self._snapshot, publish_error=error)

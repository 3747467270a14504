"""Live publishing: ``watch --publish`` and ``serve --publish`` send every good build to the host.

The watcher hands over each good build's files and goes back to the content at
once; a thread of its own publishes them. Builds that land during an upload are
coalesced (only the newest is sent next, and only one publish runs at a time), a
failed publish is retried with growing pauses, and every outcome is told on the
console and, through :class:`~publisher.live.status.BuildStatus`, in the banner of the
pages ``serve`` shows. A content mistake never reaches here: the host keeps the
last good site.
"""

from __future__ import annotations

import argparse
import threading
import time
import traceback
from collections.abc import Callable

import pluggy

from publisher.content.site_settings import read_site_settings
from publisher.failures import describe_failure, is_user_mistake
from publisher.live.status import BuildStatus
from publisher.problems import PublishError
from publisher.publish.sync import (
    LocalSite,
    SiteChanged,
    open_target,
    parse_target,
    publish,
    refuse_overlap,
)
from publisher.publish.targets import DEFAULT_JOBS, Address

FIRST_RETRY = 2.0
LONGEST_RETRY = 60.0


class LivePublisher:
    """Publishes the newest good build to ``address``, one publish at a time, until stopped."""

    def __init__(self, pm: pluggy.PluginManager, address: Address,
                 log: Callable[[str], None] = print, jobs: int = DEFAULT_JOBS,
                 on_outcome: Callable[[str | None], None] | None = None,
                 first_retry: float = FIRST_RETRY):
        self.pm, self.address, self.log, self.jobs = pm, address, log, jobs
        self.on_outcome = on_outcome or (lambda error: None)
        self.first_retry = first_retry
        self._lock = threading.Lock()
        self._newest: LocalSite | None = None
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self.publishes = 0
        self._thread = threading.Thread(target=self._loop, name="publisher-publish", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def submit(self, site: LocalSite) -> None:
        """A good build's site: published as soon as no publish runs (never blocks)."""
        with self._lock:
            self._newest = site
            self._idle.clear()
        self._wake.set()

    def stop(self, timeout: float = 30.0) -> None:
        """Stop after the publish under way, if any (a later one finishes what it left)."""
        self._stopping.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Wait until every submitted build is published or being retried (tests)."""
        return self._idle.wait(timeout)

    def _take(self) -> LocalSite | None:
        with self._lock:
            files, self._newest = self._newest, None
            self._wake.clear()
            return files

    def _loop(self) -> None:
        while not self._stopping.is_set():
            self._wake.wait()
            site = self._take()
            if site is None or self._stopping.is_set():
                continue
            self._publish(site)

    def _publish(self, site: LocalSite) -> None:
        """Publish ``site``, retrying with growing pauses; a newer build replaces it."""
        pause = self.first_retry
        while not self._stopping.is_set():
            try:
                report = publish(self.pm, self.address, site, jobs=self.jobs,
                                 warn=lambda text: self.log(f"[{_clock()}] {text}"))
            except Exception as error:  # the publisher thread outlives every failure
                # A build changed the site meanwhile: publish it at once, when it is handed over.
                if isinstance(error, SiteChanged) and self._wake.wait(5.0) and (newer := self._take()):
                    site = newer
                    continue
                text = describe_failure(error)
                if not is_user_mistake(error):
                    text += "\n" + "".join(traceback.format_exception(error)).rstrip()
                self.on_outcome(text)
                self.log(f"[{_clock()}] publish failed, retrying in {pause:.0f} s: {text}")
                self._idle.set()
                if self._stopping.wait(pause):
                    return
                pause = min(pause * 2, LONGEST_RETRY)
                site = self._take() or site
                continue
            self.publishes += 1
            self.on_outcome(None)
            if report.uploaded or report.deleted:
                self.log(f"[{_clock()}] {report.summary()}")
            with self._lock:
                if self._newest is None:
                    self._idle.set()
            return


def _clock() -> str:
    return time.strftime("%H:%M:%S")


def live_publisher(args: argparse.Namespace, status: BuildStatus) -> LivePublisher | None:
    """The live publisher ``--publish`` asks for (None without it), started; its target is
    checked before the first build, so a typo stops the command at once."""
    if args.publish is None:
        return None
    settings = read_site_settings(args.content)
    text = args.publish or settings.publish_target
    if not text:
        raise PublishError("name the target: --publish sftp://user@host/path, or write "
                           f'[publish] target = "..." in {args.content / "site.toml"}')
    address = parse_target(text, settings.publish_endpoint_url)
    refuse_overlap(address, args.content, args.out)
    if caution := open_target(args.plugins, address).caution:  # an unknown scheme is refused now
        _say(f"warning: {caution}")
    live = LivePublisher(args.plugins, address, log=_say, on_outcome=status.publish_outcome)
    live.start()
    return live


def _say(text: str) -> None:
    print(text, flush=True)

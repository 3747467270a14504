"""One build: content to events, events through the plugins, outputs to the site.

The :class:`Builder` keeps what it built, so ``watch`` re-renders only the
championships whose folder changed (and the archive pages, which are cheap);
any content change elsewhere leaves other championships' pages as they were.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import pluggy

from publisher import content
from publisher.markdown_pages import load_page
from publisher.model import Event, Site
from publisher.output import WriteStats, write_site
from publisher.plugins import systems
from publisher.problems import ContentError, Problem
from publisher.render import Renderer
from publisher.site_settings import SiteSettings, read_site_settings
from publisher.sources import readable_folder

Fingerprint = tuple[tuple[str, int, int], ...]


@dataclass
class BuiltEvent:
    fingerprint: Fingerprint
    event: Event
    files: dict[str, bytes]


@dataclass
class BuildReport:
    """What a build did, for the command line and the live-reload server."""

    events: int
    files: int
    stats: WriteStats
    rebuilt: list[str]
    seconds: float
    warnings: list[Problem] = field(default_factory=list)

    def summary(self, out: Path) -> str:
        return (f"Built {self.events} championship(s), {self.files} files into {out} "
                f"({self.stats.written} written, {self.stats.unchanged} unchanged, "
                f"{self.stats.removed} removed) in {self.seconds:.2f} s")


class Builder:
    """Builds ``content`` into ``out``; call :meth:`build` again after every change."""

    def __init__(self, pm: pluggy.PluginManager, content_dir: Path, out: Path,
                 templates: Path | None = None, force: bool = False):
        self.pm = pm
        self.content_dir = content_dir
        self.out = out
        self.force = force
        self.renderer = Renderer(pm, templates)
        self._built: dict[str, BuiltEvent] = {}
        self._written: dict[str, bytes] = {}
        self._theme: Fingerprint = ()
        self._settings = SiteSettings()

    def watched_dirs(self) -> list[Path]:
        return [self.content_dir, *self.renderer.watched_dirs()]

    def build(self) -> BuildReport:
        """Build everything; raise ContentError with every problem, leaving ``out`` untouched."""
        started = time.perf_counter()
        theme = self.renderer.fingerprint()
        if theme != self._theme:
            self._built.clear()
            self.renderer.env.cache.clear()  # a new override template shadows a cached one
            self._theme = theme
        problems: list[Problem] = []
        settings = self._read_settings(problems)
        if settings != self._settings:  # every page may show the public address
            self._built.clear()
            self._settings = settings
        files = self.renderer.static_files()  # pages link to the assets' hashed names
        built: dict[str, BuiltEvent] = {}
        rebuilt: list[str] = []
        for folder in content.event_dirs(self.content_dir):
            fingerprint = _fingerprint(folder)
            previous = self._built.get(folder.name)
            if previous and previous.fingerprint == fingerprint:
                built[folder.name] = previous
                continue
            try:
                built[folder.name] = self._build_event(folder, fingerprint)
                rebuilt.append(folder.name)
            except ContentError as error:
                problems.extend(error.problems)
        site = self._site([b.event for b in built.values()], problems)
        if problems:
            raise ContentError(problems)
        for item in built.values():
            files.update(item.files)
        outputs = [o for outs in self.pm.hook.publisher_site_pages(site=site) for o in outs]
        files.update(self.renderer.render_all(outputs, site, None))
        files = dict(sorted(files.items()))
        stats = write_site(self.out, files, force=self.force, previous=self._written)
        self._built, self._written = built, files
        warnings = [w for item in built.values() for w in item.event.warnings]
        return BuildReport(len(built), len(files), stats, rebuilt,
                           time.perf_counter() - started, warnings)

    def _read_settings(self, problems: list[Problem]) -> SiteSettings:
        try:
            return read_site_settings(self.content_dir)
        except ContentError as error:
            problems.extend(error.problems)
            return SiteSettings()

    def _site(self, events: list[Event], problems: list[Problem]) -> Site:
        site = Site(content_dir=self.content_dir, events=sorted(events, key=_newest_first),
                    url=self._settings.url)
        front = self.content_dir / "index.md"
        if front.is_file():
            try:
                page = load_page(front)
                site.front_html, site.front_title = page.html, page.title
            except ContentError as error:
                problems.extend(error.problems)
        return site

    def _build_event(self, folder: Path, fingerprint: Fingerprint) -> BuiltEvent:
        event = load_event(self.pm, folder)
        outputs = [o for outs in self.pm.hook.publisher_event_pages(event=event) for o in outs]
        site = Site(content_dir=self.content_dir, events=[event], url=self._settings.url)
        files = self.renderer.render_all(outputs, site, event, prefix=event.slug)
        return BuiltEvent(fingerprint, event, files)


def load_event(pm: pluggy.PluginManager, folder: Path) -> Event:
    """Read one championship and let the plugins load and compute it, as a build does.

    Commands that act on one event (``pair``, ``draw``) start from this. A folder whose
    event.toml names a live ``source`` is read from that file (:mod:`publisher.sources`).
    """
    with readable_folder(pm, folder) as readable:
        event = content.load_event(readable.folder, set(systems(pm)))
        pm.hook.publisher_load_event(event=event)
        pm.hook.publisher_compute_event(event=event)
        event.status = pm.hook.publisher_event_status(event=event) or ""
        event.live = pm.hook.publisher_live_view(event=event)
        event.record = pm.hook.publisher_archive_record(event=event)
        event.schedule = pm.hook.publisher_event_schedule(event=event) or []
    for note in readable.notes:
        event.warn(note, file=readable.source)
    return event


def _newest_first(event: Event) -> tuple:
    return (-event.start.toordinal(), -event.end.toordinal(), event.slug)


def _fingerprint(folder: Path) -> Fingerprint:
    """Changes whenever a file of the championship folder is added, removed or edited."""
    return tuple(
        (p.relative_to(folder).as_posix(), st.st_mtime_ns, st.st_size)
        for p in sorted(folder.rglob("*")) if p.is_file()
        for st in [p.stat()]
    )

"""One build: content to events, events through the plugins, outputs to the site.

The :class:`Builder` keeps, between the builds of one process (``watch``), what a
later build needs and no page's bytes: each championship's folder fingerprint,
its computed event and a digest of what each of its pages was rendered from.
A championship whose folder did not change is not read again and its files are
kept as they are; in one that changed, only pages whose inputs changed are
rendered again (see :mod:`publisher.pagekeys`); the archive's own pages are asked
for only when a championship, the theme or the top of the content folder changed.
Pages are written as they are rendered, compared with the site's manifest by hash
(see :mod:`publisher.output`).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pluggy

from publisher import content
from publisher.manifest import Manifest
from publisher.model import Event, Site
from publisher.output import SiteWriter, WriteStats, Written, locked
from publisher.pagekeys import PageKeys
from publisher.plugins import systems
from publisher.problems import ContentError, Problem
from publisher.render import Batch, Renderer
from publisher.site_settings import SiteSettings, read_site_settings
from publisher.sources import readable_folder

Fingerprint = tuple[tuple[str, int, int, int], ...]


@dataclass
class BuiltEvent:
    """A championship as the last build left it: what it was built from, and the key of
    every page it rendered (None for pages rendered on every build of it)."""

    fingerprint: Fingerprint
    event: Event
    keys: dict[str, bytes | None] = field(default_factory=dict)


@dataclass
class BuildReport:
    """What a build did, for the command line, the live-reload server and publishing."""

    events: int
    files: int
    stats: WriteStats
    rebuilt: list[str]
    seconds: float
    warnings: list[Problem] = field(default_factory=list)
    manifest: Manifest = field(default_factory=dict)

    def summary(self, out: Path) -> str:
        return (f"Built {self.events} championship(s), {self.files} files into {out} "
                f"({self.stats.written} written, {self.stats.unchanged} unchanged, "
                f"{self.stats.removed} removed) in {self.seconds:.2f} s")


class Builder:
    """Builds ``content`` into ``out``; call :meth:`build` again after every change."""

    def __init__(self, pm: pluggy.PluginManager, content_dir: Path, out: Path,
                 templates: Path | None = None, force: bool = False, remember: bool = True):
        """``remember=False`` is for a single build (``publisher build``): it keeps nothing
        for a next build, and skips the page digests only a next build would compare."""
        self.pm = pm
        self.remember = remember
        self.content_dir = content_dir
        self.out = out
        self.force = force
        self.renderer = Renderer(pm, templates)
        self._built: dict[str, BuiltEvent] = {}
        self._written: Written | None = None
        self._theme: tuple = ()
        self._settings = SiteSettings()
        # What the archive's own pages were last made from, and their files (see _site_batch).
        self._site_inputs: tuple | None = None
        self._site_files: list[str] = []

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
        built: dict[str, BuiltEvent] = {}
        changed: dict[str, BuiltEvent] = {}
        for folder in content.event_dirs(self.content_dir):
            fingerprint = _fingerprint(folder)
            previous = self._built.get(folder.name)
            if previous and previous.fingerprint == fingerprint:
                built[folder.name] = previous
                continue
            try:
                event = load_event(self.pm, folder)
            except ContentError as error:
                problems.extend(error.problems)
                continue
            built[folder.name] = changed[folder.name] = BuiltEvent(fingerprint, event)
        site = self._site([b.event for b in built.values()], problems)
        if problems:
            raise ContentError(problems)
        with locked(self.out):
            stats, manifest = self._write(site, built, changed)
        self._built = built if self.remember else {}
        warnings = [w for item in built.values() for w in item.event.warnings]
        return BuildReport(len(built), len(manifest), stats, sorted(changed),
                           time.perf_counter() - started, warnings, manifest)

    def _write(self, site: Site, built: dict[str, BuiltEvent],
               changed: dict[str, BuiltEvent]) -> tuple[WriteStats, Manifest]:
        """Render and write every file that may have changed; keep the others."""
        writer = SiteWriter(self.out, self._written, self.force)
        try:
            batches: list[tuple[Batch, Event | None, BuiltEvent | None]] = []
            for slug, item in built.items():
                if slug not in changed and not writer.keep_group(f"{slug}/"):
                    # --out lost its files: read it again, since its computed data was let go
                    item.event = load_event(self.pm, self.content_dir / slug)
                if slug in changed or f"{slug}/" not in writer.groups:
                    batches.append((self._event_batch(item.event), item.event, item))
            site_inputs = self._site_inputs_of(built)
            if site_inputs != self._site_inputs or not writer.keep_all(self._site_files):
                site_batch = Batch([o for outs in self.pm.hook.publisher_site_pages(site=site) for o in outs])
                batches.append((site_batch, None, None))
                self._site_files = [site_batch.path(o) for o in site_batch.outputs]
            statics = self.renderer.static_files()  # pages link to the assets' hashed names
            writer.check(path for batch, _, _ in batches for path in map(batch.path, batch.outputs))
            writer.check(statics)
            for rel, data in statics.items():
                writer.add(rel, data)
            self._render_all(writer, batches, site)
            self._written = writer.commit()
            self._site_inputs = site_inputs if self.remember else None
            for item in built.values():
                # What plugins computed is only for pages; a later build reads the championship
                # again if it must render it, and a watched archive of fifty does not hold them all.
                item.event.data = {}
        except BaseException:
            writer.abort()
            self._written = None  # what --out holds is read again by the next build
            self._site_inputs = None
            raise
        return writer.stats, writer.manifest

    def _render_all(self, writer: SiteWriter, batches: list[tuple[Batch, Event | None, BuiltEvent | None]],
                    site: Site) -> None:
        """Render the batches into ``writer``: a single build of several championships
        (``publisher build``) spreads them over a process per core; the files and their
        order are the same either way. A batch that fails in a worker is rendered again
        here, so its error is raised with its whole traceback (a template's line)."""
        workers = min(os.cpu_count() or 1, len(batches) - 1)
        if self.remember or workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
            for batch, event, item in batches:
                self._render_into(writer, batch, site, event, item)
            return
        global _job
        _job = (self, writer, batches, site)
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for index, part in enumerate(pool.imap(_render_in_worker, range(len(batches)))):
                    if part is None:
                        batch, event, item = batches[index]
                        self._render_into(writer, batch, site, event, item)
                    else:
                        writer.merge(*part)
        finally:
            _job = None

    def _render_into(self, writer: SiteWriter, batch: Batch, site: Site, event: Event | None,
                     item: BuiltEvent | None) -> None:
        for rel, data in self._render(writer, batch, site, event, item):
            writer.add(rel, data)

    def _event_batch(self, event: Event) -> Batch:
        outputs = [o for outs in self.pm.hook.publisher_event_pages(event=event) for o in outs]
        return Batch(outputs, prefix=event.slug)

    def _render(self, writer: SiteWriter, batch: Batch, site: Site, event: Event | None,
                item: BuiltEvent | None) -> Iterator[tuple[str, bytes]]:
        """The files of ``batch`` whose inputs changed since the last build, rendered."""
        page_site = site if event is None else Site(self.content_dir, [event], url=site.url)
        keys = (PageKeys(batch, page_site, event, self._theme, item.fingerprint)
                if item is not None and self.remember else None)
        previous = self._built.get(event.slug).keys if event is not None and event.slug in self._built else {}
        for output in batch.outputs:
            rel = batch.path(output)
            key = keys.key(output) if keys else None
            if item is not None:
                item.keys[output.path] = key
            if key is not None and previous.get(output.path) == key and writer.keep(rel):
                continue
            yield rel, self.renderer.render(output, batch, page_site, event)

    def _site_inputs_of(self, built: dict[str, BuiltEvent]) -> tuple:
        """What the archive's own pages (``publisher_site_pages``) are made from: the theme,
        the files at the top of the content folder (site.toml, the front page) and every
        championship's folder. While it stays the same, so do those pages, and a build
        keeps them without asking the plugins for them (a no-change build of a big
        archive would otherwise spend its time there)."""
        return (self._theme, _fingerprint(self.content_dir, recurse=False),
                tuple((slug, item.fingerprint) for slug, item in built.items()))

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
            from publisher.markdown_pages import load_page  # Markdown: only for a front page

            try:
                page = load_page(front)
                site.front_html, site.front_title = page.html, page.title
            except ContentError as error:
                problems.extend(error.problems)
        return site


# What a forked render worker works on: (builder, writer, batches, site), set by the parent.
_job: tuple | None = None


def _render_in_worker(index: int) -> tuple | None:
    """Render batch ``index`` of the parent's job into its staging folder; returns the
    writer's part (see SiteWriter.merge), or None if it failed (the parent retries it)."""
    assert _job is not None
    builder, writer, batches, site = _job
    batch, event, item = batches[index]
    writer.start_part()
    try:
        builder._render_into(writer, batch, site, event, item)
    except Exception:
        return None
    return writer.part()


def load_event(pm: pluggy.PluginManager, folder: Path) -> Event:
    """Read one championship and let the plugins load and compute it, as a build does.

    Commands that act on one event (``pair``, ``draw``) start from this. A folder whose
    event.toml names a live ``source`` is read from that file (:mod:`publisher.sources`).
    ``.`` (the director inside the folder) is the folder by its name, which is the slug.
    """
    folder = Path(os.path.abspath(folder))
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


def _fingerprint(folder: Path, recurse: bool = True) -> Fingerprint:
    """Changes whenever a file of the championship folder (or, ``recurse=False``, a file
    directly in it) is added, removed, edited, touched or has its permissions changed (a
    fix of permissions is worth a rebuild); logs and editors' temporary files are no part
    of it. Read with scandir: a no-change build of a big archive looks at every folder."""
    found = []
    pending = [(folder, "")]
    while pending:
        here, prefix = pending.pop()
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue  # an unreadable folder: reading the championship tells what is wrong
        for entry in entries:
            if recurse and entry.is_dir(follow_symlinks=False):
                pending.append((Path(entry.path), f"{prefix}{entry.name}/"))
            elif entry.is_file() and not content.is_not_content(Path(entry.name)):
                try:
                    st = entry.stat()
                except OSError:
                    continue  # removed while we looked: the next build sees it gone
                found.append((prefix + entry.name, st.st_mtime_ns, st.st_size, st.st_mode))
    return tuple(sorted(found))

"""One build: content to events, events through the plugins, outputs to the site.

The :class:`Builder` keeps, between the builds of one process (``watch``), what a
later build needs and no page's bytes: each championship's folder fingerprint,
its summary (:mod:`publisher.build.summary`) and a digest of what each of its pages
was rendered from, and the :class:`~publisher.build.kept.Kept` it hands to the readers
and plugins (where the rule for when a kept thing still holds is written).
A championship whose folder did not change is not read again and its files are
kept as they are; in one that changed, only pages whose inputs changed are
rendered again (see :mod:`publisher.build.pagekeys`); the archive's own pages are asked
for only when a championship, the theme or the top of the content folder changed.
Pages are written as they are rendered, compared with the site's manifest by hash
(see :mod:`publisher.build.output`).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pluggy

from publisher.build.fragments import Fragments
from publisher.build.kept import Kept
from publisher.build.loading import load_event
from publisher.build.manifest import Entry, Manifest
from publisher.build.output import SiteWriter, WriteStats, Written, cache_dir, locked
from publisher.build.pagekeys import KeptKeys, PageKeys
from publisher.build.record import BuiltEvent, Fingerprint, Record, RecordCache
from publisher.build.render import Batch, Renderer
from publisher.build.summary import summary
from publisher.build.versions import Versions
from publisher.build.workers import cores, forked_map
from publisher.content.folders import event_dirs, is_not_content
from publisher.content.site_settings import SiteSettings, read_site_settings
from publisher.model import Event, Site
from publisher.problems import ContentError, DiskError, Problem

# How many outputs of a championship a render worker takes at a time: enough that a part
# costs far more than its answer's trip back, few enough that both cores finish together.
PART = 32


class Superseded(Exception):
    """A build dropped before it touched the site, because its ``ready`` said the content
    changed again while it was read (see :meth:`Builder.build`)."""


@dataclass
class BuildReport:
    """What a build did, for the command line, the live-reload server and publishing."""

    events: int
    files: int
    stats: WriteStats
    rebuilt: list[str]
    seconds: float
    warnings: list[Problem] = field(default_factory=list)
    groups: dict[str, Mapping[str, Entry]] = field(default_factory=dict, repr=False)

    @property
    def manifest(self) -> Manifest:
        """Every file of the built site with its hash and size; made when asked for (to
        publish), since a no-change build of a big archive would spend its time on it."""
        return {rel: entry for files in self.groups.values() for rel, entry in files.items()}

    def summary(self, out: Path) -> str:
        return (f"Built {self.events} championship(s), {self.files} files into {out} "
                f"({self.stats.written} written, {self.stats.unchanged} unchanged, "
                f"{self.stats.removed} removed) in {self.seconds:.2f} s")


class Builder:
    """Builds ``content`` into ``out``; call :meth:`build` again after every change."""

    def __init__(self, pm: pluggy.PluginManager, content_dir: Path, out: Path,
                 templates: Path | None = None, force: bool = False, remember: bool = True,
                 cache: bool = False):
        """``remember=False`` is for a single build (``publisher build``): it keeps nothing
        in memory for a next build. With ``cache`` it keeps its record in the cache folder
        beside ``out`` instead (:mod:`publisher.build.record`) and starts from the one there:
        the next run renders only what changed. Without either, it skips the page digests
        only a next build would compare."""
        self.pm = pm
        self.remember = remember
        self.keyed = remember or cache  # pages' digests are made for a next build to compare
        self._cache = RecordCache(cache_dir(out), out, pm) if cache else None
        # What the readers and plugins keep between this builder's builds (publisher.build.kept).
        self.kept = Kept(between_builds=remember)
        self.content_dir = content_dir
        self.out = out
        self.force = force
        self.renderer = Renderer(pm, templates)
        if remember:
            self.renderer.fragments = Fragments()  # the unchanged rows of a page rendered again
        self._record = Record()  # what the last build was made from (publisher.build.record)
        # Under watch, the keys of the archive's pages made from their sources alone or summed up.
        self._kept_keys = KeptKeys(content_dir) if remember else None
        self._written: Written | None = None

    def watched_dirs(self) -> list[Path]:
        return [self.content_dir, *self.renderer.watched_dirs()]

    def build(self, ready: Callable[[], bool] | None = None) -> BuildReport:
        """Build everything; raise ContentError with every problem, leaving ``out`` untouched.

        Championships are read, rendered and written one after another, and of each only
        its summary is kept (:mod:`publisher.build.summary`), from which the
        archive's own pages are made last: a build holds one championship's computed data
        at a time, however big the archive grows.

        ``ready``, when given, is asked once everything is staged, before the site is
        touched: False drops the build (raising :class:`Superseded`), leaving ``out`` and
        what this builder remembers as they were. The watcher uses it to start building at
        the first sign of a save and still publish nothing read before the save ended."""
        with _collecting_seldom():
            return self._build(ready)

    def _build(self, ready: Callable[[], bool] | None) -> BuildReport:
        started = time.perf_counter()
        with locked(self.out) as lock:
            if self._cache is not None and not self._record.theme:
                self._record = self._recall(self._cache)
            problems: list[Problem] = []
            self._check_theme_and_settings(problems)
            folders = event_dirs(self.content_dir)
            writer = SiteWriter(self.out, self._written, self.force, lock)
            try:
                built, changed = self._write_events(writer, folders, problems)
                site = self._site([b.event for b in built.values()], problems)
                if problems:
                    raise ContentError(problems)
                site_inputs, site_keys, site_files = self._write_site(writer, site, built)
                if not self.remember:
                    self.kept.forget()  # what the archive's pages kept while they were made
                if ready is not None and not ready():
                    raise Superseded
                self._written = writer.commit()
                if self.renderer.fragments is not None:
                    self.renderer.fragments.retain(self._written)
            except (ContentError, Superseded):
                writer.abort()  # --out is as the last build left it
                raise
            except BaseException:
                writer.abort()
                self._written = None  # what --out holds is read again by the next build
                self._record.site_inputs, self._record.site_keys = None, {}
                raise
            record = Record(self._record.theme, self._record.settings, built, site_inputs, site_files,
                            site_keys, site.warnings)
            warnings = [*(w for item in built.values() for w in item.event.warnings), *site.warnings]
            warnings += self._keep(record)
        return BuildReport(len(built), sum(map(len, writer.groups.values())), writer.stats, changed,
                           time.perf_counter() - started, warnings, writer.groups)

    def _recall(self, cache: RecordCache) -> Record:
        """The last run's record, if it holds, its summaries summarised again: read from
        their files, their strings and values are each their own object, where a build's
        summaries share them; page keys are made from pickles, which tell sharing apart, so
        the archive's pages would otherwise get other keys than the same build would give."""
        record = cache.load() or Record()
        for item in record.events.values():
            item.event = summary(item.event)
        return record

    def _check_theme_and_settings(self, problems: list[Problem]) -> None:
        """Forget every championship's pages when the theme or site.toml changed (every page
        shows the theme and may show the public address)."""
        theme = self.renderer.fingerprint()
        settings = self._read_settings(problems)
        if theme != self._record.theme or settings != self._record.settings:
            self._record.events.clear()
            if self.renderer.fragments is not None:
                self.renderer.fragments.clear()  # pages' parts: a row may show either
        if theme != self._record.theme:
            self.renderer.env.cache.clear()  # a new override template shadows a cached one
            self._record.theme = theme
        self._record.settings = settings

    def _keep(self, record: Record) -> list[Problem]:
        """Remember ``record`` for the next build: in memory under ``watch``, in the cache
        folder for the next ``publisher build``. A cache the disk refuses is a warning: the
        site is built, and the next run is a full build."""
        if self._cache is not None:
            try:
                self._cache.save(record)
            except (DiskError, OSError) as error:  # its old index names the old site: it no longer holds
                cause = error.error if isinstance(error, DiskError) else error
                return [Problem(self._cache.folder, f"could not be kept ({cause.strerror or cause})",
                                "the next build renders everything again; free some space or delete "
                                "the folder")]
            except (pickle.PicklingError, TypeError, AttributeError) as error:  # a plugin's record
                return [Problem(self._cache.folder, f"could not be kept: a championship's summary does "
                                f"not pickle ({error})", "the next build renders everything again; a "
                                "plugin's record must be plain data (docs/plugins.md)")]
        self._record = record if self.remember else Record(record.theme, record.settings)
        return []

    def _write_events(self, writer: SiteWriter, folders: list[Path],
                      problems: list[Problem]) -> tuple[dict[str, BuiltEvent], list[str]]:
        """Keep the files of every championship whose folder did not change; read, render
        and write the others. Returns every championship, and the names of those whose
        folder changed. Once a problem is known, championships are only read (for their
        problems): the build will not be written."""
        statics = self.renderer.static_files()  # pages link to the assets' hashed names
        writer.check(statics)
        for rel, data in statics.items():
            writer.add(rel, data)
        kept: dict[str, BuiltEvent] = {}
        pending: list[tuple[Path, Fingerprint]] = []
        changed: list[str] = []
        for folder in folders:
            fingerprint = _fingerprint(folder)
            previous = self._record.events.get(folder.name)
            if previous is None or previous.fingerprint != fingerprint:
                changed.append(folder.name)
            elif writer.keep_group(self._groups_of(folder.name, previous), len(previous.keys)):
                if not self.remember:
                    previous.keys = {}  # a single build needs no keys of a championship it does not render
                kept[folder.name] = previous
                continue
            pending.append((folder, fingerprint))
        for (folder, _), result in zip(pending, self._read_and_write_all(writer, pending, problems),
                                       strict=True):
            if isinstance(result, BuiltEvent):
                result.event = summary(result.event, self.kept)  # what the archive's pages read, small
                kept[folder.name] = result
                if not self.remember:
                    self.kept.forget()
                    writer.pack(f"{folder.name}/")
            else:
                problems.extend(result)
        return {f.name: kept[f.name] for f in folders if f.name in kept}, changed

    def _read_and_write_all(self, writer: SiteWriter, pending: list[tuple[Path, Fingerprint]],
                            problems: list[Problem]) -> Iterator[BuiltEvent | list[Problem]]:
        """Each pending championship, read and written, in order. A single build
        (``publisher build``) uses every core: with at least as many championships as cores,
        each worker reads and writes whole championships and returns their summaries; with
        fewer, each is read here and the workers render its pages, a part each. The files
        are the same either way. A championship that fails in a worker otherwise than by its
        content is done again here, so its error is raised with its whole traceback (a
        template's line)."""
        workers = 1 if self.remember else cores()
        if workers < 2 or len(pending) < workers:
            for folder, fingerprint in pending:
                try:
                    yield self._read_and_write(writer, folder, fingerprint, not problems, workers)
                except ContentError as error:
                    yield error.problems
            return

        def task(index: int) -> tuple | None:
            """In a worker: championship ``index`` read and written into the staging folder."""
            folder, fingerprint = pending[index]
            writer.start_part()
            try:
                item = self._read_and_write(writer, folder, fingerprint)
            except ContentError as error:
                return (error.problems,)
            except Exception:
                return None
            writer.pack(f"{folder.name}/")  # a tenth of the objects to send and to hold
            return item, writer.part()

        with contextlib.closing(forked_map(task, len(pending), workers, writer.inherited)) as answers:
            for (folder, fingerprint), done in zip(pending, answers, strict=True):
                if done is None:
                    yield self._read_and_write(writer, folder, fingerprint, not problems)
                elif isinstance(done[0], BuiltEvent):
                    writer.merge(*done[1])
                    yield done[0]
                else:
                    yield done[0]

    def _read_and_write(self, writer: SiteWriter, folder: Path, fingerprint: Fingerprint,
                        render: bool = True, workers: int = 1) -> BuiltEvent:
        """Read one championship and write its files, its pages rendered by ``workers``
        forks when more than one; what plugins computed for its pages (``data``, the live
        view) is let go once they are rendered: a later build reads the championship again
        if it must render it."""
        item = BuiltEvent(fingerprint, load_event(self.pm, folder, self.kept))
        if render:
            site = self._bare_site([])
            batch = self._event_batch(item.event, site)
            writer.check(batch.path(o, code) for o, code in batch.entries)
            keys = item.keys if self.keyed else None
            if workers > 1:
                self._render_spread(writer, batch, site, item.event, workers, keys)
            else:
                self._render_into(writer, batch, site, item.event, keys)
        item.event.data, item.event.live = {}, None
        if not self.remember:
            self.kept.forget()  # files and tables kept for a later build: a single build reads each once
        return item

    def _render_spread(self, writer: SiteWriter, batch: Batch, site: Site, event: Event,
                       workers: int, keys: dict[str, bytes | None] | None) -> None:
        """Render a championship's outputs in ``workers`` forks, made after it was read (so
        nothing of it is pickled): each stages parts of PART outputs, one after another,
        and the parts are taken back in order, with their keys into ``keys``. A part that
        fails in a worker is rendered again here, to raise its error with its whole traceback."""
        parts = [slice(start, start + PART) for start in range(0, len(batch.entries), PART)]

        def task(index: int) -> tuple | None:
            """In a worker: part ``index`` rendered into the staging folder."""
            writer.start_part()
            made: dict[str, bytes | None] | None = {} if keys is not None else None
            try:
                self._render_into(writer, batch, site, event, made, parts[index])
            except Exception:
                return None
            return writer.part(), made

        with contextlib.closing(forked_map(task, len(parts), workers, writer.inherited)) as answers:
            for part, done in zip(parts, answers, strict=True):
                if done is None:
                    self._render_into(writer, batch, site, event, keys, part)
                    continue
                writer.merge(*done[0])
                if keys is not None:
                    keys.update(done[1])

    def _write_site(self, writer: SiteWriter, site: Site,
                    built: dict[str, BuiltEvent]) -> tuple[tuple, dict[str, bytes | None], list[str]]:
        """Write the archive's own pages, or keep them when what they are made from did not
        change; when it did, render only those whose keys changed (a person's page, when a
        championship of theirs changed). Returns what they were made from, their keys and
        their files."""
        inputs = self._site_inputs_of(built)
        last = self._record
        if inputs == last.site_inputs and writer.keep_all(last.site_files):
            site.warnings[:] = last.site_warnings  # what the archive's pages told, told again
            return inputs, last.site_keys, last.site_files
        answers = self.pm.hook.publisher_site_pages(site=site, kept=self.kept)
        versions = Versions(self._record.settings.languages,
                            {e.slug: e.language for e in site.events if e.language})
        batch = Batch([o for outs in answers for o in outs], versions=versions)
        files = [batch.path(o, code) for o, code in batch.entries]
        writer.check(set(files).difference(last.site_files))  # the others were checked when first written
        keys: dict[str, bytes | None] = {}
        if self._kept_keys is not None:
            self._kept_keys.start({"": inputs[1], **dict(inputs[2])})
        self._render_into(writer, batch, site, None, keys)
        return inputs, keys, files

    def _render_into(self, writer: SiteWriter, batch: Batch, site: Site, event: Event | None,
                     keys: dict[str, bytes | None] | None, part: slice = slice(None)) -> None:
        """Render ``batch`` (its ``part``) into ``writer``; with ``keys``, a dictionary that
        takes each output's key, outputs whose key is the last build's are kept as they are."""
        for rel, data in self._render(writer, batch, site, event, keys, part):
            writer.add(rel, data)

    def _event_batch(self, event: Event, site: Site) -> Batch:
        answers = self.pm.hook.publisher_event_pages(event=event, kept=self.kept, site=site)
        outputs = [o for outs in answers for o in outs]
        return Batch(outputs, prefix=event.slug, versions=self._versions(event))

    def _versions(self, event: Event) -> Versions:
        """The languages of a championship's pages: the site's, its own first."""
        own = {event.slug: event.language} if event.language else {}
        return Versions(self._record.settings.languages, own)

    def _groups_of(self, slug: str, built: BuiltEvent) -> list[str]:
        """The manifest's groups of a championship's files: its folder, and its folder under
        each other language's (publisher/build/versions.py)."""
        languages = self._versions(built.event).of(slug)
        return [f"{slug}/", *(f"{code}/{slug}/" for code in languages[1:])]

    def _render(self, writer: SiteWriter, batch: Batch, site: Site, event: Event | None,
                made: dict[str, bytes | None] | None, part: slice) -> Iterator[tuple[str, bytes]]:
        """The files of ``batch`` (of its ``part``) whose inputs changed since the last
        build, rendered; their keys go into ``made``."""
        page_site = site if event is None else self._bare_site([event])
        remembered = self._kept_keys if event is None else None
        keys = (PageKeys(batch, page_site, event, self._record.theme, remembered)
                if made is not None and self.keyed else None)
        previous = self._previous_keys(event)
        first = batch.languages[0]
        for output, language in batch.entries[part]:
            rel, name = batch.path(output, language), batch.name(output, language)
            key = keys.key(output) if keys else None
            if key is not None and language != first:
                key = hashlib.sha256(key + language.encode()).digest()  # the same inputs, another language
            if made is not None:
                made[sys.intern(name)] = key  # the same names in every championship
            if key is not None and previous.get(name) == key and writer.keep(rel):
                continue
            yield rel, self.renderer.render(output, batch, page_site, event, language)

    def _previous_keys(self, event: Event | None) -> dict[str, bytes | None]:
        """The keys of the last build's outputs of ``event`` (None: of the archive's pages)."""
        if event is None:
            return self._record.site_keys
        built = self._record.events.get(event.slug)
        return built.keys if built is not None else {}

    def _site_inputs_of(self, built: dict[str, BuiltEvent]) -> tuple:
        """What the archive's own pages (``publisher_site_pages``) are made from: the theme,
        the files at the top of the content folder (site.toml, the front page) and every
        championship's folder. While it stays the same, so do those pages, and a build
        keeps them without asking the plugins for them (a no-change build of a big
        archive would otherwise spend its time there)."""
        return (self._record.theme, _fingerprint(self.content_dir, recurse=False),
                tuple((slug, item.fingerprint) for slug, item in built.items()))

    def _read_settings(self, problems: list[Problem]) -> SiteSettings:
        try:
            return read_site_settings(self.content_dir)
        except ContentError as error:
            problems.extend(error.problems)
            return SiteSettings()

    def _bare_site(self, events: list[Event]) -> Site:
        """The archive of ``events`` with site.toml's settings and the interface's catalogs,
        without its front page."""
        settings = self._record.settings
        return Site(self.content_dir, events, url=settings.url, languages=settings.languages,
                    catalogs=self.renderer.catalog_dirs)

    def _site(self, events: list[Event], problems: list[Problem]) -> Site:
        site = self._bare_site(sorted(events, key=_newest_first))
        front = self.content_dir / "index.md"
        if front.is_file():
            from publisher.content.markdown_pages import load_page  # Markdown: only for a front page

            try:
                page = load_page(front)
                site.front_html, site.front_title = page.html, page.title
            except ContentError as error:
                problems.extend(error.problems)
        return site


@contextlib.contextmanager
def _collecting_seldom() -> Iterator[None]:
    """Let the cycle collector run every 10,000 allocations during a build instead of every
    700: a build makes millions of objects that live until its pages are written, and the
    default's ever longer walks over the loaded championships took an eighth to a fifth of
    a big build's time. Cycles (template contexts) are still collected, in bigger batches."""
    threshold = gc.get_threshold()
    gc.set_threshold(10_000, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def _newest_first(event: Event) -> tuple:
    return (-event.start.toordinal(), -event.end.toordinal(), event.slug)


@functools.lru_cache(maxsize=4096)
def _not_content(name: str) -> bool:
    """:func:`~publisher.content.folders.is_not_content` of a file name, once per name: an archive's folders
    hold the same few names (event.toml, players.csv, 1.csv...)."""
    return is_not_content(Path(name))


def _fingerprint(folder: Path, recurse: bool = True) -> Fingerprint:
    """Changes whenever a file of the championship folder (or, ``recurse=False``, a file
    directly in it) is added, removed, edited, touched or has its permissions changed (a
    fix of permissions is worth a rebuild), and when a folder inside it comes or goes (a
    folder named like a round file is a mistake to tell); logs and editors' temporary
    files are no part of it. Read with scandir: a no-change build of a big archive looks
    at every folder."""
    found = []
    pending: list[tuple[str | Path, str]] = [(folder, "")]
    while pending:
        here, prefix = pending.pop()
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue  # an unreadable folder: reading the championship tells what is wrong
        for entry in entries:
            if recurse and entry.is_dir(follow_symlinks=False):
                pending.append((entry.path, f"{prefix}{entry.name}/"))
                found.append((f"{prefix}{entry.name}/", 0, 0, 0))
            elif entry.is_file() and not _not_content(entry.name):
                try:
                    st = entry.stat()
                except OSError:
                    continue  # removed while we looked: the next build sees it gone
                found.append((prefix + entry.name, st.st_mtime_ns, st.st_size, st.st_mode))
    return tuple(sorted(found))

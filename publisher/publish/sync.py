"""``publisher publish``: the built site to a host, sending only what changed, in an order
that never shows a reader a broken page.

The target keeps ``.publisher-manifest.json`` (every path with its sha256 and size);
the publish compares it with the site, after checking it against the target's real
listing (a file someone removed or changed is sent again). Uploads go in three
waves: assets (named by content hash, so new ones never replace what old pages
use), then pages, then what readers poll or enter by (``data/*.json``, every
``index.html``); deletions come after all uploads. Before the first upload the
manifest is rewritten to mark every file being sent as unknown, then again as files
land, so a publish killed or cut off at any moment is finished by the next one, which
sends only what had not landed.
"""

from __future__ import annotations

import contextlib
import hashlib
import mimetypes
import posixpath
import queue
import re
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy

from publisher.build.assets import ASSETS_DIR, HASH_LENGTH
from publisher.build.manifest import (
    MANIFEST_NAME,
    Entry,
    Manifest,
    compare,
    dumps_manifest,
    entry_of,
    loads_manifest,
    manifest_of,
)
from publisher.build.output import read_manifest
from publisher.publish.lock import LOCK_NAME, Lease, release_lock, take_lock
from publisher.publish.progress import Progress
from publisher.publish.targets import (
    DEFAULT_JOBS,
    Address,
    Headers,
    PublishError,
    RemoteFile,
    Target,
    is_temp_name,
    parse_address,
)

LONG_CACHE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"
_TYPES = {
    ".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".mjs": "text/javascript",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml", ".txt": "text/plain", ".xml": "application/xml", ".csv": "text/csv",
    ".ics": "text/calendar", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
    ".webp": "image/webp", ".gif": "image/gif", ".ico": "image/x-icon", ".woff2": "font/woff2",
    ".pdf": "application/pdf",
}
_TEXT = re.compile(r"^(text/|application/(json|manifest\+json|xml|javascript)$|image/svg\+xml$)")
# The manifest is rewritten after every CHECKPOINT_BYTES landed, or CHECKPOINT_RATIO times its
# own size (about MANIFEST_LINE bytes a file) when that is more.
CHECKPOINT_BYTES = 256 * 1024
CHECKPOINT_RATIO = 8
MANIFEST_LINE = 100
_HASHED = re.compile(rf"\.[0-9a-f]{{{HASH_LENGTH}}}(\.[^./]+)?$")


@dataclass(frozen=True)
class LocalSite:
    """The built site to publish: its manifest, and how to read a file's bytes."""

    manifest: Manifest
    read: Callable[[str], bytes]


def site_in_memory(files: dict[str, bytes]) -> LocalSite:
    """A site a build has just made (live publishing): nothing is read back from disk."""
    return LocalSite(manifest_of(files), files.__getitem__)


def site_in_folder(out: Path) -> LocalSite:
    """The site ``publisher build`` wrote into ``out``, as the manifest it keeps there says."""
    if not out.is_dir():
        raise PublishError(f"there is no built site in {out}; build it first with "
                           f"`publisher build --out {out}`, or pass the site's folder with --out")
    manifest = read_manifest(out)
    if manifest is None:
        raise PublishError(f"{out} was not written by `publisher build` (it has no {MANIFEST_NAME}); "
                           "build the site first, or pass the built site's folder with --out")
    return built_site(out, manifest)


class SiteChanged(PublishError):
    """A file of the site changed while it was published: a build ran meanwhile."""


def built_site(out: Path, manifest: Manifest) -> LocalSite:
    """The files of ``out`` that a build listed in ``manifest``, each checked as it is read:
    a file a later build replaced stops the publish (SiteChanged), so a page is never
    sent with the assets of another build."""

    def read(path: str) -> bytes:
        try:
            data = (out / path).read_bytes()
        except OSError:
            data = None
        if data is None or entry_of(data) != manifest[path]:
            raise SiteChanged(path)
        return data

    return LocalSite(manifest, read)


@dataclass
class PublishReport:
    """What a publish sent and removed, for the console."""

    target: str
    uploaded: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    sent_bytes: int = 0
    seconds: float = 0.0
    dry_run: bool = False
    verified: int | None = None  # files whose bytes on the host were checked (--verify)
    repaired: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return self._outcome() + (f"; verified {_files(self.verified)} on the host, "
                                  f"{len(self.repaired)} differed" if self.verified is not None else "")

    def _outcome(self) -> str:
        if self.dry_run:
            return (f"would upload {_files(len(self.uploaded))} and delete "
                    f"{_files(len(self.deleted))} on {self.target} (dry run: nothing was sent)")
        if not self.uploaded and not self.deleted:
            return f"{self.target} is up to date (checked in {self.seconds:.2f} s)"
        deleted = f", deleted {_files(len(self.deleted))}" if self.deleted else ""
        return (f"published {_files(len(self.uploaded))} to {self.target}{deleted} "
                f"in {self.seconds:.2f} s")


def _files(count: int) -> str:
    return f"{count} file{'s' if count != 1 else ''}"


def target_classes(pm: pluggy.PluginManager) -> dict[str, type[Target]]:
    """Every kind of target the plugins bring, by URL scheme."""
    found: dict[str, type[Target]] = {}
    for kinds in pm.hook.publisher_publish_targets():
        found.update(kinds)
    return found


def open_target(pm: pluggy.PluginManager, address: Address) -> type[Target]:
    """The Target class for ``address``; an unknown scheme is told with the known ones."""
    kinds = target_classes(pm)
    kind = kinds.get(address.scheme or "file")
    if kind is None:
        known = ", ".join(f"{s}://" for s in sorted(kinds))
        raise PublishError(f"cannot publish to {address.display}: unknown scheme "
                           f"{address.scheme!r}; use a folder path or one of {known}")
    return kind


def publish(pm: pluggy.PluginManager, address: Address, site: LocalSite, *, jobs: int = DEFAULT_JOBS,
            force: bool = False, dry_run: bool = False, verify: bool = False,
            log: Callable[[str], None] | None = None, warn: Callable[[str], None] | None = None,
            progress: Progress | None = None) -> PublishReport:
    """Make the target hold ``site``; raise PublishError, having deleted nothing, on failure.
    ``verify`` checks the bytes of every file the host should hold already, and sends those
    that differ. ``log`` is told what a dry run would do, ``warn`` a lock taken over,
    ``progress`` how far the upload has come."""
    started = time.perf_counter()
    kind = open_target(pm, address)
    outside = _outside(site.manifest)
    if outside is not None:
        raise PublishError(f"cannot publish to {address.display}: the built site names {outside!r}, a "
                           "path outside its root; build the site again (nothing was sent)")
    report = PublishReport(address.display, dry_run=dry_run)
    pool = _Pool(kind, address, jobs if kind.concurrent else 1)
    lease: Lease | None = None
    try:
        if not dry_run:  # a dry run writes nothing, and may look while another publish runs
            [mine] = pool.first([lambda t: take_lock(t, lambda text: _say(warn, text))])
            lease = Lease(mine)
        [recorded_data, listing] = pool.first([lambda t: t.read(MANIFEST_NAME), lambda t: t.listing()])
        recorded = _recorded(address, recorded_data, force)
        leftovers = sorted(p for p in listing if is_temp_name(p))
        held = {p: f for p, f in listing.items()
                if not is_temp_name(p) and p not in (MANIFEST_NAME, LOCK_NAME)}
        if recorded is None and held and not force:
            raise PublishError(
                f"cannot publish to {address.display}: it holds {_files(len(held))} the publisher "
                f"did not write (there is no {MANIFEST_NAME}); publish to an empty folder, or pass "
                "--force to replace its contents")
        old = _verified(recorded if recorded is not None else {}, held, site, trust=recorded is not None)
        if verify:
            unsent = [p for p, entry in site.manifest.items() if old.get(p) == entry]
            report.verified, report.repaired = len(unsent), _differing(pool, unsent, held, site)
            old.update((p, Entry("", old[p].size)) for p in report.repaired)
        changes = compare(old, site.manifest)
        report.uploaded, report.deleted = _in_order(changes.uploads), changes.removed
        if dry_run:
            for path in report.uploaded:
                _say(log, f"  would upload {path}")
            for path in report.deleted:
                _say(log, f"  would delete {path}")
            return report
        if changes:
            pending = {**old, **{p: Entry("", site.manifest[p].size) for p in changes.uploads}}
            _write_manifest(pool, pending)
            landed = _Landed(pending, site.manifest, progress, lease)
            report.sent_bytes = sum(site.manifest[p].size for p in report.uploaded)
            if progress is not None:
                progress.begin(len(report.uploaded), report.sent_bytes)
            try:
                for wave in _waves(report.uploaded):
                    pool.each(wave, lambda target, path: landed.send(target, path, site.read(path)))
            finally:
                if progress is not None:
                    progress.end()
        pool.each([*report.deleted, *leftovers], lambda target, path: target.delete(path))
        if changes or recorded != site.manifest:
            _write_manifest(pool, site.manifest)
    except SiteChanged as error:
        raise SiteChanged(f"cannot publish to {address.display}: {error} changed while the site was "
                          "sent (a build ran meanwhile); publish again") from None
    finally:
        if lease is not None:
            _release(pool, lease.mine)
        pool.close()
    report.seconds = time.perf_counter() - started
    return report


def _release(pool: _Pool, lock: bytes) -> None:
    """Remove this publish's lock, failed or not; when the host cannot be reached any more, the
    lock stays, and the next publish takes it over (this process will have ended)."""
    with contextlib.suppress(PublishError):
        pool.first([lambda t: release_lock(t, lock)])


def _say(log: Callable[[str], None] | None, text: str) -> None:
    if log is not None:
        log(text)


def _recorded(address: Address, data: bytes | None, force: bool) -> Manifest | None:
    """The target's manifest; a damaged one is refused (the publisher cannot tell what the
    target holds) unless ``force`` says to replace the target's files whatever they are."""
    if data is None:
        return None
    manifest = loads_manifest(data)
    outside = _outside(manifest or {})
    if force and (manifest is None or outside is not None):
        return None
    if manifest is None:
        raise PublishError(f"cannot publish to {address.display}: its {MANIFEST_NAME} is damaged (not "
                           "a manifest the publisher can read); pass --force to send the whole site "
                           "again and rewrite it")
    if outside is not None:
        raise PublishError(f"cannot publish to {address.display}: its {MANIFEST_NAME} names {outside!r}, "
                           "a path outside the target (the publish deletes what it names); pass --force "
                           "to send the whole site again and rewrite it")
    return manifest


def _outside(manifest: Manifest) -> str | None:
    """The first path of ``manifest`` that is not a plain path below the root (absolute, with a
    ``..``, ``.`` or empty part, or a backslash, which some hosts take for a slash), or None:
    such a path would make the publish write or delete outside the target's root."""
    return next((path for path in manifest if not path or path.startswith("/") or "\\" in path
                 or "\0" in path or any(part in ("", ".", "..") for part in path.split("/"))), None)


def _verified(recorded: Manifest, held: dict[str, RemoteFile], site: LocalSite, trust: bool) -> Manifest:
    """What the target holds, as far as can be told.

    With a manifest (``trust``): its entries that the listing confirms (same size, same
    MD5 where the target gives one); a missing file is left out and a differing one kept
    with an unknown checksum, so both are sent again; files beside the site that the
    manifest does not name are someone else's and are left alone. Without a manifest:
    the listing, each file known only where its MD5 proves it equal to the site's.
    """
    found: Manifest = {}
    for path, remote in held.items():
        local = site.manifest.get(path)
        if trust:
            if path not in recorded:
                continue
            entry = recorded[path]
            proven = remote.size == entry.size and not (
                remote.md5 and local is not None and local.sha256 == entry.sha256
                and remote.md5 != _md5(site.read(path)))
        else:
            entry = local or Entry("", remote.size)
            proven = (local is not None and remote.size == local.size and remote.md5 != ""
                      and remote.md5 == _md5(site.read(path)))
        found[path] = entry if proven else Entry("", remote.size)
    return found


def _differing(pool: _Pool, paths: list[str], held: dict[str, RemoteFile], site: LocalSite) -> list[str]:
    """The files of ``paths`` whose bytes on the host are not the site's, though their size is:
    told by the MD5 the listing gave where the target has one (S3), else by downloading and
    hashing each file."""
    differ: list[str] = []

    def check(target: Target, path: str) -> None:
        if held[path].md5:
            same = held[path].md5 == _md5(site.read(path))
        else:
            data = target.read(path)
            same = data is not None and entry_of(data) == site.manifest[path]
        if not same:
            differ.append(path)  # list.append is atomic: the checks run on several threads

    pool.each(paths, check)
    return sorted(differ)


def _md5(data: bytes) -> str:
    return hashlib.md5(data, usedforsecurity=False).hexdigest()


MANIFEST_HEADERS = Headers("application/json; charset=utf-8", NO_CACHE)


def _write_manifest(pool: _Pool, manifest: Manifest) -> None:
    data = dumps_manifest(manifest)
    pool.each([MANIFEST_NAME], lambda target, path: target.write(path, data, MANIFEST_HEADERS))


class _Landed:
    """The target's manifest kept up with the uploads: every so many bytes landed, it is
    rewritten with the files that have landed since, so a publish cut off half-way costs the
    next one only what had not landed (and the last few files). Each rewrite names only
    files that landed, so a rewrite that is overtaken by another loses progress, never truth."""

    def __init__(self, pending: Manifest, site: Manifest, progress: Progress | None, lease: Lease | None):
        self.manifest, self.site, self.progress, self.lease = dict(pending), site, progress, lease
        # A rewrite every few times the manifest's own size: what it costs stays a fraction of the upload.
        self.every = max(CHECKPOINT_BYTES, CHECKPOINT_RATIO * MANIFEST_LINE * len(pending))
        self.unsaved = 0
        self.lock = threading.Lock()
        self.saving = threading.Lock()  # one rewrite at a time: they share the temporary name

    def send(self, target: Target, path: str, data: bytes) -> None:
        """Upload ``path`` and count it as landed; keep this publish's lock fresh."""
        target.write(path, data, headers_for(path))
        if self.lease is not None:
            self.lease.renew(target)
        if self.progress is not None:
            self.progress.landed(len(data))
        with self.lock:
            self.manifest[path] = self.site[path]
            self.unsaved += len(data)
            if self.unsaved < self.every or not self.saving.acquire(blocking=False):
                return
            self.unsaved, manifest = 0, dumps_manifest(self.manifest)
        try:
            target.write(MANIFEST_NAME, manifest, MANIFEST_HEADERS)
        finally:
            self.saving.release()


def wave_of(path: str) -> int:
    """0 for assets (styles, scripts, images), 1 for pages, 2 for what readers poll or enter
    by: ``data/*.json`` and every ``index.html``."""
    name = posixpath.basename(path)
    if name == "index.html" or (path.endswith(".json") and f"/{path}".rsplit("/", 2)[-2] == "data"):
        return 2
    return 1 if name.endswith(".html") else 0


def _in_order(paths: Iterable[str]) -> list[str]:
    return sorted(paths, key=lambda p: (wave_of(p), p))


def _waves(paths: list[str]) -> list[list[str]]:
    waves: list[list[str]] = [[], [], []]
    for path in paths:
        waves[wave_of(path)].append(path)
    return [w for w in waves if w]


def headers_for(path: str) -> Headers:
    """Content-Type with the charset for text; assets named by their content hash may be
    cached for a year, everything else is checked with the host on every visit."""
    extension = posixpath.splitext(path)[1].lower()
    kind = _TYPES.get(extension) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    if _TEXT.match(kind):
        kind += "; charset=utf-8"
    hashed = path.startswith(f"{ASSETS_DIR}/") and _HASHED.search(path) is not None
    return Headers(kind, LONG_CACHE if hashed else NO_CACHE)


class _Pool:
    """Up to ``size`` open connections to one target, opened only when work needs them."""

    def __init__(self, kind: type[Target], address: Address, size: int):
        self.kind, self.address, self.size = kind, address, max(1, size)
        self._idle: queue.SimpleQueue[Target] = queue.SimpleQueue()
        self._open: list[Target] = []
        self._lock = threading.Lock()
        self._shared: dict[str, Any] = {}
        self._shared_lock = threading.Lock()

    def take(self) -> Target:
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            pass
        target = self.kind(self.address, self._shared, self._shared_lock)
        with self._lock:
            self._open.append(target)
        _told(target, target.open)
        return target

    def first(self, actions: list[Callable[[Target], Any]]) -> list[Any]:
        """What ``actions`` give, run one after the other over one connection."""
        target = self.take()
        try:
            return [_told(target, lambda action=action: action(target)) for action in actions]
        finally:
            self.give(target)

    def give(self, target: Target) -> None:
        self._idle.put(target)

    def each(self, paths: list[str], action: Callable[[Target, str], None]) -> None:
        """Run ``action`` on every path, over as many connections as help; the first failure
        stops the rest and is raised."""
        if not paths:
            return

        def one(path: str) -> None:
            target = self.take()
            try:
                _told(target, lambda: action(target, path), path)
            finally:
                self.give(target)

        workers = min(self.size, len(paths))
        if workers == 1:
            for path in paths:
                one(path)
            return
        with ThreadPoolExecutor(workers, thread_name_prefix="publisher-upload") as pool:
            futures = [pool.submit(one, path) for path in paths]
            wait(futures, return_when=FIRST_EXCEPTION)
            failed = next((f for f in futures if f.done() and f.exception()), None)
            if failed is not None:
                pool.shutdown(wait=True, cancel_futures=True)
                raise failed.exception()  # type: ignore[misc]

    def close(self) -> None:
        with self._lock:
            opened, self._open = self._open, []
        for target in opened:
            target.close()


def _told(target: Target, action: Callable[[], Any], path: str = "") -> Any:
    """``action``'s result; a failure of the target's client raised as its one line, a bug as it is."""
    try:
        return action()
    except Exception as error:
        told = target.failure(error, path)
        if told is None:
            raise
        raise told from None


# -- what the command and live publishing check first ---------------------------------------

def refuse_overlap(address: Address, content: Path, out: Path) -> None:
    """A folder target must lie beside the content and the built site: publishing into either,
    or into a folder that holds them, would copy the site over the organiser's files (and
    ``--force`` would delete them)."""
    if address.scheme not in ("", "file"):
        return
    target = Path(address.path).expanduser().resolve()
    for option, folder in (("--content", content), ("--out", out)):
        here = folder.resolve()
        if target.is_relative_to(here) or here.is_relative_to(target):
            raise PublishError(f"cannot publish to {address.display}: it and {option} {folder} hold "
                               "each other; publish to a folder beside them")


def parse_target(text: str, endpoint_url: str = "") -> Address:
    """A TARGET as typed, refused when it carries a password (it would sit in the shell's
    history and the process list)."""
    address = parse_address(text, endpoint_url)
    if address.password:
        raise PublishError(
            f"cannot publish to {address.display}: the address holds a password; remove it and "
            "give it in the PUBLISHER_FTP_PASSWORD environment variable or ~/.netrc "
            "(SFTP uses your SSH keys)")
    return address

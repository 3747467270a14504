"""Stylesheets, scripts and images, each published under a name that carries its content hash.

``assets/style.css`` is written as ``assets/style.3f9a2c41.css``: a changed file is a new
address, so a host or CDN may let browsers keep an asset for a year while pages and
data files are fetched fresh, and a reader never meets a new page with an old
stylesheet. Templates link to assets through ``asset('style.css')``, which gives the
relative address of the current name, so pages keep working from a folder (file://)
and from ``publisher serve`` alike.
"""

from __future__ import annotations

import hashlib
import posixpath
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

ASSETS_DIR = "assets"
HASH_LENGTH = 8


def hashed_name(name: str, data: bytes) -> str:
    """``screens/screen.js`` -> ``screens/screen.1a2b3c4d.js``: the hash goes before the
    extension, so the file keeps its type for servers that guess it from the name."""
    folder, base = posixpath.split(name)
    stem, dot, extension = base.rpartition(".")
    digest = hashlib.sha256(data).hexdigest()[:HASH_LENGTH]
    hashed = f"{stem}.{digest}.{extension}" if dot and stem else f"{base}.{digest}"
    return posixpath.join(folder, hashed)


class UnknownAsset(jinja2.TemplateRuntimeError):
    """A template links to an asset no static folder holds (a template mistake)."""


@dataclass
class Assets:
    """The static files of one build: the name templates use -> the published path."""

    paths: dict[str, str] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)

    def path(self, name: str) -> str:
        """The published path (from the site root) of asset ``name`` (relative to ``assets/``)."""
        try:
            return self.paths[name]
        except KeyError:
            raise UnknownAsset(
                f"there is no asset {name!r}. Fix: name a file of a static folder, "
                "relative to it, like asset('style.css')") from None


def collect_assets(static_dirs: list[Path]) -> Assets:
    """Every file of the static folders; a later folder's file replaces an earlier one of
    the same name (a plugin's stylesheet over the theme's)."""
    sources: dict[str, bytes] = {}
    for folder in static_dirs:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                sources[path.relative_to(folder).as_posix()] = path.read_bytes()
    assets = Assets()
    for name, data in sorted(sources.items()):
        published = f"{ASSETS_DIR}/{hashed_name(name, data)}"
        assets.paths[name] = published
        assets.files[published] = data
    return assets

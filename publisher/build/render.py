"""Turning Page and DataFile outputs into bytes: one Jinja2 environment, autoescaped."""

from __future__ import annotations

import datetime as dt
import json
import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
import pluggy

from publisher.build.assets import Assets, collect_assets
from publisher.build.changed import last_changed
from publisher.build.qr import qr_svg
from publisher.model import DataFile, Event, File, Page, Site, made
from publisher.plugins import systems
from publisher.text import css_string


def theme_dir() -> Path:
    """The core theme: packaged inside ``publisher`` when installed, ``templates/`` in a checkout."""
    package = Path(__file__).parent.parent
    packaged = package / "theme"
    return packaged if packaged.is_dir() else package.parent / "templates"


def dumps(data: Any) -> bytes:
    """The one JSON spelling of the site: UTF-8, compact, in the data's own order. Compact,
    because phones and hall screens poll live.json and find.json all day (a third smaller
    than indented), and because only the compact form has the standard library's C encoder:
    an indented dumps is pure Python, seven times slower on a save's standings."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


@dataclass
class Batch:
    """The outputs of one championship (paths relative to its folder, ``prefix``) or of the
    archive (no prefix), with what each of their pages shows of the others: the menu and
    which pages exist."""

    outputs: list[Page | DataFile | File]
    prefix: str = ""
    nav: list[Page] = field(init=False)
    paths: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        self.paths = frozenset(o.path for o in self.outputs)
        self.nav = sorted((o for o in self.outputs if isinstance(o, Page) and o.nav),
                          key=lambda p: (p.nav_order, p.nav or ""))

    def path(self, output: Page | DataFile | File) -> str:
        """Where ``output`` goes, from the site root."""
        return posixpath.join(self.prefix, output.path) if self.prefix else output.path


class Renderer:
    """Renders outputs of the core and the plugins with the templates they registered."""

    def __init__(self, pm: pluggy.PluginManager, overrides: Path | None = None):
        self.template_dirs: list[Path] = [
            *([overrides] if overrides else []),
            *(d for dirs in reversed(pm.hook.publisher_template_dirs()) for d in dirs),
            theme_dir() / "html",
        ]
        self.static_dirs: list[Path] = [
            theme_dir() / "static",
            *(d for dirs in reversed(pm.hook.publisher_static_dirs()) for d in dirs),
        ]
        self.env = jinja2.Environment(
            loader=_Loader([str(d) for d in self.template_dirs]),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            # No look at each template file's time on every include: the Builder empties the
            # cache when a template folder changes (its fingerprint).
            auto_reload=False,
        )
        self.env.globals["systems"] = systems(pm)
        self.env.filters["dates"] = date_span
        self.env.filters["qr_svg"] = qr_svg
        # The theme puts each page's title into its style (the printed pages' running title).
        self.env.filters["css_string"] = css_string
        for filters in pm.hook.publisher_jinja_filters():
            self.env.filters.update(filters)
        self.assets: Assets = collect_assets(self.static_dirs)

    def watched_dirs(self) -> list[Path]:
        """Every folder whose files change what the renderer produces."""
        return [d for d in [*self.template_dirs, *self.static_dirs] if d.is_dir()]

    def fingerprint(self) -> tuple[tuple[str, int, int], ...]:
        """Changes whenever a template or static file is added, removed or edited."""
        return tuple(
            (str(p), st.st_mtime_ns, st.st_size)
            for d in self.watched_dirs() for p in sorted(d.rglob("*")) if p.is_file()
            for st in [p.stat()]
        )

    def static_files(self) -> dict[str, bytes]:
        """Read the static folders again and return their files under their hashed names;
        pages rendered after this link to these names."""
        self.assets = collect_assets(self.static_dirs)
        return dict(self.assets.files)

    def render(self, output: Page | DataFile | File, batch: Batch, site: Site, event: Event | None) -> bytes:
        """The bytes of one output of ``batch``."""
        if isinstance(output, DataFile):
            return dumps(made(output.data))
        if isinstance(output, File):
            return made(output.data)
        return self._page(output, batch.path(output), site, event, batch.nav, batch.prefix, batch.paths)

    def _page(self, page: Page, path: str, site: Site, event: Event | None, nav: list[Page],
              prefix: str, paths: frozenset[str]) -> bytes:
        here = posixpath.dirname(path)

        def url(target: str) -> str:
            """A link from this page to ``target`` (a path from the site root)."""
            return relative_link(target, here) if target else ""

        def asset(name: str) -> str:
            """A link from this page to asset ``name`` (``style.css``, ``screens/screen.js``)
            under its content-hashed name."""
            return url(self.assets.path(name))

        def event_url(target: str) -> str:
            """A link from this page to ``target`` inside the current championship."""
            return url(posixpath.join(prefix, target))

        def public_url(target: str) -> str:
            """The full address of ``target`` (a path from the site root) on the host
            site.toml names, or "" when it names none."""
            return site.url + quote(target) if site.url else ""

        def event_public_url(target: str) -> str:
            """The full address of ``target`` inside the current championship, or ""."""
            return public_url(posixpath.join(prefix, target))

        context: dict[str, Any] = {
            **made(page.context),
            "site": site, "event": event, "page": page, "url": url, "event_url": event_url,
            "asset": asset,
            "public_url": public_url, "event_public_url": event_public_url,
            "pages": paths,
            "nav": [_nav_item(p, page, event_url) for p in nav],
            "updated": last_changed(page, event, site),
        }
        return self.env.get_template(page.template).render(context).encode("utf-8")


class _Loader(jinja2.FileSystemLoader):
    """Reads templates like Jinja2 does, but a template that is not UTF-8 text is the
    mistake of whoever wrote it, told as a template error naming the file."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError as error:
            found = next((p for d in self.searchpath if (p := Path(d) / template).is_file()), None)
            raise jinja2.TemplateSyntaxError(
                f"the file is not UTF-8 text (byte {error.start}). Fix: save it as UTF-8", 1, template,
                str(found) if found else None) from None


def date_span(event: Event) -> str:
    """The event's days as people write them: "14–16 August 2026", "30 April – 2 May 2026"."""
    start, end = event.start, event.end
    if start == end:
        return _day(start, year=True)
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{_day(end, year=True)}"
    return f"{_day(start, year=start.year != end.year)} – {_day(end, year=True)}"


def _day(day: dt.date, year: bool) -> str:
    return f"{day.day} {day.strftime('%B')}" + (f" {day.year}" if year else "")


@lru_cache(maxsize=1 << 13)  # a championship's links; more only held memory
def relative_link(target: str, here: str) -> str:
    """The relative link from folder ``here`` to ``target``, both given from the site root.

    Pure string work, remembered: ``posixpath.relpath`` consults the working folder on
    every call, and a big championship renders tens of thousands of links, most of them
    many times (every player page links the same rounds, its menu the same pages).
    """
    if not here:
        return target
    base, parts = here.split("/"), target.split("/")
    common = 0
    while common < min(len(base), len(parts) - 1) and base[common] == parts[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + parts[common:])


def _nav_item(target: Page, current: Page, event_url: Callable[[str], str]) -> dict[str, Any]:
    return {"label": target.nav, "href": event_url(target.path), "active": target.path == current.path}

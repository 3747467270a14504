"""Turning Page and DataFile outputs into bytes: one Jinja2 environment, autoescaped.

The environment speaks every language: a page's language is in its context (``lang``),
and its gettext calls (``_()``, ``ngettext()``), its :class:`~publisher.languages.Message`
texts and its dates and numbers follow it (publisher/languages.py)."""

from __future__ import annotations

import contextlib
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
from markupsafe import Markup

from publisher.build.assets import Assets, collect_assets
from publisher.build.changed import last_changed
from publisher.build.fragments import Fragments, kept
from publisher.build.qr import qr_svg
from publisher.build.theme import catalog_dirs, theme_dir
from publisher.build.versions import Versions
from publisher.content.folders import GAME_NAMES
from publisher.languages import (
    SOURCE,
    language_name,
    listed,
    locale_of,
    translated,
    translated_data,
    translations_for,
)
from publisher.model import DataFile, Event, File, Page, Site, made
from publisher.native import native_beside
from publisher.plugins import systems
from publisher.text import css_string


def dumps(data: Any) -> bytes:
    """The one JSON spelling of the site: UTF-8, compact, in the data's own order. Compact,
    because phones and hall screens poll live.json and find.json all day (a third smaller
    than indented), and because only the compact form has the standard library's C encoder:
    an indented dumps is pure Python, seven times slower on a save's standings."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


Output = Page | DataFile | File


@dataclass
class Batch:
    """The outputs of one championship (paths relative to its folder, ``prefix``) or of the
    archive (no prefix), with what each of their pages shows of the others: the menu and
    which pages exist; and the languages its pages are written in (``versions``): a page,
    and a translated JSON file (``DataFile.translated``), once in each."""

    outputs: list[Output]
    prefix: str = ""
    versions: Versions = field(default_factory=Versions)
    nav: list[Page] = field(init=False)
    paths: frozenset[str] = field(init=False)
    languages: tuple[str, ...] = field(init=False)
    translated: frozenset[str] = field(init=False)  # the translated JSON files, from the site root
    entries: list[tuple[Output, str]] = field(init=False)

    def __post_init__(self) -> None:
        self.paths = frozenset(o.path for o in self.outputs)
        self.nav = sorted((o for o in self.outputs if isinstance(o, Page) and o.nav),
                          key=lambda p: (p.nav_order, p.nav or ""))
        self.languages = self.versions.of(self.prefix or None)
        self.translated = frozenset(self.path(o) for o in self.outputs
                                    if isinstance(o, DataFile) and o.translated)
        # Every output once, and every page (and translated JSON file) once more in each other language.
        self.entries = [(o, code) for o in self.outputs
                        for code in (self.languages if _has_versions(o) else self.languages[:1])]

    def path(self, output: Output, language: str = "") -> str:
        """Where ``output`` (its version in ``language``) goes, from the site root."""
        rel = posixpath.join(self.prefix, output.path) if self.prefix else output.path
        if not language or (language == self.languages[0] and not self.versions.events):
            return rel  # the usual paths: every championship's first language is the site's
        return self.version(language, rel)

    def version(self, language: str, rel: str) -> str:
        """Where the version in ``language`` of ``rel`` (from the site root) is: that of a page
        or of one of this batch's translated JSON files; anything else has one copy."""
        if rel in self.translated:
            return self.versions.place(language, rel)
        return self.versions.path(language, rel)

    def written_in(self, output: Output, language: str) -> str:
        """The language of ``output``'s version in ``language``: the output's own ``language``
        at its usual path where it names one (the venue screens' ``screens_language``)."""
        own = output.language if isinstance(output, Page | DataFile) else ""
        return own if own and language == self.languages[0] else language

    def name(self, output: Output, language: str) -> str:
        """The output's name among the batch's files: its path, under ``language``'s folder
        for a version in another language (what the builder keys each file by)."""
        return output.path if language == self.languages[0] else f"{language}/{output.path}"


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
        self.catalog_dirs = catalog_dirs(pm, overrides)
        self.env = jinja2.Environment(
            loader=_Loader([str(d) for d in self.template_dirs]),
            extensions=["jinja2.ext.i18n"],
            finalize=_in_page_language,
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            # No look at each template file's time on every include: the Builder empties the
            # cache when a template folder changes (its fingerprint).
            auto_reload=False,
        )
        self.env.policies["ext.i18n.trimmed"] = True  # a {% trans %} block's lines are one text
        self.env.install_gettext_callables(  # type: ignore[attr-defined]
            _gettext, _ngettext, newstyle=True, pgettext=_pgettext, npgettext=_npgettext)
        self.env.globals["systems"] = systems(pm)
        self.env.globals["games"] = GAME_NAMES
        self.env.globals["kept"] = kept
        self.env.filters["dates"] = _dates
        self.env.filters["t"] = _translate
        self.env.filters["listed"] = _listed
        self.env.filters["number"] = format_number
        self.env.filters["datetime"] = format_datetime
        self.env.filters["qr_svg"] = qr_svg
        # The theme puts each page's title into its style (the printed pages' running title).
        self.env.filters["css_string"] = css_string
        self.env.filters["native_name"] = native_name
        for filters in pm.hook.publisher_jinja_filters():
            self.env.filters.update(filters)
        self.assets: Assets = collect_assets(self.static_dirs)
        # The parts of pages a watched builder keeps between its renderings (``kept``); None
        # for a single build, which renders each page once.
        self.fragments: Fragments | None = None

    def watched_dirs(self) -> list[Path]:
        """Every folder whose files change what the renderer produces."""
        return [d for d in [*self.template_dirs, *self.static_dirs, *self.catalog_dirs] if d.is_dir()]

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

    def render(self, output: Output, batch: Batch, site: Site, event: Event | None,
               language: str = "") -> bytes:
        """The bytes of one output of ``batch``: its version in ``language``, its first by default."""
        version = language or batch.languages[0]
        if isinstance(output, DataFile):
            data = made(output.data)
            if output.translated:
                data = translated_data(data, self.translations(batch.written_in(output, version)))
            return dumps(data)
        if isinstance(output, File):
            return made(output.data)
        return self._page(output, batch, version, site, event)

    def translations(self, language: str) -> Any:
        """The catalogs of ``language``, every plugin's and the theme's as one."""
        return translations_for(language, self.catalog_dirs)

    def _page(self, page: Page, batch: Batch, version: str, site: Site, event: Event | None) -> bytes:
        """The page's version in ``version``, at its place, in the language it is written in."""
        path, prefix, versions = batch.path(page, version), batch.prefix, batch.versions
        language = batch.written_in(page, version)
        here = posixpath.dirname(path)

        def url(target: str) -> str:
            """A link from this page to ``target`` (a path from the site root): to a page's
            version in this page's language where it has one."""
            return relative_link(batch.version(language, target), here) if target else ""

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

        own = batch.path(page)
        context: dict[str, Any] = {
            **made(page.context),
            "site": site, "event": event, "page": page, "url": url, "event_url": event_url,
            "asset": asset,
            "public_url": public_url, "event_public_url": event_public_url,
            "pages": batch.paths,
            "nav": [_nav_item(p, page, event_url) for p in batch.nav],
            "updated": last_changed(page, event, site),
            "lang": language,
            "_translations": self.translations(language),
            # Where each language's version of a page is: with ``lang`` and the page's folder,
            # all that a link from it depends on (publisher/build/fragments.py compares it).
            "_versions": versions,
            # A page whose language is its own (the hall screen) offers no switch.
            "versions": [] if page.language else _versions(batch.languages, versions, own, here, public_url),
        }
        parts = (contextlib.nullcontext() if self.fragments is None
                 else self.fragments.page(path, language, versions, context["_translations"]))
        with parts as fragments:
            context["_fragments"] = fragments
            return self.env.get_template(page.template).render(context).encode("utf-8")


def _versions(languages: tuple[str, ...], versions: Versions, own: str, here: str,
              public_url: Callable[[str], str]) -> list[dict[str, str]]:
    """The page in each of its languages, for its hreflang links and its language switch:
    each language's code, its name in itself, the link and the full address (or "")."""
    if len(languages) < 2:
        return []
    return [{"code": code, "name": language_name(code), "href": relative_link(versions.path(code, own), here),
             "address": public_url(versions.path(code, own))} for code in languages]


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


@jinja2.pass_context
def _in_page_language(context: jinja2.runtime.Context, value: Any) -> Any:
    """What a template prints: a Message in the page's language, anything else as it is."""
    return translated(value, context["_translations"]) if "_translations" in context else value


@jinja2.pass_context
def _translate(context: jinja2.runtime.Context, value: Any) -> Any:
    """``| t``: a Message in the page's language, for text a template joins or compares
    (``order | map("t") | join(", ")``) before printing it; the Messages in a list or dict
    too, for data a page carries for its script (``live | t | tojson``)."""
    return translated_data(value, context["_translations"]) if "_translations" in context else value


@jinja2.pass_context
def _listed(context: jinja2.runtime.Context, items: Any) -> str:
    """``| listed``: items in a sentence as the page's language lists them ("A, B, C"; "A、B、C")."""
    texts = [str(_in_page_language(context, item)) for item in items]
    return _in_page_language(context, listed(texts)) if texts else ""


@jinja2.pass_context
def _gettext(context: jinja2.runtime.Context, text: str) -> str:
    return context["_translations"].gettext(text) if "_translations" in context else text


@jinja2.pass_context
def _ngettext(context: jinja2.runtime.Context, singular: str, plural: str, n: int) -> str:
    if "_translations" in context:
        return context["_translations"].ngettext(singular, plural, n)
    return singular if n == 1 else plural


@jinja2.pass_context
def _pgettext(context: jinja2.runtime.Context, meaning: str, text: str) -> str:
    return context["_translations"].pgettext(meaning, text) if "_translations" in context else text


@jinja2.pass_context
def _npgettext(context: jinja2.runtime.Context, meaning: str, singular: str, plural: str, n: int) -> str:
    if "_translations" in context:
        return context["_translations"].npgettext(meaning, singular, plural, n)
    return singular if n == 1 else plural


@jinja2.pass_context
def format_number(context: jinja2.runtime.Context, value: float, digits: int | None = None) -> str:
    """``| number``: a number as the page's language writes it (1,234.5; 1 234,5)."""
    from babel.numbers import format_decimal

    pattern = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return format_decimal(value, format=pattern, locale=locale_of(context.get("lang", SOURCE)))


@jinja2.pass_context
def format_datetime(context: jinja2.runtime.Context, moment: dt.datetime, date: str = "yMMMd",
                    time: str = "Hm") -> str:
    """``| datetime``: a moment as the page's language writes it (1 May 2026, 10:05;
    2026年5月1日 10:05); ``date`` and ``time`` are CLDR skeletons, either may be "" to leave
    that part out (``| datetime(date="")`` is the time alone)."""
    from babel.dates import format_skeleton

    locale = locale_of(context.get("lang", SOURCE))
    parts = [format_skeleton(skeleton, moment, locale=locale) if skeleton else ""
             for skeleton in (date, time)]
    if all(parts):
        return locale.datetime_formats["medium"].format(parts[1], parts[0])
    return parts[0] or parts[1]


@jinja2.pass_context
def _dates(context: jinja2.runtime.Context, event: Event) -> str:
    """``| dates``: the event's days in the page's language."""
    return date_span(event, context.get("lang", SOURCE))


def page_lang(context: jinja2.runtime.Context) -> str:
    """The language of the page being rendered (BCP 47: ``en``, ``ja``, ``zh-Hant``): its
    context's ``lang``, the source's where it gives none."""
    return context.get("lang", SOURCE)


@jinja2.pass_context
def native_name(context: jinja2.runtime.Context, who: Any, always: bool = False) -> Markup:
    """``{{ player | native_name }}``: a player's (or an archive person's) name in their own
    script, to follow the Latin name, where the page is in that script's language;
    ``native_name(always=True)`` on the player's own page, in every language."""
    return native_beside(who.name_native, who.country, None if always else page_lang(context))


def date_span(event: Event, language: str = SOURCE) -> str:
    """The event's days as ``language`` writes them: "14–16 August 2026",
    "30 April – 2 May 2026", "2026年8月14日～16日"."""
    if language != SOURCE:
        from babel.dates import format_interval

        return format_interval(event.start, event.end, "yMMMMd", locale=locale_of(language))
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


def _has_versions(output: Output) -> bool:
    """Whether ``output`` is written once in each language of its batch."""
    return isinstance(output, Page) or (isinstance(output, DataFile) and output.translated)


def _nav_item(target: Page, current: Page, event_url: Callable[[str], str]) -> dict[str, Any]:
    return {"label": target.nav, "href": event_url(target.path), "active": target.path == current.path}

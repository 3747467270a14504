"""``publisher catalogs update|check [FOLDER...]``: the translations of the interface's texts.

Each catalog folder (``<package>/locale``, named by a plugin's ``publisher_catalog_dirs``,
and the theme's ``templates/locale``) holds the texts of the package around it: its
``.pot`` template, extracted from the package's templates (``_()``, ``ngettext()``)
and Python (``message()``, ``plural_message()``), and a ``.po`` file per shipped
language. ``update`` extracts the template again and brings every language's file
up to date with it (new texts empty, texts gone dropped), as ``pybabel extract`` and
``pybabel update`` would; ``check`` says what a translator has left: a template older
than the sources, a text without translation, a fuzzy one, a placeholder that differs.
The tests run ``check`` on every shipped catalog (docs/languages.md).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from publisher.languages import SHIPPED, SOURCE, catalog_name

if TYPE_CHECKING:  # Babel's tools are imported when the command runs (tests/test_startup.py)
    from babel.messages.catalog import Catalog

# What marks a text to translate: Jinja2's gettext calls and the Messages of publisher.languages.
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "message": None, "plural_message": (1, 2),
            "marked": None}
METHODS = [("**/locale/**", "ignore"), ("**.py", "python"), ("**.html", "jinja2.ext:babel_extract"),
           ("**.xml", "jinja2.ext:babel_extract")]
OPTIONS = {"**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"},
           "**.xml": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
# A fixed date in the files' headers: extracting the same sources writes the same bytes.
STAMP = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
WIDTH = 100


@dataclass(frozen=True)
class Domain:
    """One catalog: its name, its folder and the folders whose texts it holds."""

    name: str
    folder: Path
    sources: tuple[Path, ...]

    @property
    def template(self) -> Path:
        return self.folder / f"{self.name}.pot"

    def po(self, language: str) -> Path:
        return self.folder / catalog_name(language) / "LC_MESSAGES" / f"{self.name}.po"


def domains(pm: object, folders: list[Path] | None = None) -> list[Domain]:
    """The catalogs of ``folders`` (packages), or of the theme and every installed plugin."""
    from publisher.build.theme import theme_dir

    theme = theme_dir()
    if folders:
        return [Domain(f.resolve().name, f.resolve() / "locale", (f.resolve(),)) for f in folders]
    core = Path(__file__).resolve().parent.parent
    found = [Domain("theme", theme / "locale", tuple(dict.fromkeys((theme, core))))]
    for dirs in pm.hook.publisher_catalog_dirs():  # type: ignore[attr-defined]
        found += [Domain(d.parent.name, d, (d.parent,)) for d in dirs]
    return found


def _catalog(domain: Domain, language: str | None = None) -> Catalog:
    """An empty catalog of ``domain`` (its template without ``language``)."""
    from babel.messages.catalog import Catalog

    return Catalog(locale=catalog_name(language) if language else None, domain=domain.name,
                   project="tournament-publisher", version=None, creation_date=STAMP, revision_date=STAMP,
                   fuzzy=False, header_comment=f"# The tournament publisher's {domain.name} texts"
                   f"{' in ' + language if language else ''}.\n# docs/languages.md tells how to update "
                   "and correct them.")


def extracted(domain: Domain) -> Catalog:
    """The domain's texts as its sources mark them now: the template a ``.po`` follows."""
    from babel.messages.extract import extract_from_dir

    catalog = _catalog(domain)
    for source in domain.sources:
        for name, line, text, comments, context in extract_from_dir(
                source, METHODS, OPTIONS, KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True):
            location = (Path(source.name, name).as_posix(), line)
            catalog.add(text, None, [location], auto_comments=comments, context=context)
    return catalog


def update(domain: Domain, known: dict[str, dict[tuple, object]] | None = None) -> list[Path]:
    """Write the domain's template and bring each shipped language's file up to date with it.
    A new text that ``known`` (another catalog's translations, by language) translates is
    filled from there: a text that moved from a plugin to the core keeps its translations."""
    from babel.messages.pofile import read_po

    template = extracted(domain)
    written = [_write(domain.template, template)]
    for language in SHIPPED:
        if language == SOURCE:
            continue
        path = domain.po(language)
        if path.is_file():
            with path.open("rb") as file:
                catalog = read_po(file, locale=catalog_name(language), domain=domain.name)
        else:
            catalog = _catalog(domain, language)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        for entry in catalog:
            if entry.id and not _translated(entry):
                entry.string = (known or {}).get(language, {}).get((entry.id, entry.context), entry.string)
        catalog.revision_date = STAMP
        written.append(_write(path, catalog))
    return written


def translations(found: list[Domain]) -> dict[str, dict[tuple, object]]:
    """Every translated text of the catalogs of ``found``, by language: what :func:`update`
    fills a text from when it moves between catalogs."""
    from babel.messages.pofile import read_po

    known: dict[str, dict[tuple, object]] = {}
    for domain in found:
        for language in SHIPPED:
            if language != SOURCE and domain.po(language).is_file():
                with domain.po(language).open("rb") as file:
                    for entry in read_po(file, locale=catalog_name(language)):
                        if entry.id and _translated(entry) and not entry.fuzzy:
                            known.setdefault(language, {})[(entry.id, entry.context)] = entry.string
    return known


def _translated(entry: object) -> bool:
    strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)  # type: ignore[attr-defined]
    return all(strings)


def problems(domain: Domain) -> Iterator[str]:
    """What is left to do in the domain's catalogs, one line each; nothing when complete."""
    from babel.messages.pofile import read_po

    template = extracted(domain)
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    if not domain.template.is_file() or _ids(domain.template) != wanted:
        yield f"{domain.template}: not the texts the sources mark; run publisher catalogs update"
    for language in SHIPPED:
        if language == SOURCE:
            continue
        path = domain.po(language)
        if not path.is_file():
            yield f"{path}: missing; run publisher catalogs update, then translate it"
            continue
        with path.open("rb") as file:
            catalog = read_po(file, locale=catalog_name(language))
        found = {}
        for entry in catalog:
            if entry.id:
                found[(entry.id if isinstance(entry.id, str) else entry.id[0], entry.context)] = entry
        for key in sorted(wanted - found.keys(), key=str):
            yield f"{path}: no entry for {key[0]!r}; run publisher catalogs update"
        for key in sorted(wanted & found.keys(), key=str):
            entry = found[key]
            if entry.fuzzy:
                yield f"{path}:{entry.lineno}: {key[0]!r} is marked fuzzy; check it and unmark it"
            elif not _translated(entry):
                yield f"{path}:{entry.lineno}: {key[0]!r} is not translated"
        for entry, errors in catalog.check():
            for error in errors:
                yield f"{path}:{entry.lineno}: {entry.id!r}: {error}"


def _ids(path: Path) -> set[tuple[str, str | None]]:
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in read_po(file) if m.id}


def _write(path: Path, catalog: Catalog) -> Path:
    """Write ``catalog`` to ``path`` when its bytes changed (sorted by text, no dates that move)."""
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, sort_output=True, include_previous=False, include_lineno=False,
             ignore_obsolete=True)
    data = buffer.getvalue()
    if not path.is_file() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return path


def run_catalogs(args: argparse.Namespace) -> int:
    found = domains(args.plugins, args.folders)
    if args.action == "update":
        known = translations(domains(args.plugins) + found)
        for domain in found:
            update(domain, known)
            print(f"Updated {domain.template} and its {len(SHIPPED) - 1} languages")
        return 0
    left = [line for domain in found for line in problems(domain)]
    for line in left:
        print(line, file=sys.stderr)
    if left:
        print(f"{len(left)} thing(s) left to translate", file=sys.stderr)
        return 1
    print(f"Every catalog is complete: {len(found)} domain(s), {len(SHIPPED) - 1} languages")
    return 0


def add_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "catalogs", help="update or check the translations of the interface's texts",
        description="Extract the texts the templates and plugins mark for translation and bring every "
                    "language's catalog up to date with them (update), or list what is left to "
                    "translate (check). Without FOLDER: the theme and every installed plugin.")
    parser.add_argument("action", choices=("update", "check"))
    parser.add_argument("folders", nargs="*", type=Path, metavar="FOLDER",
                        help="a plugin's package folder; its catalogs are in FOLDER/locale")
    parser.set_defaults(run=run_catalogs)

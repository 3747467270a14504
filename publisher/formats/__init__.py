"""Championships in other programs' files: what a format plugin hands the core, and back.

A format plugin reads a foreign file (OpenGotha's XML, an EGD ``.h9``) into a
:class:`Championship`: the project's own files of a championship folder, as data.
The core writes them into ``content/<slug>`` (``publisher import``), or reads them
straight from the foreign file on every build (a live source, ``source = "..."``
in event.toml). Exports go the other way: from a built :class:`~publisher.model.Event`
to the bytes of the foreign file (``publisher export``).

Stage 2, formats, after content. This package's own module is the interface format plugins implement
and imports only the shared vocabulary, so that the hooks can name it;
:mod:`~publisher.formats.importing` writes a foreign file's championship into the
content folder and :mod:`~publisher.formats.sources` reads a live source on every
build. They import :mod:`publisher.content`; nothing here builds a site.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pluggy
import tomli_w
from anyascii import anyascii

from publisher.model import Player


@dataclass(frozen=True)
class Format:
    """A file format a plugin reads (``imports``) or writes (``exports``), or both.

    ``suffix`` is the file name ending of the format (``.h9``), for default output names.
    """

    name: str
    description: str
    imports: bool = False
    exports: bool = False
    suffix: str = ""


@dataclass
class Championship:
    """A championship folder as data: ``config`` is event.toml, ``files`` the other files by
    their path in the folder (``players.csv``, ``rounds/1.csv``) with their text.

    ``notes`` are what the source file says that the project's files cannot say, one line
    each naming the setting; the import prints them, a live source shows them as warnings.
    """

    config: dict[str, Any]
    files: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def contents(self) -> dict[str, bytes]:
        """Every file of the folder, event.toml included, as the bytes written to disk."""
        return {"event.toml": tomli_w.dumps(self.config).encode("utf-8"),
                **{path: text.encode("utf-8") for path, text in sorted(self.files.items())}}


def csv_text(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """A CSV file of the project's own (players.csv, a round file): header, then the rows.

    Cells are written as they are: these files are read back by the publisher, so
    nothing is quoted against spreadsheets here (the downloads do that).
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if row.get(c) is None else row.get(c) for c in columns])
    return buffer.getvalue()


def new_player_id(name: str, used: set[str]) -> str:
    """A readable player id for an imported player, unique among ``used`` (which it joins):
    the name in lower-case ASCII with dashes, ``vannier-luc``, then ``vannier-luc-2``."""
    base = re.sub(r"[^a-z0-9]+", "-", anyascii(name).lower()).strip("-")[:40] or "player"
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}-{n}"
    used.add(candidate)
    return candidate


def written_surname(player: Player) -> tuple[str, str] | None:
    """The family and given names as players.csv's columns write them: ``last_name`` (the
    EMA's word) or ``surname`` (what an import writes), with ``first_name``; None when
    neither is filled."""
    family = (player.fields.get("last_name") or player.fields.get("surname") or "").strip()
    return (family, player.fields.get("first_name", "").strip()) if family else None


def surname_and_first_name(player: Player) -> tuple[str, str]:
    """The two parts rating lists keep apart: from the columns (:func:`written_surname`),
    else the name read as "Firstname Surname"."""
    written = written_surname(player)
    if written is not None:
        return written
    first, _, surname = player.name.strip().rpartition(" ")
    return (surname, first) if first else (player.name.strip(), "")


def formats(pm: pluggy.PluginManager) -> dict[str, Format]:
    """Every format some plugin reads or writes, by name."""
    found: dict[str, Format] = {}
    for items in pm.hook.publisher_formats():
        for item in items:
            found[item.name] = item
    return found


def merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``override``'s keys written over it, tables merged key by key, so that
    event.toml can change one setting of a table the source file fills."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged

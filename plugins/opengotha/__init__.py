"""OpenGotha's tournament file (XML, OpenGotha 3.x): ``publisher import opengotha`` and the
live source ``source = "opengotha"``."""

from __future__ import annotations

from pathlib import Path

from publisher import hookimpl
from publisher.formats import Championship, Format

NAME = "opengotha"


@hookimpl
def publisher_formats() -> list[Format]:
    return [Format(NAME, "OpenGotha 3 tournament file (.xml): players, games, byes, settings",
                   imports=True, suffix=".xml")]


@hookimpl
def publisher_import(format: str, path: Path) -> Championship | None:
    if format != NAME:
        return None
    from plugins.opengotha.reader import read_tournament  # and the XML parsers: only to read a file

    return read_tournament(path)

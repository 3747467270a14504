"""The EGD results format (``.h9``): ``publisher export egd`` for rating submission and
``publisher import egd`` for the archive's past championships."""

from __future__ import annotations

from pathlib import Path

from plugins.egd.export import export_h9
from plugins.egd.reader import read_h9
from publisher import hookimpl
from publisher.formats import Championship, Format
from publisher.model import Event

NAME = "egd"


@hookimpl
def publisher_formats() -> list[Format]:
    return [Format(NAME, "European Go Database results file (.h9, ISO-8859-15)",
                   imports=True, exports=True, suffix=".h9")]


@hookimpl
def publisher_import(format: str, path: Path) -> Championship | None:
    return read_h9(path) if format == NAME else None


@hookimpl
def publisher_export(format: str, event: Event) -> bytes | None:
    if format != NAME or event.system not in ("macmahon", "swiss") or event.game != "go":
        return None
    return export_h9(event)

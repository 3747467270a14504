"""The EGD results format (``.h9``): ``publisher export egd`` for rating submission and
``publisher import egd`` for the archive's past championships."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from publisher import hookimpl
from publisher.formats import Championship, Format

if TYPE_CHECKING:
    from publisher.model import Event

NAME = "egd"


@hookimpl
def publisher_formats() -> list[Format]:
    return [Format(NAME, "European Go Database results file (.h9, ISO-8859-15)",
                   imports=True, exports=True, suffix=".h9")]


@hookimpl
def publisher_add_commands(subparsers: argparse._SubParsersAction) -> None:
    from plugins.egd.players_command import add_players_command

    add_players_command(subparsers)


@hookimpl
def publisher_import(format: str, path: Path) -> Championship | None:
    if format != NAME:
        return None
    from plugins.egd.reader import read_h9  # the format's modules: only for an import or export of it

    return read_h9(path)


@hookimpl
def publisher_export(format: str, event: Event, allow_unfinished: bool) -> bytes | None:
    if format != NAME or event.system not in ("macmahon", "swiss") or event.game != "go":
        return None
    from plugins.egd.export import export_h9

    return export_h9(event, allow_unfinished)

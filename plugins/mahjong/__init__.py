"""Mahjong elimination events in the World Series of Mahjong format.

The hooks only wire the plugin's modules together: ``settings`` reads
``[mahjong]``, ``tournament`` plays the rounds from the organiser's files
(``rounds`` reads them, ``standings`` ranks, cuts and carries over),
``draw`` seats a round, ``pages`` and ``live`` publish it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from plugins.mahjong import draw, live, pages
from plugins.mahjong.schedule import sessions
from plugins.mahjong.settings import read_settings
from plugins.mahjong.tournament import SYSTEM, Mahjong, play_event
from publisher import hookimpl
from publisher.model import DataFile, Event, Page, Session

HERE = Path(__file__).parent

@hookimpl
def publisher_systems() -> dict[str, str]:
    return {SYSTEM: "Mahjong elimination: tables of four, cuts with carry-over"}


@hookimpl
def publisher_template_dirs() -> list[Path]:
    return [HERE / "templates"]


@hookimpl
def publisher_static_dirs() -> list[Path]:
    return [HERE / "static"]


@hookimpl
def publisher_add_commands(subparsers: argparse._SubParsersAction) -> None:
    draw.add_command(subparsers)


@hookimpl
def publisher_load_event(event: Event) -> None:
    if event.system == SYSTEM:
        settings = read_settings(event)
        event.data["mahjong"] = Mahjong(settings)
        event.planned_rounds = settings.rounds


@hookimpl
def publisher_compute_event(event: Event) -> None:
    mahjong = Mahjong.of(event)
    if mahjong is not None:
        play_event(event, mahjong)


@hookimpl
def publisher_event_pages(event: Event) -> list[Page | DataFile]:
    mahjong = Mahjong.of(event)
    return [] if mahjong is None else pages.event_pages(event, mahjong)


@hookimpl
def publisher_event_status(event: Event) -> str | None:
    mahjong = Mahjong.of(event)
    return None if mahjong is None else live.status(event, mahjong)


@hookimpl
def publisher_live_view(event: Event) -> dict[str, Any] | None:
    mahjong = Mahjong.of(event)
    return None if mahjong is None else live.live_view(event, mahjong)


@hookimpl
def publisher_archive_record(event: Event) -> dict[str, Any] | None:
    mahjong = Mahjong.of(event)
    return None if mahjong is None else live.archive_record(event, mahjong)


@hookimpl
def publisher_event_schedule(event: Event) -> list[Session] | None:
    mahjong = Mahjong.of(event)
    return None if mahjong is None else sessions(mahjong.settings)

"""Mahjong elimination events in the World Series of Mahjong format.

The hooks only wire the plugin's modules together: ``settings`` reads
``[mahjong]``, ``tournament`` plays the rounds from the organiser's files
(``rounds`` reads them, ``standings`` ranks, cuts and carries over),
``draw`` seats a round, ``pages`` and ``live`` publish it. Each hook imports
them when it has a mahjong event to work on, so that a command on a Go
event (or one that reads no event) does not load them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plugins.mahjong.system import SYSTEM
from publisher import hookimpl
from publisher.languages import message
from publisher.live.sheets import ResultSheet
from publisher.model import DataFile, Event, Page, Session

if TYPE_CHECKING:
    from plugins.mahjong.tournament import Mahjong

HERE = Path(__file__).parent


def state(event: Event) -> Mahjong | None:
    """The plugin's state of a mahjong event; None for every other system."""
    if event.system != SYSTEM:
        return None
    from plugins.mahjong.tournament import Mahjong

    return Mahjong.of(event)


@hookimpl
def publisher_systems() -> dict[str, str]:
    return {SYSTEM: message("Mahjong elimination: tables of four, cuts with carry-over")}


@hookimpl
def publisher_template_dirs() -> list[Path]:
    return [HERE / "templates"]


@hookimpl
def publisher_catalog_dirs() -> list[Path]:
    return [HERE / "locale"]


@hookimpl
def publisher_jinja_filters() -> dict[str, Any]:
    from plugins.mahjong.money import write_money  # pages only: a command that renders none skips it

    return {"money": write_money}


@hookimpl
def publisher_static_dirs() -> list[Path]:
    return [HERE / "static"]


@hookimpl
def publisher_add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "draw", help="draw the tables of a mahjong round",
        description="Seat every player of a mahjong elimination round, part by part, from the "
                    "event's seed, and write rounds/<N>-seating.csv.")
    parser.add_argument("event", type=Path, help="the championship folder, like content/macau-2026")
    parser.add_argument("--round", type=int, default=None,
                        help="the round to draw (default: the first round without a seating)")
    parser.add_argument("--dry-run", action="store_true", help="print the seating, write nothing")
    parser.add_argument("--force", action="store_true", help="replace an existing seating file")
    parser.set_defaults(run=run_draw)


def run_draw(args: argparse.Namespace) -> int:
    """``publisher draw`` (:mod:`draw`), imported when a round is drawn."""
    from plugins.mahjong.draw import run_draw

    return run_draw(args)


@hookimpl
def publisher_load_event(event: Event) -> None:
    if event.system == SYSTEM:
        from plugins.mahjong.settings import read_settings
        from plugins.mahjong.tournament import Mahjong

        settings = read_settings(event)
        event.data["mahjong"] = Mahjong(settings)
        event.planned_rounds = settings.rounds


@hookimpl
def publisher_compute_event(event: Event) -> None:
    mahjong = state(event)
    if mahjong is not None:
        from plugins.mahjong.tournament import play_event

        play_event(event, mahjong)


@hookimpl
def publisher_event_pages(event: Event) -> list[Page | DataFile]:
    mahjong = state(event)
    if mahjong is None:
        return []
    from plugins.mahjong import pages

    return pages.event_pages(event, mahjong)


@hookimpl
def publisher_event_status(event: Event) -> str | None:
    mahjong = state(event)
    if mahjong is None:
        return None
    from plugins.mahjong import live

    return live.status(event, mahjong)


@hookimpl
def publisher_live_view(event: Event) -> dict[str, Any] | None:
    mahjong = state(event)
    if mahjong is None:
        return None
    from plugins.mahjong import live

    return live.live_view(event, mahjong)


@hookimpl
def publisher_archive_record(event: Event) -> dict[str, Any] | None:
    mahjong = state(event)
    if mahjong is None:
        return None
    from plugins.mahjong import live

    return live.archive_record(event, mahjong)


@hookimpl
def publisher_event_schedule(event: Event) -> list[Session] | None:
    mahjong = state(event)
    if mahjong is None:
        return None
    from plugins.mahjong.schedule import sessions

    return sessions(mahjong.settings)


@hookimpl
def publisher_results_sheet(event: Event, round: int | None) -> ResultSheet | None:
    mahjong = state(event)
    if mahjong is None:
        return None
    from plugins.mahjong.sheet import results_sheet

    return results_sheet(event, mahjong, round)

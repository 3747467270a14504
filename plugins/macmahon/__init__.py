"""McMahon and Swiss events: groups, pairing, standings.

The hooks here only wire the plugin's modules together: ``settings`` reads
``[macmahon]``, ``grouping`` makes the groups, and the pages come from the
modules named for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from plugins.macmahon.grouping import Grouping, allocate
from plugins.macmahon.pages import Results, archive_record, event_outputs, live_view, status
from plugins.macmahon.pair_command import add_pair_command
from plugins.macmahon.rounds import Round, check_absences, check_withdrawals, read_rounds
from plugins.macmahon.settings import Settings, read_settings
from plugins.macmahon.standings import RoundByRound, initial_scores
from plugins.macmahon.words import LOCALE
from publisher import hookimpl
from publisher.build.kept import Kept
from publisher.languages import message
from publisher.live.sheets import ResultSheet
from publisher.model import DataFile, Event, Page

SYSTEMS = ("macmahon", "swiss")


@dataclass
class MacMahon:
    """What the plugin keeps of one event in ``event.data["macmahon"]``."""

    settings: Settings
    grouping: Grouping | None = None
    rounds: list[Round] = field(default_factory=list)
    results: Results | None = None


def state(event: Event) -> MacMahon | None:
    return event.data.get("macmahon") if event.system in SYSTEMS else None


@hookimpl
def publisher_systems() -> dict[str, str]:
    return {
        "macmahon": message("McMahon: players start with a score from their group, then paired by score"),
        "swiss": message("Swiss: McMahon with one group"),
    }


@hookimpl
def publisher_template_dirs() -> list[Path]:
    return [Path(__file__).parent / "templates"]


@hookimpl
def publisher_catalog_dirs() -> list[Path]:
    return [LOCALE]


@hookimpl
def publisher_load_event(event: Event, kept: Kept) -> None:
    if event.system in SYSTEMS:
        settings, rounds = read_settings(event), read_rounds(event, kept)
        check_withdrawals(rounds, settings.withdrawn)
        check_absences(rounds, settings.absent)
        event.data["macmahon"] = MacMahon(settings=settings, rounds=rounds)


@hookimpl
def publisher_compute_event(event: Event, kept: Kept) -> None:
    mm = state(event)
    if mm is not None:
        mm.grouping = allocate(event, mm.settings)
        standings = RoundByRound(event.players, mm.rounds, mm.grouping, mm.settings, kept)
        mm.results = Results(mm.rounds, standings, mm.settings, initial_scores(mm.grouping, 1))


@hookimpl
def publisher_event_pages(event: Event, kept: Kept) -> list[Page | DataFile]:
    mm = state(event)
    if mm is None or mm.grouping is None:
        return []
    outputs: list[Page | DataFile] = [DataFile("data/groups.json", mm.grouping.as_json())]
    if event.system == "macmahon":
        from plugins.macmahon.groups_page import groups_page  # pages only: pair makes none

        outputs.append(groups_page(event, mm.grouping))
    if mm.results is not None:
        outputs += event_outputs(event, mm.results, kept)
    return outputs


@hookimpl
def publisher_jinja_filters() -> dict[str, Any]:
    from plugins.macmahon.lines import (  # pages only: pair renders none
        crosstable_words,
        place_and_player,
        points,
        ranked_player,
        terms,
    )

    return {"points": points, "place_and_player": place_and_player, "ranked_player": ranked_player,
            "crosstable_words": crosstable_words, "terms": terms}


@hookimpl
def publisher_add_commands(subparsers: Any) -> None:
    add_pair_command(subparsers)


@hookimpl
def publisher_event_status(event: Event) -> str | None:
    mm = state(event)
    return status(event, mm.results) if mm and mm.results else None


@hookimpl
def publisher_live_view(event: Event) -> dict[str, Any] | None:
    mm = state(event)
    return live_view(event, mm.results) if mm and mm.results else None


@hookimpl
def publisher_archive_record(event: Event) -> dict[str, Any] | None:
    mm = state(event)
    return archive_record(event, mm.results) if mm and mm.results else None


@hookimpl
def publisher_results_sheet(event: Event, round: int | None) -> ResultSheet | None:
    mm = state(event)
    if mm is None:
        return None
    from plugins.macmahon.sheet import results_sheet  # the results desk only

    return results_sheet(event, mm.rounds, mm.settings, round)

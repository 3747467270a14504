"""McMahon and Swiss events: groups, pairing, standings.

The hooks here only wire the plugin's modules together: ``settings`` reads
``[macmahon]``, ``grouping`` makes the groups, and the pages come from the
modules named for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from plugins.macmahon.grouping import Grouping, allocate
from plugins.macmahon.groups_page import groups_page
from plugins.macmahon.settings import Settings, read_settings
from publisher import hookimpl
from publisher.model import DataFile, Event, Page

SYSTEMS = ("macmahon", "swiss")


@dataclass
class MacMahon:
    """What the plugin keeps of one event in ``event.data["macmahon"]``."""

    settings: Settings
    grouping: Grouping | None = None


def state(event: Event) -> MacMahon | None:
    return event.data.get("macmahon") if event.system in SYSTEMS else None


@hookimpl
def publisher_systems() -> dict[str, str]:
    return {
        "macmahon": "McMahon: players start with a score from their group, then paired by score",
        "swiss": "Swiss: McMahon with one group",
    }


@hookimpl
def publisher_template_dirs() -> list[Path]:
    return [Path(__file__).parent / "templates"]


@hookimpl
def publisher_load_event(event: Event) -> None:
    if event.system in SYSTEMS:
        event.data["macmahon"] = MacMahon(settings=read_settings(event))


@hookimpl
def publisher_compute_event(event: Event) -> None:
    mm = state(event)
    if mm is not None:
        mm.grouping = allocate(event, mm.settings)


@hookimpl
def publisher_event_pages(event: Event) -> list[Page | DataFile]:
    mm = state(event)
    if mm is None or mm.grouping is None:
        return []
    outputs: list[Page | DataFile] = [DataFile("data/groups.json", mm.grouping.as_json())]
    if event.system == "macmahon":
        outputs.append(groups_page(event, mm.grouping))
    return outputs

"""What a build keeps of each championship for the archive's pages, and between builds.

The archive's own pages are made from every championship's summary, which is what grows
with the archive: it must give those pages the same bytes as the loaded championships
would, and hold nothing a system computed (rounds, standings, page contexts).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import zoneinfo
from pathlib import Path, PurePath

import pytest
from archive_fixture import write_archive

from publisher.build.builder import Builder, BuiltEvent, load_event
from publisher.build.kept import Kept
from publisher.build.render import Batch, Renderer, dumps
from publisher.build.summary import Table, summary
from publisher.content.folders import event_dirs
from publisher.model import Event, MarkdownPage, Player, Session, Site
from publisher.plugins import plugin_manager
from publisher.problems import Problem
from publisher.ranks import Rank

EXAMPLES = Path(__file__).resolve().parent.parent / "content"
PM = plugin_manager()

# What a kept championship may be made of: the core's own records and plain values.
RECORDS = (BuiltEvent, Event, Player, Rank, MarkdownPage, Session, Problem)
VALUES = (str, int, float, bool, bytes, type(None), dt.date, dt.datetime, PurePath, zoneinfo.ZoneInfo)


def foreign_objects(value: object, where: str = "") -> list[str]:
    """Where ``value`` holds anything but the core's records, containers and plain values."""
    if isinstance(value, VALUES):
        return []
    if isinstance(value, RECORDS):
        return [found for f in dataclasses.fields(value)
                for found in foreign_objects(getattr(value, f.name), f"{where}.{f.name}")]
    if type(value) is Table:
        return foreign_objects(value.rows, f"{where}.rows")
    if type(value) is dict:
        return [found for k, v in value.items()
                for found in [*foreign_objects(k, where), *foreign_objects(v, f"{where}[{k!r}]")]]
    if type(value) in (list, tuple):
        return [found for i, v in enumerate(value) for found in foreign_objects(v, f"{where}[{i}]")]
    return [f"{where}: {type(value).__module__}.{type(value).__qualname__}"]


@pytest.fixture(scope="module", params=["examples", "people"])
def content(request, tmp_path_factory) -> Path:
    if request.param == "examples":
        return EXAMPLES
    return write_archive(tmp_path_factory.mktemp("people") / "content")


def site_files(events: list[Event], content: Path) -> dict[str, bytes]:
    """The archive's own files made from ``events``, as a build renders them."""
    site = Site(content, events)
    renderer = Renderer(PM)
    batch = Batch([o for outs in PM.hook.publisher_site_pages(site=site, kept=Kept()) for o in outs])
    return {batch.path(o): renderer.render(o, batch, site, None) for o in batch.outputs}


def test_the_archive_pages_from_summaries_are_those_from_the_loaded_championships(content):
    loaded = [load_event(PM, folder) for folder in event_dirs(content)]
    summaries = [summary(event) for event in loaded]
    made = site_files(summaries, content)
    assert any(rel.startswith("players/") for rel in made)  # people pages are made
    assert made == site_files(loaded, content)


def test_a_summary_holds_the_field_and_places_not_what_the_system_computed():
    event = load_event(PM, EXAMPLES / "ljubljana-go-open-2026")
    assert event.data and event.live  # what the pages were made from
    kept = summary(event)
    assert (kept.data, kept.live) == ({}, None)
    assert foreign_objects(kept) == []
    assert [p.id for p in kept.players] == [p.id for p in event.players]
    first = kept.players[0]
    assert (first.name, first.rank, first.rating, first.country, first.club) == (
        "Alessandro Bianchi", Rank.parse("21k"), None, "IT", "Go Club Milano")
    # the typed columns are the attributes; fields keep only the others
    assert first.fields == {"egd_pin": "11494424"}
    assert first.as_json() == event.players[0].as_json()
    assert kept.record == event.record
    assert kept.record["standings"][0].keys() == {"player", "place", "score", "wins"}
    # a line of the standings for each player, held as a tuple, read as the dictionary it was
    standings = kept.record["standings"]
    assert isinstance(standings, Table) and standings.keys == ("player", "place", "score", "wins")
    assert list(standings) == event.record["standings"] and standings[-2:] == event.record["standings"][-2:]
    assert len(standings) == len(event.players) and all(type(row) is tuple for row in standings.rows)
    # repeated text is held once across championships
    other = summary(load_event(PM, EXAMPLES / "bled-go-tournament-2025"))
    assert first.country is next(p.country for p in other.players if p.country == "IT")
    twenty = [p.rank for p in [*kept.players, *other.players] if p.rank == Rank.parse("20k")]
    assert len(twenty) > 2 and all(rank is twenty[0] for rank in twenty)


def test_a_watched_build_keeps_no_computed_data_between_builds(content, tmp_path):
    builder = Builder(PM, content, tmp_path / "site")
    builder.build()
    kept = builder._record.events
    assert sorted(kept) == [f.name for f in event_dirs(content)]
    assert foreign_objects(kept) == []
    for item in kept.values():
        assert item.event.live is None
        assert item.event.data.keys() <= {"last_changed"}  # the time the archive's pages show
        assert not {c for p in item.event.players for c in p.fields} & {"id", "name", "rank", "country"}
        assert all(key is None or len(key) == 32 for key in item.keys.values())  # page keys: digests


def test_people_json_made_a_person_at_a_time_is_the_sites_json_of_the_whole_list(content):
    from plugins.archive.kept import championships
    from plugins.archive.people import gather, people_file, people_json

    parts = championships([summary(load_event(PM, folder)) for folder in event_dirs(content)], Kept())
    people = gather(a for part in parts for a in part.people)
    assert len(people) > 2
    assert people_file(people) == dumps(people_json(people))
    assert people_file([]) == dumps(people_json([])) == b'{"people":[]}\n'


def test_only_lists_of_dictionaries_of_the_same_keys_become_tables():
    event = load_event(PM, EXAMPLES / "ljubljana-go-open-2026")
    mixed = [{"a": 1}, {"a": 2, "b": 3}]
    kept = summary(dataclasses.replace(event, record={"mixed": mixed, "empty": [], "plain": ["x", "y"],
                                                      "same": [{"a": [1, 2]}, {"a": []}]}))
    assert kept.record["mixed"] == mixed and type(kept.record["mixed"]) is list
    assert kept.record["empty"] == [] and kept.record["plain"] == ["x", "y"]
    assert type(kept.record["same"]) is Table and list(kept.record["same"]) == [{"a": [1, 2]}, {"a": []}]

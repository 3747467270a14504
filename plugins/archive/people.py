"""One person across championships, recognised only by an id, never by name.

A row of players.csv is a person of the archive when it carries a ``person`` column
(a key the archive keeper chooses, to link rows by hand) or a federation id: ``egd_pin``
(European Go Database), ``fesa_id`` (FESA, shogi) or ``ema`` (European Mahjong
Association). The first filled of ``person``, ``egd_pin``, ``fesa_id``, ``ema`` names the
person: ``person`` as written in lower case, the ids as ``egd-<pin>``, ``fesa-<id>`` and
``ema-<id>``. Two rows with the same name and no id stay two people.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field

from publisher.model import Event, Player
from publisher.problems import Problems

ID_COLUMNS = (("egd_pin", "egd"), ("fesa_id", "fesa"), ("ema", "ema"))
_PERSON = re.compile(r"[a-z0-9][a-z0-9_-]*")
_FEDERATION_ID = re.compile(r"[A-Za-z0-9]+")


def person_key(player: Player) -> str:
    """The key of the person a row is (``egd-12345678``, ``ema-04290041``, a ``person``
    value), or "" for a row with neither: such a player has no archive page."""
    person = player.fields.get("person", "").strip().lower()
    if person:
        return sys.intern(person)
    for column, prefix in ID_COLUMNS:
        value = player.fields.get(column, "").strip()
        if value:
            return sys.intern(f"{prefix}-{value.lower()}")  # one string for all of their rows
    return ""


def check_people(event: Event, problems: Problems) -> None:
    """Ids must make file names, and one person plays a championship once."""
    seen: dict[str, Player] = {}
    for player in event.players:
        person = player.fields.get("person", "").strip()
        if person and not _PERSON.fullmatch(person.lower()):
            problems.add(event.players_path, f"person {person!r} of {player.id!r} is not a valid key",
                         "use letters, digits, - and _ only, like mira-novak", line=player.line)
            continue
        bad = [(c, v) for c, _ in ID_COLUMNS
               if (v := player.fields.get(c, "").strip()) and not _FEDERATION_ID.fullmatch(v)]
        for column, value in bad:
            problems.add(event.players_path, f"{column} {value!r} of {player.id!r} is not an id",
                         f"write the {column} as letters and digits only, like 12345678, or leave it empty",
                         line=player.line)
        key = person_key(player)
        if bad or not key:
            continue
        if key in seen:
            problems.add(event.players_path,
                         f"{player.id!r} and {seen[key].id!r} (line {seen[key].line}) are the same "
                         f"person ({key})", "a person plays a championship once: remove one row, "
                         "or correct the id", line=player.line)
        seen[key] = player


@dataclass(slots=True)
class Appearance:
    """A person in one championship: the row of players.csv and how they finished."""

    event: Event
    player: Player
    place: str
    score: str
    page: str  # the player's page in that championship, from the site root
    key: str  # the person's key, "" for a row without an id


@dataclass(slots=True)
class Person:
    """Everyone the archive recognises across championships, with their championships, oldest first."""

    key: str
    appearances: list[Appearance] = field(default_factory=list)

    @property
    def latest(self) -> Appearance:
        return self.appearances[-1]

    @property
    def name(self) -> str:
        return self.latest.player.name

    @property
    def page(self) -> str:
        return f"players/{self.key}.html"


def appearances(event: Event) -> list[Appearance]:
    """Every player of a championship with their place, whether or not they are a person."""
    record = event.record or {}
    standings = {s["player"]: s for s in record.get("standings", [])}
    has_pages = bool(record.get("player_pages"))
    found = []
    for player in event.players:
        line = standings.get(player.id, {})
        page = f"{event.slug}/players/{player.id}.html" if has_pages else f"{event.slug}/players.html"
        found.append(Appearance(event, player, line.get("place", ""), line.get("score", ""), page,
                                person_key(player)))
    return found


def gather(found: Iterable[Appearance]) -> list[Person]:
    """The people of the archive by key, from the appearances of every championship, the
    oldest championship first; each one's championships from the oldest."""
    people: dict[str, Person] = {}
    for appearance in found:
        if appearance.key:
            people.setdefault(appearance.key, Person(appearance.key)).appearances.append(appearance)
    return [people[key] for key in sorted(people)]


def ids(person: Person) -> dict[str, str]:
    """Every id the person's rows carry (``person``, ``egd_pin``...), the latest row's first."""
    found: dict[str, str] = {}
    for appearance in reversed(person.appearances):
        for column in ("person", *(c for c, _ in ID_COLUMNS)):
            if value := appearance.player.fields.get(column, "").strip():
                found.setdefault(column, value)
    return found


def people_json(people: list[Person]) -> dict:
    """``data/people.json``: every person with their championships, for other programs."""
    return {"people": [person_json(person) for person in people]}


def people_file(people: list[Person]) -> bytes:
    """The bytes of ``data/people.json`` (:func:`people_json` in the site's JSON spelling),
    written one person at a time into one buffer: the whole archive's list is never held
    as Python objects, one string, or a list of pieces beside the file (each of them ten
    megabytes and more for fifteen thousand people)."""
    from publisher.build.render import dumps  # with Jinja2: imported when the site is built

    out = io.BytesIO()
    out.write(b'{"people":[')
    for number, person in enumerate(people):
        out.write(b"," if number else b"")
        out.write(dumps(person_json(person))[:-1])
    out.write(b"]}\n")
    return out.getvalue()


def person_json(person: Person) -> dict:
    return {
        "key": person.key, "name": person.name, "country": person.latest.player.country,
        "club": person.latest.player.club, "page": person.page,
        "ids": ids(person),
        "championships": [{
            "slug": a.event.slug, "name": a.event.name, "game": a.event.game,
            "start": a.event.start.isoformat(), "player": a.player.id, "place": a.place,
            "score": a.score, "rank": str(a.player.rank) if a.player.rank else None,
            "rating": a.player.rating, "page": a.page,
        } for a in person.appearances],
    }

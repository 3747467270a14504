"""One person across championships, recognised only by an id, never by name.

A row of players.csv is a person of the archive when it carries a ``person`` column
(a key the archive keeper chooses, to link rows by hand) or a federation id: ``egd_pin``
(European Go Database), ``fesa_id`` (FESA, shogi) or ``ema`` (European Mahjong
Association). The first filled of ``person``, ``egd_pin``, ``fesa_id``, ``ema`` names the
row's person: ``person`` as written in lower case, the ids as ``egd-<pin>``, ``fesa-<id>``
and ``ema-<id>``. EGD PINs and EMA numbers are 8 digits, and spreadsheets drop their
leading zeros, so ``123456`` is ``00123456``; a PIN of ``0`` is no PIN. A row with both a
``person`` and a federation id joins the two for every row of either: one person, whose
page is that of the ``person`` key (the other key's page leads there). Two rows with the
same name and no id stay two people.

Names are compared by their letters (:func:`name_form`): an id whose rows carry names of
other letters is told as a warning, which ``content/people.toml`` silences
(:mod:`plugins.archive.keeper`).
"""

from __future__ import annotations

import functools
import io
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from plugins.archive.keeper import Keeper
from publisher.build.kept import Kept
from publisher.languages import message
from publisher.model import Event, File, Player
from publisher.problems import Problem, Problems, display_path
from publisher.text import fold

ID_COLUMNS = (("egd_pin", "egd"), ("fesa_id", "fesa"), ("ema", "ema"))
ID_NAMES = {"egd_pin": message("EGD PIN"), "fesa_id": message("FESA id"), "ema": message("EMA number"),
            "person": message("Archive key")}
EIGHT_DIGITS = frozenset({"egd", "ema"})  # federations whose ids are 8 digits
_PERSON = re.compile(r"[a-z0-9][a-z0-9_-]*")
_FEDERATION_ID = re.compile(r"[A-Za-z0-9]+")
_DIGITS = re.compile(r"[0-9]{1,8}")


@lru_cache(maxsize=1 << 16)  # every row's ids are asked for several times a build
def federation_id(prefix: str, value: str) -> str:
    """An id as its federation writes it: EGD PINs and EMA numbers of up to 8 digits as 8
    (``123456`` is ``00123456``), other ids as written; "" for none (empty, or a PIN of
    zeros). Raises ValueError for an id that could not name a page: only letters and digits do
    (what else the EMA's sheet refuses, its export tells)."""
    value = value.strip()
    if prefix in EIGHT_DIGITS:
        if not value.strip("0"):
            return ""
        if _DIGITS.fullmatch(value):
            return value.zfill(8)
    if value and not _FEDERATION_ID.fullmatch(value):
        raise ValueError("letters and digits only")
    return value


def player_ids(player: Player) -> dict[str, str]:
    """The row's federation ids by column, normalised (:func:`federation_id`); an id that
    is not one is left out (:func:`check_people` tells it)."""
    found = {}
    for column, prefix in ID_COLUMNS:
        try:
            value = federation_id(prefix, player.fields.get(column, ""))
        except ValueError:
            continue
        if value:
            found[column] = value
    return found


def row_keys(player: Player) -> tuple[str, str]:
    """The row's ``person`` key and its first federation id as a key (``egd-00123456``),
    each "" when the row has none."""
    person = player.fields.get("person", "").strip().lower()
    ids = player_ids(player)
    federation = next((f"{prefix}-{ids[column].lower()}" for column, prefix in ID_COLUMNS if column in ids),
                      "")
    return sys.intern(person), sys.intern(federation)  # one string for all of their rows


def person_key(player: Player) -> str:
    """The key of the person a row is (``egd-12345678``, ``ema-04290041``, a ``person``
    value), or "" for a row with neither: such a player has no archive page."""
    person, federation = row_keys(player)
    return person or federation


def normalise_key(written: str) -> str:
    """A person's key as people.toml may write it, as their page has it: lower case, and
    ``egd-123456`` is ``egd-00123456``. Raises ValueError saying why it is no key."""
    key = written.strip().lower()
    prefix, _, value = key.partition("-")
    if prefix in EIGHT_DIGITS and value.isdigit():
        value = federation_id(prefix, value)
        if not value:
            raise ValueError("a PIN of zeros is no PIN")
        return f"{prefix}-{value}"
    if not _PERSON.fullmatch(key):
        raise ValueError("use letters, digits, - and _ only")
    return key


@lru_cache(maxsize=1 << 16)
def name_form(name: str) -> str:
    """The letters of a name, folded, in word order made irrelevant: "Łukasz Wójcik",
    "Lukasz Wojcik" and "Wojcik Lukasz" have one form, "Jean-Pierre" and "Jean Pierre" too."""
    return " ".join(sorted(re.findall(r"[^\W_]+", fold(name))))


def outside_ascii(name: str) -> int:
    """How many letters of a name are not ASCII: of two spellings of one form, the one with
    more keeps its accents ("Łukasz Wójcik" over "Lukasz Wojcik")."""
    return sum(not c.isascii() for c in name)


def check_people(event: Event, problems: Problems) -> None:
    """Ids must make file names and be their federation's, and one person plays a
    championship once (a row's ``person`` key and its id are both that person)."""
    seen: dict[str, Player] = {}
    for player in event.players:
        person = player.fields.get("person", "").strip()
        if person and not _PERSON.fullmatch(person.lower()):
            problems.add(event.players_path, f"person {person!r} of {player.id!r} is not a valid key",
                         "use letters, digits, - and _ only, like mira-novak", line=player.line)
            continue
        bad = False
        for column, prefix in ID_COLUMNS:
            value = player.fields.get(column, "").strip()
            try:
                federation_id(prefix, value)
            except ValueError:
                bad = True
                problems.add(event.players_path, f"{column} {value!r} of {player.id!r} is not an id",
                             f"write the {column} as letters and digits only, like 12345678, or leave it "
                             "empty", line=player.line)
        if bad:
            continue
        for key in filter(None, row_keys(player)):
            if key in seen and seen[key] is not player:
                problems.add(event.players_path,
                             f"{player.id!r} and {seen[key].id!r} (line {seen[key].line}) are the same "
                             f"person ({key})", "a person plays a championship once: remove one row, "
                             "or correct the id", line=player.line)
                break
            seen[key] = player


@dataclass(slots=True)
class Appearance:
    """A player in one championship: the row of players.csv and how they finished."""

    event: Event
    player: Player
    place: str
    score: str
    wins: str
    page: str  # the player's page in that championship, from the site root
    key: str  # the row's person key (:func:`person_key`), "" for a row without an id


@dataclass(slots=True)
class Person:
    """Everyone the archive recognises across championships, with their championships, oldest
    first, every key their rows carry, and their names: the current one first."""

    key: str
    appearances: list[Appearance] = field(default_factory=list)
    keys: tuple[str, ...] = ()  # every key of their rows and of people.toml's tables, ``key`` first
    names: tuple[str, ...] = ()  # the name shown, then the others they played under, newest first

    @property
    def latest(self) -> Appearance:
        return self.appearances[-1]

    @property
    def name(self) -> str:
        return self.names[0] if self.names else self.latest.player.name

    @property
    def former_names(self) -> tuple[str, ...]:
        return self.names[1:]

    @property
    def name_native(self) -> str:
        """Their name in their own script (加藤 一二三) as their latest row that writes one has it,
        or ""."""
        return next((a.player.name_native for a in reversed(self.appearances) if a.player.name_native), "")

    @property
    def country(self) -> str:
        return self.latest.player.country

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
        found.append(Appearance(event, player, line.get("place", ""), line.get("score", ""),
                                line.get("wins", ""), page, person_key(player)))
    return found


class _Joined:
    """Keys joined into people (union-find): a ``person`` key and an id seen on one row."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        parent = self.parent.setdefault(key, key)
        while parent != key:
            self.parent[key] = self.parent.setdefault(parent, parent)
            key, parent = parent, self.parent[parent]
        return key

    def join(self, one: str, other: str) -> None:
        first, second = self.find(one), self.find(other)
        if first != second:
            self.parent[max(first, second)] = min(first, second)


def _page_key(keys: Iterable[str]) -> str:
    """The key whose page a person's is: a ``person`` key (the keeper's choice) before an id."""
    return min(keys, key=lambda k: (k.split("-", 1)[0] in {"egd", "fesa", "ema"}, k))


def appearance_keys(appearance: Appearance, keeper: Keeper,
                    keys: tuple[str, str] | None = None) -> tuple[str, str]:
    """The row's ``person`` key and federation key (``keys``, its :func:`row_keys` when known),
    the latter replaced by the key people.toml's ``separate`` gives rows of that id under that name."""
    person, federation = keys or row_keys(appearance.player)
    entry = keeper.entries.get(federation) if federation else None
    if entry is not None:
        form = name_form(appearance.player.name)
        federation = next((key for key, name in entry.separate if name_form(name) == form), federation)
    return person, federation


def gather(found: Iterable[Appearance], keeper: Keeper | None = None) -> list[Person]:
    """The people of the archive, from the appearances of every championship, the oldest
    championship first; each one's championships from the oldest. People are joined by the
    keys their rows share (and separated as people.toml says)."""
    keeper = keeper or Keeper()
    return joined_people(((a, appearance_keys(a, keeper)) for a in found if a.key), keeper)


def joined_people(rows: Iterable[tuple[Appearance, tuple[str, str]]], keeper: Keeper) -> list[Person]:
    """The people of these rows (each with its :func:`appearance_keys`, in the order of
    :func:`gather`), sorted by key: every row of a person must be among them."""
    joined = _Joined()
    found: list[tuple[Appearance, tuple[str, str]]] = []
    for appearance, keys in rows:
        person, federation = keys
        joined.find(person or federation)
        if person and federation:
            joined.join(person, federation)
        found.append((appearance, keys))
    members: dict[str, list[str]] = {}
    for key in joined.parent:
        members.setdefault(joined.find(key), []).append(key)
    people: dict[str, Person] = {}
    for root, keys in members.items():
        page_key = _page_key(keys)
        people[root] = Person(page_key, keys=(page_key, *sorted(set(keys) - {page_key})))
    for appearance, (person, federation) in found:
        people[joined.find(person or federation)].appearances.append(appearance)
    for person in people.values():
        aliases = [a for key in person.keys if (e := keeper.entries.get(key)) for a in e.aliases]
        person.names = names(person.appearances, aliases)
    return sorted(people.values(), key=lambda p: p.key)


def names(found: list[Appearance], aliases: Iterable[str] = ()) -> tuple[str, ...]:
    """The names a person is known by: the latest row's first, then the others they played
    under (newest first) and the keeper's aliases, one spelling of each form (the one with
    most letters outside ASCII, the newer of equals)."""
    best: dict[str, str] = {}
    order: list[str] = []
    for name in [*(a.player.name for a in reversed(found)), *aliases]:
        form = name_form(name)
        if form not in best:
            order.append(form)
            best[form] = name
        elif outside_ascii(name) > outside_ascii(best[form]):
            best[form] = name
    return tuple(best[form] for form in order)


def conflicts(people: list[Person], keeper: Keeper) -> list[Problem]:
    """A warning for every federation id whose rows carry names of other letters that the
    keeper has not confirmed (``aliases``) or separated: one PIN typed for two people, or
    someone who changed their name. It names the id and both championship folders."""
    return [problem for person in people for problem in person_conflicts(person, keeper)]


def person_conflicts(person: Person, keeper: Keeper) -> list[Problem]:
    """The warnings of :func:`conflicts` for one person: one for each id of theirs."""
    found = []
    confirmed = {name_form(a) for key in person.keys if (e := keeper.entries.get(key)) for a in e.aliases}
    by_id: dict[str, list[Appearance]] = {}
    for appearance in person.appearances:
        keys = row_keys(appearance.player)
        federation = keys[1]
        if federation and appearance_keys(appearance, keeper, keys)[1] == federation:  # not separated
            by_id.setdefault(federation, []).append(appearance)
    for federation, rows in by_id.items():
        first = rows[0]
        forms = {name_form(first.player.name)}
        for later in rows[1:]:
            form = name_form(later.player.name)
            if form in forms or form in confirmed or name_form(first.player.name) in confirmed:
                forms.add(form)
                continue
            column = next(c for c, p in ID_COLUMNS if federation.startswith(p + "-"))
            value = federation.split("-", 1)[1]
            found.append(Problem(
                later.event.players_path,
                f"{column} {value} of {later.player.id!r} is {later.player.name!r} here but "
                f"{first.player.name!r} in {first.event.slug} (line {first.player.line}): one "
                f"person page shows both", f"if they are one person, write aliases = "
                f"[{_toml(first.player.name)}] under [{person.key}] in {display_path(keeper.path)}; "
                f"if not, "
                f"correct the id or write separate = {{ new-key = {_toml(first.player.name)} }} "
                f"under [{federation}]", later.player.line))
            break
    return found


def _toml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ids(person: Person) -> dict[str, str]:
    """Every id the person's rows carry (``person``, ``egd_pin``...), normalised, the latest
    row's first."""
    found: dict[str, str] = {}
    for appearance in reversed(person.appearances):
        if value := appearance.player.fields.get("person", "").strip().lower():
            found.setdefault("person", value)
        for column, value in player_ids(appearance.player).items():
            found.setdefault(column, value)
    return found


PEOPLE_FORMAT = 2  # data/people.json names its parts; format 1 was one file of every person
_NOT_PART = re.compile(r"[^a-z0-9]")


@lru_cache(maxsize=1 << 16)
def people_part(key: str) -> str:
    """The part of ``data/people/`` a person's key is in: its last two letters or digits
    (``egd-11100001`` is in ``01``, ``mira-novak`` in ``ak``). Not its first letter: nearly
    every key starts ``egd-`` or ``ema-``. A person stays in their part as long as their key."""
    return _NOT_PART.sub("", key)[-2:]


def people_files(people: list[Person], kept: Kept) -> list[File]:
    """``data/people/<part>.json`` for each part (:func:`people_part`), each the
    :func:`people_json` of its people, and ``data/people.json`` naming them: a save rewrites
    only the parts whose people it changed. A part is its people's :func:`person_bytes`
    joined, so under ``watch`` only the people a save made again are encoded again."""
    from publisher.build.render import dumps  # with Jinja2: imported when the site is built

    parts: dict[str, list[Person]] = {}
    for person in people:
        parts.setdefault(people_part(person.key), []).append(person)
    encoded = kept.store("archive.person-json")
    for gone in encoded.keys() - {person.key for person in people}:
        del encoded[gone]
    index = {"format": PEOPLE_FORMAT, "count": len(people),
             "parts": [{"path": f"people/{part}.json", "count": len(found)}
                       for part, found in sorted(parts.items())]}
    return [File("data/people.json", dumps(index)),
            *(File(f"data/people/{part}.json", functools.partial(people_file, found, kept))
              for part, found in sorted(parts.items()))]


def people_json(people: list[Person]) -> dict:
    """A part of ``data/people.json``: its people with their championships, for other programs."""
    return {"people": [person_json(person) for person in people]}


def people_file(people: list[Person], kept: Kept | None = None) -> bytes:
    """The bytes of a part of ``data/people.json`` (:func:`people_json` in the site's JSON
    spelling), written one person at a time into one buffer: a part is never held as Python
    objects, one string, or a list of pieces beside the file. With ``kept``, each person's
    bytes are :func:`person_bytes`, made once per person."""
    out = io.BytesIO()
    out.write(b'{"people":[')
    for number, person in enumerate(people):
        out.write(b"," if number else b"")
        out.write(_person_bytes(person) if kept is None else person_bytes(person, kept))
    out.write(b"]}\n")
    return out.getvalue()


def person_bytes(person: Person, kept: Kept) -> bytes:
    """A person's part of ``data/people.json``, kept in ``kept`` while they are the same object:
    a build makes it once for their page's digest and their part of the file, and under
    ``watch`` a save in one championship makes again only its people's."""
    store = kept.store("archive.person-json")
    previous = store.get(person.key)
    if previous is not None and previous[0] is person:
        return previous[1]
    data = _person_bytes(person)
    store[person.key] = (person, data)
    return data


def _person_bytes(person: Person) -> bytes:
    from publisher.build.render import dumps  # with Jinja2: imported when the site is built

    return dumps(person_json(person))[:-1]


def person_json(person: Person) -> dict:
    return {
        "key": person.key, "name": person.name, "name_native": person.name_native,
        "also": list(person.former_names),
        "country": person.latest.player.country, "club": person.latest.player.club, "page": person.page,
        "ids": ids(person),
        "championships": [{
            "slug": a.event.slug, "name": a.event.name, "game": a.event.game,
            "start": a.event.start.isoformat(), "player": a.player.id, "as": a.player.name,
            "place": a.place, "wins": a.wins, "score": a.score,
            "rank": str(a.player.rank) if a.player.rank else None,
            "rating": a.player.rating, "page": a.page,
        } for a in person.appearances],
    }

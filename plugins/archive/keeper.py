"""``content/people.toml``: what the archive's keeper knows that the ids get wrong.

A federation id names one person, but ids are typed by hand: one PIN is sometimes given to
two people, and people change their names. The build warns when one id carries names that
do not fold to the same letters; the keeper answers in this file, one table per person's
key (as in the address of their page)::

    [egd-12345678]                # one person: she played as Anna Schmidt before
    aliases = ["Anna Schmidt"]

    [egd-00123456]                # the PIN was given to someone else too: her rows are hers
    separate = { hana-sato = "Hana Sato" }

``aliases`` confirm that the names are the person's (and add names never seen in a
players.csv, for the search); ``separate`` gives the rows of the id under a name a person
of their own, with the key written before the name. Both silence the warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from publisher.problems import Problems

FILE = "people.toml"
ALIASES_FIX = 'write the names as a list of text, like aliases = ["Anna Schmidt"]'
SEPARATE_FIX = 'write the person\'s key and the name, like separate = { hana-sato = "Hana Sato" }'


@dataclass(frozen=True)
class Entry:
    """One person's table of people.toml: names they played under, rows that are someone else's."""

    aliases: tuple[str, ...] = ()
    separate: tuple[tuple[str, str], ...] = ()  # (new person's key, name)


@dataclass(frozen=True)
class Keeper:
    """The whole file, by normalised key; ``path`` is where it is (it may not exist)."""

    path: Path = Path("content", FILE)
    entries: dict[str, Entry] = field(default_factory=dict)


def read_keeper(content: Path, normalise: Callable[[str], str]) -> Keeper:
    """Read ``content/people.toml`` (nothing when it is not there). ``normalise`` gives the
    key a person's page has for a key as written (``egd-123456`` is ``egd-00123456``), or
    raises ValueError saying why it is no key. Every mistake is a problem naming the key."""
    from publisher.content.folders import read_toml

    path = content / FILE
    if not path.is_file():
        return Keeper(path)
    problems = Problems()
    entries: dict[str, Entry] = {}
    for written, table in read_toml(path).items():
        try:
            key = normalise(written)
        except ValueError as exc:
            problems.add(path, f"{written!r} is not a person's key: {exc}",
                         "write the key of the person's page, like egd-12345678 or mira-novak", key=written)
            continue
        if not isinstance(table, dict):
            problems.add(path, "must be a table", f'write [{written}] on a line of its own, then '
                         'aliases = ["..."] or separate = { ... } under it', key=written)
            continue
        entry = _entry(path, written, table, normalise, problems)
        if entry is not None:
            if key in entries:
                problems.add(path, f"names the same person as another table ({key})",
                             "join the two tables into one", key=written)
            entries[key] = entry
    problems.check()
    return Keeper(path, entries)


def _entry(path: Path, written: str, table: dict, normalise: Callable[[str], str],
           problems: Problems) -> Entry | None:
    before = len(problems.items)
    for unknown in sorted(set(table) - {"aliases", "separate"}):
        problems.add(path, "is not a setting of a person", "use aliases or separate",
                     key=f"{written}.{unknown}")
    aliases = table.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
        problems.add(path, "must be a list of names", ALIASES_FIX, key=f"{written}.aliases")
        aliases = []
    separate: list[tuple[str, str]] = []
    others = table.get("separate", {})
    if not isinstance(others, dict):
        problems.add(path, "must be a table of keys and names", SEPARATE_FIX, key=f"{written}.separate")
        others = {}
    for other, name in others.items():
        try:
            other_key = normalise(other)
        except ValueError as exc:
            problems.add(path, f"{other!r} is not a person's key: {exc}",
                         "use letters, digits, - and _ only, like hana-sato", key=f"{written}.separate")
            continue
        if not isinstance(name, str) or not name.strip():
            problems.add(path, f"the name of {other!r} must be text", SEPARATE_FIX, key=f"{written}.separate")
            continue
        separate.append((other_key, name.strip()))
    if len(problems.items) > before:
        return None
    return Entry(tuple(a.strip() for a in aliases), tuple(separate))

"""The archive's people kept between builds are those a fresh gathering finds, whatever changed.

Under ``watch`` the people of the archive are gathered again only where a championship
changed (:func:`plugins.archive.kept.archive_people`). Random archives of a few
championships, whose rows share ``person`` keys and EGD PINs under names that agree or
not, are changed one championship at a time (rows replaced, a championship added or taken
away, people.toml's aliases and separations changed), and after each step the kept people
and their warnings must be exactly those of :func:`gather` and :func:`conflicts` of everything.
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from plugins.archive.clubs import groups
from plugins.archive.keeper import Entry, Keeper
from plugins.archive.kept import Championship, archive_people
from plugins.archive.people import Appearance, conflicts, gather, row_keys
from plugins.archive.search import people_shards, person_rows, shards
from publisher.build.kept import Kept
from publisher.model import Player

PERSONS = ["", "", "mira", "jan-novak"]
PINS = ["", "", "11100001", "11100002", "111003"]
NAMES = ["Mira Novak", "Jan Novak", "Ana Kos", "Novak Mira"]
COUNTRIES = ["SI", "si", "HR", "", "Slovenia"]
CLUBS = ["GK Maribor", "gk-maribor", "GK Zagreb", ""]


def championship(slug: str, rng: random.Random) -> Championship:
    """A championship of a few rows of random keys and names (each one's keys once, as
    the archive checks)."""
    start = datetime.date(2025, 1, 1) + datetime.timedelta(rng.randrange(400))
    event = SimpleNamespace(slug=slug, players_path=Path(slug, "players.csv"), name=slug.title(), start=start,
                            players=[])
    people, others, seen = [], [], set()
    for number in range(rng.randrange(0, 5)):
        fields = {"person": rng.choice(PERSONS), "egd_pin": rng.choice(PINS)}
        player = Player(f"p{number}", rng.choice(NAMES), number + 2, country=rng.choice(COUNTRIES),
                        club=rng.choice(CLUBS), fields=fields)
        event.players.append(player)
        keys = set(filter(None, row_keys(player)))
        if keys and not keys & seen:
            seen |= keys
            people.append(Appearance(event, player, str(number + 1), "", "", f"{slug}/players.html",
                                     fields["person"] or f"egd-{fields['egd_pin'].zfill(8)}"))
        elif not keys:  # no id: on their club's and country's pages, once for this championship
            others.append((f"{slug}/{player.id}", Appearance(event, player, str(number + 1), "", "",
                                                             f"{slug}/players.html", "")))
    return Championship(event, people, [row_keys(a.player) for a in people], others, {}, [])


def keeper(rng: random.Random) -> Keeper:
    entries = {}
    if rng.random() < 0.5:
        entries["egd-11100001"] = Entry(aliases=("Ana Kos",) if rng.random() < 0.5 else (),
                                        separate=(("ana-kos", "Ana Kos"),) if rng.random() < 0.5 else ())
    return Keeper(Path("content/people.toml"), entries)


def seen(people: list) -> list[tuple]:
    return [(p.key, p.keys, p.names, [id(a) for a in p.appearances]) for p in people]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 8))
def test_kept_people_are_those_gathered_afresh(seed, steps):
    rng = random.Random(seed)
    parts = [championship(f"c{n}", rng) for n in range(rng.randrange(1, 5))]
    kept, now = Kept(), Keeper()
    for _ in range(steps):
        people, problems = archive_people(parts, now, kept)
        fresh = gather((a for part in parts for a in part.people), now)
        assert seen(people) == seen(fresh)
        assert problems == conflicts(fresh, now)
        # what is made of them and kept too: search rows, index files, clubs and countries
        assert people_shards(people, kept) == shards(person_rows(fresh))
        others = [other for part in parts for other in part.others]
        assert groups(people, others, kept) == groups(fresh, others)
        once, told = archive_people(parts, now, Kept(between_builds=False))  # what `publisher build` does
        assert (seen(once), told) == (seen(fresh), problems)
        action = rng.random()
        if action < 0.6 and parts:
            number = rng.randrange(len(parts))
            parts[number] = championship(parts[number].event.slug, rng)
        elif action < 0.75:
            parts.insert(rng.randrange(len(parts) + 1), championship(f"c{rng.randrange(10**6)}", rng))
        elif action < 0.9 and parts:
            parts.pop(rng.randrange(len(parts)))
        else:
            now = keeper(rng)

"""The people half of the archive's search: a static index in small files, one per letter.

Every player of every championship is in it: a person (an id across championships)
once, pointing to their archive page; a player without an id once per championship,
pointing to their page there. Names are folded by the same ``search_key`` as
find-your-table, so "kovacevic" finds "Kovačević" and "lukasz" finds "Łukasz"; the
page folds what is typed with ``fold`` and the table of letters that accents do not
cover (``data/search/fold.js``).

An archive of 50,000 people makes one index of several megabytes, too much for a
phone on a hall's network; so the index is split by the first letter of each word of
the folded name (``data/search/people-k.js`` holds everyone with a name word starting
with k), and the page loads only the file of the first letter typed. Each file is
JSON wrapped in one call, ``archiveSearch.people("k", [...])``, because browsers refuse
``fetch()`` from a folder (``file://``) but do run a script from it.
"""

from __future__ import annotations

import functools
import json
import string

from plugins.archive.people import Appearance, Person
from publisher.model import File
from publisher.text import fold_table, search_key

SHARDS = string.ascii_lowercase + string.digits
OTHER = "_"  # names whose word starts with anything else


# Every rebuild under watch makes the index again from names that mostly did not change.
_folded = functools.lru_cache(maxsize=1 << 17)(search_key)


def shard_of(word: str) -> str:
    """The index file a folded name word is in: its first letter, or ``_``."""
    return word[0] if word[:1] in SHARDS and word[:1] else OTHER


def entries(people: list[Person], found: list[Appearance]) -> list[list[str]]:
    """``[folded name, name, country, what, page]`` for everyone (``found`` is every player
    of every championship), in order of folded name."""
    rows = []
    for person in people:
        count = len(person.appearances)
        what = person.latest.event.name if count == 1 else f"{count} championships"
        rows.append([_folded(person.name), person.name, person.latest.player.country, what,
                     person.page])
    for appearance in found:
        if not appearance.key:
            player = appearance.player
            rows.append([_folded(player.name), player.name, player.country, appearance.event.name,
                         appearance.page])
    return sorted(rows)


def shards(rows: list[list[str]]) -> dict[str, list[list[str]]]:
    """The rows of each index file; a row is in the file of every word of its name."""
    found: dict[str, list[list[str]]] = {}
    for row in rows:
        for letter in _letters(row[0]):
            found.setdefault(letter, []).append(row)
    return found


@functools.lru_cache(maxsize=1 << 17)
def _letters(folded: str) -> tuple[str, ...]:
    """The index files a folded name is in (kept, as ``_folded``, for the next rebuild)."""
    return tuple(sorted({shard_of(word) for word in folded.split()}))


def index_files(rows: list[list[str]]) -> list[File]:
    """``data/search/people-<letter>.js`` for every letter some name word starts with, and
    ``data/search/fold.js``, the folding of letters like ł, ø and ß for what is typed."""
    table = json.dumps(fold_table(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return [File("data/search/fold.js", f"var archiveSearchFold = {table};\n".encode()),
            *(File(f"data/search/people-{letter}.js", _script(letter, part))
              for letter, part in sorted(shards(rows).items()))]


# Each index file's rows and bytes as last made: a save under watch changes a few places,
# never a name, and encoding fifty thousand rows again is most of the index's time.
_made: dict[str, tuple[list[list[str]], bytes]] = {}


def _script(letter: str, rows: list[list[str]]) -> bytes:
    made = _made.get(letter)
    if made is not None and made[0] == rows:
        return made[1]
    body = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    script = f'archiveSearch.people("{letter}",{body});\n'.encode()
    _made[letter] = (rows, script)
    return script

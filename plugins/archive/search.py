"""The people half of the archive's search: a static index in small files.

Every player of every championship is in it: a person (an id across championships)
once, pointing to their archive page; a player without an id once per championship,
pointing to their page there. A row is found by its words (:func:`search_words`): every
part of every name the person played under, split where the name has a space, a hyphen
or an apostrophe, and each such name word joined again ("o'neill" is ``o``, ``neill``
and ``oneill``), folded by the same ``search_key`` as find-your-table ("kovacevic"
finds "Kovačević", "lukasz" finds "Łukasz"); their name in their own script with its
readings (加藤, 加藤一二三, ``katou``, ``kato``); and their federation ids (``00123456``,
and ``123456`` as a spreadsheet writes it). The page folds what is typed with ``fold``
and the table of letters that accents do not cover (``data/search/fold.js``), splits it
the same way, and finds the rows where every typed part starts a word.

An archive of 50,000 people makes one index of several megabytes, too much for a
phone on a hall's network; so the index is split by the first letter of each word
(``data/search/people-k.js`` holds everyone with a word starting with k) and, for words
that start with a digit (ids), by their first three digits (``people-111.js``): nearly
every EGD PIN starts with a 1. Words in other scripts (加藤, 김민준) are in ``people-_.js``,
and a name in Japanese, Chinese or Korean is also in the files of its readings' letters
(``people-k.js`` for ``katou``). The page loads only the file of the first word typed
(and waits for three digits of an id). Each file is JSON wrapped in one call,
``archiveSearch.people("k", [...])``, because browsers refuse ``fetch()`` from a folder
(``file://``) but do run a script from it.
"""

from __future__ import annotations

import functools
import heapq
import io
import itertools
import json
import operator
import re
import string
from collections.abc import Iterable, Iterator

from plugins.archive.people import Appearance, Person, ids
from publisher.build.kept import Kept
from publisher.model import File
from publisher.text import fold_table, search_key

LETTERS = string.ascii_lowercase
DIGITS_SHARD = 3  # a word that starts with a digit is in the file of its first three
OTHER = "_"  # names whose word starts with anything else
_PARTS = re.compile(r"[^\W_]+")  # what the page splits typed text into: letters and digits


def shard_of(word: str) -> str | None:
    """The index file a word is in: its first letter, its first three digits, or ``_``;
    None for a word of one or two digits, which no file holds (too many ids start so)."""
    if word[:1].isascii() and word[:1].isdigit():
        return word[:DIGITS_SHARD] if len(word) >= DIGITS_SHARD else None
    return word[0] if word[:1] in LETTERS and word[:1] else OTHER


@functools.lru_cache(maxsize=1 << 17)  # a rebuild under watch finds the same names again
def name_words(name: str, country: str = "") -> tuple[str, ...]:
    """The words a name is found by: each part folded (both spellings of an umlaut, the
    readings of a name in its own script, whose ``country`` tells Japanese Han from Chinese),
    and each word of several parts joined too ("smith-jones": smith, jones, smithjones)."""
    words: list[str] = []
    for token in search_key(name, country).split():
        parts = _PARTS.findall(token)
        words += parts
        if len(parts) > 1:
            words.append("".join(parts))
    return tuple(words)


def search_words(names: Iterable[str], id_values: Iterable[str] = (), country: str = "") -> str:
    """The words of a row, the first name's first, each once, space-separated: the parts of
    every name (of a player of ``country``), and each id as written and without its leading zeros."""
    words = [w for name in names for w in name_words(name, country)]
    for value in id_values:
        words += [value.lower(), value.lstrip("0").lower()]
    return " ".join(dict.fromkeys(w for w in words if w))


def person_rows(people: list[Person], kept: Kept | None = None) -> list[list[str]]:
    """``[words, name, country, what, page]`` of every person, in order. Under ``watch`` each
    person's row is kept in ``kept`` while they are the same object (the archive keeps a
    person whose championships did not change: :func:`plugins.archive.kept.archive_people`),
    and a row made again that reads the same is kept as the same list: a save that changed
    nobody's row (most saves: a result moves places, not names) returns the same sorted
    list, which :func:`people_shards` then does not split into index files again."""
    store = kept.store("archive.person-rows") if kept is not None and kept.between_builds else None
    if store is None:
        return sorted(map(person_row, people))
    last = store.get("rows", {})
    made, changed = {}, len(last) != len(people)
    for person in people:
        previous = last.get(person.key)
        if previous is None or previous[0] is not person:
            row = person_row(person)
            if previous is not None and previous[1] == row:
                row = previous[1]
            else:
                changed = True
            previous = (person, row)
        made[person.key] = previous
    store["rows"] = made
    if changed or "sorted" not in store:  # a save that changed nobody's row keeps the same list
        store["sorted"] = sorted(row for _, row in made.values())
    return store["sorted"]


def person_row(person: Person) -> list[str]:
    count = len(person.appearances)
    what = person.latest.event.name if count == 1 else str(count)  # the page words the count
    found = ids(person)
    found.pop("person", None)
    return [search_words([*person.names, person.name_native], found.values(), person.country), person.name,
            person.country, what, person.page]


def player_rows(found: list[Appearance]) -> list[list[str]]:
    """The rows of a championship's players who are no person of the archive (``found`` is
    its every player), pointing to their page there, in order."""
    return sorted([search_words([a.player.name, a.player.name_native], country=a.player.country),
                   a.player.name, a.player.country, a.event.name, a.page]
                  for a in found if not a.key)


def shards(rows: list[list[str]]) -> dict[str, list[list[str]]]:
    """The rows of each index file, in the order of ``rows``; a row is in the file of every
    word of its name."""
    found: dict[str, list[list[str]]] = {}
    for row in rows:
        for letter in _letters(row[0]):
            found.setdefault(letter, []).append(row)
    return found


def people_shards(people: list[Person], kept: Kept) -> dict[str, list[list[str]]]:
    """The people's rows by index file (:func:`shards` of :func:`person_rows`), kept in
    ``kept`` as the same lists where they did not change since the last build."""
    store = kept.store("archive.people-rows")
    rows = person_rows(people, kept)
    if rows is not store.get("from"):
        store["rows"] = steady(shards(rows), store.get("rows", {}))
        store["from"] = rows if kept.between_builds else None
    return store["rows"]


def steady(rows: dict[str, list[list[str]]], kept: dict[str, list[list[str]]]) -> dict[str, list[list[str]]]:
    """``rows`` (by index file), each letter's rows replaced by ``kept``'s list where they
    are equal: an index file made of the same lists as last time is not made again."""
    return {letter: kept[letter] if kept.get(letter) == part else part for letter, part in rows.items()}


@functools.lru_cache(maxsize=1 << 17)
def _letters(words: str) -> tuple[str, ...]:
    """The index files a row of these words is in (kept, as ``name_words``, for the next rebuild)."""
    return tuple(sorted({shard for word in words.split() if (shard := shard_of(word))}))


def index_files(parts: list[dict[str, list[list[str]]]], kept: Kept) -> list[File]:
    """``data/search/people-<letter>.js`` for every letter (or three digits) some word starts with, and
    ``data/search/fold.js``, the folding of letters like ł, ø and ß for what is typed.
    ``parts`` are rows by letter (:func:`shards`), each in order: the people's and each
    championship's players'; a file holds its letter's rows of every part, in order. Each
    file is made as it is written: the index of a big archive is never held whole. Under
    ``watch`` each file's parts and bytes are kept in ``kept``: a save changes a few
    places, never a name, and encoding fifty thousand rows again is most of the index's
    time."""
    table = json.dumps(fold_table(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    letters = sorted({letter for part in parts for letter in part})
    return [File("data/search/fold.js", f"var archiveSearchFold = {table};\n".encode()),
            *(File(f"data/search/people-{letter}.js",
                   functools.partial(_script, kept, letter, tuple(p[letter] for p in parts if letter in p)))
              for letter in letters)]


def _script(kept: Kept, letter: str, parts: tuple[list[list[str]], ...]) -> bytes:
    """The index file of ``letter``, or its bytes as last made from the same lists."""
    made = kept.store("archive.index").get(letter)
    if made is not None and len(made[0]) == len(parts) and all(map(operator.is_, made[0], parts)):
        return made[1]
    script = _encoded(letter, heapq.merge(*parts))  # what sorting them all gives: each part is in order
    if kept.between_builds:
        kept.store("archive.index")[letter] = (parts, script)
    return script


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
ROWS_AT_ONCE = 2000


def _encoded(letter: str, rows: Iterator[list[str]]) -> bytes:
    """The index file of ``letter`` holding ``rows``, encoded a few thousand rows at a time
    into one buffer: a letter that fifty thousand names start with is a file of several
    megabytes, and made in one piece it was held four times over (rows, text, script, bytes)."""
    out = io.BytesIO()
    out.write(f'archiveSearch.people("{letter}",['.encode())
    first = True
    while chunk := list(itertools.islice(rows, ROWS_AT_ONCE)):
        if not first:
            out.write(b",")
        out.write(_ENCODER.encode(chunk)[1:-1].encode())
        first = False
    out.write(b"]);\n")
    return out.getvalue()

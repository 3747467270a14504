"""The clubs and countries of the archive: a page for each, listing everyone of it.

A person belongs to the club and the country of their latest championship (the row their
page shows); a player without an id, who is no person of the archive, belongs to those of
their row, once per championship, listed without a page of their own (their championship
links their page there). A club's page is ``clubs/<slug>.html``, its slug made from its
folded name (:func:`club_slug`), so "GK Maribor" and "gk-maribor" share a page; a country's
is ``countries/<code>.html`` by its ISO 3166-1 alpha-2 code, named as the CLDR names it in
the page's language (the ``country`` filter, :mod:`plugins.archive.filters`). A country
that is no such code gets no page.

Who a club's page lists is not made from its members' files alone: someone who plays a
new championship for another club leaves it without a change to any file of those who
stay. So each page's context is the plain text it shows (names, links, places), keyed as
it is (:mod:`publisher.build.pagekeys`): a save anywhere renders again only the pages whose
text changed, and a page rendered again with the same bytes is not written.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import sys
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from plugins.archive.people import Appearance, Person, outside_ascii
from publisher.build.kept import Kept
from publisher.build.pagekeys import digest
from publisher.languages import SOURCE, Message, language_of, locale_of, message
from publisher.model import Page
from publisher.text import fold

if TYPE_CHECKING:
    from gettext import NullTranslations

CLUBS, COUNTRIES = "clubs", "countries"
_SLUG_PARTS = re.compile(r"[a-z0-9]+")


class Played(NamedTuple):
    """One championship of a member as their club's page shows it (a tuple: the pages' keys
    pickle thousands of them at every build)."""

    date: str
    slug: str  # the championship's folder
    championship: str
    page: str  # the member's page in that championship, from the site root
    place: str  # "1", "=2" (shown as "1st", "=2nd"), "" when not placed
    field: int  # how many played


class Member(NamedTuple):
    """A person of the archive (``page`` their page) or a player without an id (``page`` "")."""

    name: str
    page: str
    played: tuple[Played, ...]  # newest first
    digest: bytes = b""  # of the fields above: what their club's and country's digests are made of


class Group(NamedTuple):
    """A club or a country with its members, sorted by name."""

    kind: str  # CLUBS or COUNTRIES
    slug: str  # the club's slug, the country's code in lower case
    name: str
    also: tuple[str, ...]  # a club's other spellings that share its page
    members: tuple[Member, ...]
    championships: int = 0  # how many its members played, counted once when it is made
    digest: bytes = b""  # of the fields above, its members' by theirs: its page's key (Page.digest)

    @property
    def page(self) -> str:
        return group_page(self.kind, self.slug)


def group_page(kind: str, slug: str) -> str:
    return f"{kind}/{slug}.html"


@lru_cache(maxsize=1 << 12)
def club_slug(club: str) -> str:
    """The page name of a club: its folded name's letters and digits, joined by ``-``
    ("GK Maribor" and "gk-maribor" are ``gk-maribor``); a name of no Latin letters
    (漢字) is ``club-`` and a digest of it, so it still has a page; ``index`` is the list's."""
    folded = fold(" ".join(club.split()))
    slug = "-".join(_SLUG_PARTS.findall(folded))
    if not slug:
        return "club-" + hashlib.sha256(folded.encode()).hexdigest()[:10]
    return "index-club" if slug == "index" else slug


@lru_cache(maxsize=1 << 10)
def country_code(country: str) -> str:
    """The ISO 3166-1 alpha-2 code a players.csv country is (``si`` is SI, ``UK`` is GB, as
    the EMA's sheet reads them), or "" for a value that is none ("Slovenia")."""
    from plugins.ema.sheet import COMMON_SLIPS

    code = country.strip().upper()
    code = COMMON_SLIPS.get(code, code)
    return code if code in _iso_codes() else ""


@lru_cache(maxsize=1)
def _iso_codes() -> frozenset[str]:
    """The codes the EMA's sheet takes (Babel's territories that ISO assigns): one list of them."""
    from plugins.ema.sheet import iso_countries

    return iso_countries()


@lru_cache(maxsize=1 << 12)
def country_name(code: str, language: str = SOURCE) -> str:
    """A country's name in ``language``, as the CLDR writes it (``SI`` is Slovenia, スロベニア)."""
    return locale_of(language).territories.get(code, code)


class CountryName(Message):
    """A country's name as a page's title (or any text a template prints): its name in the
    page's language when the page is rendered (the CLDR's), in English until then."""

    def __new__(cls, code: str) -> CountryName:
        self = str.__new__(cls, country_name(code))
        self.msgid, self.plural, self.n, self.params = str(self), "", None, ()
        self.code = code
        return self

    def __reduce__(self) -> tuple:
        return CountryName, (self.code,)

    def translate(self, translations: NullTranslations) -> str:
        return country_name(self.code, language_of(translations))


def club_link(club: str) -> str:
    """The page of a club, from the site root, or "" for no club."""
    return group_page(CLUBS, club_slug(club)) if club.strip() else ""


def country_link(country: str) -> tuple[str, str]:
    """The code and page of a country, or ``(country, "")`` for a value that is no ISO code."""
    code = country_code(country) if country.strip() else ""
    return (code, group_page(COUNTRIES, code.lower())) if code else (country, "")


def _played(appearances: list[Appearance]) -> tuple[Played, ...]:
    """A member's championships, newest first (``appearances`` are oldest first). Each place
    is the one string of its text: a page's key is its context's pickle, which writes a
    string met twice once, so equal places must be one object in every build (a summary
    read from the build's record holds its own copies)."""
    return tuple(Played(a.event.start.isoformat(), a.event.slug, a.event.name, a.page, sys.intern(a.place),
                        len(a.event.players)) for a in reversed(appearances))


def groups(people: list[Person], others: Iterable[tuple[str, Appearance]],
           kept: Kept | None = None) -> tuple[list[Group], list[Group]]:
    """The clubs and the countries of the archive, each sorted by name: every person by
    their latest row, every player without an id by their row (``others``, each by its key,
    ``<slug>/<player id>``: :attr:`plugins.archive.kept.Championship.others`). Under ``watch``
    what they were gathered into is kept (:class:`_Gathered`): a person's entry while they
    are the same person (the archive keeps a person whose championships did not change:
    :func:`plugins.archive.kept.archive_people`) or the same appearance, and each club and
    country while its entries are the same, so a save makes again the entries of its
    championship and the clubs and countries they are in or left."""
    keep = kept is not None and kept.between_builds
    store = kept.store("archive.members") if keep else {}
    gathered = store.pop("gathered", None) or _Gathered()  # taken out while changed: see archive_people
    gathered.update([*((person.key, person) for person in people), *others])
    if keep:
        store["gathered"] = gathered
    found = gathered.groups
    return (_by_name([g for (kind, _), g in found.items() if kind == CLUBS]),
            _by_name([g for (kind, _), g in found.items() if kind == COUNTRIES]))


# A person's or a player's entry: what it was made from, their Member, their club's slug and
# the spelling their row gives it ("" without a club) and their country's code ("" without one).
_Entry = tuple[object, Member, str, str, str]


class _Gathered:
    """Every entry of the archive by its key (a person's, or ``<slug>/<player id>`` for a player
    without an id), the entries of each club and country, and their groups, kept up to date
    by :meth:`update`: a save changes the entries of one championship's players, and only
    the groups those are in or left are made again, from their rows as they are kept."""

    def __init__(self) -> None:
        self.entries: dict[str, _Entry] = {}
        self.rows: dict[tuple[str, str], _Rows] = {}
        self.groups: dict[tuple[str, str], Group] = {}

    def update(self, sources: list[tuple[str, Person | Appearance]]) -> None:
        """The entries of ``sources`` (everyone of the archive, by key), the groups made again
        where their entries changed."""
        entries, touched = self.entries, set()
        for key, source in sources:
            last = entries.get(key)
            if last is not None and last[0] is source:
                continue
            entry = entries[key] = _entry(source, last)
            if last is None or last[1] is not entry[1] or last[2:] != entry[2:]:
                self._move(key, last, entry, touched)
        if len(entries) != len(sources):  # some are gone: a championship changed or taken away
            for key in entries.keys() - {key for key, _ in sources}:
                self._move(key, entries.pop(key), None, touched)
        for kind, slug in touched:
            rows = self.rows[kind, slug]
            if rows.members:
                self.groups[kind, slug] = _group(kind, slug, rows)
            else:
                del self.rows[kind, slug]
                self.groups.pop((kind, slug), None)

    def _move(self, key: str, last: _Entry | None, entry: _Entry | None,
              touched: set[tuple[str, str]]) -> None:
        """Entry ``key`` out of the club and country of ``last``, into those of ``entry``."""
        if last is not None:
            for kind, slug in ((CLUBS, last[2]), (COUNTRIES, last[4])):
                if slug:
                    self.rows[kind, slug].remove(key)
                    touched.add((kind, slug))
        if entry is not None:
            _, member, club, club_name, country = entry
            for kind, slug, name in ((CLUBS, club, club_name), (COUNTRIES, country, "")):
                if slug:
                    self.rows.setdefault((kind, slug), _Rows()).add(key, name, member)
                    touched.add((kind, slug))


class _Rows:
    """The entries of one club or country: its members in the order its page lists them (by
    name; namesakes without an id by their championship's page, each a row of its own),
    kept in order as they come and go, with how many of them write each spelling of a
    club's name and how many played each championship."""

    def __init__(self) -> None:
        self.members: dict[str, tuple[str, Member, tuple]] = {}  # by key: spelling, member, position
        self.order: list[tuple[tuple, str]] = []
        self.spellings: Counter[str] = Counter()
        self.championships: Counter[str] = Counter()

    def add(self, key: str, spelling: str, member: Member) -> None:
        position = (fold(member.name), member.name, member.page, member.played[0].page)
        self.members[key] = (spelling, member, position)
        bisect.insort(self.order, (position, key))
        if spelling:
            self.spellings[spelling] += 1
        self.championships.update(p.slug for p in member.played)

    def remove(self, key: str) -> None:
        spelling, member, position = self.members.pop(key)
        del self.order[bisect.bisect_left(self.order, (position, key))]
        _less(self.spellings, [spelling] if spelling else [])
        _less(self.championships, [p.slug for p in member.played])


def _less(counts: Counter[str], names: list[str]) -> None:
    """One fewer of each of ``names``; a name none is left of is no longer counted."""
    for name in names:
        counts[name] -= 1
        if not counts[name]:
            del counts[name]


def _entry(source: Person | Appearance, last: _Entry | None) -> _Entry:
    """The entry of ``source``; its Member the last one when that reads the same, so that
    their club and country, compared by their entries' identity, are kept too."""
    member = _member(source)
    if last is not None and last[1] == member:
        member = last[1]
    player = source.latest.player if isinstance(source, Person) else source.player
    club = club_slug(player.club) if player.club.strip() else ""
    country = country_code(player.country) if player.country.strip() else ""
    return source, member, club, " ".join(player.club.split()) if club else "", country


def _member(source: Person | Appearance) -> Member:
    """The entry of a person, or of a player without an id (no page of their own)."""
    if isinstance(source, Person):
        member = Member(source.names[0], source.page, _played(source.appearances))
    else:
        member = Member(source.player.name, "", _played([source]))
    return member._replace(digest=digest(member) or b"")


def _group(kind: str, slug: str, rows: _Rows) -> Group:
    """A club (``rows.spellings`` its members' rows' spellings of it) or a country (``slug``
    its code)."""
    members = tuple(rows.members[key][1] for _, key in rows.order)
    if kind == CLUBS:
        group = Group(CLUBS, slug, *_spellings(rows.spellings), members, len(rows.championships))
    else:
        group = Group(COUNTRIES, slug.lower(), CountryName(slug), (), members, len(rows.championships))
    # Made of the members' own digests, made once with each: a save that moves a few members
    # of a country of thousands does not pickle every one of them again.
    head = digest((group.kind, group.slug, group.name, group.also, group.championships)) or b""
    made = hashlib.sha256(b"".join([head, *(member.digest for member in group.members)]))
    return group._replace(digest=made.digest())


def _spellings(counted: Counter[str]) -> tuple[str, tuple[str, ...]]:
    """The name a club's page shows, the spelling most of its members' rows use (then the one
    with most letters outside ASCII, then the first in order), and its other spellings."""
    order = sorted(counted, key=lambda n: (-counted[n], -outside_ascii(n), n))
    return order[0], tuple(sorted(order[1:]))


def _by_name(found: list[Group]) -> list[Group]:
    return sorted(found, key=lambda g: (fold(g.name), g.name, g.slug))


TITLES = {CLUBS: message("Clubs of the archive"), COUNTRIES: message("Countries of the archive")}


def group_pages(kind: str, found: list[Group]) -> list[Page]:
    """A page for each club (or country) and their list, ``<kind>/index.html``. A page's
    context is the text it shows, so it is keyed by that (see the module's docstring)."""
    if not found:
        return []
    index = [(g.name, g.page, len(g.members), g.championships, g.slug.upper() if kind == COUNTRIES else "")
             for g in found]
    return [Page(f"{kind}/index.html", "archive/groups.html", TITLES[kind],
                 {"kind": kind, "groups": index}, context_only=True, dated=False),
            *(Page(g.page, "archive/group.html", g.name, {"group": g, "index": f"{kind}/index.html"},
                   context_only=True, dated=False, digest=g.digest) for g in found)]

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

import hashlib
import operator
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


def groups(people: list[Person], others: Iterable[Appearance],
           kept: Kept | None = None) -> tuple[list[Group], list[Group]]:
    """The clubs and the countries of the archive, each sorted by name: every person by
    their latest row, every player without an id (``others``) by their row. Under ``watch``
    each one's entry is kept in ``kept`` while they are the same person (the archive keeps a
    person whose championships did not change: :func:`plugins.archive.kept.archive_people`)
    or the same appearance, and each club and country while its entries are the same: a
    save makes again those of its championship."""
    keep = kept is not None and kept.between_builds
    store = kept.store("archive.members") if keep else {}
    last: dict[str, _Entry] = store.get("entries", {})
    made: dict[str, _Entry] = {}
    clubs: dict[str, list[tuple[str, Member]]] = {}
    countries: dict[str, list[tuple[str, Member]]] = {}
    sources = [*((person.key, person) for person in people),
               *((f"{a.event.slug}/{a.player.id}", a) for a in others)]
    for key, source in sources:
        entry = last.get(key)
        if entry is None or entry[0] is not source:
            entry = _entry(source, entry)
        made[key] = entry
        _, member, club, club_name, country = entry
        if club:
            clubs.setdefault(club, []).append((club_name, member))
        if country:
            countries.setdefault(country, []).append(("", member))
    if keep:
        store["entries"] = made
    kept_groups = kept.store("archive.groups") if keep else {}
    known = kept_groups.get("groups", {})
    found: dict[tuple[str, str], tuple[list[str], list[Member], Group]] = {}
    for kind, by_slug in ((CLUBS, clubs), (COUNTRIES, countries)):
        for slug, rows in by_slug.items():
            names, members = [name for name, _ in rows], [m for _, m in rows]
            previous = known.get((kind, slug))
            if (previous is not None and previous[0] == names and len(previous[1]) == len(members)
                    and all(map(operator.is_, previous[1], members))):
                found[kind, slug] = previous
            else:
                found[kind, slug] = (names, members, _group(kind, slug, names, members))
    if keep:
        kept_groups["groups"] = found
    return (_by_name([g for (kind, _), (_, _, g) in found.items() if kind == CLUBS]),
            _by_name([g for (kind, _), (_, _, g) in found.items() if kind == COUNTRIES]))


# A person's or a player's entry: what it was made from, their Member, their club's slug and
# the spelling their row gives it ("" without a club) and their country's code ("" without one).
_Entry = tuple[object, Member, str, str, str]


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


def _group(kind: str, slug: str, names: list[str], members: list[Member]) -> Group:
    """A club (its members' rows' spellings of it in ``names``) or a country (``slug`` its code)."""
    championships = len({p.slug for member in members for p in member.played})
    if kind == CLUBS:
        group = Group(CLUBS, slug, *_spellings(names), _sorted(members), championships)
    else:
        group = Group(COUNTRIES, slug.lower(), CountryName(slug), (), _sorted(members), championships)
    # Made of the members' own digests, made once with each: a save that moves a few members
    # of a country of thousands does not pickle every one of them again.
    head = digest((group.kind, group.slug, group.name, group.also, group.championships)) or b""
    made = hashlib.sha256(b"".join([head, *(member.digest for member in group.members)]))
    return group._replace(digest=made.digest())


def _spellings(names: Iterable[str]) -> tuple[str, tuple[str, ...]]:
    """The name a club's page shows, the spelling most of its members' rows use (then the one
    with most letters outside ASCII, then the first in order), and its other spellings."""
    counted = Counter(names)
    order = sorted(counted, key=lambda n: (-counted[n], -outside_ascii(n), n))
    return order[0], tuple(sorted(order[1:]))


def _sorted(members: Iterable[Member]) -> tuple[Member, ...]:
    """By name; namesakes without an id by their championship's page, each a row of its own."""
    return tuple(sorted(members, key=lambda m: (fold(m.name), m.name, m.page, m.played[0].page)))


def _by_name(found: list[Group]) -> list[Group]:
    return sorted(found, key=lambda g: (fold(g.name), g.name, g.slug))


TITLES = {CLUBS: message("Clubs of the archive"), COUNTRIES: message("Countries of the archive")}


def group_pages(kind: str, found: list[Group], kept: Kept | None = None) -> list[Page]:
    """A page for each club (or country) and their list, ``<kind>/index.html``. A page's
    context is the text it shows, so it is keyed by that (see the module's docstring).
    Under ``watch`` its rows are kept in ``kept`` between builds (plugins/archive/rows.py)."""
    rows = kept.store("archive.rows") if kept is not None and kept.between_builds else None
    if rows:  # a club gone, or a country: its rows go with it
        pages = {g.page for g in found}
        for gone in [place for place in rows if place[0].startswith(f"{kind}/") and place[0] not in pages]:
            del rows[gone]
    if not found:
        return []
    index = [(g.name, g.page, len(g.members), g.championships, g.slug.upper() if kind == COUNTRIES else "")
             for g in found]
    return [Page(f"{kind}/index.html", "archive/groups.html", TITLES[kind],
                 {"kind": kind, "groups": index}, context_only=True, dated=False),
            *(Page(g.page, "archive/group.html", g.name,
                   {"group": g, "index": f"{kind}/index.html", "rows": rows},
                   context_only=True, dated=False, digest=g.digest) for g in found)]

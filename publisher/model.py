"""The event model every plugin works on, and the outputs plugins hand back.

The core fills in what the contract says of every system (event.toml's common
keys, players.csv, Markdown pages); system plugins add what they compute to
``Event.data`` under their own name.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from pathlib import Path
from typing import Any

from publisher.languages import SOURCE, in_language, message
from publisher.problems import Problem
from publisher.ranks import Rank


@dataclass(slots=True)
class Player:
    """One row of players.csv. ``fields`` keeps every column as typed, for templates.
    ``name_native`` is the name in the player's own script (加藤 一二三), "" for none: pages show
    it beside ``name`` (:mod:`publisher.native`), and searches find the player by it.
    Slotted: an archive keeps every player of every championship (publisher/build/summary.py)."""

    id: str
    name: str
    line: int
    rank: Rank | None = None
    rating: int | None = None
    country: str = ""
    club: str = ""
    esc_rank: int | None = None
    esc_round2: bool = False
    group: str = ""
    name_native: str = ""
    fields: dict[str, str] = field(default_factory=dict)

    def __reduce__(self) -> tuple:
        """Pickled as its fields in order: page keys pickle players by the thousand, and a
        slotted dataclass's own state is made field by field in Python."""
        return Player, _player_fields(self)

    def as_json(self) -> dict[str, Any]:
        """The player as ``event.json`` carries it: contract keys, then the extra columns."""
        data: dict[str, Any] = {
            "id": self.id, "name": self.name, "name_native": self.name_native,
            "rank": str(self.rank) if self.rank else None, "rating": self.rating,
            "country": self.country, "club": self.club,
            "esc_rank": self.esc_rank, "esc_round2": self.esc_round2, "group": self.group,
        }
        for key, value in self.fields.items():
            data.setdefault(key, value)
        return data


_player_fields = attrgetter(*(f.name for f in dataclasses.fields(Player)))


@dataclass
class MarkdownPage:
    """An organiser's Markdown page (announcement, regulation, report), already rendered."""

    slug: str
    title: str
    html: str
    toc: str
    order: int
    source: Path


@dataclass(frozen=True)
class Session:
    """One slot of a championship's schedule: a round (or part of one) or a break.

    ``start`` carries its UTC offset, or none for the event's local time (event.toml's
    ``timezone``); ``minutes`` 0 means open-ended (a final played out).
    """

    label: str
    start: dt.datetime
    minutes: int
    round: int | None = None
    kind: str = "play"  # play | break


@dataclass
class Event:
    """One championship: its folder, settings, field and pages, plus what plugins computed.

    ``status``, ``live``, ``record`` and ``schedule`` hold the answers of
    ``publisher_event_status``, ``publisher_live_view``, ``publisher_archive_record`` and
    ``publisher_event_schedule``, so output plugins (the screens, the archive) can use them.
    ``planned_rounds`` is set by a system plugin whose settings fix the number of rounds.
    ``timezone`` is event.toml's IANA time zone, or None when it does not name one.
    ``language`` is the language of its pages at the usual paths, ``""`` for the site's
    first; ``screens_language`` that of its venue screens and printed sheets, ``""`` for
    the pages' (publisher/languages.py).
    """

    slug: str
    dir: Path
    config: dict[str, Any]
    name: str
    game: str
    system: str
    start: dt.date
    end: dt.date
    venue: str
    seed: str
    players: list[Player] = field(default_factory=list)
    pages: list[MarkdownPage] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    status: str = ""
    live: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    schedule: list[Session] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    planned_rounds: int | None = None
    timezone: zoneinfo.ZoneInfo | None = None
    language: str = ""
    screens_language: str = ""

    @property
    def intro(self) -> MarkdownPage | None:
        """The organiser's ``index.md``: the text of the overview page."""
        return next((p for p in self.pages if p.slug == "index"), None)

    @property
    def toml_path(self) -> Path:
        return self.dir / "event.toml"

    @property
    def players_path(self) -> Path:
        return self.dir / "players.csv"

    @property
    def rounds_dir(self) -> Path:
        return self.dir / "rounds"

    @property
    def rounds(self) -> int | None:
        """``rounds`` of event.toml or, for a system whose settings fix the number of rounds
        (mahjong: one per entry of ``parts``), what its plugin put in ``planned_rounds``."""
        value = self.config.get("rounds")
        return value if isinstance(value, int) else self.planned_rounds

    def player(self, player_id: str) -> Player:
        return self.players_by_id[player_id]

    @cached_property
    def players_by_id(self) -> dict[str, Player]:
        """Players by id; the field is fixed once the core has read players.csv."""
        return {p.id: p for p in self.players}

    def warn(self, message: str, fix: str = "", *, file: Path | None = None,
             line: int | None = None, key: str | None = None) -> None:
        """Record something the organiser should know that does not stop the build."""
        self.warnings.append(Problem(file or self.toml_path, message, fix, line, key))


@dataclass
class Page:
    """An HTML page to render: ``path`` is relative to the event folder (or the site root
    for site pages); ``nav`` puts it in the event menu under that label."""

    path: str
    template: str
    title: str
    # The template's variables, or a function that makes them (see ``made``).
    context: dict[str, Any] | Callable[[], dict[str, Any]] = field(default_factory=dict)
    nav: str | None = None
    nav_order: int = 50
    # The content files the page is made from (event.toml, players.csv, round files...):
    # what an incremental build re-renders it for, and where its "updated" time comes from.
    # Empty means "the whole championship" (or, for site pages, the whole archive).
    sources: tuple[Path, ...] = ()
    # True when the template reads nothing but ``context`` and what every page of the
    # championship shows (its name, dates, venue, game, system, rounds, the menu): a
    # rebuild then re-renders the page only when that changed (publisher/build/pagekeys.py).
    context_only: bool = False
    # False for a page that says itself what it covers (a player's page: the rounds in its
    # table, the place after round n) and so shows no "Data last changed": a saved result
    # then rewrites only the pages whose content it changed, not every player's.
    dated: bool = True
    # The language of the page at its usual path, where it is not its championship's first:
    # the venue screens in event.toml's ``screens_language``, which the hall's TVs open there.
    # Its versions under the other languages' folders are as any page's (build/versions.py).
    language: str = ""
    # What a ``context_only`` page's context holds, summed up by its plugin (``digest(value)``
    # of publisher/build/pagekeys.py, kept with what it sums up): the page is keyed by it
    # instead of by its context pickled again at every build, which for a page listing a
    # country's thousands of players costs more than rendering the pages a save changed.
    digest: bytes = b""


@dataclass
class DataFile:
    """A JSON file: ``data`` is written in the order its dicts and lists have. ``data`` may
    be a function that makes it, and ``sources`` the content files it is made from (see
    ``made``).

    A JSON file is the same for every language, and a :class:`~publisher.languages.Message`
    in it is written as its English, unless it is ``translated``: data that a page's script
    shows as it is (the hall screens' ``live.json``), written like a page once per language
    of its championship, under each language's folder, with its Messages in that language;
    a page links to the version in its own. ``language``, as a page's, is that of its
    version at the usual path where it is not the championship's first."""

    path: str
    data: Any
    sources: tuple[Path, ...] = ()
    translated: bool = False
    language: str = ""


@dataclass
class File:
    """A file whose bytes a plugin made with a library of its own (an Atom feed, a calendar),
    or a function that makes them, with the content files they are made from (see ``made``)."""

    path: str
    data: bytes | Callable[[], bytes]
    sources: tuple[Path, ...] = ()


def made(value: Any) -> Any:
    """An output's context or data, made now if the plugin gave a function for it.

    A plugin gives a function for what is costly to make and made from ``sources`` alone
    (a round's standings page, its CSV and JSON are made from event.toml, players.csv and
    the round files up to it): a rebuild that finds those files as they were keeps the
    output without making it (publisher/build/pagekeys.py), so a result saved in round 7 costs
    nothing for rounds 1 to 6. Without ``sources`` it is made at every build."""
    return value() if callable(value) else value


@dataclass
class Site:
    """The whole archive: every championship, newest first, and the front page text.

    ``url`` is where the site is published (``site.toml``, checked, ending with ``/``),
    or ``""`` when the organiser did not say: then nothing links to it. ``warnings`` are
    what ``publisher_site_pages`` found across championships that does not stop the build
    (one id carrying two people's names), told with the championships' own.
    ``languages`` are site.toml's, the archive's own first; ``catalogs`` the folders of the
    interface's translations (the theme's, every plugin's, the organiser's), for text a
    plugin writes outside a page, in one language (:meth:`in_language`).
    """

    content_dir: Path
    events: list[Event]
    front_html: str = ""
    front_title: str = message("Championship archive")
    url: str = ""
    warnings: list[Problem] = field(default_factory=list)
    languages: tuple[str, ...] = (SOURCE,)
    catalogs: tuple[Path, ...] = ()

    def in_language(self, value: Any, language: str = "") -> Any:
        """``value`` (a :class:`~publisher.languages.Message`; anything else as it is) in
        ``language``, the archive's own by default: for files that are the same for every
        language, such as a feed or a calendar."""
        return in_language(value, language or self.languages[0], self.catalogs)

"""Every hook of the publisher, in the order the pipeline calls them.

A plugin is a module (or object) with functions named like these hooks and
decorated with ``@publisher.hookimpl``; it reaches the publisher through the
``publisher`` entry-point group (the built-in plugins in ``plugins/`` come
through the same door) or a ``--plugins-dir`` folder of one-off modules.

Pipeline of one build:

1. registration: ``publisher_systems``, ``publisher_formats``, ``publisher_template_dirs``,
   ``publisher_static_dirs``, ``publisher_catalog_dirs``, ``publisher_jinja_filters``,
   ``publisher_add_commands``
2. per championship: for a folder whose event.toml names a ``source`` format, and for
   ``publisher import``, ``publisher_import`` reads the foreign file first; the core
   reads event.toml, players.csv and ``*.md``, then
   ``publisher_load_event`` (read the system's own files),
   ``publisher_compute_event`` (groups, pairings, standings, cuts...), and asks the
   system for ``publisher_event_status`` (the archive's one-liner, ``event.status``)
   and ``publisher_live_view`` (what the hall screens show, ``event.live``), then
   ``publisher_archive_record`` (places and rounds published, ``event.record``) and
   ``publisher_event_schedule`` (sessions on the clock, ``event.schedule``) for the
   archive's people pages, feeds and calendars
3. output: ``publisher_event_pages`` for each championship (its ``Site`` holds only
   that championship, so that it can be rebuilt alone), ``publisher_site_pages``
   once for the archive, with every championship.
4. on demand: ``publisher export`` asks ``publisher_export`` for a computed championship
   in another program's format.
5. publishing (``publisher publish``, ``watch --publish``): ``publisher_publish_targets``
   gives the class that writes the built site to the target's URL scheme.
6. the results desk (``publisher serve --desk``): for a championship read as a build reads
   it, ``publisher_results_sheet`` gives a round's results to enter a table at a time.

Hooks that read content raise :class:`publisher.problems.ContentError` with
every :class:`~publisher.problems.Problem` they found; the build reports them
all and leaves the published site as it was.

The hooks of a championship and of the archive may take ``kept``, a
:class:`publisher.build.kept.Kept`: what the builder keeps between its builds (under
``watch``, from one save to the next). A plugin keeps nothing in its own modules: what
it would keep for the next build (a file as read, a table made from it) goes into a
store of ``kept`` named after the plugin, keyed by exactly what it is made from, by the
rule written in :mod:`publisher.build.kept`. A hook that keeps nothing leaves the
argument out.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pluggy

from publisher.build.kept import Kept
from publisher.formats import Championship, Format
from publisher.live.sheets import ResultSheet
from publisher.model import DataFile, Event, File, Page, Session, Site
from publisher.publish.targets import Target

hookspec = pluggy.HookspecMarker("publisher")


# -- registration ---------------------------------------------------------------------------

@hookspec
def publisher_systems() -> dict[str, str]:
    """Name the tournament systems this plugin runs, each with a one-line description
    that starts with the name people know it by and a colon ("McMahon: players start...").

    The core accepts ``system = "..."`` in event.toml only if some plugin names it;
    templates get the descriptions as ``systems``.
    """


@hookspec
def publisher_formats() -> list[Format]:
    """Name the file formats of other programs this plugin reads or writes.

    ``publisher import NAME`` and ``source = "NAME"`` in event.toml need a format that
    ``imports``; ``publisher export NAME`` one that ``exports``. The core knows no format.
    """


@hookspec
def publisher_template_dirs() -> list[Path]:
    """Folders of Jinja2 templates this plugin brings.

    They are searched after ``--templates`` (a venue's overrides) and before the
    core theme, so a plugin may also override a theme template.
    """


@hookspec
def publisher_static_dirs() -> list[Path]:
    """Folders whose files are copied into ``site/assets/`` (stylesheets, scripts, images),
    each under a name carrying its content hash; templates link to them with
    ``asset("style.css")``."""


@hookspec
def publisher_catalog_dirs() -> list[Path]:
    """Folders of the translations of this plugin's texts: gettext catalogs as
    ``<folder>/<language>/LC_MESSAGES/<domain>.po`` (``ja``, ``zh_Hans``), for the words its
    templates mark with ``_()`` and the :class:`publisher.languages.Message` texts its Python
    makes. Compiled when a build needs them; docs/languages.md tells how to make them."""


@hookspec
def publisher_jinja_filters() -> dict[str, Callable[..., Any]]:
    """Jinja2 filters by name, available in every template."""


@hookspec
def publisher_add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add subcommands to the ``publisher`` command line.

    Each subparser sets ``run=function`` with ``set_defaults``; the function takes
    the parsed ``argparse.Namespace`` (whose ``plugins`` attribute is the plugin
    manager) and returns the exit code. Raising ContentError exits 1 with its problems.
    """


# -- per championship -----------------------------------------------------------------------

@hookspec(firstresult=True)
def publisher_import(format: str, path: Path) -> Championship | None:
    """Read ``path``, a file of format ``format``, into a championship folder's files.

    The plugin of that format answers (others return None). Raise ContentError with
    one problem naming the file, the element or line, and the fix: an import writes
    nothing unless the whole file was understood. Put in ``Championship.notes`` every
    setting of the file the project's files cannot express, rather than guessing.
    """


@hookspec
def publisher_load_event(event: Event, kept: Kept) -> None:
    """Read and validate the files of the event's system (round files, scores, settings).

    Called for every event; a plugin returns at once for systems it does not run.
    Store what was read in ``event.data[<plugin name>]``; raise ContentError for
    mistakes; call ``event.warn`` for what the organiser should know but may keep.
    Read a file that a later build may find unchanged with ``kept.file(path, inputs,
    read)``: a save in round 7 then reads round 7's file only.
    """


@hookspec
def publisher_compute_event(event: Event, kept: Kept) -> None:
    """Compute what the site shows (groups, pairings, standings, cuts) into ``event.data``.

    Runs after every plugin's ``publisher_load_event`` for this event.
    """


# -- output ---------------------------------------------------------------------------------

@hookspec
def publisher_event_pages(event: Event, kept: Kept, site: Site) -> list[Page | DataFile | File]:
    """Pages and JSON files of one championship, with paths relative to its folder.

    A Page with ``nav`` set appears in the event's menu, ordered by ``nav_order``. A page
    says when its data last changed, from its ``sources`` (every file of the championship
    without them); one that says itself what it covers sets ``dated=False``. With
    ``context_only`` a rebuild renders it again only when its context (or, dated, its
    sources' times) changed (publisher/build/pagekeys.py). What is costly to make and made from
    ``sources`` alone may be given as a function (a Page's ``context``, a DataFile's or
    File's ``data``): it is called when the output is written, and not at all while those
    files are as the last build found them (publisher.model.made).

    ``site`` holds no championship: it gives site.toml's settings (``languages``, ``url``)
    and :meth:`~publisher.model.Site.in_language`, for a file that is the same in every
    language (a feed, a calendar), written in the championship's (``event.language``, else
    the site's first).
    """


@hookspec
def publisher_site_pages(site: Site, kept: Kept) -> list[Page | DataFile | File]:
    """Pages and files of the whole archive (the front page, feeds), relative to the site root.

    Made from ``site`` alone (its championships as summaries, see :mod:`publisher.build.summary`:
    without ``data`` and ``live``, which are let go once a championship's pages are written,
    and with players whose ``fields`` hold only the columns beyond the typed attributes;
    the front page; the address): a build
    asks again only when a championship, the templates or a file at the top of the content
    folder changed, and keeps the files of the last answer otherwise.
    """


@hookspec(firstresult=True)
def publisher_export(format: str, event: Event, allow_unfinished: bool) -> bytes | None:
    """The computed championship ``event`` as the bytes of a file of format ``format``.

    ``allow_unfinished``: the user asked for the file of an event not over yet (results
    missing); a format whose readers rate only finished events refuses it otherwise.
    The plugin of that format answers (others return None); raise ContentError for
    what the format cannot carry (a name its encoding has no letters for), naming it.
    """


@hookspec(firstresult=True)
def publisher_event_status(event: Event) -> str | None:
    """One line on where the championship stands ("Round 3 of 7 played"), for the archive."""


@hookspec(firstresult=True)
def publisher_live_view(event: Event) -> dict[str, Any] | None:
    """What the venue screens and the find-your-table page show now, in one plain shape.

    The system plugin that runs the event answers; the screens plugin writes it
    as ``data/live.json``, which screens poll. Everything is JSON-ready text or
    numbers; nothing depends on the time of the build. Words (headings, seats,
    notes, clock labels) are :class:`~publisher.languages.Message` texts: the file is
    written in each language of the site, and the screens show them as they are::

        {"heading": "Round 3",            # what is being played now
         "round": 3, "rounds": 7,          # rounds may be None
         "tables": [{"table": "12", "result": "1-0" or None,
                     "players": [{"id": "s017", "name": "...", "seat": "Black",
                                  "note": "3 pts"}],
                     "handicap": 3, "komi": 0.5}],   # handicap, komi: Go events that have them
         "standings_heading": "Standings after round 2",
         "standings": [{"place": "=3", "id": "s017", "name": "...", "score": "5",
                        "note": "SOS 23"}],
         "clock": {"label": "Half 2", "start": "2026-10-02T14:00:00+08:00",
                   "minutes": 70} or None,
         "clocks": [{"label", "start", "minutes", "group"}],  # optional: parts of the hall on
                                           # times of their own; the screen shows the one on now
         "timezone": "Asia/Hong_Kong" or None,  # optional: the hall clock's time zone
         "out": [{"id": "m037", "name": "...",   # optional: players no longer at the tables,
                  "note": "out after round 1: rank 37 of 64, -12.5"}]}  # and why
    """


@hookspec(firstresult=True)
def publisher_archive_record(event: Event) -> dict[str, Any] | None:
    """What the archive keeps of a championship: the rounds published and every player's place.

    The system plugin that runs the event answers; the archive builds people's pages and
    the feeds from it. Places and scores are text as the event's pages show them::

        {"rounds": [{"round": 1, "label": "Round 1", "page": "round-1.html",
                     "published": "pairings",  # what the page shows: pairings, seating
                     "standings_page": "standings-1.html", "complete": True}],
         "player_pages": True,             # players/<id>.html exist
         "finished": True,                 # the final standings are published
         "final_page": "standings-6.html", # where the final result is ("" if not finished)
         "score_label": "McMahon score",   # what the score is, as a person's page labels it
         "standings": [{"player": "g017", "place": "=3", "score": "4", "wins": "3"}]}

    ``standings`` holds the latest known order of the whole field (the final result once
    the event is over); a player not in it has no place yet. ``wins`` (games won) and
    ``score_label`` may be left out by a system that has neither.
    """


@hookspec(firstresult=True)
def publisher_event_schedule(event: Event) -> list[Session] | None:
    """The championship's schedule: its rounds (or their parts) and breaks, in order of time.

    A system with a schedule of its own answers (mahjong's ``[mahjong.schedule]``); the
    archive plugin answers last, from event.toml's ``[schedule]``. Used for calendars
    and to date feed entries; an empty list means no times are known.
    """


# -- publishing -----------------------------------------------------------------------------

@hookspec
def publisher_publish_targets() -> dict[str, type[Target]]:
    """The kinds of publish target this plugin brings: URL scheme -> Target subclass.

    ``"file"`` also serves a TARGET given as a plain path. The engine in
    :mod:`publisher.publish.sync` decides what to upload, in which order, and keeps the
    target's ``.publisher-manifest.json``; a Target only connects, reads, lists,
    writes (atomically) and deletes, and raises PublishError with the cause. Import
    heavy client libraries inside the hook, so other commands do not pay for them.
    """


# -- the results desk -----------------------------------------------------------------------

@hookspec(firstresult=True)
def publisher_results_sheet(event: Event, round: int | None) -> ResultSheet | None:
    """Round ``round`` of the loaded and computed ``event`` (None: the round being played now)
    as a :class:`publisher.live.sheets.ResultSheet`, for the results desk.

    The system plugin that runs the event answers, None when the round has no tables yet (not
    paired, not drawn). The desk knows no game: the sheet lists the round's tables, writes one
    table's entry into the result file's text (only that table's rows change) and reads a
    candidate text with the same readers and checks as the build, so that the desk refuses
    what the build would refuse, with the same message.
    """

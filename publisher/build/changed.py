"""When a page's data last changed: the newest modification time among the content files the
page is made from (``Page.sources``), never the clock, so a rebuild without changes writes the
same bytes and a saved result re-dates only the pages made from that file."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from pathlib import Path

from publisher.model import Event, Page, Site


def last_changed(page: Page, event: Event | None, site: Site) -> dt.datetime | None:
    """The newest modification time of the page's sources, in the event's time zone (UTC
    without one); a page without sources is made from its whole championship, a site page
    from every championship. None for a page that is not dated (``Page.dated``) or when none
    of those files exists."""
    if not page.dated:
        return None
    if page.sources:
        newest = _newest(page.sources)
    elif event is not None:
        newest = _event_newest(event)
    else:
        newest = max((t for e in site.events if (t := _event_newest(e)) is not None), default=None)
    if newest is None:
        return None
    zone = event.timezone if event is not None and event.timezone else dt.UTC
    return dt.datetime.fromtimestamp(newest, dt.UTC).astimezone(zone).replace(microsecond=0)


def _event_newest(event: Event) -> float | None:
    """The newest time of the championship's files, looked up once per loaded championship:
    most of its pages (player pages, the overview) are made from all of it."""
    if "last_changed" not in event.data:
        event.data["last_changed"] = _newest(event_files(event))
    return event.data["last_changed"]


def event_files(event: Event) -> list[Path]:
    """The content files of a championship: those of its folder and of its rounds folder."""
    files = []
    for folder in (event.dir, event.rounds_dir):
        try:
            with os.scandir(folder) as entries:
                files += [Path(e.path) for e in entries if e.is_file() and not e.name.startswith(".")]
        except OSError:
            continue
    return files


def _newest(paths: Iterable[Path]) -> float | None:
    times = []
    for path in paths:
        try:
            times.append(path.stat().st_mtime)
        except OSError:
            continue
    return max(times, default=None)

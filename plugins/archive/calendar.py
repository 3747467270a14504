"""An iCalendar file per championship (RFC 5545), for a player's phone to subscribe to.

It holds the championship's days as one all-day event and, where the schedule gives
times, every round (or part of one) and every break, in the event's time zone
(``timezone`` in event.toml, with its VTIMEZONE); without one, times that carry an
offset are written in UTC and local times float. UIDs are made from the championship
folder and the slot, and DTSTAMP is the event's first day, so a rebuild changes nothing.
The slots are named in the championship's language (event.toml's ``language``, else the
site's first): a calendar is one file for every language of its pages.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from plugins.archive.feeds import stable_id
from publisher import __version__
from publisher.model import Event, File, Site

if TYPE_CHECKING:
    import icalendar


def event_calendar(event: Event, site: Site) -> File:
    """``<slug>/calendar.ics``."""
    import icalendar  # imported when a calendar is made: commands that make none skip it

    calendar = icalendar.Calendar()
    calendar.add("prodid", f"-//tournament-publisher//{__version__}//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    # icalendar escapes the text of the properties it knows; this one it writes as given, so a
    # comma, semicolon or line break of the name would end the value or the line early.
    calendar.add("x-wr-calname", icalendar.vText(event.name))
    stamp = dt.datetime.combine(event.start, dt.time(), tzinfo=dt.UTC)
    days = _component(event, "days", event.name, stamp)
    days.add("dtstart", event.start)
    days.add("dtend", event.end + dt.timedelta(days=1))  # DTEND of a date is exclusive
    calendar.add_component(days)
    zone = event.timezone
    for number, session in enumerate(event.schedule, start=1):
        label = site.in_language(session.label, event.language)
        item = _component(event, f"session-{number}", f"{label} — {event.name}", stamp)
        start = _in_zone(session.start, zone)
        item.add("dtstart", start)
        if session.minutes:
            item.add("dtend", start + dt.timedelta(minutes=session.minutes))
        if session.kind == "break":
            item.add("transp", "TRANSPARENT")
        calendar.add_component(item)
    if zone is not None:
        calendar.add_missing_timezones()
    return File("calendar.ics", calendar.to_ical())


def _component(event: Event, key: str, summary: str, stamp: dt.datetime) -> icalendar.Event:
    import icalendar

    item = icalendar.Event()
    item.add("uid", stable_id(event.slug, "calendar", key).removeprefix("urn:uuid:"))
    item.add("dtstamp", stamp)
    item.add("summary", summary)
    if event.venue:
        item.add("location", event.venue)
    return item


def _in_zone(when: dt.datetime, zone: dt.tzinfo | None) -> dt.datetime:
    """A session's start as the calendar writes it: in the event's zone, else in UTC when
    it has an offset, else as the floating local time it is."""
    if zone is not None:
        return when.replace(tzinfo=zone) if when.tzinfo is None else when.astimezone(zone)
    return when.astimezone(dt.UTC) if when.tzinfo is not None else when


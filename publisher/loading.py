"""Reading one championship: its files, then every plugin's load and compute hooks.

A build reads each championship through :func:`load_event`, and so do the commands
that act on one (``pair``, ``draw``, ``export``); it lives apart from the build so that
those commands start without the renderer and Jinja2.
"""

from __future__ import annotations

import os
from pathlib import Path

import pluggy

from publisher import content
from publisher.model import Event
from publisher.plugins import systems
from publisher.sources import readable_folder


def load_event(pm: pluggy.PluginManager, folder: Path) -> Event:
    """Read one championship and let the plugins load and compute it, as a build does.

    Commands that act on one event (``pair``, ``draw``) start from this. A folder whose
    event.toml names a live ``source`` is read from that file (:mod:`publisher.sources`).
    ``.`` (the director inside the folder) is the folder by its name, which is the slug.
    """
    folder = Path(os.path.abspath(folder))
    with readable_folder(pm, folder) as readable:
        event = content.load_event(readable.folder, set(systems(pm)))
        pm.hook.publisher_load_event(event=event)
        pm.hook.publisher_compute_event(event=event)
        event.status = pm.hook.publisher_event_status(event=event) or ""
        event.live = pm.hook.publisher_live_view(event=event)
        event.record = pm.hook.publisher_archive_record(event=event)
        event.schedule = pm.hook.publisher_event_schedule(event=event) or []
    for note in readable.notes:
        event.warn(note, file=readable.source)
    return event

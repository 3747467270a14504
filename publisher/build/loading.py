"""Reading one championship: its files, then every plugin's load and compute hooks.

A build reads each championship through :func:`load_event`, and so do the commands
that act on one (``pair``, ``draw``, ``export``); it lives apart from the build so that
those commands start without the renderer and Jinja2.
"""

from __future__ import annotations

import os
from pathlib import Path

import pluggy

from publisher.build.kept import Kept
from publisher.content import folders
from publisher.formats.sources import readable_folder
from publisher.model import Event
from publisher.plugins import systems


def load_event(pm: pluggy.PluginManager, folder: Path, kept: Kept | None = None) -> Event:
    """Read one championship and let the plugins load and compute it, as a build does.

    ``kept`` is what the builder keeps between its builds, handed to the readers and to
    the plugins' hooks; a command that reads one championship gets a fresh one.

    Commands that act on one event (``pair``, ``draw``) start from this. A folder whose
    event.toml names a live ``source`` is read from that file (:mod:`publisher.formats.sources`).
    ``.`` (the director inside the folder) is the folder by its name, which is the slug.
    """
    folder = Path(os.path.abspath(folder))
    kept = kept if kept is not None else Kept(between_builds=False)
    with readable_folder(pm, folder) as readable:
        event = folders.load_event(readable.folder, set(systems(pm)), kept.file)
        pm.hook.publisher_load_event(event=event, kept=kept)
        pm.hook.publisher_compute_event(event=event, kept=kept)
        event.status = pm.hook.publisher_event_status(event=event) or ""
        event.live = pm.hook.publisher_live_view(event=event)
        event.record = pm.hook.publisher_archive_record(event=event)
        event.schedule = pm.hook.publisher_event_schedule(event=event) or []
    for note in readable.notes:
        event.warn(note, file=readable.source)
    return event

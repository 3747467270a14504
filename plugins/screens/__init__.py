"""Venue screens and the find-your-table page, for every system that answers
``publisher_live_view``.

The system plugin says what is being played (``event.live``); this plugin writes
it as ``data/live.json``, and the rows of the find list as ``data/find.json``, and
adds two pages that carry that data and read it again every few seconds, so the
hall follows a rebuild on any static host, without a reload: ``screen.html`` for a
TV or projector and ``find.html`` for phones. ``sw.js``, a service worker at the site's
root that every page registers (templates/static/offline.js), keeps what a phone has seen,
and the set of pages of each championship it opened, for when the venue's Wi-Fi drops.

Each page is written in every language of its championship, and so are the two JSON files,
whose words the scripts show as they are; the scripts' own words come from their pages. The
hall screen and its live.json at the usual paths are in event.toml's ``screens_language``.
"""

from __future__ import annotations

from pathlib import Path

from publisher import hookimpl
from publisher.languages import message
from publisher.model import DataFile, Event, File, Page
from publisher.problems import ContentError, Problem
from publisher.text import fold_table

HERE = Path(__file__).parent
# event.toml [screens] scale: a factor on the screens' type, for a hall read from further away
# (or a smaller one). Beyond these bounds the screens would show a handful of names, or unreadable ones.
SCALE = (0.5, 3.0)


@hookimpl
def publisher_template_dirs() -> list[Path]:
    return [HERE / "templates"]


@hookimpl
def publisher_static_dirs() -> list[Path]:
    return [HERE / "static"]


@hookimpl
def publisher_catalog_dirs() -> list[Path]:
    return [HERE / "locale"]


@hookimpl
def publisher_load_event(event: Event) -> None:
    """event.toml's ``[screens]``: ``scale``, a number from 0.5 to 3 (1 when left out)."""
    table = event.config.get("screens", {})
    if not isinstance(table, dict):
        raise ContentError(Problem(event.toml_path, f"must be a table, not {table!r}",
                                   "write [screens] on a line of its own, then scale = 1.25 under it",
                                   key="screens"))
    scale = table.get("scale", 1)
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not SCALE[0] <= scale <= SCALE[1]:
        raise ContentError(Problem(
            event.toml_path, f"must be a number from {SCALE[0]:g} to {SCALE[1]:g}, not {scale!r}",
            "1 is the type for a hall read from about 5 m; 1.5 makes it half as big again",
            key="screens.scale"))
    event.data["screens"] = {"scale": float(scale)}


@hookimpl
def publisher_site_pages() -> list[Page | DataFile | File]:
    """The service worker, at the site's root so that its scope holds every championship and the
    archive's home, and the page it shows for a page this device did not keep."""
    return [File("sw.js", (HERE / "sw.js").read_bytes()),
            Page("offline.html", "screens/offline.html", message("Offline"), dated=False)]


@hookimpl
def publisher_event_pages(event: Event) -> list[Page | DataFile | File]:
    if event.live is None:
        return []
    from plugins.screens.finder import find_data  # pages only: commands that make none skip it

    find = find_data(event.live, event.players_by_id)
    # The players no longer at the tables are for the find page (find.json) only: the screens
    # poll live.json every few seconds, and a big event's list of them is long.
    live = {key: value for key, value in event.live.items() if key != "out"}
    screens = event.screens_language  # the hall's TVs open the usual paths
    return [
        DataFile("data/live.json", live, translated=True, language=screens),
        DataFile("data/find.json", find, translated=True),
        Page("screen.html", "screens/screen.html", message("Screen — %(event)s", event=event.name),
             {"scale": event.data["screens"]["scale"], "live": live}, nav=message("Hall screen"),
             nav_order=95, language=screens),
        Page("find.html", "screens/find.html", message("Find your table — %(event)s", event=event.name),
             {"find": find, "fold": fold_table()},
             nav=message("Find your table"), nav_order=15),
    ]

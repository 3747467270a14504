"""Where the core theme is, and every folder of catalogs: the theme's and the plugins'.

Kept apart from the renderer so that a command which writes text in a championship's
language without rendering a page (``pair`` writing its notes) finds the catalogs
without loading Jinja2.
"""

from __future__ import annotations

from pathlib import Path

import pluggy


def theme_dir() -> Path:
    """The core theme: packaged inside ``publisher`` when installed, ``templates/`` in a checkout."""
    package = Path(__file__).parent.parent
    packaged = package / "theme"
    return packaged if packaged.is_dir() else package.parent / "templates"


def catalog_dirs(pm: pluggy.PluginManager, overrides: Path | None = None) -> tuple[Path, ...]:
    """The folders of catalogs, a later one's entries winning: the theme's, the plugins'
    (``publisher_catalog_dirs``), and a venue's ``--templates`` folder's ``locale``."""
    return (theme_dir() / "locale", *(d for dirs in pm.hook.publisher_catalog_dirs() for d in dirs),
            *([overrides / "locale"] if overrides else []))

"""The plugin manager: the core's commands, the built-in plugins and outside ones, all
through the entry-point group, and a venue's one-off modules.

The core's own commands (:mod:`publisher.commands`) come in through the same door as
``plugins/``: this module imports no stage, so that every stage may ask the manager.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pluggy

from publisher import hookspecs
from publisher.problems import ContentError, Problem

ENTRY_POINT_GROUP = "publisher"


def plugin_manager(plugins_dir: Path | None = None) -> pluggy.PluginManager:
    """A plugin manager with every installed plugin (the core's commands among them) and the
    local ones.

    ``plugins_dir`` is a venue's folder of one-off plugin modules (``*.py``), loaded
    after the installed plugins so that they can override their templates.
    """
    pm = pluggy.PluginManager("publisher")
    pm.add_hookspecs(hookspecs)
    pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    if plugins_dir is not None:
        for module in _local_plugins(plugins_dir):
            pm.register(module, name=f"local:{module.__name__}")
    pm.check_pending()
    return pm


def _local_plugins(folder: Path) -> list[object]:
    if not folder.is_dir():
        raise ContentError(Problem(folder, "is not a folder", "pass --plugins-dir a folder of .py files"))
    modules = []
    for path in sorted(folder.glob("*.py")):
        name = f"publisher_local_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        modules.append(module)
    return modules


def systems(pm: pluggy.PluginManager) -> dict[str, str]:
    """Every system some plugin runs, with its description."""
    found: dict[str, str] = {}
    for names in pm.hook.publisher_systems():
        found.update(names)
    return found

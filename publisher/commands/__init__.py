"""Stage 6, commands: the core's own commands, a plugin like every other command's.

The package registers through the ``publisher`` entry-point group, as ``plugins/``
do (``commands`` in pyproject.toml), and adds one subcommand from each of its
modules: ``build``, ``watch``, ``serve``, ``import``, ``export``, ``publish`` and ``catalogs``.
A module per command, each importing the stages it runs only when it runs, so that
every command starts without the others' imports (``tests/test_startup.py``). A
new command of the core is a module here with ``add_command(subparsers)``; a
system's or a format's command belongs to its plugin (``pair``, ``draw``).
Nothing in ``publisher`` imports this package.
"""

from __future__ import annotations

import argparse

from publisher import hookimpl
from publisher.commands import build, catalogs, exports, imports, publish, serve, watch


@hookimpl
def publisher_add_commands(subparsers: argparse._SubParsersAction) -> None:
    for command in (build, watch, serve, imports, exports, publish, catalogs):
        command.add_command(subparsers)

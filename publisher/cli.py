"""The ``publisher`` command line: every subcommand comes from a plugin."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from publisher import __version__
from publisher.plugins import plugin_manager
from publisher.problems import AddressError, ContentError


def main(argv: list[str] | None = None) -> int:
    """Run one command; exit 0 on success, 1 on a mistake in the content, the templates,
    --out or the publish target (told as file:line or one line, not a traceback), 2 on bad
    usage (a malformed TARGET among it)."""
    argv = sys.argv[1:] if argv is None else argv
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--plugins-dir", type=Path, default=None)
    known, _ = early.parse_known_args(argv)
    try:
        pm = plugin_manager(known.plugins_dir)
    except ContentError as error:
        _report(error)
        return 2
    parser = argparse.ArgumentParser(
        prog="publisher",
        description="Publish Go, Shogi and Mahjong championships as a static site.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--plugins-dir", type=Path, default=None,
                        help="a folder of one-off plugin modules (*.py) to load")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    pm.hook.publisher_add_commands(subparsers=subparsers)
    args = parser.parse_args(argv)
    args.plugins = pm
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # ``publisher pair --dry-run | head``: the reader stopped reading, as a pipe's reader
        # may. Quiet, and the exit status of a Unix tool stopped by SIGPIPE.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as error:
        from publisher.failures import is_user_mistake  # Jinja2's errors among them: only on a failure

        if not is_user_mistake(error):
            raise  # a bug: its traceback is for whoever fixes the publisher or the plugin
        _report(error)
        return 2 if isinstance(error, AddressError) else 1


def _report(error: Exception) -> None:
    from publisher.failures import describe_failure

    for line in describe_failure(error).splitlines():
        print(f"error: {line}", file=sys.stderr)
    if isinstance(error, ContentError):
        count = len(error.problems)
        print(f"{count} problem{'s' if count != 1 else ''} in the content; nothing was changed.",
              file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())

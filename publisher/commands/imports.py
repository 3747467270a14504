"""``publisher import FORMAT FILE content/<slug>``: another program's file read by its format
plugin and written as a championship folder (:mod:`publisher.formats.importing`)."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from functools import partial
from pathlib import Path

import pluggy

from publisher.build.loading import load_event
from publisher.formats import Championship, formats
from publisher.formats.importing import read_foreign, write_folder
from publisher.formats.sources import relocated
from publisher.problems import ContentError


def run_import(args: argparse.Namespace) -> int:
    readers = sorted(name for name, f in formats(args.plugins).items() if f.imports)
    if args.format not in readers:
        print(f"error: no plugin reads the format {args.format!r}; use one of: "
              f"{', '.join(readers) or 'none installed'}", file=sys.stderr)
        return 2
    if args.target.exists() and not args.force:  # say so before reading a large file
        write_folder(args.target, Championship({}), force=False)
    championship = read_foreign(args.plugins, args.format, args.file)
    write_folder(args.target, championship, force=args.force,
                 check=partial(read_as_the_build, args.plugins, args.file))
    for note in championship.notes:
        print(shown_note(note))
    rounds = sum(1 for name in championship.files if name.startswith("rounds/"))
    print(f"Imported {args.file} into {args.target} ({rounds} round file(s)); "
          f"build with publisher build")
    return 0


def shown_note(note: str) -> str:
    """``note: ...`` as one line into a file or a pipe (one note a line, for grep), and on a
    terminal wrapped at its width, the later lines indented under the first's text."""
    text = f"note: {note}"
    if not sys.stdout.isatty():
        return text
    width = max(shutil.get_terminal_size().columns - 1, 40)
    return textwrap.fill(text, width, subsequent_indent=" " * len("note: "), break_long_words=False,
                         break_on_hyphens=False)


def read_as_the_build(pm: pluggy.PluginManager, source: Path, folder: Path) -> None:
    """Read the folder an import wrote as a build reads it, plugins included, so that what the
    build would refuse is refused now, with the build's words, told against ``source``."""
    folder = Path(os.path.abspath(folder))  # as load_event names the files of its problems
    try:
        load_event(pm, folder)
    except ContentError as error:
        raise ContentError([relocated(p, folder, source) for p in error.problems]) from None


def add_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "import", help="turn another program's tournament file into a championship folder",
        description="Read FILE (for example OpenGotha's XML or an EGD .h9) and write the "
                    "championship folder TARGET of event.toml, players.csv and round files. "
                    "Nothing is written unless the whole file was understood.")
    parser.add_argument("format", help="the file's format: opengotha, egd, ...")
    parser.add_argument("file", type=Path, help="the file to read")
    parser.add_argument("target", type=Path, help="the championship folder to write, like content/open-2026")
    parser.add_argument("--force", action="store_true", help="replace TARGET if it exists")
    parser.set_defaults(run=run_import)

"""``publisher export FORMAT content/<slug> [-o FILE]``: a championship, computed as a build
computes it, written in another program's format (a rating list's results file)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from publisher.build.loading import load_event
from publisher.build.output import write_atomically
from publisher.formats import formats
from publisher.problems import ContentError, Problem


def run_export(args: argparse.Namespace) -> int:
    known = {name: f for name, f in formats(args.plugins).items() if f.exports}
    if args.format not in known:
        print(f"error: no plugin writes the format {args.format!r}; use one of: "
              f"{', '.join(sorted(known)) or 'none installed'}", file=sys.stderr)
        return 2
    event = load_event(args.plugins, args.event)
    data = args.plugins.hook.publisher_export(format=args.format, event=event,
                                             allow_unfinished=args.allow_unfinished)
    for warning in event.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if data is None:
        raise ContentError(Problem(event.toml_path, f"the {args.format} format cannot carry this "
                                   f"event (game {event.game}, system {event.system})",
                                   f"export it in a format for {event.game}"))
    out: Path = args.output or Path(f"{event.slug}{known[args.format].suffix}")
    if str(out) == "-":
        sys.stdout.buffer.write(data)
        return 0
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise ContentError(Problem(folder, "is not a folder", "write the file into an existing folder"))
    if out.is_dir():
        raise ContentError(Problem(out, "is a folder", f"name the file to write, like -o {out / out.name}"
                                   f"{known[args.format].suffix}"))
    write_atomically(out, data, "write it into another folder with -o")  # never half a file for a federation
    print(f"Wrote {out}")
    return 0


def add_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export", help="write a championship in another program's format (EGD, EMA...)",
        description="Compute EVENT as a build does and write it in FORMAT, for a rating list.")
    parser.add_argument("format", help="egd, ema, ...")
    parser.add_argument("event", type=Path, help="the championship folder, like content/open-2026")
    parser.add_argument("-o", "--output", type=Path, default=None,
                        help="the file to write (default: <slug> and the format's ending; - for stdout)")
    parser.add_argument("--allow-unfinished", action="store_true",
                        help="write the file of an event whose results are not all in (with a warning)")
    parser.set_defaults(run=run_export)

"""What the commands that build the site share: their options, the usage checks of those
options, the builder they make, and how they report and stop."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from publisher.build.builder import Builder, BuildReport


def add_site_options(parser: argparse.ArgumentParser) -> None:
    """The options of every command that builds the site (build, watch, serve)."""
    parser.add_argument("--content", type=Path, default=Path("content"),
                        help="the archive folder (default: content)")
    parser.add_argument("--out", type=Path, default=Path("site"),
                        help="where the site is written (default: site)")
    parser.add_argument("--templates", type=Path, default=None,
                        help="a folder of templates that override the theme's")
    parser.add_argument("--force", action="store_true",
                        help="write into --out even if it holds files the publisher did not write")


def builder(args: argparse.Namespace, remember: bool = True, cache: bool = False) -> Builder:
    """The builder of the site options; ``remember=False`` for a single build, ``cache`` for
    one that keeps its record beside the site for the next run."""
    from publisher.build.builder import Builder  # here: the renderer and Jinja2, for the commands that build

    return Builder(args.plugins, args.content, args.out, args.templates, args.force, remember=remember,
                   cache=cache)


def print_report(report: BuildReport, out: Path) -> None:
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(report.summary(out))


def usage_error(args: argparse.Namespace) -> str:
    """What is wrong with --content, --out and --templates together (bad usage, exit 2), or "".

    A site written inside the content would be read back as a championship, and a
    forced build into a folder that holds the content would delete the organiser's files.
    """
    content, out = args.content.resolve(), args.out.resolve()
    if out.is_relative_to(content):
        return (f"--out {args.out} is inside --content {args.content}; "
                "write the site to a folder beside the content, like --out site")
    if content.is_relative_to(out):
        return (f"--out {args.out} holds --content {args.content}, which a build would replace; "
                "write the site to a folder beside the content, like --out site")
    if args.templates is not None and not args.templates.is_dir():
        return f"--templates {args.templates} is not a folder; pass the folder of your templates"
    return ""


def refused(args: argparse.Namespace) -> bool:
    """Print the usage error of the site options, if any; the command then exits 2."""
    problem = usage_error(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
    return bool(problem)


def until_interrupted(stop: Callable[[], None]) -> int:
    """Wait for Ctrl-C (or SIGTERM), then stop cleanly."""
    stopped = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    try:
        while not stopped.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        stop()
    say("Stopped.")
    return 0


def say(text: str) -> None:
    print(text, flush=True)

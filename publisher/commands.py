"""The core's own commands, registered as a plugin like every other command."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from publisher import hookimpl
from publisher.build import Builder, BuildReport


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


def builder(args: argparse.Namespace) -> Builder:
    return Builder(args.plugins, args.content, args.out, args.templates, args.force)


def print_report(report: BuildReport, out: Path) -> None:
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(report.summary(out))


def run_build(args: argparse.Namespace) -> int:
    print_report(builder(args).build(), args.out)
    return 0


@hookimpl
def publisher_add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "build", help="build the site once",
        description="Build every championship in --content into a static site in --out. "
                    "On a content mistake nothing is written and the previous site stays.")
    add_site_options(parser)
    parser.set_defaults(run=run_build)

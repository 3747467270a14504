"""``publisher build``: the site built once (:class:`publisher.build.builder.Builder`)."""

from __future__ import annotations

import argparse

from publisher.commands.site_options import add_site_options, builder, print_report, refused


def add_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "build", help="build the site once",
        description="Build every championship in --content into a static site in --out. "
                    "On a content mistake nothing is written and the previous site stays. What the "
                    "build keeps for the next one is in a cache folder beside --out (safe to delete): "
                    "the next build renders only what changed.")
    add_site_options(parser)
    parser.set_defaults(run=run_build)


def run_build(args: argparse.Namespace) -> int:
    if refused(args):
        return 2
    print_report(builder(args, remember=False, cache=True).build(), args.out)
    return 0

"""``publisher watch``: build, then build again on every save (:mod:`publisher.live.watch`),
publishing every good build with ``--publish`` (:mod:`publisher.live.publishing`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from publisher.commands.site_options import add_site_options, builder, refused, say, until_interrupted
from publisher.content.folders import event_dirs

if TYPE_CHECKING:
    from publisher.live.publishing import LivePublisher
    from publisher.live.watch import Watcher


def add_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "watch", help="build, then rebuild on every change until stopped",
        description="Build the site, then watch --content and the templates and rebuild on every "
                    "save. A mistake is printed and the last good site stays published.")
    add_site_options(parser)
    add_publish_option(parser)
    parser.set_defaults(run=run_watch)


def add_publish_option(parser: argparse.ArgumentParser) -> None:
    """``--publish [TARGET]`` of ``watch`` and ``serve``: live publishing (docs/publish.md)."""
    parser.add_argument("--publish", nargs="?", const="", default=None, metavar="TARGET",
                        help="publish every good build to TARGET (alone: [publish] target in "
                             "site.toml); see `publisher publish`")


def run_watch(args: argparse.Namespace) -> int:
    if refused(args):
        return 2
    event_dirs(args.content)  # refuses a missing --content: there would be nothing to watch
    watcher, live = watcher_of(args)
    try:
        watcher.start()
    except BaseException:
        stop_publishing(live)
        raise
    say(f"Watching {args.content} and the templates; saves are rebuilt (Ctrl-C to stop)")

    def stop() -> None:
        watcher.stop()
        stop_publishing(live)

    return until_interrupted(stop)


def watcher_of(args: argparse.Namespace) -> tuple[Watcher, LivePublisher | None]:
    """The watcher of ``watch`` and ``serve``, handing every good build to the live publisher
    that ``--publish`` asks for."""
    from publisher.live.publishing import live_publisher
    from publisher.live.status import BuildStatus
    from publisher.live.watch import Watcher
    from publisher.publish.sync import built_site

    status = BuildStatus()
    live = live_publisher(args, status)
    after_build = (lambda report: live.submit(built_site(args.out, report.manifest))) if live else None
    return Watcher(builder(args), status=status, log=say, after_build=after_build), live


def stop_publishing(live: LivePublisher | None) -> None:
    if live is not None:
        live.stop()

"""The core's own commands, registered as a plugin like every other command."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from publisher import hookimpl
from publisher.content import event_dirs

if TYPE_CHECKING:
    from publisher.build import Builder, BuildReport
    from publisher.live_publish import LivePublisher
    from publisher.watch import Watcher
from publisher.exporting import add_export_command
from publisher.importing import add_import_command
from publisher.publish_command import add_publish_command


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


def add_publish_option(parser: argparse.ArgumentParser) -> None:
    """``--publish [TARGET]`` of ``watch`` and ``serve``: live publishing (docs/publish.md)."""
    parser.add_argument("--publish", nargs="?", const="", default=None, metavar="TARGET",
                        help="publish every good build to TARGET (alone: [publish] target in "
                             "site.toml); see `publisher publish`")


def builder(args: argparse.Namespace) -> Builder:
    from publisher.build import Builder  # here: the renderer and Jinja2, for the commands that build

    return Builder(args.plugins, args.content, args.out, args.templates, args.force)


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


def _refused(args: argparse.Namespace) -> bool:
    """Print the usage error of the site options, if any; the command then exits 2."""
    problem = usage_error(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
    return bool(problem)


def run_build(args: argparse.Namespace) -> int:
    if _refused(args):
        return 2
    from publisher.build import Builder

    print_report(Builder(args.plugins, args.content, args.out, args.templates, args.force,
                         remember=False).build(), args.out)
    return 0


def run_watch(args: argparse.Namespace) -> int:
    if _refused(args):
        return 2
    event_dirs(args.content)  # refuses a missing --content: there would be nothing to watch
    watcher, live = _watcher(args)
    try:
        watcher.start()
    except BaseException:
        _stop(live)
        raise
    _say(f"Watching {args.content} and the templates; saves are rebuilt (Ctrl-C to stop)")

    def stop() -> None:
        watcher.stop()
        _stop(live)

    return _until_interrupted(stop)


def _watcher(args: argparse.Namespace) -> tuple[Watcher, LivePublisher | None]:
    """The watcher of ``watch`` and ``serve``, handing every good build to the live publisher
    that ``--publish`` asks for."""
    from publisher.live_publish import live_publisher
    from publisher.publish import built_site
    from publisher.watch import BuildStatus, Watcher

    status = BuildStatus()
    live = live_publisher(args, status)
    after_build = (lambda report: live.submit(built_site(args.out, report.manifest))) if live else None
    return Watcher(builder(args), status=status, log=_say, after_build=after_build), live


def _stop(live: LivePublisher | None) -> None:
    if live is not None:
        live.stop()


def run_serve(args: argparse.Namespace) -> int:
    from publisher.serve import LiveServer

    if _refused(args):
        return 2
    event_dirs(args.content)  # refuses a missing --content: there would be nothing to watch
    watcher, live = _watcher(args)
    try:
        server = LiveServer(args.out, watcher.status, args.port)
    except OSError as error:
        _stop(live)
        print(f"error: cannot listen on 127.0.0.1:{args.port}: {error.strerror}; "
              "pass another --port, or --port 0 for any free one", file=sys.stderr)
        return 1
    try:
        watcher.start()
    except BaseException:
        server.server_close()
        _stop(live)
        raise
    server.start()
    _say(f"Serving {args.out} at {server.url} (Ctrl-C to stop)")

    def stop() -> None:
        server.stop()
        watcher.stop()
        _stop(live)

    return _until_interrupted(stop)


def _until_interrupted(stop: Callable[[], None]) -> int:
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
    _say("Stopped.")
    return 0


def _say(text: str) -> None:
    print(text, flush=True)


@hookimpl
def publisher_add_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "build", help="build the site once",
        description="Build every championship in --content into a static site in --out. "
                    "On a content mistake nothing is written and the previous site stays.")
    add_site_options(parser)
    parser.set_defaults(run=run_build)

    parser = subparsers.add_parser(
        "watch", help="build, then rebuild on every change until stopped",
        description="Build the site, then watch --content and the templates and rebuild on every "
                    "save. A mistake is printed and the last good site stays published.")
    add_site_options(parser)
    add_publish_option(parser)
    parser.set_defaults(run=run_watch)

    parser = subparsers.add_parser(
        "serve", help="watch, and serve the site locally with live reload",
        description="Watch like `publisher watch` and serve the site on 127.0.0.1: open pages "
                    "reload after every rebuild and show the mistake while the content is broken.")
    add_site_options(parser)
    parser.add_argument("--port", type=_port, default=8000,
                        help="the port on 127.0.0.1 (default 8000; 0 picks a free one)")
    add_publish_option(parser)
    parser.set_defaults(run=run_serve)

    add_import_command(subparsers)
    add_export_command(subparsers)
    add_publish_command(subparsers)


def _port(text: str) -> int:
    """A TCP port number, refused by argparse (exit 2) when it cannot be one."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: use 1 to 65535, or 0 for any free one")
    return port

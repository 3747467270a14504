"""``publisher serve``: watch like ``publisher watch`` and serve the site on 127.0.0.1 with
live reload (:mod:`publisher.live.serve`)."""

from __future__ import annotations

import argparse
import sys

from publisher.commands.site_options import add_site_options, refused, say, until_interrupted
from publisher.commands.watch import add_publish_option, stop_publishing, watcher_of
from publisher.content.folders import event_dirs


def add_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve", help="watch, and serve the site locally with live reload",
        description="Watch like `publisher watch` and serve the site on 127.0.0.1: open pages "
                    "reload after every rebuild and show the mistake while the content is broken.")
    add_site_options(parser)
    parser.add_argument("--port", type=_port, default=8000,
                        help="the port on 127.0.0.1 (default 8000; 0 picks a free one)")
    add_publish_option(parser)
    parser.add_argument("--desk", action="store_true",
                        help="open the results desk at /desk/: helpers' devices join by a printed code")
    parser.add_argument("--double-entry", action="store_true",
                        help="with the desk, write a mahjong table's scores once two devices "
                             "entered the same (implies --desk)")
    parser.add_argument("--desk-host", default=None, metavar="ADDR",
                        help="with the desk, listen on this interface (the hall's network) instead of "
                             "127.0.0.1")
    parser.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from publisher.live.serve import LiveServer

    if refused(args):
        return 2
    event_dirs(args.content)  # refuses a missing --content: there would be nothing to watch
    watcher, live = watcher_of(args)
    host = args.desk_host or "127.0.0.1"
    desk = None
    if args.desk or args.desk_host or args.double_entry:
        from publisher.live.desk import Desk

        desk = Desk(args.plugins, args.content, say, args.double_entry)
    try:
        server = LiveServer(args.out, watcher.status, args.port, host, desk)
    except OSError as error:
        stop_publishing(live)
        print(f"error: cannot listen on {host}:{args.port}: {error.strerror}; "
              "pass another --port, or --port 0 for any free one", file=sys.stderr)
        return 1
    try:
        watcher.start()
    except BaseException:
        server.server_close()
        stop_publishing(live)
        raise
    server.start()
    say(f"Serving {args.out} at {server.url} (Ctrl-C to stop)")
    if desk is not None:
        desk.announce(server.url, args.desk_host is not None)

    def stop() -> None:
        server.stop()
        watcher.stop()
        stop_publishing(live)

    return until_interrupted(stop)


def _port(text: str) -> int:
    """A TCP port number, refused by argparse (exit 2) when it cannot be one."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: use 1 to 65535, or 0 for any free one")
    return port

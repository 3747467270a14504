"""``publisher publish [TARGET]``: the command line of :mod:`publisher.publish.sync`.

Apart from the engine so that every other command starts without it: the command line
is made on every start, the engine and what it imports only when a site is published.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from publisher.publish.targets import DEFAULT_JOBS


def add_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "publish", help="send the built site to the host, only what changed",
        description="Upload the site built in --out to TARGET (a folder, file://, sftp://, ftp://, "
                    "ftps:// or s3:// address; default: [publish] target in content/site.toml): "
                    "only new and changed files, assets before pages, deletions last.")
    parser.add_argument("target", nargs="?", default=None, metavar="TARGET",
                        help="where to publish; default: [publish] target in site.toml")
    parser.add_argument("--out", type=Path, default=Path("site"),
                        help="the built site to publish (default: site)")
    parser.add_argument("--content", type=Path, default=Path("content"),
                        help="the archive folder, whose site.toml names the target (default: content)")
    parser.add_argument("--endpoint-url", default="",
                        help="the S3 endpoint of an S3-compatible provider (MinIO, R2, B2, Spaces)")
    parser.add_argument("--dry-run", action="store_true", help="list what would be sent and deleted")
    parser.add_argument("--force", action="store_true",
                        help="publish into a target that holds files the publisher did not write")
    parser.add_argument("--verify", action="store_true",
                        help="check the bytes of every file on the host (download and hash them, or "
                             "S3's checksums) and send again those that differ from the site")
    parser.add_argument("--jobs", type=_jobs, default=DEFAULT_JOBS,
                        help=f"uploads at once (default {DEFAULT_JOBS})")
    parser.set_defaults(run=run_publish)


def run_publish(args: argparse.Namespace) -> int:
    from publisher.content.site_settings import read_site_settings
    from publisher.publish.progress import Progress
    from publisher.publish.sync import open_target, parse_target, publish, refuse_overlap, site_in_folder

    settings = read_site_settings(args.content) if args.target is None else None
    text = args.target if args.target is not None else (settings.publish_target if settings else "")
    if not text:
        print("error: name the target (publisher publish sftp://user@host/path), or write "
              f'[publish] target = "..." in {args.content / "site.toml"}', file=sys.stderr)
        return 2
    endpoint = args.endpoint_url or (settings.publish_endpoint_url if settings else "")
    address = parse_target(text, endpoint)
    refuse_overlap(address, args.content, args.out)
    site = site_in_folder(args.out)
    if caution := open_target(args.plugins, address).caution:
        _warn(f"warning: {caution}")
    report = publish(args.plugins, address, site, jobs=args.jobs,
                     force=args.force, dry_run=args.dry_run, verify=args.verify, log=print, warn=_warn,
                     progress=None if args.dry_run else Progress(sys.stderr))
    print(report.summary())
    return 0


def _warn(text: str) -> None:
    print(text, file=sys.stderr)


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 1 <= jobs <= 64:
        raise argparse.ArgumentTypeError(f"{jobs} uploads at once: use 1 to 64")
    return jobs

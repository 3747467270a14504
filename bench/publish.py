"""Publishing to a folder, to SFTP (OpenSSH's sshd) and to S3 (moto's server) on this
machine's loopback: the first publish of the example archive and of a 10,000-file site
(files/s, MB/s), and a publish after one result change (files sent, seconds).

The servers are the ones the tests start (tests/servers.py). Each change flips one
result of the Ljubljana Go Open's last round and rebuilds, as a director's save under
``watch`` would; the figures are medians over ``--repeats`` changes, with the folder
target as the baseline measured in the same run.

    python benchmarks/publish.py [--repeats 5] [--files 10000] [--jobs 8]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from publisher.build.builder import Builder
from publisher.build.manifest import MANIFEST_NAME
from publisher.plugins import plugin_manager
from publisher.publish.sync import publish, site_in_folder, site_in_memory
from publisher.publish.targets import parse_address

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import servers  # noqa: E402  (the tests' servers: sshd, moto)

ROUND = "ljubljana-go-open-2026/rounds/6.csv"


def big_site(count: int) -> dict[str, bytes]:
    """``count`` files like a large archive's: pages of about 6 kB in 100 folders, a few assets."""
    files = {f"assets/style.{n:08x}.css": b"body { margin: 0 }\n" * 200 for n in range(4)}
    for n in range(count - len(files)):
        body = (f"<!doctype html><title>Player {n}</title>"
                f"<p>{'standings row ' * 400}{n}</p>\n").encode()
        files[f"event-{n % 100:03d}/players/p{n:05d}.html"] = body
    return files


def flip_one_result(content: Path) -> None:
    """Turn the last result of the round around, as a director correcting a typo would."""
    path = content / ROUND
    lines = path.read_text(encoding="utf-8").splitlines()
    head, *rows = lines
    cells = rows[-1].split(",")
    cells[3] = {"1-0": "0-1", "0-1": "1-0"}.get(cells[3], "1-0")
    rows[-1] = ",".join(cells)
    path.write_text("\n".join([head, *rows]) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=8)
    args = parser.parse_args()
    pm = plugin_manager()
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        base = Path(tmp)
        content = base / "content"
        import shutil

        shutil.copytree(ROOT / "content", content)
        builder = Builder(pm, content, base / "site")
        builder.build()
        example = _files(base / "site")
        large = big_site(args.files)
        sftp = stack.enter_context(servers.sshd(base / "sftp-server"))
        s3 = stack.enter_context(servers.s3(base / "s3-server"))
        os.environ.update({**s3.env, "HOME": sftp.env["HOME"]})
        os.environ.pop("SSH_AUTH_SOCK", None)
        targets = {"folder": (str(base / "folder"), ""), "sftp": (sftp.url, ""),
                   "s3": (s3.url, s3.endpoint_url)}
        print(f"example archive: {len(example)} files, {_mb(example):.1f} MB; "
              f"large site: {len(large)} files, {_mb(large):.1f} MB; --jobs {args.jobs}")
        print(f"{'target':8} {'site':8} {'first publish':>14} {'files/s':>9} {'MB/s':>7}")
        firsts: dict[tuple[str, str], float] = {}
        for name, (url, endpoint) in targets.items():
            for label, files in (("example", example), ("large", large)):
                address = parse_address(f"{url}/{label}", endpoint)
                report = publish(pm, address, site_in_memory(files), jobs=args.jobs)
                firsts[name, label] = report.seconds
                print(f"{name:8} {label:8} {report.seconds:12.2f} s {len(files) / report.seconds:9.0f} "
                      f"{_mb(files) / report.seconds:7.1f}")
        print(f"\nafter one result change (median of {args.repeats}):")
        print(f"{'target':8} {'files sent':>10} {'seconds':>8} {'vs folder':>10}")
        medians: dict[str, float] = {}
        sent: dict[str, list[int]] = {name: [] for name in targets}
        times: dict[str, list[float]] = {name: [] for name in targets}
        for _ in range(args.repeats):
            flip_one_result(content)
            time.sleep(0.01)  # a new mtime for the build's fingerprint
            builder.build()
            site = site_in_folder(base / "site")  # as `publisher publish` reads it
            for name, (url, endpoint) in targets.items():
                report = publish(pm, parse_address(f"{url}/example", endpoint), site, jobs=args.jobs)
                sent[name].append(len(report.uploaded) + len(report.deleted))
                times[name].append(report.seconds)
        for name in targets:
            medians[name] = statistics.median(times[name])
            print(f"{name:8} {statistics.median(sent[name]):10.0f} {medians[name]:8.3f} "
                  f"{medians[name] / medians['folder']:9.1f}x")
        verdict = "meets" if medians["sftp"] < 1.0 else "misses"
        print(f"\nSFTP after one change: {medians['sftp']:.3f} s ({verdict} the 1 s target)")


def _files(site: Path) -> dict[str, bytes]:
    files = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    files.pop(MANIFEST_NAME, None)
    return files


def _mb(files: dict[str, bytes]) -> float:
    return sum(len(d) for d in files.values()) / 1e6


if __name__ == "__main__":
    main()

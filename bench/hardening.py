"""What the limits on bad input cost and save: Markdown pages, problem floods, a hall of phones.

- Markdown: a plain page of 200,000 characters (the baseline) beside the worst pages the
  limits still let through, and the refusal of pages Python-Markdown would take minutes over.
- Problems: a players.csv with a bad id on each of its rows, as the console prints it.
- serve: many connections opened at once, answered with the server's listen queue and
  with the standard library's queue of 5 (the baseline), in the same process.

    python bench/hardening.py [--repeats 3] [--connections 120]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import socket
import statistics
import tempfile
import time
from pathlib import Path

from publisher.content.folders import read_players
from publisher.content.markdown_pages import MOST_CHARACTERS, render, too_heavy
from publisher.live.serve import LiveServer
from publisher.live.watch import BuildStatus
from publisher.problems import ContentError, report_lines


def seconds(work, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def fill(unit: str) -> str:
    return (unit * (MOST_CHARACTERS // len(unit) + 1))[:MOST_CHARACTERS - 1]


def markdown(repeats: int) -> None:
    base = seconds(lambda: render(fill("Round 3 starts at 14:00 in the main hall. ")), repeats)
    print(f"Markdown, {MOST_CHARACTERS - 1:,} characters: plain page {base:.2f} s (baseline)")
    allowed = {
        "10 [ open per paragraph": fill("[" * 10 + " word" * 50 + "\n\n"),
        "links": fill("[a](https://example.org/) "),
        "lists 10 deep": fill("".join("    " * i + "- a\n" for i in range(10))),
        "quotes 10 deep": fill(">" * 10 + " a\n\n"),
        "a table of links": ("|a|b|\n|-|-|\n" + fill("|[x](y)|z|\n"))[:MOST_CHARACTERS - 1],
    }
    for name, text in allowed.items():
        assert too_heavy(text) is None, name
        took = seconds(lambda text=text: render(text), repeats)
        print(f"  allowed, {name}: {took:.2f} s ({took / base:.1f}x)")
    refused = {"4,000 [": "[" * 4000, "20,000 [": "[" * 20_000, "[a](b x 4,000": "[a](b " * 4000,
               "a list 1,000 deep": "".join("    " * i + "- x\n" for i in range(1000))}
    for name, text in refused.items():
        took = seconds(lambda text=text: too_heavy(text), repeats)
        print(f"  refused, {name}: {took * 1000:.1f} ms to refuse")
    took = seconds(lambda: render("[" * 4000), 1)
    print(f"  without the limit, 4,000 [ render in {took:.1f} s ({took / base:.0f}x the plain page)")


def problems(rows: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "players.csv"
        path.write_text("id,name\n" + "".join(f"bad id {i},Name\n" for i in range(rows)), encoding="utf-8")
        started = time.perf_counter()
        try:
            read_players(path)
        except ContentError as error:
            found = error.problems
        read = time.perf_counter() - started
        shown = report_lines(found)
        every = sum(len(str(p)) + 1 for p in found)
        size = sum(len(s) + 1 for s in shown)
        print(f"Problems, {rows:,} bad rows: read in {read:.2f} s; {len(shown)} lines, {size:,} bytes "
              f"shown, instead of {len(found):,} lines, {every:,} bytes")


def phones(connections: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        (site / "index.html").write_text("<html><body>" + "x" * 20_000 + "</body></html>", encoding="utf-8")
        for queue in (LiveServer.request_queue_size, 5):
            LiveServer.request_queue_size, saved = queue, LiveServer.request_queue_size
            server = LiveServer(site, BuildStatus(), port=0)
            LiveServer.request_queue_size = saved
            server.start()
            port = server.server_address[1]

            def fetch(_: int, port: int = port) -> float:
                started = time.perf_counter()
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                        while sock.recv(65536):
                            pass
                except OSError:
                    return float("inf")
                return time.perf_counter() - started

            with concurrent.futures.ThreadPoolExecutor(connections) as pool:
                times = sorted(pool.map(fetch, range(connections)))
            server.stop()
            slow = sum(t > 1 for t in times)
            failed = sum(t == float("inf") for t in times)
            label = "the server's queue" if queue != 5 else "a queue of 5 (baseline)"
            print(f"serve, {connections} connections at once, {label} ({queue}): median "
                  f"{statistics.median(times) * 1000:.0f} ms, {slow} over 1 s, {failed} failed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--connections", type=int, default=120)
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    phones(args.connections)
    problems(args.rows)
    markdown(args.repeats)


if __name__ == "__main__":
    main()

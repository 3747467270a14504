"""One full build in a process of its own, for its wall time and peak memory.

    python -m bench.full_build CONTENT OUT [--watch]

Prints one JSON line: seconds, files, html pages and their bytes, and the peak
resident memory in MB of the process (``main_mb``: it holds what grows with the
archive, each championship's summary and its files' manifest lines), of its largest
render worker (``worker_mb``: one championship read and written at a time) and the
larger of the two (``rss_mb``).
With ``--watch`` the build is a kept one, as ``publisher watch`` runs it (in one
process, remembering what a later build needs), followed by a build with nothing
changed; ``kept_mb`` is then the resident memory after it: what the watching
process holds between builds. With ``--cache`` it is ``publisher build`` itself, which
starts from the record its last run kept beside the site and keeps one for the next.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

from publisher.build.builder import Builder
from publisher.plugins import plugin_manager


def resident_mb(field: str = "VmRSS") -> float:
    """The process's resident memory now (``VmRSS``) or at its peak (``VmHWM``), in MB.
    The peak is read here, not from ``ru_maxrss``, which Linux carries over an ``exec``:
    a build started by a big process (the harness, after watching an archive) would
    report that process's size as its own."""
    with open("/proc/self/status", encoding="ascii") as status:
        line = next(line for line in status if line.startswith(f"{field}:"))
    return int(line.split()[1]) / 1024


def main() -> None:
    content, out = Path(sys.argv[1]), Path(sys.argv[2])
    watch, cache = "--watch" in sys.argv[3:], "--cache" in sys.argv[3:]
    started = time.perf_counter()
    builder = Builder(plugin_manager(), content, out, remember=watch, cache=cache)
    report = builder.build()
    seconds = time.perf_counter() - started
    figures = {}
    if watch:
        assert builder.build().stats.written == 0
        figures["kept_mb"] = resident_mb()
    main_mb = resident_mb("VmHWM")
    worker_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # forks: no exec
    pages = [e.size for path, e in report.manifest.items() if path.endswith(".html")]
    print(json.dumps({"seconds": seconds, "files": report.files, "pages": len(pages),
                      "written": report.stats.written,
                      "page_bytes": sum(pages),
                      "rss_mb": max(main_mb, worker_mb), "main_mb": main_mb, "worker_mb": worker_mb,
                      **figures}))


if __name__ == "__main__":
    main()

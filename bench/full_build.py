"""One full build in a process of its own, for its wall time and peak memory.

    python -m bench.full_build CONTENT OUT [--watch]

Prints one JSON line: seconds, files, html pages and their bytes, and the peak
resident memory (ru_maxrss) in MB of the process or of its largest render worker.
With ``--watch`` the build is a kept one, as ``publisher watch`` runs it (in one
process, remembering what a later build needs), followed by a build with nothing
changed; ``kept_mb`` is then the resident memory after it: what the watching
process holds between builds.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

from publisher.build import Builder
from publisher.plugins import plugin_manager


def resident_mb() -> float:
    """The process's resident memory now (VmRSS), in MB."""
    with open("/proc/self/status", encoding="ascii") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def main() -> None:
    content, out = Path(sys.argv[1]), Path(sys.argv[2])
    watch = "--watch" in sys.argv[3:]
    started = time.perf_counter()
    builder = Builder(plugin_manager(), content, out, remember=watch)
    report = builder.build()
    seconds = time.perf_counter() - started
    figures = {}
    if watch:
        assert builder.build().stats.written == 0
        figures["kept_mb"] = resident_mb()
    pages = [e.size for path, e in report.manifest.items() if path.endswith(".html")]
    print(json.dumps({"seconds": seconds, "files": report.files, "pages": len(pages),
                      "page_bytes": sum(pages),
                      "rss_mb": max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                                    resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024,
                      **figures}))


if __name__ == "__main__":
    main()

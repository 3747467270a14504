"""One full build in a process of its own, for its wall time and peak memory.

    python -m bench.full_build CONTENT OUT

Prints one JSON line: seconds, files, html pages and their bytes, and the peak
resident memory (ru_maxrss) in MB of the process or of its largest render worker.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

from publisher.build import Builder
from publisher.plugins import plugin_manager


def main() -> None:
    content, out = Path(sys.argv[1]), Path(sys.argv[2])
    started = time.perf_counter()
    report = Builder(plugin_manager(), content, out, remember=False).build()
    seconds = time.perf_counter() - started
    pages = [e.size for path, e in report.manifest.items() if path.endswith(".html")]
    print(json.dumps({"seconds": seconds, "files": report.files, "pages": len(pages),
                      "page_bytes": sum(pages),
                      "rss_mb": max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                                    resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024}))


if __name__ == "__main__":
    main()

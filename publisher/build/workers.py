"""Render workers: forks of a build that share its work out over the machine's cores.

A fork starts with the build's memory as it was: the plugins, the template
environment, a championship already read and its outputs already made. Nothing of
that is pickled; a task is its number, and only its answer (a championship's summary,
a writer's part) travels back. Where ``fork`` is not offered (macOS, Windows) or the
machine has one core, a build renders in its own process, which writes the same bytes.

A worker dies with the build, however the build ends: killed (``kill -9``, the
out-of-memory killer) the build cannot stop its workers, so each asks the kernel to
kill it when its parent dies (Linux), or watches its parent (elsewhere). It also
closes the descriptors the build names (the lock of ``--out``), so that no worker
holds the folder for a build that is gone.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def cores() -> int:
    """How many workers pay: one per core the build may run on, or 1 where it cannot fork."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return os.cpu_count() or 1


# The task of the pool being run: set by the parent before it forks, read by the workers.
_task: Callable[[int], Any] | None = None


def forked_map(task: Callable[[int], Any], count: int, workers: int,
               closed: Collection[int] = ()) -> Iterator[Any]:
    """``task(0)``, ``task(1)``, ... ``task(count - 1)`` run in ``workers`` forked processes,
    their answers yielded in order. ``task`` may be any callable (a closure over the
    build), since the workers inherit it; its answers must pickle. A worker that dies (killed
    for memory) raises BrokenProcessPool here rather than leaving the build waiting; tasks not
    started when the caller stops reading are cancelled. The workers close the descriptors
    ``closed`` and die with the caller (see the module's text)."""
    global _task
    _task = task
    # What the build holds now is the workers' to read, not to collect: frozen, the
    # collector in a worker does not walk it again (nor copy its memory by touching it).
    gc.freeze()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_start_worker, initargs=(os.getpid(), tuple(closed)))
    try:
        yield from pool.map(_run, range(count))
    finally:
        pool.shutdown(cancel_futures=True)
        gc.unfreeze()
        _task = None


def _run(index: int) -> Any:
    assert _task is not None
    return _task(index)


# prctl's option that has the kernel send the calling process a signal when its parent dies.
PR_SET_PDEATHSIG = 1
# How often a worker looks at its parent where the kernel cannot tell it.
PARENT_CHECK = 0.5


def _start_worker(parent: int, closed: tuple[int, ...]) -> None:
    """In a new worker, before any task: let go of what the build holds, and die with it."""
    for fd in closed:
        os.close(fd)
    if not _killed_with_parent():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the build died before the worker could ask
        os._exit(1)


def _killed_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent ends; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """Where the kernel does not kill it: end this worker once its parent is gone (an
    orphan is handed to another parent)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(1)

"""Render workers: forks of a build that share its work out over the machine's cores.

A fork starts with the build's memory as it was: the plugins, the template
environment, a championship already read and its outputs already made. Nothing of
that is pickled; a task is its number, and only its answer (a championship's summary,
a writer's part) travels back. Where ``fork`` is not offered (macOS, Windows) or the
machine has one core, a build renders in its own process, which writes the same bytes.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def cores() -> int:
    """How many workers pay: one per core the build may run on, or 1 where it cannot fork."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return os.cpu_count() or 1


# The task of the pool being run: set by the parent before it forks, read by the workers.
_task: Callable[[int], Any] | None = None


def forked_map(task: Callable[[int], Any], count: int, workers: int) -> Iterator[Any]:
    """``task(0)``, ``task(1)``, ... ``task(count - 1)`` run in ``workers`` forked processes,
    their answers yielded in order. ``task`` may be any callable (a closure over the
    build), since the workers inherit it; its answers must pickle. A worker that dies (killed
    for memory) raises BrokenProcessPool here rather than leaving the build waiting; tasks not
    started when the caller stops reading are cancelled."""
    global _task
    _task = task
    # What the build holds now is the workers' to read, not to collect: frozen, the
    # collector in a worker does not walk it again (nor copy its memory by touching it).
    gc.freeze()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    try:
        yield from pool.map(_run, range(count))
    finally:
        pool.shutdown(cancel_futures=True)
        gc.unfreeze()
        _task = None


def _run(index: int) -> Any:
    assert _task is not None
    return _task(index)

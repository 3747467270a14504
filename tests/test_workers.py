"""The render workers' pool: answers in order, and a worker that dies stops the build."""

from __future__ import annotations

import contextlib
import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from publisher.build.workers import forked_map

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="render workers are forked")


def test_answers_come_in_order_from_the_forked_workers():
    parent = os.getpid()
    with contextlib.closing(forked_map(lambda i: (i * i, os.getpid() != parent), 40, 3)) as answers:
        assert list(answers) == [(i * i, True) for i in range(40)]


def test_a_worker_killed_midway_stops_the_build_instead_of_leaving_it_waiting():
    def task(index: int) -> int:
        if index == 5:
            os._exit(9)  # as the kernel's out-of-memory killer ends a process
        return index

    with pytest.raises(BrokenProcessPool), contextlib.closing(forked_map(task, 12, 2)) as answers:
        list(answers)

"""The command line as a shell uses it: ``publisher pair content/x --dry-run | head`` stops
reading early, and the director sees the lines they asked for, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import write

ROOT = Path(__file__).resolve().parent.parent


def test_a_reader_that_stops_reading_gets_no_traceback(tmp_path):
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", 'name = "Open"\ngame = "go"\nsystem = "swiss"\n'
          "start = 2026-05-01\nrounds = 3\n")
    write(folder / "players.csv", "id,name\n" + "".join(f"p{i},P {i}\n" for i in range(1, 9)))
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head` having exited: the first line printed meets a closed pipe
    try:
        done = subprocess.run([sys.executable, "-m", "publisher.cli", "pair", str(folder), "--dry-run"],
                              stdout=write_end, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr and done.stderr == ""
    assert done.returncode == 141
    assert not (folder / "rounds").exists()

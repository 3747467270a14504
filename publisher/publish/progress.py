"""How far a long upload has come, told while it runs.

A first publish of an archive, or one over the hall's Wi-Fi, takes minutes: without a
sign of life a director presses Ctrl-C and starts again. On a terminal one line is
redrawn in place (files and bytes sent of the total); in a log (``watch`` under a
service, a script's output) a quiet line every few seconds or every so many files.
"""

from __future__ import annotations

import threading
import time
from typing import TextIO

# A terminal's line is redrawn at most this often; a log gets a line every EVERY seconds or
# EVERY_FILES files, whichever comes first.
REDRAW = 0.1
EVERY = 5.0
EVERY_FILES = 500


class Progress:
    """The files and bytes an upload has sent, told on ``stream``; the engine calls it from
    every upload's thread."""

    def __init__(self, stream: TextIO, every: float = EVERY, every_files: int = EVERY_FILES):
        self.stream, self.every, self.every_files = stream, every, every_files
        self.tty = stream.isatty()
        self.files = self.size = self.sent_files = self.sent_bytes = 0
        self.told = 0.0
        self.lock = threading.Lock()

    def begin(self, files: int, size: int) -> None:
        """An upload of ``files`` files, ``size`` bytes in all, starts."""
        with self.lock:
            self.files, self.size, self.sent_files, self.sent_bytes = files, size, 0, 0
            self.told = time.monotonic()

    def landed(self, size: int) -> None:
        """One more file of ``size`` bytes has landed on the host."""
        with self.lock:
            self.sent_files += 1
            self.sent_bytes += size
            now, last = time.monotonic(), self.sent_files == self.files
            if self.tty and (now - self.told >= REDRAW or last):
                self.stream.write(f"\r{self._line()}\033[K")
            elif not self.tty and not last and (
                    now - self.told >= self.every or self.sent_files % self.every_files == 0):
                self.stream.write(f"{self._line()}\n")
            else:
                return
            self.stream.flush()
            self.told = now

    def end(self) -> None:
        """The upload is over (or failed): a terminal's line is cleared for what follows."""
        if self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def _line(self) -> str:
        return (f"  sent {self.sent_files:,} of {self.files:,} files, "
                f"{_size(self.sent_bytes)} of {_size(self.size)}")


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 1e6 else f"{count / 1e3:.0f} KB"

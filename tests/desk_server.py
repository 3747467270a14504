"""``publisher serve --desk`` in a child process, as a director starts it, for the desk's tests:
the codes it prints, and JSON calls over HTTP with a device's token."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import signal
import threading
import time
from pathlib import Path
from typing import Any

from live_plugin.board import publisher

EXAMPLES = Path(__file__).resolve().parent.parent / "content"
CODE = re.compile(r"(http://[0-9.]+:\d+/)desk/\?token=([A-Za-z0-9_-]+)")


class DeskServer:
    """The serve command with the desk over a copy of example championships."""

    def __init__(self, tmp_path: Path, events: tuple[str, ...] = ("wosc-2026", "hk-mahjong-open-2026"),
                 *options: str):
        self.content = tmp_path / "content"
        for name in events:
            shutil.copytree(EXAMPLES / name, self.content / name)
        self.process = publisher(tmp_path, "serve", "--desk", "--port", "0", "--content", "content",
                                 "--out", "site", *options, limit=300)
        self.lines: list[str] = []
        self.director_token = ""
        self._seen = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        director = self.wait_for(r"for the director .*: (http://\S+)")
        self.address, self.director_code = CODE.search(director.group(1)).groups()  # type: ignore[union-attr]
        self.host, port = self.address.removeprefix("http://").strip("/").split(":")
        self.port = int(port)
        self.wait_for(r"^http://\S+/desk/\?token=")  # the first helper's code

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._seen:
                self.lines.append(line)
                self._seen.notify_all()

    def wait_for(self, pattern: str, after: int = 0, timeout: float = 60) -> re.Match[str]:
        """The first line from line ``after`` on that matches ``pattern``, waiting for it."""
        deadline = time.monotonic() + timeout
        with self._seen:
            while True:
                for line in self.lines[after:]:
                    if found := re.search(pattern, line):
                        return found
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise AssertionError(f"serve --desk did not print {pattern}:\n" + "".join(self.lines))
                self._seen.wait(0.2)

    def helper_code(self) -> str:
        """The newest code printed for a helper's device."""
        with self._seen:
            codes = [m.group(2) for line in self.lines if (m := CODE.search(line)) and "director" not in line]
        return codes[-1]

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             **headers: str) -> tuple[int, dict[str, str], Any]:
        """One request: the status, the headers and the JSON answer (or the bytes)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        data = json.dumps(body).encode() if body is not None and not isinstance(body, bytes) else body
        sent = {**({"Authorization": f"Bearer {token}"} if token else {}),
                **({"Content-Type": "application/json"} if data is not None else {}),
                **{k.replace("_", "-"): v for k, v in headers.items()}}
        try:
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            raw = response.read()
            kind = response.getheader("Content-Type") or ""
            return response.status, dict(response.getheaders()), json.loads(raw) if "json" in kind else raw
        finally:
            connection.close()

    def join(self, label: str = "", director: bool = False) -> str:
        """A new device's session token, with the code the terminal shows now (the director's
        code works once: the director's session after that)."""
        if director and self.director_token:
            return self.director_token
        count = len(self.lines)
        code = self.director_code if director else self.helper_code()
        status, _, answer = self.call("POST", "/desk/api/join", {"token": code, "label": label})
        assert status == 200, answer
        if director:
            self.director_token = answer["token"]
        else:
            self.wait_for(r"desk/\?token=", after=count)  # the next device's code
        return answer["token"]

    def stop(self) -> str:
        """Ctrl-C, and everything the command printed."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=15)
        finally:
            self.process.kill()
        time.sleep(0.1)
        return "".join(self.lines)

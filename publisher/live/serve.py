"""A local web server for the built site, with live reload and a banner for broken content.

Nothing of this is written into ``site/``: the server adds a small script to the
HTML pages it sends, which polls ``/__publisher/status.json`` (the build number
and the current error) a few times a second. Polling, not a stream held open
per tab: a browser opens at most six connections to one host, and a director
keeps more pages open than that. After a build that changed the site, an open
page asks for its own file again (``HEAD``: the header ``X-Publisher-Hash``, the
digest of the file as built, which the script also carries) and reloads only when it
changed, keeping the reader's place (filters, scroll positions, open details); a save
in one championship leaves the others' pages alone. Pages that keep themselves current
(the venue screens poll their JSON and say so with
``<meta name="publisher-live-reload" content="off">``) never reload; while the content
is broken every page shows the error and the last good site stays.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from publisher.build.output import INSIDE
from publisher.live.status import BuildStatus, Snapshot

if TYPE_CHECKING:
    from publisher.live.desk import Desk

PREFIX = "/__publisher/"
DESK = "/desk/"  # the results desk (publisher.live.desk), when serve runs with --desk
CLIENT_JS = Path(__file__).with_name("live_reload.js")


class LiveServer(ThreadingHTTPServer):
    """Serves ``root`` on 127.0.0.1 only: it is the organiser's machine, not a public host
    (``host`` names another interface for the results desk's devices, ``serve --desk-host``).

    A thread per connection and a listen backlog of 128 (the standard library's is 5): a
    hall full of phones opening the local site at the start of a round must not wait.
    """

    daemon_threads = True
    block_on_close = False
    request_queue_size = 128

    def __init__(self, root: Path, status: BuildStatus, port: int = 8000, host: str = "127.0.0.1",
                 desk: Desk | None = None):
        self.root = root
        self.status = status
        self.desk = desk
        super().__init__((host, port), _Handler)

    @property
    def url(self) -> str:
        return f"http://{self.server_address[0]}:{self.server_address[1]}/"

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=self.serve_forever, name="publisher-serve", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        """Stop answering and free the port."""
        self.shutdown()
        self.server_close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A tab closed while its page was sent (a live reload, a phone locked) is no news;
        anything else is a bug and keeps its traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            super().handle_error(request, client_address)


def digest(page: bytes) -> str:
    """What a page is as built, to tell whether a build changed it: its bytes' digest."""
    return hashlib.sha256(page).hexdigest()[:16]


def inject(html: bytes, build: int) -> bytes:
    """The page with the live-reload script before ``</body>`` (or at the end); the script
    carries the build it was sent after and the digest of the page as built."""
    tag = (f'<script src="{PREFIX}live.js" data-build="{build}" data-hash="{digest(html)}">'
           '</script>\n').encode()
    at = html.rfind(b"</body>")
    return html[:at] + tag + html[at:] if at >= 0 else html + tag


class _Handler(SimpleHTTPRequestHandler):
    server: LiveServer
    protocol_version = "HTTP/1.1"
    timeout = 30  # an idle kept-alive connection gives its thread back

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def do_POST(self) -> None:
        self._desk("POST")

    def do_DELETE(self) -> None:
        self._desk("DELETE")

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the console belongs to the build messages."""

    def _answer(self, body: bool) -> None:
        path = urlsplit(self.path).path
        if self.server.desk is not None and (path + "/").startswith(DESK):
            self._desk(self.command)
        elif path.startswith(PREFIX):
            self._own(path[len(PREFIX):], body)
        else:
            self._file(path, body)

    def _own(self, name: str, body: bool) -> None:
        snapshot = self.server.status.snapshot()
        if name == "status.json":
            self._send(HTTPStatus.OK, "application/json", _status_json(snapshot), body)
        elif name == "live.js":
            self._send(HTTPStatus.OK, "text/javascript; charset=utf-8", CLIENT_JS.read_bytes(), body)
        else:
            self._not_found(body)

    def _file(self, path: str, body: bool) -> None:
        if INSIDE & set(unquote(path).split("/")):
            self._not_found(body)  # a build's own files, in a mount point --out: half-written
            return
        target = Path(self.translate_path(path))
        try:
            is_dir = target.is_dir()
        except (OSError, ValueError):  # a name no file can have: a part over 255 bytes, %00
            self._not_found(body)
            return
        if is_dir:
            if not path.endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            target = target / "index.html"
        try:
            data = target.read_bytes()
        except (OSError, ValueError):
            self._not_found(body)
            return
        kind = self.guess_type(str(target))
        if kind == "text/html":
            self._page(HTTPStatus.OK, data, body)
        else:
            self._send(HTTPStatus.OK, kind, data, body)

    def _desk(self, method: str) -> None:
        """Hand a request under /desk/ to the results desk (405 for POST without one)."""
        from publisher.live.desk import Request

        path = urlsplit(self.path).path
        if self.server.desk is None or not (path + "/").startswith(DESK):
            self.close_connection = True
            self._send(HTTPStatus.METHOD_NOT_ALLOWED, "text/plain", b"", True)
            return
        if path == DESK[:-1]:
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", DESK)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        headers = {name.lower(): value for name, value in self.headers.items()}
        reply = self.server.desk.answer(Request(method, path[len(DESK):], headers, self.rfile.read,
                                                self.client_address[0]))
        self.send_response(reply.status)
        for name, value in reply.headers.items():
            self.send_header(name, value)
        if reply.status != HTTPStatus.NOT_MODIFIED and reply.status != HTTPStatus.NO_CONTENT:
            self.send_header("Content-Type", reply.kind)
            self.send_header("Content-Length", str(len(reply.body)))
        self.end_headers()
        if method != "HEAD" and reply.body:
            self.wfile.write(reply.body)
        if reply.status >= 400 and self.headers.get("Content-Length", "0") != "0":
            self.close_connection = True  # the body may be left unread: the connection cannot go on

    def _not_found(self, body: bool) -> None:
        self._page(HTTPStatus.NOT_FOUND, b"<!doctype html><title>Not found</title><h1>Not found</h1>"
                   b"<p>This page is not in the site (yet).</p></body>", body)

    def _page(self, code: HTTPStatus, html: bytes, body: bool) -> None:
        """A page with the live-reload script, and its digest for the script's ``HEAD``."""
        self._send(code, "text/html; charset=utf-8", inject(html, self.server.status.snapshot().build),
                   body, {"X-Publisher-Hash": digest(html)})

    def _send(self, code: HTTPStatus, kind: str, data: bytes, body: bool,
              headers: dict[str, str] | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def translate_path(self, path: str) -> str:
        """A path inside the site, whatever ``..`` the request carries."""
        parts = [p for p in posixpath.normpath(unquote(path)).split("/") if p not in ("", ".", "..")]
        return str(self.server.root.joinpath(*parts))


def _status_json(snapshot: Snapshot) -> bytes:
    return json.dumps({"build": snapshot.build, "error": snapshot.error,
                       "publish_error": snapshot.publish_error}).encode("utf-8")

"""The results desk on the live server (``publisher serve --desk``): its page and its JSON API.

Every answer under ``/desk/`` comes from here; the live server hands over the request.
The page (``desk_page/``) is static and holds no token: it trades the one-time token of
its address for a session token (``POST /desk/api/join``) and sends that as
``Authorization: Bearer`` with every call. No cookie is ever set, so another site cannot
make a helper's browser act at the desk (CSRF); a request that says it comes from another
site (``Origin``, ``Sec-Fetch-Site``) is refused all the same. Requests are limited in size
and rate per client, and nothing of a request's path reaches the disk but the name of a
championship folder found in the content folder. See docs/desk.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

import pluggy

from publisher.live.desk_files import DeskFiles
from publisher.live.desk_sessions import RateLimit, Session, Sessions
from publisher.live.sheets import EntryRefused

PAGE = Path(__file__).with_name("desk_page")
STATIC = {"": ("index.html", "text/html; charset=utf-8"),
          "desk.js": ("desk.js", "text/javascript; charset=utf-8"),
          "desk.css": ("desk.css", "text/css; charset=utf-8")}
MAX_BODY = 16 * 1024  # a table's entry is a few dozen bytes
_ROUND = re.compile(r"api/([^/]+)/rounds/([^/]+)")
_RESULTS = re.compile(r"api/([^/]+)/rounds/([^/]+)/results")
_NEXT = re.compile(r"api/([^/]+)/rounds/([^/]+)/next")
_WITHDRAW = re.compile(r"api/([^/]+)/rounds/([^/]+)/withdrawals")
_PLAYERS = re.compile(r"api/([^/]+)/players")
_SESSION = re.compile(r"api/sessions/(d[0-9]{1,6})")
SECURITY = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY",
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
                                       "base-uri 'none'; form-action 'none'"}


@dataclass
class Request:
    """What the desk needs of an HTTP request: the method, the path under ``/desk/``, the
    headers (names in lower case), a way to read the body, and the client's address."""

    method: str
    path: str
    headers: dict[str, str]
    read: Callable[[int], bytes]
    client: str


@dataclass
class Reply:
    status: int
    body: bytes = b""
    kind: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)


def _json(status: int, data: Any, **headers: str) -> Reply:
    return Reply(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), headers=headers)


def _error(status: int, message: str) -> Reply:
    return _json(status, {"error": message})


class Desk:
    """The desk of one content folder: its sessions, its files, its limits.

    ``say`` prints a line for the director (the serve command's console): the codes to join,
    and who joined.
    """

    def __init__(self, plugins: pluggy.PluginManager, content: Path, say: Callable[[str], None] = print,
                 double_entry: bool = False):
        self.sessions = Sessions()
        self.files = DeskFiles(plugins, content, double_entry)
        self.say = say
        self.address = ""  # the server's address, once it listens
        self.requests = RateLimit(rate=20, burst=60)   # a helper typing fast, and the page's polls
        self.failures = RateLimit(rate=0.2, burst=10)  # wrong tokens: ten, then one in five seconds

    def answer(self, request: Request) -> Reply:
        """The reply to a request under ``/desk/``, with the desk's security headers."""
        reply = self._answer(request)
        reply.headers = {**SECURITY, "Cache-Control": "no-store", **reply.headers}
        return reply

    def _answer(self, request: Request) -> Reply:
        name = request.path
        if not name.startswith("api/"):
            return self._static(request, name)
        if not self.requests.allow(request.client):
            return _error(HTTPStatus.TOO_MANY_REQUESTS, "too many requests: wait a moment")
        if _other_site(request):
            return _error(HTTPStatus.FORBIDDEN, "a request from another site is refused")
        body, refused = self._body(request)
        if refused:
            return refused
        if name == "api/join" and request.method == "POST":
            return self._join(request, body)
        session = self._session(request)
        if session is None:
            return self._unauthorized(request, "sign in: send Authorization: Bearer <your session token> "
                                               "(scan the desk's code to get one)")
        try:
            return self._route(request, name, body, session)
        except EntryRefused as refusal:
            return _error(refusal.status, refusal.message)

    def _route(self, request: Request, name: str, body: Any, session: Session) -> Reply:
        method = request.method
        if name == "api/events" and method == "GET":
            return _json(HTTPStatus.OK, {"events": self.files.events(), "device": session.label,
                                         "director": session.director})
        if name == "api/sessions" and method == "GET":
            self._director(session)
            return _json(HTTPStatus.OK, {"sessions": [
                {"id": s.id, "label": s.label, "director": s.director, "joined": s.joined}
                for s in self.sessions.listed()]})
        if (match := _SESSION.fullmatch(name)) and method == "DELETE":
            self._director(session)
            if not self.sessions.revoke(match.group(1)):
                raise EntryRefused(HTTPStatus.NOT_FOUND, f"there is no device {match.group(1)}")
            return Reply(HTTPStatus.NO_CONTENT)
        if (match := _ROUND.fullmatch(name)) and method == "GET":
            known = request.headers.get("if-none-match")
            if known and self.files.unchanged(match.group(1), match.group(2), known):
                return Reply(HTTPStatus.NOT_MODIFIED, headers={"ETag": known})
            data, tag = self.files.round(match.group(1), match.group(2))
            if request.headers.get("if-none-match") == tag:
                return Reply(HTTPStatus.NOT_MODIFIED, headers={"ETag": tag})
            return _json(HTTPStatus.OK, data, ETag=tag)
        if (match := _RESULTS.fullmatch(name)) and method == "POST":
            if not isinstance(body, dict):
                raise EntryRefused(HTTPStatus.BAD_REQUEST, "send the entry as a JSON object")
            saved = self.files.save(match.group(1), match.group(2), body, request.headers.get("if-match"),
                                    session.label)
            change = saved.change
            if saved.waiting:
                return _json(HTTPStatus.ACCEPTED, {"table": change.table, "new": change.new, "waiting": True,
                                                   "message": f"{change.table}: first entry kept; a second "
                                                              "helper enters the slip to write it"})
            return _json(HTTPStatus.OK, {"table": change.table, "old": change.old, "new": change.new,
                                         "etag": saved.etag}, ETag=saved.etag)
        if (match := _NEXT.fullmatch(name)) and method == "POST":
            self._director(session)
            said = self.files.make_next(match.group(1), match.group(2), session.label)
            return _json(HTTPStatus.OK, {"message": said.splitlines()[-1], "output": said})
        if (match := _WITHDRAW.fullmatch(name)) and method == "POST":
            self._director(session)
            player, reason = _get(body, "player"), _get(body, "reason") or ""
            if not player or not isinstance(reason, str):
                raise EntryRefused(HTTPStatus.BAD_REQUEST, 'send {"player": "<id>", "reason": "<optional>"}')
            said = self.files.withdraw(match.group(1), match.group(2), player, reason, session.label)
            return _json(HTTPStatus.OK, {"message": said})
        if (match := _PLAYERS.fullmatch(name)) and method == "POST":
            self._director(session)
            if not isinstance(body, dict):
                raise EntryRefused(HTTPStatus.BAD_REQUEST, "send the player as a JSON object")
            said = self.files.add_player(match.group(1), body, session.label)
            return _json(HTTPStatus.OK, {"message": said})
        raise EntryRefused(HTTPStatus.NOT_FOUND, "the desk's API has no such address (see docs/desk.md)")

    def _static(self, request: Request, name: str) -> Reply:
        if request.method not in ("GET", "HEAD") or name not in STATIC:
            return Reply(HTTPStatus.NOT_FOUND, b"Not found", "text/plain; charset=utf-8")
        file, kind = STATIC[name]
        return Reply(HTTPStatus.OK, (PAGE / file).read_bytes(), kind)

    def _body(self, request: Request) -> tuple[Any, Reply | None]:
        """The request's JSON body (None without one), or the reply that refuses it."""
        if request.method not in ("POST", "PUT", "DELETE"):
            return None, None
        if "chunked" in request.headers.get("transfer-encoding", "").lower():
            return None, _error(HTTPStatus.LENGTH_REQUIRED, "send a Content-Length, not chunks")
        try:
            length = int(request.headers.get("content-length", "0"))
        except ValueError:
            return None, _error(HTTPStatus.BAD_REQUEST, "Content-Length is not a number")
        if length > MAX_BODY or length < 0:
            return None, _error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                                f"a request body is at most {MAX_BODY} bytes")
        if not length:
            return None, None
        try:
            return json.loads(request.read(length)), None
        except (ValueError, UnicodeDecodeError):
            return None, _error(HTTPStatus.BAD_REQUEST, "the body is not JSON")

    def _join(self, request: Request, body: Any) -> Reply:
        """Trade a one-time join token for a session token of this device."""
        token = body.get("token") if isinstance(body, dict) else None
        label = body.get("label", "") if isinstance(body, dict) else ""
        if not isinstance(token, str):
            return _error(HTTPStatus.BAD_REQUEST, 'send {"token": "<the token of the desk\'s address>"}')
        joined = self.sessions.join(token, label if isinstance(label, str) else "")
        if joined is None:
            return self._unauthorized(request, "this code was used already or is not the desk's: "
                                               "ask the director for a new one")
        session, secret = joined
        if session.director:
            self.say(f"The director's device joined the results desk ({session.id})")
        else:
            self.say(f"{session.label} joined the results desk ({session.id}); the next device joins with\n"
                     + invitation(self.address, self.sessions.join_token()))
        return _json(HTTPStatus.OK, {"token": secret, "label": session.label, "director": session.director})

    def _session(self, request: Request) -> Session | None:
        """The session of the request's bearer token, if it has a valid one."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return self.sessions.session(token.strip()) if scheme.lower() == "bearer" else None

    def _unauthorized(self, request: Request, message: str) -> Reply:
        """401; a client that keeps sending wrong tokens gets 429 instead, and learns nothing."""
        if not self.failures.allow(request.client):
            return _error(HTTPStatus.TOO_MANY_REQUESTS, "too many wrong tokens: wait a minute")
        return _error(HTTPStatus.UNAUTHORIZED, message)

    def announce(self, address: str, hall: bool) -> None:
        """Print the director's one-time address and the first helper's code (and, on the hall's
        network, a warning that the server answers there)."""
        import sys

        self.address = address = _reachable(address)
        if hall:
            print(f"warning: the server answers on the hall's network at {address}: the site, and the "
                  "desk to any device that scans a code; keep the codes to your helpers", file=sys.stderr)
        self.say(f"Results desk, for the director (devices, revoke), on this computer: {address}desk/?token="
                 f"{self.sessions.join_token(director=True)}")
        self.say("Results desk, for a helper's phone or laptop (one device per code; a new code follows "
                 "each join):\n" + invitation(address, self.sessions.join_token()))

    @staticmethod
    def _director(session: Session) -> None:
        if not session.director:
            raise EntryRefused(HTTPStatus.FORBIDDEN, "only the director's device manages devices, "
                                                     "makes the next round, withdraws and adds players")


def _reachable(address: str) -> str:
    """The server's address as a phone in the hall reaches it: a server listening on every
    interface (``--desk-host 0.0.0.0``) is named by this computer's address on the network
    its default route leaves by (a UDP socket's choice; nothing is sent)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address)
    if parts.hostname not in ("0.0.0.0", "::"):
        return address
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed by the default route, never reached
            here = probe.getsockname()[0]
        except OSError:
            here = "127.0.0.1"
    return f"http://{here}:{parts.port}/"


def _get(body: Any, key: str) -> Any:
    """A text of a JSON object's key, None if the body is no object or the value no text."""
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, str) else None


def _other_site(request: Request) -> bool:
    """A request a page of another site made: its Origin is not this server, or the browser
    says it is cross-site. Clients that are not browsers send neither and pass."""
    origin = request.headers.get("origin")
    if origin is not None and origin != f"http://{request.headers.get('host', '')}":
        return True
    return request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none")


def invitation(address: str, token: str) -> str:
    """The desk's address with a one-time token, and its QR code drawn for the terminal (two
    rows of modules a line), for a helper's phone to scan."""
    import io

    import segno  # here: only serve --desk draws codes in the terminal

    url = f"{address}desk/?token={token}"
    drawn = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=drawn, compact=True)
    return f"{url}\n{drawn.getvalue()}"


"""Who may use the results desk: one-time join tokens, a session token per device, and how
often a client may ask.

A token is 32 random bytes (URL-safe text); the desk keeps only its SHA-256 and compares
digests with :func:`hmac.compare_digest` against every session, so neither the time of an
answer nor a copy of the desk's memory gives a token away. A join token works once: the
device that uses it gets a session token of its own, with a label ("desk 2") the director
sees in the list of devices and can revoke.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import time
from dataclasses import dataclass

LABEL = re.compile(r"[\w .\-]{1,30}")  # what a device may call itself: shown in the log and the list


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


@dataclass
class Session:
    """A device that joined: ``id`` names it in the API (never its token)."""

    id: str
    label: str
    director: bool
    joined: str
    digest: bytes


class Sessions:
    """The join tokens and the sessions of the desk's devices, shared by the server's threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._joins: dict[str, bytes] = {}  # "helper" / "director" -> digest of its one-time token
        self._sessions: list[Session] = []
        self._joined = 0

    def join_token(self, director: bool = False) -> str:
        """A new one-time token to join with; the previous one of the same kind stops working."""
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._joins["director" if director else "helper"] = _digest(token)
        return token

    def join(self, token: str, label: str) -> tuple[Session, str] | None:
        """The new session and its token for a device that shows a valid join token (which is
        then used up), or None. ``label`` is the device's own name, or "" for "desk N"."""
        digest = _digest(token)
        with self._lock:
            kind = next((k for k, d in self._joins.items() if hmac.compare_digest(d, digest)), None)
            if kind is None:
                return None
            del self._joins[kind]
            self._joined += 1
            director = kind == "director"
            default = "director" if director else f"desk {self._joined}"
            name = label if LABEL.fullmatch(label or "") else default
            secret = secrets.token_urlsafe(32)
            session = Session(f"d{self._joined}", name, director, time.strftime("%H:%M:%S"), _digest(secret))
            self._sessions.append(session)
            return session, secret

    def session(self, token: str) -> Session | None:
        """The session of a bearer token, compared with every session in constant time."""
        digest = _digest(token)
        found = None
        with self._lock:
            for session in self._sessions:
                if hmac.compare_digest(session.digest, digest):
                    found = session
        return found

    def listed(self) -> list[Session]:
        with self._lock:
            return list(self._sessions)

    def revoke(self, session_id: str) -> bool:
        """End a device's session: its token is refused from the next request on."""
        with self._lock:
            kept = [s for s in self._sessions if s.id != session_id]
            found = len(kept) < len(self._sessions)
            self._sessions = kept
            return found


class RateLimit:
    """A token bucket per client address: ``burst`` requests at once, ``rate`` a second after."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, time)

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.get(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            allowed = tokens >= 1
            self._buckets[client] = (tokens - 1 if allowed else tokens, now)
            if len(self._buckets) > 10_000:  # a hall, not the internet: forget the oldest
                self._buckets.pop(next(iter(self._buckets)))
            return allowed

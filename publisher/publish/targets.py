"""Where a site is published: the address of a target and what every kind of target does.

A target kind (a folder, SFTP, FTP, S3...) is a plugin: ``publisher_publish_targets``
names the URL schemes it handles and the :class:`Target` subclass for each. The
publish engine (:mod:`publisher.publish.sync`) decides what to send and in which order;
a target only reads, lists, writes and deletes files, each write replacing the file
in one step, and tells every failure as a :class:`PublishError` with its cause.
"""

from __future__ import annotations

import errno
import posixpath
import re
import socket
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from publisher.problems import AddressError, PublishError

# Uploads land under this name beside the file, then are renamed over it.
TEMP_SUFFIX = ".publisher-tmp"
# Uploads a publish sends at once, each over a connection of its own (``--jobs``).
DEFAULT_JOBS = 8


@dataclass(frozen=True)
class Address:
    """A parsed TARGET: ``scheme`` ("" for a plain path), user, host, port, the ``path``
    of the site's root on the target, and ``endpoint_url`` for S3-compatible storage."""

    scheme: str
    path: str
    user: str = ""
    host: str = ""
    port: int | None = None
    password: str = ""
    endpoint_url: str = ""

    @property
    def display(self) -> str:
        """The target as printed: never with a password."""
        if not self.scheme:
            return self.path
        user = f"{self.user}@" if self.user else ""
        port = f":{self.port}" if self.port else ""
        path = self.path if not self.path or self.path.startswith("/") else f"/{self.path}"
        return f"{self.scheme}://{user}{self.host}{port}{path}"


# Schemes written with a slash missing (``sftp:/user@host/x``) are told as such, not taken for
# an scp-style ``host:path``.
URL_SCHEMES = ("file", "sftp", "ftp", "ftps", "s3", "http", "https", "scp", "ssh")
_SCHEME_TYPO = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]+):/?(?P<rest>[^/].*)")
_SCP_STYLE = re.compile(r"(?:(?P<user>[^@/:\\]+)@)?(?P<host>[^@/:\\]{2,}):(?:(?P<port>\d+):)?(?P<path>.*)")


def parse_address(text: str, endpoint_url: str = "") -> Address:
    """Read a TARGET as typed: a plain path, or ``scheme://[user@]host[:port]/path``; anything
    that looks like an address but is not one is refused with the one it probably meant,
    never taken for a folder of the current directory."""
    if "://" not in text:
        malformed = _malformed(text)
        if malformed:
            raise AddressError(f"cannot publish to {_hidden(text)}: {malformed}")
        return Address(scheme="", path=text)
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        # urlsplit's words may quote a piece of a password that holds a / (read as the port).
        why = (str(error) if "@" not in text else "its host and port cannot be read; percent-encode a "
               "/, ?, # or @ in the user name or password (%2F, %3F, %23, %40)")
        raise AddressError(f"cannot publish to {_hidden(text)}: {why}") from None
    scheme = parts.scheme.lower()
    if parts.query or parts.fragment:
        raise AddressError(f"cannot publish to {_hidden(text)}: an address has no ?query or #fragment; "
                           "percent-encode a ? or # in a folder name (%3F, %23)")
    if scheme != "file" and not parts.hostname:
        raise AddressError(f"cannot publish to {_hidden(text)}: the address names no host; write "
                           f"{scheme}://[user@]host[:port]/path")
    path = unquote(parts.path)
    if scheme == "s3":
        path = path.strip("/")
    return Address(
        scheme=scheme, path=path or ("/" if scheme not in ("s3", "file") else ""),
        user=unquote(parts.username or ""), host=parts.hostname or "", port=port,
        password=unquote(parts.password or ""), endpoint_url=endpoint_url,
    )


def _malformed(text: str) -> str:
    """What is wrong with a TARGET that looks like an address but is not one, with the address
    it probably meant: a scheme with a slash missing, or scp's ``user@host:[port:]path`` (a
    relative path is in the user's home, as scp reads it); "" for a plain path."""
    typo = _SCHEME_TYPO.fullmatch(text)
    if typo and typo["scheme"].lower() in URL_SCHEMES:
        return f"it is not an address; did you mean {typo['scheme'].lower()}://{_hidden(typo['rest'])}?"
    scp = _SCP_STYLE.fullmatch(text)
    if scp is None:
        return ""
    user = f"{scp['user']}@" if scp["user"] else ""
    port = f":{scp['port']}" if scp["port"] else ""
    path = scp["path"] if scp["path"].startswith("/") else f"/~/{scp['path']}"
    return (f"it is not an address; did you mean sftp://{user}{scp['host']}{port}{path}? (a folder "
            f"whose name holds a colon: write ./{text})")


def _hidden(text: str) -> str:
    """``text`` as printed: a password typed into it is left out, whether or not the address
    has its ``//`` (``ftp:/user:secret@host/x`` is a typo the refusal quotes), and whatever
    the password holds up to the last ``@``."""
    head, at, tail = text.rpartition("@")
    if not at:
        return text
    scheme = re.match(r"[A-Za-z][A-Za-z0-9+.-]*:/*", head)
    prefix = scheme.group() if scheme and scheme.group().split(":")[0].lower() in URL_SCHEMES else ""
    user = head[len(prefix):].partition(":")[0]
    return f"{prefix}{user}@{tail}"


@dataclass(frozen=True)
class RemoteFile:
    """One file found on the target: its size, and a checksum where the protocol gives one
    (``md5`` from an S3 ETag of a single-part upload)."""

    size: int
    md5: str = ""


@dataclass(frozen=True)
class Headers:
    """What object storage sends with a file; folder, SFTP and FTP hosts decide their own."""

    content_type: str
    cache_control: str


class Target(ABC):
    """One connection to a target. The engine opens one per concurrent upload (``jobs``),
    all from the same :class:`Address`; paths are POSIX, relative to the site's root.

    ``shared`` is one dict for every connection of one publish, where a target may keep
    what its connections share (a thread-safe client), guarded by ``shared_lock``.
    """

    # False when the protocol cannot take uploads over several connections at once.
    concurrent: bool = True
    # What a user must know before publishing there (a password sent in clear), told as a warning.
    caution: str = ""

    def __init__(self, address: Address, shared: dict[str, Any], shared_lock: threading.Lock):
        self.address = address
        self.shared = shared
        self.shared_lock = shared_lock

    @abstractmethod
    def open(self) -> None:
        """Connect and log in; raise PublishError (unreachable, refused login...)."""

    @abstractmethod
    def read(self, path: str) -> bytes | None:
        """The bytes of ``path``, or None when there is no such file."""

    @abstractmethod
    def listing(self) -> dict[str, RemoteFile]:
        """Every file below the root (an empty dict when the root does not exist yet)."""

    @abstractmethod
    def write(self, path: str, data: bytes, headers: Headers) -> None:
        """Replace ``path`` with ``data`` in one step, creating its folders: a reader gets the
        old file or the new one, never a part."""

    def create(self, path: str, data: bytes, headers: Headers) -> bool:
        """Write ``path`` only if it does not exist, whole, in one step; False when it exists.
        The lock that keeps two publishes apart is made with it. This one looks, then writes:
        two publishes starting at the same moment may both pass; a target whose protocol can
        create a file exclusively overrides it."""
        if self.read(path) is not None:
            return False
        self.write(path, data, headers)
        return True

    @abstractmethod
    def delete(self, path: str) -> None:
        """Remove ``path`` (no error if it is gone already) and then any folder it leaves empty."""

    @abstractmethod
    def close(self) -> None:
        """Disconnect; never raises."""

    def failure(self, error: Exception, path: str = "") -> PublishError | None:
        """The one line for ``error``, raised by this target's client while it worked on ``path``;
        None for an error that is a bug, which keeps its traceback. A target whose client
        library has errors of its own tells them too, then hands the rest to this one."""
        if isinstance(error, PublishError):
            return error
        if isinstance(error, EOFError | ConnectionResetError | ConnectionAbortedError | BrokenPipeError):
            return self.dropped(error)
        if isinstance(error, OSError):
            return self.os_failure(error, path)
        return None

    def dropped(self, error: BaseException) -> PublishError:
        """The connection broke off during the publish: what landed is kept, the next publish
        sends the rest."""
        cause = f" ({error})" if str(error) else ""
        return self.fail(f"the connection to {self.address.host}:{self.port_text()} dropped{cause}; "
                         "publish again to send the rest")

    def fail(self, cause: str) -> PublishError:
        """The error of this target, naming it and the cause."""
        return PublishError(f"cannot publish to {self.address.display}: {cause}")

    def os_failure(self, error: OSError, path: str = "") -> PublishError:
        """The one line for a failure the operating system reported (local or remote)."""
        where = f" {path}" if path else ""
        if isinstance(error, socket.gaierror):
            return self.fail(f"the host {self.address.host} is unknown ({error.strerror})")
        if isinstance(error, ConnectionRefusedError | TimeoutError | socket.timeout) or error.errno in (
                errno.ECONNREFUSED, errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT):
            return self.fail(f"cannot reach {self.address.host}:{self.port_text()} "
                             f"({error.strerror or 'timed out'}); check the host, the port and the network")
        if error.errno in (errno.EACCES, errno.EPERM):
            return self.fail(f"permission denied writing{where}; give the user write access "
                             "to the folder, or publish to another one")
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return self.fail(f"the disk is full writing{where}; free space on the host and publish again")
        return self.fail(f"{error.strerror or error}{where}")

    def port_text(self) -> str:
        return str(self.address.port) if self.address.port else "default port"


Listing = Iterable[tuple[str, bool, int]]


def walk(list_folder: Callable[[str], Listing | None]) -> dict[str, RemoteFile]:
    """Every file below a target's root, for protocols that list one folder at a time.

    ``list_folder`` takes a folder relative to the root ("" for the root) and gives its
    entries as (name, is a folder, size), or None when there is no such folder.
    """
    found: dict[str, RemoteFile] = {}
    pending = [""]
    while pending:
        folder = pending.pop()
        for name, is_folder, size in list_folder(folder) or ():
            path = posixpath.join(folder, name) if folder else name
            if is_folder:
                pending.append(path)
            else:
                found[path] = RemoteFile(size)
    return found


def temp_name(path: str) -> str:
    """The temporary name ``path`` is uploaded under before the rename: hidden, beside it,
    the same on every publish so that a killed upload's leftover is overwritten."""
    folder, name = posixpath.split(path)
    return posixpath.join(folder, f".{name}{TEMP_SUFFIX}")


def is_temp_name(path: str) -> bool:
    return posixpath.basename(path).startswith(".") and path.endswith(TEMP_SUFFIX)

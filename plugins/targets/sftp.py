"""SFTP: a VPS or any host with SSH, with the user's keys and agent.

The host must already be in ``~/.ssh/known_hosts``: an unknown host is refused with
the command that records it, never trusted silently. Files are uploaded under a
temporary name and renamed over the old one (OpenSSH's ``posix-rename``), so the
web server sends the old file or the new one.
"""

from __future__ import annotations

import contextlib
import getpass
import logging
import posixpath
import stat
import threading
import uuid
from pathlib import Path
from typing import Any

import paramiko
from paramiko.sftp import CMD_EXTENDED, CMD_EXTENDED_REPLY

from publisher.publish.targets import (
    Address,
    Headers,
    Listing,
    PublishError,
    RemoteFile,
    Target,
    temp_name,
    walk,
)

# paramiko logs a failed connection with a traceback; the publish tells it in one line.
logging.getLogger("paramiko").addHandler(logging.NullHandler())
logging.getLogger("paramiko").propagate = False

TIMEOUT = 15
# A folder with less free space than a file's size and this is full (a file takes whole blocks).
FREE_MARGIN = 64 * 1024


def _confirm_writes(sftp: paramiko.SFTPClient, handle: paramiko.SFTPFile) -> None:
    """Wait for the server's answer to every pipelined write of ``handle``, raising the first
    refusal. paramiko sends pipelined writes without waiting and drops their answers unread
    when the file is closed: a write refused for a full disk would pass unseen, and the short
    copy be renamed over the good file."""
    while handle._reqs:
        sftp._read_response(handle._reqs.popleft())


def _ssh_config(host: str) -> dict:
    """What ``~/.ssh/config`` says of ``host``, as OpenSSH would read it (an alias such as
    ``Host venue`` with its HostName, Port, User and IdentityFile); {} without one."""
    path = Path("~/.ssh/config").expanduser()
    if not path.is_file():
        return {}
    try:
        found = paramiko.SSHConfig.from_path(str(path)).lookup(host)
    except (OSError, ValueError, paramiko.SSHException):
        return {}
    files = [f for f in found.get("identityfile", []) if Path(f).expanduser().is_file()]
    return {**found, "identityfile": files}


class SftpTarget(Target):
    """One SFTP session; the sessions the engine opens for ``--jobs`` share one SSH
    connection (a channel each), so only the first pays for the handshake."""

    def __init__(self, address: Address, shared: dict[str, Any], shared_lock: threading.Lock):
        super().__init__(address, shared, shared_lock)
        # sftp://host/~/www is the folder www in the user's home, as curl reads it.
        path = address.path
        self.root = path[3:].rstrip("/") or "." if path.startswith("/~/") else path.rstrip("/") or "/"
        seen = _ssh_config(address.host)  # ~/.ssh/config: HostName, Port, User, IdentityFile
        self.host = seen.get("hostname", address.host)
        self.user = address.user or seen.get("user") or getpass.getuser()
        self.port = address.port or int(seen.get("port", 22))
        self.keys = seen.get("identityfile") or None
        self._client: paramiko.SSHClient | None = None  # the connection, if this session made it
        self._sftp: paramiko.SFTPClient | None = None
        self._folders: set[str] = shared.setdefault("folders", set())  # known to exist

    def open(self) -> None:
        with self.shared_lock:
            if "ssh" not in self.shared:
                self.shared["ssh"] = self._client = self._connect()
        try:
            self._sftp = self.shared["ssh"].open_sftp()
        except paramiko.SSHException as error:
            raise self.fail(f"the host refused an SFTP session ({error}); check that it offers "
                            "SFTP") from None

    def _connect(self) -> paramiko.SSHClient:
        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(paramiko.RejectPolicy())
        try:
            client.connect(self.host, self.port, username=self.user, key_filename=self.keys, timeout=TIMEOUT,
                           banner_timeout=TIMEOUT, auth_timeout=TIMEOUT)
            return client
        except paramiko.BadHostKeyException:
            raise self.fail(
                f"the host key of {self._host_name()} is not the one in ~/.ssh/known_hosts; if the "
                f"server was really reinstalled, remove the old key (ssh-keygen -R '{self._host_name()}') "
                "and connect once with ssh to check and record the new one") from None
        except paramiko.AuthenticationException:
            raise self.fail(
                f"the login of {self.user} was refused; check that your SSH key is loaded "
                f"(ssh-add) and authorised on the host (ssh-copy-id -p {self.port} "
                f"{self.user}@{self.host})") from None
        except paramiko.SSHException as error:
            if "not found in known_hosts" in str(error):
                raise self.fail(
                    f"the host {self._host_name()} is not in ~/.ssh/known_hosts; connect once with "
                    f"`ssh -p {self.port} {self.user}@{self.host}`, check the fingerprint "
                    "it shows and accept it, then publish again") from None
            if "No authentication methods available" in str(error):
                raise self.fail(f"there is no SSH key to log in as {self.user} with; create one "
                                "(ssh-keygen) or load yours (ssh-add), and authorise it on the host "
                                f"(ssh-copy-id -p {self.port} {self.user}@{self.host})") from None
            raise self.fail(f"SSH failed ({error})") from None
        except paramiko.ssh_exception.NoValidConnectionsError as error:
            cause = next(iter(error.errors.values()), error)
            raise self.os_failure(cause if isinstance(cause, OSError) else error) from None
        except TimeoutError:
            raise self.fail(f"cannot reach {self.host}:{self.port} (timed out); "
                            "check the host, the port and the network") from None

    def failure(self, error: Exception, path: str = "") -> PublishError | None:
        """paramiko's errors told too: any error once the connection is gone is the dropped
        connection (paramiko reports it as "Socket is closed", an EOF or an SSH error)."""
        if isinstance(error, PublishError):
            return error
        if isinstance(error, paramiko.SSHException | OSError | EOFError) and not self._connected():
            return self.dropped(error)
        if isinstance(error, paramiko.SSHException):
            return self.fail(f"SSH failed ({error})")
        return super().failure(error, path)

    def _connected(self) -> bool:
        client = self.shared.get("ssh")
        transport = client.get_transport() if client is not None else None
        return transport is not None and transport.is_active()

    def _host_name(self) -> str:
        return self.host if self.port == 22 else f"[{self.host}]:{self.port}"

    @property
    def sftp(self) -> paramiko.SFTPClient:
        assert self._sftp is not None, "open() first"
        return self._sftp

    def _full(self, path: str) -> str:
        return posixpath.join(self.root, path)

    def read(self, path: str) -> bytes | None:
        try:
            with self.sftp.open(self._full(path), "rb") as handle:
                return handle.read()
        except FileNotFoundError:
            return None

    def listing(self) -> dict[str, RemoteFile]:
        return walk(self._list_folder)

    def _list_folder(self, folder: str) -> Listing | None:
        full = self._full(folder) if folder else self.root
        try:
            entries = self.sftp.listdir_attr(full)
        except FileNotFoundError:
            return None
        self._folders.add(full)
        return [(e.filename, stat.S_ISDIR(e.st_mode or 0), e.st_size or 0)
                for e in entries if stat.S_ISDIR(e.st_mode or 0) or stat.S_ISREG(e.st_mode or 0)]

    def write(self, path: str, data: bytes, headers: Headers) -> None:
        self._make_folders(posixpath.dirname(self._full(path)))
        temporary = self._full(temp_name(path))
        try:
            with self.sftp.open(temporary, "wb") as handle:
                handle.set_pipelined(True)
                handle.write(data)
                _confirm_writes(self.sftp, handle)
        except OSError as error:
            with contextlib.suppress(OSError):  # a short copy must not take the space a retry needs
                self.sftp.remove(temporary)
            # SFTP's generic "Failure": the server names no cause. paramiko's "Socket is closed" has
            # no errno either: a connection gone is told as dropped (failure()), not as a refusal.
            if error.errno is None and self._connected():
                raise self._refused(path, len(data), error) from None
            raise
        self.sftp.posix_rename(temporary, self._full(path))

    def create(self, path: str, data: bytes, headers: Headers) -> bool:
        """Written under a name of its own, then renamed with SFTP's plain rename, which never
        replaces a file (unlike posix-rename): the file appears whole or not at all."""
        full = self._full(path)
        self._make_folders(posixpath.dirname(full))
        temporary = self._full(temp_name(f"{path}.{uuid.uuid4().hex}"))  # this publish's own
        try:
            with self.sftp.open(temporary, "wb") as handle:
                handle.write(data)
            try:
                self.sftp.rename(temporary, full)
                return True
            except OSError:
                with contextlib.suppress(FileNotFoundError):
                    self.sftp.stat(full)
                    return False
                raise
        finally:
            with contextlib.suppress(OSError):
                self.sftp.remove(temporary)

    def _refused(self, path: str, size: int, error: OSError) -> PublishError:
        """A write the server refused without a cause (SFTP version 3 has no "disk full"): told
        as a full disk only when the server's own count of free space says so."""
        free = self._free_bytes(posixpath.dirname(self._full(path)) or ".")
        if free is not None and free < size + FREE_MARGIN:
            return self.fail(f"the disk of the host is full writing {path} ({free:,} bytes free); free "
                             "space on the host and publish again")
        return self.fail(f"the host refused to write {path} ({error})")

    def _free_bytes(self, folder: str) -> int | None:
        """The bytes free for the user in ``folder``, from OpenSSH's statvfs extension; None
        where the server lacks it."""
        try:
            kind, reply = self.sftp._request(CMD_EXTENDED, "statvfs@openssh.com", folder)
        except (OSError, EOFError, paramiko.SSHException):
            return None
        if kind != CMD_EXTENDED_REPLY or reply is None:
            return None
        _, fragment, _, _, available = (reply.get_int64() for _ in range(5))
        return fragment * available

    def _make_folders(self, folder: str) -> None:
        """Make ``folder`` (a full path on the host) and those above it, unless known to exist."""
        if folder in self._folders or folder in ("", "/", "."):
            return
        self._make_folders(posixpath.dirname(folder))
        try:
            self.sftp.mkdir(folder)
        except OSError:
            try:  # made by another connection meanwhile, or there already
                if not stat.S_ISDIR(self.sftp.stat(folder).st_mode or 0):
                    raise PublishError(f"cannot publish to {self.address.display}: {folder} is a file, "
                                       "not a folder") from None
            except FileNotFoundError:
                raise self.fail(f"cannot create the folder {folder}; check the user's "
                                "permissions on the host") from None
        self._folders.add(folder)

    def delete(self, path: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.sftp.remove(self._full(path))
        folder = posixpath.dirname(path)
        while folder:
            try:
                self.sftp.rmdir(self._full(folder))
            except OSError:  # not empty
                break
            self._folders.discard(self._full(folder))
            folder = posixpath.dirname(folder)

    def close(self) -> None:
        if self._sftp is not None:
            self._sftp.close()
        if self._client is not None:
            self._client.close()
        self._client = self._sftp = None

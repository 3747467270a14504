"""FTP and FTPS (explicit TLS): shared hosting, and what OpenGotha's Publish menu speaks.

The password comes from the ``PUBLISHER_FTP_PASSWORD`` environment variable or
``~/.netrc``, never from the address or the content. Files are uploaded under a
temporary name and renamed over the old one, so the web server sends the old file
or the new one.
"""

from __future__ import annotations

import contextlib
import ftplib
import io
import netrc
import os
import posixpath
import ssl
import threading
from typing import Any

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

PASSWORD_VARIABLE = "PUBLISHER_FTP_PASSWORD"
TIMEOUT = 20


class FtpTarget(Target):
    """One FTP connection; the engine opens several for ``--jobs``."""

    tls = False
    caution = ("plain ftp:// sends the password and the site in clear text, readable by anyone on "
               "the network; publish to ftps:// if the host offers it")

    def __init__(self, address: Address, shared: dict[str, Any], shared_lock: threading.Lock):
        super().__init__(address, shared, shared_lock)
        self.root = address.path.rstrip("/") or "/"
        self._ftp: ftplib.FTP | None = None
        self._mlsd = True  # the standard listing with exact facts; LIST where a server lacks it
        self._folders: set[str] = set()

    def open(self) -> None:
        user, password = self._login()
        ftp = ftplib.FTP_TLS(timeout=TIMEOUT) if self.tls else ftplib.FTP(timeout=TIMEOUT)
        self._ftp = ftp
        try:
            ftp.connect(self.address.host, self.address.port or 21)
            ftp.login(user, password)
            if isinstance(ftp, ftplib.FTP_TLS):
                ftp.prot_p()
        except ftplib.error_perm as error:
            if str(error).startswith("530"):
                raise self.fail(f"the login of {user} was refused; check the user name and the "
                                f"password in {PASSWORD_VARIABLE} or ~/.netrc") from None
            raise self.fail(f"the server refused: {error}") from None
        except ssl.SSLError as error:
            raise self.fail(f"the TLS handshake failed ({error.reason or error}); check that the host "
                            "offers FTPS with a valid certificate, or use ftp://") from None
        except ftplib.Error as error:
            raise self.fail(f"the server answered {error}") from None

    def _login(self) -> tuple[str, str]:
        """The user and password: the address's user, the password from the environment or
        ~/.netrc (whose login is used when the address names no user)."""
        user, password = self.address.user, os.environ.get(PASSWORD_VARIABLE, "")
        if not password:
            try:
                found = netrc.netrc().authenticators(self.address.host)
            except (FileNotFoundError, netrc.NetrcParseError):
                found = None
            if found:
                user, password = user or found[0], found[2] or ""
        if not password:
            raise self.fail(f"there is no password for {self.address.host}; set {PASSWORD_VARIABLE} "
                            f"or add `machine {self.address.host} login USER password ...` to ~/.netrc")
        return user or "anonymous", password

    @property
    def ftp(self) -> ftplib.FTP:
        assert self._ftp is not None, "open() first"
        return self._ftp

    def _full(self, path: str) -> str:
        return posixpath.join(self.root, path)

    def read(self, path: str) -> bytes | None:
        buffer = io.BytesIO()
        try:
            self.ftp.retrbinary(f"RETR {self._full(path)}", buffer.write)
        except ftplib.error_perm as error:
            if str(error).startswith("550"):
                return None
            raise self._failure(error, path) from None
        return buffer.getvalue()

    def listing(self) -> dict[str, RemoteFile]:
        return walk(self._list_folder)

    def _list_folder(self, folder: str) -> Listing | None:
        full = self._full(folder)
        try:
            if self._mlsd:
                try:
                    entries = [(name, facts["type"] == "dir", int(facts.get("size", 0)))
                               for name, facts in self.ftp.mlsd(full, facts=["type", "size"])
                               if facts.get("type") in ("dir", "file")]
                except ftplib.error_perm as error:
                    if not str(error).startswith(("500", "502")):
                        raise
                    self._mlsd = False  # an older server (vsftpd): LIST it is
            if not self._mlsd:
                lines: list[str] = []
                self.ftp.retrlines(f"LIST {full}", lines.append)
                entries = [entry for line in lines if (entry := _unix_entry(line))]
        except ftplib.error_perm as error:
            if str(error).startswith(("550", "501", "450")):
                return None  # the folder does not exist yet
            raise self._failure(error, folder) from None
        self._folders.add(full)
        return entries

    def write(self, path: str, data: bytes, headers: Headers) -> None:
        self._make_folders(posixpath.dirname(self._full(path)))
        temporary = self._full(temp_name(path))
        try:
            self.ftp.storbinary(f"STOR {temporary}", io.BytesIO(data))
            self.ftp.rename(temporary, self._full(path))
        except ftplib.Error as error:
            raise self._failure(error, path) from None

    def _make_folders(self, folder: str) -> None:
        if folder in self._folders or folder in ("", "/"):
            return
        self._make_folders(posixpath.dirname(folder))
        # A refusal means it is there already (made by another connection); a real one shows at STOR.
        with contextlib.suppress(ftplib.error_perm):
            self.ftp.mkd(folder)
        self._folders.add(folder)

    def delete(self, path: str) -> None:
        try:
            self.ftp.delete(self._full(path))
        except ftplib.error_perm as error:
            if not str(error).startswith("550"):
                raise self._failure(error, path) from None
        folder = posixpath.dirname(path)
        while folder:
            try:
                self.ftp.rmd(self._full(folder))
            except ftplib.error_perm:  # not empty
                break
            self._folders.discard(self._full(folder))
            folder = posixpath.dirname(folder)

    def failure(self, error: Exception, path: str = "") -> PublishError | None:
        if isinstance(error, ftplib.Error):
            return self._failure(error, path)
        return super().failure(error, path)

    def _failure(self, error: ftplib.Error, path: str) -> PublishError:
        text = str(error)
        if text.startswith(("452", "552")):
            return self.fail(f"the disk is full writing {path} ({text}); free space on the host "
                             "and publish again")
        if text.startswith(("550", "553")):
            return self.fail(f"permission denied writing {path} ({text}); give the user write "
                             "access to the folder, or publish to another one")
        return self.fail(f"the server refused {path}: {text}")

    def close(self) -> None:
        if self._ftp is not None and self._ftp.sock is not None:
            try:
                self._ftp.quit()
            except (OSError, ftplib.Error, EOFError):
                self._ftp.close()
        self._ftp = None


def _unix_entry(line: str) -> tuple[str, bool, int] | None:
    """(name, is a folder, size) of a line of a Unix-style LIST (``drwxr-xr-x 2 u g 4096 Nov 30
    11:00 name``); None for links, ``.`` and ``..``, and lines of another form."""
    parts = line.split(None, 8)
    if len(parts) < 9 or parts[0][:1] not in ("d", "-") or parts[8] in (".", ".."):
        return None
    try:
        return parts[8], parts[0].startswith("d"), int(parts[4])
    except ValueError:
        return None


class FtpsTarget(FtpTarget):
    """FTP with explicit TLS (AUTH TLS), the data connections protected too."""

    tls = True
    caution = ""

"""A folder: a mounted web root, or a folder the host's own tool syncs."""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

from publisher.publish.targets import TEMP_SUFFIX, Address, Headers, RemoteFile, Target, temp_name


class FolderTarget(Target):
    """Writes with a temporary file and ``os.replace``, so a web server serving the folder
    sends the old file or the new one."""

    def __init__(self, address: Address, shared: dict[str, Any], shared_lock: threading.Lock):
        super().__init__(address, shared, shared_lock)
        self.root = Path(address.path).expanduser()

    def open(self) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise self.fail("it is a file, not a folder; name a folder")

    def read(self, path: str) -> bytes | None:
        try:
            return (self.root / path).read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None

    def listing(self) -> dict[str, RemoteFile]:
        found: dict[str, RemoteFile] = {}
        for folder, _, names in os.walk(self.root):
            for name in names:
                path = Path(folder, name)
                if not path.is_symlink():
                    found[path.relative_to(self.root).as_posix()] = RemoteFile(path.stat().st_size)
        return found

    def write(self, path: str, data: bytes, headers: Headers) -> None:
        target, temporary = self.root / path, self.root / temp_name(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)

    def create(self, path: str, data: bytes, headers: Headers) -> bool:
        """Written under a name of its own, then linked to ``path``: a link never replaces a file,
        and the file appears whole. Where the file system has no links (vfat, exFAT, some
        shares), the file is created exclusively in place instead: it appears at once, the
        few bytes of a lock whole a moment later."""
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".", suffix=TEMP_SUFFIX, dir=target.parent)
        try:
            with open(handle, "wb") as written:
                written.write(data)
            os.chmod(temporary, 0o644)
            os.link(temporary, target)
            return True
        except FileExistsError:
            return False
        except OSError:  # no links here
            return _create_exclusively(target, data)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)

    def delete(self, path: str) -> None:
        target = self.root / path
        target.unlink(missing_ok=True)
        for folder in target.parents:
            if folder == self.root or not folder.is_relative_to(self.root):
                break
            try:
                folder.rmdir()
            except OSError:  # not empty
                break

    def close(self) -> None:
        pass


def _create_exclusively(target: Path, data: bytes) -> bool:
    """``target`` made with ``data`` unless it exists: False when it does."""
    try:
        handle = os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    with open(handle, "wb") as written:
        written.write(data)
    return True

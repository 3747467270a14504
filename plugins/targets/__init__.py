"""The publish targets that come with the publisher: a folder, SFTP, FTP and FTPS, S3.

Each module imports its client library only when a publish asks for its scheme.
"""

from __future__ import annotations

from publisher import hookimpl
from publisher.publish.targets import Target


@hookimpl
def publisher_publish_targets() -> dict[str, type[Target]]:
    from plugins.targets.folder import FolderTarget
    from plugins.targets.ftp import FtpsTarget, FtpTarget
    from plugins.targets.s3 import S3Target
    from plugins.targets.sftp import SftpTarget

    return {"file": FolderTarget, "sftp": SftpTarget, "ftp": FtpTarget, "ftps": FtpsTarget,
            "s3": S3Target}

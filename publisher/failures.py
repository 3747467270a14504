"""What a director reads when a build fails, in ``build``, ``watch`` and ``serve`` alike.

A content mistake, a template mistake and an ``out`` folder that is not ours are
the user's to fix: each is told as lines of ``file:line: what is wrong``, never
as a traceback, whichever command met it. So is a disk that refuses a write (full,
read-only): one line naming the folder, what the disk said and what to do. Anything
else is a bug in the publisher or a plugin, and keeps its traceback for whoever
fixes that.
"""

from __future__ import annotations

import errno
import traceback
from pathlib import Path

import jinja2

from publisher.problems import (
    ContentError,
    DiskError,
    OutputError,
    PublishError,
    display_path,
    report_lines,
)


def is_user_mistake(error: BaseException) -> bool:
    """True when the fix is in a file the user wrote (content, a template, ``--out``) or in
    the publish target (its address, the host, the login), or on the disk (full, read-only).

    An error raised by a template's own expression (``{{ 1 + "a" }}``) counts, since
    Jinja2 runs templates as code; one raised inside a plugin's Python does not.
    """
    if isinstance(error, ContentError | jinja2.TemplateError | OutputError | PublishError | DiskError):
        return True
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and _is_template(frames[-1])


def describe_failure(error: BaseException) -> str:
    """The text a director needs to fix a failed build: every problem, one a line."""
    if isinstance(error, ContentError):
        return "\n".join(report_lines(error.problems))
    if isinstance(error, OutputError | PublishError):
        return str(error)
    if isinstance(error, DiskError):
        return _disk_line(error)
    if isinstance(error, jinja2.TemplateSyntaxError):
        where = display_path(Path(error.filename)) if error.filename else error.name
        return f"{where}:{error.lineno}: template error: {_with_fix(error.message or '', _SYNTAX_FIX)}"
    if isinstance(error, jinja2.TemplateNotFound):
        return (f"{_template_line(error)}template error: there is no template {error.name!r}. "
                "Fix: check the name in extends, include or import")
    if is_user_mistake(error):
        return f"{_template_line(error)}template error: {_with_fix(str(error), _RUNTIME_FIX)}"
    return f"internal error: {error!r}"


_SYNTAX_FIX = ("correct the template at this line: every {{ needs its }}, every {% if %} and {% for %} "
               "its {% endif %} and {% endfor %}, and a filter must exist")
_RUNTIME_FIX = ("check the names the template uses at this line against what the page is given "
                "(docs/plugins.md), or undo the last change to the template")


# What each refusal of the disk means (publisher.problems.DISK_ERRNOS), and its fix.
_DISK_TROUBLE = {
    errno.ENOSPC: ("the disk is full", "free some space"),
    errno.EDQUOT: ("your disk quota is used up", "free some space"),
    errno.EROFS: ("the disk is mounted read-only", "mount it for writing"),
    errno.EACCES: ("you may not write there", "give your user the right to write there"),
    errno.EPERM: ("you may not write there", "give your user the right to write there"),
    errno.EIO: ("the disk failed to write", "check the disk and its cable"),
}


def _disk_line(error: DiskError) -> str:
    """``site: the disk is full (No space left on device); free some space or build into
    another folder with --out``: the folder, what the disk said, and the fix."""
    cause = error.error
    what, fix = _DISK_TROUBLE.get(cause.errno or 0, ("the disk refused a write", "check the disk"))
    then = f" or {error.elsewhere}" if error.elsewhere else ", then run the command again"
    return f"{display_path(error.where)}: {what} ({cause.strerror}); {fix}{then}"


def _with_fix(message: str, fix: str) -> str:
    """The message with the fix, unless it already says what to do."""
    if "Fix:" in message:
        return message
    return f"{message.rstrip('.')}. Fix: {fix}"


def _template_line(error: BaseException) -> str:
    """``file:line: `` of the template where a rendering error happened (Jinja2 puts the
    template's own lines into the traceback), or nothing if no template is in it."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if _is_template(f)]
    return f"{display_path(Path(frames[-1].filename))}:{frames[-1].lineno}: " if frames else ""


def _is_template(frame: traceback.FrameSummary) -> bool:
    return frame.filename.endswith(".html")

"""The archive's own settings: ``content/site.toml``, optional.

The site is static and copied to a host the build cannot know, so what needs the
public address (QR codes a phone can scan) gets it from the organiser, here, and
only in a form checked to be a web address of a folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from publisher.content import read_toml
from publisher.problems import ContentError, Problem, Problems

EXAMPLE_URL = "https://results.example.org/"
KEYS = ("url",)


@dataclass(frozen=True)
class SiteSettings:
    """``url``: where the built site is published, ending with ``/``; ``""`` when not given."""

    url: str = ""


def read_site_settings(content_dir: Path) -> SiteSettings:
    """Read ``site.toml`` beside the championship folders; no file means no settings."""
    path = content_dir / "site.toml"
    if not path.exists():
        return SiteSettings()
    if not path.is_file():
        raise ContentError(Problem(
            path, "is a folder, not a file",
            f'rename the folder, and write the settings in a file: url = "{EXAMPLE_URL}"'))
    config = read_toml(path)
    problems = Problems()
    for key in config:
        if key not in KEYS:
            problems.add(path, "is not a setting of site.toml",
                         f"remove it; the settings are: {', '.join(KEYS)}", key=key)
    url = _url(path, config["url"], problems) if "url" in config else ""
    problems.check()
    return SiteSettings(url=url)


def _url(path: Path, value: object, problems: Problems) -> str:
    """The address as typed, if it is a whole http(s) address of a folder; else a problem."""
    example = f'write url = "{EXAMPLE_URL}" with the address where the site is published'
    if not isinstance(value, str):
        problems.add(path, f"must be text, not {value!r}", example, key="url")
        return ""
    if not value.strip():
        problems.add(path, "is empty", f"{example}, or remove the line", key="url")
    elif any(c.isspace() or not c.isprintable() for c in value):
        problems.add(path, f"{value!r} has a space or an invisible character in it",
                     "write the address without spaces", key="url")
    elif not _is_web_address(value):
        problems.add(path, f"{value!r} is not a web address starting with https:// or http://",
                     example, key="url")
    elif "?" in value or "#" in value:
        problems.add(path, f"{value!r} has a ? or # part", "write the address of the site's folder only",
                     key="url")
    elif not value.endswith("/"):
        problems.add(path, f"{value!r} does not end with /",
                     f'write url = "{value}/": pages are found below it', key="url")
    else:
        return value
    return ""


def _is_web_address(value: str) -> bool:
    try:
        parts = urlsplit(value)
        return parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:  # a malformed [IPv6] host
        return False

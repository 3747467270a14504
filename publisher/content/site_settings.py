"""The archive's own settings: ``content/site.toml``, optional.

The site is static and copied to a host the build cannot know, so what needs the
public address (QR codes a phone can scan) gets it from the organiser, here, and
only in a form checked to be a web address of a folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from publisher.content.folders import read_toml
from publisher.languages import SHIPPED, SOURCE, check_code
from publisher.problems import ContentError, Problem, Problems

EXAMPLE_URL = "https://results.example.org/"
KEYS = ("url", "publish", "languages")
PUBLISH_KEYS = ("target", "endpoint_url")


@dataclass(frozen=True)
class SiteSettings:
    """``url``: where the built site is published, ending with ``/``; ``""`` when not given.
    ``publish_target`` and ``publish_endpoint_url``: ``[publish] target`` and ``endpoint_url``,
    where ``publisher publish`` sends the site when no TARGET is typed. ``languages``: the
    languages the pages are written in, the first at the usual paths (docs/languages.md)."""

    url: str = ""
    publish_target: str = ""
    publish_endpoint_url: str = ""
    languages: tuple[str, ...] = (SOURCE,)


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
    target, endpoint = _publish(path, config.get("publish", {}), problems)
    languages = _languages(path, config.get("languages", [SOURCE]), problems)
    problems.check()
    return SiteSettings(url=url, publish_target=target, publish_endpoint_url=endpoint, languages=languages)


def _languages(path: Path, value: object, problems: Problems) -> tuple[str, ...]:
    """``languages``: one or more of the shipped languages, each once, the site's own first."""
    fix = f'write languages = ["en", "ja"] with any of: {", ".join(SHIPPED)}'
    if not isinstance(value, list) or not value:
        problems.add(path, f"must be a list of language codes, not {value!r}", fix, key="languages")
        return (SOURCE,)
    for code in value:
        if (wrong := check_code(code)) is not None:
            problems.add(path, wrong, fix, key="languages")
    for code in {c for c in value if isinstance(c, str) and value.count(c) > 1}:
        problems.add(path, f"names {code!r} twice", "write each language once", key="languages")
    return tuple(dict.fromkeys(c for c in value if isinstance(c, str) and check_code(c) is None)) or (SOURCE,)


def _publish(path: Path, table: object, problems: Problems) -> tuple[str, str]:
    """``[publish] target`` and ``endpoint_url``; a password in the target is refused, since
    site.toml is shared and often kept in version control."""
    example = 'write [publish] with target = "sftp://user@host/path"'
    if not isinstance(table, dict):
        problems.add(path, f"must be a table, not {table!r}", example, key="publish")
        return "", ""
    for key in table:
        if key not in PUBLISH_KEYS:
            problems.add(path, "is not a setting of [publish]",
                         f"remove it; the settings are: {', '.join(PUBLISH_KEYS)}", key=f"publish.{key}")
    values = []
    for key in PUBLISH_KEYS:
        value = table.get(key, "")
        if not isinstance(value, str):
            problems.add(path, f"must be text, not {value!r}", example, key=f"publish.{key}")
            value = ""
        values.append(value.strip())
    target, endpoint = values
    try:
        password = urlsplit(target).password if "://" in target else None
    except ValueError:
        password = None
    if password:
        problems.add(path, "the address holds a password",
                     "remove it from the address; give it in the PUBLISHER_FTP_PASSWORD environment "
                     "variable or ~/.netrc (SFTP uses your SSH keys)", key="publish.target")
        target = ""
    return target, endpoint


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

"""Shared test helpers: a small archive written into a temporary folder, and the CLI."""

from __future__ import annotations

import os
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from publisher.cli import main


def write(path: Path, text: str) -> Path:
    """Write ``text`` (dedented) to ``path``, creating its folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


SWISS_TOML = """
    name = "Club Swiss"
    game = "go"
    system = "swiss"
    start = 2026-03-01
    rounds = 3
    seed = "club"
"""

PLAYERS_CSV = """
    id,name,rank,rating,country
    a,Ann Able,3d,2300,HR
    b,Bob Baker,1k,2050,DE
    c,Cleo Cole,5k,1650,FR
    d,Dan Dale,2d,2200,PL
"""


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """A content folder with one small Swiss event, ready to build."""
    content = tmp_path / "content"
    write(content / "club-swiss" / "event.toml", SWISS_TOML)
    write(content / "club-swiss" / "players.csv", PLAYERS_CSV)
    return content


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]):
    """Run the publisher command line in-process; returns (exit code, stdout, stderr)."""

    def runner(*argv: str | Path) -> tuple[int, str, str]:
        code = main([str(a) for a in argv])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return runner


# A venue's plugin that brings its own catalogs (publisher_catalog_dirs), beside it in locale/.
CATALOG_PLUGIN = """
from pathlib import Path

from publisher import hookimpl


@hookimpl
def publisher_catalog_dirs():
    return [Path(__file__).parent / "locale"]
"""


def venue_catalog(plugins: Path, language: str, po: str) -> Path:
    """Write a plugins folder (``--plugins-dir``) whose plugin brings ``po`` as its catalog of
    ``language``; returns the folder."""
    write(plugins / "words.py", CATALOG_PLUGIN)
    write(plugins / "locale" / language / "LC_MESSAGES" / "words.po", po)
    return plugins


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes, to prove a folder was left untouched."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def shots() -> Path:
    """Where browser tests put their screenshots for a person to look at: $PUBLISHER_SCREENSHOTS,
    else a folder under the system's temporary folder."""
    folder = Path(os.environ.get("PUBLISHER_SCREENSHOTS") or Path(tempfile.gettempdir()) / "publisher-shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright, one per test module (tests/browser); skipped with
    the reason when either is missing. It cannot download a browser of its own here."""
    if not CHROMIUM.is_file():
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="the playwright package is not installed (pip install playwright)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield browser
        browser.close()

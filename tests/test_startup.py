"""A command imports what it uses: ``pair`` between rounds starts without the renderer, the
publish clients or the plugins of other systems, and ``build`` without the publish clients.

Each command runs in a fresh Python, as the director starts it, and reports the modules it
ended with."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import write

RUN_AND_LIST = """
import json, sys
from publisher.cli import main
code = main(sys.argv[2:])
with open(sys.argv[1], "w") as out:
    json.dump({"code": code, "modules": sorted(sys.modules)}, out)
"""

# Libraries no command that reads a McMahon event and prints its pairing needs.
NOT_FOR_PAIR = ("jinja2", "markupsafe", "boto3", "botocore", "paramiko", "networkx", "segno",
                "markdown", "nh3", "feedgen", "icalendar", "babel", "defusedxml", "watchdog",
                "xml.etree.ElementTree", "concurrent.futures", "publisher.build.render",
                "publisher.build.builder", "publisher.publish.sync", "plugins.mahjong.tournament",
                "plugins.archive.feeds", "plugins.archive.search", "plugins.opengotha.reader",
                "plugins.egd.export")
# Publishing's clients, the watcher and the pairing's matching: none of them builds a page.
NOT_FOR_BUILD = ("boto3", "botocore", "paramiko", "networkx", "watchdog", "defusedxml", "ftplib",
                 "publisher.publish.sync")


def modules_after(tmp_path: Path, *argv: str | Path) -> tuple[int, set[str], str, str]:
    """Run ``publisher ARGV`` in a new interpreter: its exit code, its modules, its output
    and its error output."""
    listing = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", RUN_AND_LIST, str(listing), *map(str, argv)],
                          capture_output=True, text=True)
    found = json.loads(listing.read_text(encoding="utf-8"))
    return found["code"], set(found["modules"]), done.stdout, done.stderr


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` (packages count with their submodules) were imported."""
    return [n for n in names if any(m == n or m.startswith(n + ".") for m in modules)]


def test_pair_imports_only_what_pairing_needs(archive: Path, tmp_path: Path) -> None:
    code, modules, out, _ = modules_after(tmp_path, "pair", archive / "club-swiss", "--dry-run")
    assert code == 0
    assert out.startswith("Round 1 of Club Swiss: ")
    assert "Dry run:" in out
    assert loaded(modules, NOT_FOR_PAIR) == []
    assert "plugins.macmahon.pairing" in modules


def test_build_leaves_the_publish_clients_alone(archive: Path, tmp_path: Path) -> None:
    code, modules, out, _ = modules_after(tmp_path, "build", "--content", archive, "--out", tmp_path / "site")
    assert code == 0
    assert out.startswith("Built 1 championship")
    assert (tmp_path / "site" / "club-swiss" / "index.html").is_file()
    assert loaded(modules, NOT_FOR_BUILD) == []
    assert "jinja2" in modules


def test_a_mistake_is_still_told_without_a_traceback(archive: Path, tmp_path: Path) -> None:
    """The failure reporter is imported only when a command fails, and still tells the fix."""
    write(archive / "club-swiss" / "rounds" / "1.csv", """
        table,player1,player2,result
        1,a,zz,1-0
    """)
    code, _, _, err = modules_after(tmp_path, "pair", archive / "club-swiss", "--dry-run")
    assert code == 1
    assert "rounds/1.csv:2: unknown player 'zz'. Fix: use an id from players.csv" in err
    assert "Traceback" not in err

"""A small test-only system, "board", for the watch, serve and screen tests.

It reads ``rounds/<n>.csv`` (``table,player1,player2,result``, results ``1-0``,
``0-1``, ``½-½`` or empty; ``bye`` with player2 empty; optional ``handicap`` and
``komi`` columns are the tables' handicap and komi, as the Go system gives them)
and answers ``publisher_live_view`` with the latest round's tables and the standings
by points, so the live machinery is tested on its own, whatever the real systems do.
``[board] clock_start`` and ``clock_minutes`` give the screen a clock.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pluggy

import plugins.core
import plugins.screens
from publisher import commands, hookimpl, hookspecs
from publisher.content.csvfiles import read_csv
from publisher.languages import catalog_name, message
from publisher.model import DataFile, Event, Page
from publisher.problems import Problems

POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "½-½": (0.5, 0.5), "": (0.0, 0.0), "bye": (1.0,)}
SEATS = {1: ("",), 2: ("Black", "White")}


@hookimpl
def publisher_systems() -> dict[str, str]:
    return {"board": "Test boards: rounds of two-player tables"}


@hookimpl
def publisher_load_event(event: Event) -> None:
    if event.system != "board":
        return
    problems = Problems()
    rounds: list[list[dict[str, Any]]] = []
    files = sorted((p for p in event.rounds_dir.glob("*.csv") if re.fullmatch(r"\d+\.csv", p.name)),
                   key=lambda p: int(p.stem))
    for path in files:
        tables = []
        for row in read_csv(path, required=("table", "player1", "player2", "result")):
            bye = row.get("result") == "bye"
            ids = [row.get("player1")] if bye else [row.get("player1"), row.get("player2")]
            unknown = [i for i in ids if i not in event.players_by_id]
            if unknown:
                problems.add(path, f"unknown player {unknown[0]!r}", "use an id of players.csv",
                             line=row.line)
            if row.get("result") not in POINTS:
                problems.add(path, f"result {row.get('result')!r} is not 1-0, 0-1 or ½-½",
                             "write 1-0, 0-1, ½-½ or leave it empty", line=row.line)
            terms = {key: kind(row.get(key)) for key, kind in (("handicap", int), ("komi", float))
                     if row.get(key)}
            tables.append({"table": row.get("table"), "players": ids, "result": row.get("result"),
                           "terms": terms})
        rounds.append(tables)
    problems.check()
    event.data["board"] = rounds


@hookimpl
def publisher_event_pages(event: Event) -> list[Page | DataFile]:
    if event.system != "board":
        return []
    return [DataFile(f"data/board-{n}.json", tables)
            for n, tables in enumerate(event.data["board"], start=1)]


@hookimpl
def publisher_event_status(event: Event) -> str | None:
    if event.system != "board":
        return None
    return f"Round {len(event.data['board'])} published"


@hookimpl
def publisher_live_view(event: Event) -> dict[str, Any] | None:
    if event.system != "board":
        return None
    rounds = event.data["board"]
    points = {p.id: 0.0 for p in event.players}
    for tables in rounds:
        for table in tables:
            for player, won in zip(table["players"], POINTS[table["result"]], strict=True):
                points[player] += won
    order = sorted(event.players, key=lambda p: (-points[p.id], p.name))
    places = {score: n for n, score in reversed(list(enumerate((points[p.id] for p in order), 1)))}
    settings = event.config.get("board", {})
    return {
        "heading": message("Round %(number)s", number=len(rounds)) if rounds else "",
        "round": len(rounds) or None, "rounds": event.rounds,
        "tables": [
            {"table": t["table"] or "bye", "result": t["result"] or None,
             "players": [{"id": i, "name": event.player(i).name, "seat": seat, "note": f"{points[i]:g} pts"}
                         for i, seat in zip(t["players"], SEATS[len(t["players"])], strict=True)],
             **t["terms"]}
            for t in (rounds[-1] if rounds else [])
        ],
        "standings_heading": f"Standings after round {len(rounds)}",
        "standings": [{"place": _place(places[points[p.id]], points[p.id], points), "id": p.id,
                       "name": p.name, "score": f"{points[p.id]:g}", "note": ""} for p in order],
        "clock": ({"label": "Round", "start": settings["clock_start"],
                   "minutes": settings["clock_minutes"]} if "clock_start" in settings else None),
    }


def _place(place: int, score: float, points: dict[str, float]) -> str:
    shared = sum(1 for s in points.values() if s == score) > 1
    return f"={place}" if shared else str(place)


PLUGIN_DIR = Path(__file__).parent


def plugin_manager() -> pluggy.PluginManager:
    """The core, the screens and this system only: live tests do not depend on the other systems."""
    pm = pluggy.PluginManager("publisher")
    pm.add_hookspecs(hookspecs)
    for plugin in (commands, plugins.core, plugins.screens, sys.modules[__name__]):
        pm.register(plugin)
    pm.check_pending()
    return pm

_FIRST = ["Ana", "Boris", "Chiara", "Dmitri", "Eva", "Filip", "Greta", "Hiro", "Ines", "Jonas",
          "Katja", "Luka", "Mirela", "Nikola", "Olga", "Petra"]
_LAST = ["Novak", "Horvat", "Kovačić", "Babić", "Marić", "Jurić", "Knežević", "Vuković",
         "Tanaka", "Schmidt", "Rossi", "Dubois"]


def player_name(n: int) -> str:
    """A plausible, distinct name for player ``n`` (0-based), accents included."""
    return f"{_FIRST[n % len(_FIRST)]} {_LAST[(n // len(_FIRST)) % len(_LAST)]}"


def write_event(content: Path, slug: str = "club", players: int = 4, **board: Any) -> Path:
    """A board championship with ``players`` players p01, p02, ... and no round yet."""
    folder = content / slug
    (folder / "rounds").mkdir(parents=True, exist_ok=True)
    settings = "".join(f"{key} = {value!r}\n".replace("'", '"') for key, value in board.items())
    (folder / "event.toml").write_text(
        f'name = "{slug.title()} Open"\ngame = "go"\nsystem = "board"\nstart = 2026-03-01\n'
        f'rounds = 5\nseed = "{slug}"\n' + (f"[board]\n{settings}" if board else ""),
        encoding="utf-8")
    rows = "".join(f"p{n + 1:02d},{player_name(n)}\n" for n in range(players))
    (folder / "players.csv").write_text("id,name\n" + rows, encoding="utf-8")
    return folder


class Catalog:
    """A catalog of one language, as a plugin ships (``publisher_catalog_dirs``), with the
    translations a test gives: ``{english: translation}``."""

    def __init__(self, folder: Path, language: str, texts: dict[str, str]):
        from babel.messages.catalog import Catalog as Po
        from babel.messages.pofile import write_po

        self.folder = folder
        po = Po(locale=catalog_name(language))
        for english, text in texts.items():
            po.add(english, text)
        path = folder / catalog_name(language) / "LC_MESSAGES" / "board.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, po)

    @hookimpl
    def publisher_catalog_dirs(self) -> list[Path]:
        return [self.folder]


def eventually(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait until ``check()`` holds: file-system events and rebuilds take a moment."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the site did not follow the content in time")
        time.sleep(0.01)


def publisher(cwd: Path, *argv: str, limit: float = 120.0,
              output: IO[str] | int = subprocess.PIPE) -> subprocess.Popen[str]:
    """The command line in a child process, its console to ``output`` (a pipe, or a file),
    killed after ``limit`` seconds should a test hang. Ctrl-C works in it as in a terminal,
    even when the tests run where SIGINT is ignored (a background job of a shell without
    job control passes that on to its children)."""
    process = subprocess.Popen([sys.executable, "-m", "publisher.cli", *argv], cwd=cwd,
                               stdout=output, stderr=subprocess.STDOUT, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    timer = threading.Timer(limit, process.kill)
    timer.daemon = True
    timer.start()
    return process


def round_csv(results: list[str]) -> str:
    """A round file pairing p01-p02, p03-p04, ... with these results (one a table)."""
    rows = "".join(f"{t + 1},p{2 * t + 1:02d},p{2 * t + 2:02d},{r}\n" for t, r in enumerate(results))
    return "table,player1,player2,result\n" + rows

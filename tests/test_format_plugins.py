"""A format is a plugin: an outside one gets `publisher import` and `publisher export` too."""

from __future__ import annotations

import json

from conftest import write

# A club's own results list: "name;rank" lines, then "round: black beat white" lines.
LIST_PLUGIN = '''
import datetime

from publisher import hookimpl
from publisher.formats import Championship, Format, csv_text


@hookimpl
def publisher_formats():
    return [Format("clublist", "a club's results list", imports=True, exports=True, suffix=".txt")]


@hookimpl
def publisher_import(format, path):
    if format != "clublist":
        return None
    players, rounds = [], {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if ":" in line:
            number, game = line.split(":")
            black, white = game.split(" beat ")
            rounds.setdefault(int(number), []).append(
                {"table": len(rounds.get(int(number), [])) + 1, "player1": black.strip(),
                 "player2": white.strip(), "result": "1-0"})
        elif line.strip():
            name, rank = line.split(";")
            players.append({"id": name.lower(), "name": name, "rank": rank})
    files = {"players.csv": csv_text(["id", "name", "rank"], players)}
    for number, games in rounds.items():
        files[f"rounds/{number}.csv"] = csv_text(["table", "player1", "player2", "result"], games)
    config = {"name": "Club night", "game": "go", "system": "swiss", "rounds": len(rounds),
              "start": datetime.date(2026, 1, 9)}
    return Championship(config, files, ["the list has no dates: the start is 2026-01-09"])


@hookimpl
def publisher_export(format, event):
    if format != "clublist":
        return None
    lines = [f"{p.name};{p.rank}" for p in event.players]
    for rnd in event.data["macmahon"].rounds:
        lines += [f"{rnd.number}: {g.black} beat {g.white}" for g in rnd.games if g.result == "1-0"]
    return ("\\n".join(lines) + "\\n").encode()
'''


def test_an_outside_format_imports_and_exports(tmp_path, run):
    write(tmp_path / "plugins" / "clublist.py", LIST_PLUGIN)
    source = write(tmp_path / "night.txt",
                   "Ann;3d\nBob;1k\nCleo;2k\nDan;4k\n1: ann beat bob\n1: cleo beat dan\n")
    content = tmp_path / "content"
    code, out, err = run("--plugins-dir", tmp_path / "plugins", "import", "clublist", source,
                         content / "night")
    assert code == 0, err
    assert "note: the list has no dates" in out
    assert (content / "night" / "rounds" / "1.csv").read_text() == (
        "table,player1,player2,result\n1,ann,bob,1-0\n2,cleo,dan,1-0\n")
    assert run("--plugins-dir", tmp_path / "plugins", "build", "--content", content,
               "--out", tmp_path / "site")[0] == 0
    standings = json.loads((tmp_path / "site" / "night" / "data" / "standings-1.json").read_text())
    assert [s["player"] for s in standings["standings"] if s["wins"] == 1] == ["ann", "cleo"]
    code, out, err = run("--plugins-dir", tmp_path / "plugins", "export", "clublist", content / "night",
                         "-o", tmp_path / "back.txt")
    assert code == 0, err
    assert (tmp_path / "back.txt").read_text() == source.read_text()


def test_unknown_formats_are_named_with_the_known_ones(tmp_path, run, archive):
    code, _, err = run("import", "nosuch", tmp_path / "x.xml", archive / "x")
    assert code == 2 and "no plugin reads the format 'nosuch'" in err and "opengotha" in err
    code, _, err = run("export", "nosuch", archive / "club-swiss")
    assert code == 2 and "no plugin writes the format 'nosuch'" in err

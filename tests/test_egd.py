"""The EGD results format: export for rating submission, import of the archive's files."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from anyascii import anyascii
from gotha_samples import PLAYERS, write_tournament

from publisher.problems import display_path

EXAMPLE = Path(__file__).parent.parent / "content" / "ljubljana-go-open-2026"

SAMPLE = """; CL[B]
; EV[Club Cup 2025]
; PC[SI,Ljubljana]
; DT[2025-10-04,2025-10-05]
; KM[6.5]
;
; Pl Name                            Rk Co Club   MMS   SOS SOSOS
   1 Novak Ana                       2d SI Ljub    22    40   120    3+/w0    2+/b0    4+/w0
   2 Müller Jörg                     1d DE Berl    21    41   121    4+/b0    1-/w0    3+/b1
   3 Horvat Ivan                     1k HR Zagr    19    39   119    1-/b0    0+       2-/w1
   4 Kranjc Eva                      3k SI Ljub    17    38   118    2-/w0    0=       1-/b0
"""


def with_latin_names(tmp_path: Path) -> Path:
    """The example Go event, its names given an egd_name in Latin letters (as the fix says)."""
    folder = tmp_path / "content" / "lj"
    shutil.copytree(EXAMPLE, folder)
    rows = list(csv.DictReader((folder / "players.csv").read_text(encoding="utf-8").splitlines()))
    for row in rows:
        first, _, surname = row["name"].rpartition(" ")
        row["egd_name"] = anyascii(f"{surname} {first}")
    with (folder / "players.csv").open("w", encoding="utf-8", newline="") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return folder


def test_export_writes_the_header_and_fixed_columns_in_iso_8859_15(tmp_path, run):
    folder = with_latin_names(tmp_path)
    code, _, err = run("export", "egd", folder, "-o", tmp_path / "lj.h9")
    assert code == 0, err
    text = (tmp_path / "lj.h9").read_bytes().decode("iso-8859-15")
    lines = text.splitlines()
    # [time]: 60 minutes and 30 seconds of byo-yomi, adjusted 60 + 45 x 30 s = 82 minutes: class A.
    assert lines[:9] == ["; CL[A]", "; EV[Ljubljana Go Open 2026]", "; PC[,Ljubljana, Slovenia]",
                         "; DT[2026-05-01,2026-05-03]", "; KM[6.5]", "; TM[82]", "; CM[Standard byo-yomi]",
                         "; McMahon bar 3d, floor 20k", ";"]
    assert lines[9] == "; Pl Name                            Rk Co Club   MMS   SOS SOSOS SODOS"
    first = lines[10]
    assert first[:47] == "   1 Dvorak Lukas                    5d CZ Go_K"
    assert first.split()[-6:] == ["7+/w0", "3+/b0", "2+/b0", "5+/w0", "4+/w0", "6+/w0"]
    standings = {}
    run("build", "--content", folder.parent, "--out", tmp_path / "site")
    data = json.loads((tmp_path / "site" / "lj" / "data" / "standings-6.json").read_text())
    standings = [s["player"] for s in data["standings"]]
    assert len(lines) - 10 == len(standings)


def test_names_the_egd_cannot_encode_are_reported_not_mangled(tmp_path, run):
    code, _, err = run("export", "egd", EXAMPLE, "-o", tmp_path / "lj.h9")
    assert code == 1 and not (tmp_path / "lj.h9").exists()
    problems = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(problems) == 14
    assert any("players.csv:22:" in p and "'ćč' is not in ISO-8859-15" in p and "egd_name" in p
               for p in problems)


def test_an_output_that_is_a_folder_is_refused_with_a_file_name(tmp_path, run):
    (tmp_path / "results").mkdir()
    code, stdout, stderr = run("export", "egd", with_latin_names(tmp_path), "-o", tmp_path / "results")
    assert (code, stdout) == (1, "")
    assert f"error: {tmp_path / 'results'}: is a folder. Fix: name the file to write, like -o " in stderr
    assert sorted((tmp_path / "results").iterdir()) == []


def round_games(folder: Path, names: dict[str, str]) -> list[set[tuple[str, str, str]]]:
    found = []
    for path in sorted((folder / "rounds").glob("*.csv"), key=lambda p: int(p.stem)):
        rows = csv.DictReader(path.read_text(encoding="utf-8").splitlines())
        found.append({(names[r["player1"]], names.get(r["player2"], ""), r["result"]) for r in rows})
    return found


def latin_names(folder: Path) -> dict[str, str]:
    rows = csv.DictReader((folder / "players.csv").read_text(encoding="utf-8").splitlines())
    return {r["id"]: r.get("egd_name") or r["name"] for r in rows}


def test_import_of_the_export_gives_the_same_rounds_and_standings(tmp_path, run):
    folder = with_latin_names(tmp_path)
    assert run("export", "egd", folder, "-o", tmp_path / "lj.h9")[0] == 0
    back = tmp_path / "content" / "back"
    code, out, err = run("import", "egd", tmp_path / "lj.h9", back)
    assert code == 0, err
    assert "note:" not in out
    assert round_games(back, latin_names(back)) == round_games(folder, latin_names(folder))
    assert run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")[0] == 0

    def table(slug: str, names: dict[str, str]) -> list[tuple]:
        data = json.loads((tmp_path / "site" / slug / "data" / "standings-6.json").read_text())
        return [(s["place"], names[s["player"]], s["score"], s["tiebreaks"]) for s in data["standings"]]

    assert table("back", latin_names(back)) == table("lj", latin_names(folder))
    assert run("export", "egd", back, "-o", tmp_path / "again.h9")[0] == 0
    assert (tmp_path / "again.h9").read_bytes() == (tmp_path / "lj.h9").read_bytes()


@pytest.mark.parametrize("encoding", ["iso-8859-15", "utf-8"])
def test_import_reads_an_archive_file(tmp_path, run, encoding):
    source = tmp_path / "cup.h9"
    source.write_bytes(SAMPLE.encode(encoding))
    folder = tmp_path / "content" / "cup"
    code, out, err = run("import", "egd", source, folder)
    assert code == 0, err
    assert (folder / "rounds" / "1.csv").read_text() == (
        "table,player1,player2,result,handicap\n1,muller-jorg,kranjc-eva,1-0,0\n"
        "2,horvat-ivan,novak-ana,0-1,0\n")
    assert (folder / "rounds" / "2.csv").read_text() == (
        "table,player1,player2,result,handicap\n1,novak-ana,muller-jorg,1-0,0\n,horvat-ivan,,bye,\n")
    assert "1,novak-ana,horvat-ivan" not in (folder / "rounds" / "3.csv").read_text()
    assert (folder / "rounds" / "2.csv").read_text().count(",bye,") == 1
    assert (folder / "rounds" / "3.csv").read_text() == (
        "table,player1,player2,result,handicap\n1,muller-jorg,horvat-ivan,1-0,1\n"
        "2,kranjc-eva,novak-ana,0-1,0\n")
    players = list(csv.DictReader((folder / "players.csv").read_text(encoding="utf-8").splitlines()))
    assert [(p["name"], p["rank"], p["egd_place"], p["absent"]) for p in players][1:4:2] == [
        ("Müller Jörg", "1d", "2", ""), ("Kranjc Eva", "3k", "4", "2")]
    assert "note:" in out
    assert run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")[0] == 0


BAD = {
    "mismatch": (SAMPLE.replace("2+/b0    4+/w0", "2+/b0    4+/b0"), "round 3: 4+/b0 does not match line"),
    "no-place": (SAMPLE.replace("3+/w0", "9+/w0"), "round 1: no player has place 9"),
    "truncated": (SAMPLE[: SAMPLE.index("Horvat") + 10], "is not a player line"),
    "no-date": (SAMPLE.replace("; DT[2025-10-04,2025-10-05]\n", ""), "has no date"),
    "twice": (SAMPLE.replace("   4 Kranjc", "   3 Kranjc"), "place 3 is on two lines"),
    "no-rank": (SAMPLE.replace(" 3k SI", " ?? SI"), "has no rank after the name"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_broken_h9_gives_one_line_and_no_folder(tmp_path, run, name):
    text, message = BAD[name]
    source = tmp_path / f"{name}.h9"
    source.write_bytes(text.encode("iso-8859-15"))
    code, _, err = run("import", "egd", source, tmp_path / "content" / "t")
    problems = [line for line in err.splitlines() if line.startswith("error:")]
    assert code == 1 and len(problems) == 1 and message in problems[0] and f"{name}.h9" in problems[0], err
    assert not (tmp_path / "content").exists() or not list((tmp_path / "content").iterdir())


def test_transliteration_when_the_director_asks_for_it_is_reported_name_by_name(tmp_path, run):
    folder = tmp_path / "content" / "lj"
    shutil.copytree(EXAMPLE, folder)
    with (folder / "event.toml").open("a", encoding="utf-8") as stream:
        stream.write("\n[egd]\ntransliterate = true\n")
    code, _, err = run("export", "egd", folder, "-o", tmp_path / "lj.h9")
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 14
    assert any("players.csv:22:" in w and "is not in ISO-8859-15" in w for w in warnings)
    text = (tmp_path / "lj.h9").read_bytes().decode("iso-8859-15")
    assert "Dvorák Lukáš" in text  # ř is spelled r; á and š are in ISO-8859-15


def test_tables_are_numbered_from_one_whoever_has_the_bye(tmp_path, run):
    source = tmp_path / "small.h9"
    source.write_bytes(b"; EV[Small]\n; DT[2025-01-04]\n"
                       b"   1 Bye Bea                         1d SI Ljub   11    0+    2+/w0\n"
                       b"   2 Cole Cid                        1k SI Ljub   10    3+/b0    1-/b0\n"
                       b"   3 Dale Dee                        2k SI Ljub    9    2-/w0    0+\n")
    assert run("import", "egd", source, tmp_path / "content" / "small")[0] == 0
    rounds = tmp_path / "content" / "small" / "rounds"
    assert (rounds / "1.csv").read_text() == (
        "table,player1,player2,result,handicap\n1,cole-cid,dale-dee,1-0,0\n,bye-bea,,bye,\n")
    assert (rounds / "2.csv").read_text() == (
        "table,player1,player2,result,handicap\n1,cole-cid,bye-bea,0-1,0\n,dale-dee,,bye,\n")


# A file as OpenGotha 3.45 writes it (the shape of its egc2013.h9): tied players' places
# left blank, criteria marked '?', two '0' columns, forfeits written '22+!w0', CRLF lines.
OPENGOTHA_H9 = (
    "; CL[A]\n; EV[Small Open]\n; PC[,Olsztyn]\n; DT[2013-07-28,2013-08-10]\n; HA[h3]\n"
    "; KM[6.5]\n; TM[195]\n; CM[Standard byo-yomi]\n; Generated by OpenGotha 3.45.01\n;\n"
    "; Pl Name                            Rk Co Club  MMS  SOS\n"
    "   1 Fan Hui                         7D FR 75Op   44  404 0 0    2+/w0    3+!b0    4+/w0\n"
    "   2 Tormanen Antti                  6D FI  eGo   42 405? 0 0    1-/b0    4+/b0    3+/w0\n"
    "     Lisy Pavol                      6D SK DoSt   42 405? 0 0    4+/b0    1-!w0    2-/b0\n"
    "   4 Surma Mateusz                   6D PL Dzim  41?  406 0 0    3-/w0    2-/w0    1-/b0\n"
    "   5 Jabarin Ali                     6D IL  TAv   41 395? 0 0    0=       0=       6-/w0   |12850431\n"
    "   6 Chen Xing                       6D CN Beij  39?  361 0 0    0+       0=       5+/b0   |0\n"
).replace("\n", "\r\n")


def test_import_reads_a_file_as_opengotha_writes_it(tmp_path, run):
    source = tmp_path / "egc.h9"
    source.write_bytes(OPENGOTHA_H9.encode("iso-8859-15"))
    folder = tmp_path / "content" / "egc"
    code, _, err = run("import", "egd", source, folder)
    assert code == 0, err
    players = list(csv.DictReader((folder / "players.csv").read_text(encoding="utf-8").splitlines()))
    assert [(p["id"], p["egd_place"], p["egd_pin"], p["absent"]) for p in players] == [
        ("fan-hui", "1", "", ""), ("tormanen-antti", "2", "", ""), ("lisy-pavol", "2", "", ""),
        ("surma-mateusz", "4", "", ""), ("jabarin-ali", "5", "12850431", "1 2"),
        ("chen-xing", "6", "", "2")]
    rounds = folder / "rounds"
    assert (rounds / "1.csv").read_text() == (
        "table,player1,player2,result,handicap\n1,tormanen-antti,fan-hui,0-1,0\n"
        "2,lisy-pavol,surma-mateusz,1-0,0\n,chen-xing,,bye,\n")
    assert (rounds / "2.csv").read_text() == (
        "table,player1,player2,result,handicap\n1,fan-hui,lisy-pavol,1-0!,0\n"
        "2,tormanen-antti,surma-mateusz,1-0,0\n")
    assert run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")[0] == 0


@pytest.mark.parametrize(("time", "expected"), [
    ('system = "byoyomi"\nmain = 60\nbyoyomi = 30', ("A", "82", "Standard byo-yomi")),
    ('system = "fischer"\nmain = 45\nincrement = 15', ("A", "75", "Fischer")),
    ('system = "fischer"\nmain = 40\nincrement = 10', ("B", "60", "Fischer")),
    ('system = "canadian"\nmain = 40\nperiod = 300\nstones = 25', ("B", "52", "Canadian byo-yomi")),
    ('system = "sudden-death"\nmain = 30', ("C", "30", "Sudden death")),
    ('system = "fischer"\nmain = 30\nincrement = 10\ninternet = true', ("D", "50", "Fischer")),
])
def test_the_class_comes_from_the_time_limits_by_the_egf_s_rules(tmp_path, run, time, expected):
    folder = with_latin_names(tmp_path)
    toml = folder / "event.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text[:text.index("[time]")] + f"[time]\n{time}\n", encoding="utf-8")
    code, out, err = run("export", "egd", folder, "-o", "-")
    assert code == 0, err
    assert out.splitlines()[0] == f"; CL[{expected[0]}]"
    assert f"; TM[{expected[1]}]\n; CM[{expected[2]}]\n" in out


EXAMPLE_TIME = "write it like system = \"byoyomi\", main = 60 (minutes), byoyomi = 30 (seconds)"


@pytest.mark.parametrize(("time", "says"), [
    ('system = "byoyomi"\nmain = "60"\nbyoyomi = 30',
     f"time.main: is '60', not a whole number from 0 to 1440. Fix: {EXAMPLE_TIME}"),
    ('system = "byoyomi"\nmain = 60\nbyoyomi = 0',
     f"time.byoyomi: is 0, not a whole number from 1 to 600. Fix: {EXAMPLE_TIME}"),
    ('system = "byo-yomi"\nmain = 60',
     "time.system: is 'byo-yomi', not a time system. Fix: write one of sudden-death, byoyomi, canadian, "
     "fischer"),
    ("main = 60\nbyoyomi = 30",
     "time.system: is missing. Fix: write one of sudden-death, byoyomi, canadian, fischer"),
    ('system = "byoyomi"\nbyoyomi = 30',
     f"time.main: is missing (the main time, in minutes). Fix: {EXAMPLE_TIME}"),
    ('system = "byoyomi"\nmain = 60\nbyo_yomi = 30',
     "time.byo_yomi: is not a [time] key. Fix: remove it (system = \"byoyomi\" reads main, byoyomi and "
     "internet)"),
    ('system = "byoyomi"\nmain = 60\nincrement = 10',
     "time.increment: is not read by system = \"byoyomi\". Fix: remove it (system = \"byoyomi\" reads "
     "main, byoyomi and internet), or write system = \"fischer\" if the event is played so"),
    ('system = "fischer"\nmain = 40\nincrement = 10\ninternet = "yes"',
     "time.internet: is 'yes'. Fix: write true or false"),
])
def test_a_mistake_in_time_fails_the_build_with_its_key_and_fix(tmp_path, run, time, says):
    """[time] is read with the event's settings: the build refuses it, not only the export."""
    folder = with_latin_names(tmp_path)
    toml = folder / "event.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text[:text.index("[time]")] + f"[time]\n{time}\n", encoding="utf-8")
    code, _, err = run("build", "--content", folder.parent, "--out", tmp_path / "site")
    assert code == 1 and not (tmp_path / "site").exists()
    assert [line for line in err.splitlines() if line.startswith("error:")] == [
        f"error: {display_path(toml)}: {says}"]
    code, _, err = run("export", "egd", folder, "-o", tmp_path / "lj.h9")
    assert code == 1 and f"error: {display_path(toml)}: {says}" in err.splitlines()


def test_an_imported_time_table_is_within_what_the_build_reads(tmp_path, run):
    """An OpenGotha import writes [time] within the bounds the build reads it in."""
    xml = write_tournament(tmp_path / "t.xml", general={"complementaryTimeSystem": "STDBYOYOMI",
                                                        "basicTime": "1440", "stdByoYomiTime": "600"})
    code, _, err = run("import", "opengotha", xml, tmp_path / "content" / "club")
    assert code == 0, err
    assert "[time]\nsystem = \"byoyomi\"\nmain = 1440\nbyoyomi = 600\n" in (
        tmp_path / "content" / "club" / "event.toml").read_text(encoding="utf-8")
    assert run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")[0] == 0


def test_an_event_without_time_limits_is_refused(tmp_path, run):
    folder = with_latin_names(tmp_path)
    toml = folder / "event.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text[:text.index("# The time system")], encoding="utf-8")
    code, _, err = run("export", "egd", folder, "-o", tmp_path / "lj.h9")
    assert code == 1 and not (tmp_path / "lj.h9").exists()
    assert "event.toml: time: has no [time]: the EGD rates an event by the class" in err


def test_players_without_a_game_are_left_out_and_an_absence_worth_nothing_is_0_minus(tmp_path, run):
    folder = with_latin_names(tmp_path)
    rows = (folder / "players.csv").read_text(encoding="utf-8").splitlines()
    header = rows[0].split(",")
    late = dict(zip(header, rows[1].split(","), strict=True))
    late.update(id="late", name="Never Came", egd_name="Came Never", egd_pin="0")
    rows.append(",".join(late[c] for c in header))
    (folder / "players.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    round6 = folder / "rounds" / "6.csv"
    games = round6.read_text(encoding="utf-8").splitlines()
    games.pop(1)  # both players of table 1 miss round 6, worth absent_score 0 here
    round6.write_text("\n".join(games) + "\n", encoding="utf-8")
    code, out, err = run("export", "egd", folder, "-o", "-")
    assert code == 0, err
    assert "Came Never" not in out
    absent_lines = [line for line in out.splitlines() if line.endswith(" 0-")]
    assert len(absent_lines) == 2, out


def test_an_unfinished_event_is_refused_unless_allowed_with_a_warning(tmp_path, run):
    folder = with_latin_names(tmp_path)
    round6 = folder / "rounds" / "6.csv"
    games = round6.read_text(encoding="utf-8").splitlines()
    cells = games[1].split(",")
    cells[3] = ""
    games[1] = ",".join(cells)
    round6.write_text("\n".join(games) + "\n", encoding="utf-8")
    code, _, err = run("export", "egd", folder, "-o", tmp_path / "lj.h9")
    assert code == 1 and not (tmp_path / "lj.h9").exists()
    assert "the event is not finished (round 6: 1 game(s) without a result)" in err
    assert "--allow-unfinished" in err
    code, out, err = run("export", "egd", folder, "-o", "-", "--allow-unfinished")
    assert code == 0 and "warning:" in err and "not finished" in err
    assert "?/b0" in out and "?/w0" in out


def round_trip(tmp_path: Path, run, folder: Path) -> tuple[bytes, bytes]:
    """export egd, import egd, export egd: the two files."""
    assert run("export", "egd", folder, "-o", tmp_path / "one.h9")[0] == 0
    code, _, err = run("import", "egd", tmp_path / "one.h9", tmp_path / "back" / "again")
    assert code == 0, err
    code, _, err = run("export", "egd", tmp_path / "back" / "again", "-o", tmp_path / "two.h9")
    assert code == 0, err
    return (tmp_path / "one.h9").read_bytes(), (tmp_path / "two.h9").read_bytes()


GO_EVENTS = sorted(p.parent.name for p in (EXAMPLE.parent).glob("*/event.toml")
                   if 'game = "go"' in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("slug", GO_EVENTS)
def test_a_round_trip_of_each_example_go_event_gives_the_same_bytes(tmp_path, run, slug):
    folder = tmp_path / "content" / slug
    shutil.copytree(EXAMPLE.parent / slug, folder)
    with (folder / "event.toml").open("a", encoding="utf-8") as stream:
        stream.write("\n[egd]\ntransliterate = true\n")
    one, two = round_trip(tmp_path, run, folder)
    assert one == two


GOTHA_FILES = {
    "mcmahon": {},
    "swiss": {"criteria": ["NBW", "SOSW", "SOSOSW"]},
    "absent": {"players": [*PLAYERS, ("Fox", "Finn", "4K", {})], "participating": {5: "00" + "1" * 30}},
    "fischer": {"general": {"complementaryTimeSystem": "FISCHER", "basicTime": "45", "fischerTime": "15"}},
}


@pytest.mark.parametrize("name", sorted(GOTHA_FILES))
def test_a_round_trip_of_an_imported_opengotha_file_gives_the_same_bytes(tmp_path, run, name):
    xml = write_tournament(tmp_path / "t.xml", **GOTHA_FILES[name])
    folder = tmp_path / "content" / "club"
    assert run("import", "opengotha", xml, folder)[0] == 0
    (folder / "rounds" / "3.csv").unlink(missing_ok=True)
    toml = folder / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("rounds = 3", "rounds = 2"), encoding="utf-8")
    one, two = round_trip(tmp_path, run, folder)
    assert one == two


def test_cells_without_colour_stay_without_colour(tmp_path, run):
    short = SAMPLE.replace("; KM[6.5]\n", "; KM[6.5]\n; TM[60]\n; CM[Sudden death]\n")
    for cell in ("/w0", "/b0", "/w1", "/b1"):
        short = short.replace(cell, "   ")
    source = tmp_path / "short.h9"
    source.write_bytes(short.encode("iso-8859-15"))
    code, _, err = run("import", "egd", source, tmp_path / "content" / "short")
    assert code == 0, err
    code, _, err = run("export", "egd", tmp_path / "content" / "short", "-o", tmp_path / "again.h9")
    assert code == 0, err
    out = (tmp_path / "again.h9").read_bytes().decode("iso-8859-15")
    assert "/w" not in out and "/b" not in out
    assert out.splitlines()[:1] == ["; CL[B]"] and "; TM[60]\n; CM[Sudden death]\n" in out
    assert [line.split()[-3:] for line in out.splitlines()[-4:]] == [
        ["3+", "2+", "4+"], ["4+", "1-", "3+"], ["1-", "0+", "2-"], ["2-", "0=", "1-"]]

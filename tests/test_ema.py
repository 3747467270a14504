"""The EMA results sheet of a mahjong event: the tournament's lines, the players' names,
EMA numbers and countries as the EMA takes them, and every refusal in its exact words."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from test_mahjong_scoring import make_event, play

from publisher.problems import display_path

EXAMPLES = Path(__file__).parent.parent / "content"
EMA_TABLE = '\n[ema]\ncountry = "{country}"\nrules = "MCR"\n'


def sheet(path: Path) -> list[list[str]]:
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(data.decode("utf-8-sig").splitlines()))


def add_ema_table(folder: Path, country: str) -> None:
    toml = folder / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + EMA_TABLE.format(country=country), encoding="utf-8")


def write_players(folder: Path, rows: list[dict[str, str]]) -> None:
    with (folder / "players.csv").open("w", encoding="utf-8", newline="") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def test_a_finished_event_gives_the_tournament_and_every_player_in_order(tmp_path, run):
    """The example as it is ships its [ema] table and its name columns; EMA numbers added."""
    folder = tmp_path / "macau"
    shutil.copytree(EXAMPLES / "macau-mahjong-series-2026", folder)
    rows = list(csv.DictReader((folder / "players.csv").read_text(encoding="utf-8").splitlines()))
    for n, row in enumerate(rows):
        row.update(ema=f"0{4000000 + n}")
    write_players(folder, rows)
    code, _, err = run("export", "ema", folder, "-o", tmp_path / "ema.csv")
    assert (code, err) == (0, "")
    table = sheet(tmp_path / "ema.csv")
    assert table[:9] == [["Tournament", "Macau Mahjong Series 2026"], ["City", "Macau"], ["Country", "MO"],
                         ["Start date", "2026-10-02"], ["End date", "2026-10-05"], ["Rules", "MCR"],
                         ["Players", str(len(rows))], [],
                         ["Place", "Last name", "First name", "EMA number", "Country", "Score"]]
    players = table[9:]
    assert players[0][:3] == ["1", "Němec", "Petr"]
    assert len(players) == len(rows)
    places = [int(r[0]) for r in players]
    assert places == sorted(places) and places[0] == 1
    assert {r[3] for r in players} == {r["ema"] for r in rows}
    petr = next(r for r in rows if r["name"] == "Petr Němec")
    assert players[0][3] == petr["ema"] and players[0][4] == petr["country"]


def finished(tmp_path: Path, run) -> Path:
    """A 16-player event played to its end (p08 wins), with an [ema] table."""
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    play(run, folder, 2, {f"p{i:02d}": i for i in range(1, 9)})
    play(run, folder, 3, {"p05": 0, "p06": 1, "p07": 2, "p08": 3})
    add_ema_table(folder, "NL")
    toml = folder / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'city = "Utrecht"\n', encoding="utf-8")
    return folder


def people(names: dict[str, dict[str, str]]) -> list[dict[str, str]]:
    """Sixteen rows: ``names`` by id for some, "Speler NN" for the others; all Dutch, no EMA number."""
    return [{"id": f"p{i:02d}", "name": f"Speler {i:02d}", "country": "NL", "ema": "", "last_name": "",
             "first_name": "", **names.get(f"p{i:02d}", {})} for i in range(1, 17)]


def test_particles_and_family_names_of_several_words_come_from_their_columns(tmp_path, run):
    folder = finished(tmp_path, run)
    write_players(folder, people({
        "p08": {"name": "Jan de Vries", "last_name": "de Vries", "first_name": "Jan", "ema": "04010022"},
        "p07": {"name": "Lee Ka Yan", "last_name": "Lee", "first_name": "Ka Yan", "country": "hk"},
        "p06": {"name": "Maria del Carmen Ruiz López", "last_name": "Ruiz López",
                "first_name": "Maria del Carmen", "country": "ES"}}))
    code, _, err = run("export", "ema", folder, "-o", tmp_path / "ema.csv")
    assert code == 0
    assert err.splitlines() == [
        f"warning: {display_path(folder / 'players.csv')}: 13 names of two words read as first name, "
        "last name (Speler 01: last name 01, first name Speler). Fix: fill in the last_name and first_name "
        "columns where a name is written otherwise"]
    players = sheet(tmp_path / "ema.csv")[9:]
    assert [row[1:5] for row in players[:4]] == [
        ["de Vries", "Jan", "04010022", "NL"], ["Lee", "Ka Yan", "", "HK"],
        ["Ruiz López", "Maria del Carmen", "", "ES"], ["05", "Speler", "", "NL"]]


def test_the_surname_column_an_import_writes_serves_as_the_last_name(tmp_path, run):
    folder = finished(tmp_path, run)
    rows = people({"p08": {"name": "Jan de Vries", "last_name": "de Vries", "first_name": "Jan"}})
    for row in rows:
        row["surname"] = row.pop("last_name")  # the column an import writes
    write_players(folder, rows)
    code, _, _ = run("export", "ema", folder, "-o", tmp_path / "ema.csv")
    assert code == 0
    assert sheet(tmp_path / "ema.csv")[9][1:3] == ["de Vries", "Jan"]


def test_every_refusal_names_the_player_the_line_and_the_fix(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    toml = folder / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[ema]\ncountry = "EU"\nrules = "riichi"\n',
                    encoding="utf-8")
    write_players(folder, people({
        "p01": {"name": "Jan de Vries"}, "p02": {"name": "Lee Ka Yan"}, "p03": {"ema": "4010022"},
        "p04": {"ema": "0401OO22"}, "p05": {"country": "EU"}, "p06": {"country": "España"},
        "p07": {"country": "UK"}, "p08": {"country": ""}, "p09": {"name": "Cher"}}))
    code, _, err = run("export", "ema", folder, "-o", tmp_path / "ema.csv")
    players, toml_path = display_path(folder / "players.csv"), display_path(toml)
    assert code == 1 and not (tmp_path / "ema.csv").exists()
    assert [line for line in err.splitlines() if line.startswith("error:")] == [
        f"error: {toml_path}: ema.city: the EMA's sheet needs the tournament's city. Fix: write "
        'city = "Utrecht" under [ema] (or the event\'s venue = "Utrecht")',
        f"error: {toml_path}: ema.country: the tournament's country 'EU' is not a country's code in "
        "ISO 3166-1. Fix: write the country's ISO 3166-1 alpha-2 code, like NL or DE, under [ema]",
        f"error: {toml_path}: ema.rules: 'riichi' is not a ruleset the EMA ranks: the EMA ranks MCR and "
        'Riichi results apart. Fix: write rules = "MCR" (Chinese Official rules) or rules = "RCR" (Riichi) '
        "under [ema]",
        f"error: {players}:2: Jan de Vries (p01): the name has the particle 'de', so its last name cannot "
        "be told from it. Fix: fill in the last_name and first_name columns (add them to players.csv if "
        "missing) as the EMA's player list spells the name",
        f"error: {players}:3: Lee Ka Yan (p02): the name has 3 words, so its last name cannot be told "
        "from it. Fix: fill in the last_name and first_name columns (add them to players.csv if missing) "
        "as the EMA's player list spells the name",
        f"error: {players}:4: Speler 03 (p03): EMA number '4010022' has 7 digits, not 8. Fix: write "
        "04010022 if a spreadsheet dropped its leading zeros; write the 8 digits of the EMA's player "
        "list, or leave the cell empty for a player without one",
        f"error: {players}:5: Speler 04 (p04): EMA number '0401OO22' is not 8 digits. Fix: write the 8 "
        "digits of the EMA's player list, or leave the cell empty for a player without one",
        f"error: {players}:6: Speler 05 (p05): the country 'EU' is not a country's code in ISO 3166-1. "
        "Fix: write the country's ISO 3166-1 alpha-2 code, like NL or DE, in the country column",
        f"error: {players}:7: Speler 06 (p06): the country 'España' is not an ISO 3166-1 alpha-2 code. "
        "Fix: write ES in the country column",
        f"error: {players}:8: Speler 07 (p07): the country 'UK' is not an ISO 3166-1 alpha-2 code. "
        "Fix: write GB in the country column",
        f"error: {players}:9: Speler 08 (p08): the country is missing. Fix: write its ISO 3166-1 alpha-2 "
        "code, like NL or DE, in the country column",
        f"error: {players}:10: Cher (p09): the name has 1 word, so its last name cannot be told from it. "
        "Fix: fill in the last_name and first_name columns (add them to players.csv if missing) as the "
        "EMA's player list spells the name"]


def test_an_unfinished_event_warns_and_a_go_event_is_refused(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, {f"p{i:02d}": 100 - i for i in range(1, 17)})
    toml = folder / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[ema]\ncountry = "NL"\ncity = "Utrecht"\n',
                    encoding="utf-8")
    code, _, err = run("export", "ema", folder, "-o", tmp_path / "ema.csv")
    assert code == 1 and err.splitlines()[0] == (
        f"error: {display_path(toml)}: ema.rules: is missing: the EMA ranks MCR and Riichi results apart. "
        'Fix: write rules = "MCR" (Chinese Official rules) or rules = "RCR" (Riichi) under [ema]')
    toml.write_text(toml.read_text(encoding="utf-8") + 'rules = "MCR"\n', encoding="utf-8")
    write_players(folder, people({}))
    code, _out, err = run("export", "ema", folder, "-o", tmp_path / "ema.csv")
    assert code == 0 and "warning: " in err and "not finished" in err
    assert len(sheet(tmp_path / "ema.csv")) == 9 + 8  # the eight out after round 1 have places
    code, _, err = run("export", "ema", EXAMPLES / "ljubljana-go-open-2026", "-o", tmp_path / "lj.csv")
    assert code == 1 and "cannot carry this event (game go, system macmahon)" in err
    assert not (tmp_path / "lj.csv").exists()

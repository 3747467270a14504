"""The EMA results sheet of a mahjong event."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

EXAMPLES = Path(__file__).parent.parent / "content"


def sheet(path: Path) -> list[list[str]]:
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(data.decode("utf-8-sig").splitlines()))


def test_a_finished_event_gives_every_player_in_order_with_ema_numbers(tmp_path, run):
    folder = tmp_path / "macau"
    shutil.copytree(EXAMPLES / "macau-mahjong-series-2026", folder)
    rows = list(csv.DictReader((folder / "players.csv").read_text(encoding="utf-8").splitlines()))
    for n, row in enumerate(rows):
        row["ema"] = f"0{4000000 + n}"
    with (folder / "players.csv").open("w", encoding="utf-8", newline="") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    code, _, err = run("export", "ema", folder, "-o", tmp_path / "ema.csv")
    assert (code, err) == (0, "")
    table = sheet(tmp_path / "ema.csv")
    assert table[0] == ["Place", "Last name", "First name", "EMA number", "Country", "Score"]
    assert table[1][:3] == ["1", "Němec", "Petr"]
    assert len(table) - 1 == len(rows)
    places = [int(r[0]) for r in table[1:]]
    assert places == sorted(places) and places[0] == 1
    ema = {r["ema"] for r in rows}
    assert {r[3] for r in table[1:]} == ema
    petr = next(r for r in rows if r["name"] == "Petr Němec")
    assert table[1][3] == petr["ema"] and table[1][4] == petr["country"]


def test_an_unfinished_event_warns_and_a_go_event_is_refused(tmp_path, run):
    code, _out, err = run("export", "ema", EXAMPLES / "hk-mahjong-open-2026", "-o", tmp_path / "hk.csv")
    assert code == 0 and "warning:" in err and "not finished" in err
    code, _, err = run("export", "ema", EXAMPLES / "ljubljana-go-open-2026", "-o", tmp_path / "lj.csv")
    assert code == 1 and "cannot carry this event (game go, system macmahon)" in err
    assert not (tmp_path / "lj.csv").exists()

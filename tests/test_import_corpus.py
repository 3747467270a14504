"""A corpus of bad foreign files: what ``publisher import`` must refuse, each with its exact line.

An import refuses what the build would refuse, with the build's words told against the
foreign file, exit 1 and nothing written: neither a new folder nor, with ``--force``, a
change to the organiser's folder it would replace. A file that reaches the build's readers
is also read as a live source, whose build must say the same.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from conftest import snapshot, write
from gotha_samples import PLAYERS, tournament_xml
from test_egd import SAMPLE

from publisher.problems import display_path

KEPT = {"event.toml": 'name = "Kept"\n', "players.csv": "id,name\nk,Kept Player\n"}


@dataclass(frozen=True)
class Case:
    """``data`` is the foreign file of ``format``; ``says`` the error line after its path."""

    name: str
    format: str
    data: bytes
    says: str


def gotha(**changes) -> bytes:
    return tournament_xml(**changes).encode("utf-8")


def first_player(**attributes: str) -> list:
    surname, first, rank, extra = PLAYERS[0]
    return [(surname, first, rank, {**extra, **attributes}), *PLAYERS[1:]]


def h9(old: str, new: str) -> bytes:
    assert old in SAMPLE
    return SAMPLE.replace(old, new).encode("iso-8859-15")


ROUNDS = (":21: <GeneralParameterSet>: numberOfRounds is '{}', not a whole number from 1 to 32. "
          "Fix: correct it in OpenGotha and save again")
SAVE_AGAIN = ("Fix: save the tournament again from OpenGotha (File > Save), or check that this is its "
              "complete file")
CASES = [
    Case("numberOfRounds 0", "opengotha", gotha(general={"numberOfRounds": "0"}), ROUNDS.format("0")),
    Case("numberOfRounds 3.5", "opengotha", gotha(general={"numberOfRounds": "3.5"}), ROUNDS.format("3.5")),
    Case("numberOfRounds 100000", "opengotha", gotha(general={"numberOfRounds": "100000"}),
         ROUNDS.format("100000")),
    Case("an unknown encoding", "opengotha",
         gotha().replace(b'encoding="UTF-8"', b'encoding="x-unknown"'),
         f":1: declares an encoding this program cannot read (unknown encoding: x-unknown). {SAVE_AGAIN}"),
    Case("an external DTD", "opengotha",
         gotha().replace(b"<Tournament ", b'<!DOCTYPE Tournament SYSTEM "https://example.org/t.dtd">\n'
                         b"<Tournament ", 1),
         ": declares a DTD or entities (DTDForbidden), which a tournament file never needs and which are "
         f"refused for safety. {SAVE_AGAIN}"),
    Case("a carriage return in the name", "opengotha",
         gotha(general={"name": "Club Cup"}).replace(b'name="Club Cup"', b'name="Club&#13;Cup"'),
         ": name: (read as event.toml) holds the control character U+000D, but it must be one line of "
         "text. Fix: write name without escapes such as \\r, \\n or \\t"),
    Case("a control character in a player's name", "opengotha",
         gotha().replace(b'name="Able"', b'name="Ab&#x85;le"'),
         ": (read as players.csv) holds the control character U+0085, which is not text. Fix: delete it, "
         "or save the file again as plain UTF-8 text from your editor or spreadsheet"),
    Case("../ as a PIN", "opengotha", gotha(players=first_player(egfPin="../x")),
         ": (read as players.csv) egd_pin '../x' of 'able-ann' is not an id. Fix: write the egd_pin as "
         "letters and digits only, like 12345678, or leave it empty"),
    Case("a rating of 99999", "opengotha", gotha(players=first_player(rating="99999")),
         ": (read as players.csv) rating of 'able-ann' is '99999', not a whole number from -1000 to 4000. "
         "Fix: write the rating in the digits 0-9, like 1850, or leave it empty"),
    Case("a rank of 99d", "opengotha", gotha(players=first_player(rank="99D", grade="99D")),
         ": (read as players.csv) rank of 'able-ann': '99d' is not a rank: ranks go from 30 kyu to 9 dan, "
         "and 1p to 9p. Fix: write it like 5d, 2 dan, 1k or 3 kyu, or leave it empty"),
    Case("the end before the start", "opengotha", gotha(general={"endDate": "2026-05-01"}),
         ": end: (read as event.toml) the end 2026-05-01 is before the start 2026-05-02. "
         "Fix: swap the two dates"),
    Case("the year 9999", "opengotha",
         gotha(general={"beginDate": "9999-12-30", "endDate": "9999-12-31"}),
         ": start: (read as event.toml) the date 9999-12-30 is not from 1900-01-01 to 2999-12-31. "
         "Fix: write the year the championship is played, like start = 2026-08-14"),
    Case("a cup", "opengotha", gotha(criteria=["CPS", "NULL"]),
         ':25: <PlacementCriterion>: name "CPS" (the cup score) makes this a cup (knockout) event, which '
         "publisher does not run: an OpenGotha file imports as a McMahon or a Swiss event. Fix: publish the "
         "cup from OpenGotha itself; if the event is McMahon or Swiss, make its first placement criterion "
         "MMS or NBW in OpenGotha (Options > Tournament Options > Placement) and save again"),
    Case("both players claim the win", "egd", h9("0+       2-/w1", "0+       2+/w1"),
         ":9: round 3: 3+/b1 claims the win, and so does line 10 (2+/w1). "
         "Fix: write - for the player who lost, on that player's line"),
    Case("a control character in a name", "egd", h9("Horvat Ivan", "Horvat Iv\x1ban"),
         ": (read as players.csv) holds the control character U+001B, which is not text. Fix: delete it, "
         "or save the file again as plain UTF-8 text from your editor or spreadsheet"),
    Case("the year 9999", "egd", h9("DT[2025-10-04,2025-10-05]", "DT[9999-12-31]"),
         ": start: (read as event.toml) the date 9999-12-31 is not from 1900-01-01 to 2999-12-31. "
         "Fix: write the year the championship is played, like start = 2026-08-14"),
]


def errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("error: ")]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.format}: {c.name}" for c in CASES])
def test_an_import_refuses_with_one_line_and_writes_nothing(case: Case, tmp_path, run):
    source = tmp_path / f"file.{'xml' if case.format == 'opengotha' else 'h9'}"
    source.write_bytes(case.data)
    content = tmp_path / "content"
    code, _, err = run("import", case.format, source, content / "new")
    assert "Traceback" not in err
    assert code == 1, err
    assert errors(err)[0] == f"error: {display_path(source)}{case.says}", err
    assert not content.exists() or not list(content.iterdir())
    for name, text in KEPT.items():
        write(content / "kept" / name, text)
    before = snapshot(content)
    code, _, err = run("import", case.format, source, content / "kept", "--force")
    assert code == 1 and errors(err)[0] == f"error: {display_path(source)}{case.says}", err
    assert snapshot(content) == before and [p.name for p in content.iterdir()] == ["kept"]


# What a live source reads from the file as players.csv is told in the import's words; its
# event.toml problems are told against the folder's own event.toml, which may override them.
LIVE = [c for c in CASES if c.format == "opengotha" and "(read as players.csv)" in c.says]


@pytest.mark.parametrize("case", LIVE, ids=[c.name for c in LIVE])
def test_a_live_source_of_the_same_file_is_refused_in_the_same_words(case: Case, tmp_path, run):
    folder = tmp_path / "content" / "live"
    (folder / "tournament.xml").parent.mkdir(parents=True)
    (folder / "tournament.xml").write_bytes(case.data)
    write(folder / "event.toml", 'source = "opengotha"\nfile = "tournament.xml"\n')
    code, _, err = run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")
    assert code == 1 and not (tmp_path / "site").exists()
    assert f"error: {display_path(folder / 'tournament.xml')}{case.says}" in errors(err), err


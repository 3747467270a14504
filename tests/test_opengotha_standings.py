"""An OpenGotha file's standings, numbers included, as OpenGotha computes them: the file's
values of byes and absent rounds (McMahon score and wins apart), its rounding down of half
points, unplayed rounds at the initial score in SOS and SOSOS, handicaps in SOS."""

from __future__ import annotations

import json
import tomllib

import pytest
from gotha_samples import PLAYERS, write_tournament

# Finn (4k) misses rounds 1 and 2. Rounds (gotha_samples): R1 Ann (B) beat Dan, Cleo (W) beat
# Bob, Eva has the bye; R2 Ann (W) beat Cleo, Eva (B, 2 stones) beat Bob by default, Dan has
# the bye.
FINN = ("Fox", "Finn", "4K", {"rating": "1700"})
OPENGOTHA = {"genMMS2ValueBye": "2", "genMMS2ValueAbsent": "1", "genNBW2ValueBye": "2",
             "genNBW2ValueAbsent": "1", "genRoundDownNBWMMS": "true"}


def imported(tmp_path, run, general: dict, criteria: list[str]) -> tuple[dict, str]:
    xml = write_tournament(tmp_path / "t.xml", players=[*PLAYERS, FINN], general=general,
                           criteria=criteria, participating={5: "00" + "1" * 30})
    target = tmp_path / "content" / "club"
    code, out, err = run("import", "opengotha", xml, target)
    assert code == 0, err
    return tomllib.loads((target / "event.toml").read_text())["macmahon"], out


def built(tmp_path, run, number: int) -> dict[str, dict]:
    code, _, err = run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")
    assert code == 0, err
    data = json.loads((tmp_path / "site" / "club" / "data" / f"standings-{number}.json").read_text())
    return {s["player"]: s for s in data["standings"]}


def test_the_file_s_parameters_become_the_event_s_settings(tmp_path, run):
    mm, out = imported(tmp_path, run, OPENGOTHA, ["MMS", "SOSM", "SOSOSM", "SODOSM", "CUSSM", "DC"])
    assert (mm["bye_score"], mm["absent_score"], mm["absent_wins"], mm["round_down"]) == (1, 0.5, 0.5, True)
    assert "bye_wins" not in mm and mm["sos_unplayed"] == "initial"
    assert mm["tiebreaks"] == ["sos", "sosos", "sodos", "cuss", "dc"]
    assert "note:" not in out


def test_standings_after_each_round_are_opengotha_s(tmp_path, run):
    imported(tmp_path, run, OPENGOTHA, ["MMS", "SOSM", "SOSOSM", "SODOSM", "CUSSM", "DC"])
    # Initial (30k = 0, bar 2d, floor 10k): Ann 31 (3d, at the bar), Dan 31, Bob 29, Finn 26,
    # Cleo 25, Eva 22. After round 1 Finn's absence at ½ is rounded down: 26, not 26½.
    first = built(tmp_path, run, 1)
    assert {p: s["score"] for p, s in first.items()} == {
        "able-ann": 32, "dale-dan": 31, "baker-bob": 29, "cole-cleo": 26, "fox-finn": 26, "eder-eva": 23}
    # Cleo and Finn both 26: Cleo's SOS is Bob's 29, Finn's his own initial 26.
    assert [first[p]["place"] for p in ("cole-cleo", "fox-finn")] == [4, 5]
    assert (first["fox-finn"]["wins"], first["fox-finn"]["tiebreaks"]["sos"]) == (0.0, 26.0)
    table = built(tmp_path, run, 2)
    # Two absences at ½: 1 point (and 1 win, at genNBW2ValueAbsent 1).
    assert {p: (s["place"], s["score"], s["wins"]) for p, s in table.items()} == {
        "able-ann": (1, 33, 2), "dale-dan": (2, 32, 1), "baker-bob": (3, 29, 0),
        "fox-finn": (4, 27, 1), "cole-cleo": (5, 26, 1), "eder-eva": (6, 24, 2)}
    tiebreaks = {p: s["tiebreaks"] for p, s in table.items()}
    # SOS: Ann Dan 32 + Cleo 26; Dan Ann 33 + the bye at his initial 31; Bob Cleo 26 + Eva 24
    # with her 2 stones (Bob was White: +2); Cleo Bob 29 + Ann 33; Eva the bye at 22 + Bob 29
    # less her 2 stones; Finn two absences at his initial 26.
    assert {p: t["sos"] for p, t in tiebreaks.items()} == {
        "able-ann": 58, "dale-dan": 64, "baker-bob": 52, "cole-cleo": 62, "eder-eva": 49, "fox-finn": 52}
    # SOSOS: the opponents' SOS, an unplayed round as the initial score x 2 rounds.
    assert {p: t["sosos"] for p, t in tiebreaks.items()} == {
        "able-ann": 64 + 62, "dale-dan": 58 + 62, "baker-bob": 62 + 49, "cole-cleo": 52 + 58,
        "eder-eva": 44 + 52, "fox-finn": 104}
    # SODOS: Ann beat Dan 32 and Cleo 26; Cleo beat Bob 29; Eva's win by default counts,
    # Bob's 29 less her stones.
    assert {p: t["sodos"] for p, t in tiebreaks.items()} == {
        "able-ann": 58, "dale-dan": 0, "baker-bob": 0, "cole-cleo": 29, "eder-eva": 27, "fox-finn": 0}
    # CUSS: the scores after rounds 1 and 2 added.
    assert {p: t["cuss"] for p, t in tiebreaks.items()} == {
        "able-ann": 65, "dale-dan": 63, "baker-bob": 58, "cole-cleo": 52, "eder-eva": 47, "fox-finn": 53}
    assert {t["dc"] for t in tiebreaks.values()} == {0}  # nobody equal on everything before it


def test_without_rounding_down_a_single_absence_keeps_its_half_point(tmp_path, run):
    mm, _ = imported(tmp_path, run, {**OPENGOTHA, "genRoundDownNBWMMS": "false"}, ["MMS", "SOSM"])
    assert mm["round_down"] is False
    assert built(tmp_path, run, 1)["fox-finn"]["score"] == 26.5


@pytest.mark.parametrize(("general", "criteria", "expected"), [
    # A Swiss event ranks by NBW: its values are the score's.
    ({"genNBW2ValueAbsent": "1", "genMMS2ValueAbsent": "0", "genNBW2ValueBye": "1"}, ["NBW", "SOSW"],
     {"bye_score": 0.5, "absent_score": 0.5, "absent_wins": 0.5}),
    # A McMahon event: MMS values for the score, NBW ones for the wins where they differ.
    ({"genNBW2ValueAbsent": "0", "genMMS2ValueAbsent": "1", "genNBW2ValueBye": "0"}, ["MMS", "SOSM"],
     {"bye_score": 1, "absent_score": 0.5, "bye_wins": 0}),
])
def test_swiss_events_take_the_nbw_values_and_mcmahon_events_the_mms_ones(tmp_path, run, general, criteria,
                                                                          expected):
    mm, _ = imported(tmp_path, run, {**OPENGOTHA, **general}, criteria)
    assert {k: mm[k] for k in ("bye_score", "absent_score", "bye_wins", "absent_wins") if k in mm} == expected


def test_a_file_without_the_parameters_gets_opengotha_s_defaults(tmp_path, run):
    xml = write_tournament(tmp_path / "t.xml")
    text = xml.read_text()
    for attribute, value in OPENGOTHA.items():
        text = text.replace(f' {attribute}="{value}"', "").replace(f' {attribute}="false"', "")
    xml.write_text(text)
    assert "genRoundDownNBWMMS" not in text and "genMMS2ValueAbsent" not in text
    code, _, err = run("import", "opengotha", xml, tmp_path / "content" / "club")
    assert code == 0, err
    mm = tomllib.loads((tmp_path / "content" / "club" / "event.toml").read_text())["macmahon"]
    # OpenGotha's defaults: bye 1 and absent ½ in the score, bye 1 and absent 0 in the wins,
    # rounded down.
    assert (mm["bye_score"], mm["absent_score"], mm["round_down"]) == (1, 0.5, True)
    assert "bye_wins" not in mm and "absent_wins" not in mm


def test_criteria_of_the_other_family_are_named(tmp_path, run):
    mm, out = imported(tmp_path, run, OPENGOTHA, ["MMS", "SOSW", "SOSM-1", "CUSSW"])
    assert mm["tiebreaks"] == ["sos", "sos-1", "cuss"]
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert notes == [
        "note: PlacementParameterSet criterion 2 SOSW: counted on McMahon scores here, as the "
        "event's other criteria are",
        "note: PlacementParameterSet criterion 4 CUSSW: counted on McMahon scores here, as the "
        "event's other criteria are"]


def test_direct_confrontation_in_a_swiss_file_places_as_opengotha_does(tmp_path, run):
    # R1: Cleo (1650) beat Bob (2050), Ann (2300) beat Eva, Dan has the bye, Finn is absent.
    # R2: Bob beat Finn, Dan beat Ann; Cleo and Eva are absent (0 in NBW).
    # Wins: Dan 2; Ann, Bob, Cleo 1; Eva, Finn 0. Among Ann, Bob and Cleo only Cleo beat Bob.
    # From the bottom: Ann and Bob beat none of them, Bob is rated lower: last. Then Ann and
    # Cleo: Cleo is rated lower. So Ann (DC 2), Cleo (1), Bob (0): Cleo above Bob, whom she
    # beat, but not above Ann. Eva and Finn did not meet: rating, Finn 1, Eva 0.
    games = [(1, 1, 2, 1, "RESULT_WHITEWINS", 0), (1, 2, 0, 4, "RESULT_WHITEWINS", 0),
             (2, 1, 1, 5, "RESULT_WHITEWINS", 0), (2, 2, 3, 0, "RESULT_WHITEWINS", 0)]
    xml = write_tournament(tmp_path / "t.xml", players=[*PLAYERS, FINN], games=games, byes=[(1, 3)],
                           general={**OPENGOTHA, "genNBW2ValueAbsent": "0"},
                           criteria=["NBW", "DC", "Rating"],
                           participating={2: "10" + "1" * 30, 4: "10" + "1" * 30, 5: "01" + "1" * 30})
    code, out, err = run("import", "opengotha", xml, tmp_path / "content" / "club")
    assert code == 0, err
    # The sample's handicaps are on McMahon scores, which a Swiss event here does not have.
    assert [line for line in out.splitlines() if line.startswith("note:")] == [
        "note: HandicapParameterSet hdBasedOnMMS: a Swiss event takes its handicaps from the ranks here"]
    table = built(tmp_path, run, 2)
    assert sorted((s["place"], p, s["score"], s["tiebreaks"]["dc"]) for p, s in table.items()) == [
        (1, "dale-dan", 2, 0), (2, "able-ann", 1, 2), (3, "cole-cleo", 1, 1), (4, "baker-bob", 1, 0),
        (5, "fox-finn", 0, 1), (6, "eder-eva", 0, 0)]


def test_dc_and_sdc_in_one_file_keep_the_first(tmp_path, run):
    mm, out = imported(tmp_path, run, OPENGOTHA, ["MMS", "DC", "SOSM", "SDC"])
    assert mm["tiebreaks"] == ["dc", "sos"]
    assert ("note: PlacementParameterSet criterion 4 SDC: a second direct confrontation is left out "
            "(OpenGotha warns against both)") in out

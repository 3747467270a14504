"""An OpenGotha file of 1,000 players and 10 rounds: importing it and building its site,
against building the same event from the project's own files.

The event is made by the project's own generator (paired by ``publisher pair``, played
with seeded results), then written out as OpenGotha 3 saves a tournament. Three ways
to the same site are timed, each from a fresh output folder:

- own files: ``publisher build`` of the folder an import of the file wrote (the same
  event, settings and all, in the project's own files);
- import + build: ``publisher import opengotha`` into a new folder, then the build;
- live source: a folder holding only event.toml (``source = "opengotha"``) and the XML.

Prints the median of each and its ratio to the own files' build, and the XML's size.

    python bench/formats.py [--players 1000] [--rounds 10] [--repeats 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from xml.etree.ElementTree import Element, SubElement, tostring

from bench.generate import macmahon_event
from publisher.build.builder import Builder
from publisher.build.loading import load_event
from publisher.formats.importing import read_foreign, write_folder
from publisher.plugins import plugin_manager

RESULTS = {"1-0": "RESULT_BLACKWINS", "0-1": "RESULT_WHITEWINS", "": "RESULT_UNKNOWN"}


def opengotha_xml(folder: Path) -> bytes:
    """The generated event as OpenGotha's tournament file."""
    pm = plugin_manager()
    event = load_event(pm, folder)
    mm = event.data["macmahon"]
    root = Element("Tournament", dataVersion="201")
    players = SubElement(root, "Players")
    keys = {}
    for p in event.players:
        surname, first = p.name.split(" ", 1)
        keys[p.id] = (surname + first).replace(" ", "").upper()
        SubElement(players, "Player", name=surname, firstName=first, rank=str(p.rank).upper(),
                   rating=str(p.rating), country=p.country, club=p.club[:4], egfPin="",
                   participating="1" * 32, registeringStatus="FIN", smmsCorrection="0")
    games = SubElement(root, "Games")
    byes = SubElement(root, "ByePlayers")
    for rnd in mm.rounds:
        for g in rnd.games:
            SubElement(games, "Game", roundNumber=str(rnd.number), tableNumber=str(g.table),
                       whitePlayer=keys[g.white], blackPlayer=keys[g.black], knownColor="true",
                       handicap="0", result=RESULTS[g.result or ""])
        for g in rnd.byes:
            SubElement(byes, "ByePlayer", roundNumber=str(rnd.number), player=keys[g.black])
    tps = SubElement(root, "TournamentParameterSet")
    SubElement(tps, "GeneralParameterSet", name=event.name, shortName="bench", location=event.venue,
               beginDate=event.start.isoformat(), endDate=event.end.isoformat(), komi="6.5",
               numberOfRounds=str(event.rounds), genMMBar="3D", genMMFloor="15K", genMMZero="30K",
               genMMS2ValueAbsent="1", genMMS2ValueBye="2", genNBW2ValueAbsent="1",
               genNBW2ValueBye="2", genRoundDownNBWMMS="false")
    SubElement(tps, "HandicapParameterSet", hdBasedOnMMS="true", hdNoHdRankThreshold="1D",
               hdCorrection="1", hdCeiling="0")
    criteria = SubElement(SubElement(tps, "PlacementParameterSet"), "PlacementCriteria")
    for number, name in enumerate(["MMS", "SOSM", "SOSOSM"], 1):
        SubElement(criteria, "PlacementCriterion", name=name, number=str(number))
    SubElement(tps, "PairingParameterSet", paiMaSeedSystem2="SPLITANDSLIP")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(root, encoding="utf-8")


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-formats-"))
    try:
        generated = work / "generated" / "open"
        print(f"Generating {args.players} players, {args.rounds} rounds (paired by publisher pair)...")
        macmahon_event(generated, "go", args.players, args.rounds)
        xml = work / "tournament.xml"
        xml.write_bytes(opengotha_xml(generated))
        pm = plugin_manager()
        own = work / "own" / "open"
        write_folder(own, read_foreign(pm, "opengotha", xml))
        live = work / "live" / "open"
        live.mkdir(parents=True)
        shutil.copyfile(xml, live / "tournament.xml")
        (live / "event.toml").write_text('source = "opengotha"\nfile = "tournament.xml"\n', encoding="utf-8")
        figures: dict[str, list[float]] = {"own files": [], "import + build": [], "live source": []}
        for n in range(args.repeats):

            def own_build(n: int = n) -> None:
                Builder(pm, own.parent, work / f"site-own-{n}").build()

            def import_and_build(n: int = n) -> None:
                target = work / f"imported-{n}" / "open"
                write_folder(target, read_foreign(pm, "opengotha", xml))
                Builder(pm, target.parent, work / f"site-imported-{n}").build()

            def live_build(n: int = n) -> None:
                Builder(pm, live.parent, work / f"site-live-{n}").build()

            figures["own files"].append(timed(own_build))
            figures["import + build"].append(timed(import_and_build))
            figures["live source"].append(timed(live_build))
        base = statistics.median(figures["own files"])
        print(f"OpenGotha file: {xml.stat().st_size / 1e6:.2f} MB; median of {args.repeats} runs")
        for name, values in figures.items():
            median = statistics.median(values)
            print(f"  {name:<15} {median:6.2f} s   ratio to own files {median / base:4.2f}")
        started = time.perf_counter()
        for _ in range(args.repeats):
            read_foreign(pm, "opengotha", xml)
        print(f"  reading the XML alone: {(time.perf_counter() - started) / args.repeats:.3f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

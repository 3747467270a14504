"""What the archive's club and country pages and the parts of data/people.json cost.

On ``--championships`` (200) Swiss championships of ``--players`` (100) drawn from a pool
of a third as many people, each with one of ``--clubs`` (300) clubs and a country:

1. the club and country pages: how many, the time to gather them (every build of the
   archive's pages does) and to key them (their contexts digested), and how many a
   result saved in one championship renders again;
2. ``data/people.json`` in parts against one file: sizes, how many parts and bytes a
   result changes, and the time to make every part fresh against a watched rebuild that
   keeps the parts of unchanged people.

    PYTHONPATH=. python bench/clubs.py [--championships 200] [--players 100] [--clubs 300]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from plugins.archive import publisher_site_pages
from plugins.archive.clubs import CLUBS, COUNTRIES, group_pages, groups
from plugins.archive.kept import championships as archive_parts
from plugins.archive.people import gather, people_file
from publisher.build.kept import Kept
from publisher.build.loading import load_event
from publisher.build.pagekeys import PageKeys
from publisher.build.render import Batch
from publisher.build.summary import summary
from publisher.content.folders import event_dirs
from publisher.model import Page, Site, made
from publisher.plugins import plugin_manager

COUNTRY_CODES = ["SI", "HR", "PL", "DE", "CZ", "AT", "HU", "IT", "FR", "GB", "NL", "RO"]


def generate(folder: Path, championships: int, players: int, clubs: int) -> None:
    """Swiss championships, each a sample of a pool of people with a PIN, a club and a
    country (a tenth without a PIN), one round played."""
    rng = random.Random("clubs-bench")
    pool = [(f"Player {n}", f"{10_000_000 + n}" if n % 10 else "", f"Club {rng.randrange(clubs)}",
             rng.choice(COUNTRY_CODES)) for n in range(championships * players // 3)]
    for n in range(championships):
        event = folder / f"cup-{n + 1:03d}"
        (event / "rounds").mkdir(parents=True)
        (event / "event.toml").write_text(
            f'name = "Cup {n + 1}"\ngame = "go"\nsystem = "swiss"\nrounds = 5\n'
            f"start = {2000 + n // 24}-{1 + (n // 2) % 12:02d}-{1 + 14 * (n % 2):02d}\n", encoding="utf-8")
        lines = ["id,name,rank,country,club,egd_pin"]
        for i, (name, pin, club, country) in enumerate(rng.sample(pool, players), start=1):
            lines.append(f"p{i:03d},{name},{rng.randrange(1, 20)}k,{country},{club},{pin}")
        (event / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (event / "rounds" / "1.csv").write_text("table,player1,player2,result\n" + "".join(
            f"{t},p{2 * t - 1:03d},p{2 * t:03d},{rng.choice(['1-0', '0-1'])}\n"
            for t in range(1, players // 2 + 1)), encoding="utf-8")


def flip(event_dir: Path) -> None:
    """A result of the championship's first table the other way round."""
    path = event_dir / "rounds" / "1.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    table, one, two, result = lines[1].split(",")
    lines[1] = ",".join([table, one, two, "0-1" if result == "1-0" else "1-0"])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def timed(function, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--championships", type=int, default=200)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--clubs", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        generate(content, args.championships, args.players, args.clubs)
        pm = plugin_manager()
        events = [summary(load_event(pm, folder)) for folder in event_dirs(content)]
        site = Site(content, events)
        people = gather(a for part in archive_parts(events, Kept()) for a in part.people)
        parts = archive_parts(events, Kept())

        def pages(kept: Kept | None = None) -> list[Page]:
            clubs, countries = groups(people, (other for part in parts for other in part.others), kept)
            return [*group_pages(CLUBS, clubs), *group_pages(COUNTRIES, countries)]

        before = pages()
        batch = Batch(before)
        keys = PageKeys(batch, site, None, ())
        watched = Kept()
        pages(watched)
        print(f"{args.championships} championships x {args.players} players, {len(people):,} people: "
              f"{len(before):,} club and country pages, gathered in {timed(pages) * 1000:.0f} ms "
              f"({timed(lambda: pages(watched)) * 1000:.0f} ms with everyone's entry kept), "
              f"keyed in {timed(lambda: [keys.key(p) for p in before]) * 1000:.0f} ms (medians of 5)")
        first = content / "cup-001"
        flip(first)
        events[0] = summary(load_event(pm, first))
        people = gather(a for part in archive_parts(events, Kept()) for a in part.people)
        parts = archive_parts(events, Kept())
        after = pages()
        keys_after = PageKeys(Batch(after), site, None, ())
        old = {p.path: keys.key(p) for p in before}
        again = [p.path for p in after if old.get(p.path) != keys_after.key(p)]
        print(f"A result saved in one championship renders {len(again)} of {len(after):,} "
              f"club and country pages again")
        people_report(content, pm)


def people_report(content: Path, pm) -> None:
    events = [summary(load_event(pm, folder)) for folder in event_dirs(content)]
    kept = Kept()

    def files(events: list) -> dict[str, bytes]:
        return {f.path: made(f.data) for f in publisher_site_pages(Site(content, events), kept)
                if f.path.startswith("data/people")}

    first = files(events)
    everyone = gather(a for part in archive_parts(events, Kept()) for a in part.people)
    whole = people_file(everyone)
    sizes = sorted(len(data) for path, data in first.items() if path != "data/people.json")
    print(f"data/people.json: one file would be {len(whole) / 1024:,.0f} KiB; in {len(sizes)} parts "
          f"of median {statistics.median(sizes) / 1024:,.1f} KiB (largest {sizes[-1] / 1024:,.1f}), "
          f"index {len(first['data/people.json'])} bytes")
    event_dir = content / events[-1].slug
    flip(event_dir)
    events[-1] = summary(load_event(pm, event_dir))
    second = files(events)
    changed = [path for path in second if second[path] != first.get(path)]
    print(f"A result saved in the newest championship changes {len(changed)} parts, "
          f"{sum(len(second[p]) for p in changed) / 1024:,.0f} KiB (one file: {len(whole) / 1024:,.0f} KiB)")
    fresh = timed(lambda: [made(f.data) for f in publisher_site_pages(Site(content, events), Kept())
                           if f.path.startswith("data/people")], 3)
    kept_time = timed(lambda: files(events), 3)
    print(f"Making every part (and the rest of the archive's pages' data): {fresh:.2f} s fresh, "
          f"{kept_time:.2f} s with the parts of unchanged people kept (medians of 3)")


if __name__ == "__main__":
    main()

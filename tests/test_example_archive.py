"""The example archive a newcomer builds first: every championship, every system, no warning."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import snapshot

CONTENT = Path(__file__).parent.parent / "content"


@pytest.fixture(scope="module")
def example_site(tmp_path_factory):
    from publisher.cli import main

    out = tmp_path_factory.mktemp("example") / "site"
    assert main(["build", "--content", str(CONTENT), "--out", str(out)]) == 0
    return out


def load(site: Path, path: str) -> dict:
    return json.loads((site / path).read_text(encoding="utf-8"))


def test_the_archive_lists_every_championship_newest_first(example_site):
    front = (example_site / "index.html").read_text(encoding="utf-8")
    names = ["Hong Kong Mahjong Open 2026", "Macau Mahjong Series 2026",
             "World Open Shogi Championship 2026", "Ljubljana Go Open 2026"]
    assert [front.index(n) for n in names] == sorted(front.index(n) for n in names)


def test_the_shogi_championship_has_groups_rounds_and_standings(example_site):
    event = load(example_site, "wosc-2026/data/event.json")
    assert (event["system"], event["game"], event["rounds"]) == ("macmahon", "shogi", 7)
    assert len(event["players"]) >= 60
    ranks = {p["rank"] for p in event["players"]}
    assert {"6d", "10k"} <= ranks
    groups = load(example_site, "wosc-2026/data/groups.json")["groups"]
    assert all(len(g["players"]) >= 10 for g in groups)
    assert [g["initial_score"] for g in groups] == list(range(len(groups) - 1, -1, -1))
    assert load(example_site, "wosc-2026/data/round-1.json")["round"] == 1
    assert load(example_site, "wosc-2026/data/standings-5.json")["standings"][0]["place"] == 1


def test_the_go_open_is_played_to_the_end(example_site):
    event = load(example_site, "ljubljana-go-open-2026/data/event.json")
    last = load(example_site, f"ljubljana-go-open-2026/data/round-{event['rounds']}.json")
    assert all(p["result"] for p in last["pairings"])


def test_the_mahjong_series_runs_from_draw_to_final(example_site):
    results = load(example_site, "macau-mahjong-series-2026/data/mahjong-results.json")["results"]
    assert len(results) == 1024
    assert [r["eliminated_in"] for r in results[:4]] == [None] * 4
    assert results[0]["prize"] == "10000"


def test_the_example_site_is_the_same_every_time(example_site, tmp_path):
    """Built again in another process with other string hashes: set orders cannot leak out."""
    for seed in ("1", "2"):
        again = tmp_path / f"again-{seed}"
        subprocess.run([sys.executable, "-m", "publisher.cli", "build", "--content", str(CONTENT),
                        "--out", str(again)], env={**os.environ, "PYTHONHASHSEED": seed},
                       check=True, capture_output=True)
        assert snapshot(again) == snapshot(example_site)

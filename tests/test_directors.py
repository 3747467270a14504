"""What directors asked of the pages: standings with the players' rank, rating, club and country
as event.toml's [standings] chooses; an overview that starts with what is happening now."""

from __future__ import annotations

import re

from conftest import write


def headings(page: str) -> list[str]:
    thead = re.search(r"<thead>(.*?)</thead>", page, re.S)
    assert thead
    return re.findall(r"<th[^>]*>(?:<a[^>]*>)?([^<]+)", thead.group(1))


def play(archive) -> None:
    event = archive / "club-swiss"
    write(event / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n2,c,d,0-1\n")


def test_standings_show_rank_rating_and_country_and_leave_out_an_empty_club(archive, run, tmp_path):
    play(archive)
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    page = (tmp_path / "site/club-swiss/standings-1.html").read_text(encoding="utf-8")
    assert headings(page)[:6] == ["Place", "Player", "Score", "Rank", "Rating", "Country"]
    assert '<td>3d</td><td class="num">2300</td><td>HR</td>' in page


def test_event_toml_chooses_the_standings_columns(archive, run, tmp_path):
    play(archive)
    toml = archive / "club-swiss" / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '[standings]\ncolumns = ["country"]\n',
                    encoding="utf-8")
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    page = (tmp_path / "site/club-swiss/standings-1.html").read_text(encoding="utf-8")
    assert headings(page)[:4] == ["Place", "Player", "Score", "Country"]


def test_an_unknown_standings_column_names_the_key(archive, run, tmp_path):
    toml = archive / "club-swiss" / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '[standings]\ncolumns = ["elo"]\n', encoding="utf-8")
    code, _, err = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert "event.toml: standings.columns: must be a list of rank, rating, club, country, not ['elo']" in err


def test_the_overview_starts_with_the_round_in_play_and_ends_with_a_podium(archive, run, tmp_path):
    play(archive)
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    page = (out / "club-swiss/index.html").read_text(encoding="utf-8")
    assert page.index("Now: Round 1") < page.index('<dl class="facts">')
    assert "2 of 2 results in." in page and "Pairings and results" in page
    event = archive / "club-swiss"
    write(event / "rounds" / "2.csv", "table,player1,player2,result\n1,d,a,1-0\n2,b,c,1-0\n")
    write(event / "rounds" / "3.csv", "table,player1,player2,result\n1,d,b,1-0\n2,a,c,1-0\n")
    assert run("build", "--content", archive, "--out", out)[0] == 0
    page = (out / "club-swiss/index.html").read_text(encoding="utf-8")
    assert "Final result" in page
    podium = re.findall(r'<span class="podium-place">([^<]+)</span> <span class="podium-name">([^<]+)</span>',
                        page)
    assert podium[0] == ("1", "Dan Dale")

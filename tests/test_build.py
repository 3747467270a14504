"""The build as an organiser meets it: the pages, the JSON, the archive, the exit codes."""

import json

from conftest import snapshot, write

from publisher.problems import display_path


def test_build_writes_the_event_pages_and_event_json(archive, tmp_path, run):
    out = tmp_path / "site"
    code, stdout, stderr = run("build", "--content", archive, "--out", out)
    assert (code, stderr) == (0, "")
    assert "Built 1 championship(s)" in stdout
    for page in ["index.html", "club-swiss/index.html", "club-swiss/players.html",
                 "club-swiss/data/event.json"]:
        assert (out / page).is_file(), page
    data = json.loads((out / "club-swiss/data/event.json").read_text(encoding="utf-8"))
    assert data["name"] == "Club Swiss"
    assert (data["system"], data["game"], data["rounds"]) == ("swiss", "go", 3)
    assert [p["id"] for p in data["players"]] == ["a", "b", "c", "d"]
    assert {k: data["players"][0][k] for k in ("id", "name", "rank", "rating")} == {
        "id": "a", "name": "Ann Able", "rank": "3d", "rating": 2300}


def test_ranks_are_published_in_canonical_form(archive, tmp_path, run):
    write(archive / "club-swiss/players.csv", """
        id,name,rank
        a,Ann Able,3 Dan
        b,Bob Baker,1 kyu
        c,Cleo Cole,2-Dan
    """)
    run("build", "--content", archive, "--out", tmp_path / "site")
    data = json.loads((tmp_path / "site/club-swiss/data/event.json").read_text(encoding="utf-8"))
    assert [p["rank"] for p in data["players"]] == ["3d", "1k", "2d"]


def test_extra_columns_reach_the_json(archive, tmp_path, run):
    write(archive / "club-swiss/players.csv", """
        id,name,rank,egd_pin
        a,Ann Able,3d,10451234
    """)
    run("build", "--content", archive, "--out", tmp_path / "site")
    data = json.loads((tmp_path / "site/club-swiss/data/event.json").read_text(encoding="utf-8"))
    assert data["players"][0]["egd_pin"] == "10451234"


def test_archive_lists_championships_newest_first(archive, tmp_path, run):
    write(archive / "spring-cup/event.toml", """
        name = "Spring Cup"
        game = "shogi"
        system = "swiss"
        start = 2026-04-11
        rounds = 5
    """)
    write(archive / "spring-cup/players.csv", "id,name\nx,Xia Xu\n")
    write(archive / "old-open/event.toml", """
        name = "Old Open"
        game = "go"
        system = "swiss"
        start = 2019-07-20
        end = 2019-07-21
        rounds = 5
    """)
    write(archive / "old-open/players.csv", "id,name\nx,Xia Xu\n")
    run("build", "--content", archive, "--out", tmp_path / "site")
    front = (tmp_path / "site/index.html").read_text(encoding="utf-8")
    positions = [front.index(name) for name in ["Spring Cup", "Club Swiss", "Old Open"]]
    assert positions == sorted(positions)


def test_same_content_gives_a_byte_identical_site(archive, tmp_path, run):
    write(archive / "club-swiss/rules.md", "# Rules\n\nPlay nicely.\n")
    run("build", "--content", archive, "--out", tmp_path / "one")
    run("build", "--content", archive, "--out", tmp_path / "two")
    assert snapshot(tmp_path / "one") == snapshot(tmp_path / "two")


def test_a_second_build_rewrites_nothing_that_did_not_change(archive, tmp_path, run):
    out = tmp_path / "site"
    run("build", "--content", archive, "--out", out)
    code, stdout, _ = run("build", "--content", archive, "--out", out)
    assert code == 0
    files = int(stdout.split(" files into ")[0].rsplit(" ", 1)[1])
    assert f"(0 written, {files} unchanged, 0 removed)" in stdout


def test_a_removed_championship_disappears_from_the_site(archive, tmp_path, run):
    out = tmp_path / "site"
    run("build", "--content", archive, "--out", out)
    (archive / "club-swiss/event.toml").unlink()
    (archive / "club-swiss/players.csv").unlink()
    (archive / "club-swiss").rmdir()
    assert run("build", "--content", archive, "--out", out)[0] == 0
    assert not (out / "club-swiss").exists()
    assert (out / "index.html").is_file()


def test_markdown_pages_get_tables_a_table_of_contents_and_the_menu(archive, tmp_path, run):
    write(archive / "club-swiss/regulations.md", """
        Title: Regulations
        Order: 5

        # Pairing

        | Round | Time |
        |-------|------|
        | 1     | 10:00 |

        ## Byes

        A bye is worth one point.
    """)
    run("build", "--content", archive, "--out", tmp_path / "site")
    page = (tmp_path / "site/club-swiss/pages/regulations.html").read_text(encoding="utf-8")
    assert "<title>Regulations</title>" in page
    assert "<td>10:00</td>" in page
    assert 'href="#byes"' in page and 'id="byes"' in page
    overview = (tmp_path / "site/club-swiss/index.html").read_text(encoding="utf-8")
    assert 'href="pages/regulations.html">Regulations</a>' in overview


def test_the_front_page_text_comes_from_content_index_md(archive, tmp_path, run):
    write(archive / "index.md", "Title: Federation archive\n\nEvery **championship** since 2019.\n")
    run("build", "--content", archive, "--out", tmp_path / "site")
    front = (tmp_path / "site/index.html").read_text(encoding="utf-8")
    assert "<h1>Federation archive</h1>" in front
    assert "Every <strong>championship</strong> since 2019." in front


def test_build_refuses_to_write_into_a_folder_of_someone_elses_files(archive, tmp_path, run):
    out = tmp_path / "mine"
    write(out / "thesis.txt", "do not delete")
    code, _, stderr = run("build", "--content", archive, "--out", out)
    assert code == 1
    assert "did not write" in stderr and "--force" in stderr
    assert snapshot(out) == {"thesis.txt": b"do not delete"}
    assert run("build", "--content", archive, "--out", out, "--force")[0] == 0
    assert not (out / "thesis.txt").exists()


def test_bad_usage_exits_2(run, capsys):
    import pytest

    with pytest.raises(SystemExit) as exit_info:
        run("build", "--no-such-option")
    assert exit_info.value.code == 2


def test_every_command_has_help(run, capsys):
    import pytest

    with pytest.raises(SystemExit) as exit_info:
        run("--help")
    assert exit_info.value.code == 0
    assert "build" in capsys.readouterr().out


def test_dates_are_written_as_people_write_them():
    import datetime as dt

    from publisher.build.render import date_span
    from publisher.model import Event

    def span(start, end):
        return date_span(Event("x", None, {}, "X", "go", "swiss", start, end, "", "x"))

    assert span(dt.date(2026, 3, 1), dt.date(2026, 3, 1)) == "1 March 2026"
    assert span(dt.date(2026, 8, 14), dt.date(2026, 8, 16)) == "14–16 August 2026"
    assert span(dt.date(2026, 4, 30), dt.date(2026, 5, 2)) == "30 April – 2 May 2026"
    assert span(dt.date(2026, 12, 30), dt.date(2027, 1, 2)) == "30 December 2026 – 2 January 2027"


def test_the_overview_names_the_system_as_people_know_it(archive, tmp_path, run):
    run("build", "--content", archive, "--out", tmp_path / "site")
    overview = (tmp_path / "site/club-swiss/index.html").read_text(encoding="utf-8")
    assert '<dd title="Swiss: McMahon with one group">Swiss</dd>' in overview


def test_the_archive_is_listed_as_json_for_other_programs(archive, tmp_path, run):
    run("build", "--content", archive, "--out", tmp_path / "site")
    listing = json.loads((tmp_path / "site/data/championships.json").read_text(encoding="utf-8"))
    assert listing == {"championships": [{
        "slug": "club-swiss", "name": "Club Swiss", "game": "go", "system": "swiss",
        "start": "2026-03-01", "end": "2026-03-01", "venue": "", "players": 4,
        "status": "4 players; round 1 not paired yet", "event": "club-swiss/data/event.json"}]}


def test_an_out_folder_below_a_file_is_refused_without_a_traceback(archive, tmp_path, run):
    write(tmp_path / "notes", "a file")
    code, _, stderr = run("build", "--content", archive, "--out", tmp_path / "notes/site")
    assert code == 1
    assert stderr.splitlines() == [
        f"error: {tmp_path / 'notes/site'} cannot be created: {tmp_path / 'notes'} is a file, "
        "not a folder; choose another --out"]


def test_out_and_content_must_not_hold_each_other(archive, tmp_path, run):
    before = snapshot(archive)
    code, _, stderr = run("build", "--content", archive, "--out", archive / "club-swiss", "--force")
    assert code == 2
    assert stderr.splitlines() == [
        f"error: --out {archive / 'club-swiss'} is inside --content {archive}; "
        "write the site to a folder beside the content, like --out site"]
    code, _, stderr = run("build", "--content", archive, "--out", tmp_path, "--force")
    assert code == 2
    assert stderr.splitlines() == [
        f"error: --out {tmp_path} holds --content {archive}, which a build would replace; "
        "write the site to a folder beside the content, like --out site"]
    assert snapshot(archive) == before


def test_templates_must_be_a_folder_of_utf8_files(archive, tmp_path, run):
    out = tmp_path / "site"
    code, _, stderr = run("build", "--content", archive, "--out", out, "--templates", tmp_path / "nope")
    assert code == 2
    assert stderr.splitlines() == [
        f"error: --templates {tmp_path / 'nope'} is not a folder; pass the folder of your templates"]
    (tmp_path / "theme").mkdir()
    (tmp_path / "theme/base.html").write_bytes(b"<p>Caf\xe9</p>")
    code, _, stderr = run("build", "--content", archive, "--out", out, "--templates", tmp_path / "theme")
    assert code == 1
    assert stderr.splitlines() == [
        f"error: {display_path(tmp_path / 'theme/base.html')}:1: template error: the file is not "
        "UTF-8 text (byte 6). Fix: save it as UTF-8"]
    assert not out.exists()

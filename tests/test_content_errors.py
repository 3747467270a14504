"""Content mistakes: one line per problem naming file, line or key and the fix; exit 1;
the previously published site left exactly as it was; never a traceback."""

import pytest
from conftest import snapshot, write

from publisher.problems import display_path


@pytest.fixture
def published(archive, tmp_path, run):
    """A site built from good content, and its bytes, before the organiser breaks something."""
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    return out, snapshot(out)


def build_fails(run, archive, published) -> list[str]:
    out, before = published
    code, _, stderr = run("build", "--content", archive, "--out", out)
    assert code == 1
    assert "Traceback" not in stderr
    assert snapshot(out) == before
    lines = stderr.splitlines()
    assert lines[-1].endswith("nothing was changed.")
    return [line for line in lines if line.startswith("error: ")]


def test_duplicate_ids_name_both_lines(archive, published, run):
    write(archive / "club-swiss/players.csv", """
        id,name,rank
        a,Ann Able,3d
        b,Bob Baker,1k
        a,Another Ann,2d
    """)
    assert build_fails(run, archive, published) == [
        f"error: {_rel(archive / 'club-swiss/players.csv')}:4: duplicate id 'a' (first on line 2)."
        " Fix: give every player an id of their own"]


def test_malformed_ids_and_missing_names_are_reported_together(archive, published, run):
    write(archive / "club-swiss/players.csv", """
        id,name,rank
        a b,Ann Able,3d
        ,Bob Baker,1k
        c,,2d
    """)
    errors = build_fails(run, archive, published)
    path = _rel(archive / "club-swiss/players.csv")
    assert errors == [
        f"error: {path}:2: id 'a b' is not valid. Fix: use letters, digits, - and _ only, like p017",
        f"error: {path}:3: the id is empty. Fix: use letters, digits, - and _ only, like p017",
        f"error: {path}:4: player 'c' has no name. Fix: fill in the name column",
    ]


def test_a_name_in_its_own_script_too_long_or_with_a_control_character(archive, published, run):
    """name_native is checked as name is: one line of text (a line break inside quotes is a space,
    a control character stops the build at its line), and a few characters, not a pasted row."""
    path = _rel(archive / "club-swiss/players.csv")
    pasted = "加藤 一二三,Nihon Ki-in,JP,2d,2300,加藤 一二三,日本棋院,東京都千代田区五番町 7 番地,1234567890"
    write(archive / "club-swiss/players.csv", f"""
        id,name,rank,name_native
        a,Ann Able,3d,"{pasted}"
        b,Bob Baker,1k,"王
        小明"
    """)
    assert build_fails(run, archive, published) == [
        f"error: {path}:2: name_native of 'a' has {len(pasted)} characters, more than 60. Fix: write only "
        "the name in the player's own script, like 加藤 一二三, or leave it empty"]
    write(archive / "club-swiss/players.csv",
          "id,name,rank,name_native\na,Ann Able,3d,\nb,Bob,1k,王\x1b小明\n")
    assert build_fails(run, archive, published) == [
        f"error: {path}:3: holds the control character U+001B, which is not text. Fix: delete it, or save "
        "the file again as plain UTF-8 text from your editor or spreadsheet"]


def test_a_missing_required_column(archive, published, run):
    write(archive / "club-swiss/players.csv", "id,rank\na,3d\n")
    assert build_fails(run, archive, published) == [
        f"error: {_rel(archive / 'club-swiss/players.csv')}:1: the header has no column name."
        " Fix: add the column(s) to the first line; required: id, name"]


def test_a_row_with_too_many_cells(archive, published, run):
    write(archive / "club-swiss/players.csv", "id,name,rank\na,Able, Ann,3d\n")
    assert build_fails(run, archive, published) == [
        f"error: {_rel(archive / 'club-swiss/players.csv')}:2: has 4 cells but the header names 3."
        " Fix: remove the extra commas or quote a value that contains a comma"]


def test_an_unreadable_rank_and_rating(archive, published, run):
    write(archive / "club-swiss/players.csv", "id,name,rank,rating\na,Ann Able,3 dn,21OO\n")
    path = _rel(archive / "club-swiss/players.csv")
    assert build_fails(run, archive, published) == [
        f"error: {path}:2: rank of 'a': '3 dn' is not a rank. Fix: write it like 5d, 2 dan, 1k or 3 kyu, or "
        "leave it empty",
        f"error: {path}:2: rating of 'a' is '21OO', not a whole number from -1000 to 4000."
        " Fix: write the rating in the digits 0-9, like 1850, or leave it empty",
    ]


def test_malformed_toml_names_its_line(archive, published, run):
    write(archive / "club-swiss/event.toml", """
        name = "Club Swiss"
        game = go
        system = "swiss"
    """)
    (error,) = build_fails(run, archive, published)
    assert error.startswith(f"error: {_rel(archive / 'club-swiss/event.toml')}:2: is not valid TOML")
    assert "text values need quotes" in error


def test_wrong_settings_name_their_keys(archive, published, run):
    write(archive / "club-swiss/event.toml", """
        name = "Club Swiss"
        game = "igo"
        system = "round-robin"
        start = "2026-03-01"
    """)
    path = _rel(archive / "club-swiss/event.toml")
    errors = build_fails(run, archive, published)
    assert (f"error: {path}: game: unknown game 'igo'."
            " Fix: use one of: shogi, go, mahjong, chess, other") in errors
    assert any(e.startswith(f"error: {path}: system: unknown system 'round-robin'. Fix: use one of: ")
               and "macmahon" in e and "mahjong-elimination" in e for e in errors)
    assert (f"error: {path}: start: must be a date, not '2026-03-01'."
            " Fix: write start = 2026-08-14 (no quotes)") in errors


def test_a_folder_without_event_toml(archive, published, run):
    write(archive / "notes/todo.txt", "buy clocks")
    assert build_fails(run, archive, published) == [
        f"error: {_rel(archive / 'notes/event.toml')}: is missing."
        " Fix: every championship folder needs one with name, game and system"]


def test_problems_of_several_championships_are_all_reported(archive, published, run):
    write(archive / "second/event.toml", 'name = "Second"\ngame = "go"\nsystem = "swiss"\n'
          "start = 2026-01-01\nrounds = 3\n")
    write(archive / "second/players.csv", "id,name\nx,\n")
    write(archive / "club-swiss/players.csv", "id,name\n,Nobody\n")
    assert len(build_fails(run, archive, published)) == 2


def test_a_file_that_is_not_utf8(archive, published, run):
    (archive / "club-swiss/players.csv").write_bytes("id,name\na,Žofie\n".encode("cp1250"))
    (error,) = build_fails(run, archive, published)
    assert "is not UTF-8 text" in error and "save the file as CSV UTF-8" in error


def _rel(path):
    return display_path(path)


def test_a_folder_named_like_a_page_is_not_read_as_one(archive, tmp_path, run):
    (archive / "club-swiss/old.md").mkdir()
    write(archive / "club-swiss/old.md/notes.txt", "drafts")
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    assert not (tmp_path / "site/club-swiss/pages/old.html").exists()


def test_event_toml_saved_with_a_byte_order_mark_is_read(archive, tmp_path, run):
    toml = archive / "club-swiss/event.toml"
    toml.write_bytes(b"\xef\xbb\xbf" + toml.read_bytes())
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0


def test_a_file_named_rounds_is_refused_by_build_and_pair(archive, published, run):
    rounds = write(archive / "club-swiss/rounds", "1,a,b,1-0\n")
    expected = (f"error: {_rel(rounds)}: is a file, not a folder. "
                "Fix: rename it, and keep the round files in a folder named rounds")
    assert build_fails(run, archive, published) == [expected]
    code, _, stderr = run("pair", archive / "club-swiss")
    assert code == 1 and "Traceback" not in stderr
    assert stderr.splitlines()[0] == expected


def test_a_folder_named_like_a_round_file_is_refused_by_build_and_pair(archive, published, run):
    (archive / "club-swiss/rounds/1.csv").mkdir(parents=True)
    expected = (f"error: {_rel(archive / 'club-swiss/rounds/1.csv')}: is a folder, not a CSV file. "
                "Fix: move what it holds out of rounds/ and remove the folder")
    assert build_fails(run, archive, published) == [expected]
    code, _, stderr = run("pair", archive / "club-swiss", "--round", "1", "--force")
    assert code == 1 and "Traceback" not in stderr
    assert stderr.splitlines()[0] == expected


def test_markdown_nested_too_deeply_is_a_problem_not_a_crash(archive, published, run):
    page = write(archive / "club-swiss/notes.md", "".join("  " * i + "- x\n" for i in range(600)))
    assert build_fails(run, archive, published) == [
        f"error: {_rel(page)}:23: nests lists or quotes 11 levels deep (at most 10). "
        "Fix: keep lists and quotes to a few levels of indentation"]
    page.unlink()
    front = write(archive / "index.md", ">" * 5 + "".join("  " * i + "- x\n" for i in range(600)))
    assert build_fails(run, archive, published) == [
        f"error: {_rel(front)}:23: nests lists or quotes 11 levels deep (at most 10). "
        "Fix: keep lists and quotes to a few levels of indentation"]


def test_an_empty_name_game_or_system_is_a_problem(archive, published, run):
    toml = write(archive / "club-swiss/event.toml", """
        name = " "
        game = ""
        system = ""
        start = 2026-03-01
        rounds = 3
    """)
    assert build_fails(run, archive, published) == [
        f"error: {_rel(toml)}: {key}: is empty. Fix: write {key} = \"...\" with its value between "
        "the quotes" for key in ("name", "game", "system")]


def test_ids_that_differ_only_in_case_are_refused(archive, published, run):
    players = write(archive / "club-swiss/players.csv", """
        id,name,rank
        a,Ann Able,3d
        b,Bob Baker,1k
        A,Another Ann,2d
    """)
    assert build_fails(run, archive, published) == [
        f"error: {_rel(players)}:4: id 'A' differs from 'a' (line 2) only in upper and lower case."
        " Fix: give every player an id of their own"]


def test_an_unknown_time_zone_is_a_problem(archive, published, run):
    toml = write(archive / "club-swiss/event.toml", """
        name = "Club Swiss"
        game = "go"
        system = "swiss"
        start = 2026-03-01
        rounds = 3
        timezone = "Europe/Zagrab"
    """)
    assert build_fails(run, archive, published) == [
        f"error: {_rel(toml)}: timezone: unknown time zone 'Europe/Zagrab'. Fix: write an IANA "
        'name like timezone = "Europe/Zagreb" or "Asia/Hong_Kong"']


def test_a_time_zone_is_read(archive):
    from publisher.content.folders import load_event
    toml = archive / "club-swiss/event.toml"
    toml.write_text(toml.read_text() + 'timezone = "Asia/Hong_Kong"\n')
    event = load_event(archive / "club-swiss", {"swiss", "macmahon"})
    assert event.timezone is not None and event.timezone.key == "Asia/Hong_Kong"


def test_one_typo_gives_one_message(archive, run, tmp_path):
    """A mistyped id in round 1 is told once: the rounds after it, the standings and the hall
    screen that would all stumble on it add no knock-on errors of their own."""
    rounds = archive / "club-swiss" / "rounds"
    write(rounds / "1.csv", "table,player1,player2,result\n1,ax,b,1-0\n2,c,d,0-1\n")
    write(rounds / "2.csv", "table,player1,player2,result\n1,a,d,1-0\n2,b,c,\n")
    code, _, err = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    first, last = err.splitlines()
    assert first.startswith("error: ") and first.endswith(
        "rounds/1.csv:2: unknown player 'ax'. Fix: use an id from players.csv")
    assert last == "1 problem in the content; nothing was changed."

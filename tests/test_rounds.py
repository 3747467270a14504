"""Round files: every result of the contract, and the director's mistakes reported with
file, line and fix (exit 1, nothing published)."""

import pytest
from conftest import write

from plugins.macmahon.rounds import read_rounds
from publisher.build.loading import load_event
from publisher.plugins import plugin_manager
from publisher.problems import ContentError


def load(archive):
    return load_event(plugin_manager(), archive / "club-swiss")


def rounds_of(archive):
    return load(archive).data["macmahon"].rounds


def test_every_result_of_the_contract(archive):
    write(archive / "club-swiss" / "rounds" / "1.csv", """
        table,player1,player2,result
        1,a,b,1-0
        2,c,d,½-½
    """)
    write(archive / "club-swiss" / "rounds" / "2.csv", """
        table,player1,player2,result
        1,a,c,0-1!
        2,b,d,0-0
    """)
    write(archive / "club-swiss" / "rounds" / "3.csv", """
        table,player1,player2,result,note
        1,d,a,1-1,
        2,b,c, 0.5-0.5 ,
    """)
    first, second, third = rounds_of(archive)
    assert [(g.table, g.black, g.white, g.result, g.points()) for g in first.games] == [
        (1, "a", "b", "1-0", (1.0, 0.0)), (2, "c", "d", "0.5-0.5", (0.5, 0.5))]
    assert [(g.result, g.points(), g.forfeit) for g in second.games] == [
        ("0-1!", (0.0, 1.0), True), ("0-0", (0.0, 0.0), False)]
    assert [(g.result, g.points()) for g in third.games] == [("1-1", (1.0, 1.0)), ("0.5-0.5", (0.5, 0.5))]


def test_empty_result_is_not_played_yet_and_bye_has_no_opponent(archive):
    write(archive / "club-swiss" / "players.csv", """
        id,name,rank,rating
        a,Ann,1d,2000
        b,Bob,1k,1900
        e,Eve,2k,1800
    """)
    write(archive / "club-swiss" / "rounds" / "1.csv", """
        table,player1,player2,result
        1,a,b,
        ,e,,bye
    """)
    (rnd,) = rounds_of(archive)
    assert rnd.pending == rnd.games and not rnd.complete
    assert [(g.black, g.white, g.is_bye) for g in rnd.byes] == [("e", None, True)]
    assert rnd.as_json() == {"round": 1, "pairings": [{"table": 1, "players": ["a", "b"], "result": None}],
                             "byes": ["e"]}


@pytest.mark.parametrize(("rows", "line", "message", "fix"), [
    ("1,a,b,1-0\n2,a,c,0-1", 3, "a is in this round twice (also on line 2)", "give every player one row"),
    ("1,a,zed,1-0", 2, "unknown player 'zed'", "use an id from players.csv"),
    ("1,a,b,2-0", 2, "unknown result '2-0'", "write 1-0, 0-1, 0.5-0.5"),
    ("1,a,b,bye", 2, "a bye has no opponent, but player2 is b", "clear player2"),
    ("1,a,,1-0", 2, "player2 is empty, so a has no opponent and '1-0' cannot be a result", "bye in result"),
    (",a,,1-0", 2, "player2 is empty, so a has no opponent and '1-0' cannot be a result",
     "for a bye write bye in result (table and player2 stay empty)"),
    ("x,a,b,1-0", 2, "table 'x' is not a table number", "whole number"),
    ("1,a,b,1-0\n1,c,d,0-1", 3, "table 1 is used twice (also on line 2)", "its own table"),
    ("1,a,a,1-0", 2, "a plays against themselves", "correct player2"),
])
def test_mistakes_name_file_line_and_fix(archive, rows, line, message, fix):
    path = write(archive / "club-swiss" / "rounds" / "1.csv", "table,player1,player2,result\n" + rows + "\n")
    with pytest.raises(ContentError) as caught:
        rounds_of(archive)
    (problem,) = caught.value.problems
    assert (problem.file, problem.line, problem.message) == (path, line, message)
    assert fix in problem.fix


def test_round_files_must_follow_each_other_and_fit_the_event(archive):
    folder = archive / "club-swiss" / "rounds"
    write(folder / "2.csv", "table,player1,player2,result\n1,a,b,1-0\n")
    write(folder / "4.csv", "table,player1,player2,result\n1,a,b,1-0\n")
    with pytest.raises(ContentError) as caught:
        rounds_of(archive)
    assert [(p.file.name, p.message) for p in caught.value.problems] == [
        ("2.csv", "round 1 has no file"),
        ("4.csv", "is round 4, but the event has rounds 1 to 3"),
    ]


def test_build_reports_a_round_file_mistake_and_exits_1(archive, tmp_path, run):
    write(archive / "club-swiss" / "rounds" / "1.csv", "table,player1,player2,result\n1,a,zed,1-0\n")
    code, _, stderr = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert "rounds/1.csv:2: unknown player 'zed'" in stderr and "use an id from players.csv" in stderr
    assert "Traceback" not in stderr and not (tmp_path / "site").exists()


def test_no_rounds_folder_is_no_rounds(archive):
    assert read_rounds(load(archive)) == []


@pytest.mark.parametrize("table", ["①", "²", "0", "-1", "1.5"])
def test_a_table_that_only_looks_like_a_number_is_refused_by_the_build(archive, tmp_path, run, table):
    write(archive / "club-swiss" / "rounds" / "1.csv", f"table,player1,player2,result\n{table},a,b,1-0\n")
    code, _, stderr = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert (f"club-swiss/rounds/1.csv:2: table '{table}' is not a table number. "
            "Fix: write a whole number from 1 up") in stderr.splitlines()[0]
    assert "Traceback" not in stderr and not (tmp_path / "site").exists()


@pytest.mark.parametrize("name", ["١.csv", "01.csv", "1-seating.csv", "Round 1.csv", "1.CSV"])
def test_a_round_file_named_in_a_way_the_publisher_does_not_read_is_named(archive, name):
    """It would be left out of the site without a word (``01.csv`` beside ``1.csv``)."""
    write(archive / "club-swiss" / "rounds" / "1.csv", "table,player1,player2,result\n1,a,b,1-0\n")
    write(archive / "club-swiss" / "rounds" / name, "table,player1,player2,result\n1,a,b,0-1\n")
    with pytest.raises(ContentError) as caught:
        read_rounds(load(archive))
    [problem] = caught.value.problems
    assert (problem.file.name, problem.message, problem.fix) == (
        name, "is not a file name the publisher reads, so it would be left out",
        "name round files like 1.csv, 2.csv (no leading zeros), or move it out of rounds/")

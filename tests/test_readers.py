"""The readers every content file goes through: CSV cells and lines exactly as the organiser
meant them, or one problem naming the line and the fix; numbers within their bounds."""

from fractions import Fraction
from pathlib import Path

import pytest

from publisher.content.csvfiles import FIELD, RATING, ROUNDS, read_csv
from publisher.content.folders import read_players
from publisher.content.textfiles import read_text, unreadable
from publisher.problems import ContentError


def problems(path: Path, data: bytes | str, required=("id", "name")) -> list[str]:
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    with pytest.raises(ContentError) as caught:
        read_csv(path, required)
    return [f"{p.line}: {p.message}. Fix: {p.fix}" for p in caught.value.problems]


def rows(path: Path, text: str) -> list[tuple[int, dict[str, str]]]:
    path.write_text(text, encoding="utf-8")
    return [(row.line, row.cells) for row in read_csv(path, ("id", "name"))]


def test_a_column_named_twice_is_refused_at_the_header(tmp_path):
    assert problems(tmp_path / "p.csv", "id,name,rank,Name\na,Ann,1d,X\n") == [
        "1: the header names the column 'name' more than once (columns 2, 4). "
        "Fix: keep one column of each name: rename or delete the others"]


def test_a_file_saved_with_semicolons_is_read_with_its_decimal_commas(tmp_path):
    """A spreadsheet in a language with decimal commas saves "CSV" with semicolons."""
    path = tmp_path / "1-scores.csv"
    path.write_text("player;part;score;hands\np1;1;12,5;-\n", encoding="utf-8")
    [row] = read_csv(path, ("player", "part", "score"))
    assert (row.line, row.cells) == (2, {"player": "p1", "part": "1", "score": "12,5", "hands": "-"})
    assert row.decimal("score") == Fraction(25, 2)


def test_a_round_file_with_result_twice(tmp_path):
    found = problems(tmp_path / "1.csv", "\n\ntable,player1,player2,result,result\n1,a,b,1-0,0-1\n",
                     ("table", "player1", "player2", "result"))
    assert found[0].startswith("3: the header names the column 'result' more than once (columns 4, 5)")


def test_empty_header_cells_are_not_duplicates_and_not_columns(tmp_path):
    # Spreadsheets end lines with commas for empty columns: no column named "" reaches the pages.
    assert rows(tmp_path / "p.csv", "id,name,,\na,Ann,,\n") == [(2, {"id": "a", "name": "Ann"})]


def test_a_european_excel_csv_with_semicolons_bom_and_crlf(tmp_path):
    # Excel set to German, French or Croatian saves "CSV" with semicolons.
    path = tmp_path / "p.csv"
    path.write_bytes("\ufeffid;name;club;;\r\na;Kovač, Ana;Zagreb;;\r\nb;\"Bo; Bob\";;;\r\n".encode())
    assert [(row.line, row.cells) for row in read_csv(path, ("id", "name"))] == [
        (2, {"id": "a", "name": "Kovač, Ana", "club": "Zagreb"}),
        (3, {"id": "b", "name": "Bo; Bob", "club": ""})]


def test_excels_sep_line_names_the_separator_and_lines_keep_their_numbers(tmp_path):
    path = tmp_path / "p.csv"
    path.write_bytes(b"sep=;\r\nid;name,x\r\na;Ann,x\r\n")
    assert [(row.line, row.cells) for row in read_csv(path, ("id",))] == [
        (3, {"id": "a", "name,x": "Ann,x"})]


def test_commas_stay_the_separator_when_the_header_has_more_of_them(tmp_path):
    assert rows(tmp_path / "p.csv", "id,name,note\na,Ann,\"x;y;z\"\n") == [
        (2, {"id": "a", "name": "Ann", "note": "x;y;z"})]


def test_an_unclosed_quote_is_reported_at_the_line_it_opened(tmp_path):
    lines = ["id,name,rank"] + [f"p{i},Player {i},1k" for i in range(1, 13)]
    lines[5] = 'p5,"Player 5,1k'
    assert problems(tmp_path / "p.csv", "\n".join(lines) + "\n") == [
        "6: a quote (\") opened on this line is never closed, so the rest of the file would be one "
        "cell. Fix: close the quote, or remove it: write \"Kim, Ana\" with a quote on each side"]


def test_an_unclosed_quote_on_the_last_line_without_a_newline(tmp_path):
    assert problems(tmp_path / "p.csv", 'id,name\na,"Ann')[0].startswith("2: a quote")


def test_a_quote_closed_lines_later_names_the_line_it_opened(tmp_path):
    found = problems(tmp_path / "p.csv", 'id,name\na,"Ann\nb,Bob\nc,Cleo",x,y\nd,Dan\n')
    assert found == ["2: has 4 cells but the header names 2. Fix: remove the extra commas or quote a "
                     "value that contains a comma; a quote on this line may be missing its closing quote"]


def test_a_line_break_inside_quotes_is_a_space_and_lines_stay_right(tmp_path):
    assert rows(tmp_path / "p.csv", 'id,name\na,"Ana\r\nKovačević"\nb,Bob\n') == [
        (2, {"id": "a", "name": "Ana Kovačević"}), (4, {"id": "b", "name": "Bob"})]


def test_a_name_in_its_own_script_is_read_onto_the_player_as_one_line(tmp_path):
    path = tmp_path / "players.csv"
    path.write_text('id,name,country,name_native\nk1,Katō Hifumi,JP,"加藤\n一二三"\nk2,Wang Xiaoming,CN,'
                    "王小明\u2028\nk3,Ana Novak,SI,\nk4,Kim Minjun,KR,김\u3000민준\n", encoding="utf-8")
    assert [(p.id, p.line, p.name_native) for p in read_players(path)] == [
        ("k1", 2, "加藤 一二三"), ("k2", 4, "王小明"), ("k3", 5, ""), ("k4", 6, "김\u3000민준")]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x0c", "\x0b", "\t"])
def test_unicode_line_separators_and_form_feeds_stay_inside_their_cell(tmp_path, separator):
    assert rows(tmp_path / "p.csv", f"id,name\na,Ana{separator}Kovačević\nb,Bob\n") == [
        (2, {"id": "a", "name": "Ana Kovačević"}), (3, {"id": "b", "name": "Bob"})]


@pytest.mark.parametrize(("char", "said"), [("\x00", "a NUL byte"), ("\x07", "the control character U+0007"),
                                            ("\x85", "the control character U+0085")])
def test_control_characters_are_refused_at_their_line(tmp_path, char, said):
    assert problems(tmp_path / "p.csv", f"id,name\na,Ann\nb,B{char}b\n") == [
        f"3: holds {said}, which is not text. Fix: delete it, or save the file again as plain UTF-8 "
        "text from your editor or spreadsheet"]


def test_a_latin1_file_is_refused_with_its_line_and_the_fix(tmp_path):
    found = problems(tmp_path / "p.csv", "id,name\na,Ann\nb,Bjørn\n".encode("latin-1"))
    assert found == ["3: is not UTF-8 text (byte 18, b'\\xf8'); it was probably saved as Latin-1 or "
                     "Windows-1252. Fix: save the file as CSV UTF-8 from your spreadsheet, or as UTF-8 "
                     "from your editor"]


def test_a_utf16_file_is_refused(tmp_path):
    found = problems(tmp_path / "p.csv", "id,name\na,Ann\n".encode("utf-16"))
    assert found == ["1: is UTF-16 text, not UTF-8. Fix: save it as UTF-8 (in a spreadsheet: CSV UTF-8)"]


def test_a_byte_order_mark_is_dropped(tmp_path):
    path = tmp_path / "p.csv"
    path.write_bytes(b"\xef\xbb\xbfid,name\na,Ann\n")
    assert read_text(path) == "id,name\na,Ann\n"


def test_an_unreadable_file_names_the_fix(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("id,name\n")
    path.chmod(0)
    try:
        with pytest.raises(ContentError) as caught:
            read_text(path)
    except pytest.fail.Exception:
        pytest.skip("running as a user who may read every file")
    finally:
        path.chmod(0o644)
    problem = caught.value.problems[0]
    assert (problem.message, problem.fix) == (
        "cannot be read: Permission denied",
        f"let your user read the file (chmod a+r '{path}'), or copy it again from where it came from")


@pytest.mark.parametrize(("bounds", "value", "read"), [
    (ROUNDS, 7, 7), (ROUNDS, 9223372036854775807, None), (ROUNDS, 0, None), (ROUNDS, True, None),
    (ROUNDS, 7.0, None), (ROUNDS, "7", 7), (FIELD, 100_000, 100_000), (FIELD, 100_001, None),
    (RATING, "1850", 1850), (RATING, "-900", -900), (RATING, "١٨٥٠", None), (RATING, "1_850", None),
    (RATING, " 1850", None), (RATING, "9" * 5000, None), (RATING, "²", None)])
def test_bounds_read_only_ascii_whole_numbers_within_them(bounds, value, read):
    assert bounds.read(value) == read


def test_bounds_say_themselves_in_messages():
    assert str(ROUNDS) == "a whole number from 1 to 99"


def test_permission_denied_names_the_fix_for_files_and_folders(tmp_path):
    # The tests may run as root, who reads every file: the problem is built from the error itself.
    (tmp_path / "rounds").mkdir()
    denied = PermissionError(13, "Permission denied")
    assert str(unreadable(tmp_path / "rounds", denied)).endswith(
        f"rounds: cannot be read: Permission denied. Fix: let your user read the folder "
        f"(chmod a+rx '{tmp_path / 'rounds'}'), or copy it again from where it came from")
    assert unreadable(tmp_path / "p.csv", denied).fix.startswith("let your user read the file (chmod a+r ")


def test_links_within_the_content_are_the_organisers_own_files(tmp_path, monkeypatch):
    """A players.csv shared by two championships through a link stays inside the content;
    a link out of it is refused, however the folder is named on the command line."""
    from conftest import PLAYERS_CSV, SWISS_TOML, write

    from publisher.content.folders import load_event

    write(tmp_path / "content/shared/players.csv", PLAYERS_CSV)
    write(tmp_path / "content/club-swiss/event.toml", SWISS_TOML)
    (tmp_path / "content/club-swiss/players.csv").symlink_to("../shared/players.csv")
    monkeypatch.chdir(tmp_path / "content")
    assert len(load_event(Path("club-swiss"), {"swiss"}).players) == 4
    (tmp_path / "content/club-swiss/notes.md").symlink_to("/etc/hostname")
    with pytest.raises(ContentError, match="is a link to /etc/hostname, outside the content folder"):
        load_event(Path("club-swiss"), {"swiss"})

"""Registration from the EGF rating list: ``publisher players add`` and ``players update``."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import write

from plugins.egd.players_file import PlayersFile
from plugins.egd.ratings import egd_pin, read_rating_list
from publisher.content.folders import read_players
from publisher.problems import ContentError
from publisher.ranks import Rank

# allworld_lp.html as the EGD serves it (ISO-8859-15), cut to a few invented players.
LIST = """\
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<title> List of Players EURO </title>
<body>
<center>
<h1>List of WORLD Players</h1>
<hr>
(14 Mar 2026)
<hr>
</center>

<pre>
<b>  Notation: </b>

PIN     - player identification number
Club    - specified by internet country code and the city abbreviation
Grade   - rank professed by the player at last tournament;
          ranges from 20k to 1k, 1d to 7d, and from 1p to 9p
P&D     - suggested promotion or demotion
GoR     - current Go Rating of a given player
NT      - number of tournaments the player participated in

<b>
                                                                                    Last
   PIN          Name                              Club     Grade P&D    GoR    NT appearance
</b>
 12345678  Horvat Ana                            HR  Zagr    3d   --   2315    42  T250412A
 12345679  Novak Jan_Peter                       SI  Ljub    1k   2k   1987    17  T250301B
 12345680  van_Dijk Els                          NL  Amst   12k   11k   905     3  E250802C
 12345681  Žagar Jörg                            SI  xxxx   20k   --    -35     1  T240105D
 12345682  Petrov Ivan                           XX  xxx     7d   --   2711    88  W250620A
 12345683  _ _                                   XX  xxx     4d   --   2388     1  T140802A
 12345684  (undefined) Li_Na                     XX  xxxx   20k   --    100     1  T130209I

Number of players: 7
Number of DAN players:  3
</pre>
</body>
</html>
"""
LIST_LINE = {"12345679": 28, "12345680": 29, "12345683": 32}

PLAYERS = ("id,name,rank,rating,country,club,egd_pin,paid\n"
           "g001,Ana Horvat,2 dan,2250,HR,Zagreb Go Club,12345678,yes\n"
           "g002,Mira Kos,5k,,SI,,,no\n")


@pytest.fixture
def rating_list(tmp_path: Path) -> Path:
    path = tmp_path / "allworld_lp.html"
    path.write_bytes(LIST.encode("iso-8859-15"))
    return path


@pytest.fixture
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "content" / "open-2026"
    write(folder / "event.toml", """
        name = "Open 2026"
        game = "go"
        system = "macmahon"
        start = 2026-05-01
        rounds = 5
    """)
    (folder / "players.csv").write_bytes(PLAYERS.encode("utf-8"))
    return folder


def test_the_list_is_read_at_its_fixed_columns_in_iso_8859_15(rating_list):
    found = read_rating_list(rating_list)
    assert found.date == "14 Mar 2026"
    assert sorted(found.players) == [f"1234567{n}" for n in range(8, 10)] + [
        f"1234568{n}" for n in range(5)]
    novak = found.players["12345679"]
    assert (novak.surname, novak.first_name, novak.name) == ("Novak", "Jan Peter", "Novak Jan Peter")
    assert (novak.country, novak.club, novak.rank, novak.gor, novak.line) == ("SI", "Ljub", Rank.parse("1k"),
                                                                              1987, LIST_LINE["12345679"])
    assert found.players["12345680"].name == "van Dijk Els"
    zagar = found.players["12345681"]
    assert (zagar.name, zagar.club, zagar.gor, str(zagar.rank)) == ("Žagar Jörg", "", -35, "20k")
    petrov = found.players["12345682"]
    assert (petrov.country, petrov.club, str(petrov.rank)) == ("", "", "7d")
    assert found.players["12345683"].name == ""
    assert (found.players["12345684"].surname, found.players["12345684"].name) == ("", "Li Na")
    assert found.describe() == f"the EGF rating list of 14 Mar 2026 ({rating_list}, 7 players)"


@pytest.mark.parametrize(("old", "new", "message"), [
    (" 12345680  van_Dijk", "  12345680 van_Dijk", "the line is not in the list's columns"),
    ("Amst   12k", "Amst   99k",
     "the grade: '99k' is not a rank: ranks go from 30 kyu to 9 dan, and 1p to 9p"),
    ("11k   905", "11k   9x5", "the GoR '9x5' is not a whole number from -1000 to 4000"),
    ("NL  Amst", "N1  Amst", "the country 'N1' or club 'Amst' is not where it belongs"),
])
def test_a_line_the_reader_cannot_read_is_named_with_the_columns(rating_list, old, new, message):
    rating_list.write_bytes(LIST.replace(old, new).encode("iso-8859-15"))
    with pytest.raises(ContentError) as caught:
        read_rating_list(rating_list)
    assert str(caught.value) == (
        f"{rating_list}:{LIST_LINE['12345680']}: {message}; a player's line has the PIN at columns "
        "2-9, name at 12, country at 50, club at 54, grade ending at 63, GoR ending at 75. Fix: download "
        "the list again from the EGD (allworld_lp.html) and pass it as it came")


def test_a_file_without_player_lines_is_not_taken_for_the_list(tmp_path):
    path = write(tmp_path / "players.csv", "id,name\n")
    with pytest.raises(ContentError, match="has no player lines, so it is not the EGF rating list"):
        read_rating_list(path)


def test_pins_are_eight_digits_and_zero_is_none():
    assert egd_pin(" 2345678 ") == "02345678"
    assert egd_pin("") is None and egd_pin("0") is None
    with pytest.raises(ValueError, match="'1234-5678' is not an EGD PIN"):
        egd_pin("1234-5678")


def test_add_appends_the_players_and_keeps_every_byte_before_them(event, rating_list, run):
    code, out, err = run("players", "add", event, "--ratings", rating_list, "12345679", "12345681")
    assert code == 0, err
    path = event / "players.csv"
    rows = ["novak-jan-peter,Novak Jan Peter,1k,1987,SI,Ljub,12345679,,Novak,Jan Peter",
            "zagar-jorg,Žagar Jörg,20k,-35,SI,,12345681,,Žagar,Jörg"]
    assert out.splitlines() == [
        f"From the EGF rating list of 14 Mar 2026 ({rating_list}, 7 players):",
        "players.csv gains the columns surname, first_name.", *rows, f"Wrote {path}: 2 players added."]
    header, rest = PLAYERS.encode().split(b"\n", 1)
    added = "".join(f"{row}\n" for row in rows).encode()
    assert path.read_bytes() == header + b",surname,first_name\n" + rest + added
    players = {p.id: p for p in read_players(path)}
    assert players["g001"].fields["paid"] == "yes" and players["g001"].fields["surname"] == ""
    assert (players["zagar-jorg"].rank, players["zagar-jorg"].rating) == (Rank.parse("20k"), -35)


def test_add_writes_in_the_files_own_separator_line_ends_and_byte_order_mark(event, rating_list, run):
    path = event / "players.csv"
    original = ("\ufeffsep=;\r\nid;name;rank;rating;country;club;egd_pin;surname;first_name\r\n"
                "g001;\"Horvat; Ana\";2d;2250;HR;;12345678;Horvat;Ana").encode()
    path.write_bytes(original)
    code, _, err = run("players", "add", event, "--ratings", rating_list, "12345680")
    assert code == 0, err
    added = b"\r\nvan-dijk-els;van Dijk Els;12k;905;NL;Amst;12345680;van Dijk;Els\r\n"
    assert path.read_bytes() == original + added


def test_add_refuses_a_pin_missing_from_the_list_or_already_registered(event, rating_list, run):
    path = event / "players.csv"
    code, out, err = run("players", "add", event, "--ratings", rating_list,
                         "12345678", "99999999", "12345683")
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"error: {path}:2: PIN 12345678 is already on this line (Ana Horvat, g001). Fix: leave the PIN "
        "out, or refresh the row with publisher players update",
        f"error: {rating_list}: has no player with PIN 99999999. Fix: check the PIN in the EGD; a new "
        "player is on the lists after a first tournament, so add them to players.csv by hand",
        f"error: {rating_list}:{LIST_LINE['12345683']}: PIN 12345683 has no name in the list. Fix: add the "
        "player to players.csv by hand",
        "3 problems in the content; nothing was changed."]
    assert path.read_bytes() == PLAYERS.encode()


def test_a_pin_that_is_no_pin_is_bad_usage(event, rating_list, run, capsys):
    with pytest.raises(SystemExit) as caught:
        run("players", "add", event, "--ratings", rating_list, "12ab")
    assert caught.value.code == 2
    assert "argument PIN: '12ab' is not an EGD PIN (up to 8 digits, like 13633719)" in capsys.readouterr().err


def test_add_dry_run_prints_the_rows_and_writes_nothing(event, rating_list, run):
    code, out, _ = run("players", "add", event, "--ratings", rating_list, "12345682", "--dry-run")
    assert code == 0
    assert out.splitlines()[2:] == ["petrov-ivan,Petrov Ivan,7d,2711,,,12345682,,Petrov,Ivan",
                                    f"Dry run: {event / 'players.csv'} was not written."]
    assert (event / "players.csv").read_bytes() == PLAYERS.encode()


def test_add_starts_players_csv_of_a_new_championship(event, rating_list, run):
    (event / "players.csv").unlink()
    code, _, err = run("players", "add", event, "--ratings", rating_list, "12345678", "12345678")
    assert code == 0, err
    assert (event / "players.csv").read_text(encoding="utf-8") == (
        "id,name,surname,first_name,rank,rating,country,club,egd_pin\n"
        "horvat-ana,Horvat Ana,Horvat,Ana,3d,2315,HR,Zagr,12345678\n")


def test_update_refreshes_the_rows_with_a_pin_and_tells_what_changed(event, rating_list, run):
    path = event / "players.csv"
    path.write_bytes((PLAYERS + "g003,Jan Novak,1 kyu,1987,SI,Ljub,12345679,no\n"
                                "g004,Els van Dijk,10k,1000,NL,Amsterdam,12345680,yes\n"
                                "g005,Old Friend,3k,1700,AT,Wien,11111111,yes\n").encode())
    code, out, err = run("players", "update", event, "--ratings", rating_list)
    assert code == 0, err
    assert out.splitlines() == [
        f"From the EGF rating list of 14 Mar 2026 ({rating_list}, 7 players):",
        "Ana Horvat (g001): rank 2 dan -> 3d; rating 2250 -> 2315; club Zagreb Go Club -> Zagr",
        "Els van Dijk (g004): rank 10k -> 12k; rating 1000 -> 905; club Amsterdam -> Amst",
        f"Wrote {path}: 2 of 4 players with a PIN updated."]
    assert err == (f"warning: {path}:6: PIN 11111111 of Old Friend (g005) is not in the list, so the row was "
                   "left as it is. Fix: check the PIN in the EGD\n")
    assert path.read_bytes() == (
        b"id,name,rank,rating,country,club,egd_pin,paid\n"
        b"g001,Ana Horvat,3d,2315,HR,Zagr,12345678,yes\n"
        b"g002,Mira Kos,5k,,SI,,,no\n"
        b"g003,Jan Novak,1 kyu,1987,SI,Ljub,12345679,no\n"
        b"g004,Els van Dijk,12k,905,NL,Amst,12345680,yes\n"
        b"g005,Old Friend,3k,1700,AT,Wien,11111111,yes\n")


def test_update_keeps_a_club_and_country_the_list_does_not_know(event, rating_list, run):
    path = event / "players.csv"
    original = b"id,name,rank,rating,country,club,egd_pin\np,Ivan Petrov,6d,2700,BG,Sofia,12345682\n"
    path.write_bytes(original)
    code, out, _ = run("players", "update", event, "--ratings", rating_list, "--dry-run")
    assert code == 0
    assert out.splitlines()[1:] == ["Ivan Petrov (p): rank 6d -> 7d; rating 2700 -> 2711",
                                    f"Dry run: {path} was not written."]
    assert path.read_bytes() == original


def test_update_with_nothing_to_change_leaves_the_file_alone(event, rating_list, run):
    path = event / "players.csv"
    original = (b"id,name,rank,rating,country,club,egd_pin\n"
                b"h,\"Horvat, Ana\",3 dan,2315,HR,Zagr,12345678\nx,Nobody,1k,,,,n/a\n")
    path.write_bytes(original)
    code, out, err = run("players", "update", event, "--ratings", rating_list)
    assert code == 0
    assert out.splitlines()[1:] == ["Nothing to change: the 1 players with a PIN are as the list has them."]
    assert err == (f"warning: {path}:3: egd_pin of 'x': 'n/a' is not an EGD PIN (up to 8 digits, like "
                   "13633719), so the row was left as it is. Fix: write the PIN in digits, or leave the cell "
                   "empty\n")
    assert path.read_bytes() == original


def test_a_row_spanning_lines_is_written_again_whole(event, rating_list, run):
    path = event / "players.csv"
    path.write_bytes(b'id,name,rank,rating,egd_pin,note\np,Ana Horvat,3d,2000,12345678,"paid\nat the desk"\n'
                     b"q,Mira Kos,5k,,,\n")
    code, _, err = run("players", "update", event, "--ratings", rating_list)
    assert code == 0, err
    assert path.read_bytes() == (b"id,name,rank,rating,egd_pin,note,club,country\n"
                                 b'p,Ana Horvat,3d,2315,12345678,"paid\nat the desk",Zagr,HR\n'
                                 b"q,Mira Kos,5k,,,\n")


def test_a_cell_with_a_line_separator_leaves_the_other_rows_as_they_were(event, rating_list, run):
    """A note pasted from a web page may hold U+2028 or a form feed, which the csv reader does
    not take for a line end: the rows after it are found at their own lines."""
    path = event / "players.csv"
    path.write_bytes("id,name,rank,rating,egd_pin,note\nq,Mira Kos,5k,,,paid\u2028at the desk\f\n"
                     "p,Ana Horvat,3d,2000,12345678,\n".encode())
    code, _, err = run("players", "update", event, "--ratings", rating_list)
    assert code == 0, err
    assert path.read_bytes() == ("id,name,rank,rating,egd_pin,note,club,country\n"
                                 "q,Mira Kos,5k,,,paid\u2028at the desk\f\n"
                                 "p,Ana Horvat,3d,2315,12345678,,Zagr,HR\n").encode()


def test_a_players_csv_saved_meanwhile_is_not_overwritten(event):
    path = event / "players.csv"
    players = PlayersFile.read(path)
    players.append({"id": "n", "name": "New Player"})
    path.write_bytes(PLAYERS.encode() + b"g009,Saved At The Desk,1d,,,,,\n")
    with pytest.raises(ContentError, match="changed while the command ran; nothing was written"):
        players.write()
    assert path.read_bytes().endswith(b"Saved At The Desk,1d,,,,,\n")


def test_a_players_csv_the_build_refuses_is_not_edited(event, rating_list, run):
    path = event / "players.csv"
    path.write_bytes(b"id,name,rank\na,Ann,3d\na,Bob,1k\n")
    code, _, err = run("players", "add", event, "--ratings", rating_list, "12345678")
    assert code == 1
    assert "duplicate id 'a' (first on line 2)" in err
    assert path.read_bytes() == b"id,name,rank\na,Ann,3d\na,Bob,1k\n"


def test_a_championship_read_from_another_programs_file_is_refused(event, rating_list, run):
    with (event / "event.toml").open("a", encoding="utf-8") as toml:
        toml.write('source = "opengotha"\nfile = "t.xml"\n')
    code, _, err = run("players", "update", event, "--ratings", rating_list)
    assert code == 1
    assert "source: the players come from the opengotha file 't.xml'" in err

"""Registration from the EGF rating list: ``publisher players add`` and ``players update``."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import write

from plugins.egd.ratings import egd_pin, read_rating_list
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

Number of players: 6
Number of DAN players:  3
</pre>
</body>
</html>
"""
LIST_LINE = {"12345679": 28, "12345680": 29, "12345683": 32}

@pytest.fixture
def rating_list(tmp_path: Path) -> Path:
    path = tmp_path / "allworld_lp.html"
    path.write_bytes(LIST.encode("iso-8859-15"))
    return path


def test_the_list_is_read_at_its_fixed_columns_in_iso_8859_15(rating_list):
    found = read_rating_list(rating_list)
    assert found.date == "14 Mar 2026"
    assert sorted(found.players) == [f"1234567{n}" for n in range(8, 10)] + [
        f"1234568{n}" for n in range(4)]
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
    assert found.describe() == f"the EGF rating list of 14 Mar 2026 ({rating_list}, 6 players)"


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

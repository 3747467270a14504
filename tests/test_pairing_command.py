"""``publisher pair``: writes the round file, explains itself, refuses what it must refuse.

The archive's Swiss event has a (2300), d (2200), b (2050) and c (1650): round 1 in rating
order is a, d, b, c, so fold pairs a-c and d-b.
"""

from conftest import venue_catalog, write

EVENT = "club-swiss"


def pairs_in(path) -> set[frozenset[str]]:
    rows = [line.split(",") for line in path.read_text().splitlines()[1:]]
    return {frozenset(r[1:3]) for r in rows if r[3] != "bye"}


def test_pair_writes_the_first_round_with_empty_results(archive, run):
    code, out, err = run("pair", archive / EVENT)
    assert code == 0, err
    path = archive / EVENT / "rounds" / "1.csv"
    lines = path.read_text().splitlines()
    assert lines[0] == "table,player1,player2,result,note"
    assert [line.split(",")[0] for line in lines[1:]] == ["1", "2"]
    assert all(line.split(",")[3] == "" for line in lines[1:])
    assert pairs_in(path) == {frozenset("ac"), frozenset("db")}
    assert "Round 1 of Club Swiss: fold pairing" in out
    assert "Every pairing follows the strategy; no floats." in out


def test_pair_is_deterministic_and_refuses_to_overwrite(archive, run):
    path = archive / EVENT / "rounds" / "1.csv"
    run("pair", archive / EVENT)
    first = path.read_bytes()
    code, _, err = run("pair", archive / EVENT, "--round", "1")
    assert code == 1 and "exists already; pair does not overwrite a round file" in err
    assert "--force" in err and path.read_bytes() == first
    code, _, _ = run("pair", archive / EVENT, "--round", "1", "--force")
    assert code == 0 and path.read_bytes() == first


def test_dry_run_writes_nothing(archive, run):
    code, out, _ = run("pair", archive / EVENT, "--dry-run")
    assert code == 0 and "was not written" in out
    assert not (archive / EVENT / "rounds" / "1.csv").exists()


def test_strategy_option_overrides_the_event(archive, run):
    run("pair", archive / EVENT, "--strategy", "adjacent")
    assert pairs_in(archive / EVENT / "rounds" / "1.csv") == {frozenset("ad"), frozenset("bc")}


def test_pair_refuses_while_the_previous_round_has_missing_results(archive, run):
    run("pair", archive / EVENT)
    code, _, err = run("pair", archive / EVENT)
    assert code == 1
    assert "rounds/1.csv:2: table 1" in err and "has no result yet, so round 2 cannot be paired" in err
    assert not (archive / EVENT / "rounds" / "2.csv").exists()


def test_second_round_pairs_winners_with_winners(archive, run):
    write(archive / EVENT / "rounds" / "1.csv", "table,player1,player2,result\n1,a,c,1-0\n2,d,b,1-0\n")
    assert run("pair", archive / EVENT)[0] == 0
    assert pairs_in(archive / EVENT / "rounds" / "2.csv") == {frozenset("ad"), frozenset("bc")}


def test_odd_field_writes_the_bye_with_its_reason(archive, run):
    with (archive / EVENT / "players.csv").open("a", encoding="utf-8") as players:
        players.write("e,Eve Eden,6k,1500,NL\n")
    run("pair", archive / EVENT)
    last = (archive / EVENT / "rounds" / "1.csv").read_text().splitlines()[-1]
    assert last == ",e,,bye,Eve Eden gets the bye as the lowest in the order."


def test_bad_round_file_stops_pair_with_a_clear_message(archive, run):
    write(archive / EVENT / "rounds" / "1.csv", "table,player1,player2,result\n1,a,c,1-0\n2,a,b,1-0\n")
    code, _, err = run("pair", archive / EVENT)
    assert code == 1 and "a is in this round twice (also on line 2)" in err
    assert "Traceback" not in err and not (archive / EVENT / "rounds" / "2.csv").exists()


def test_rounds_outside_the_event_or_ahead_of_the_files_are_refused(archive, run):
    code, _, err = run("pair", archive / EVENT, "--round", "4")
    assert code == 1 and "has no round 4: it has rounds 1 to 3" in err
    code, _, err = run("pair", archive / EVENT, "--round", "2")
    assert code == 1 and "does not exist, so round 2 cannot be paired yet" in err


def test_mcmahon_round_one_pairs_inside_the_rank_groups(tmp_path, run):
    # bar 2d, floor 1k: a and b start with 2, c, d and g (1d) with 1, e and f with 0.
    # f, the lowest, gets the bye; fold pairs a-b and c-g; d, left over, goes down to e.
    folder = tmp_path / "content" / "open"
    write(folder / "event.toml", """
        name = "Open"
        game = "go"
        system = "macmahon"
        start = 2026-05-01
        rounds = 3
        seed = "open"

        [macmahon]
        grouping = "bar-floor"
        bar = "2d"
        floor = "1k"
        pairing = "fold"
    """)
    write(folder / "players.csv", """
        id,name,rank,rating
        a,Ann,3d,2300
        b,Ben,2d,2200
        c,Cid,1d,2100
        d,Dan,1d,2050
        g,Gus,1d,2000
        e,Eva,1k,1900
        f,Fay,3k,1700
    """)
    code, out, err = run("pair", folder)
    assert code == 0, err
    path = folder / "rounds" / "1.csv"
    assert pairs_in(path) == {frozenset("ab"), frozenset("cg"), frozenset("de")}
    rows = [line.split(",", 4) for line in path.read_text().splitlines()[1:]]
    assert [r[0] for r in rows] == ["1", "2", "3", ""]
    assert rows[2][4] == "Dan was left over in score group 1 (an odd number of players to pair) " \
                        "and went down to score group 0. Colours drawn by nigiri: Dan takes Black."
    assert rows[3][1:4] == ["f", "", "bye"]
    assert "Ann (a, 2)" in out and "Fay (f, 0)" in out


def test_an_event_folder_that_is_missing_or_a_file_is_named(archive, run):
    from publisher.problems import display_path

    for given, what in ((archive / "club-open", "does not exist"),
                        (archive / EVENT / "event.toml", "is not a folder")):
        code, _, err = run("pair", given)
        assert code == 1 and "Traceback" not in err
        assert err.splitlines()[0] == (f"error: {display_path(given)}: {what}. "
                                       "Fix: name a championship folder, like content/wosc-2026")


def test_force_refuses_a_round_that_holds_results_unless_told_to_discard_them(archive, run):
    path = archive / EVENT / "rounds" / "1.csv"
    run("pair", archive / EVENT)
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace(",,", ",1-0,", 1)
    lines[2] = lines[2].replace(",,", ",0-1,", 1)
    path.write_text("\n".join(lines) + "\n")
    typed = path.read_bytes()
    code, _, err = run("pair", archive / EVENT, "--round", "1", "--force")
    assert code == 1 and path.read_bytes() == typed
    assert "rounds/1.csv: holds 2 results already entered; pairing round 1 again would lose them. " \
        "Fix: pass --discard-results as well to pair it again anyway, or --dry-run to see the pairing" in err
    assert run("pair", archive / EVENT, "--round", "1", "--dry-run")[0] == 0 and path.read_bytes() == typed
    code, _, _ = run("pair", archive / EVENT, "--round", "1", "--force", "--discard-results")
    assert code == 0 and all(line.split(",")[3] == "" for line in path.read_text().splitlines()[1:])


JAPANESE = '''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"

msgid "%(player)s gets the bye as the lowest in the order."
msgstr "%(player)sは順位が最も低いため不戦勝。"
'''


def test_the_round_file_keeps_the_notes_in_the_championships_language(tmp_path, archive, run):
    """A championship in Japanese gets its notes in Japanese, from the plugins' catalogs; the
    director at the terminal is told in English."""
    toml = archive / EVENT / "event.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'language = "ja"\n', encoding="utf-8")
    with (archive / EVENT / "players.csv").open("a", encoding="utf-8") as players:
        players.write("e,Eve Eden,6k,1500,NL\n")
    venue_catalog(tmp_path / "plugins", "ja", JAPANESE)
    code, out, err = run("--plugins-dir", tmp_path / "plugins", "pair", archive / EVENT)
    assert code == 0, err
    last = (archive / EVENT / "rounds" / "1.csv").read_text(encoding="utf-8").splitlines()[-1]
    assert last == ",e,,bye,Eve Edenは順位が最も低いため不戦勝。"
    assert "Bye: Eve Eden gets the bye as the lowest in the order." in out

"""A corpus of bad input, made from the example archive: every kind of mistake in every file
kind of every system, each with its expected outcome.

Each case copies one championship of ``content/`` into a fresh archive beside the site built
from it, breaks one thing and builds again. A mistake must give exit 1, no traceback, the
published site byte for byte as it was, and a line naming the file, the line or key, what is
wrong and the fix; a harmless oddity must build. The fuzzing at the end throws generated CSV
and TOML at the same readers and the same build.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publisher.cli import main
from publisher.content.csvfiles import read_csv
from publisher.content.folders import read_toml
from publisher.problems import ContentError

EXAMPLES = Path(__file__).parent.parent / "content"
SHOGI, GO, MAHJONG = "wosc-2026", "bled-go-tournament-2025", "hk-mahjong-open-2026"


def build(content: Path, out: Path) -> tuple[int, str]:
    """The command line in-process: (exit code, stderr). A traceback fails the test."""
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        code = main(["build", "--content", str(content), "--out", str(out)])
    return code, stderr.getvalue()


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> dict[str, Path]:
    """Each championship built on its own once; cases copy the site, not rebuild it."""
    sites = {}
    for slug in (SHOGI, GO, MAHJONG):
        root = tmp_path_factory.mktemp(slug)
        shutil.copytree(EXAMPLES / slug, root / "content" / slug)
        assert build(root / "content", root / "site")[0] == 0
        sites[slug] = root
    return sites


@dataclass(frozen=True)
class Case:
    """``change`` breaks the copy of championship ``event``; ``where`` (``file:line`` or
    ``file: key``, from the content folder) and ``says`` are in the error line, or ``None``
    when the content must still build."""

    name: str
    event: str
    change: Callable[[Path], None]
    where: str | None
    says: str = ""


def edit(name: str, old: str, new: str, count: int = 1) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, count), encoding="utf-8")

    return change


def line(name: str, number: int, new: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / name
        lines = path.read_text(encoding="utf-8").split("\n")
        lines[number - 1] = new
        path.write_text("\n".join(lines), encoding="utf-8")

    return change


def raw(name: str, data: Callable[[bytes], bytes]) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        path = folder / name
        path.write_bytes(data(path.read_bytes() if path.exists() else b""))

    return change


def copy(source: str, target: str) -> Callable[[Path], None]:
    return lambda folder: shutil.copyfile(folder / source, folder / target)


def link(name: str, target: str) -> Callable[[Path], None]:
    return lambda folder: os.symlink(target, folder / name)


def both(*changes: Callable[[Path], None]) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        for one in changes:
            one(folder)

    return change


def latin1(data: bytes) -> bytes:
    return (
        data.decode("utf-8")
        .replace("Kovačević", "Kovačevic")
        .encode("utf-8")
        .replace(b"Ana ", "Ana Müller ".encode("latin-1"), 1)
    )


P, R1 = "players.csv", "rounds/1.csv"
S1, C1 = "rounds/1-seating.csv", "rounds/1-scores.csv"
ROUND = "table,player1,player2,result,note"
CASES = [
    # CSV: every reader of every system
    Case(
        "players: a column twice",
        SHOGI,
        edit(P, "name_native\n", "name_native,Name\n"),
        f"{P}:1",
        "the header names the column 'name' more than once (columns 2, 10)",
    ),
    Case(
        "players: unclosed quote",
        SHOGI,
        line(P, 5, 's004,"Unclosed,1k,,HR,,,'),
        f"{P}:5",
        'a quote (") opened on this line is never closed',
    ),
    Case(
        "players: NUL byte",
        SHOGI,
        raw(P, lambda d: d.replace(b"Anastasia", b"Ana\0stasia")),
        f"{P}:3",
        "holds a NUL byte",
    ),
    Case("players: Latin-1", SHOGI, raw(P, latin1), f"{P}:2", "is not UTF-8 text"),
    Case(
        "players: UTF-16",
        SHOGI,
        raw(P, lambda d: d.decode().encode("utf-16")),
        f"{P}:1",
        "is UTF-16 text, not UTF-8",
    ),
    Case(
        "players: rating in Arabic-Indic digits",
        SHOGI,
        edit(P, ",2d,1855,", ",2d,١٨٥٥,"),
        f"{P}:2",
        "rating of 's001' is '١٨٥٥', not a whole number from -1000 to 4000",
    ),
    Case(
        "players: rating out of bounds",
        SHOGI,
        edit(P, ",2d,1855,", ",2d,185500,"),
        f"{P}:2",
        "not a whole number from -1000 to 4000",
    ),
    Case(
        "players: id of 241 characters",
        SHOGI,
        edit(P, "s002,", "s" * 241 + ","),
        f"{P}:3",
        "has 241 characters, more than 64",
    ),
    Case(
        "players: rank 0d",
        SHOGI,
        edit(P, ",2d,1855,", ",0d,1855,"),
        f"{P}:2",
        "'0d' is not a rank: ranks start at 1. Fix: write it like 5d",
    ),
    Case(
        "players: esc_rank huge",
        SHOGI,
        edit(P, ",HR,ŠK Zagreb,12,", ",HR,ŠK Zagreb,99999999999,"),
        f"{P}:2",
        "esc_rank of 's001' is '99999999999', not a whole number from 1 to 100000",
    ),
    Case(
        "McMahon round: result twice",
        SHOGI,
        edit(R1, ROUND, ROUND + ",result"),
        f"{R1}:1",
        "the header names the column 'result' more than once",
    ),
    Case("McMahon round: unclosed quote", SHOGI, line(R1, 3, '2,"s006,s039,0-1,'), f"{R1}:3", "never closed"),
    Case(
        "McMahon round: form feed splits nothing",
        SHOGI,
        edit(R1, "1,s052,s058,0-1,", "1,s052,s058,0-1,a\fb"),
        None,
    ),
    Case(
        "McMahon round: 01.csv beside 1.csv",
        SHOGI,
        copy(R1, "rounds/01.csv"),
        "rounds/01.csv",
        "is not a file name the publisher reads",
    ),
    Case(
        "McMahon round: control character",
        SHOGI,
        raw(R1, lambda d: d.replace(b"s052", b"s05\x01")),
        f"{R1}:2",
        "the control character U+0001",
    ),
    Case(
        "Go round: Latin-1",
        GO,
        raw(R1, lambda d: d + "7,b001,b002,,café\n".encode("latin-1")),
        R1,
        "is not UTF-8 text",
    ),
    Case("Go round: a column twice", GO, edit(R1, "table,", "table,table,"), f"{R1}:1", "more than once"),
    Case("Go players: unclosed quote", GO, line(P, 4, 'b003,"Open,4k,1742,IT,x,1'), f"{P}:4", "never closed"),
    Case(
        "mahjong seating: a column twice",
        MAHJONG,
        edit(S1, "part,table,seat,player", "part,table,seat,player,seat"),
        f"{S1}:1",
        "the header names the column 'seat' more than once",
    ),
    Case(
        "mahjong scores: NUL",
        MAHJONG,
        raw(C1, lambda d: d.replace(b"h01,2", b"h01,\x002", 1)),
        f"{C1}:3",
        "holds a NUL byte",
    ),
    Case("mahjong scores: unclosed quote", MAHJONG, line(C1, 2, 'h01,1,"-83,10'), f"{C1}:2", "never closed"),
    Case(
        "mahjong: 01-seating.csv",
        MAHJONG,
        copy(S1, "rounds/01-seating.csv"),
        "rounds/01-seating.csv",
        "is not a file name the publisher reads",
    ),
    Case(
        "mahjong players: Latin-1",
        MAHJONG,
        raw(P, lambda d: d + "h99,Zoë,HK\n".encode("latin-1")),
        P,
        "is not UTF-8 text",
    ),
    # event.toml: numbers, depth, encoding
    Case(
        "rounds = 2**63 - 1",
        SHOGI,
        edit("event.toml", "rounds = 7", "rounds = 9223372036854775807"),
        "event.toml: rounds",
        "must be a whole number from 1 to 99, not 9223372036854775807",
    ),
    Case(
        "top_size of a trillion",
        SHOGI,
        edit("event.toml", "top_size = 16", "top_size = 1000000000000"),
        "event.toml: macmahon.top_size",
        "must be a whole number from 1 to 100000",
    ),
    Case(
        "min_group_size 0",
        GO,
        edit("event.toml", 'grouping = "bar-floor"', 'grouping = "bar-floor"\nmin_group_size = 0'),
        "event.toml: macmahon.min_group_size",
        "from 1 to 100000",
    ),
    Case(
        "rank_elo value x",
        SHOGI,
        edit("event.toml", "bye_score = 1", 'bye_score = 1\nrank_elo = { "6d" = "x" }'),
        "event.toml: macmahon.rank_elo.6d",
        "must be an Elo rating",
    ),
    Case(
        "TOML nested 5,000 deep",
        SHOGI,
        raw("event.toml", lambda d: d + b"\ndeep = " + b"[" * 5000 + b"]" * 5000),
        "event.toml",
        "nests arrays or tables too deeply to be read",
    ),
    Case(
        "TOML 5,000-digit integer",
        SHOGI,
        raw("event.toml", lambda d: d + b"\nbig = " + b"9" * 5000),
        "event.toml",
        "holds a number too long to be read",
    ),
    Case(
        "TOML in Latin-1",
        SHOGI,
        raw("event.toml", lambda d: d.replace(b"Zagreb", "Zágreb".encode("latin-1"))),
        "event.toml:6",
        "is not UTF-8 text",
    ),
    Case(
        "mahjong round1_groups huge",
        MAHJONG,
        edit("event.toml", "round1_groups = 1", "round1_groups = 10000000000"),
        "event.toml: mahjong.round1_groups",
        "must be a whole number from 1 to 26",
    ),
    Case(
        "mahjong start without an offset",
        MAHJONG,
        both(
            edit("event.toml", 'timezone = "Asia/Hong_Kong"\n', ""),
            edit("event.toml", '"1" = 2026-11-21T10:00:00+08:00', '"1" = 2026-11-21T10:00:00'),
        ),
        "event.toml: mahjong.schedule.starts.1",
        "has no UTC offset",
    ),
    Case(
        "start and end on the last day of 9999",
        SHOGI,
        edit("event.toml", "start = 2026-08-14\nend = 2026-08-16", "start = 9999-12-31\nend = 9999-12-31"),
        "event.toml: start",
        "the date 9999-12-31 is not from 1900-01-01 to 2999-12-31. "
        "Fix: write the year the championship is played, like start = 2026-08-14",
    ),
    Case(
        "a carriage return in the name, to break out of the printed title's CSS",
        SHOGI,
        edit("event.toml", 'name = "World Open Shogi Championship 2026"',
             'name = "World Open\\r}body{background:url(https://tracker.example/p.gif)}"'),
        "event.toml: name",
        "holds the control character U+000D, but it must be one line of text. "
        "Fix: write name without escapes such as \\r, \\n or \\t",
    ),
    Case(
        "a line break in the name of an event with a schedule",
        GO,
        edit("event.toml", 'name = "Bled Go Tournament 2025"', 'name = "Bled Go\\nTournament 2025"'),
        "event.toml: name",
        "holds the control character U+000A, but it must be one line of text",
    ),
    Case(
        "a line separator in the venue",
        SHOGI,
        edit("event.toml", 'venue = "Zagreb, Croatia"', 'venue = "Zagreb\u2028Croatia"'),
        "event.toml: venue",
        "holds the line separator U+2028, but it must be one line of text",
    ),
    Case(
        "players: a cell of 50 MB",
        SHOGI,
        raw(P, lambda d: d.replace(b"Anastasia", b"A" * 50_000_000)),
        f"{P}:3",
        "a cell that starts on this line is longer than 131,072 characters. "
        'Fix: close the quote (") that opens it if it is never closed, or shorten the cell',
    ),
    # Markdown pages
    Case(
        "20,000 [",
        SHOGI,
        raw("news.md", lambda _: b"# News\n\n" + b"[" * 20_000),
        "news.md:3",
        "brackets [ open at once",
    ),
    Case(
        "a list nested 1,000 deep",
        GO,
        raw("index.md", lambda _: "".join("    " * i + "- x\n" for i in range(1000)).encode()),
        "index.md:12",
        "nests lists or quotes",
    ),
    Case(
        "a page name of 245 characters",
        SHOGI,
        raw("p" * 245 + ".md", lambda _: b"# Long\n"),
        "p" * 245 + ".md",
        "the page name has 245 characters",
    ),
    Case(
        "Order in Arabic-Indic digits",
        SHOGI,
        raw("news.md", lambda _: "Order: ١٠\n\n# News\n".encode()),
        "news.md:1",
        "Order: '١٠' is not a whole number from -9999 to 9999",
    ),
    Case(
        "raw HTML and a tracker image",
        SHOGI,
        raw(
            "news.md",
            lambda _: (
                b'# News\n\n<img src="https://tracker.example/p.gif"> Doors open at 9.\n\n<div>raw</div>\n'
            ),
        ),
        None,
    ),
    # the file system
    Case(
        "a page linked to a system file",
        SHOGI,
        link("osinfo.md", "/etc/os-release"),
        "osinfo.md",
        "is a link to /etc/os-release, outside the content folder",
    ),
    Case(
        "a round linked out of the content",
        GO,
        both(lambda f: (f / R1).unlink(), link(R1, "/etc/hostname")),
        R1,
        "outside the content folder",
    ),
    Case(
        "rounds/ is a file",
        MAHJONG,
        both(lambda f: shutil.rmtree(f / "rounds"), raw("rounds", lambda _: b"x")),
        "rounds",
        "is a file, not a folder",
    ),
    Case("an event folder linked to /", GO, lambda f: os.symlink("/", f.parent / "everything"),
         "../everything", "is a link to /, outside the content folder"),
    # oddities that must build
    Case(
        "players: a name over two lines in quotes", SHOGI, edit(P, "Ana Kovačević", '"Ana\nKovačević"'), None
    ),
    Case("players: a U+2028 in a name", SHOGI, edit(P, "Ana Kovačević", "Ana\u2028Kovačević"), None),
    Case("players: a byte-order mark", MAHJONG, raw(P, lambda d: b"\xef\xbb\xbf" + d), None),
    Case(
        "rounds/: hidden and other files",
        GO,
        both(raw("rounds/.DS_Store", lambda _: b"\0\1"), raw("rounds/notes.txt", lambda _: b"table 3 late")),
        None,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_corpus(case: Case, published, tmp_path):
    root = tmp_path
    shutil.copytree(published[case.event] / "content", root / "content", symlinks=True)
    shutil.copytree(published[case.event] / "site", root / "site")
    before = snapshot(root / "site")
    folder = root / "content" / case.event
    case.change(folder)
    code, stderr = build(root / "content", root / "site")
    assert "Traceback" not in stderr
    if case.where is None:
        assert code == 0, stderr
        if "name" in case.name:
            players = json.loads((root / "site" / case.event / "data/event.json").read_text())["players"]
            assert players[0]["name"] == "Ana Kovačević"
        if "tracker" in case.name:
            page = (root / "site" / case.event / "pages/news.html").read_text(encoding="utf-8")
            assert "tracker.example" not in page and "Doors open at 9." in page and "raw" not in page
        return
    assert code == 1, stderr
    assert snapshot(root / "site") == before
    errors = [e for e in stderr.splitlines() if e.startswith("error: ")]
    file, _, rest = case.where.partition(":")
    where = f"{Path(os.path.normpath(folder / file)).relative_to(root)}:{rest}"
    matching = [e for e in errors if where in e and case.says in e]
    assert matching, (where, case.says, errors)
    assert all(" Fix: " in e for e in matching), matching


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    """The tiny Swiss archive of the tests, built once: fuzzed files go into copies of it."""
    from conftest import PLAYERS_CSV, SWISS_TOML, write

    root = tmp_path_factory.mktemp("fuzz")
    write(root / "content/club-swiss/event.toml", SWISS_TOML)
    write(root / "content/club-swiss/players.csv", PLAYERS_CSV)
    write(root / "content/club-swiss/rounds/1.csv", "table,player1,player2,result\n1,a,c,1-0\n2,d,b,\n")
    assert build(root / "content", root / "site")[0] == 0
    return root


CSV_PIECES = st.sampled_from(
    [
        '"',
        ",",
        "\n",
        "\r\n",
        "\r",
        "\0",
        "\x0c",
        "\u2028",
        "\ufeff",
        "é",
        "١",
        "id",
        "name",
        "a",
        "b",
        "1-0",
        "0-1",
        " ",
        "",
        "table",
        "player1",
    ]
)
CSV_TEXT = st.lists(st.one_of(CSV_PIECES, st.text(max_size=6)), max_size=40).map("".join)
CSV_BYTES = st.one_of(CSV_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=80))
TOML_PIECES = st.sampled_from(
    [
        'name = "X"',
        "game = ",
        '"go"',
        "system",
        " = ",
        '"swiss"',
        "start = ",
        "2026-03-01",
        "rounds = ",
        "3",
        "9" * 30,
        "[",
        "]",
        "{",
        "}",
        "[macmahon]",
        "\n",
        '"',
        "'",
        "=",
        ",",
        "inf",
        "nan",
        "1e999",
        "-0",
        "\0",
        "é",
        "# c",
    ]
)
TOML_TEXT = st.lists(st.one_of(TOML_PIECES, st.text(max_size=5)), max_size=40).map("".join)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=CSV_BYTES)
def test_the_csv_reader_reads_or_refuses_anything(tmp_path, data):
    path = tmp_path / "fuzz.csv"
    path.write_bytes(data)
    try:
        rows = read_csv(path, ("id", "name"))
    except ContentError as error:
        assert error.problems and all(p.file == path for p in error.problems)
        return
    for row in rows:
        assert all("\n" not in c and "\0" not in c and "\u2028" not in c for c in row.cells.values())


@FUZZ
@given(text=TOML_TEXT)
def test_the_toml_reader_reads_or_refuses_anything(tmp_path, text):
    path = tmp_path / "fuzz.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        assert isinstance(read_toml(path), dict)
    except ContentError as error:
        assert error.problems and all(p.fix for p in error.problems)


BUILD_FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@BUILD_FUZZ
@given(
    name=st.sampled_from(["players.csv", "rounds/1.csv", "event.toml"]),
    data=st.one_of(CSV_BYTES, TOML_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass"))),
    keep=st.booleans(),
)
def test_a_build_of_fuzzed_content_succeeds_or_leaves_the_site_untouched(
    small, tmp_path_factory, name, data, keep
):
    root = tmp_path_factory.mktemp("case")
    shutil.copytree(small / "content", root / "content")
    shutil.copytree(small / "site", root / "site")
    before = snapshot(root / "site")
    path = root / "content/club-swiss" / name
    path.write_bytes((path.read_bytes() if keep else b"") + data)
    code, stderr = build(root / "content", root / "site")
    assert "Traceback" not in stderr and "internal error" not in stderr
    assert code in (0, 1), stderr
    if code == 1:
        assert snapshot(root / "site") == before
        assert stderr.splitlines()[-1].endswith("nothing was changed.")
    shutil.rmtree(root)

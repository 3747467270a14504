"""Nothing an organiser or a player's name contains can run in a visitor's browser."""

import html
import json
import re

import pytest
from conftest import write


def test_a_player_named_like_a_script_is_shown_as_text(archive, tmp_path, run):
    write(archive / "club-swiss/players.csv", '''
        id,name,rank,club
        a,<script>alert(1)</script>,3d,"Go & Shogi ""Club"""
        b,Bob <b>Bold</b>,1k,
    ''')
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    page = (tmp_path / "site/club-swiss/players.html").read_text(encoding="utf-8")
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Bob &lt;b&gt;Bold&lt;/b&gt;" in page
    assert "Go &amp; Shogi &#34;Club&#34;" in page


def test_markdown_pages_cannot_break_out_of_the_page(archive, tmp_path, run):
    write(archive / "club-swiss/news.md", """
        # News <img src=x onerror=alert(1)>

        <script>alert("raw")</script>
        <div onclick="steal()">Click</div>

        [a trap](javascript:alert(2)) and [the federation](https://example.org/)

        <iframe src="https://evil.example"></iframe>
    """)
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    page = (tmp_path / "site/club-swiss/pages/news.html").read_text(encoding="utf-8")
    body = page.split("<main>")[1]
    assert "<script" not in body and "alert(\"raw\")" not in body
    assert "onerror" not in body and "onclick" not in body and "<iframe" not in body
    assert "javascript:" not in body
    assert '<a href="https://example.org/" rel="noopener noreferrer">the federation</a>' in body
    assert "Click" not in body  # raw HTML is removed, not cleaned


def test_raw_html_and_remote_images_are_removed_from_pages(archive, tmp_path, run):
    """A remote image would tell a tracker who reads the public site: none survives, whether
    written as HTML or as Markdown; the text around an inline tag stays."""
    write(archive / "club-swiss/news.md", """
        # News

        Doors open <b>at 9</b> <img src="https://tracker.example/p.gif"> sharp.

        ![logo](https://tracker.example/logo.png) ![map](//cdn.example/map.png) ![hall](hall.png)

        <p style="color:red">Block of HTML</p>

        <!-- a note to self -->

        ```
        <b>shown as code</b>
        ```
    """)
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    body = (tmp_path / "site/club-swiss/pages/news.html").read_text(encoding="utf-8").split("<main>")[1]
    assert "tracker.example" not in body and "cdn.example" not in body
    assert "Doors open at 9  sharp." in body
    assert "<b>" not in body and "Block of HTML" not in body and "note to self" not in body
    assert '<img alt="hall" src="hall.png">' in body
    assert "&lt;b&gt;shown as code&lt;/b&gt;" in body


def test_the_event_name_is_escaped_everywhere(archive, tmp_path, run):
    write(archive / "club-swiss/event.toml", """
        name = "Cup </title><script>x()</script>"
        game = "go"
        system = "swiss"
        start = 2026-03-01
        rounds = 3
    """)
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    for page in ["index.html", "club-swiss/index.html", "club-swiss/players.html"]:
        text = (tmp_path / "site" / page).read_text(encoding="utf-8")
        assert "<script>x()" not in text, page
        assert "&lt;script&gt;x()" in text, page


def test_the_printed_title_stays_one_css_string(archive, tmp_path, run):
    name = "Cup ';}body{background:url(//tracker.example/p.gif)} \\ \"d'Ana\" <x>"
    write(archive / "club-swiss/event.toml", f"""
        name = {json.dumps(name)}
        game = "go"
        system = "swiss"
        start = 2026-03-01
        rounds = 3
    """)
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    page = (tmp_path / "site/club-swiss/index.html").read_text(encoding="utf-8")
    style = html.unescape(re.search(r'<html lang="en" style="([^"]*)">', page).group(1))
    title = re.fullmatch(r"""--print-title: '((?:[^'"\\\n\r\f;{}<>]|\\[0-9a-f]{1,6} )*)'""", style)
    assert title, style
    decoded = re.sub(r"\\([0-9a-f]{1,6}) ", lambda m: chr(int(m.group(1), 16)), title.group(1))
    assert decoded == name


@pytest.mark.parametrize(("text", "line", "says"), [
    ("Intro\n\n" + "[" * 20_000, 3, "has more than 10 brackets [ open at once in one paragraph"),
    ("[a](b " * 4_000, 1, "has more than 10 brackets ( open at once in one paragraph"),
    ("[a][b" * 4_000, 1, "has more than 10 brackets [ open at once in one paragraph"),
    ("".join("    " * i + "- x\n" for i in range(1_000)), 12,
     "nests lists or quotes 11 levels deep (at most 10)"),
    (">" * 1_000 + " deep\n", 1, "nests lists or quotes 1000 levels deep (at most 10)"),
    ("word " * 50_000, 1, "has 250,000 characters, more than a page can show (200,000)"),
])
def test_pathological_markdown_is_refused_at_once_with_its_line(archive, tmp_path, run, text, line, says):
    """Python-Markdown takes minutes over these (20,000 [ took 66 s): refused before rendering."""
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    page = archive / "club-swiss/notes.md"
    page.write_text(text, encoding="utf-8")
    code, _, stderr = run("build", "--content", archive, "--out", out)
    assert code == 1 and f"notes.md:{line}: {says}. Fix: " in stderr


def test_a_literal_bracket_escaped_is_fine(archive, tmp_path, run):
    write(archive / "club-swiss/notes.md", "Seats \\[" * 50 + "\n\n[ok](https://example.org/)\n")
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0

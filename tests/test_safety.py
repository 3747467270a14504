"""Nothing an organiser or a player's name contains can run in a visitor's browser."""

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
    assert "<div>Click</div>" in body


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

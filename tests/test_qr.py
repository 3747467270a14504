"""content/site.toml and the QR codes it brings: the hall screen's code of find.html, a
player page's code of itself, a mahjong slip's code of its player's page.

Each code is read back from the SVG the site carries: its dark modules must be the
matrix segno draws for the expected address, and, when the zxing-cpp reader is
installed, a decoder must read that address from the image the SVG draws.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import segno
from conftest import snapshot, write
from test_mahjong_scoring import ROUND1, make_event, play

from publisher.build.builder import Builder
from publisher.build.qr import qr_svg
from publisher.content.site_settings import SiteSettings, read_site_settings
from publisher.plugins import plugin_manager
from publisher.problems import ContentError

URL = "https://results.example.org/"


@pytest.fixture
def archive(archive: Path) -> Path:
    """The small Swiss archive with round 1 paired: player pages and a hall screen."""
    write(archive / "club-swiss/rounds/1.csv", "table,player1,player2,result\n1,a,d,1-0\n2,b,c,\n")
    return archive
SVG = re.compile(r'<svg viewBox="0 0 (\d+) \1" class="qr">.*?</svg>', re.S)


def modules(svg: str) -> list[list[bool]]:
    """The dark modules the SVG draws, without the four-module quiet zone.

    segno draws each row as horizontal strokes: ``M x y.5`` to start, ``h n`` for n dark
    modules, ``m dx dy`` to move on.
    """
    size = int(SVG.match(svg).group(1))
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)
    dark = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for column in range(int(x), int(x) + int(a)):
                dark[int(y)][column] = True
            x += int(a)
    assert all(not any(row) for row in dark[:4] + dark[-4:])
    return [row[4:-4] for row in dark[4:-4]]


def read_back(svg: str, address: str) -> None:
    """The SVG is the code of ``address``: segno's own matrix, and a reader's answer if there is one."""
    matrix = modules(svg)
    code = segno.make(address, error="m", micro=False, mask=0)
    assert matrix == [[bool(m) for m in row] for row in code.matrix]
    try:
        import zxingcpp
    except ImportError:
        return
    scale, border = 4, 4
    size = (len(matrix) + 2 * border) * scale
    pixels = bytearray(b"\xff" * size * size)
    for y, row in enumerate(matrix):
        for x, is_dark in enumerate(row):
            if is_dark:
                for dy in range(scale):
                    start = ((y + border) * scale + dy) * size + (x + border) * scale
                    pixels[start:start + scale] = b"\x00" * scale
    found = zxingcpp.read_barcodes(memoryview(bytes(pixels)).cast("B", (size, size)))
    assert [code.text for code in found] == [address]


def codes(page: Path) -> list[str]:
    return [m.group(0) for m in SVG.finditer(page.read_text(encoding="utf-8"))]


# -- site.toml ---------------------------------------------------------------------------------

def test_no_site_toml_means_no_address(tmp_path):
    assert read_site_settings(tmp_path) == SiteSettings(url="")


def test_the_address_is_read_as_typed(tmp_path):
    write(tmp_path / "site.toml", f'url = "{URL}"\n')
    assert read_site_settings(tmp_path) == SiteSettings(url=URL)
    write(tmp_path / "site.toml", 'url = "http://192.168.1.20:8000/go/wosc/"\n')
    assert read_site_settings(tmp_path).url == "http://192.168.1.20:8000/go/wosc/"


@pytest.mark.parametrize(("toml", "message", "fix"), [
    ('url = "https://results.example.org"', "'https://results.example.org' does not end with /",
     'write url = "https://results.example.org/": pages are found below it'),
    ('url = "results.example.org/"', "'results.example.org/' is not a web address starting with "
     "https:// or http://",
     'write url = "https://results.example.org/" with the address where the site is published'),
    ('url = "ftp://results.example.org/"', "'ftp://results.example.org/' is not a web address "
     "starting with https:// or http://",
     'write url = "https://results.example.org/" with the address where the site is published'),
    ('url = "https:///"', "'https:///' is not a web address starting with https:// or http://",
     'write url = "https://results.example.org/" with the address where the site is published'),
    ('url = "https://results.example.org/?event=1/"', "'https://results.example.org/?event=1/' has a "
     "? or # part", "write the address of the site's folder only"),
    ('url = "https://results.example.org/my results/"', "'https://results.example.org/my results/' "
     "has a space or an invisible character in it", "write the address without spaces"),
    ('url = ""', "is empty", 'write url = "https://results.example.org/" with the address where the '
     "site is published, or remove the line"),
    ("url = 8080", "must be text, not 8080",
     'write url = "https://results.example.org/" with the address where the site is published'),
])
def test_a_wrong_address_is_told_with_its_fix(tmp_path, toml, message, fix):
    write(tmp_path / "site.toml", toml + "\n")
    with pytest.raises(ContentError) as raised:
        read_site_settings(tmp_path)
    assert [(p.file.name, p.key, p.message, p.fix) for p in raised.value.problems] == [
        ("site.toml", "url", message, fix)]


def test_an_unknown_setting_and_a_bad_address_are_told_together(tmp_path):
    write(tmp_path / "site.toml", 'adress = "https://results.example.org/"\nurl = "https://x.org"\n')
    with pytest.raises(ContentError) as raised:
        read_site_settings(tmp_path)
    assert [(p.key, p.message, p.fix) for p in raised.value.problems] == [
        ("adress", "is not a setting of site.toml", "remove it; the settings are: url, publish, languages"),
        ("url", "'https://x.org' does not end with /",
         'write url = "https://x.org/": pages are found below it'),
    ]


def test_a_build_with_a_wrong_address_writes_nothing(archive, tmp_path, run):
    run("build", "--content", archive, "--out", tmp_path / "site")
    before = snapshot(tmp_path / "site")
    write(archive / "site.toml", 'url = "results.example.org"\n')
    code, _, stderr = run("build", "--content", archive, "--out", tmp_path / "site")
    assert code == 1
    assert (f"{archive / 'site.toml'}: url: 'results.example.org' is not a web address starting with "
            "https:// or http://. Fix: write url = \"https://results.example.org/\" with the address "
            "where the site is published") in stderr
    assert "Traceback" not in stderr
    assert snapshot(tmp_path / "site") == before


# -- the codes ---------------------------------------------------------------------------------

def test_the_filter_draws_nothing_without_an_address_and_the_same_bytes_every_time():
    assert qr_svg("") == ""
    address = URL + "club-swiss/find.html"
    assert qr_svg(address) == qr_svg(address)
    read_back(str(qr_svg(address)), address)


def test_screen_and_player_pages_carry_codes_of_their_public_addresses(archive, tmp_path, run):
    write(archive / "site.toml", f'url = "{URL}"\n')
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    site = tmp_path / "site/club-swiss"
    [screen] = codes(site / "screen.html")
    read_back(screen, URL + "club-swiss/find.html")
    text = (site / "screen.html").read_text(encoding="utf-8")
    assert ('<div class="screen-find-address" id="screen-find"><span>results.example.org/</span> '
            "<span>club-swiss/find.html</span></div>") in text
    for player in "abcd":
        [own] = codes(site / f"players/{player}.html")
        read_back(own, f"{URL}club-swiss/players/{player}.html")
    assert codes(site / "index.html") == []


def test_without_site_toml_no_page_has_a_code(archive, tmp_path, run):
    assert run("build", "--content", archive, "--out", tmp_path / "site")[0] == 0
    pages = sorted((tmp_path / "site").rglob("*.html"))
    assert any(p.name == "screen.html" for p in pages)
    assert [p.name for p in pages if "<svg" in p.read_text(encoding="utf-8")] == []
    screen = (tmp_path / "site/club-swiss/screen.html").read_text(encoding="utf-8")
    assert '<span id="screen-find"></span>' in screen  # screen.js fills in where it is served from


def test_mahjong_player_pages_and_each_slip_lead_to_the_players_page(tmp_path, run):
    folder = make_event(tmp_path)
    play(run, folder, 1, ROUND1)
    write(tmp_path / "content/site.toml", 'url = "https://mahjong.example.org/results/"\n')
    assert run("build", "--content", tmp_path / "content", "--out", tmp_path / "site")[0] == 0
    site = tmp_path / "site/test-mahjong"
    base = "https://mahjong.example.org/results/test-mahjong/players/"
    [own] = codes(site / "players/p07.html")
    read_back(own, base + "p07.html")
    slips = (site / "slips-1.html").read_text(encoding="utf-8")
    ids = re.findall(r'<section class="slip" id="(p\d\d)">', slips)
    assert ids == [f"p{n:02d}" for n in range(1, 17)]
    slip_codes = codes(site / "slips-1.html")
    assert len(slip_codes) == 16
    for player, svg in zip(ids, slip_codes, strict=True):
        read_back(svg, f"{base}{player}.html")


def test_a_new_address_rebuilds_every_page_that_shows_it(archive, tmp_path):
    builder = Builder(plugin_manager(), archive, tmp_path / "site")
    builder.build()
    player = tmp_path / "site/club-swiss/players/a.html"
    assert codes(player) == []
    write(archive / "site.toml", 'url = "https://one.example.org/"\n')
    builder.build()
    read_back(codes(player)[0], "https://one.example.org/club-swiss/players/a.html")
    write(archive / "site.toml", 'url = "https://two.example.org/go/"\n')
    report = builder.build()
    assert report.rebuilt == ["club-swiss"]
    read_back(codes(player)[0], "https://two.example.org/go/club-swiss/players/a.html")
    (archive / "site.toml").unlink()
    builder.build()
    assert codes(player) == []

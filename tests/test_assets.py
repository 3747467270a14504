"""Assets are published under names that carry their content hash, and pages link to them."""

import hashlib

from conftest import write

from publisher.build.assets import hashed_name


def test_the_hash_goes_before_the_extension():
    digest = hashlib.sha256(b"body{}").hexdigest()[:8]
    assert hashed_name("style.css", b"body{}") == f"style.{digest}.css"
    assert hashed_name("screens/screen.js", b"body{}") == f"screens/screen.{digest}.js"
    assert hashed_name("LICENSE", b"body{}") == f"LICENSE.{digest}"


def test_pages_link_to_the_hashed_stylesheet_and_a_change_is_a_new_name(archive, tmp_path, run):
    out = tmp_path / "site"
    assert run("build", "--content", archive, "--out", out)[0] == 0
    [style] = out.glob("assets/style.*.css")
    assert style.name == hashed_name("style.css", style.read_bytes())
    page = (out / "club-swiss/players.html").read_text(encoding="utf-8")
    assert f'<link rel="stylesheet" href="../assets/{style.name}">' in page
    assert f'href="assets/{style.name}"' in (out / "index.html").read_text(encoding="utf-8")

    static = tmp_path / "plugins"
    write(static / "restyle.py", f"""
        from pathlib import Path
        from publisher import hookimpl

        @hookimpl
        def publisher_static_dirs():
            return [Path({str(tmp_path / 'static')!r})]
    """)
    write(tmp_path / "static/style.css", "body { color: teal; }\n")
    assert run("--plugins-dir", static, "build", "--content", archive, "--out", out)[0] == 0
    [restyled] = out.glob("assets/style.*.css")
    assert restyled.name != style.name
    assert restyled.read_text(encoding="utf-8") == "body { color: teal; }\n"
    assert f'href="../assets/{restyled.name}"' in (out / "club-swiss/players.html").read_text(
        encoding="utf-8")


def test_a_template_naming_a_missing_asset_is_a_template_error(archive, tmp_path, run):
    templates = tmp_path / "templates"
    write(templates / "players.html", "<link href=\"{{ asset('nowhere.css') }}\">\\n")
    code, _, stderr = run("build", "--content", archive, "--out", tmp_path / "site",
                          "--templates", templates)
    assert code == 1
    assert "players.html:1: template error: there is no asset 'nowhere.css'" in stderr

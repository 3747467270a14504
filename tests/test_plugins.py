"""Outside plugins get the same powers as the built-in ones."""

import inspect
import os
import subprocess
import sys
from pathlib import Path

from conftest import write

from publisher import hookspecs
from publisher.plugins import plugin_manager

OUTSIDE_PLUGIN = '''
from pathlib import Path

from publisher import hookimpl
from publisher.model import DataFile, Page

HERE = Path(__file__).parent


@hookimpl
def publisher_template_dirs():
    return [HERE / "sponsor_templates"]


@hookimpl
def publisher_jinja_filters():
    return {"shout": lambda text: text.upper() + "!"}


@hookimpl
def publisher_static_dirs():
    return [HERE / "sponsor_static"]


@hookimpl
def publisher_site_pages(site):
    return [DataFile("sponsors.json", {"championships": [e.slug for e in site.events]})]


@hookimpl
def publisher_add_commands(subparsers):
    parser = subparsers.add_parser("thank", help="thank the sponsors")
    parser.add_argument("name")
    parser.set_defaults(run=lambda args: print(f"Thank you, {args.name}!") or 0)


@hookimpl
def publisher_event_pages(event):
    return [Page("sponsors.html", "sponsors.html", "Sponsors", {"sponsor": "Kaya <Boards>"},
                 nav="Sponsors", nav_order=90),
            DataFile("data/sponsors.json", {"sponsors": ["Kaya Boards"]})]
'''

SPONSOR_TEMPLATE = """
{% extends "base.html" %}
{% block content %}<h1>{{ "thanks" | shout }}</h1><p class="sponsor">{{ sponsor }}</p>{% endblock %}
"""


def install_outside_plugin(folder: Path) -> None:
    """Lay out what ``pip install`` of a package declaring the entry point leaves behind."""
    write(folder / "sponsor_plugin.py", OUTSIDE_PLUGIN)
    write(folder / "sponsor_templates/sponsors.html", SPONSOR_TEMPLATE)
    write(folder / "sponsor_static/kaya.css", ".sponsor { color: teal; }\n")
    write(folder / "sponsor_plugin-1.0.dist-info/METADATA",
          "Metadata-Version: 2.1\nName: sponsor-plugin\nVersion: 1.0\n")
    write(folder / "sponsor_plugin-1.0.dist-info/entry_points.txt",
          "[publisher]\nsponsors = sponsor_plugin\n")


def test_a_plugin_installed_through_the_entry_point_adds_its_page(archive, tmp_path):
    packages = tmp_path / "packages"
    install_outside_plugin(packages)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(packages), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "publisher.cli", "build", "--content", str(archive), "--out", str(out)],
        env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    page = (out / "club-swiss/sponsors.html").read_text(encoding="utf-8")
    assert "<h1>THANKS!</h1>" in page
    assert '<p class="sponsor">Kaya &lt;Boards&gt;</p>' in page
    assert (out / "club-swiss/data/sponsors.json").read_text(encoding="utf-8").count("Kaya Boards") == 1
    overview = (out / "club-swiss/index.html").read_text(encoding="utf-8")
    assert '<a href="sponsors.html">Sponsors</a>' in overview
    [kaya] = out.glob("assets/kaya.*.css")
    assert kaya.read_text(encoding="utf-8") == ".sponsor { color: teal; }\n"
    assert (out / "sponsors.json").read_text(encoding="utf-8") == (
        '{"championships":["club-swiss"]}\n')
    thanked = subprocess.run([sys.executable, "-m", "publisher.cli", "thank", "Kaya"],
                             env=env, capture_output=True, text=True, check=False)
    assert (thanked.returncode, thanked.stdout) == (0, "Thank you, Kaya!\n")


def test_a_local_plugins_dir_is_loaded_for_one_venue(archive, tmp_path, run):
    local = tmp_path / "venue-plugins"
    write(local / "sponsor_local.py", OUTSIDE_PLUGIN.replace(
        'HERE / "sponsor_templates"', 'HERE.parent / "venue-templates"'))
    write(tmp_path / "venue-templates/sponsors.html", SPONSOR_TEMPLATE)
    code, _, stderr = run("--plugins-dir", local, "build", "--content", archive,
                          "--out", tmp_path / "site")
    assert (code, stderr) == (0, "")
    assert "THANKS!" in (tmp_path / "site/club-swiss/sponsors.html").read_text(encoding="utf-8")


def test_templates_option_overrides_a_theme_template(archive, tmp_path, run):
    write(tmp_path / "venue/players.html", '{% extends "base.html" %}{% block content %}'
          "<p>Field of {{ players | length }}</p>{% endblock %}")
    run("build", "--content", archive, "--out", tmp_path / "site", "--templates", tmp_path / "venue")
    assert "<p>Field of 4</p>" in (tmp_path / "site/club-swiss/players.html").read_text(encoding="utf-8")


def test_the_built_in_plugins_come_through_the_entry_point_group():
    names = {name for name, _ in plugin_manager().list_name_plugin()}
    assert {"core", "macmahon", "mahjong", "screens"} <= names


def test_every_hook_is_exercised_by_some_test():
    tests = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.rglob("*.py"))
    hooks = [name for name, _ in inspect.getmembers(hookspecs, inspect.isfunction)
             if name.startswith("publisher_")]
    assert [name for name in hooks if f"def {name}(" not in tests] == []


def test_every_hook_is_documented_in_hookspecs_and_in_the_plugin_guide():
    guide = (Path(__file__).parent.parent / "docs/plugins.md").read_text(encoding="utf-8")
    hooks = [name for name, _ in inspect.getmembers(hookspecs, inspect.isfunction)
             if name.startswith("publisher_")]
    assert len(hooks) >= 10
    for name in hooks:
        assert inspect.getdoc(getattr(hookspecs, name)), name
        assert f"`{name}" in guide, f"{name} is missing from docs/plugins.md"


def test_the_players_list_links_to_a_plugins_player_cards(archive, tmp_path, run):
    local = tmp_path / "cards"
    write(local / "cards.py", '''
from pathlib import Path

from publisher import hookimpl
from publisher.model import Page

HERE = Path(__file__).parent


@hookimpl
def publisher_template_dirs():
    return [HERE / "templates"]


@hookimpl
def publisher_event_pages(event):
    return [Page(f"players/{p.id}.html", "card.html", p.name) for p in event.players[:2]]
''')
    write(local / "templates/card.html", '{% extends "base.html" %}{% block content %}card{% endblock %}')
    run("--plugins-dir", local, "build", "--content", archive, "--out", tmp_path / "site")
    listing = (tmp_path / "site/club-swiss/players.html").read_text(encoding="utf-8")
    assert '<a href="players/a.html">Ann Able</a>' in listing
    assert '<a href="players/b.html">Bob Baker</a>' in listing
    assert "<td>Cleo Cole</td>" in listing

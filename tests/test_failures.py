"""A template mistake is told like a content mistake: one line with the file, the line and
what is wrong, exit 1, the site untouched; ``build`` and ``watch`` say the same words."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import snapshot

from publisher.build.builder import Builder
from publisher.live.watch import Watcher
from publisher.plugins import plugin_manager

PLAYERS_PAGE = ("{% extends 'base.html' %}\n{% block content %}\n<p>{{ event.name }}</p>\n{{ BODY }}\n"
                "{% endblock %}\n")

FLYER_PLUGIN = '''
from pathlib import Path

from publisher import hookimpl
from publisher.model import Page


@hookimpl
def publisher_template_dirs():
    return [Path(__file__).parent / "flyer-templates"]


@hookimpl
def publisher_event_pages(event):
    return [Page("flyer.html", "flyer/flyer.html", "Flyer", {"venue": event.venue})]
'''


@pytest.fixture
def site(archive: Path, run, monkeypatch) -> Path:
    """The archive built once, from its parent folder, as an organiser works."""
    monkeypatch.chdir(archive.parent)
    code, _, _ = run("build")
    assert code == 0
    return archive.parent / "site"


def override(body: str) -> Path:
    """templates/players.html: the theme's players page with ``body`` at line 4."""
    path = Path("templates/players.html")
    path.parent.mkdir(exist_ok=True)
    path.write_text(PLAYERS_PAGE.replace("{{ BODY }}", body), encoding="utf-8")
    return path


RUNTIME = ("Fix: check the names the template uses at this line against what the page is given "
           "(docs/plugins.md), or undo the last change to the template")
SYNTAX = ("Fix: correct the template at this line: every {{ needs its }}, every {% if %} and {% for %} "
          "its {% endif %} and {% endfor %}, and a filter must exist")


@pytest.mark.parametrize(("body", "error"), [
    ("{{ nothing.here }}", f"templates/players.html:4: template error: 'nothing' is undefined. {RUNTIME}"),
    ("{{ event.name }", f"templates/players.html:4: template error: unexpected '}}'. {SYNTAX}"),
    ("{% include 'sponsors.html' %}", "templates/players.html:4: template error: there is no template "
                                      "'sponsors.html'. Fix: check the name in extends, include or import"),
    ("{{ event.players | shuffle }}",
     f"templates/players.html:4: template error: No filter named 'shuffle'. {SYNTAX}"),
    ("{{ event.rounds + 'x' }}", "templates/players.html:4: template error: "
                                 f"unsupported operand type(s) for +: 'int' and 'str'. {RUNTIME}"),
])
def test_a_mistake_in_an_override_template_is_one_line_and_changes_nothing(site, run, body, error):
    before = snapshot(site)
    override(body)
    assert run("build", "--templates", "templates") == (1, "", f"error: {error}\n")
    assert snapshot(site) == before


def test_a_missing_base_template_names_the_template_that_extends_it(site, run):
    Path("templates").mkdir()
    Path("templates/players.html").write_text("{% extends 'layout.html' %}\n", encoding="utf-8")
    assert run("build", "--templates", "templates") == (
        1, "", "error: templates/players.html:1: template error: there is no template 'layout.html'. "
               "Fix: check the name in extends, include or import\n")


def test_a_mistake_in_a_plugins_template_names_that_template(site, run):
    plugins = Path("venue-plugins")
    (plugins / "flyer-templates" / "flyer").mkdir(parents=True)
    (plugins / "flyer.py").write_text(FLYER_PLUGIN, encoding="utf-8")
    (plugins / "flyer-templates" / "flyer" / "flyer.html").write_text(textwrap.dedent("""\
        {% extends "base.html" %}
        {% block content %}
        <h1>Come and play</h1>
        <p>{{ venue.adress }}</p>
        {% endblock %}
        """), encoding="utf-8")
    before = snapshot(site)
    code, _, stderr = run("--plugins-dir", plugins, "build")
    assert (code, stderr) == (1, "error: venue-plugins/flyer-templates/flyer/flyer.html:4: "
                                 f"template error: 'str object' has no attribute 'adress'. {RUNTIME}\n")
    assert snapshot(site) == before


def test_watch_says_what_build_says(site, run):
    override("{{ nothing.here }}")
    _, _, stderr = run("build", "--templates", "templates")
    lines: list[str] = []
    watcher = Watcher(Builder(plugin_manager(), Path("content"), Path("site"), Path("templates")),
                      log=lines.append)
    assert watcher.rebuild() is False
    assert stderr == f"error: {watcher.status.snapshot().error}\n"
    assert f"  {stderr.strip()}" in lines[-1].splitlines()


def test_a_bug_in_a_plugin_keeps_its_traceback(site, run):
    """Not the organiser's mistake: whoever fixes the plugin needs the traceback."""
    plugins = Path("venue-plugins")
    plugins.mkdir()
    (plugins / "broken.py").write_text(
        "from publisher import hookimpl\n\n\n@hookimpl\ndef publisher_compute_event(event):\n"
        "    raise RuntimeError('plugin bug')\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="plugin bug"):
        run("--plugins-dir", plugins, "build")

"""A page's parts kept between the renderings of ``watch`` (publisher/build/fragments.py)."""

from __future__ import annotations

from types import SimpleNamespace

import jinja2
import pytest
from conftest import snapshot, write

from publisher.build.fragments import Fragments, kept
from publisher.build.versions import Versions

TEMPLATE = "{% for e in items %}{% call kept(e) %}<li>{{ spy(e.name) }}</li>{% endcall %}{% endfor %}"


@pytest.fixture
def page():
    """The template, the names it rendered, and a rendering of the page at a path and language."""
    env = jinja2.Environment(autoescape=True)
    env.globals["kept"] = kept
    rendered: list[str] = []
    env.globals["spy"] = lambda name: rendered.append(name) or name
    template = env.from_string(TEMPLATE)
    fragments = Fragments()

    def render(items, path="index.html", language="en", versions=None, translations=None):
        with fragments.page(path, language, versions or Versions(), translations) as parts:
            return template.render(items=items, _fragments=parts)

    return SimpleNamespace(render=render, rendered=rendered, fragments=fragments, template=template)


def test_a_kept_block_is_rendered_again_only_for_another_object(page):
    a, b = SimpleNamespace(name="Ana"), SimpleNamespace(name="Bor")
    assert page.render([a, b]) == "<li>Ana</li><li>Bor</li>"
    assert page.rendered == ["Ana", "Bor"]
    page.rendered.clear()
    c = SimpleNamespace(name="Bor Kos")  # b made again: another object
    assert page.render([a, c]) == "<li>Ana</li><li>Bor Kos</li>"
    assert page.rendered == ["Bor Kos"]
    page.rendered.clear()
    assert page.render([a, b]) == "<li>Ana</li><li>Bor</li>"  # b's part went when it left the page
    assert page.rendered == ["Bor"]


def test_parts_are_kept_per_page_language_versions_and_catalogs(page):
    a = SimpleNamespace(name="Ana")
    page.render([a])
    for changed in ({"path": "clubs/x.html"}, {"language": "de"}, {"versions": Versions(("en", "de"))},
                    {"translations": object()}):
        page.rendered.clear()
        page.render([a], **changed)
        assert page.rendered == ["Ana"], changed


def test_a_failed_rendering_keeps_nothing_and_retain_forgets_pages_gone(page):
    a = SimpleNamespace(name="Ana")
    page.render([a])
    with pytest.raises(ZeroDivisionError), page.fragments.page("index.html", "en", Versions(), None) as parts:
        page.template.render(items=[a], _fragments=parts)
        raise ZeroDivisionError
    page.rendered.clear()
    page.render([a])
    assert page.rendered == ["Ana"]
    page.fragments.retain({"other.html"})
    page.rendered.clear()
    page.render([a])
    assert page.rendered == ["Ana"]


def test_without_fragments_the_block_is_rendered(page):
    assert page.template.render(items=[SimpleNamespace(name="Ana")]) == "<li>Ana</li>"


def test_the_front_page_renders_again_only_the_changed_championship_row(tmp_path):
    """Under watch the archive's front page takes the rows of unchanged championships as they
    were, renders the changed one's (its new name), and equals a fresh build's."""
    from archive_fixture import write_archive

    from publisher.build.builder import Builder
    from publisher.plugins import plugin_manager

    content = write_archive(tmp_path / "content")
    builder = Builder(plugin_manager(), content, tmp_path / "site")
    builder.build()
    names: list[str] = []
    dates = builder.renderer.env.filters["dates"]

    @jinja2.pass_context
    def spy(context, event):
        if context["event"] is None and context["page"].path == "index.html":  # the front page's rows
            names.append(event.name)
        return dates(context, event)

    builder.renderer.env.filters["dates"] = spy
    toml = content / "autumn-cup-2025" / "event.toml"
    write(toml, toml.read_text(encoding="utf-8").replace("Autumn Cup", "Autumn Cup of Ljubljana"))
    builder.build()
    assert names == ["Autumn Cup of Ljubljana 2025"]
    Builder(plugin_manager(), content, tmp_path / "fresh").build()
    assert snapshot(tmp_path / "site") == snapshot(tmp_path / "fresh")

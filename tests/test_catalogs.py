"""Every shipped catalog is complete, and Messages made in Python are translated on pages.

``publisher catalogs check`` is what a translator runs; here it runs on the theme's and
every built-in plugin's catalogs: each template holds exactly the texts the sources
mark, and each shipped language has every one of them translated, none fuzzy, with the
same placeholders (docs/languages.md).
"""

from __future__ import annotations

import pickle

import pytest

from publisher.commands.catalogs import domains, problems
from publisher.languages import SHIPPED, Message, message, plural_message, translations_for
from publisher.plugins import plugin_manager

DOMAINS = domains(plugin_manager())


@pytest.mark.parametrize("domain", DOMAINS, ids=[d.name for d in DOMAINS])
def test_every_shipped_catalog_is_complete(domain):
    assert list(problems(domain)) == []


def test_the_theme_and_every_plugin_with_pages_ship_a_catalog():
    assert {"theme", "archive", "core", "macmahon", "mahjong", "screens"} <= {d.name for d in DOMAINS}


def test_a_message_is_its_english_text_and_translates_with_its_values():
    folders = tuple(d.folder for d in DOMAINS)
    title = message("Round %(number)s", number=3)
    assert title == "Round 3" and isinstance(title, str)
    assert pickle.loads(pickle.dumps(title)).msgid == "Round %(number)s"
    assert pickle.loads(pickle.dumps(title)) == "Round 3"
    assert plural_message("%(num)d player", "%(num)d players", 1) == "1 player"
    assert plural_message("%(num)d player", "%(num)d players", 4) == "4 players"
    game = message("%(game)s results, pairings and standings as they are played.", game=message("Go"))
    japanese = translations_for("ja", folders)
    assert game.translate(japanese) != str(game)
    assert "%(" not in game.translate(japanese)
    assert set(SHIPPED) >= {"en", "ja", "zh-Hans", "zh-Hant", "ko"}
    assert isinstance(title, Message)


def test_a_plugin_makes_and_checks_its_own_catalog_with_the_command(tmp_path, run):
    plugin = tmp_path / "sponsors"
    (plugin / "templates").mkdir(parents=True)
    (plugin / "templates" / "sponsors.html").write_text(
        '<h1>{{ _("Our sponsors") }}</h1><p>{{ ngettext("%(num)d sponsor", "%(num)d sponsors", n) }}</p>\n',
        encoding="utf-8")
    (plugin / "__init__.py").write_text(
        'from publisher.languages import message\n\nTITLE = message("Thank you, %(name)s!", name="Kaya")\n',
        encoding="utf-8")
    code, out, _ = run("catalogs", "update", plugin)
    assert code == 0 and "sponsors.pot and its 11 languages" in out
    template = (plugin / "locale" / "sponsors.pot").read_text(encoding="utf-8")
    assert 'msgid "Our sponsors"' in template and 'msgid "Thank you, %(name)s!"' in template
    assert 'msgid_plural "%(num)d sponsors"' in template
    code, _, err = run("catalogs", "check", plugin)
    assert code == 1
    assert "locale/ja/LC_MESSAGES/sponsors.po" in err and "'Our sponsors' is not translated" in err
    assert "33 thing(s) left to translate" in err  # three texts in eleven languages
    from babel.messages.pofile import read_po, write_po

    for po in sorted((plugin / "locale").glob("*/LC_MESSAGES/sponsors.po")):
        with po.open("rb") as file:
            catalog = read_po(file, locale=po.parts[-3])
        for entry in catalog:
            if entry.id:
                entry.string = (tuple(f"[{entry.id[0]}]" for _ in range(catalog.num_plurals))
                                if isinstance(entry.id, tuple) else f"[{entry.id}]")
        with po.open("wb") as file:
            write_po(file, catalog)
    code, out, err = run("catalogs", "check", plugin)
    assert (code, err) == (0, "")
    assert "Every catalog is complete: 1 domain(s), 11 languages" in out
    (plugin / "templates" / "sponsors.html").write_text('<p>{{ _("New text") }}</p>\n', encoding="utf-8")
    code, _, err = run("catalogs", "check", plugin)
    assert code == 1 and "sponsors.pot: not the texts the sources mark; run publisher catalogs update" in err

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

"""Mahjong prizes with their currency, written by Babel for the event's locale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "content" / "hk-mahjong-open-2026"


def event(tmp_path: Path, settings: str) -> Path:
    content = tmp_path / "content"
    shutil.copytree(EXAMPLE, content / EXAMPLE.name)
    toml = content / EXAMPLE.name / "event.toml"
    text = toml.read_text(encoding="utf-8")
    top, mahjong = settings.split("|")
    toml.write_text(top + text.replace("[mahjong]\n", "[mahjong]\n" + mahjong, 1), encoding="utf-8")
    return content


@pytest.mark.parametrize(("settings", "shown"), [
    ('|currency = "HKD"\n', "HK$3,000.00"),
    ('locale = "de_DE"\n|currency = "EUR"\n', "3.000,00\xa0€"),
    ('locale = "zh_Hant_HK"\n|currency = "HKD"\n', "HK$3,000.00"),
    ("|", "3000.00"),
])
def test_prizes_are_money_in_the_events_locale(tmp_path, run, settings, shown):
    content = event(tmp_path, settings)
    assert run("build", "--content", content, "--out", tmp_path / "site")[0] == 0
    results = (tmp_path / "site" / EXAMPLE.name / "results.html").read_text(encoding="utf-8")
    assert f"Prizes for places 1 to 3: {shown}," in results


@pytest.mark.parametrize(("settings", "message"), [
    ('|currency = "XYZ"\n', "event.toml: mahjong.currency: unknown currency 'XYZ'"),
    ('|currency = 978\n', "event.toml: mahjong.currency: unknown currency 978"),
    ('locale = "xx_QQ"\n|currency = "EUR"\n', "event.toml: locale: unknown locale 'xx_QQ'"),
])
def test_an_unknown_currency_or_locale_names_the_key(tmp_path, run, settings, message):
    content = event(tmp_path, settings)
    code, _, err = run("build", "--content", content, "--out", tmp_path / "site")
    assert code == 1 and message in err, err
    assert "Traceback" not in err

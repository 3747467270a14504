"""A championship with ``language = "ja"`` shows no English interface word on its pages.

Two examples (the shogi WOSC, the Hong Kong mahjong open) are built with their event.toml
set to Japanese. Every page of theirs is read as a reader meets it: its visible text, the
words of its attributes a reader hears or sees (title, aria-label, alt, placeholder) and
the scripts' strings. What the organiser wrote is shown as written and taken out first:
the Markdown pages' text and contents (``.prose``, ``.toc``), the players' names and
clubs, the event's name and venue, the referees' reasons; the copies' round files lose
their notes (written in English by an earlier pairing; ``pair`` writes new ones in the
championship's language). What remains may hold no word of the interface's English
texts (every msgid of the shipped catalogs): such a word is a text that was not marked
for translation, or a catalog that was not used.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from publisher.cli import main
from publisher.commands.catalogs import domains, extracted
from publisher.plugins import plugin_manager

EXAMPLES = Path(__file__).resolve().parent.parent / "content"
CHAMPIONSHIPS = ["wosc-2026", "hk-mahjong-open-2026"]
# Words that are the same in a Japanese tournament's pages: abbreviations and formats.
KEPT = {"sos", "sosos", "sodos", "mms", "egd", "ema", "csv", "json", "utc", "qr", "mcmahon", "elo",
        "ics", "atom", "rss", "id", "pin", "javascript", "opengotha", "nbw", "esc", "dan", "kyu"}
SPOKEN = ("title", "aria-label", "alt", "placeholder")


class Visible(HTMLParser):
    """The text of a page a reader sees or hears, and the strings its scripts are given."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0  # inside <style> or a script that is code
        self.prose: list[str] = []  # the open elements of an organiser's Markdown text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "style" or (tag == "script" and values.get("type") != "application/json"):
            self.hidden += 1
        if self.prose or {"prose", "toc"} & set((values.get("class") or "").split()):
            if tag in ("div", "article") or not self.prose:
                self.prose.append(tag)
            return
        self.parts += [values[name] or "" for name in SPOKEN if name in values]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script") and self.hidden:
            self.hidden -= 1
        if self.prose and tag == self.prose[-1]:
            self.prose.pop()

    def handle_data(self, data: str) -> None:
        if self.lasttag == "script" and self.hidden == 0 and data.strip().startswith(("{", "[")):
            self.parts += strings(json.loads(data))  # the scripts' words: its values, not its keys
        elif not self.hidden and not self.prose:
            self.parts.append(data)


def strings(value: object) -> list[str]:
    """Every text in a JSON value, its placeholders (``%(shown)s``) left out."""
    if isinstance(value, str):
        return [re.sub(r"%\(\w+\)\w", " ", value)]
    if isinstance(value, dict):  # a search key ("key") is the names' spellings, not words
        return [s for name, item in value.items() if name not in ("key", "keys") for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []


def interface_words() -> set[str]:
    """Every word of the English texts of the shipped catalogs, lower case, of three letters or more."""
    words = set()
    for domain in domains(plugin_manager()):
        for entry in extracted(domain):
            for text in (entry.id if isinstance(entry.id, tuple) else (entry.id,)):
                words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"%\(\w+\)\w", " ", text))}
    return words - KEPT


def organisers_words(folder: Path) -> str:
    """The names the organiser wrote (players, clubs, the event, its venue and its Markdown
    pages' titles) and the reasons of penalties, as one text to take out of pages."""
    texts = [p.read_text(encoding="utf-8").partition("\n")[0] for p in folder.rglob("*.md")]
    texts += [line for line in (folder / "event.toml").read_text(encoding="utf-8").splitlines()
              if line.startswith(("name", "venue"))]
    with (folder / "players.csv").open(encoding="utf-8", newline="") as file:
        for row in csv.DictReader(file):
            texts += [row.get(key) or "" for key in ("name", "club", "first_name", "last_name")]
    for table in (folder / "rounds").glob("*-penalties.csv"):  # the referee's reasons
        with table.open(encoding="utf-8", newline="") as file:
            texts += [row.get("reason") or "" for row in csv.DictReader(file)]
    return "\n".join(texts)


def without_notes(folder: Path) -> None:
    """Empty the note column of the round files of ``folder`` (a copy)."""
    for table in (folder / "rounds").glob("*.csv"):
        with table.open(encoding="utf-8", newline="") as file:
            rows = list(csv.reader(file))
        if rows and "note" in rows[0]:
            column = rows[0].index("note")
            for row in rows[1:]:
                if len(row) > column:
                    row[column] = ""
            with table.open("w", encoding="utf-8", newline="") as file:
                csv.writer(file, lineterminator="\n").writerows(rows)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    content = tmp_path_factory.mktemp("japanese") / "content"
    for name in CHAMPIONSHIPS:
        shutil.copytree(EXAMPLES / name, content / name)
        without_notes(content / name)
        toml = content / name / "event.toml"
        toml.write_text('language = "ja"\n' + toml.read_text(encoding="utf-8"), encoding="utf-8")
    out = content.parent / "site"
    assert main(["build", "--content", str(content), "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("championship", CHAMPIONSHIPS)
def test_a_japanese_championship_shows_no_english_interface_word(site, championship):
    english = interface_words()
    organiser = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", organisers_words(EXAMPLES / championship))}
    found: dict[str, set[str]] = {}
    pages = sorted((site / championship).rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        parser = Visible()
        parser.feed(page.read_text(encoding="utf-8"))
        words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", " ".join(parser.parts))}
        if left := (words & english) - organiser:
            found[page.relative_to(site).as_posix()] = left
    assert found == {}
    assert '<html lang="ja"' in (site / championship / "index.html").read_text(encoding="utf-8")

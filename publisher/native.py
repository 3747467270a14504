"""Names in their own script (players.csv ``name_native``: 加藤 一二三, 王 小明, 김 민준): the
language a name is written in, the Latin letters a reader types for it, and how a page shows it
beside the Latin name.

Kana make a name Japanese and hangul Korean; a name of Han characters alone is Japanese for a
player of Japan, Chinese for one of China, Taiwan, Hong Kong, Macau or Singapore, and either
for anyone else. A name is read by the library of its language, imported the first time a name
of that script is read, so an archive of Latin names never loads one: Japanese by pykakasi
(Hepburn, and the hiragana a phone's keyboard shows before it converts), Chinese by pypinyin
(pinyin without tones and with tone numbers, ``wang2``) and Korean by koroman (the revised
romanisation, syllable by syllable as it writes personal names: 한복남 is ``han boknam``).
No library here gives McCune–Reischauer, nor the family names' own spellings (Kim, Lee, Park):
those a reader finds by the Latin name.

Japanese long vowels are typed four ways, and a reader may use any: Katō is found as ``kato``,
``katou``, ``katoh`` and ``katoo``, Ōno as ``ono``, ``ouno``, ``ohno`` and ``oono``; the
readings of a Japanese name carry the same spellings, and so does a Latin name written with
macrons (:func:`long_vowel_spellings`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markupsafe import Markup

_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]")
_KANA = re.compile("[\u3040-\u309f\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HAN = re.compile("[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
_EAST_ASIAN = re.compile(f"{_HANGUL.pattern}|{_KANA.pattern}|{_HAN.pattern}")

# Whose Han characters are read as whose: a player's country, as players.csv writes it
# (ISO 3166 two letters, or three).
_COUNTRY_LANGUAGE = {"JP": "ja", "JPN": "ja", **dict.fromkeys(
    ("CN", "CHN", "TW", "TWN", "HK", "HKG", "MO", "MAC", "SG", "SGP"), "zh")}

# A name's readings are asked for on every build of every page that lists it.
READINGS_KEPT = 1 << 14


@lru_cache(maxsize=READINGS_KEPT)
def name_languages(native: str, country: str = "") -> tuple[str, ...]:
    """The languages ``native`` may be read in: ``("ko",)``, ``("ja",)`` or ``("zh",)``, both
    ``("ja", "zh")`` for Han characters of a player of another country, ``()`` for other scripts."""
    if _HANGUL.search(native):
        return ("ko",)
    if _KANA.search(native):
        return ("ja",)
    if _HAN.search(native):
        language = _COUNTRY_LANGUAGE.get(country.strip().upper())
        return (language,) if language else ("ja", "zh")
    return ()


def native_lang(native: str, country: str = "") -> str:
    """The ``lang`` attribute of a name in its own script: ja, zh or ko, and ``und`` (undetermined)
    where the letters and the country leave it open, so that a reader does not take it for the
    page's language."""
    languages = name_languages(native, country)
    return languages[0] if len(languages) == 1 else "und"


def native_beside(native: str, country: str, page_lang: str | None = None) -> Markup:
    """``<span lang="ja">加藤 一二三</span>``, with a space before it, to follow the Latin name; ""
    for a player without one. ``page_lang`` is the page's language (BCP 47, ``zh-Hant``): a list
    shows the name only on pages of its language, where readers read it; None is a player's own
    page, which always shows it."""
    from markupsafe import Markup, escape  # for pages: a command that renders none starts without it

    if not native:
        return Markup("")
    if page_lang is not None and page_lang.split("-")[0].lower() not in name_languages(native, country):
        return Markup("")
    return Markup(f' <span lang="{native_lang(native, country)}">{escape(native)}</span>')


# Each way of typing a long vowel: dropped, as a Japanese keyboard types it, as a passport
# writes it, and doubled.
_LONG_VOWELS = tuple(str.maketrans(spelling) for spelling in (
    {"ō": "o", "ū": "u"}, {"ō": "ou", "ū": "uu"}, {"ō": "oh", "ū": "u"}, {"ō": "oo", "ū": "uu"}))


def long_vowel_spellings(text: str) -> tuple[str, ...]:
    """The four spellings of every word of ``text`` written with a macron (``Katō``: ``kato``,
    ``katou``, ``katoh``, ``katoo``), in lower case; () for text without one. A word's long vowels
    take one spelling together, as a reader types them."""
    words = [w for w in unicodedata.normalize("NFC", text.lower()).split() if "ō" in w or "ū" in w]
    return tuple(dict.fromkeys(w.translate(style) for w in words for style in _LONG_VOWELS))


_DOUBLED = re.compile("o[ou]|uu")


def _macrons(reading: str) -> str:
    """A reading as a Japanese keyboard types it (``katou``, ``oono``, ``yuusuke``) with its long
    o and u written as macrons (``katō``, ``ōno``, ``yūsuke``)."""
    return _DOUBLED.sub(lambda m: "ū" if m.group() == "uu" else "ō", reading)


def readings(text: str, country: str = "") -> tuple[str, ...]:
    """The words a reader may type for the names of ``text`` written in Japanese, Chinese or
    Korean, in lower case: their readings in Latin letters and the tails of each name (小明 of
    王小明, ``xiaoming`` of ``wangxiaoming``), so that a given name is found by where it starts.
    Each run of words with such letters is one name (``"Kato Hifumi 加藤 一二三 s001"`` has one);
    () for text without any."""
    if text.isascii():
        return ()
    names, run = [], []
    for word in text.split():
        if _EAST_ASIAN.search(word):
            run.append(word)
        elif run:
            names.append(" ".join(run))
            run = []
    if run:
        names.append(" ".join(run))
    return tuple(dict.fromkeys(w for name in names for w in _name_readings(name, country.strip().upper())))


@lru_cache(maxsize=READINGS_KEPT)
def _name_readings(name: str, country: str) -> tuple[str, ...]:
    return tuple(w for language in name_languages(name, country) for w in _READERS[language](name))


def _tails(units: list[str]) -> list[str]:
    """Every tail of a name's units joined: 王, 小, 明 give 王小明, 小明 and 明."""
    return ["".join(units[start:]) for start in range(len(units))]


def _japanese(name: str) -> list[str]:
    parts = [p for p in _kakasi().convert(name) if p["orig"].strip()]
    spelled = [spelling for reading in _tails([p["hepburn"] for p in parts])
               for spelling in long_vowel_spellings(_macrons(reading)) or (reading,)]
    return [*_tails([p["orig"] for p in parts]), *_tails([p["hira"] for p in parts]), *spelled]


@lru_cache(maxsize=1)
def _kakasi() -> Any:
    """The Japanese reader: its dictionaries take most of a second to load, once a process."""
    import pykakasi

    return pykakasi.kakasi()


def _chinese(name: str) -> list[str]:
    from pypinyin import Style, lazy_pinyin, pinyin

    characters = "".join(_HAN.findall(name))
    plain = lazy_pinyin(characters)  # ü as v, as pinyin keyboards type it: lv
    marked = lazy_pinyin(characters, v_to_u=True)  # ü, which folds to u: lu
    tones = lazy_pinyin(characters, style=Style.TONE3)  # wang2 xiao3 ming2
    # The family name's other readings: 曾 is ceng in words and Zeng as a name.
    family = [[other, *plain[1:]] for other in pinyin(characters[:1], heteronym=True, style=Style.NORMAL)[0]]
    return [w for units in ([*characters], plain, marked, tones, *family) for w in _tails(units)]


def _korean(name: str) -> list[str]:
    from koroman import romanize

    syllables = [c for c in name if "\uac00" <= c <= "\ud7a3"]
    return [*_tails(syllables), *_tails([romanize(s) for s in syllables])]


_READERS: dict[str, Callable[[str], list[str]]] = {"ja": _japanese, "zh": _chinese, "ko": _korean}

"""Small pieces of text that pages and problem messages share, so every plugin says them alike:
places, lists of names, and the one folding of names for search."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from anyascii import anyascii

from publisher.native import long_vowel_spellings, readings


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``: a place as people write it.

    11, 12 and 13 take ``th`` in every hundred (``111th``), whatever their last digit.
    """
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def join_names(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``: names in a sentence, without a serial comma."""
    if not names:
        raise ValueError("join_names needs at least one name")
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]



def some_names(names: Sequence[str], shown: int = 5) -> str:
    """``A, B, C, D, E and 697 more``: a list of any length in a line a terminal shows whole,
    its first ``shown`` names and how many it leaves out; up to ``shown + 1`` names in full
    (``join_names``), since "and 1 more" would take the place of the name it hides."""
    if len(names) <= shown + 1:
        return join_names(names)
    return f"{', '.join(names[:shown])} and {len(names) - shown:,} more"

# What a CSS string may hold as it is: besides letters and digits, nothing that ends the string,
# the declaration or the rule, nor starts an escape or a comment.
_CSS_PLAIN = frozenset(" -_.,:!?()/&+#%–—·")


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string, for a title that a style sheet shows (a printed page's).

    Every character but letters, digits and the plain punctuation of names is written as a
    CSS escape (``\\27 `` for ``'``), so no name can end the string and add rules of its
    own, such as an image from another host that would see who reads the page.
    """
    return "'" + "".join(c if c.isalnum() or c in _CSS_PLAIN else f"\\{ord(c):x} " for c in text) + "'"


# Latin letters a reader types without their marks: Latin-1 Supplement, Extended-A and -B, IPA,
# Latin Extended Additional. Letters outside these (Japanese, Cyrillic, ...) are matched as written.
_LATIN_BLOCKS = ((0x00C0, 0x02AF), (0x1E00, 0x1EFF))


def _strip_marks(text: str) -> str:
    """Lower case, decomposed, every nonspacing mark (Unicode category Mn) dropped."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")


def _is_latin(char: str) -> bool:
    return any(low <= ord(char) <= high for low, high in _LATIN_BLOCKS)


# A championship folds every player's name on every build (the find page, the players' list):
# a watched rebuild finds the same names folded already.
FOLDS_KEPT = 1 << 16


@lru_cache(maxsize=FOLDS_KEPT)
def fold(text: str) -> str:
    """What a reader types for ``text``: lower case ASCII for every Latin letter.

    Accents go (``č`` -> ``c``), and so do letters that accents do not cover, by the
    anyascii transliteration (``ł`` -> ``l``, ``ø`` -> ``o``, ``ß`` -> ``ss``, ``æ`` -> ``ae``);
    other scripts stay as they are written. Matching folds the typed text with this and looks
    it up in :func:`search_key`. Katakana is folded to hiragana (``カトウ`` -> ``かとう``): a
    Japanese reader types a name's reading in either.
    """
    if text.isascii():  # nothing to strip or transliterate: most names of a big field
        return text.lower()
    folded = "".join(anyascii(c).lower() if _is_latin(c) else c for c in _strip_marks(text))
    return folded.translate(_HIRAGANA)


# Each katakana letter (ァ to ヶ) to its hiragana, 0x60 code points before it.
_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


@lru_cache(maxsize=FOLDS_KEPT)
def search_key(text: str, country: str = "") -> str:
    """Every way a reader may type ``text``, folded, for matching typed text folded by :func:`fold`.

    German readers write ``ü`` as ``ue`` (``Müller``, ``Mueller``), so a name with an
    umlaut on a, o or u carries both spellings: ``"muller mueller"``. A Japanese long vowel
    written with a macron carries the four spellings readers type (``Katō``: ``kato katou katoh
    katoo``), and a name in Japanese, Chinese or Korean letters (加藤, 王小明, 김민준) its readings
    in Latin letters (:func:`publisher.native.readings`); ``country``, the player's, tells
    whether Han characters alone are read as Japanese or Chinese.
    """
    if text.isascii():
        return text.lower()
    plain = fold(text)
    umlauts = re.sub("([aouAOU])\u0308", r"\1e", unicodedata.normalize("NFD", text))
    spelled = fold(umlauts)
    key = plain if spelled == plain else f"{plain} {spelled}"
    known = set(key.split())
    more = dict.fromkeys(fold(w) for w in (*long_vowel_spellings(text), *readings(text, country)))
    return " ".join([key, *(w for w in more if w not in known)])


def fold_table() -> dict[str, str]:
    """The :func:`fold` of each Latin letter that dropping marks leaves non-ASCII, for a script
    (the find page's) that folds typed text: lower case, NFD, marks dropped, then this table."""
    return dict(_FOLD_TABLE)


def _fold_table() -> dict[str, str]:
    table = {}
    for low, high in _LATIN_BLOCKS:
        for point in range(low, high + 1):
            for char in _strip_marks(chr(point)):
                if not char.isascii() and char not in table and unicodedata.category(char).startswith("L"):
                    table[char] = anyascii(char).lower()
    return table


# Made once, when the module is imported: the transliteration's data is read before any build
# (or any process a build forks) needs it.
_FOLD_TABLE = _fold_table()

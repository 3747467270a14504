"""The site's languages: interface text made in Python, and the catalogs that translate it.

A page's words come from two places. Its template's own words are marked there
(``{{ _("Standings") }}``, the Jinja2 ``i18n`` extension). Words a plugin makes in
Python (a page's title, a menu label, a tiebreak's legend, why a pairing) are made
with :func:`message` or :func:`plural_message`: a :class:`Message` is the English text,
so it sorts, compares and joins as the English did, and also carries its catalog id
and values, so that the renderer prints it in the page's language wherever a template
prints it. The compute step stays the same for every language; only rendering differs.

Catalogs are gettext ``.po`` files kept in the repository, one per plugin and one for
the theme, under ``<folder>/<language>/LC_MESSAGES/<domain>.po`` (``zh_Hans`` for
``zh-Hans``); they are compiled in memory when a build first needs a language, so
there is no compile step to forget (docs/languages.md).

Vocabulary of the core: imports the standard library, and Babel only when a catalog or a
locale is asked for (a command that shows no page, ``pair``, starts without it).
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache, reduce
from gettext import NullTranslations
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel import Locale

SOURCE = "en"  # the language the texts are written in, and the site's when site.toml names none
# The languages the project ships complete catalogs of (tests/test_catalogs.py checks them).
SHIPPED = ("en", "ja", "zh-Hans", "zh-Hant", "ko", "fr", "de", "es", "it", "nl", "pl", "ru")
# Babel's locale for formatting: the texts' English is British (14 August 2026, colour).
_FORMAT_LOCALES = {"en": "en_GB"}
_CODE = re.compile(r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$")


# The English texts as they are: the source language, or a language without catalogs.
_NO_CATALOG = NullTranslations()


class Message(str):
    """Interface text made in Python: the English, with its catalog id and values.

    ``str(message)`` is the English text, so code that sorts or compares labels works as
    before; :meth:`translate` gives the text in another language. Joining a Message
    into a longer string keeps only its English: make the longer text a Message of its
    own with the part as a value (values that are Messages are translated too).
    """

    msgid: str
    plural: str
    n: int | None
    params: tuple[tuple[str, Any], ...]

    def __new__(cls, msgid: str, params: Mapping[str, Any] | None = None, plural: str = "",
                n: int | None = None) -> Message:
        values = dict(params or {})
        if n is not None:
            values.setdefault("num", n)
        english = plural if plural and n != 1 else msgid
        self = super().__new__(cls, english % values if values else english)
        # Interned: page keys are digests of pickles, which tell a shared string from an equal
        # one; a fresh build's Messages and those read back from the build's record must agree.
        self.msgid, self.plural, self.n = sys.intern(msgid), sys.intern(plural), n
        self.params = tuple((sys.intern(key), value) for key, value in values.items())
        return self

    def __reduce__(self) -> tuple:
        """Pickled as what it is made from (page keys and render workers pickle pages)."""
        return Message, (self.msgid, dict(self.params), self.plural, self.n)

    def translate(self, translations: NullTranslations) -> str:
        """The text in the language of ``translations``."""
        if self.plural:
            text = translations.ngettext(self.msgid, self.plural, self.n if self.n is not None else 1)
        else:
            text = translations.gettext(self.msgid)
        if not self.params:
            return text
        return text % {key: translated(value, translations) for key, value in self.params}


def message(msgid: str, /, **params: Any) -> Message:
    """Interface text for a page, translated when the page is rendered: ``msgid`` is the
    English, with ``%(name)s`` for each value in ``params``."""
    return Message(msgid, params)


def plural_message(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """Interface text that depends on a count ``n`` (``%(num)d table``, ``%(num)d tables``);
    each language has as many forms as its grammar needs."""
    return Message(singular, params, plural, n)


class Number(Message):
    """A number inside a text (points, a total), written as the page's language writes it:
    ``12.50`` in English as the plugin wrote it, ``12,50`` in French, by Babel's CLDR data."""

    def __new__(cls, value: Any, digits: int, english: str) -> Number:
        self = str.__new__(cls, english)
        self.msgid, self.plural, self.n, self.params = english, "", None, ()
        self.value, self.digits = value, digits
        return self

    def __reduce__(self) -> tuple:
        return Number, (self.value, self.digits, str(self))

    def translate(self, translations: NullTranslations) -> str:
        language = language_of(translations)
        if language == SOURCE:
            return str(self)
        from babel.numbers import format_decimal

        pattern = "#,##0." + "0" * self.digits if self.digits else "#,##0"
        return format_decimal(self.value, format=pattern, locale=locale_of(language))


class Ordinal(Message):
    """A place as a language writes it in a sentence: 1st, 2nd, 23rd; 1er, 2e; 2位.

    Which form a number takes is the language's (CLDR's ordinal categories, through Babel),
    picked when the page's language is known; each form is a text of the catalogs, so
    English's four endings are four texts and a language with one form translates all
    four alike."""

    def __new__(cls, n: int) -> Ordinal:
        self = super().__new__(cls, _ORDINALS[_english_ordinal(n)], {"place": n})
        self.place = n
        return self

    def __reduce__(self) -> tuple:
        return Ordinal, (self.place,)

    def translate(self, translations: NullTranslations) -> str:
        language = language_of(translations)
        if language == SOURCE:
            return str(self)
        category = locale_of(language).ordinal_form(self.place)
        return translations.gettext(_ORDINALS.get(category, _ORDINALS["other"])) % {"place": self.place}


def _english_ordinal(n: int) -> str:
    """English's ordinal category of ``n`` (CLDR): one (1st, 21st), two, few, other (11th...)."""
    if 11 <= n % 100 <= 13:
        return "other"
    return {1: "one", 2: "two", 3: "few"}.get(n % 10, "other")


def marked(msgid: str) -> str:
    """``msgid`` as it is, marked for the catalogs: a text translated later, by a Message
    made from it."""
    return msgid


# The texts of a place, one per ordinal category English has.
_ORDINALS = {
    # Translators: a place (1st, 21st; in French 1er, 21e); the form of the language's "one" ordinals.
    "one": marked("%(place)sst"),
    # Translators: a place (2nd, 22nd); the form of the language's "two" ordinals.
    "two": marked("%(place)snd"),
    # Translators: a place (3rd, 23rd); the form of the language's "few" ordinals.
    "few": marked("%(place)srd"),
    # Translators: a place (4th, 11th, 12th); the form of every other ordinal (Japanese: %(place)s位).
    "other": marked("%(place)sth"),
}


def ordinal(n: int) -> Ordinal:
    """``n`` as a place in a sentence, in the page's language: ``2nd``, ``2e``, ``2位``."""
    return Ordinal(n)


def listed(items: Sequence[str]) -> str:
    """``A, B, C``: items in a sentence, one item as it is; joined by a text of the catalogs,
    so a language writes the list its own way (``A、B、C``). Joined with ``", ".join`` a
    list of Messages would stay English."""
    # Translators: a list inside a sentence: the items so far, then one more.
    return reduce(lambda text, item: message("%(list)s, %(item)s", list=text, item=item), items)


def listed_with_semicolons(items: Sequence[str]) -> str:
    """``A; B; C``: items that hold commas of their own."""
    # Translators: a list of clauses that have commas of their own: the clauses so far, then one more.
    return reduce(lambda text, item: message("%(list)s; %(item)s", list=text, item=item), items)


def names_in_sentence(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``: names in a sentence, as
    :func:`publisher.text.join_names` writes them in English."""
    *others, last = items
    if not others:
        return last
    # Translators: names in a sentence: the names before the last one, then the last one.
    return message("%(list)s and %(item)s", list=listed(others), item=last)


def sentences(parts: Iterable[str]) -> str:
    """Sentences one after another as one text (``""`` for none): a language that runs its
    sentences together without a space translates the joint."""
    text = ""
    for part in parts:
        if part:
            # Translators: two sentences one after the other.
            text = message("%(sentence)s %(next)s", sentence=text, next=part) if text else part
    return text


def language_of(translations: NullTranslations) -> str:
    """The language ``translations`` translate into (English for none): for texts whose form
    depends on the language itself, not only on a catalog (ordinals, numbers, country names)."""
    return getattr(translations, "language", SOURCE)


def translated(value: Any, translations: NullTranslations) -> Any:
    """``value`` in the language of ``translations`` when it is a Message, else as it is."""
    return value.translate(translations) if isinstance(value, Message) else value


def translated_data(value: Any, translations: NullTranslations) -> Any:
    """``value`` with every Message in it, inside its lists and dicts too, in the language of
    ``translations``: the data of a JSON file that carries interface text (the hall screens'
    ``live.json``), which leaves the build as JSON, where a Message would be its English."""
    if isinstance(value, Message):
        return value.translate(translations)
    if isinstance(value, dict):
        return {key: translated_data(item, translations) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [translated_data(item, translations) for item in value]
    return value


def in_language(value: Any, language: str, folders: Iterable[Path]) -> Any:
    """``value`` in ``language``, from the catalogs in ``folders``: for what is written in a
    championship's language outside a page (the pairing notes a round file keeps)."""
    return translated(value, translations_for(language, tuple(folders)))


def check_code(code: str) -> str | None:
    """Why ``code`` is not a language the site can be written in, or None when it is."""
    if not isinstance(code, str) or not _CODE.match(code):
        return f"{code!r} is not a language code"
    if code not in SHIPPED:
        return f"{code!r} is not a language the site is translated into"
    return None


def catalog_name(code: str) -> str:
    """The folder name of a language's catalogs: ``zh-Hans`` is ``zh_Hans``."""
    return code.replace("-", "_")


@cache
def locale_of(code: str) -> Locale:
    """Babel's locale for formatting dates and numbers in ``code``."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(_FORMAT_LOCALES.get(code, catalog_name(code)))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(_FORMAT_LOCALES[SOURCE])


@cache
def language_name(code: str) -> str:
    """A language's name as its readers write it (日本語, Deutsch, 中文 (简体)), for the
    language switch."""
    from babel import Locale

    name = Locale.parse(catalog_name(code)).get_display_name(catalog_name(code)) or code
    return name[:1].upper() + name[1:]


def catalog_files(language: str, folders: Iterable[Path]) -> list[Path]:
    """The ``.po`` files of ``language`` in ``folders``, in the folders' order."""
    return [po for folder in folders
            for po in sorted((folder / catalog_name(language) / "LC_MESSAGES").glob("*.po"))]


def translations_for(language: str, folders: tuple[Path, ...]) -> NullTranslations:
    """Every catalog of ``language`` in ``folders`` as one: a later folder's entry wins over
    an earlier one's (an organiser's override over the theme's). English is the source."""
    files = catalog_files(language, folders) if language != SOURCE else []
    if not files:
        return _NO_CATALOG
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    return _translations(language, stamp)


@lru_cache(maxsize=64)
def _translations(language: str, stamp: tuple[tuple[str, int, int], ...]) -> NullTranslations:
    """The catalogs named in ``stamp``, compiled in memory (an edited one has another stamp)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    merged: Translations | None = None
    for name, _, _ in stamp:
        with open(name, "rb") as source:
            catalog = read_po(source, locale=catalog_name(language))
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        compiled.seek(0)
        translations = Translations(compiled)
        if merged is None:
            merged = translations
        else:
            merged.merge(translations)
    if merged is None:
        return _NO_CATALOG
    merged.language = language  # type: ignore[attr-defined]  # for the forms of ordinals (Ordinal)
    return merged

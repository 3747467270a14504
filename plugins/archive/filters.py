"""The archive's filters for words that depend on the page's language: a country's name, as
the CLDR writes it in that language, and a place as an ordinal ("2nd", "2位").

Imported when pages are rendered (Jinja2): commands that render nothing skip it.
"""

from __future__ import annotations

import jinja2

from plugins.archive.clubs import country_code, country_name
from publisher.languages import SOURCE, Message, locale_of, message, translated


@jinja2.pass_context
def country(context: jinja2.runtime.Context, value: str) -> str:
    """``| country``: a players.csv country (``SI``, ``si``, ``UK``) by its name in the page's
    language (Slovenia, スロベニア); a value that is no country code as it is written."""
    code = country_code(value) if value.strip() else ""
    return country_name(code, context.get("lang", SOURCE)) if code else value


@jinja2.pass_context
def ordinal(context: jinja2.runtime.Context, place: str) -> str:
    """``| ordinal``: a place (``2``, or ``=2`` for one shared) as the page's language writes
    it in a sentence: "=2nd" in English. Which form a number takes is the language's
    (CLDR's ordinal categories); each form is a text of the catalogs."""
    number = place.lstrip("=")
    if not number.isdigit():
        return place
    category = locale_of(context.get("lang", SOURCE)).ordinal_form(int(number))
    text = translated(_ordinal(category, number), context["_translations"])
    return place[: len(place) - len(number)] + text


def _ordinal(category: str, number: str) -> Message:
    """The text of a place whose number is of ordinal ``category`` in the page's language.
    English has four, and each language translates those its own categories take
    (Japanese only ``other``: "%(place)s位")."""
    if category == "one":
        return message("%(place)sst", place=number)
    if category == "two":
        return message("%(place)snd", place=number)
    if category == "few":
        return message("%(place)srd", place=number)
    return message("%(place)sth", place=number)

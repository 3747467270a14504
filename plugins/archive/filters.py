"""The archive's filters for words that depend on the page's language: a country's name, as
the CLDR writes it in that language, and a place as an ordinal ("2nd", "2位").

Imported when pages are rendered (Jinja2): commands that render nothing skip it.
"""

from __future__ import annotations

import jinja2

from plugins.archive.clubs import country_code, country_name
from publisher.languages import SOURCE, ordinal, translated


@jinja2.pass_context
def country(context: jinja2.runtime.Context, value: str) -> str:
    """``| country``: a players.csv country (``SI``, ``si``, ``UK``) by its name in the page's
    language (Slovenia, スロベニア); a value that is no country code as it is written."""
    code = country_code(value) if value.strip() else ""
    return country_name(code, context.get("lang", SOURCE)) if code else value


@jinja2.pass_context
def place(context: jinja2.runtime.Context, value: str) -> str:
    """``| ordinal``: a place (``2``, or ``=2`` for one shared) as the page's language writes
    it in a sentence: "=2nd" in English (publisher.languages.ordinal)."""
    number = value.lstrip("=")
    if not number.isdigit():
        return value
    return value[: len(value) - len(number)] + translated(ordinal(int(number)), context["_translations"])

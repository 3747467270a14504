"""Prizes as the event's public reads money: ``HK$10,000.00``, ``10.000,00 €``.

``currency`` in ``[mahjong]`` is an ISO 4217 code; ``locale`` in event.toml (``en``,
``zh_Hant_HK``, ``de_DE``) says how the event's readers write amounts. Babel's CLDR data does
the writing: symbol, its place, thousands separators and decimals.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING

from publisher.model import Event
from publisher.problems import ContentError, Problem

if TYPE_CHECKING:
    from babel import Locale

DEFAULT_LOCALE = "en"


def money(event: Event, amount: Fraction) -> str:
    """``amount`` (rounded down to the cent, as every total is) in the event's currency and
    locale; without a currency, the plain two-decimal number."""
    cents = Decimal(floor(amount * 100)) / 100
    currency = event.config.get("mahjong", {}).get("currency")
    if currency is None:
        return f"{cents:.2f}"
    from babel.numbers import format_currency  # Babel's data: only for an event with a currency

    return format_currency(cents, _currency(event, currency), locale=_locale(event))


def _locale(event: Event) -> Locale:
    from babel import Locale, UnknownLocaleError

    name = event.config.get("locale", DEFAULT_LOCALE)
    try:
        return Locale.parse(str(name).replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        raise ContentError(Problem(event.toml_path, f"unknown locale {name!r}",
                                   'write a language and region such as locale = "en_GB" or "zh_Hant_HK"',
                                   key="locale")) from None


def _currency(event: Event, code: object) -> str:
    from babel.numbers import get_currency_name

    text = str(code).upper()
    if not (isinstance(code, str) and len(text) == 3 and get_currency_name(text, locale="en") != text):
        raise ContentError(Problem(event.toml_path, f"unknown currency {code!r}",
                                   'write an ISO 4217 code such as currency = "EUR", "HKD" or "USD"',
                                   key="mahjong.currency"))
    return text

"""Prizes as the event's public reads money: ``HK$10,000.00``, ``10.000,00 €``.

``currency`` in ``[mahjong]`` is an ISO 4217 code; ``locale`` in event.toml (``en``,
``zh_Hant_HK``, ``de_DE``) says how the readers of the championship's own pages write
amounts; its pages in the site's other languages write them as their language does, in
the same currency. Babel's CLDR data does the writing: symbol, its place, thousands
separators and decimals. The pages get a :class:`Money`, checked when they are made, and
write it with ``| money`` in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING, Any

import jinja2

from publisher.languages import SOURCE, locale_of
from publisher.model import Event
from publisher.problems import ContentError, Problem

if TYPE_CHECKING:
    from babel import Locale

@dataclass(frozen=True)
class Money:
    """An amount rounded down to the cent, as every total is, in ``currency`` (None: a plain
    number with two decimals); ``locale`` is event.toml's, "" when it names none."""

    cents: Decimal
    currency: str | None
    locale: str

    def __str__(self) -> str:
        """The amount as the championship's own pages write it without a language of their own
        (the CSV downloads): as its ``locale`` does, else as the site's English does."""
        return self.written(_parse(self.locale) if self.locale else locale_of(SOURCE))

    def written(self, locale: Locale) -> str:
        """The amount as ``locale`` writes it."""
        from babel.numbers import format_currency, format_decimal  # Babel's data: only for a page

        if self.currency is None:
            return format_decimal(self.cents, format="0.00", locale=locale)
        return format_currency(self.cents, self.currency, locale=locale)


def money(event: Event, amount: Fraction) -> Money:
    """``amount`` in the event's currency, its currency and locale checked."""
    cents = Decimal(floor(amount * 100)) / 100
    currency = event.config.get("mahjong", {}).get("currency")
    if currency is None:
        return Money(cents, None, "")
    code = _currency(event, currency)
    _locale(event)
    return Money(cents, code, str(event.config.get("locale", "")))


@jinja2.pass_context
def write_money(context: jinja2.runtime.Context, amount: Money) -> str:
    """``| money``: an amount as the page's language writes it; on the championship's own pages
    (those at the usual paths, the first of its ``versions``) as its ``locale`` does."""
    language = context["lang"]
    versions: list[dict[str, Any]] = context["versions"]
    if amount.locale and (not versions or versions[0]["code"] == language):
        return amount.written(_parse(amount.locale))
    return amount.written(locale_of(language))


def _parse(name: str) -> Locale:
    from babel import Locale

    return Locale.parse(name.replace("-", "_"))


def _locale(event: Event) -> Locale:
    from babel import UnknownLocaleError

    name = event.config.get("locale", SOURCE)
    try:
        return _parse(str(name))
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

"""The rows of a club's or a country's page, made in Python.

A country of an archive lists thousands of people, each with every championship they
played, and a saved result renders again every club and country page whose places it
moved. As a template loop those pages cost Jinja2 a link, a translation and a few escapes
per championship of every member: most of a federation archive's save. The markup is the
one the template wrote; every value from the content is escaped here, and the words are
the page's language's, looked up once a page.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from plugins.archive.clubs import Member
from plugins.archive.filters import place
from publisher.languages import marked

# Translators: a member's place in a championship, on a club's or a country's page: "2nd of 58".
PLACE_OF = marked('%(ordinal)s <span class="of">of %(field)s</span>')
# Translators: beside a player of a club's page who has no federation id (and so no page of their own).
NO_ID = marked("no id")


@pass_context
def member_rows(context: Context, members: Iterable[Member]) -> Markup:
    """A table row for each member: their name (linked to their page), every championship
    they played with its year and their place, and how many. A filter:
    ``{{ group.members | member_rows }}``. Under ``watch`` a member's row is made again only
    when their entry changed (an entry that reads the same is the same object): a save moves
    a few members of a country of thousands. The page's rows are kept as the ``kept`` block
    keeps a template's (publisher/build/fragments.py)."""
    make = _row_maker(context)
    fragments = context.get("_fragments")
    if fragments is None:
        return Markup("".join(map(make, members)))
    return Markup("".join([fragments.get(member, functools.partial(make, member)) for member in members]))


def _row_maker(context: Context) -> Callable[[Member], str]:
    """What makes a member's row on the page of ``context``: its words looked up once."""
    translations, url = context["_translations"], context["url"]
    no_id = f' <span class="of">{Markup(translations.gettext(NO_ID)) % {}}</span>'
    place_of = Markup(translations.gettext(PLACE_OF))
    places: dict[tuple[str, int], str] = {}

    def placed(text: str, field: int) -> str:
        if (text, field) not in places:
            places[text, field] = f" · {place_of % {'ordinal': place(context, text), 'field': field}}"
        return places[text, field]

    def row(member: Member) -> str:
        name = escape(member.name)
        who = f'<a href="{escape(url(member.page))}">{name}</a>' if member.page else f"{name}{no_id}"
        played = "".join(f'<li><a href="{escape(url(p.page))}">{escape(p.championship)}</a> '
                         f'<span class="of">{escape(p.date[:4])}</span>'
                         f'{placed(p.place, p.field) if p.place else ""}</li>' for p in member.played)
        return (f'<tr><td>{who}</td><td><ul class="played">{played}</ul></td>'
                f'<td class="num">{len(member.played)}</td></tr>\n')

    return row

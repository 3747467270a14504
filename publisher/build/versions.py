"""Which languages a page is written in, and where each language's version of it goes.

``languages`` in site.toml lists the site's languages, its first the archive's own: a
page in that language is at its usual path, and its version in each other language
under that language's folder with the same relative path (``ja/index.html``). A
championship's own ``language`` (event.toml) is that of its pages at the usual paths;
the site's other languages, its first among them, go under their folders as for any
page. Only pages have versions, and JSON files that carry interface text for a page's
script (``DataFile.translated``): other data files, images and scripts are the same for
every language and stay where they are, so every version links to the one copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from publisher.languages import SOURCE


@dataclass(frozen=True)
class Versions:
    """The site's languages and the championships' own, for placing and linking pages."""

    site: tuple[str, ...] = (SOURCE,)
    events: Mapping[str, str] = field(default_factory=dict)  # slug -> its own language, where it has one

    def of(self, slug: str | None) -> tuple[str, ...]:
        """The languages of championship ``slug``'s pages (None: the archive's), the one at
        the usual paths first."""
        own = self.events.get(slug, "") if slug else ""
        if not own or own == self.site[0]:
            return self.site
        return (own, *(code for code in self.site if code != own))

    def path(self, language: str, rel: str) -> str:
        """Where the version in ``language`` of the page at ``rel`` (from the site root) is:
        ``rel`` itself when that is its usual language or when it has no such version.
        Links that are not pages (``style.css``, ``data/standings-3.json``) are ``rel`` as
        they are."""
        return self.place(language, rel) if is_page(rel) else rel

    def place(self, language: str, rel: str) -> str:
        """Where the version in ``language`` of ``rel`` is, for a file that has one in each
        language of its championship: a page, or a translated JSON file (model.DataFile)."""
        head, slash, _ = rel.partition("/")
        languages = self.of(head if slash else None)
        if language == languages[0] or language not in languages:
            return rel
        return f"{language}/{rel}"


def is_page(rel: str) -> bool:
    """Whether ``rel`` (a link from the site root, perhaps with ``#part``) is a page: an HTML
    file or a folder's index."""
    rel = rel.partition("#")[0]
    return rel == "" or rel.endswith((".html", "/"))

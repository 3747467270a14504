"""Organiser-written Markdown, rendered with tables and a table of contents, and made safe.

Raw HTML and ``javascript:`` links in a page are removed by nh3 after
rendering, so an announcement cannot break out of the page or run a script.
"""

from __future__ import annotations

from pathlib import Path

import markdown
import nh3

from publisher.model import MarkdownPage
from publisher.problems import ContentError, Problem
from publisher.textfiles import read_text

_EXTENSIONS = ["tables", "toc", "meta", "sane_lists", "fenced_code", "attr_list"]
_ATTRIBUTES = {
    **{tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()},
    **{f"h{n}": {"id"} for n in range(1, 7)},
    "a": {"href", "hreflang", "title"},
    "th": {"align", "colspan", "rowspan", "scope"},
    "td": {"align", "colspan", "rowspan"},
}


def render(text: str) -> tuple[str, str, dict[str, str]]:
    """Markdown to safe HTML: returns (body, table of contents, metadata lower-cased)."""
    md = markdown.Markdown(extensions=_EXTENSIONS, extension_configs={"toc": {"permalink": False}})
    html = md.convert(text)
    meta = {key.lower(): " ".join(values) for key, values in getattr(md, "Meta", {}).items()}
    toc = md.toc if "<li>" in md.toc else ""
    return clean(html), clean(toc), meta


def clean(html: str) -> str:
    """Keep only harmless tags, attributes and link schemes."""
    return nh3.clean(html, attributes=_ATTRIBUTES, url_schemes={"http", "https", "mailto"},
                     clean_content_tags={"script", "style"})


def load_page(path: Path) -> MarkdownPage:
    """Read one organiser page. Title: ``Title:`` metadata, else the first heading, else
    the file name. Order in the menu: ``Order:`` metadata, else alphabetical."""
    text = read_text(path)
    try:
        body, toc, meta = render(text)
    except RecursionError:  # Python-Markdown parses nested lists and quotes recursively
        raise ContentError(Problem(path, "nests lists or quotes too deeply to be shown",
                                   "keep lists and quotes to a few levels of indentation")) from None
    title = meta.get("title") or _first_heading(text) or path.stem.replace("-", " ").capitalize()
    try:
        order = int(meta.get("order", "50"))
    except ValueError:
        raise ContentError(Problem(path, f"Order: {meta['order']!r} is not a whole number",
                                   "write Order: 10 (smaller numbers come first)", line=1)) from None
    return MarkdownPage(slug=path.stem, title=title, html=body, toc=toc, order=order, source=path)


def _first_heading(text: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return ""

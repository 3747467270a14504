"""Organiser-written Markdown, rendered with tables and a table of contents, and made safe.

Raw HTML is removed while the Markdown is read (its text stays), and nh3 cleans
what Markdown made of the rest (``javascript:`` links, attributes): an
announcement cannot break out of the page, run a script or load a remote image
that tells a tracker who reads the public site. A page whose Markdown would take
Python-Markdown minutes (thousands of unclosed brackets, lists nested hundreds
deep) is refused before it is rendered, naming the line, so one page never
freezes a build, ``watch`` or the hall screens.
"""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import nh3
from markdown.inlinepatterns import HTML_RE, InlineProcessor
from markdown.preprocessors import Preprocessor

from publisher.content.csvfiles import Bounds
from publisher.content.textfiles import read_text
from publisher.model import MarkdownPage
from publisher.problems import ContentError, Problem

_EXTENSIONS = ["tables", "toc", "meta", "sane_lists", "fenced_code", "attr_list"]
_ATTRIBUTES = {
    **{tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()},
    **{f"h{n}": {"id"} for n in range(1, 7)},
    "a": {"href", "hreflang", "title"},
    "th": {"align", "colspan", "rowspan", "scope"},
    "td": {"align", "colspan", "rowspan"},
}


ORDER = Bounds(-9999, 9999)  # a page's place in the menu
MOST_CHARACTERS = 200_000  # some 40 printed pages: more is a pasted file, not an announcement
MOST_DEPTH = 10  # lists and quotes nested deeper are a typo or an attack
MOST_OPEN = 10  # [ or ( open at once in a paragraph: Markdown reads on from each to find its end


class _DropRawHtmlBlocks(Preprocessor):
    """Python-Markdown's raw HTML block reader, with what it keeps emptied: the blocks vanish."""

    def __init__(self, md: markdown.Markdown, reader: Preprocessor):
        super().__init__(md)
        self.reader = reader

    def run(self, lines: list[str]) -> list[str]:
        stash = self.md.htmlStash.rawHtmlBlocks
        before = len(stash)
        lines = self.reader.run(lines)
        stash[before:] = [""] * (len(stash) - before)
        return lines


class _DropInlineHtml(InlineProcessor):
    """An inline tag (``<img src=...>``, ``<span>``) is left out; the text around it stays."""

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        return "", m.start(0), m.end(0)


def render(text: str) -> tuple[str, str, dict[str, str]]:
    """Markdown to safe HTML: returns (body, table of contents, metadata lower-cased)."""
    md = markdown.Markdown(extensions=_EXTENSIONS, extension_configs={"toc": {"permalink": False}})
    md.preprocessors.register(_DropRawHtmlBlocks(md, md.preprocessors["html_block"]), "html_block", 20)
    md.inlinePatterns.register(_DropInlineHtml(HTML_RE, md), "html", 90)
    html = md.convert(text)
    meta = {key.lower(): " ".join(values) for key, values in getattr(md, "Meta", {}).items()}
    toc = md.toc if "<li>" in md.toc else ""
    return clean(html), clean(toc), meta


def clean(html: str) -> str:
    """Keep only harmless tags, attributes and link schemes; images only from the site itself."""
    cleaned = nh3.clean(html, attributes=_ATTRIBUTES, url_schemes={"http", "https", "mailto"},
                        clean_content_tags={"script", "style"}, attribute_filter=_local_images)
    return _IMAGE_WITHOUT_SOURCE.sub("", cleaned)


_REMOTE = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:|//|\\\\)", re.IGNORECASE)
_IMAGE_WITHOUT_SOURCE = re.compile(r"<img(?![^>]*\ssrc=)[^>]*>")


def _local_images(tag: str, attribute: str, value: str) -> str | None:
    """An image from another host would tell it who reads the page: its source is dropped."""
    if tag == "img" and attribute == "src" and _REMOTE.match(value):
        return None
    return value


def too_heavy(text: str) -> tuple[int, str, str] | None:
    """(line, what, fix) when ``text`` is Markdown that Python-Markdown renders in quadratic
    time or recursion (unclosed brackets, deep nesting, a pasted file), else None."""
    paragraph: list[str] = []
    start = 1
    for number, line in enumerate([*text.split("\n"), ""], 1):
        indent = line[:len(line) - len(line.lstrip(" \t>"))]
        levels = indent.count(">") + indent.replace(">", "").expandtabs(4).count(" ") // 4
        if levels > MOST_DEPTH:
            return number, f"nests lists or quotes {levels} levels deep (at most {MOST_DEPTH})", \
                "keep lists and quotes to a few levels of indentation"
        if line.strip():
            start = start if paragraph else number
            paragraph.append(line)
        elif paragraph:
            found = _open_brackets("\n".join(paragraph), start)
            if found:
                return found
            paragraph = []
    if len(text) > MOST_CHARACTERS:
        return 1, f"has {len(text):,} characters, more than a page can show ({MOST_CHARACTERS:,})", \
            "split it into several pages, or publish the file as a download"
    return None


def _open_brackets(paragraph: str, first: int) -> tuple[int, str, str] | None:
    """More than MOST_OPEN ``[`` or ``(`` open at once in a paragraph starting at line ``first``:
    Python-Markdown looks for the end of each one from where it opens."""
    open_count = {"[": 0, "(": 0}
    closing = {"]": "[", ")": "("}
    escaped = False
    for at, char in enumerate(paragraph):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char in open_count:
            open_count[char] += 1
            if open_count[char] > MOST_OPEN:
                return (first + paragraph.count("\n", 0, at),
                        f"has more than {MOST_OPEN} brackets {char} open at once in one paragraph",
                        f"close each {char} (or write it as \\{char}), or split the paragraph")
        elif char in closing and open_count[closing[char]]:
            open_count[closing[char]] -= 1
    return None


def load_page(path: Path) -> MarkdownPage:
    """Read one organiser page. Title: ``Title:`` metadata, else the first heading, else
    the file name. Order in the menu: ``Order:`` metadata, else alphabetical."""
    text = read_text(path)
    heavy = too_heavy(text)
    if heavy:
        line, what, fix = heavy
        raise ContentError(Problem(path, what, fix, line=line))
    try:
        body, toc, meta = render(text)
    except RecursionError:  # Python-Markdown parses nested lists and quotes recursively
        raise ContentError(Problem(path, "nests lists or quotes too deeply to be shown",
                                   "keep lists and quotes to a few levels of indentation")) from None
    title = meta.get("title") or _first_heading(text) or path.stem.replace("-", " ").capitalize()
    order = ORDER.read(meta.get("order", "50"))
    if order is None:
        raise ContentError(Problem(path, f"Order: {meta['order']!r} is not {ORDER}",
                                   "write Order: 10 (smaller numbers come first)", line=1))
    return MarkdownPage(slug=path.stem, title=title, html=body, toc=toc, order=order, source=path)


def _first_heading(text: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return ""

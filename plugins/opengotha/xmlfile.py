"""OpenGotha's tournament file, parsed safely, every element with the line it starts on.

``defusedxml`` refuses DTDs, entity declarations and external references, so an
entity bomb or a file that points at another file is a one-line problem, not a
hung build or a leak. Line numbers come from a second, plain expat pass over the
same bytes, which defusedxml has already found free of any declaration.
"""

from __future__ import annotations

import xml.parsers.expat
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree

from publisher.problems import ContentError, Problem

_FIX = "save the tournament again from OpenGotha (File > Save), or check that this is its complete file"


class XmlFile:
    """A parsed XML file: its root element and where each element starts."""

    def __init__(self, path: Path):
        self.path = path
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise ContentError(Problem(path, f"cannot be read: {exc.strerror}")) from None
        try:
            self.root: Element = defusedxml.ElementTree.fromstring(data, forbid_dtd=True)
        except defusedxml.DefusedXmlException as exc:
            raise ContentError(Problem(
                path, f"declares a DTD or entities ({type(exc).__name__}), which a tournament file "
                "never needs and which are refused for safety", _FIX)) from None
        except LookupError as exc:  # <?xml ... encoding="..."?> names one Python does not know
            raise ContentError(Problem(path, f"declares an encoding this program cannot read ({exc})",
                                       _FIX, line=1)) from None
        except ParseError as exc:
            line, column = exc.position
            raise ContentError(Problem(path, f"is not well-formed XML at column {column + 1}: "
                                       f"{_reason(exc)}", _FIX, line=line)) from None
        self._lines = _start_lines(data)
        self._order = {id(e): n for n, e in enumerate(self.root.iter())}

    def line(self, element: Element) -> int | None:
        number = self._order.get(id(element))
        return self._lines[number] if number is not None and number < len(self._lines) else None

    def problem(self, element: Element, message: str, fix: str) -> Problem:
        """A problem at ``element``: its line, and its tag in the message."""
        return Problem(self.path, f"<{element.tag}>: {message}", fix, line=self.line(element))


def _start_lines(data: bytes) -> list[int]:
    """The line of every start tag, in document order (the order of ``Element.iter``)."""
    lines: list[int] = []
    parser = xml.parsers.expat.ParserCreate()
    parser.StartElementHandler = lambda *_: lines.append(parser.CurrentLineNumber)
    parser.Parse(data, True)
    return lines


def _reason(exc: ParseError) -> str:
    """Expat's message without the position it repeats."""
    text = str(exc)
    return text.split(":")[0] if ": line" in text else text

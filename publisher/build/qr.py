"""QR codes as inline SVG, drawn at build time: the ``qr_svg`` filter of every template.

A phone in the hall scans the screen or a printed slip and lands on the page; the
code is markup the publisher draws (black squares on a white square, no text of
the organiser's in it), so it is returned as safe markup. Templates hand it only
addresses made from ``site.toml``'s checked ``url`` and the site's own paths
(``public_url``, ``event_public_url``).
"""

from __future__ import annotations

from functools import cache

from markupsafe import Markup


def qr_svg(address: str, title: str = "QR code") -> Markup:
    """The QR code of ``address`` as an ``<svg class="qr">`` that CSS sizes; nothing
    for an empty address, so templates need no test of whether the site has a url.

    Error correction M (raised further when it fits the same size) survives a crease
    or a smudge on a printed slip; the white border of four modules is the quiet zone
    scanners need, also on a black hall screen. The same address always gives the
    same bytes.
    """
    if not address:
        return Markup("")
    opening, rest = _drawing(address).split(">", 1)
    return Markup(f"{opening}><title>{Markup.escape(title)}</title>{rest}")


@cache
def _drawing(address: str) -> str:
    """The SVG of one address, drawn once per process: a big mahjong field shows each
    player's code on their page and on every round's slips. The mask is fixed rather
    than searched (each of the eight is valid and scans); the search took three
    quarters of the time. segno is imported here: it brings in urllib's HTTP client,
    which commands that draw no page (``pair``, ``draw``) should not pay for."""
    import segno

    code = segno.make(address, error="m", micro=False, mask=0)
    return code.svg_inline(border=4, omitsize=True, dark="#000", light="#fff",
                           svgclass="qr", lineclass=None)

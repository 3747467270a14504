"""A person's rank or rating over time as a small inline SVG, drawn at build time.

No script and no chart library: a line through one dot per championship, placed by
date, each labelled with its value and titled with the championship, so it reads
on paper and with a screen reader (``role="img"`` and a summary in ``aria-label``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH, HEIGHT = 480, 150
LEFT, RIGHT, TOP, BOTTOM = 28, 28, 22, 28
LABELS_ALL = 12  # with more points, only the first, last, highest and lowest are labelled


@dataclass(frozen=True)
class Point:
    """One championship on the chart: its date, the value drawn, the value as written."""

    day: dt.date
    value: float
    text: str
    title: str


def trend_svg(points: list[Point], label: str) -> Markup:
    """The chart of ``points`` (oldest first), or nothing for fewer than one point;
    ``label`` ("Rank of Ana Novak") begins what a screen reader reads of it, text or markup.

    Drawn anew on every build (about 0.05 ms a chart): remembering every person's charts
    between builds would hold a few kilobytes of the site per person, growing with the
    archive; a person page's context is made as the page is written and then let go."""
    if not points:
        return Markup("")
    first, last = points[0].day.toordinal(), points[-1].day.toordinal()
    low, high = min(p.value for p in points), max(p.value for p in points)

    def x(point: Point) -> float:
        if last == first:
            return WIDTH / 2
        return LEFT + (point.day.toordinal() - first) / (last - first) * (WIDTH - LEFT - RIGHT)

    def y(point: Point) -> float:
        if high == low:
            return (TOP + HEIGHT - BOTTOM) / 2
        return TOP + (high - point.value) / (high - low) * (HEIGHT - TOP - BOTTOM)

    extremes = {id(min(points, key=lambda p: p.value)), id(max(points, key=lambda p: p.value))}
    labelled = [p for i, p in enumerate(points)
                if len(points) <= LABELS_ALL or i in (0, len(points) - 1) or id(p) in extremes]
    coords = " ".join(f"{x(p):.1f},{y(p):.1f}" for p in points)
    summary = escape(label) + ": " + ", ".join(f"{p.text} ({p.day.year})" for p in points)
    parts = [
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{summary}"'
        ' xmlns="http://www.w3.org/2000/svg">',
        f'<line class="axis" x1="{LEFT}" y1="{HEIGHT - BOTTOM + 6}" x2="{WIDTH - RIGHT}" '
        f'y2="{HEIGHT - BOTTOM + 6}"/>',
        f'<polyline class="trend-line" points="{coords}"/>' if len(points) > 1 else "",
    ]
    for point in points:
        parts.append(f'<circle cx="{x(point):.1f}" cy="{y(point):.1f}" r="4">'
                     f"<title>{escape(point.title)}: {escape(point.text)}</title></circle>")
    for point in labelled:
        parts.append(f'<text class="value" x="{x(point):.1f}" y="{y(point) - 9:.1f}" '
                     f'text-anchor="middle">{escape(point.text)}</text>')
    years = sorted({points[0].day.year, points[-1].day.year})
    for year, point in zip(years, (points[0], points[-1]) if len(years) > 1 else (points[0],), strict=True):
        parts.append(f'<text class="year" x="{x(point):.1f}" y="{HEIGHT - 4}" '
                     f'text-anchor="middle">{year}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))

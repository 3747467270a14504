"""Mahjong elimination events in the World Series of Mahjong format."""

from __future__ import annotations

from publisher import hookimpl


@hookimpl
def publisher_systems() -> dict[str, str]:
    return {"mahjong-elimination": "Mahjong elimination: tables of four, cuts with carry-over"}

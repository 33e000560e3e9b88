"""The document's numbers as the editor draws them. A file the editor opens may hold any number its
types allow (`table = [1e20, 48]`, a point at 1e308, 2**63 - 1, inf, nan): its problems say which is
out of range, and what is drawn is brought within the bounds the loader accepts (the editor's model
brings them so when it edits: game/editing/battle.py's `within`), so that no number reaches pygame
too large to draw nor makes a loop of the grid too long to end."""

from __future__ import annotations

import math
from typing import Any

from game.editing.battle import coordinate
from game.model.geometry import Point
from game.ui.theme import Colour

FIGURES = 10**6  # a figure on a card (gold, mana, a cost) at most this large is written whole


def points(raw: Any) -> list[Point] | None:
    """The points of a list as drawn (each within the reach of a coordinate); what is not a point is
    left out; None when it is no list."""
    if not isinstance(raw, list):
        return None
    out = []
    for p in raw:
        if isinstance(p, list | tuple) and len(p) == 2 and all(isinstance(v, int | float) for v in p):
            out.append((coordinate(p[0]), coordinate(p[1])))
    return out


def colour(value: Any) -> Colour | None:
    """A colour as a file gives it, if one can be drawn: three whole numbers from 0 to 255."""
    if isinstance(value, list) and len(value) == 3 and all(type(c) is int and 0 <= c <= 255 for c in value):
        return (value[0], value[1], value[2])
    return None


def figure(value: int) -> str:
    """A whole number as a card writes it: whole up to a million, else in three figures (1e+20)."""
    if abs(value) <= FIGURES:
        return str(value)
    return f"{float(value):.3g}" if math.log10(abs(value)) < 308 else "∞"  # float() of more overflows

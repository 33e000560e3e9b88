"""What a point on the table picks in a scenario being edited: an objective, a line (road, river), the
smallest area under it, or a deployment zone; and a vertex of an element near it. In inches, so the
window hands in its pixels' worth of tolerance."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.editing.battle import points_of
from game.editing.document import Document, Path
from game.model.geometry import Point, near_polyline, point_in_polygon


def _pts(raw: Any) -> list[Point]:
    return [(float(p[0]), float(p[1])) for p in raw if isinstance(p, list | tuple) and len(p) == 2]


def _area(poly: Sequence[Point]) -> float:
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, [*poly[1:], poly[0]], strict=True))) / 2


def element_at(doc: Document, p: Point, tolerance: float, road_width: float = 0.5) -> Path | None:
    """The element under p: objectives first, then lines, then the smallest area, then zones."""
    for i, o in enumerate(doc.get(("objectives",)) or []):
        at = _pts([o.get("at")])
        if at and abs(at[0][0] - p[0]) <= tolerance * 1.5 and abs(at[0][1] - p[1]) <= tolerance * 1.5:
            return ("objectives", i)
    features = list(enumerate(doc.get(("terrain",)) or []))
    for i, t in reversed(features):
        path = _pts(t.get("path") or [])
        width = t.get("width") if isinstance(t.get("width"), int | float) else road_width
        if len(path) >= 2 and near_polyline(p, path, width / 2 + tolerance):
            return ("terrain", i)
    under = [
        (_area(poly), i)
        for i, t in features
        if len(poly := _pts(t.get("polygon") or [])) >= 3 and point_in_polygon(p, poly)
    ]
    if under:
        return ("terrain", min(under)[1])
    for i, s in enumerate(doc.get(("sides",)) or []):
        zone = _pts(s.get("deployment") or [])
        if len(zone) >= 3 and point_in_polygon(p, zone):
            return ("sides", i)
    return None


def vertex_at(doc: Document, element: Path, p: Point, tolerance: float) -> Path | None:
    """The vertex of an element (a feature's, a zone's) within tolerance of p."""
    found = points_of(doc, element)
    if found is None:
        return None
    where, raw = found
    pts = _pts(raw)
    near = [(abs(q[0] - p[0]) + abs(q[1] - p[1]), k) for k, q in enumerate(pts)]
    best = min(near, default=None)
    if best is None or best[0] > 2 * tolerance:
        return None
    return (*where, best[1])

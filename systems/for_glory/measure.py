"""FG-MEAS: distances between the closest points of two things on the table (AMB-2).

Units are rectangles, officers discs, markers points; the distance is 0 when they touch."""

from __future__ import annotations

import esper

from game.model.battle import Battle
from game.model.components import Officer
from game.model.geometry import EPS, Point, dist, kept_distance, kept_point_distance


def gap(b: Battle, e1: int, e2: int) -> float:
    """Closest-point distance between two entities (units or officers); kept while a player thinks,
    under their own poses only (a supposed pose of a third piece does not change it)."""
    return b.memo(("gap", e1, e2), lambda: _gap(b, e1, e2), on=(e1, e2))


def _gap(b: Battle, e1: int, e2: int) -> float:
    p1, p2 = b.pose(e1), b.pose(e2)
    o1, o2 = esper.try_component(e1, Officer), esper.try_component(e2, Officer)
    if o1 is None and o2 is None:
        return kept_distance(p1.corners, p2.corners)
    if o1 is not None and o2 is not None:
        return max(0.0, dist((p1.x, p1.y), (p2.x, p2.y)) - o1.radius - o2.radius)
    if o1 is not None:
        return max(0.0, kept_point_distance((p1.x, p1.y), p2.corners) - o1.radius)
    assert o2 is not None
    return max(0.0, kept_point_distance((p2.x, p2.y), p1.corners) - o2.radius)


def gap_to_point(b: Battle, e: int, p: Point) -> float:
    """Closest-point distance from an entity to a point; kept while a player thinks, under the entity's
    own pose only (the search asks it of every enemy unit for each place it weighs a unit at)."""
    return b.memo(("gap_to_point", e, p[0], p[1]), lambda: _gap_to_point(b, e, p), on=(e,))


def _gap_to_point(b: Battle, e: int, p: Point) -> float:
    pose = b.pose(e)
    o = esper.try_component(e, Officer)
    if o is not None:
        return max(0.0, dist((pose.x, pose.y), p) - o.radius)
    return kept_point_distance((p[0], p[1]), pose.corners)  # a tuple whatever the caller's point: a key


def within(d: float, limit: float) -> bool:
    """'At X or less' with the tolerance of AMB-3."""
    return d <= limit + EPS


def beyond(d: float, limit: float) -> bool:
    """'More than X' with the tolerance of AMB-3."""
    return d > limit + EPS

"""pymunk mirrors the unit bases: it answers what a base at some pose would touch, what lies in a
box, and how far a base can slide along a line before something stops it (charges, pushes,
retreats). The rules decide what to do with the answers.

Officers are not in the space: they block neither movement nor sight (AMB-12).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable

import pymunk

from game.model.geometry import (
    BBox,
    Point,
    convex_overlap,
    point_segment_distance,
    rect_corners,
    sweep_interval,
)

OVERLAP_TOL = 0.002  # inches of penetration below which two bases merely touch
_EVERY = pymunk.ShapeFilter()  # a box query's filter: every shape (made once, asked for every query)
_WHOLE = pymunk.BB(-1e300, -1e300, 1e300, 1e300)  # a box every base is in


class _Local(threading.local):
    """Per thread: the probe shapes of its queries, and the bases it supposes elsewhere."""

    def __init__(self) -> None:
        self.probes: dict[tuple[float, float], tuple[pymunk.Body, pymunk.Poly]] = {}
        self.supposed: dict[int, tuple[Point, ...]] = {}


class Physics:
    def __init__(self) -> None:
        self.space = pymunk.Space()
        self._local = _Local()
        self._bodies: dict[int, pymunk.Body] = {}  # shapes hold weak references to bodies
        self._shapes: dict[int, pymunk.Poly] = {}
        self._owner: dict[pymunk.Shape, int] = {}
        self._size: dict[int, tuple[float, float]] = {}
        self._corners: dict[int, tuple[Point, ...]] = {}
        # every base's box (left, bottom, right, top) and its entity in the order a box query meets them
        # (in_box): only an add, a move or a removal changes it
        self._boxes: tuple[tuple[float, float, float, float, int], ...] | None = None

    def add(self, e: int, width: float, depth: float, x: float, y: float, facing: float) -> None:
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        shape = pymunk.Poly.create_box(body, (depth, width))  # local x is the facing
        body.position = (x, y)
        body.angle = math.radians(facing)
        self.space.add(body, shape)
        self._bodies[e], self._shapes[e], self._owner[shape] = body, shape, e
        self._size[e] = (width, depth)
        self._corners[e] = rect_corners(x, y, facing, width, depth)
        self._boxes = None

    def place(self, e: int, x: float, y: float, facing: float) -> None:
        body = self._bodies[e]
        body.position = (x, y)
        body.angle = math.radians(facing)
        self.space.reindex_shapes_for_body(body)
        self._corners[e] = rect_corners(x, y, facing, *self._size[e])
        self._boxes = None

    def remove(self, e: int) -> None:
        shape = self._shapes.pop(e, None)
        if shape is not None:
            body = self._bodies.pop(e)
            del self._owner[shape], self._size[e], self._corners[e]
            self.space.remove(body, shape)
            self._boxes = None

    def copy(self) -> Physics:
        """A space of its own with the same bases where they stand (a battle's copy, Battle.copy)."""
        other = Physics()
        for e, body in self._bodies.items():
            x, y = body.position  # read once: each read builds a vector
            other.add(e, *self._size[e], x, y, math.degrees(body.angle))
        return other

    def suppose(self, e: int, corners: tuple[Point, ...] | None) -> None:
        """Answer this thread's queries as if base e stood at these corners (None: where it is)."""
        if corners is None:
            self._local.supposed.pop(e, None)
        elif e in self._bodies:
            self._local.supposed[e] = corners

    def corners(self, e: int) -> tuple[Point, ...]:
        return self._local.supposed.get(e) or self._corners[e]

    def _probe(self, width: float, depth: float, x: float, y: float, facing: float) -> pymunk.Poly:
        key = (width, depth)
        probes = self._local.probes  # a thread's own: two threads asking at once never share one
        if key not in probes:
            body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            probes[key] = (body, pymunk.Poly.create_box(body, (depth, width)))
        body, shape = probes[key]
        body.position = (x, y)
        body.angle = math.radians(facing)
        shape.cache_bb()
        return shape

    def overlapping(
        self, width: float, depth: float, x: float, y: float, facing: float, exclude: Iterable[int] = ()
    ) -> list[int]:
        """Bases that a base of this size at this pose would overlap (touching is not overlap)."""
        shape = self._probe(width, depth, x, y, facing)
        skip = set(exclude)
        supposed = self._local.supposed
        out = []
        if supposed:
            probe = rect_corners(x, y, facing, width, depth)
            out = [
                e for e, c in supposed.items() if e not in skip and convex_overlap(probe, c, tol=OVERLAP_TOL)
            ]
            skip |= set(supposed)
        for info in self.space.shape_query(shape):
            e = self._owner.get(info.shape)
            if e is None or e in skip:
                continue
            cps = info.contact_point_set
            # two bases with the same centre come back degenerate (zero normal and distances): overlap
            if cps.points and (min(p.distance for p in cps.points) < -OVERLAP_TOL or cps.normal.length == 0):
                out.append(e)
        return out

    def in_box(self, box: BBox) -> list[int]:
        """The bases whose boxes meet this box, in the order the space's box query finds them: the
        order of its tree's leaves, which a query only filters (the tree prunes no leaf whose box meets
        the query's, and keeps those whose shape's box does), so the space's every box, kept in that
        order until a base is added, moved or removed, is filtered here as the query would, without the
        query's call back into Python for each base found (a search asks hundreds of thousands)."""
        boxes = self._boxes
        if boxes is None:
            owner = self._owner
            boxes = self._boxes = tuple(
                (*s.bb, owner[s]) for s in self.space.bb_query(_WHOLE, _EVERY) if s in owner
            )
        left, bottom, right, top = box
        # cpBBIntersects, as the query asks it of each shape's box
        found = [
            e for sl, sb, sr, st, e in boxes if sl <= right and left <= sr and sb <= top and bottom <= st
        ]
        supposed = self._local.supposed
        if supposed:
            found = [e for e in found if e not in supposed]
            found += [e for e, c in supposed.items() if BBox.of(c).intersects(box)]
        return found

    def slide(
        self,
        width: float,
        depth: float,
        start: Point,
        end: Point,
        facing: float,
        stops: Callable[[int], bool],
        exclude: Iterable[int] = (),
    ) -> tuple[float, int | None]:
        """Slide a base from start towards end without turning. Returns the distance it can go
        before a base for which stops(e) is true would overlap it, and that base (or None)."""
        skip = set(exclude)
        length = math.dist(start, end)
        if length == 0.0:
            return 0.0, None
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        reach = math.hypot(width, depth) / 2
        swept = BBox(
            min(start[0], end[0]) - reach,
            min(start[1], end[1]) - reach,
            max(start[0], end[0]) + reach,
            max(start[1], end[1]) + reach,
        )
        moving = rect_corners(start[0], start[1], facing, width, depth)
        first: tuple[float, int | None] = (length, None)
        for e in self.in_box(swept):
            if e in skip or not stops(e):
                continue
            corners = self.corners(e)
            # a base farther from the line than both half-diagonals is never touched: no need of the
            # exact test (the box of a slanting line holds many such)
            cx = (corners[0][0] + corners[1][0] + corners[2][0] + corners[3][0]) / 4
            cy = (corners[0][1] + corners[1][1] + corners[2][1] + corners[3][1]) / 4
            if point_segment_distance((cx, cy), start, end) > reach + math.hypot(*self._size[e]) / 2 + 1e-6:
                continue
            # exact time of first overlap along the way (separating axes on the two rectangles)
            span = sweep_interval(moving, (ux, uy), length, corners)
            if span is not None and span[1] - span[0] > 1e-9 and span[0] < first[0]:
                first = (span[0], e)
        t, hit = first
        if hit is None:
            return length, None
        # pymunk confirms the contact: just past that point the two shapes overlap
        probe = min(length, t + 2 * OVERLAP_TOL + 1e-3)
        if hit not in self.overlapping(
            width, depth, start[0] + ux * probe, start[1] + uy * probe, facing, skip
        ):
            return length, None
        return max(0.0, t - OVERLAP_TOL), hit

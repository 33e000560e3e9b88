"""Plane geometry in table inches: rotated bases, closest-point distances, polygon tests.

Pure Python on tuples: the rules ask for exact closest-point distances (FG-MEAS-7) that pymunk
cannot give reliably (see notes/stack.md), and this is ~10 us a pair.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

Point = tuple[float, float]
Polygon = tuple[Point, ...]

EPS = 0.01  # inches: the tolerance of every "at X or less" comparison (AMB-3)


def heading(facing: float) -> Point:
    """Unit vector of a facing in degrees: the front points along (cos, sin)."""
    r = math.radians(facing)
    return (math.cos(r), math.sin(r))


def rect_corners(x: float, y: float, facing: float, width: float, depth: float) -> Polygon:
    """Corners of a base: front-left, front-right, rear-right, rear-left (counter-clockwise order
    is not guaranteed; every function here accepts either winding)."""
    fx, fy = heading(facing)
    lx, ly = -fy, fx  # to the base's left
    hd, hw = depth / 2, width / 2
    return (
        (x + fx * hd + lx * hw, y + fy * hd + ly * hw),
        (x + fx * hd - lx * hw, y + fy * hd - ly * hw),
        (x - fx * hd - lx * hw, y - fy * hd - ly * hw),
        (x - fx * hd + lx * hw, y - fy * hd + ly * hw),
    )


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def boundary(outside: Point, inside: Point, is_inside: Callable[[Point], bool]) -> Point:
    """Where a segment crosses into a region, given one end out of it and one in: the step between
    them halved 30 times (a quarter inch becomes far less than any measure)."""
    for _ in range(30):
        mid = ((outside[0] + inside[0]) / 2, (outside[1] + inside[1]) / 2)
        if is_inside(mid):
            inside = mid
        else:
            outside = mid
    return inside


def weighted_length(pts: Sequence[Point], weight_at: Callable[[Point], float]) -> float:
    """The length of a path examined at `pts`, each stretch times the weight of the ground under it;
    where the weight changes between two points, the boundary is found exactly (`boundary`)."""

    def weighs(w: float) -> Callable[[Point], bool]:
        return lambda p: weight_at(p) == w

    ws = [weight_at(p) for p in pts]
    total = 0.0
    for i in range(1, len(pts)):
        a, c, w = pts[i - 1], pts[i], ws[i]
        if ws[i - 1] == w:
            total += dist(a, c) * w
            continue
        edge = boundary(a, c, weighs(w))
        total += dist(a, edge) * ws[i - 1] + dist(edge, c) * w
    return total


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    den = dx * dx + dy * dy
    if den == 0.0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / den  # clamped to the segment (compared, not min/max:
    t = 1.0 if t > 1.0 else 0.0 if t < 0.0 else t  # this is asked hundreds of thousands of times a battle)
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Proper or touching intersection of two closed segments."""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 * d2 <= 0 and d3 * d4 <= 0:
        return True
    return (
        (d1 == 0 and _on_segment(q1, q2, p1))
        or (d2 == 0 and _on_segment(q1, q2, p2))
        or (d3 == 0 and _on_segment(p1, p2, q1))
        or (d4 == 0 and _on_segment(p1, p2, q2))
    )


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segment_distance(p1: Point, p2: Point, q1: Point, q2: Point) -> float:
    if segments_intersect(p1, p2, q1, q2):
        return 0.0
    return min(
        point_segment_distance(p1, q1, q2),
        point_segment_distance(p2, q1, q2),
        point_segment_distance(q1, p1, p2),
        point_segment_distance(q2, p1, p2),
    )


def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd rule; works for concave polygons (terrain). (Each edge from the vertex before: asked
    for every point a path is examined at, near terrain.)"""
    if not poly:
        return False
    x, y = p
    inside = False
    xj, yj = poly[-1]
    for xi, yi in poly:
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        xj, yj = xi, yi
    return inside


def edges(poly: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(poly[i - 1], poly[i]) for i in range(len(poly))]


def edge_crossings(p: Point, q: Point, poly: Sequence[Point]) -> list[float]:
    """The fractions of the way from p to q at which the segment meets the polygon's edges."""
    return _crossings(p, q, edges(poly))


def path_crossings(p: Point, q: Point, path: Sequence[Point]) -> list[float]:
    """The fractions of the way from p to q at which the segment meets a polyline (a line's middle)."""
    return _crossings(p, q, [(path[i - 1], path[i]) for i in range(1, len(path))])


def _crossings(p: Point, q: Point, segments: Sequence[tuple[Point, Point]]) -> list[float]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    out = []
    for a, c in segments:
        ex, ey = c[0] - a[0], c[1] - a[1]
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue  # parallel: the samples on either side tell
        t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / den
        u = ((a[0] - p[0]) * dy - (a[1] - p[1]) * dx) / den
        if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
            out.append(t)
    return out


def point_polygon_distance(p: Point, poly: Sequence[Point]) -> float:
    if point_in_polygon(p, poly):
        return 0.0
    return min(point_segment_distance(p, a, b) for a, b in edges(poly))


def polygon_distance(a: Sequence[Point], b: Sequence[Point]) -> float:
    """Closest-point distance between two polygons (convex or not); 0 when they touch or overlap."""
    if point_in_polygon(a[0], b) or point_in_polygon(b[0], a):
        return 0.0
    best = math.inf
    for p1, p2 in edges(a):
        for q1, q2 in edges(b):
            d = segment_distance(p1, p2, q1, q2)
            if d < best:
                if d == 0.0:
                    return 0.0
                best = d
    return best


def convex_overlap(a: Sequence[Point], b: Sequence[Point], tol: float = 1e-6) -> bool:
    """Separating-axis test for two convex polygons: True when they overlap by more than tol.
    Bases that only touch do not overlap (contact is legal, overlap never is)."""
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            x1, y1 = poly[i - 1]
            x2, y2 = poly[i]
            ax, ay = y1 - y2, x2 - x1
            norm = math.hypot(ax, ay)
            if norm == 0.0:
                continue
            ax, ay = ax / norm, ay / norm
            amin = amax = a[0][0] * ax + a[0][1] * ay
            for px, py in a[1:]:
                v = px * ax + py * ay
                if v < amin:
                    amin = v
                elif v > amax:
                    amax = v
            bmin = bmax = b[0][0] * ax + b[0][1] * ay
            for px, py in b[1:]:
                v = px * ax + py * ay
                if v < bmin:
                    bmin = v
                elif v > bmax:
                    bmax = v
            if amax - bmin <= tol or bmax - amin <= tol:
                return False
    return True


def polyline_distance(poly: Sequence[Point], path: Sequence[Point]) -> float:
    """Distance from a polygon to a polyline (0 when they cross or the line is inside)."""
    if point_in_polygon(path[0], poly):
        return 0.0
    best = math.inf
    for i in range(1, len(path)):
        for q1, q2 in edges(poly):
            best = min(best, segment_distance(path[i - 1], path[i], q1, q2))
    return best


def near_polyline(p: Point, path: Sequence[Point], r: float) -> bool:
    """Is a point within r of a polyline? (cheaper than the distance: stops at the first segment)"""
    x, y = p
    for i in range(1, len(path)):
        (ax, ay), (bx, by) = path[i - 1], path[i]
        if x < min(ax, bx) - r or x > max(ax, bx) + r or y < min(ay, by) - r or y > max(ay, by) + r:
            continue
        if point_segment_distance(p, path[i - 1], path[i]) <= r:
            return True
    return False


def segment_crosses_polygon(p: Point, q: Point, poly: Sequence[Point]) -> bool:
    """True when the segment pq has any point inside or on the polygon."""
    if point_in_polygon(p, poly) or point_in_polygon(q, poly):
        return True
    return any(segments_intersect(p, q, a, b) for a, b in edges(poly))


def clip_half_plane(poly: Sequence[Point], nx: float, ny: float, c: float) -> list[Point]:
    """The part of a convex polygon where nx*x + ny*y <= c (Sutherland-Hodgman); points on the line
    are kept, so a polygon that only touches it clips to that edge or point."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i - 1], poly[i]
        dp, dq = p[0] * nx + p[1] * ny - c, q[0] * nx + q[1] * ny - c
        if dq <= 0:
            if dp > 0 and dq < 0:
                t = dp / (dp - dq)
                out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
            out.append(q)
        elif dp < 0:
            t = dp / (dp - dq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def convex_hull(points: Sequence[Point]) -> Polygon:
    """The convex hull, counter-clockwise (monotone chain). The hull of a base's corners at the start
    and the end of a straight slide is the ground it sweeps."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return tuple(pts)

    def half(seq: Sequence[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and _orient(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]

    return (*half(pts), *half(pts[::-1]))


def centroid(points: Sequence[Point]) -> Point:
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)


# BBox's own __new__ is a Python function that calls this; `of` makes boxes with it directly
_new_tuple = tuple.__new__


class BBox(NamedTuple):
    """An axis-aligned box (a tuple: made for every box query, hundreds of thousands a battle, and a
    frozen dataclass takes three times as long to make)."""

    left: float
    bottom: float
    right: float
    top: float

    @staticmethod
    def of(points: Sequence[Point], pad: float = 0.0) -> BBox:
        # one pass without lists: every query box is made here, hundreds of thousands a battle
        left, bottom = right, top = points[0]
        for x, y in points:
            if x < left:
                left = x
            elif x > right:
                right = x
            if y < bottom:
                bottom = y
            elif y > top:
                top = y
        return _new_tuple(BBox, (left - pad, bottom - pad, right + pad, top + pad))

    def intersects(self, o: BBox) -> bool:
        return self.left <= o.right and o.left <= self.right and self.bottom <= o.top and o.bottom <= self.top


@lru_cache(maxsize=4096)
def grid_samples(corners: Polygon, nx: int, ny: int) -> tuple[Point, ...]:
    """Points spread evenly over a rectangle given by rect_corners (cell centres), nx along the
    front edge and ny along the depth. (Kept for the same corners: a base is looked at by every unit
    that might see it, many times between two moves.)"""
    fl, fr, _rr, rl = corners
    out = []
    for i in range(nx):
        u = (i + 0.5) / nx
        ex, ey = fl[0] + (fr[0] - fl[0]) * u, fl[1] + (fr[1] - fl[1]) * u
        for j in range(ny):
            v = (j + 0.5) / ny
            out.append((ex + (rl[0] - fl[0]) * v, ey + (rl[1] - fl[1]) * v))
    return tuple(out)


def sweep_interval(
    a: Sequence[Point], u: Point, length: float, b: Sequence[Point]
) -> tuple[float, float] | None:
    """The distances t in [0, length] at which convex polygon a, translated by t along the unit vector
    u, overlaps convex polygon b (separating axes, exact); None if never."""
    lo, hi = 0.0, length
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            x1, y1 = poly[i - 1]
            x2, y2 = poly[i]
            ax, ay = y1 - y2, x2 - x1
            amin = amax = a[0][0] * ax + a[0][1] * ay
            for px, py in a:
                v = px * ax + py * ay
                if v < amin:
                    amin = v
                elif v > amax:
                    amax = v
            bmin = bmax = b[0][0] * ax + b[0][1] * ay
            for px, py in b:
                v = px * ax + py * ay
                if v < bmin:
                    bmin = v
                elif v > bmax:
                    bmax = v
            speed = u[0] * ax + u[1] * ay
            if abs(speed) < 1e-12:
                if amax <= bmin or bmax <= amin:
                    return None
                continue
            t0, t1 = (bmin - amax) / speed, (bmax - amin) / speed
            if t0 > t1:
                t0, t1 = t1, t0
            if t0 > lo:
                lo = t0
            if t1 < hi:
                hi = t1
            if lo > hi:
                return None
    return lo, hi


def convex_distance(a: Sequence[Point], b: Sequence[Point]) -> float:
    """Closest-point distance between two convex polygons (bases, swept hulls): 0 if they overlap or
    touch; otherwise the nearest vertex-to-edge pair, which is where convex shapes come closest."""
    # most pairs asked stand apart: polygons whose boxes do not meet cannot overlap, so the
    # separating-axis test is left for those whose boxes do (the answer is the same)
    if _boxes_meet(a, b) and convex_overlap(a, b):
        return 0.0
    best = math.inf
    for poly, other in ((a, b), (b, a)):
        sides = []  # each edge's start, direction and squared length, once for every vertex
        for i in range(len(other)):
            ax, ay = other[i - 1]
            bx, by = other[i]
            dx, dy = bx - ax, by - ay
            sides.append((ax, ay, dx, dy, dx * dx + dy * dy))
        for px, py in poly:
            for ax, ay, dx, dy, den in sides:
                t = 0.0 if den == 0.0 else ((px - ax) * dx + (py - ay) * dy) / den
                t = 1.0 if t > 1.0 else 0.0 if t < 0.0 else t
                ex, ey = px - ax - t * dx, py - ay - t * dy
                d2 = ex * ex + ey * ey
                if d2 < best:
                    best = d2
    return math.sqrt(best)


@lru_cache(maxsize=8192)
def kept_distance(a: Polygon, b: Polygon) -> float:
    """convex_distance of two bases, kept for the same corners: each decision asks again for the gaps
    between pieces that have not moved since the last (most of those asked in a battle)."""
    return convex_distance(a, b)


@lru_cache(maxsize=8192)
def kept_point_distance(p: Point, poly: Polygon) -> float:
    """point_polygon_distance from a point to a base, kept for the same point and corners: each
    decision asks again how far pieces that have not moved are from the objectives and officers."""
    return point_polygon_distance(p, poly)


def box_gap(a: Sequence[Point], b: Sequence[Point]) -> float:
    """The gap between the bounding boxes of two polygons along x or y, the wider (0 when they meet):
    never more than the distance between the polygons, so a cheap bound before the exact measure."""
    a_box, b_box = BBox.of(a), BBox.of(b)
    return max(
        0.0,
        b_box.left - a_box.right,
        a_box.left - b_box.right,
        b_box.bottom - a_box.top,
        a_box.bottom - b_box.top,
    )


def _boxes_meet(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Do the bounding boxes of two polygons meet (touching counts)?"""
    ax = [p[0] for p in a]
    bx = [p[0] for p in b]
    if max(ax) < min(bx) or max(bx) < min(ax):
        return False
    ay = [p[1] for p in a]
    by = [p[1] for p in b]
    return not (max(ay) < min(by) or max(by) < min(ay))

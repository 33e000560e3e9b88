"""FG-VIS: vision strips, blocking and obscuring (AMB-7, AMB-8), cover, and reaction areas
(FG-TERM-9, AMB-6).

A unit sees the half-infinite strip in front of its front edge. A point of the target is seen when it
lies in that strip and the line from it straight back to the front edge crosses no other unit's base
(officers never block; artillery may shoot over units) and no wood, town or hill that neither the
viewer nor the target occupies. The target is sampled on a grid; visible: any point seen (when no grid
point is, points of the exact part of the target inside the strip are looked at too, so a sliver of a
base is visible). Obscured: half of the grid points or more unseen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import esper

from game.model.battle import Battle
from game.model.components import Footprint, Officer, Status, Unit
from game.model.geometry import EPS, BBox, Point, Polygon, centroid, clip_half_plane, grid_samples, heading

SAMPLES_ALONG, SAMPLES_DEEP = 10, 6  # AMB-8: the target base sampled on a 10 x 6 grid


@dataclass(frozen=True, slots=True)
class Sight:
    visible: bool
    obscured: bool
    blocked_by_units: bool = False  # some point was hidden only by intervening units


NOT_SEEN = Sight(False, True)


def samples(b: Battle, e: int) -> Sequence[Point]:
    pose = b.pose(e)
    off = esper.try_component(e, Officer)
    if off is not None:
        r = off.radius * 0.7
        return [(pose.x, pose.y)] + [
            (pose.x + r * hx, pose.y + r * hy) for hx, hy in (heading(a) for a in range(0, 360, 45))
        ]
    return grid_samples(pose.corners, SAMPLES_ALONG, SAMPLES_DEEP)


def sight(
    b: Battle,
    viewer: int,
    target: int,
    *,
    depth: float | None = None,
    over_units: bool = False,
    target_samples: Sequence[Point] | None = None,
    share: bool = True,
) -> Sight:
    """What the viewer sees of the target. depth limits the strip (reaction areas); over_units lets
    intervening units not block (artillery, FG-FIRE-3) while still reporting that they would.
    share=False answers only "visible?" and stops at the first point seen (obscured is then False)."""
    vp = b.pose(viewer)
    fp = esper.component_for_entity(viewer, Footprint)
    fl, fr = vp.corners[0], vp.corners[1]
    cx, cy = (fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2
    fx, fy = heading(vp.facing)
    lx, ly = -fy, fx
    tp = b.pose(target)
    outline = tp.corners if tp.corners else ((tp.x, tp.y),)
    locs = [((x - cx) * fx + (y - cy) * fy, (x - cx) * lx + (y - cy) * ly) for x, y in outline]
    rad = esper.try_component(target, Officer)
    pad = rad.radius if rad is not None else 0.0
    half = fp.width / 2 + EPS
    if not _touches_strip(locs, pad, half, depth):
        return NOT_SEEN

    region = BBox.of([fl, fr, *outline], pad=pad)
    # the bases of the other units in play that might stand between them
    others = [
        b.pose(e).corners
        for e in b.physics.in_box(region)
        if e != viewer and e != target and esper.component_for_entity(e, Status).in_play
    ]

    def look() -> Sight:
        pts = target_samples if target_samples is not None else samples(b, target)

        def local(poly: Polygon) -> list[Point]:
            return [((x - cx) * fx + (y - cy) * fy, (x - cx) * lx + (y - cy) * ly) for x, y in poly]

        # other units' bases in the viewer's frame (forward, lateral), with their lateral extent
        blockers = []
        for corners in others:
            poly = local(corners)
            lats = [q[1] for q in poly]
            blockers.append((min(lats), max(lats), poly))
        vcentre, tcentre = (vp.x, vp.y), (tp.x, tp.y)
        terrain = [
            f
            for f in b.table.sight_blockers()
            if f.bbox.intersects(region) and not f.contains(vcentre) and not f.contains(tcentre)
        ]
        seen = 0
        unit_blocked = False

        def seen_at(fwd: float, lat: float) -> bool:
            nonlocal unit_blocked
            if terrain:
                point = (cx + fwd * fx + lat * lx, cy + fwd * fy + lat * ly)
                foot = (cx + lat * lx, cy + lat * ly)
                for f in terrain:
                    if f.crossed_by(point, foot):
                        return False
            for lo, hi, poly in blockers:  # loops, not any(): this is asked for every point of every look
                if lo <= lat <= hi and _shadows(poly, lat, fwd):
                    unit_blocked = True
                    return over_units
            return True

        for x, y in pts:
            dx, dy = x - cx, y - cy
            fwd = dx * fx + dy * fy
            lat = dx * lx + dy * ly
            if fwd < -EPS or abs(lat) > half or (depth is not None and fwd > depth + EPS):
                continue
            if seen_at(fwd, lat):
                seen += 1
                if not share:
                    return Sight(True, False, unit_blocked)
        if seen == 0:
            # FG-VIS-2, AMB-6: "at least minimally inside". A sliver of the target inside the strip can
            # fall between the grid points, so look at points of the exact part that lies inside.
            shape = locs if rad is None else _disc(locs[0], pad)
            if any(seen_at(fwd, lat) for fwd, lat in _inside(shape, fp.width / 2, depth)):
                return Sight(True, True, unit_blocked)
            return Sight(False, True, unit_blocked)
        return Sight(True, (len(pts) - seen) * 2 >= len(pts), unit_blocked)

    if target_samples is not None:
        return look()
    # kept by the table for the same question: everything the answer depends on but the table's own
    # ground (a general asks again, at each decision, how units that have not moved see each other)
    pose_of = (vp.x, vp.y, vp.facing, vp.corners, tp.x, tp.y, tp.corners)
    return b.table.kept(
        ("sight", fp.width, rad is None, pad, depth, over_units, share, *pose_of, *others), look
    )


def _touches_strip(locs: list[Point], pad: float, half: float, depth: float | None) -> bool:
    """Does a shape, in the viewer's frame (forward, lateral) and grown by pad, reach into its strip
    (half as wide as its front edge either side, ahead of it, at most depth deep)?"""
    return not (
        max(f for f, _ in locs) + pad < -EPS
        or min(lat for _, lat in locs) - pad > half
        or max(lat for _, lat in locs) + pad < -half
        or (depth is not None and min(f for f, _ in locs) - pad > depth + EPS)
    )


def in_strip(b: Battle, viewer: int, target: int) -> bool:
    """FG-VIS-1 without FG-VIS-4: is any of the target inside the viewer's vision strip, whatever
    stands between them? (What a screen says when the target is hidden rather than aside.)"""
    vp, tp = b.pose(viewer), b.pose(target)
    fl, fr = vp.corners[0], vp.corners[1]
    cx, cy = (fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2
    fx, fy = heading(vp.facing)
    outline = tp.corners if tp.corners else ((tp.x, tp.y),)
    locs = [((x - cx) * fx + (y - cy) * fy, (x - cx) * -fy + (y - cy) * fx) for x, y in outline]
    rad = esper.try_component(target, Officer)
    half = esper.component_for_entity(viewer, Footprint).width / 2 + EPS
    return _touches_strip(locs, rad.radius if rad is not None else 0.0, half, None)


def _disc(centre: Point, radius: float) -> list[Point]:
    return [(centre[0] + radius * hx, centre[1] + radius * hy) for hx, hy in map(heading, range(0, 360, 30))]


def _inside(shape: list[Point], half: float, depth: float | None) -> list[Point]:
    """Points of the part of a convex shape (viewer's frame: forward, lateral) inside the strip of
    half-width half, limited to depth: its centroid and its corners drawn slightly towards it; empty
    if none. Reaching the depth counts (AMB-3), but a base beside the viewer that only touches the
    strip's side lines or its front edge line is not in it."""
    part = clip_half_plane(shape, -1.0, 0.0, -EPS)
    part = clip_half_plane(part, 0.0, 1.0, half - EPS)
    part = clip_half_plane(part, 0.0, -1.0, half - EPS)
    if depth is not None:
        part = clip_half_plane(part, 1.0, 0.0, depth + EPS)
    if not part:
        return []
    mid = centroid(part)
    return [mid, *((mid[0] + (p[0] - mid[0]) * 0.9, mid[1] + (p[1] - mid[1]) * 0.9) for p in part)]


def _shadows(poly: list[Point], lat: float, fwd: float) -> bool:
    """Does a convex polygon (viewer's frame) cross the sight line at this lateral offset between the
    front edge (forward 0) and the seen point (forward fwd)?"""
    lo, hi = float("inf"), float("-inf")
    n = len(poly)
    for i in range(n):
        (f1, l1), (f2, l2) = poly[i - 1], poly[i]
        if (l1 - lat) * (l2 - lat) > 0:
            continue
        if l1 == l2:
            lo, hi = min(lo, f1, f2), max(hi, f1, f2)
        else:
            f = f1 + (f2 - f1) * (lat - l1) / (l2 - l1)
            if f < lo:
                lo = f
            if f > hi:
                hi = f
    return lo <= fwd and hi >= 0.0


def in_dense_cover(b: Battle, e: int) -> bool:
    """FG-TERR-4: half of the base or more in dense terrain."""
    if esper.try_component(e, Officer) is not None:
        return False
    corners = b.pose(e).corners
    # kept by the table under the base's corners (asked again for every roll the base is part of)
    return b.table.kept(
        ("dense cover", corners),
        lambda: b.table.dense_share(grid_samples(corners, SAMPLES_ALONG, SAMPLES_DEEP)) >= 0.5,
    )


def reaction_depth(b: Battle, e: int) -> float:
    """AMB-6: a reaction area reaches the unit's base move from its front edge."""
    return b.rules.length(esper.component_for_entity(e, Unit).category.move)


def in_reaction_area(b: Battle, reactor: int, mover: int) -> bool:
    """FG-TERM-9: is any part of the mover inside the reactor's unblocked reaction area?"""
    return sight(b, reactor, mover, depth=reaction_depth(b, reactor), share=False).visible

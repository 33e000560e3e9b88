"""FG-MEAS (measures, closest-point distances, AMB-2, AMB-3), the plane geometry under them, and
FG-VIS (vision strip, blocking, obscuring, cover; AMB-7, AMB-8, EX-4) with FG-TERR-4 dense cover."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from game.model import commands as cmd
from game.model import geometry as g
from game.model.battle import Battle
from game.model.table import Feature
from systems.for_glory import measure, vision
from systems.for_glory.fire import fire_modifiers, in_cover
from tests.helpers import (
    of,
    officer,
    order,
    point_polyline_distance,
    polygon_area,
    rules,
    sees_point,
    to_local,
    unit,
)

W, D = 2.0, 1.2  # a unit base in inches (FG-BASE-3: 50 x 30 mm)


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[g.Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def close(p: g.Point, q: g.Point, tol: float = 1e-9) -> bool:
    return math.isclose(p[0], q[0], abs_tol=tol) and math.isclose(p[1], q[1], abs_tol=tol)


# --- FG-MEAS-1..5: the five standard measures (AMB-1) ----------------------------------------


@pytest.mark.parametrize(
    ("rule", "code", "inches"),
    [
        ("FG-MEAS-1", "XS", 2.0),
        ("FG-MEAS-2", "S", 4.0),
        ("FG-MEAS-3", "M", 6.0),
        ("FG-MEAS-4", "L", 8.0),
        ("FG-MEAS-5", "XL", 10.0),
    ],
)
def test_FG_MEAS_1_to_5_standard_measures(rule: str, code: str, inches: float) -> None:
    """FG-MEAS-1..5, AMB-1: all five measures exist with their listed values, read from content."""
    rs = rules()
    assert rs.core.measures[code] == inches
    assert rs.length(code) == inches
    assert rs.length(3.5) == 3.5  # a plain number of inches is itself


def test_AMB_1_five_measures_not_four() -> None:
    """AMB-1: the rulebook announces four measures but all five are implemented."""
    measures = rules().core.measures
    assert sorted(measures, key=lambda code: measures[code]) == ["XS", "S", "M", "L", "XL"]


# --- game/model/geometry.py ----------------------------------------------------------------------------


def test_rect_corners_facing_east() -> None:
    fl, fr, rr, rl = g.rect_corners(10, 5, 0, W, D)
    assert close(fl, (10.6, 6.0)) and close(fr, (10.6, 4.0))
    assert close(rr, (9.4, 4.0)) and close(rl, (9.4, 6.0))


def test_rect_corners_rotated_90_and_45() -> None:
    fl, fr, rr, rl = g.rect_corners(0, 0, 90, W, D)  # front towards +y: front edge at y = 0.6
    assert close(fl, (-1.0, 0.6)) and close(fr, (1.0, 0.6))
    assert close(rr, (1.0, -0.6)) and close(rl, (-1.0, -0.6))
    c = g.rect_corners(3, 4, 45, W, D)
    # the sides keep their lengths and the centre stays put whatever the rotation
    assert math.isclose(g.dist(c[0], c[1]), W) and math.isclose(g.dist(c[1], c[2]), D)
    assert close(g.centroid(c), (3, 4))
    # the front edge's midpoint is half the depth along the facing
    mid = ((c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2)
    assert close(mid, (3 + 0.6 * math.sqrt(0.5), 4 + 0.6 * math.sqrt(0.5)))
    assert math.isclose(polygon_area(c), W * D)


def test_heading_and_to_local() -> None:
    assert close(g.heading(0), (1, 0)) and close(g.heading(90), (0, 1))
    assert close(g.heading(225), (-math.sqrt(0.5), -math.sqrt(0.5)))
    # a point 2" ahead and 1" to the left of a unit facing north
    assert close(to_local((4, 7), (5, 5), 90), (2, 1))


def test_point_segment_distance() -> None:
    assert g.point_segment_distance((0, 3), (-1, 0), (1, 0)) == 3
    assert g.point_segment_distance((4, 4), (-1, 0), (1, 0)) == 5  # beyond the end: to the end point
    assert g.point_segment_distance((2, 2), (2, 2), (2, 2)) == 0  # a degenerate segment


def test_segments_intersect_cases() -> None:
    assert g.segments_intersect((0, 0), (2, 2), (0, 2), (2, 0))  # proper crossing
    assert g.segments_intersect((0, 0), (1, 1), (1, 1), (2, 0))  # touching at an end point
    assert g.segments_intersect((0, 0), (2, 0), (1, 0), (3, 0))  # collinear overlap
    assert not g.segments_intersect((0, 0), (1, 0), (2, 0), (3, 0))  # collinear, apart
    assert not g.segments_intersect((0, 0), (2, 0), (0, 1), (2, 1))  # parallel
    assert not g.segments_intersect((0, 0), (1, 1), (2, 0), (3, -5))


def test_segment_distance() -> None:
    assert g.segment_distance((0, 0), (2, 0), (0, 1), (2, 1)) == 1
    assert g.segment_distance((0, 0), (2, 2), (0, 2), (2, 0)) == 0
    assert math.isclose(g.segment_distance((0, 0), (1, 0), (4, 4), (4, 5)), 5)


def test_point_in_polygon_concave() -> None:
    ell = ((0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4))  # an L shape
    assert g.point_in_polygon((0.5, 3), ell)
    assert g.point_in_polygon((3, 0.5), ell)
    assert not g.point_in_polygon((3, 3), ell)  # in the notch
    assert not g.point_in_polygon((5, 0.5), ell)
    assert g.point_polygon_distance((3, 3), ell) == 2
    assert g.point_polygon_distance((0.5, 0.5), ell) == 0


def test_polygon_distance_axis_aligned_and_rotated() -> None:
    a = g.rect_corners(0, 0, 0, W, D)
    assert math.isclose(g.polygon_distance(a, g.rect_corners(5, 0, 0, W, D)), 5 - D)
    assert math.isclose(g.polygon_distance(a, g.rect_corners(0, 5, 0, W, D)), 5 - W)
    # rotated 45: the nearest point is a corner, at sqrt(0.6^2 + 1^2) from the centre
    r = g.rect_corners(5, 0, 45, W, D)
    half_extent = (0.6 + 1.0) * math.sqrt(0.5)  # of the turned base along x
    assert math.isclose(g.polygon_distance(a, r), 5 - half_extent - 0.6, abs_tol=1e-9)
    # symmetric, and 0 when touching or overlapping
    assert math.isclose(g.polygon_distance(r, a), g.polygon_distance(a, r))
    assert g.polygon_distance(a, g.rect_corners(D, 0, 0, W, D)) == 0
    assert g.polygon_distance(a, g.rect_corners(0.3, 0.2, 30, W, D)) == 0
    # one base wholly inside a larger polygon
    assert g.polygon_distance(a, rect(-5, -5, 5, 5)) == 0


def test_convex_overlap_touching_is_not_overlap() -> None:
    a = g.rect_corners(0, 0, 0, W, D)
    assert not g.convex_overlap(a, g.rect_corners(D, 0, 0, W, D))  # edge to edge
    assert g.convex_overlap(a, g.rect_corners(D - 0.05, 0, 0, W, D))
    assert not g.convex_overlap(a, g.rect_corners(3, 3, 0, W, D))
    # rotated: a base turned 45 degrees whose corner just reaches, or just misses, the other
    reach = (0.6 + 1.0) * math.sqrt(0.5)  # half extent of the turned base along x
    assert g.convex_overlap(a, g.rect_corners(0.6 + reach - 0.05, 0, 45, W, D))
    assert not g.convex_overlap(a, g.rect_corners(0.6 + reach + 0.05, 0, 45, W, D))
    # a negative tolerance makes touching count (used for "minimally inside")
    assert g.convex_overlap(a, g.rect_corners(D, 0, 0, W, D), tol=-g.EPS)


def test_segment_crosses_polygon() -> None:
    box = rect(2, 2, 4, 4)
    assert g.segment_crosses_polygon((0, 3), (6, 3), box)
    assert g.segment_crosses_polygon((3, 3), (9, 9), box)  # starts inside
    assert g.segment_crosses_polygon((0, 2), (6, 2), box)  # runs along an edge
    assert not g.segment_crosses_polygon((0, 0), (6, 1), box)


def test_polyline_distances() -> None:
    road = ((0, 0), (10, 0), (10, 10))
    assert point_polyline_distance((5, 3), road) == 3
    assert point_polyline_distance((12, 5), road) == 2
    assert math.isclose(g.polyline_distance(g.rect_corners(5, 3, 0, W, D), road), 2)
    assert g.polyline_distance(g.rect_corners(5, 0.5, 0, W, D), road) == 0


def test_clip_half_plane() -> None:
    sq = rect(0, 0, 4, 4)
    half = g.clip_half_plane(sq, 1.0, 0.0, 1.0)  # x <= 1
    assert math.isclose(polygon_area(half), 4.0) and max(p[0] for p in half) == 1.0
    turned = g.clip_half_plane(g.rect_corners(0, 0, 45, 2, 2), 0.0, 1.0, 0.0)  # y <= 0
    assert math.isclose(polygon_area(turned), 2.0)
    assert g.clip_half_plane(sq, 1.0, 0.0, -1.0) == []  # wholly outside
    edge = g.clip_half_plane(sq, -1.0, 0.0, -4.0)  # x >= 4: only the touching edge is left
    assert edge and all(p[0] == 4.0 for p in edge) and polygon_area(edge) == 0


def test_convex_hull_is_the_swept_ground() -> None:
    a = g.rect_corners(0, 0, 0, W, D)
    b = g.rect_corners(5, 0, 0, W, D)
    hull = g.convex_hull(a + b)
    assert len(hull) == 4 and math.isclose(polygon_area(hull), (5 + D) * W)
    turned = g.convex_hull(g.rect_corners(0, 0, 30, W, D) + g.rect_corners(3, 4, 30, W, D))
    assert len(turned) == 6  # a rotated rectangle slid diagonally sweeps a hexagon
    assert g.point_in_polygon((1.5, 2.0), turned)
    assert g.convex_hull([(0, 0), (1, 1), (0, 0)]) == ((0, 0), (1, 1))


def test_grid_samples_cover_the_base() -> None:
    c = g.rect_corners(5, 5, 30, W, D)
    pts = g.grid_samples(c, 10, 6)
    assert len(pts) == 60
    assert all(g.point_in_polygon(p, c) for p in pts)
    assert close(g.centroid(pts), (5, 5), 1e-9)


def test_bbox() -> None:
    b = g.BBox.of([(0, 0), (2, 3)], pad=1)
    assert (b.left, b.bottom, b.right, b.top) == (-1, -1, 3, 4)
    assert b.intersects(g.BBox(3, 4, 5, 5))  # touching corners
    assert not b.intersects(g.BBox(3.1, 0, 5, 5))


def test_the_cheap_bounds_before_exact_measures_never_cut_a_pair_too_near() -> None:
    """The search's shortcuts (issue 39): the gap between two bases' boxes is never more than their
    exact distance (FG-MEAS-7), so a pair whose boxes stand apart by a measure is at least that far;
    a feature's box is looked at before its distance, with the same answer."""
    rng = random.Random(5)
    wood = Feature(rules().terrain["wood"], polygon=((10, 10), (16, 9), (17, 15), (11, 16)))
    road = Feature(rules().terrain["road"], path=((0, 12), (12, 13), (30, 12)), width=1.0)
    for _ in range(3000):
        a = g.rect_corners(rng.uniform(0, 30), rng.uniform(0, 25), rng.uniform(0, 360), W, D)
        b = g.rect_corners(rng.uniform(0, 30), rng.uniform(0, 25), rng.uniform(0, 360), W, D)
        assert g.box_gap(a, b) <= g.convex_distance(a, b) + 1e-9
        for f in (wood, road):
            d = rng.choice([0.0, 0.5, 3.0])
            assert f.within(a, d) == (f.distance_to(a) <= d)


# --- FG-MEAS-6, FG-MEAS-7: closest points (AMB-2, AMB-3) ---------------------------------------


def test_FG_MEAS_7_closest_points_between_units(battle: Callable[..., Battle]) -> None:
    """FG-MEAS-7, AMB-2: units are measured between the closest points of their bases."""
    b = battle()
    a = unit(b, "a", "red", (10, 10), 0)
    e = unit(b, "e", "blue", (15, 10), 180)
    f = unit(b, "f", "blue", (10, 16), 0)
    assert math.isclose(measure.gap(b, a, e), 5 - D)  # front to front: centres 5" apart
    assert math.isclose(measure.gap(b, a, f), 6 - W)  # side to side
    assert math.isclose(measure.gap(b, e, a), measure.gap(b, a, e))


def test_FG_MEAS_7_rotated_bases(battle: Callable[..., Battle]) -> None:
    """FG-MEAS-7: for a rotated base the closest point is its nearest corner, not its centre."""
    b = battle()
    a = unit(b, "a", "red", (10, 10), 0)
    r = unit(b, "r", "blue", (15, 10), 45)
    half_extent = (0.6 + 1.0) * math.sqrt(0.5)  # of the turned base along x
    assert math.isclose(measure.gap(b, a, r), 15 - half_extent - 10.6, abs_tol=1e-9)
    assert measure.gap(b, a, r) < 5 - 0.6 - 0.6  # less than an unrotated pair would be


def test_FG_MEAS_7_officer_discs_and_points(battle: Callable[..., Battle]) -> None:
    """FG-MEAS-7, AMB-2: officers are discs (20 mm), markers points; distance 0 when touching."""
    b = battle()
    a = unit(b, "a", "red", (10, 10), 0)
    radius = rules().core.bases.officer_diameter / 2
    o = officer(b, "o", "red", (10, 14))
    p = officer(b, "p", "blue", (13, 14))
    assert math.isclose(measure.gap(b, a, o), 4 - 1.0 - radius)  # to the unit's side edge
    assert math.isclose(measure.gap(b, o, a), measure.gap(b, a, o))
    assert math.isclose(measure.gap(b, o, p), 3 - 2 * radius)
    assert math.isclose(measure.gap_to_point(b, a, (14, 10)), 4 - 0.6)
    assert math.isclose(measure.gap_to_point(b, o, (10, 20)), 6 - radius)
    q = officer(b, "q", "blue", (10, 11.2))  # overlapping the base's edge
    assert measure.gap(b, a, q) == 0


def test_FG_MEAS_6_measuring_changes_nothing(battle: Callable[..., Battle]) -> None:
    """FG-MEAS-6: measuring is allowed at any time, even while the battle waits for a decision, and
    measuring has no effect on the battle."""
    b = battle([6, 6])
    a = unit(b, "a", "red", (10, 10), 0)
    e = unit(b, "e", "blue", (17, 10), 180)
    b.apply(cmd.Activate("a", leadership=False))
    b.apply(cmd.Move("a", (13.5, 10)))
    assert b.pending is not None and b.pending.kind == "reaction"  # mid-move, waiting for blue
    before = len(b.events)
    assert measure.gap(b, a, e) > 0
    assert vision.sight(b, e, a).visible
    assert len(b.events) == before and b.pending is not None


def test_AMB_3_tolerance() -> None:
    """AMB-3: 'at X or less' is <= X and 'more than X' is > X, with a 0.01" tolerance."""
    assert g.EPS == 0.01
    assert measure.within(2.0, 2.0) and measure.within(2.009, 2.0) and not measure.within(2.02, 2.0)
    assert not measure.beyond(2.009, 2.0) and measure.beyond(2.02, 2.0)


def test_AMB_3_range_boundary_in_a_shot(battle: Callable[..., Battle]) -> None:
    """AMB-3 with FG-MEAS-7: a line infantry unit exactly XS away may shoot; 0.05" beyond may not."""
    b = battle([1, 1])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "e", "blue", (10 + D + 2.0, 10), 180)
    unit(b, "c", "red", (10, 20), 0)
    unit(b, "f", "blue", (10 + D + 2.05, 20), 180)
    assert not of(order(b, cmd.Fire("a", "e")), "rejected")
    rej = of(order(b, cmd.Fire("c", "f")), "rejected")
    assert rej and rej[0].rule == "FG-FIRE-1"


# --- FG-VIS: the vision strip (AMB-7) ------------------------------------------------------------


def test_FG_VIS_1_strip_in_front_only(battle: Callable[..., Battle]) -> None:
    """FG-VIS-1, AMB-7: a unit sees the forward projection of its front edge, to any distance,
    and nothing beside or behind it."""
    b = battle(size=(120, 48))
    v = unit(b, "v", "red", (10, 20), 0)
    far = unit(b, "far", "blue", (100, 20), 0)
    beside = unit(b, "beside", "blue", (14, 20 + W + 0.1), 0)
    behind = unit(b, "behind", "blue", (5, 20), 0)
    assert vision.sight(b, v, far).visible
    assert not vision.sight(b, v, beside).visible
    assert not vision.sight(b, v, behind).visible
    assert sees_point(b, v, (50, 20.9)) and not sees_point(b, v, (50, 21.2))
    assert not sees_point(b, v, (9, 20))


def test_FG_VIS_1_rotated_strip(battle: Callable[..., Battle]) -> None:
    """FG-VIS-1: the strip turns with the base (here facing 45 degrees)."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 45)
    ahead = unit(b, "ahead", "blue", (16, 16), 225)
    east = unit(b, "east", "blue", (18, 10), 180)  # 45 degrees off the facing: outside the strip
    assert vision.sight(b, v, ahead).visible and not vision.sight(b, v, ahead).obscured
    assert not vision.sight(b, v, east).visible
    assert sees_point(b, v, (20, 20)) and not sees_point(b, v, (20, 10))


def test_FG_VIS_2_minimally_inside_is_visible(battle: Callable[..., Battle]) -> None:
    """FG-VIS-2: something at least minimally inside the strip is visible (and then obscured)."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    edge = unit(b, "edge", "blue", (15, 10 + W - 0.15), 180)  # 0.15" of it inside the strip
    out = unit(b, "out", "blue", (15, 10 - W - 0.15), 180)
    s = vision.sight(b, v, edge)
    assert s.visible and s.obscured
    assert not vision.sight(b, v, out).visible


def test_FG_VIS_2_sliver_between_sample_points(battle: Callable[..., Battle]) -> None:
    """FG-VIS-2, AMB-8: a target only 0.05" inside the strip (less than the sampling grid's spacing)
    is still visible, and obscured; the sliver is hidden if a unit stands in front of it."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    sliver = unit(b, "sliver", "blue", (15, 10 + W - 0.05), 180)
    s = vision.sight(b, v, sliver)
    assert s.visible and s.obscured
    unit(b, "screen", "red", (12.5, 10.8), 0)  # covers lateral offsets -0.2 .. 1.8 in front of v
    assert not vision.sight(b, v, sliver).visible


def test_FG_VIS_2_touching_the_strip_lines_is_not_inside(battle: Callable[..., Battle]) -> None:
    """FG-VIS-1, FG-VIS-2, AMB-7: a unit standing side by side with the viewer touches the strip's side
    line only at the front corner: it is beside the viewer and not seen. A unit in frontal contact is."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    side = unit(b, "side", "blue", (10, 10 + W), 0)
    side_ahead = unit(b, "side_ahead", "blue", (10.3, 10 - W), 0)
    front = unit(b, "front", "blue", (10 + D, 10), 180)
    assert not vision.sight(b, v, side).visible
    assert not vision.sight(b, v, side_ahead).visible
    assert vision.sight(b, v, front).visible and not vision.sight(b, v, front).obscured


def test_FG_VIS_3_obscured_at_half_outside(battle: Callable[..., Battle]) -> None:
    """FG-VIS-3, AMB-8: obscured when 50% or more of the target is outside the line of sight."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    half = unit(b, "half", "blue", (15, 11), 180)  # half its width outside the strip
    third = unit(b, "third", "blue", (15, 30.6), 180)
    v2 = unit(b, "v2", "red", (10, 30), 0)
    full = unit(b, "full", "blue", (15, 40), 180)
    v3 = unit(b, "v3", "red", (10, 40), 0)
    s = vision.sight(b, v, half)
    assert s.visible and s.obscured
    s2 = vision.sight(b, v2, third)  # 30% outside
    assert s2.visible and not s2.obscured
    s3 = vision.sight(b, v3, full)
    assert s3.visible and not s3.obscured


# --- FG-VIS-4: what blocks (AMB-8) ---------------------------------------------------------------


@pytest.mark.parametrize("blocker_side", ["red", "blue"])
def test_FG_VIS_4_units_friend_or_foe_block(battle: Callable[..., Battle], blocker_side: str) -> None:
    """FG-VIS-4, AMB-8: any other unit's base, friend or foe, interrupts line of sight."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (20, 10), 180)
    unit(b, "mid", blocker_side, (15, 10), 0)
    s = vision.sight(b, v, t)
    assert not s.visible and s.blocked_by_units
    # artillery looks over units (FG-FIRE-3) but is told that units were in the way
    over = vision.sight(b, v, t, over_units=True)
    assert over.visible and over.blocked_by_units


def test_FG_VIS_4_partial_unit_block_obscures(battle: Callable[..., Battle]) -> None:
    """FG-VIS-4, FG-VIS-3: a unit hiding more than half of the target leaves it visible but obscured."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (20, 10), 180)
    unit(b, "mid", "red", (15, 10.5), 0)  # covers lateral offsets -0.5 .. 1.5 of the target
    s = vision.sight(b, v, t)
    assert s.visible and s.obscured


def test_FG_VIS_4_a_line_that_blocks_sight_hides_what_is_across_it(battle: Callable[..., Battle]) -> None:
    """FG-VIS-4, DG-DEC-13: a line of ground that blocks sight (a steep slope, a hill's edge) hides a
    unit across it, wholly or in part (then obscured); a line that does not (a stream) hides nothing."""
    for kind, seen in (("steep", False), ("stream", True)):
        b = battle(terrain=[(kind, (((15, 0), (15, 48)), 0.2))])
        v = unit(b, "v", "red", (10, 10), 0)
        t = unit(b, "t", "blue", (20, 10), 180)
        assert vision.sight(b, v, t).visible is seen, kind
    b = battle(terrain=[("steep", (((15, 10), (15, 30)), 0.2))])  # hides more than half of it
    v = unit(b, "v", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (20, 10), 180)
    s = vision.sight(b, v, t)
    assert s.visible and s.obscured and not s.blocked_by_units


def test_FG_VIS_4_officers_never_block(battle: Callable[..., Battle]) -> None:
    """FG-VIS-4, AMB-8, AMB-12: officers block no line of sight."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (16, 10), 180)
    officer(b, "o1", "red", (13, 10))
    officer(b, "o2", "blue", (13, 10.5))
    s = vision.sight(b, v, t)
    assert s.visible and not s.obscured and not s.blocked_by_units


def test_FG_VIS_4_officer_targets_are_seen(battle: Callable[..., Battle]) -> None:
    """FG-VIS-4: FG-VIS-2: an officer's disc inside the strip is visible; one beside it is not."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0)
    o = officer(b, "o", "blue", (14, 10))
    p = officer(b, "p", "blue", (14, 13))
    assert vision.sight(b, v, o).visible
    assert not vision.sight(b, v, p).visible


@pytest.mark.parametrize("kind", ["wood", "town", "hill"])
def test_FG_VIS_4_terrain_blocks_between_units_outside(battle: Callable[..., Battle], kind: str) -> None:
    """FG-VIS-4, AMB-8: woods, towns and hills between two units both outside them block sight."""
    b = battle(terrain=[(kind, rect(13, 5, 16, 15))])
    v = unit(b, "v", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (20, 10), 180)
    assert not vision.sight(b, v, t).visible
    assert not vision.sight(b, t, v).visible  # neither sees the other


@pytest.mark.parametrize("kind", ["wood", "town", "hill"])
def test_FG_VIS_4_units_inside_terrain_see_and_are_seen(battle: Callable[..., Battle], kind: str) -> None:
    """FG-VIS-4: AMB-8: a unit occupying a wood, town or hill (centre inside) sees out and is seen."""
    b = battle(terrain=[(kind, rect(13, 5, 16, 15))])
    v = unit(b, "v", "red", (10, 10), 0)
    inside = unit(b, "in", "blue", (15, 10), 180)  # centre inside, front edge out towards v
    beyond = unit(b, "beyond", "blue", (20, 12.5), 180)
    v2 = unit(b, "v2", "red", (14.5, 12.5), 0)  # inside, looking out
    assert vision.sight(b, v, inside).visible
    assert vision.sight(b, inside, v).visible
    assert vision.sight(b, v2, beyond).visible


def test_FG_VIS_4_terrain_outside_the_way_does_not_block(battle: Callable[..., Battle]) -> None:
    """FG-VIS-4: a wood beside the strip does not hide the target."""
    b = battle(terrain=[("wood", rect(13, 12, 16, 15))])
    v = unit(b, "v", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (20, 10), 180)
    s = vision.sight(b, v, t)
    assert s.visible and not s.obscured


@pytest.mark.parametrize("kind", ["field", "road", "bridge", "ford", "open"])
def test_FG_VIS_5_other_terrain_does_not_block(battle: Callable[..., Battle], kind: str) -> None:
    """FG-VIS-5, AMB-14: fields (and roads, bridges, fords, open ground) do not affect vision."""
    k = rules().terrain[kind]
    shape = (((12, 0), (12, 20)), 2.0) if k.linear else rect(13, 5, 16, 15)
    b = battle(terrain=[(kind, shape)])
    v = unit(b, "v", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (20, 10), 180)
    s = vision.sight(b, v, t)
    assert s.visible and not s.obscured
    assert not k.blocks_sight


# --- FG-VIS-6 and EX-4: obscured means cover -----------------------------------------------------


def _ex4(b: Battle) -> None:
    """EX-4 laid out: C (light infantry) looks east at B; an L-shaped wood stands between A and B and
    hides a little more than half of B from C. B faces north, towards A; C is beside B."""
    unit(b, "C", "red", (10, 10), 0, cat="LI")
    unit(b, "B", "blue", (14.5, 10), 90)
    unit(b, "A", "red", (14.5, 20), 270)


EX4_WOOD = ((11, 9.95), (12.5, 9.95), (12.5, 13), (16.5, 13), (16.5, 16), (11, 16))


def test_EX_4_vision(battle: Callable[..., Battle]) -> None:
    """EX-4 (FG-VIS-1..6): A and B do not see each other; B does not see C; C sees B, but B is
    obscured (slightly more than 50% hidden by the wood), so B is in cover against C."""
    b = battle(terrain=[("wood", EX4_WOOD)])
    _ex4(b)
    A, B, C = b.ids["A"], b.ids["B"], b.ids["C"]
    hidden = (10.6 - 9.95) / D  # share of B's depth behind the wood, as C looks at it
    assert 0.5 < hidden < 0.6
    assert not vision.sight(b, A, B).visible and not vision.sight(b, B, A).visible
    assert not vision.sight(b, B, C).visible
    s = vision.sight(b, C, B)
    assert s.visible and s.obscured and not s.blocked_by_units
    assert in_cover(b, B, s, artillery=False)
    # EX-4 derived: a shot from C at B gets -1 "Enemy in cover" (FG-CBT-4)
    mods = fire_modifiers(b, C, B, s, moved=False, reaction=False)
    assert [(m.rule, m.value) for m in mods if m.rule == "FG-CBT-4"] == [("FG-CBT-4", -1)]


def test_EX_4_shot_carries_the_cover_modifier(battle: Callable[..., Battle]) -> None:
    """EX-4, FG-VIS-6: the shot C actually makes at B is rolled with -1 for cover; without the wood
    the same shot has no cover modifier."""
    totals = {}
    for with_wood in (True, False):
        b = battle([4, 6, 6, 6], terrain=[("wood", EX4_WOOD)] if with_wood else [])
        _ex4(b)
        rolls = [r for r in of(order(b, cmd.Fire("C", "B")), "roll") if r.check == "fire"]
        assert len(rolls) == 1
        rules_seen = {m.rule: m.value for m in rolls[0].modifiers}
        assert ("FG-CBT-4" in rules_seen) is with_wood
        totals[with_wood] = rolls[0].total
    assert totals[True] == totals[False] - 1


def test_FG_VIS_6_obscured_target_counts_in_cover(battle: Callable[..., Battle]) -> None:
    """FG-VIS-6: an obscured unit (here half outside the strip, in the open) counts as in cover."""
    b = battle()
    v = unit(b, "v", "red", (10, 10), 0, cat="LI")
    half = unit(b, "half", "blue", (13, 11), 180)
    s = vision.sight(b, v, half)
    assert s.obscured and not vision.in_dense_cover(b, half)
    mods = fire_modifiers(b, v, half, s, moved=False, reaction=False)
    assert ("FG-CBT-4", -1) in [(m.rule, m.value) for m in mods]


# --- FG-TERR-4: dense cover ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "share", "covered"),
    [
        ("wood", 0.5, True),
        ("wood", 0.6, True),
        ("wood", 0.4, False),
        ("town", 0.6, True),
        ("field", 0.6, True),
        ("hill", 1.0, False),
        ("ford", 1.0, False),
    ],
)
def test_FG_TERR_4_dense_cover_half_the_base(
    battle: Callable[..., Battle], kind: str, share: float, covered: bool
) -> None:
    """FG-TERR-4, AMB-14: a unit with at least 50% of its base in dense terrain (woods, towns, crops)
    is in cover; open terrain (hills, fords) gives none."""
    edge = 10 - W / 2 + W * share  # the feature covers x <= edge of a base facing north
    b = battle(terrain=[(kind, rect(0, 0, edge, 20))])
    e = unit(b, "e", "blue", (10, 10), 90)
    assert vision.in_dense_cover(b, e) is covered

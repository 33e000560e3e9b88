"""FG-MOVE, FG-ROAD, FG-STRAT: where a unit may go and how far, and the farthest legal point of a
push or a retreat (AMB-22, AMB-63, AMB-64).

Distance moved is the length of the centre's path (FG-MOVE-5); a pivot is free but counts as
movement (AMB-50). A unit is "in" a terrain area when its centre is (AMB-10).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import esper

from game.model.battle import Battle
from game.model.components import Footprint, Side, Unit
from game.model.geometry import (
    EPS,
    BBox,
    Point,
    boundary,
    box_gap,
    convex_distance,
    convex_hull,
    dist,
    point_segment_distance,
    rect_corners,
)
from game.model.resolution import Reject, refuse
from game.model.ruleset import Category, MovementClass, category_word
from game.model.table import Feature
from game.model.words import Number
from systems.for_glory.checks import is_disorganised

STEP = 0.25  # inches between the points at which a centre path is examined


@dataclass(frozen=True)
class Plan:
    """A legal movement, worked out before anything moves."""

    unit: int
    path: tuple[Point, ...]
    facing: float
    length: float
    allowance: float
    how: str  # move, pivot, road, strategic, road+strategic
    stopped: str | None = None  # the rule that cut it short
    road: bool = False
    cost: float | None = None  # the allowance it uses, when the rules in play weigh more than its length


def _steps(start: Point, end: Point, step: float = STEP) -> int:
    """How many steps `along` divides a path into."""
    return max(1, math.ceil(dist(start, end) / step))


def along(start: Point, end: Point, step: float = STEP) -> list[Point]:
    n = _steps(start, end, step)
    (x, y), dx, dy = start, end[0] - start[0], end[1] - start[1]  # once, not per point: the same sums
    return [(x + dx * i / n, y + dy * i / n) for i in range(n + 1)]


def examined(b: Battle, start: Point, end: Point) -> list[Point]:
    """FG-MOVE-3, FG-UNIT-12..17: the points a centre path is examined at: every STEP, and where it
    crosses an area's edge and halfway between two such crossings, so that a path clipping the corner
    of a difficult area enters it, however short the stretch inside."""
    cuts = b.table.area_crossings(start, end)
    if not cuts:
        return along(start, end)
    n = _steps(start, end)
    marks = [0.0, *cuts, 1.0]
    ts = sorted(
        {i / n for i in range(n + 1)} | set(cuts) | {(a + c) / 2 for a, c in itertools.pairwise(marks)}
    )
    (x, y), dx, dy = start, end[0] - start[0], end[1] - start[1]
    return [(x + dx * t, y + dy * t) for t in ts]


def examined_end(b: Battle, start: Point, end: Point) -> Point:
    """The last of `examined`'s points (`end` but for the sums' rounding, which these keep), without
    the others: a charge asks only where each of its later contact spots ends (plan.py)."""
    (x, y), dx, dy = start, end[0] - start[0], end[1] - start[1]
    if b.table.area_crossings(start, end):
        return (x + dx, y + dy)  # its last fraction is 1: the crossings lie within the path
    n = _steps(start, end)
    return (x + dx * n / n, y + dy * n / n)  # along's last point


class Examined(NamedTuple):
    """A straight centre path's examined points, the ground under each (Table.ground_along) and its
    movement class alone (what most checks look for: `"impassable" in classes`)."""

    points: tuple[Point, ...]
    ground: tuple[tuple[MovementClass, Feature | None], ...]
    classes: tuple[MovementClass, ...]


def examined_ground(b: Battle, start: Point, end: Point) -> Examined:
    """`examined` and the ground under each of its points, kept by the table: they depend on its
    ground alone, and a general weighs the same moves and charges at every decision."""
    return b.table.kept(("examined", start, end), lambda: _examined_ground(b, start, end))


def _examined_ground(b: Battle, start: Point, end: Point) -> Examined:
    pts = examined(b, start, end)
    ground = tuple(b.table.ground_along(pts))
    return Examined(tuple(pts), ground, tuple(cls for cls, _area in ground))


def move_rules(
    b: Battle, e: int, start: Point, end: Point, facing: float, road: bool = False, target: int | None = None
) -> tuple[str, ...] | None:
    """The rules of a module that priced this move (its ground, its turn), for its events and its
    ghost; None when only For Glory's length counts (events then stay as they were)."""
    way = Way(tuple(examined(b, start, end)), facing, road, target)
    return tuple(b.stack.hook("move_rules")(b, e, way)) or None


def category(e: int) -> Category:
    return esper.component_for_entity(e, Unit).category


def may_move(b: Battle, e: int, target: int | None = None) -> None:
    """Raises Reject when a module's rule keeps the unit from a move of its own will (a move, a
    retreat, an extra move; a charge at `target`): warhammer-charges' unit in close combat. Compulsory
    moves (pushes, flights) do not ask."""
    b.stack.hook("may_move")(b, e, target)


def base_move(b: Battle, e: int, difficult: bool) -> float | None:
    """A unit's allowance, through the hook a rule module may replace (movement per terrain and arm)."""
    return b.stack.hook("movement_allowance")(b, e, difficult)


@dataclass(frozen=True)
class Way:
    """A straight move of a unit's centre as the move_cost hook prices it: the points it is examined at,
    the facing the unit ends with, along a road or not, and the unit it charges, if it is a charge."""

    points: tuple[Point, ...]
    facing: float
    road: bool = False
    target: int | None = None

    @property
    def charge(self) -> bool:
        return self.target is not None


def path_length(b: Battle, e: int, way: Way) -> float:
    """FG-MOVE: a move uses as much of the allowance as its length (ground changes the allowance;
    AMB-50: turning is free)."""
    return dist(way.points[0], way.points[-1])


def stops_in_difficult(b: Battle, e: int) -> bool:
    """FG-MOVE-3: cavalry stop where they enter difficult ground."""
    return category(e).type == "cavalry"


def movement_allowance(b: Battle, e: int, difficult: bool) -> float | None:
    """FG-UNIT-12, FG-MOVE-2: the category's move, or its move in difficult terrain (None: it cannot)."""
    cat = category(e)
    if difficult:
        return None if cat.difficult_move is None else b.rules.length(cat.difficult_move)
    return b.rules.length(cat.move)


def corners_at(e: int, p: Point, facing: float) -> tuple[Point, ...]:
    fp = esper.component_for_entity(e, Footprint)
    return rect_corners(p[0], p[1], facing, fp.width, fp.depth)


def is_enemy(b: Battle, me: int, other: int) -> bool:
    return esper.component_for_entity(other, Side).side != esper.component_for_entity(me, Side).side


def _difficult_entry(
    b: Battle, pts: Sequence[Point], ground: Sequence[tuple[MovementClass, Feature | None]]
) -> tuple[int, Point] | None:
    """Where a centre path first enters a difficult area it was not in (FG-MOVE-3): the index of the
    first examined point inside it, and the exact point of entry on the area's edge, found by halving
    the step before it (cavalry stop there, not at the next examined point). `ground`: the ground under
    each point (Table.ground_along)."""
    i = _entry_index(ground)
    if i is None:
        return None
    area = ground[i][1]
    return i, boundary(pts[i - 1], pts[i], lambda p: b.table.difficult_area_at(p) is area)


def _entry_index(ground: Sequence[tuple[MovementClass, Feature | None]]) -> int | None:
    """The index of the first examined point of a centre path inside a difficult area the one before
    was not in (FG-MOVE-3), or None; `ground`: the ground under each point (Table.ground_along)."""
    areas = [area for _cls, area in ground]
    return next((i for i in range(1, len(areas)) if areas[i] not in (None, areas[i - 1])), None)


def difficult_entry(b: Battle, start: Point, end: Point) -> Point | None:
    """Where a straight centre path from start to end first enters a difficult area it was not in
    (FG-MOVE-3: cavalry stop there), or None (a pure query: the generals judge moves by it)."""
    way = examined_ground(b, start, end)
    found = _difficult_entry(b, way.points, way.ground)
    return None if found is None else found[1]


def enters_difficult(b: Battle, start: Point, end: Point) -> bool:
    """Does difficult_entry find an entry? Without working out where (the halving that finds the edge):
    a general bending a cavalry move clear of the ground asks only whether (game/ai/move_fan.py)."""
    return _entry_index(examined_ground(b, start, end).ground) is not None


def road_facing(b: Battle, at: Point, wanted: float) -> float:
    """FG-ROAD-2: in column, the front edge parallel to the road; of the two such facings, the one
    nearest the facing asked for."""
    best: tuple[float, float] | None = None
    for f in b.table.features:
        if not f.kind.road:
            continue
        for i in range(1, len(f.path)):
            a, c = f.path[i - 1], f.path[i]
            d = point_segment_distance(at, a, c)
            if best is None or d < best[0]:
                best = (d, math.degrees(math.atan2(c[1] - a[1], c[0] - a[0])))
    if best is None:
        return wanted
    options = [(best[1] + 90) % 360, (best[1] - 90) % 360]
    return min(options, key=lambda o: abs((o - wanted + 180) % 360 - 180))


def strategic_clear(b: Battle, e: int, end: Point, travel_facing: float, end_facing: float) -> bool:
    """FG-STRAT-1 (AMB-53): not disorganised, and XL or more from every enemy unit at every moment:
    where the base stands now, all the ground it sweeps on its way (with the facing it travels in)
    and where it ends (with the facing it ends in)."""
    if is_disorganised(b, e):
        return False
    xl = b.rules.length(b.rules.core.movement.strategic_enemy_distance)
    side = esper.component_for_entity(e, Side).side
    enemies = [b.pose(x).corners for x in b.enemy_units(side)]
    pose = b.pose(e)
    start = (pose.x, pose.y)
    shapes = [
        pose.corners,
        convex_hull(corners_at(e, start, travel_facing) + corners_at(e, end, travel_facing)),
        corners_at(e, end, end_facing),
    ]
    # the gap between two boxes never exceeds the distance between what they hold: a pair whose
    # boxes stand XL apart needs no exact measure (most of them, asked for every move weighed)
    return all(
        box_gap(mine, en) >= xl or convex_distance(mine, en) >= xl - EPS for mine in shapes for en in enemies
    )


def _blocked(b: Battle, e: int, start: Point, end: Point, facing: float, road: bool) -> int | None:
    """FG-MOVE-2: never through enemy units; FG-ROAD-3: on a road, through no unit on the road."""
    fp = esper.component_for_entity(e, Footprint)

    def stops(o: int) -> bool:
        return is_enemy(b, e, o) or (road and b.table.road_under(b.pose(o).corners))

    travelled, hit = b.physics.slide(fp.width, fp.depth, start, end, facing, stops, exclude=(e,))
    return hit if hit is not None and travelled < dist(start, end) - EPS else None


def check_rest(b: Battle, e: int, p: Point, facing: float, *, contact_ok: bool = False) -> None:
    """A base may end a movement only wholly on the table, on passable ground, clear of every base,
    and (unless charging) out of contact with the enemy."""
    corners = corners_at(e, p, facing)
    if not b.table.holds(corners):
        raise refuse("AMB-40", "reason_base_off_table")
    if b.table.impassable_under(corners, p):
        raise refuse("FG-TERR-2", "reason_base_on_impassable")
    fp = esper.component_for_entity(e, Footprint)
    over = b.physics.overlapping(fp.width, fp.depth, p[0], p[1], facing, exclude=(e,))
    if over:
        raise refuse("FG-MOVE-2", "reason_base_on_top", unit=b.name(over[0]))
    if not contact_ok:
        for o in b.physics.in_box(BBox.of(corners, pad=0.05)):
            if o != e and is_enemy(b, e, o) and convex_distance(corners, b.shape(o)) <= EPS:
                raise refuse("FG-CHG-1", "reason_move_touches", unit=b.name(o))


def check_end(b: Battle, e: int, p: Point, facing: float) -> None:
    """Where a move may end: as check_rest says, and foot artillery near a road or town (FG-MOVE-4)."""
    check_rest(b, e, p, facing)
    cat = category(e)
    if cat.must_end_near_road is not None and not b.table.near_road_or_town(
        corners_at(e, p, facing), b.rules.length(cat.must_end_near_road)
    ):
        raise refuse("FG-MOVE-4", "reason_end_near_road", category=category_word(cat))


def plan_move(
    b: Battle,
    e: int,
    to: Point,
    facing: float | None,
    road: bool | None = None,
    allowance: float | None = None,
    *,
    resting: bool = True,
) -> Plan:
    """Work out a Move order (FG-ORD-6): a straight path of the centre, then a free pivot. A fixed
    allowance (the cavalry extra move) replaces the unit's own and its road or strategic bonus.
    `resting=False` asks only whether the way is legal, wherever it ends (farthest_move)."""
    may_move(b, e)
    pose = b.pose(e)
    start = (pose.x, pose.y)
    # FG-ORD-6: no move is longer than the most the unit could ever be allowed; refused before any path
    # is built, so a destination far off the table costs nothing
    reach = allowance if allowance is not None else longest_move(b, e)
    if dist(start, to) > reach + EPS:
        cat = category(e)
        raise refuse(
            cat.rule,
            "reason_move_too_far",
            length=Number(f"{dist(start, to):.2f}"),
            category=category_word(cat),
            reach=Number(f"{reach:g}"),
        )
    end_facing = pose.facing if facing is None else facing % 360.0
    if allowance is not None:
        return _plan(b, e, start, to, end_facing, road=False, fixed=allowance, resting=resting)
    if road is None:
        try:
            return _plan(b, e, start, to, end_facing, road=False, resting=resting)
        except Reject as off_road:
            try:
                return _plan(b, e, start, to, end_facing, road=True, resting=resting)
            except Reject:
                raise off_road from None
    return _plan(b, e, start, to, end_facing, road=road, resting=resting)


FARTHEST_PRECISION = 0.02  # inches: how near the longest legal move farthest_move finds
BACK_OFF = 0.05  # inches between the points where farthest_move looks for a place to end


def farthest_move(
    b: Battle, e: int, to: Point, facing: float | None, allowance: float | None = None
) -> tuple[Plan, Reject | None]:
    """FG-ORD-6: the longest legal move along the straight line from the unit's centre towards `to`
    (a drag past where the unit may go stops where it may), with the refusal that stops it there
    (None when the move to `to` itself is legal). The way's rules (the allowance, enemies in the way,
    impassable ground) hold up to a point and not beyond it, which halving finds; from there it backs
    off to where the base may end (clear of every base, on the table). Raises the refusal of the move
    to `to` when no point of the line is legal. A pure query."""
    try:
        return plan_move(b, e, to, facing, allowance=allowance), None
    except Reject as refused:
        first = refused
    pose = b.pose(e)
    start = (pose.x, pose.y)
    length = min(dist(start, to), allowance if allowance is not None else longest_move(b, e))
    if length <= EPS:
        raise first
    u = ((to[0] - start[0]) / dist(start, to), (to[1] - start[1]) / dist(start, to))

    def point(s: float) -> Point:
        return (start[0] + u[0] * s, start[1] + u[1] * s)

    def way(s: float) -> Reject | None:
        try:
            plan_move(b, e, point(s), facing, allowance=allowance, resting=False)
        except Reject as r:
            return r
        return None

    low, high, why = 0.0, length, way(length)
    if why is None:
        low = high
    while high - low > FARTHEST_PRECISION:
        mid = (low + high) / 2
        stop = way(mid)
        if stop is None:
            low = mid
        else:
            high, why = mid, stop
    end_facing = pose.facing if facing is None else facing
    s = low
    while s > -EPS:
        try:
            b.stack.hook("move_end")(b, e, point(s), end_facing)
            return plan_move(b, e, point(s), facing, allowance=allowance), why or first
        except Reject as r:
            why = why if s < low else r  # backed off a place it may not end: that stops it
            s -= BACK_OFF
    raise first


def longest_move(b: Battle, e: int) -> float:
    """The longest move a unit could be allowed: its best base move with the road and strategic bonuses."""
    mv = b.rules.core.movement
    best = max(m for m in (base_move(b, e, False), base_move(b, e, True)) if m is not None)
    return best * (1 + mv.road_extra_moves + mv.strategic_extra_moves)


def _plan(
    b: Battle,
    e: int,
    start: Point,
    to: Point,
    facing: float,
    road: bool,
    fixed: float | None = None,
    resting: bool = True,
) -> Plan:
    cat = category(e)
    pts, ground, classes = examined_ground(b, start, to)
    mv = b.rules.core.movement
    flying = b.stack.hook("flies")(b, e)  # over the ground and the bases in its way (WM-23); not its end
    if road:
        # AMB-52: the centre stays on the road (its width) give or take the road tolerance
        if not all(b.table.on_road(p, mv.road_tolerance) for p in pts):
            raise refuse("FG-ROAD-1", "reason_road_off")
        facing = road_facing(b, pts[-1], facing)
    # FG-TERR-2: the centre never crosses impassable ground (bridges and fords excepted).
    if "impassable" in classes and not flying:
        p = next(p for p, cls in zip(pts, classes, strict=True) if cls == "impassable")
        raise refuse("FG-TERR-2", "reason_path_impassable", x=Number(f"{p[0]:.1f}"), y=Number(f"{p[1]:.1f}"))
    stopped = None
    difficult = False
    if not road and not flying:
        difficult = "difficult" in classes
        if difficult and cat.difficult_move is None:
            raise refuse("FG-UNIT-19", "reason_no_difficult_move", category=category_word(cat))
        if b.stack.hook("difficult_stop")(b, e):
            entry = _difficult_entry(b, pts, ground)
            if entry is not None:
                pts = (*pts[: entry[0]], entry[1])
                stopped = "FG-MOVE-3"
    end = pts[-1]
    length = dist(start, end)
    # For Glory: the length; a module may weigh the ground and the turn
    cost = b.stack.hook("move_cost")(b, e, Way(tuple(pts), facing, road))
    unit_move = base_move(b, e, difficult)
    assert unit_move is not None
    allowance = unit_move * (1 + (mv.road_extra_moves if road else 0)) if fixed is None else fixed
    how = "road" if road else "move"
    travel_facing = facing if road else b.pose(e).facing
    if fixed is None and cost > allowance + EPS and strategic_clear(b, e, end, travel_facing, facing):
        allowance += unit_move * mv.strategic_extra_moves
        how = "road+strategic" if road else "strategic"
    if cost > allowance + EPS:
        rule = "FG-MOVE-3" if stopped else cat.rule
        raise refuse(
            rule,
            "reason_move_over" if abs(cost - length) <= EPS else "reason_move_costs_over",
            length=Number(f"{length:.2f}"),
            cost=Number(f"{cost:.2f}"),
            category=category_word(cat),
            allowance=Number(f"{allowance:g}"),
        )
    if length > EPS and not flying:
        hit = _blocked(b, e, start, end, travel_facing, road)
        if hit is not None:
            rule = "FG-ROAD-3" if road and not is_enemy(b, e, hit) else "FG-MOVE-2"
            raise refuse(rule, "reason_path_through", unit=b.name(hit))
    if resting:  # For Glory's ends, and a module's (WM-42)
        b.stack.hook("move_end")(b, e, end, facing)
    if length <= EPS:
        how = "pivot"
    spent = None if abs(cost - length) <= EPS else cost
    return Plan(e, (start, end), facing, length, allowance, how, stopped, road, spent)


def farthest(
    b: Battle, e: int, direction: Point, distance: float, *, movement: bool
) -> tuple[Point, bool, str | None]:
    """The farthest legal point along a line for a push (movement=False: AMB-63, AMB-64) or a retreat
    (movement=True: AMB-22, where cavalry still stop in difficult terrain and foot artillery must end
    near a road). The base passes through friends but ends clear of every base, never touches an
    enemy, never crosses impassable ground, never leaves the table. Returns (end, blocked, rule)."""
    pose = b.pose(e)
    fp = esper.component_for_entity(e, Footprint)
    start = (pose.x, pose.y)
    n = math.hypot(*direction)
    ux, uy = (direction[0] / n, direction[1] / n) if n > 0 else (0.0, 0.0)
    limit = distance
    stopped = None
    # the table edge
    for cx, cy in pose.corners:
        for c, u, hi in ((cx, ux, b.table.width), (cy, uy, b.table.depth)):
            if u > 1e-12:
                limit = min(limit, (hi - c) / u)
            elif u < -1e-12:
                limit = min(limit, (0 - c) / u)
    limit = max(0.0, limit)
    # enemies stop it short of contact
    end = (start[0] + ux * limit, start[1] + uy * limit)
    travelled, hit = b.physics.slide(
        fp.width, fp.depth, start, end, pose.facing, lambda o: is_enemy(b, e, o), exclude=(e,)
    )
    if hit is not None:
        limit = max(0.0, travelled - 2 * EPS)
    # impassable ground, and for movement the cavalry stop
    pts = along(start, (start[0] + ux * limit, start[1] + uy * limit), 0.1)
    for i, p in enumerate(pts):
        if b.table.impassable_under(corners_at(e, p, pose.facing), p):
            limit = dist(start, pts[max(0, i - 1)])
            break
    if movement and b.stack.hook("difficult_stop")(b, e):
        way = along(start, (start[0] + ux * limit, start[1] + uy * limit))
        entry = _difficult_entry(b, way, b.table.ground_along(way))
        if entry is not None:
            limit = min(limit, dist(start, entry[1]))
            stopped = "FG-MOVE-3"
    near_road = category(e).must_end_near_road if movement else None
    t = limit
    while t > 0:
        p = (start[0] + ux * t, start[1] + uy * t)
        corners = corners_at(e, p, pose.facing)
        clear = not b.physics.overlapping(fp.width, fp.depth, p[0], p[1], pose.facing, exclude=(e,))
        if clear and (near_road is None or b.table.near_road_or_town(corners, b.rules.length(near_road))):
            break
        t = max(0.0, t - 0.05)
    blocked = t < distance - EPS
    return (start[0] + ux * t, start[1] + uy * t), blocked, stopped

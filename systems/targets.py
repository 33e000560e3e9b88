"""Who may be shot at or charged: FG-FIRE-1..3, FG-CHG-2, FG-OFF-3 (AMB-18, AMB-65), and the
geometry of a charge's route and contact (AMB-54, AMB-59)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import esper

from game.battle import Battle, Reject
from game.components import Footprint, Officer, Side, Status, Unit
from game.geometry import EPS, BBox, Point, convex_distance, dist, heading
from systems.measure import gap, within
from systems.paths import along, base_move, check_rest, corners_at, is_enemy
from systems.vision import Sight, sight


def sector(b: Battle, target: int, p: Point) -> str:
    """AMB-59: front, left, right or rear of the target, split by its extended diagonals; a point
    exactly on a diagonal counts as front."""
    tp = b.pose(target)
    fp = esper.try_component(target, Footprint)
    if fp is None:
        return "front"
    fx, fy = heading(tp.facing)
    dx, dy = p[0] - tp.x, p[1] - tp.y
    fwd, lat = dx * fx + dy * fy, -dx * fy + dy * fx
    hd, hw = fp.depth / 2, fp.width / 2
    if abs(lat) * hd <= abs(fwd) * hw + 1e-9:
        return "front" if fwd >= 0 else "rear"
    return "left" if lat > 0 else "right"


# --- shooting -----------------------------------------------------------------------------------


def fire_range(b: Battle, e: int) -> float | None:
    cat = esper.component_for_entity(e, Unit).category
    if cat.range is None or cat.type == "cavalry":
        return None
    return b.rules.length(cat.range)


def shot_sight(b: Battle, shooter: int, target: int) -> Sight | None:
    """The sight a shooter has of a target in range, or None if it may not shoot at it."""
    rng = fire_range(b, shooter)
    if rng is None or not within(gap(b, shooter, target), rng):
        return None
    artillery = esper.component_for_entity(shooter, Unit).category.type == "artillery"
    s = sight(b, shooter, target, over_units=artillery)
    return s if s.visible else None


def _candidates(b: Battle, e: int, reach: float) -> list[int]:
    pose = b.pose(e)
    return [o for o in b.physics.in_box(BBox.of(pose.corners, pad=reach)) if o != e]


def unit_fire_targets(b: Battle, shooter: int) -> list[int]:
    """FG-FIRE-1 (AMB-65): enemy units in range and visible."""
    rng = fire_range(b, shooter)
    if rng is None:
        return []
    return [
        o
        for o in _candidates(b, shooter, rng + EPS)
        if is_enemy(b, shooter, o)
        and esper.component_for_entity(o, Status).in_play
        and shot_sight(b, shooter, o) is not None
    ]


def officer_fire_targets(b: Battle, shooter: int) -> list[int]:
    side = esper.component_for_entity(shooter, Side).side
    return [o for o in b.officers() if b.side_of(o) != side and shot_sight(b, shooter, o) is not None]


def check_fire(b: Battle, shooter: int, target: int) -> Sight:
    """Raise Reject unless the shooter may shoot this target now; returns the sight."""
    unit = esper.component_for_entity(shooter, Unit)
    if unit.category.type == "cavalry" or unit.category.range is None:
        raise Reject("FG-FIRE-1", f"{unit.category.name} cannot shoot")
    if esper.component_for_entity(shooter, Status).marching_by_road:
        raise Reject("FG-ROAD-4", "a unit marching by road cannot shoot")
    if not is_enemy(b, shooter, target):
        raise Reject("FG-FIRE-1", f"{b.name(target)} is not an enemy")
    off = esper.try_component(target, Officer)
    if (off is not None and not off.in_play) or (
        off is None and not esper.component_for_entity(target, Status).in_play
    ):
        raise Reject("FG-FIRE-1", f"{b.name(target)} is not on the table")
    s = shot_sight(b, shooter, target)
    if s is None:
        rng = fire_range(b, shooter) or 0.0
        if not within(gap(b, shooter, target), rng):
            raise Reject(
                "FG-FIRE-1", f'{b.name(target)} is out of range ({gap(b, shooter, target):.2f}" > {rng:g}")'
            )
        raise Reject("FG-VIS-1", f"{b.name(target)} is not in the line of sight of {b.name(shooter)}")
    if off is not None:
        if unit_fire_targets(b, shooter):
            raise Reject("FG-OFF-3", "an officer may be shot only when he is the only valid target")
        return s
    if unit.category.type == "infantry":
        d = gap(b, shooter, target)
        nearest = min((gap(b, shooter, o) for o in unit_fire_targets(b, shooter)), default=d)
        if d > nearest + EPS:
            raise Reject(
                "FG-FIRE-2", f'infantry must shoot at the nearest valid target ({nearest:.2f}" away)'
            )
    return s


# --- charging -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChargePlan:
    unit: int
    target: int
    start: Point
    end: Point
    facing: float
    length: float
    sector: str
    travel_facing: float  # the facing it moves with: turned at the start, or at contact if it must


def _contact_poses(b: Battle, e: int, target: int) -> list[tuple[Point, float, str]]:
    """Where the charger may stand flush against the target: against the edge that faces it, its
    own centre as little to the side as contact allows, then further along if that is taken."""
    me = b.pose(e)
    myfp = esper.component_for_entity(e, Footprint)
    tp = b.pose(target)
    off = esper.try_component(target, Officer)
    if off is not None:
        d = dist((me.x, me.y), (tp.x, tp.y)) or 1.0
        ux, uy = (tp.x - me.x) / d, (tp.y - me.y) / d
        r = off.radius + myfp.depth / 2
        return [((tp.x - ux * r, tp.y - uy * r), math.degrees(math.atan2(uy, ux)), "front")]
    tfp = esper.component_for_entity(target, Footprint)
    s = sector(b, target, (me.x, me.y))
    fx, fy = heading(tp.facing)
    lx, ly = -fy, fx
    normal, along_edge, reach, half = {
        "front": ((fx, fy), (lx, ly), tfp.depth / 2, tfp.width / 2),
        "rear": ((-fx, -fy), (lx, ly), tfp.depth / 2, tfp.width / 2),
        "left": ((lx, ly), (fx, fy), tfp.width / 2, tfp.depth / 2),
        "right": ((-lx, -ly), (fx, fy), tfp.width / 2, tfp.depth / 2),
    }[s]
    offset = (me.x - tp.x) * along_edge[0] + (me.y - tp.y) * along_edge[1]
    spread = half + myfp.width / 2 - 0.2
    first = max(-half, min(half, offset))
    offsets = [first, 0.0] + [k * 0.25 * sgn for k in range(1, int(spread / 0.25) + 1) for sgn in (1, -1)]
    facing = round(math.degrees(math.atan2(-normal[1], -normal[0])), 9) % 360  # no 359.999... for 0
    out = []
    for o in offsets:
        cx = tp.x + normal[0] * (reach + myfp.depth / 2) + along_edge[0] * o
        cy = tp.y + normal[1] * (reach + myfp.depth / 2) + along_edge[1] * o
        out.append(((cx, cy), facing, s))
    return out


def plan_charge(
    b: Battle, e: int, target: int, *, vision: bool = True, allowance: float | None = None
) -> ChargePlan:
    """FG-CHG-1, FG-CHG-2, AMB-54: the charger turns to face the target and moves straight into
    contact. Rejects when it cannot see the target, cannot reach it, or the way is blocked."""
    if not is_enemy(b, e, target):
        raise Reject("FG-CHG-1", f"{b.name(target)} is not an enemy")
    me = b.pose(e)
    fp = esper.component_for_entity(e, Footprint)
    cat = esper.component_for_entity(e, Unit).category
    start = (me.x, me.y)
    if vision and not sight(b, e, target, share=False).visible:
        raise Reject(
            "FG-CHG-2", f"{b.name(target)} was not in the vision area of {b.name(e)} before it moved"
        )
    longest = max(b.rules.length(cat.move), allowance or 0.0)
    if gap(b, e, target) > longest + fp.width:  # turning to face cannot make up more than that
        raise Reject(cat.rule, f"{b.name(target)} is out of reach of a charge")
    problem: Reject | None = None
    for end, facing, _edge in _contact_poses(b, e, target):
        try:
            pts = along(start, end)
            ground = b.table.ground_along(pts)
            if any(cls == "impassable" for cls, _area in ground):
                raise Reject("FG-TERR-2", "the way crosses impassable ground")
            difficult = any(cls == "difficult" for cls, _area in ground)
            reach = base_move(b, e, difficult) if allowance is None else allowance
            if reach is None or (difficult and cat.difficult_move is None):
                raise Reject("FG-UNIT-19", f"{cat.name} cannot charge through difficult terrain (AMB-11)")
            if cat.type == "cavalry":
                inside = ground[0][1]
                if any(area not in (None, inside) for _cls, area in ground):
                    raise Reject(
                        "FG-MOVE-3", "cavalry stop on entering difficult terrain and would not reach"
                    )
            length = dist(start, end)
            if length > reach + EPS:
                raise Reject(
                    cat.rule, f'{b.name(target)} is {length:.2f}" away; the charge reaches {reach:g}"'
                )
            # bases the charger overlaps only by turning in place are neighbours, not obstacles
            # AMB-50: it turns to face the target where it stands, unless that would take it off
            # the table; then it turns once in contact.
            moving = facing if b.table.holds(corners_at(e, start, facing)) else me.facing
            adjacent = b.physics.overlapping(fp.width, fp.depth, start[0], start[1], moving, exclude=(e,))
            travelled, hit = b.physics.slide(
                fp.width, fp.depth, start, end, moving, lambda _o: True, exclude=(e, target, *adjacent)
            )
            if hit is not None and travelled < length - EPS:
                raise Reject("FG-CHG-1", f"the way to {b.name(target)} is blocked by {b.name(hit)} (AMB-54)")
            check_rest(b, e, end, facing, contact_ok=True)
            if cat.must_end_near_road is not None and not b.table.near_road_or_town(
                corners_at(e, end, facing), b.rules.length(cat.must_end_near_road)
            ):
                raise Reject("FG-MOVE-4", f"{cat.name} must end its move within XS of a road or a town")
            # AMB-59: the charger's centre where it makes contact decides front, flank or rear
            return ChargePlan(e, target, start, end, facing, length, sector(b, target, end), moving)
        except Reject as r:
            problem = problem or r
            if r.rule == cat.rule:
                break  # the first spot is the nearest: the others are out of reach too
    assert problem is not None
    raise problem


def chargeable_units(b: Battle, e: int, allowance: float | None = None) -> list[int]:
    """Enemy units in the vision area that a legal charge (of this allowance, if given) could reach now."""
    own = b.rules.length(esper.component_for_entity(e, Unit).category.move)
    reach = own if allowance is None else allowance
    width = esper.component_for_entity(e, Footprint).width
    out = []
    for o in _candidates(b, e, reach + 1.0):
        if gap(b, e, o) > reach + width:
            continue  # out of reach however it turns (the same bound plan_charge applies)
        if is_enemy(b, e, o) and esper.component_for_entity(o, Status).in_play:
            try:
                plan_charge(b, e, o, allowance=allowance)
            except Reject:
                continue
            out.append(o)
    return out


def check_charge(b: Battle, e: int, target: int, allowance: float | None = None) -> ChargePlan:
    """A charge order, reaction or chained charge (allowance: the cavalry extra move's) at this target."""
    if esper.component_for_entity(e, Status).marching_by_road:
        raise Reject("FG-ROAD-4", "a unit marching by road cannot charge")
    off = esper.try_component(target, Officer)
    if off is not None:
        if not off.in_play:
            raise Reject("FG-CHG-1", f"{b.name(target)} is not on the table")
        if chargeable_units(b, e, allowance):
            raise Reject(
                "FG-OFF-3", "an officer may be charged only when he is the only valid target (AMB-18)"
            )
    elif not esper.component_for_entity(target, Status).in_play:
        raise Reject("FG-CHG-1", f"{b.name(target)} is not on the table")
    return plan_charge(b, e, target, allowance=allowance)


def contacts(b: Battle, e: int) -> list[int]:
    """Enemy units in base-to-base contact with a unit."""
    corners = b.pose(e).corners
    return [
        o
        for o in b.physics.in_box(BBox.of(corners, pad=0.05))
        if o != e and is_enemy(b, e, o) and convex_distance(corners, b.shape(o)) <= EPS
    ]


def only_target(b: Battle, officer: int, at: Point) -> bool:
    """AMB-19: would an officer standing here be the only valid target of some enemy unit?"""
    with b.supposing(officer, *at):
        side = b.side_of(officer)
        for enemy in b.enemy_units(side):
            if shot_sight(b, enemy, officer) is not None and not unit_fire_targets(b, enemy):
                return True
            reach = b.rules.length(esper.component_for_entity(enemy, Unit).category.move)
            if (
                within(gap(b, enemy, officer), reach)
                and sight(b, enemy, officer).visible
                and not chargeable_units(b, enemy)
            ):
                return True
        return False

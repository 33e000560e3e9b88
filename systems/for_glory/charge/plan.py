"""FG-CHG-1, FG-CHG-2, AMB-50, AMB-54, AMB-59: where a charger may make contact, and whether it can
get there (a pure query: nothing moves)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import esper

from game.model.battle import Battle
from game.model.components import Footprint, Officer, Status, Unit
from game.model.geometry import EPS, Point, dist, heading
from game.model.resolution import Reject, refuse
from game.model.ruleset import category_word
from game.model.words import Number
from systems.for_glory.measure import gap
from systems.for_glory.paths import (
    Way,
    base_move,
    check_rest,
    corners_at,
    examined_end,
    examined_ground,
    is_enemy,
    may_move,
)
from systems.for_glory.targets import candidates, sector
from systems.for_glory.vision import sight


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
    contact. Rejects when it cannot see the target, cannot reach it, or the way is blocked. (A player
    thinking asks it of a unit again for each officer it might charge: the answer is kept.)"""
    return b.memo(
        ("plan_charge", e, target, vision, allowance), lambda: _plan_charge(b, e, target, vision, allowance)
    )


def out_of_reach(b: Battle, e: int, target: int, allowance: float | None = None) -> bool:
    """Is the target farther than any charge of this unit could go (its move, or the allowance if
    longer, and its width: turning to face cannot make up more than that)? Then every charge at it is
    refused (plan_charge, check_charge): a general asks this cheap question first."""
    cat = esper.component_for_entity(e, Unit).category
    longest = max(b.rules.length(cat.move), allowance or 0.0)
    return gap(b, e, target) > longest + esper.component_for_entity(e, Footprint).width


def _plan_charge(b: Battle, e: int, target: int, vision: bool, allowance: float | None) -> ChargePlan:
    if not is_enemy(b, e, target):
        raise refuse("FG-CHG-1", "reason_not_enemy", unit=b.name(target))
    may_move(b, e, target)
    me = b.pose(e)
    fp = esper.component_for_entity(e, Footprint)
    cat = esper.component_for_entity(e, Unit).category
    start = (me.x, me.y)
    if vision and not sight(b, e, target, share=False).visible:
        raise refuse("FG-CHG-2", "reason_not_in_vision", unit=b.name(target), charger=b.name(e))
    if out_of_reach(b, e, target, allowance):
        raise refuse(cat.rule, "reason_charge_out_of_reach", unit=b.name(target))
    problem: Reject | None = None
    starts: dict[float, tuple[float, list[int]]] = {}  # by facing: how it sets off, who stands beside it
    stops = b.stack.hook("difficult_stop")(b, e)
    inside = b.table.difficult_area_at(start) if stops else None  # the area it may charge about in
    for end, facing, _edge in _contact_poses(b, e, target):
        # a spot after the first that ends in another area is refused before its length is asked
        # (FG-MOVE-3, or the ground before it): only whether it is refused matters then, and its end
        # costs far less to look at than its whole way
        if (
            problem is not None
            and stops
            and b.table.difficult_area_at(examined_end(b, start, end)) not in (None, inside)
        ):
            continue
        try:
            pts, ground, classes = examined_ground(b, start, end)
            if "impassable" in classes:
                raise refuse("FG-TERR-2", "reason_way_impassable")
            difficult = "difficult" in classes
            reach = base_move(b, e, difficult) if allowance is None else allowance
            if reach is None or (difficult and cat.difficult_move is None):
                raise refuse("FG-UNIT-19", "reason_no_difficult_charge", category=category_word(cat))
            if stops and any(area not in (None, inside) for _cls, area in ground):
                raise refuse("FG-MOVE-3", "reason_cavalry_stops")
            length = dist(start, end)
            cost = b.stack.hook("move_cost")(b, e, Way(tuple(pts), facing, target=target))  # FG: the length
            if cost > reach + EPS:
                raise refuse(
                    cat.rule,
                    "reason_charge_too_far" if abs(cost - length) <= EPS else "reason_charge_costs_too_much",
                    unit=b.name(target),
                    length=Number(f"{length:.2f}"),
                    cost=Number(f"{cost:.2f}"),
                    reach=Number(f"{reach:g}"),
                )
            # bases the charger overlaps only by turning in place are neighbours, not obstacles
            # AMB-50: it turns to face the target where it stands, unless that would take it off
            # the table; then it turns once in contact.
            # (the same for every contact spot of one facing: worked out once per charge asked)
            if facing not in starts:
                moving = facing if b.table.holds(corners_at(e, start, facing)) else me.facing
                starts[facing] = (
                    moving,
                    b.physics.overlapping(fp.width, fp.depth, start[0], start[1], moving, exclude=(e,)),
                )
            moving, adjacent = starts[facing]
            travelled, hit = b.physics.slide(
                fp.width, fp.depth, start, end, moving, lambda _o: True, exclude=(e, target, *adjacent)
            )
            if hit is not None and travelled < length - EPS:
                raise refuse("FG-CHG-1", "reason_charge_blocked", unit=b.name(target), by=b.name(hit))
            check_rest(b, e, end, facing, contact_ok=True)
            if cat.must_end_near_road is not None and not b.table.near_road_or_town(
                corners_at(e, end, facing), b.rules.length(cat.must_end_near_road)
            ):
                raise refuse("FG-MOVE-4", "reason_end_near_road", category=category_word(cat))
            # AMB-59: the charger's centre where it makes contact decides front, flank or rear
            return ChargePlan(
                e, target, start, end, facing, length, b.stack.hook("attacked_from")(b, target, end), moving
            )
        except Reject as r:
            problem = problem or r
            if r.rule == cat.rule:
                break  # the first spot is the nearest: the others are out of reach too
    assert problem is not None
    raise problem


def chargeable_units(b: Battle, e: int, allowance: float | None = None) -> list[int]:
    """Enemy units in the vision area that a legal charge (of this allowance, if given) could reach now."""
    return list(_chargeable(b, e, allowance))


def any_chargeable(b: Battle, e: int, allowance: float | None = None) -> bool:
    """Is there such a unit? (Looks no further than the first.)"""
    return next(_chargeable(b, e, allowance), None) is not None


def _chargeable(b: Battle, e: int, allowance: float | None) -> Iterator[int]:
    own = b.rules.length(esper.component_for_entity(e, Unit).category.move)
    reach = own if allowance is None else allowance
    width = esper.component_for_entity(e, Footprint).width
    for o in candidates(b, e, reach + 1.0):
        if gap(b, e, o) > reach + width:
            continue  # out of reach however it turns (the same bound plan_charge applies)
        if is_enemy(b, e, o) and esper.component_for_entity(o, Status).in_play:
            try:
                plan_charge(b, e, o, allowance=allowance)
            except Reject:
                continue
            yield o


def check_charge(b: Battle, e: int, target: int, allowance: float | None = None) -> ChargePlan:
    """A charge order, reaction or chained charge (allowance: the cavalry extra move's) at this target."""
    if esper.component_for_entity(e, Status).marching_by_road:
        raise refuse("FG-ROAD-4", "reason_road_no_charge")
    off = esper.try_component(target, Officer)
    if off is not None:
        if not off.in_play:
            raise refuse("FG-CHG-1", "reason_not_on_table", unit=b.name(target))
        if any_chargeable(b, e, allowance):
            raise refuse("FG-OFF-3", "reason_officer_charge")
    elif not esper.component_for_entity(target, Status).in_play:
        raise refuse("FG-CHG-1", "reason_not_on_table", unit=b.name(target))
    return plan_charge(b, e, target, allowance=allowance)

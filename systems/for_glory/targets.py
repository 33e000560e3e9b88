"""Who may be shot at or charged: FG-FIRE-1..3, FG-CHG-2, FG-OFF-3 (AMB-18, AMB-65), and the
geometry of a charge's route and contact (AMB-54, AMB-59)."""

from __future__ import annotations

import math

import esper

from game.model.battle import Battle
from game.model.components import Footprint, Officer, Side, Status, Unit
from game.model.geometry import EPS, BBox, Point, dist, heading, kept_distance
from game.model.resolution import Reject, refuse
from game.model.ruleset import category_word
from game.model.words import Number
from systems.for_glory.measure import gap, within
from systems.for_glory.paths import is_enemy
from systems.for_glory.vision import Sight, sight


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
    """How far a unit shoots, or None if it may not, by the rules in play (the shooting_range hook)."""
    rng: float | None = b.stack.hook("shooting_range")(b, e)
    return rng


def no_weapon(b: Battle, e: int) -> tuple[str, str] | None:
    """For Glory's shooting_weapon: a unit shoots with its category's own fire, named by the category."""
    return None


def category_cannot_shoot(b: Battle, e: int) -> Reject:
    """FG-FIRE-1: its category does not shoot (For Glory's no_shot)."""
    return refuse("FG-FIRE-1", "reason_cannot_shoot", category=category_word(b.comp(e, Unit).category))


def category_range(b: Battle, e: int) -> float | None:
    """FG-FIRE-1: its category's range; cavalry never shoots (For Glory's shooting_range)."""
    cat = esper.component_for_entity(e, Unit).category
    if cat.range is None or cat.type == "cavalry":
        return None
    return b.rules.length(cat.range)


def shot_sight(b: Battle, shooter: int, target: int) -> Sight | None:
    """The sight a shooter has of a target in range, or None if it may not shoot at it (kept while a
    player thinks: checking one shot asks it of every other target, FG-FIRE-2)."""
    return b.memo(("shot_sight", shooter, target), lambda: _shot_sight(b, shooter, target))


def _shot_sight(b: Battle, shooter: int, target: int) -> Sight | None:
    rng = fire_range(b, shooter)
    if rng is None or not within(gap(b, shooter, target), rng):
        return None
    artillery = esper.component_for_entity(shooter, Unit).category.type == "artillery"
    s = sight(b, shooter, target, over_units=artillery)
    return s if s.visible else None


def candidates(b: Battle, e: int, reach: float) -> list[int]:
    pose = b.pose(e)
    return [o for o in b.physics.in_box(BBox.of(pose.corners, pad=reach)) if o != e]


def unit_fire_targets(b: Battle, shooter: int, nearer_than: float | None = None) -> list[int]:
    """FG-FIRE-1 (AMB-65): enemy units in range and visible; with `nearer_than`, only those nearer than
    it by more than EPS (FG-FIRE-2 asks no more: the sight of the others is never worked out)."""
    rng = fire_range(b, shooter)
    if rng is None:
        return []
    return [
        o
        for o in candidates(b, shooter, rng + EPS)
        if is_enemy(b, shooter, o)
        and esper.component_for_entity(o, Status).in_play
        and (nearer_than is None or gap(b, shooter, o) + EPS < nearer_than)
        and shot_sight(b, shooter, o) is not None
    ]


def officer_fire_targets(b: Battle, shooter: int) -> list[int]:
    """FG-FIRE-1: enemy officers in range and visible. An officer whose centre stands farther from the
    shooter's than its range, its base's half-diagonal and his radius is out of range whatever the
    exact measure says, and is left out before it is asked (a search asks this of every place it
    weighs a unit at, most officers far off)."""
    rng = fire_range(b, shooter)
    if rng is None:
        return []
    side = esper.component_for_entity(shooter, Side).side
    here, fp = b.pose(shooter), esper.component_for_entity(shooter, Footprint)
    beyond = rng + EPS + math.hypot(fp.width, fp.depth) / 2 + 1e-6  # and a margin for the sums' rounding
    return [
        o
        for o in b.officers()
        if b.side_of(o) != side
        and dist((here.x, here.y), (b.pose(o).x, b.pose(o).y)) - esper.component_for_entity(o, Officer).radius
        <= beyond
        and shot_sight(b, shooter, o) is not None
    ]


def check_fire(b: Battle, shooter: int, target: int) -> Sight:
    """Raise Reject unless the shooter may shoot this target now; returns the sight."""
    if fire_range(b, shooter) is None:
        raise b.stack.hook("no_shot")(b, shooter)  # why: a module's weapon may have been thrown
    if esper.component_for_entity(shooter, Status).marching_by_road:
        raise refuse("FG-ROAD-4", "reason_road_no_fire")
    if not is_enemy(b, shooter, target):
        raise refuse("FG-FIRE-1", "reason_not_enemy", unit=b.name(target))
    off = esper.try_component(target, Officer)
    if (off is not None and not off.in_play) or (
        off is None and not esper.component_for_entity(target, Status).in_play
    ):
        raise refuse("FG-FIRE-1", "reason_not_on_table", unit=b.name(target))
    s = shot_sight(b, shooter, target)
    if s is None:
        rng = fire_range(b, shooter) or 0.0
        if not within(gap(b, shooter, target), rng):
            raise refuse(
                "FG-FIRE-1",
                "reason_out_of_range",
                unit=b.name(target),
                distance=Number(f"{gap(b, shooter, target):.2f}"),
                range=Number(f"{rng:g}"),
            )
        raise refuse("FG-VIS-1", "reason_no_line_of_sight", unit=b.name(target), shooter=b.name(shooter))
    if off is not None:
        if unit_fire_targets(b, shooter):
            raise refuse("FG-OFF-3", "reason_officer_fire")
        return s
    if b.comp(shooter, Unit).category.type == "infantry":
        d = gap(b, shooter, target)
        # a target that refuses this one stands nearer by more than EPS, and the nearest of all is one
        nearer = unit_fire_targets(b, shooter, nearer_than=d)
        nearest = min((gap(b, shooter, o) for o in nearer), default=d)
        if d > nearest + EPS:
            raise refuse("FG-FIRE-2", "reason_nearest_target", distance=Number(f"{nearest:.2f}"))
    return s


def contacts(b: Battle, e: int) -> list[int]:
    """Enemy units in base-to-base contact with a unit."""
    corners = b.pose(e).corners
    return [
        o
        for o in b.physics.in_box(BBox.of(corners, pad=0.05))
        if o != e and is_enemy(b, e, o) and kept_distance(corners, b.shape(o)) <= EPS
    ]

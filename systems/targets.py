"""Who may be shot at or charged: FG-FIRE-1..3, FG-CHG-2, FG-OFF-3 (AMB-18, AMB-65), and the
geometry of a charge's route and contact (AMB-54, AMB-59)."""

from __future__ import annotations

import esper

from game.battle import Battle, Reject
from game.components import Footprint, Officer, Side, Status, Unit
from game.geometry import EPS, BBox, Point, convex_distance, heading
from systems.measure import gap, within
from systems.paths import is_enemy
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


def candidates(b: Battle, e: int, reach: float) -> list[int]:
    pose = b.pose(e)
    return [o for o in b.physics.in_box(BBox.of(pose.corners, pad=reach)) if o != e]


def unit_fire_targets(b: Battle, shooter: int) -> list[int]:
    """FG-FIRE-1 (AMB-65): enemy units in range and visible."""
    rng = fire_range(b, shooter)
    if rng is None:
        return []
    return [
        o
        for o in candidates(b, shooter, rng + EPS)
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


def contacts(b: Battle, e: int) -> list[int]:
    """Enemy units in base-to-base contact with a unit."""
    corners = b.pose(e).corners
    return [
        o
        for o in b.physics.in_box(BBox.of(corners, pad=0.05))
        if o != e and is_enemy(b, e, o) and convex_distance(corners, b.shape(o)) <= EPS
    ]

"""FG-HIT, FG-LOST, FG-OFF-4 and FG-OFF-10..12: hits, pushes, destroyed brigades, lost-brigade
counters, demoralised divisions, and dead officers (AMB-18, AMB-19, AMB-27, AMB-28, AMB-63, AMB-64)."""

from __future__ import annotations

import math

import esper

from game.model.battle import Battle
from game.model.components import Hits, Officer, Status, Unit
from game.model.events import (
    Destroyed,
    DivisionRemoved,
    HitTaken,
    LostBrigade,
    OfficerKilled,
    OfficerRelocated,
    Pushed,
    Removed,
)
from game.model.geometry import EPS, Point, centroid, dist
from systems.for_glory.charge.plan import any_chargeable
from systems.for_glory.measure import gap, gap_to_point, within
from systems.for_glory.officers import officer_clear
from systems.for_glory.paths import farthest
from systems.for_glory.targets import shot_sight, unit_fire_targets
from systems.for_glory.vision import sight


def add_hits(b: Battle, e: int, n: int, by: str | None, rule: str) -> None:
    """FG-HIT-3, FG-LOST-1: the third hit destroys the unit (AMB-27: extra hits are ignored)."""
    hits = esper.component_for_entity(e, Hits)
    cap = b.rules.core.hits.destroyed_at
    added = min(n, cap - hits.count)
    hits.count += added
    b.emit(HitTaken(unit=b.name(e), added=added, hits=hits.count))
    if hits.count >= cap:
        destroy(b, e, "FG-LOST-1", by)


def destroy(b: Battle, e: int, rule: str, by: str | None) -> None:
    """A unit destroyed by hits, a result or a failed check: its officer takes a lost-brigade
    counter (FG-LOST-2) and the division may be demoralised (FG-LOST-3)."""
    st = esper.component_for_entity(e, Status)
    if not st.in_play:
        return
    st.in_play, st.destroyed, st.removed = False, True, "destroyed"
    b.take_off(e)
    b.emit(Destroyed(unit=b.name(e), rule=rule, by=by))
    officer = b.officer_of(e)
    if officer is None:
        return
    off = esper.component_for_entity(officer, Officer)
    off.lost_brigades += 1
    b.emit(LostBrigade(officer=b.name(officer), counters=off.lost_brigades))
    check_demoralised(b, officer)


def surviving(b: Battle, officer: int) -> list[int]:
    """The units of a division still in play, detached ones included (AMB-28)."""
    off = esper.component_for_entity(officer, Officer)
    return [b.ids[u] for u in off.assigned if esper.component_for_entity(b.ids[u], Status).in_play]


def check_demoralised(b: Battle, officer: int) -> None:
    """FG-LOST-3 (AMB-28): as many counters as surviving brigades, or more, removes the division."""
    off = esper.component_for_entity(officer, Officer)
    if off.in_play and off.role == "division" and off.lost_brigades >= len(surviving(b, officer)):
        remove_division(b, officer, "demoralised", "FG-LOST-3")


def remove_division(b: Battle, officer: int, reason: str, rule: str) -> None:
    off = esper.component_for_entity(officer, Officer)
    for u in surviving(b, officer):
        st = esper.component_for_entity(u, Status)
        st.in_play, st.removed = False, reason
        b.take_off(u)
        b.emit(Removed(unit=b.name(u), reason=reason, rule=rule))
    off.in_play = False
    b.emit(DivisionRemoved(officer=b.name(officer), side=b.side_of(officer), reason=reason, rule=rule))


def push(b: Battle, e: int, away_from: Point, by: str, distance: float | None = None) -> None:
    """Push XS (or a module's distance) straight away from the cause (AMB-63), to the farthest legal
    point (AMB-64)."""
    pose = b.pose(e)
    start = (pose.x, pose.y)
    if distance is None:
        distance = b.rules.length(b.rules.core.combat.push)
    direction = (start[0] - away_from[0], start[1] - away_from[1])
    if esper.try_component(e, Officer) is not None:
        end = _officer_push(b, e, direction, distance)
        blocked = dist(start, end) < distance - EPS
    else:
        end, blocked, _ = farthest(b, e, direction, distance, movement=False)
    b.place(e, end[0], end[1])
    b.emit(Pushed(unit=b.name(e), start=start, end=end, by=by, blocked=blocked))


def _officer_push(b: Battle, e: int, direction: Point, distance: float) -> Point:
    pose = b.pose(e)
    n = math.hypot(*direction) or 1.0
    t = distance
    while t > 0:
        p = (pose.x + direction[0] / n * t, pose.y + direction[1] / n * t)
        if b.table.holds_point(p, esper.component_for_entity(e, Officer).radius) and officer_clear(b, e, p):
            return p
        t = max(0.0, t - 0.05)
    return (pose.x, pose.y)


def kill_officer(b: Battle, officer: int, by: str) -> None:
    """FG-OFF-4: a hit from shooting or a successful charge kills an officer. The estado mayor is
    gone (FG-OFF-7); a division general is replaced: experience 0 and relocated (FG-OFF-10..12)."""
    off = esper.component_for_entity(officer, Officer)
    off.dead = True
    b.emit(OfficerKilled(officer=b.name(officer), by=by))
    if off.role == "staff":
        off.in_play = False
        return
    off.experience = 0
    spot = relocation(b, officer)
    if spot is None:
        remove_division(b, officer, "disbanded", "FG-OFF-12")
        return
    b.place(officer, *spot)
    b.emit(OfficerRelocated(officer=b.name(officer), at=spot))


def relocation(b: Battle, officer: int) -> Point | None:
    """AMB-19: the nearest point to his units' centre where every surviving unit of his division is at
    L or less and he is no enemy's only valid target; None if there is none."""
    units = surviving(b, officer)
    if not units:
        return None
    radius = b.rules.length(b.rules.core.command.division_radius)
    r = esper.component_for_entity(officer, Officer).radius
    centre = centroid([(b.pose(u).x, b.pose(u).y) for u in units])
    step = 0.5
    for ring in range(int(radius * 2 / step) + 1):
        for p in _ring(centre, ring * step, step):
            if not b.table.holds_point(p, r) or not officer_clear(b, officer, p):
                continue
            if b.table.movement_at(p) == "impassable":
                continue
            if not all(within(max(0.0, gap_to_point(b, u, p) - r), radius) for u in units):
                continue
            if only_target(b, officer, p):
                continue
            return p
    return None


def _ring(c: Point, radius: float, step: float) -> list[Point]:
    if radius == 0:
        return [c]
    n = max(6, int(2 * math.pi * radius / step))
    return [
        (c[0] + radius * math.cos(2 * math.pi * k / n), c[1] + radius * math.sin(2 * math.pi * k / n))
        for k in range(n)
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
                and not any_chargeable(b, enemy)
            ):
                return True
        return False

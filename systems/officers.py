"""Officer movement (FG-UNIT-18/20, FG-ACT-7/8, AMB-12, AMB-48): up to L, ignoring terrain but never
ending on impassable ground or on a base, never through or into contact with enemy units."""

from __future__ import annotations

import esper

from game import commands as cmd
from game.battle import Battle, Reject
from game.components import Officer
from game.events import Moved
from game.geometry import EPS, BBox, Point, dist, point_polygon_distance, segment_distance
from systems.measure import within


def officer_clear(b: Battle, officer: int, at: Point) -> bool:
    """AMB-12: an officer never ends on another base, another officer's included."""
    r = esper.component_for_entity(officer, Officer).radius
    for o in b.officers():
        if o != officer:
            p = b.pose(o)
            if dist((p.x, p.y), at) < r + esper.component_for_entity(o, Officer).radius - EPS:
                return False
    near = b.physics.in_box(BBox(at[0] - r, at[1] - r, at[0] + r, at[1] + r))  # units in play only
    return not any(point_polygon_distance(at, b.shape(u)) < r - EPS for u in near)


def check_officer_move(b: Battle, officer: int, to: Point) -> None:
    off = esper.component_for_entity(officer, Officer)
    pose = b.pose(officer)
    start = (pose.x, pose.y)
    reach = b.rules.length(b.rules.officer.move)
    if not within(dist(start, to), reach):
        raise Reject("FG-UNIT-18", f'an officer moves up to {reach:g}" ({dist(start, to):.2f}" asked)')
    if not b.table.holds_point(to, off.radius):
        raise Reject("AMB-12", "an officer must end on the table")
    if b.table.movement_at(to) == "impassable":
        raise Reject("AMB-12", "an officer cannot end on impassable ground")
    if not officer_clear(b, officer, to):
        raise Reject("AMB-12", "an officer cannot end on top of another base")
    side = b.side_of(officer)
    for u in b.units():
        corners = b.shape(u)
        if b.side_of(u) != side:
            if point_polygon_distance(to, corners) <= off.radius + EPS:
                raise Reject("AMB-12", f"an officer cannot end in contact with the enemy {b.name(u)}")
            if any(
                segment_distance(start, to, p, q) < off.radius - EPS
                for p, q in zip(corners, corners[1:] + corners[:1], strict=True)
            ):
                raise Reject("AMB-12", f"an officer cannot pass through the enemy {b.name(u)}")


def move_officer(b: Battle, c: cmd.MoveOfficer) -> None:
    officer = b.ids[c.officer]
    check_officer_move(b, officer, c.to)
    pose = b.pose(officer)
    start = (pose.x, pose.y)
    b.place(officer, c.to[0], c.to[1])
    b.emit(Moved(unit=c.officer, path=(start, c.to), facing=0.0, distance=dist(start, c.to), how="officer"))

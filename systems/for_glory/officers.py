"""Officer movement (FG-UNIT-18/20, FG-ACT-7/8, AMB-12, AMB-48): up to L, ignoring terrain but never
ending on impassable ground or on a base, never through or into contact with enemy units."""

from __future__ import annotations

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer
from game.model.events import Moved
from game.model.geometry import EPS, BBox, Point, dist, point_polygon_distance, segment_distance
from game.model.resolution import refuse
from game.model.words import Number
from systems.for_glory.measure import within


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
        raise refuse(
            "FG-UNIT-18",
            "reason_officer_too_far",
            reach=Number(f"{reach:g}"),
            distance=Number(f"{dist(start, to):.2f}"),
        )
    if not b.table.holds_point(to, off.radius):
        raise refuse("AMB-12", "reason_officer_off_table")
    if b.table.movement_at(to) == "impassable":
        raise refuse("AMB-12", "reason_officer_impassable")
    if not officer_clear(b, officer, to):
        raise refuse("AMB-12", "reason_officer_on_base")
    side = b.side_of(officer)
    # a base whose box lies wholly farther from his way than his radius can neither touch him where
    # he ends nor be crossed: the exact tests below are left for the others (the estado mayor's
    # search asks this of every spot of his circle)
    pad = off.radius + EPS + 1e-6
    left, right = min(start[0], to[0]) - pad, max(start[0], to[0]) + pad
    bottom, top = min(start[1], to[1]) - pad, max(start[1], to[1]) + pad
    for u in b.units():
        corners = b.shape(u)
        if b.side_of(u) != side:
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            if max(xs) < left or min(xs) > right or max(ys) < bottom or min(ys) > top:
                continue
            if point_polygon_distance(to, corners) <= off.radius + EPS:
                raise refuse("AMB-12", "reason_officer_contact", unit=b.name(u))
            if any(
                segment_distance(start, to, p, q) < off.radius - EPS
                for p, q in zip(corners, corners[1:] + corners[:1], strict=True)
            ):
                raise refuse("AMB-12", "reason_officer_through", unit=b.name(u))


def move_officer(b: Battle, c: cmd.MoveOfficer) -> None:
    officer = b.ids[c.officer]
    check_officer_move(b, officer, c.to)
    pose = b.pose(officer)
    start = (pose.x, pose.y)
    b.place(officer, c.to[0], c.to[1])
    b.emit(Moved(unit=c.officer, path=(start, c.to), facing=0.0, distance=dist(start, c.to), how="officer"))

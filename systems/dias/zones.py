"""Días de Gloria's zones of control read on For Glory's table (DG-2 "Leaving a ZOC", DG-7, note [d]),
and the friendly units a move passes through (DG-2 "Hex containing a friendly unit", DG-DEC-15): the
other units' bases a move meets, the table's last two rows.
A hex counter's zone is the hexes before its front; here it is the ground within `depth` (one hex,
DG-DEC-12) of an enemy unit's base, in its front as the rules in play see fronts (AMB-59, or DG-5's
six fronts in a town). A mover is in it where its centre is (AMB-10). Decisions:
docs/dias-decisions.md; numbers: [zone] of content/modules/dias-terrain/terrain.toml."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Annotated

from game.model.battle import Battle
from game.model.geometry import EPS, BBox, Point, Polygon, kept_point_distance, point_in_polygon
from game.model.limits import Bounds
from systems.for_glory.checks import is_disorganised

Points = Annotated[float, Bounds(0, 100)]


@dataclass(frozen=True)
class Zone:
    """[zone] of terrain.toml."""

    depth: Annotated[float, Bounds(0, 10, above=True)]  # DG-DEC-12: inches before an enemy's front
    leave: Points  # DG-2 "Leaving a ZOC": the points a move pays to leave one
    enter_disorganised: Points  # DG-7 (note [d]): the points a disorganised unit pays to enter one


def _bases(b: Battle, side: str, own: bool = False) -> tuple[tuple[int, Polygon, BBox], ...]:
    """The bases of the units of the other side (or, `own`, of this side), with their boxes (kept while
    a player thinks: every move weighed asks them)."""
    units = b.units(side) if own else b.enemy_units(side)
    return b.memo(
        ("dias-zone-bases", side, own),
        lambda: tuple((o, c, BBox.of(c)) for o in units for c in (b.pose(o).corners,)),
    )


def friends_passed(b: Battle, e: int, pts: tuple[Point, ...]) -> int:
    """DG-2 "Hex containing a friendly unit" (DG-DEC-15): how many friendly units' bases the mover's
    centre passes through on its way, each once (For Glory lets a move pass through friends, FG-MOVE-2,
    and end on none, so only the points between its ends count)."""
    box = BBox.of(pts)
    inside = pts[1:-1]
    return sum(
        1
        for o, c, obox in _bases(b, b.side_of(e), own=True)
        if o != e and obox.intersects(box) and any(point_in_polygon(p, c) for p in inside)
    )


def _inside(b: Battle, near: list[tuple[int, Polygon, BBox]], depth: float, p: Point) -> bool:
    front = b.stack.hook("attacked_from")
    reach = depth + EPS
    for o, c, box in near:
        if not (
            box.left - reach <= p[0] <= box.right + reach and box.bottom - reach <= p[1] <= box.top + reach
        ):
            continue
        if kept_point_distance(p, c) <= reach and front(b, o, p) == "front":
            return True
    return False


def zone_points(b: Battle, e: int, pts: tuple[Point, ...], zone: Zone) -> float:
    """The points a straight move pays for zones of control: `leave` once if its centre goes from
    inside an enemy's zone to outside every one, and, for a disorganised unit (FG-DIS-1),
    `enter_disorganised` once if it goes from outside into one (DG-DEC-12: a move that starts in a
    zone and stays in it pays neither). A pure question: the ghost, the AI and the order ask it."""
    box = BBox.of(pts, pad=zone.depth + EPS)
    near = [base for base in _bases(b, b.side_of(e)) if base[2].intersects(box)]
    if not near:  # most moves: no enemy near enough to matter
        return 0.0
    inside = [_inside(b, near, zone.depth, p) for p in pts]
    steps = list(itertools.pairwise(inside))
    paid = zone.leave if any(a and not c for a, c in steps) else 0.0
    if any(c and not a for a, c in steps) and is_disorganised(b, e):
        paid += zone.enter_disorganised
    return paid

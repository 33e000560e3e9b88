"""FG-REINF-1 (AMB-40): the search for a reinforcement's placement along its entry edge when the
division's usual line does not fit anywhere. It is complete over a grid: every officer spot within XL
of the edge every GRID inches, every base centre every GRID inches in both orientations (facing in
from the edge, or along it), so a division that fits only in a corner, its brigades strung along the
table's side, is found; when nothing on that grid fits, the division stays in reserve. A pure query:
nothing is placed; every answer is checked by `check_deploy`, the rule itself."""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Side
from game.model.geometry import (
    EPS,
    Point,
    convex_distance,
    convex_overlap,
    point_polygon_distance,
    rect_corners,
)
from game.model.resolution import Reject
from systems.for_glory.officers import officer_clear

GRID = 0.5  # inches between the spots tried, for officers and bases alike
INWARD = {"south": 90.0, "north": 270.0, "west": 0.0, "east": 180.0}  # facing away from each edge


@dataclass(frozen=True)
class Spot:
    """A base's centre and facing where it could stand alone, by the rules that concern one base."""

    along: float  # its position along the edge, for the officer's window
    x: float
    y: float
    facing: float
    corners: tuple[Point, ...]


def _frame(b: Battle, edge: str) -> tuple[float, float]:
    """The edge's length and the table's extent away from it."""
    w, d = b.table.width, b.table.depth
    return (w, d) if edge in ("south", "north") else (d, w)


def _point(b: Battle, edge: str, along: float, depth: float) -> Point:
    w, d = b.table.width, b.table.depth
    return {
        "south": (along, depth),
        "north": (along, d - depth),
        "west": (depth, along),
        "east": (w - depth, along),
    }[edge]


def _steps(low: float, high: float) -> list[float]:
    n = max(0, math.floor((high - low) / GRID + 1e-9))
    return [low + i * GRID for i in range(n + 1)]


def base_spots(b: Battle, side: str, edge: str, reach: float) -> list[Spot]:
    """Every base pose on the grid within `reach` of the edge that is wholly on the table, on passable
    ground, clear of every base in play and XL or more from every enemy unit (FG-REINF-7)."""
    fp = b.rules.core.bases
    xl = b.rules.length("XL")
    enemies = [(b.pose(e), b.shape(e)) for e in b.units() if b.side_of(e) != side]
    length, extent = _frame(b, edge)
    out = []
    half = min(fp.unit_width, fp.unit_depth) / 2
    far = xl + fp.unit_width + fp.unit_depth  # centres farther apart than this are XL apart anyway
    for along in _steps(half, length - half):
        for depth in _steps(half, min(reach, extent - half)):
            x, y = _point(b, edge, along, depth)
            close = [shape for p, shape in enemies if abs(p.x - x) < far and abs(p.y - y) < far]
            if any(math.hypot(p.x - x, p.y - y) < xl - EPS for p, _s in enemies):
                continue  # its centre within XL of an enemy's: no base there keeps XL
            for facing in (INWARD[edge], (INWARD[edge] + 90.0) % 360.0):
                corners = rect_corners(x, y, facing, fp.unit_width, fp.unit_depth)
                if any(convex_distance(corners, en) < xl - EPS for en in close):
                    continue
                if not b.table.holds(corners) or b.table.impassable_under(corners, (x, y)):
                    continue
                if b.physics.overlapping(fp.unit_width, fp.unit_depth, x, y, facing):
                    continue
                out.append(Spot(along, x, y, facing, corners))
    return sorted(out, key=lambda s: s.along)


def search_entry(b: Battle, division: str, edge: str, check: object) -> cmd.Deploy | None:
    """The first placement on the grid that `check` (check_deploy with the entry) accepts: for each
    officer spot within XL of the edge, his division's bases nearest him that fit together."""
    officer = b.ids[division]
    off = esper.component_for_entity(officer, Officer)
    units = off.assigned
    side = esper.component_for_entity(officer, Side).side
    xl = b.rules.length("XL")
    radius = b.rules.length(b.rules.core.command.division_radius)
    reach = xl + radius + max(b.rules.core.bases.unit_width, b.rules.core.bases.unit_depth)
    spots = base_spots(b, side, edge, reach)
    if len(spots) < len(units):
        return None
    keys = [s.along for s in spots]
    length, extent = _frame(b, edge)
    for depth in _steps(off.radius, min(xl + off.radius, extent - off.radius)):
        for along in _steps(off.radius, length - off.radius):
            at = _point(b, edge, along, depth)
            lo = bisect.bisect_left(keys, along - radius - 2.0)
            hi = bisect.bisect_right(keys, along + radius + 2.0)
            near = sorted(
                (
                    (d, i, s)
                    for i, s in enumerate(spots[lo:hi])
                    if (d := point_polygon_distance(at, s.corners) - off.radius) <= radius + EPS
                ),
                key=lambda t: (t[0], t[1]),
            )
            if len(near) < len(units):
                continue
            chosen: list[Spot] = []
            for _d, _i, s in near:
                if point_polygon_distance(at, s.corners) < off.radius - EPS:
                    continue  # under the officer's own base
                if all(not convex_overlap(s.corners, c.corners) for c in chosen):
                    chosen.append(s)
                    if len(chosen) == len(units):
                        break
            if len(chosen) < len(units) or b.table.movement_at(at) == "impassable":
                continue
            if not officer_clear(b, officer, at):
                continue
            c = cmd.Deploy(
                division,
                at,
                tuple(
                    (u, round(s.x, 3), round(s.y, 3), s.facing) for u, s in zip(units, chosen, strict=True)
                ),
            )
            try:
                check(c)  # type: ignore[operator]
            except Reject:
                continue
            return c
    return None

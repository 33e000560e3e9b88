"""The table: its size and its terrain features, with the questions the rules ask of them."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar, cast

from game.model.geometry import (
    EPS,
    BBox,
    Point,
    Polygon,
    edge_crossings,
    near_polyline,
    path_crossings,
    point_in_polygon,
    polygon_distance,
    polyline_distance,
    segment_crosses_polygon,
    segment_distance,
)
from game.model.ruleset import MovementClass, TerrainKind

T = TypeVar("T")
KEPT = 2048  # answers a table keeps (see Table.kept: one may hold a path's every point)


@dataclass(frozen=True)
class Feature:
    """A terrain feature: an area (polygon) or a line with a width (road, river)."""

    kind: TerrainKind
    polygon: Polygon = ()
    path: tuple[Point, ...] = ()
    width: float = 0.0
    name: str = ""
    bbox: BBox = field(init=False)

    def __post_init__(self) -> None:
        pts = self.polygon or self.path
        object.__setattr__(self, "bbox", BBox.of(pts, pad=self.width / 2))

    @property
    def linear(self) -> bool:
        return bool(self.path)

    def contains(self, p: Point, tol: float = 0.0) -> bool:
        if not (self.bbox.left - tol <= p[0] <= self.bbox.right + tol):
            return False
        if not (self.bbox.bottom - tol <= p[1] <= self.bbox.top + tol):
            return False
        if self.path:
            return near_polyline(p, self.path, self.width / 2 + tol)
        return point_in_polygon(p, self.polygon)

    def distance_to(self, poly: Sequence[Point]) -> float:
        if self.path:
            return max(0.0, polyline_distance(poly, self.path) - self.width / 2)
        return polygon_distance(poly, self.polygon)

    def within(self, poly: Sequence[Point], d: float) -> bool:
        """Is the polygon at most d from this feature? (Its box first: a base asked about every
        feature of the table at every place weighed is near few of them.)"""
        box, mine, slack = self.bbox, BBox.of(poly), d + 1e-6
        if (
            mine.left > box.right + slack
            or box.left > mine.right + slack
            or mine.bottom > box.top + slack
            or box.bottom > mine.top + slack
        ):
            return False
        return self.distance_to(poly) <= d

    def crossed_by(self, p: Point, q: Point) -> bool:
        """Does the segment pq pass over this feature (an area, or a line's width)? (sight lines)"""
        b = self.bbox
        if max(p[0], q[0]) < b.left or min(p[0], q[0]) > b.right:
            return False
        if max(p[1], q[1]) < b.bottom or min(p[1], q[1]) > b.top:
            return False
        if self.path:
            r, path = self.width / 2, self.path
            return any(segment_distance(p, q, path[i - 1], path[i]) <= r for i in range(1, len(path)))
        return segment_crosses_polygon(p, q, self.polygon)


@dataclass(frozen=True)
class Table:
    width: float
    depth: float
    features: tuple[Feature, ...] = ()
    # the features that change movement (difficult, impassable, crossings): all movement_at looks at
    _movers: tuple[Feature, ...] = field(init=False, repr=False, compare=False)

    # the areas that block sight: asked by every look of one unit at another
    _blockers: tuple[Feature, ...] = field(init=False, repr=False, compare=False)
    _dense: tuple[Feature, ...] = field(init=False, repr=False, compare=False)  # dense cover (FG-TERR-4)
    # the answers `kept` keeps, by question
    _kept: dict[Hashable, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        movers = tuple(f for f in self.features if f.kind.crossing or f.kind.movement != "passable")
        object.__setattr__(self, "_movers", movers)
        blockers = tuple(f for f in self.features if f.kind.blocks_sight)  # a line too: a steep slope
        object.__setattr__(self, "_blockers", blockers)
        object.__setattr__(self, "_dense", tuple(f for f in self.features if f.kind.dense))
        object.__setattr__(self, "_kept", {})

    def reclassed(self, classes: Mapping[str, MovementClass]) -> Table:
        """This table with the kinds named moving as their class says (a rule module's ground agreed
        before the battle, e.g. WM-37's impassable kinds): every question of movement asks it so. Itself
        when nothing changes (a battle's copies keep its table, and what it keeps)."""
        if all(classes.get(f.kind.kind, f.kind.movement) == f.kind.movement for f in self.features):
            return self
        features = tuple(
            replace(f, kind=replace(f.kind, movement=classes[f.kind.kind])) if f.kind.kind in classes else f
            for f in self.features
        )
        return Table(self.width, self.depth, features)

    def holds(self, corners: Sequence[Point]) -> bool:
        """Is a base wholly on the table?"""
        return all(-EPS <= x <= self.width + EPS and -EPS <= y <= self.depth + EPS for x, y in corners)

    def holds_point(self, p: Point, margin: float = 0.0) -> bool:
        return margin <= p[0] <= self.width - margin and margin <= p[1] <= self.depth - margin

    def movement_at(self, p: Point) -> MovementClass:
        """The movement class of the ground under a point: a crossing (bridge, ford) sets it where
        present; otherwise impassable beats difficult beats passable."""
        return _ground(p, self._movers)[0]

    def difficult_area_at(self, p: Point) -> Feature | None:
        """The difficult feature a point is in (a crossing counts), for the cavalry stop rule."""
        return _ground(p, self._movers)[1]

    def ground_along(self, pts: Sequence[Point]) -> list[tuple[MovementClass, Feature | None]]:
        """movement_at and difficult_area_at for every point of a path, looking only at the features
        near it (paths are examined point by point, often)."""
        box = BBox.of(pts)
        near = tuple(f for f in self._movers if f.bbox.intersects(box))
        if not near:
            return [("passable", None)] * len(pts)
        return [_ground(p, near) for p in pts]

    def area_crossings(self, p: Point, q: Point) -> list[float]:
        """The fractions of the way from p to q at which it crosses the edge of an area that changes
        movement (a path clipping a corner is inside it between two of them, however briefly), or
        the middle of such a line (one narrower than the step paths are examined at is not stepped
        over: a river, a wall, a steep slope)."""
        box = BBox.of((p, q))
        return sorted(
            t
            for f in self._movers
            if f.bbox.intersects(box)
            for t in (edge_crossings(p, q, f.polygon) if f.polygon else path_crossings(p, q, f.path))
        )

    def on_road(self, p: Point, tolerance: float) -> bool:
        return any(f.kind.road and f.contains(p, tolerance) for f in self.features)

    def road_under(self, corners: Sequence[Point]) -> bool:
        """Is any part of a base on a road? (FG-ROAD-3: what a road move cannot pass through)"""
        return any(f.kind.road and f.within(corners, 0.0) for f in self.features)

    def near_road_or_town(self, corners: Sequence[Point], distance: float) -> bool:
        """FG-MOVE-4: within a distance of a road or a town (AMB-11)."""
        return any(
            (f.kind.road or f.kind.kind == "town") and f.within(corners, distance + EPS)
            for f in self.features
        )

    def impassable_under(self, corners: Sequence[Point], centre: Point) -> bool:
        """Does a base at rest stand on impassable ground? A base whose centre is on a crossing may
        overhang the river it spans."""
        if any(f.kind.crossing and f.contains(centre) for f in self.features):
            return False
        return any(f.kind.movement == "impassable" and f.within(corners, 0.0) for f in self.features)

    def dense_share(self, samples: tuple[Point, ...]) -> float:
        # only the features whose box meets the samples' can hold one (most bases are near none)
        box = BBox.of(samples)
        dense = [f for f in self._dense if f.bbox.intersects(box)]
        inside = sum(1 for p in samples if any(f.contains(p) for f in dense)) if dense else 0
        return inside / len(samples) if dense else 0.0

    def sight_blockers(self) -> tuple[Feature, ...]:
        return self._blockers

    def kept(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`, kept for the same key while the table lives: for a question whose answer
        depends on the table's ground, which never changes, and on nothing the key does not hold (a
        general weighs the same moves again at every decision). Forgotten all at once when KEPT
        answers are kept."""
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= KEPT:
                self._kept.clear()
            found = self._kept[key] = compute()
        return cast(T, found)


def _ground(p: Point, features: Sequence[Feature]) -> tuple[MovementClass, Feature | None]:
    found: MovementClass = "passable"
    area = None
    for f in features:
        if not f.contains(p):
            continue
        if f.kind.crossing:
            return f.kind.movement, f
        if f.kind.movement == "impassable":
            found = "impassable"
        elif f.kind.movement == "difficult":
            area = area or f
            if found == "passable":
                found = "difficult"
    return found, area

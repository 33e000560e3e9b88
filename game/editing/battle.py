"""Editing a For Glory scenario (docs/scenarios.md): the table, terrain as polygons and paths, the
objectives, the two sides with their deployment zones, armies of divisions and brigades, and the
battle's options. Each function is one edit of the document (one step of undo); the checks are the
loader's (game/editing/problems.py)."""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from typing import Any

from game.editing.document import Change, Document, Path, delete, insert, put
from game.model.geometry import Point
from game.model.ruleset import MAX_INCHES, Ruleset, TerrainKind

SIDE_COLOURS = ([44, 82, 170], [190, 40, 40])  # the shipped scenarios' blue and red
DEFAULT_TABLE = (72, 48)
RIVER_WIDTH, LINE_WIDTH = 1.5, 1.0  # inches: a line drawn in the editor, until its width is set


def new_scenario(rules: Ruleset, table: tuple[float, float] = DEFAULT_TABLE) -> Document:
    """An empty table: two sides without armies, no terrain, no objectives."""
    sides = [
        {"id": ident, "name": name, "edge": edge, "colour": colour, "divisions": []}
        for ident, name, edge, colour in (
            ("blue", "Blue army", "south", SIDE_COLOURS[0]),
            ("red", "Red army", "north", SIDE_COLOURS[1]),
        )
    ]
    data: dict[str, Any] = {
        "id": "new-battle",
        "name": "A new battle",
        "description": "",
        "ruleset": rules.id,
        "table": [_num(table[0]), _num(table[1])],
        "terrain": [],
        "objectives": [],
        "sides": sides,
    }
    return Document(data, "scenario")


def within(value: Any, low: float, high: float, default: float) -> float:
    """A number of the file brought within [low, high], `default` for what is no number (nan, text,
    true): a file may hold 1e308, inf or an integer of 400 digits where a coordinate is due."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return default
    return float(min(max(value, low), high))  # compared before float(): an int of 400 digits has none


def coordinate(value: Any) -> float:
    """A coordinate within the reach of the file's (a feature may run past the table's edges)."""
    return within(value, -MAX_INCHES, 2 * MAX_INCHES, 0.0)


def _num(x: float) -> float | int:
    """A coordinate as the file writes it: whole inches as integers, the rest to a hundredth."""
    r = round(coordinate(x), 2)
    return int(r) if r == int(r) else r


def xy(p: Sequence[float]) -> list[float | int]:
    return [_num(p[0]), _num(p[1])]


def snap(p: Point, step: float) -> Point:
    """A point on the grid of `step` inches (0: as it is)."""
    if step <= 0:
        return p
    return (round(p[0] / step) * step, round(p[1] / step) * step)


# --- ids ---------------------------------------------------------------------------------------


def ids(doc: Document) -> set[str]:
    """Every id the scenario gives: sides, their estados mayores, divisions, units, objectives."""
    out: set[str] = set()
    for s in doc.get(("sides",)) or []:
        out |= {str(s.get("id")), f"{s.get('id')}-staff"}
        for dv in s.get("divisions") or []:
            out.add(str(dv.get("id")))
            out |= {str(u.get("id")) for u in dv.get("units") or []}
    return out | {str(o.get("id")) for o in doc.get(("objectives",)) or []}


def fresh(taken: Iterable[str], stem: str, first: int = 1) -> str:
    """`stem` followed by the first number from `first` that makes an id not taken."""
    used = set(taken)
    n = first
    while f"{stem}{n}" in used:
        n += 1
    return f"{stem}{n}"


def _letters(taken: set[str], stem: str) -> str:
    for a in ["", *string.ascii_lowercase]:
        for b in string.ascii_lowercase:
            if f"{stem}{a}{b}" not in taken:
                return f"{stem}{a}{b}"
    return fresh(taken, f"{stem}-")


# --- the table and terrain ---------------------------------------------------------------------


def set_table(doc: Document, width: float, depth: float) -> None:
    doc.apply("edit_table", [put(("table",), [_num(width), _num(depth)])])


def drawn_width(kind: TerrainKind) -> float | None:
    """The width a line drawn in the editor starts with: a road's the ruleset's own (None: the file
    leaves it out), a river wider than a stream, a wall or a track."""
    if kind.road:
        return None
    return RIVER_WIDTH if kind.movement == "impassable" else LINE_WIDTH


def add_terrain(
    doc: Document,
    rules: Ruleset,
    kind: str,
    points: Sequence[Point],
    name: str = "",
    width: float | None = None,
) -> Path:
    """A terrain feature of a kind of the ruleset: a line (a road, a river) as a path, an area as a
    polygon. Its path in the document."""
    linear = rules.terrain[kind].linear if kind in rules.terrain else False
    feature: dict[str, Any] = {"kind": kind}
    if name:
        feature["name"] = name
    feature["path" if linear else "polygon"] = [xy(p) for p in points]
    if width is not None and linear:
        feature["width"] = _num(width)
    index = len(doc.get(("terrain",)) or [])
    doc.apply("add_terrain", [*listed(doc, ("terrain",)), insert(("terrain", index), feature)])
    return ("terrain", index)


def listed(doc: Document, path: Path) -> list[Change]:
    """The list at `path`, made when the file has none yet."""
    return [] if isinstance(doc.get(path), list) else [put(path, [])]


def points_of(doc: Document, path: Path) -> tuple[Path, list[Any]] | None:
    """The points an element is drawn by, and where they are: a feature's polygon or path, a side's
    deployment zone; an objective is one point."""
    element = doc.get(path)
    if not isinstance(element, dict):
        return None
    for key in ("polygon", "path", "deployment"):
        if isinstance(element.get(key), list):
            return ((*path, key), element[key])
    return None


def move_by(doc: Document, path: Path, dx: float, dy: float) -> None:
    """Move an element (a feature, an objective, a deployment zone) by dx, dy inches."""
    element = doc.get(path)
    if isinstance(element, dict) and isinstance(element.get("at"), list):
        at = element["at"]
        doc.apply("move", [put((*path, "at"), xy((coordinate(at[0]) + dx, coordinate(at[1]) + dy)))])
        return
    found = points_of(doc, path)
    if found is not None:
        where, pts = found
        doc.apply("move", [put(where, [xy((coordinate(p[0]) + dx, coordinate(p[1]) + dy)) for p in pts])])


def move_point(doc: Document, path: Path, to: Point) -> None:
    """Move one vertex (`(..., "polygon", k)`) or an objective (`("objectives", i, "at")`)."""
    doc.apply("move_point", [put(path, xy(to))])


def insert_point(doc: Document, path: Path, at: Point) -> None:
    """A new vertex at index path[-1] of its polygon or path."""
    doc.apply("add_point", [insert(path, xy(at))])


def remove_point(doc: Document, path: Path) -> None:
    doc.apply("remove_point", [delete(path)])


def nearest_edge(points: Sequence[Sequence[float]], p: Point, closed: bool) -> int:
    """Where a new vertex near `p` goes: the index after the nearest edge's first point."""
    from game.model.geometry import point_segment_distance

    n = len(points)
    pairs = [(i, (i + 1) % n) for i in range(n if closed else n - 1)]
    if not pairs:
        return n
    best = min(
        pairs,
        key=lambda ij: point_segment_distance(
            p, (points[ij[0]][0], points[ij[0]][1]), (points[ij[1]][0], points[ij[1]][1])
        ),
    )
    return best[0] + 1


# --- objectives and sides ---------------------------------------------------------------------


def add_objective(doc: Document, at: Point, name: str = "", held_by: str | None = None) -> Path:
    ident = fresh(ids(doc), "objective-")
    objective: dict[str, Any] = {"id": ident, "at": xy(at)}
    if name:
        objective["name"] = name
    if held_by:
        objective["held_by"] = held_by
    index = len(doc.get(("objectives",)) or [])
    doc.apply("add_objective", [*listed(doc, ("objectives",)), insert(("objectives", index), objective)])
    return ("objectives", index)


def set_zone(doc: Document, side: int, polygon: Sequence[Point] | None) -> None:
    """A side's deployment zone (where its AI likes to deploy), or none."""
    path: Path = ("sides", side, "deployment")
    if polygon is None:
        doc.apply("remove_zone", [delete(path)] if doc.get(path) is not None else [])
    else:
        doc.apply("set_zone", [put(path, [xy(p) for p in polygon])])


def set_edge(doc: Document, side: int) -> None:
    """Seat a side at the south edge, and so the other at the north (their reinforcements enter by
    their own edge or its flanks, FG-REINF-3)."""
    sides = doc.get(("sides",)) or []
    changes = [put(("sides", i, "edge"), "south" if i == side else "north") for i in range(len(sides))]
    doc.apply("edit_edge", changes)


# --- armies ------------------------------------------------------------------------------------


def add_division(doc: Document, side: int, name: str = "") -> Path:
    """A new division of the side, its id `<side>-<n>`."""
    side_id = doc.get(("sides", side, "id"))
    divisions = doc.get(("sides", side, "divisions")) or []
    division: dict[str, Any] = {"id": fresh(ids(doc), f"{side_id}-"), "units": []}
    if name:
        division["name"] = name
    path: Path = ("sides", side, "divisions", len(divisions))
    doc.apply("add_division", [*listed(doc, ("sides", side, "divisions")), insert(path, division)])
    return path


def add_unit(doc: Document, division: Path, category: str, quality: str, name: str = "") -> Path:
    """A brigade or battery of a category and quality of the ruleset, its id the division's and a
    letter (`<division>a`)."""
    units = doc.get((*division, "units")) or []
    unit: dict[str, Any] = {
        "id": _letters(ids(doc), str(doc.get((*division, "id")))),
        "category": category,
        "quality": quality,
    }
    if name:
        unit["name"] = name
    path = (*division, "units", len(units))
    doc.apply("add_unit", [*listed(doc, (*division, "units")), insert(path, unit)])
    return path

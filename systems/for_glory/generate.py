"""Random battles (`python -m game generate`, "Random battle" on the start screen): a For Glory
scenario made from a seed, fair by construction.

- **Armies of equal points**: one army is bought from the ruleset's units as a points army is
  (game/content/army.py: FG-ARMY-3, FG-PREP-1/2/4) and both sides field it, brigade for brigade, all
  on the table from the start; officers roll their experience (FG-PREP-3).
- **Ground turned half about the centre**: every feature laid in one half has its twin turned through
  the centre of the table in the other, so each side sees the same ground from its own edge; a river
  runs across the middle with its crossings in twins, a road from edge to edge crosses it by a bridge.
- **Deployment zones left usable**: a band along each side's edge holds no impassable ground and no
  more than a fifth of it is difficult or dense; a layout that breaks this is laid again.
- **Objectives placed fairly**: in twins turned about the centre (on the towns, where there are), and
  one at the centre of the table when the ground there takes it.

The same seed and options always make the same battle. The nations, place names and the amounts of
ground below are the computer's taste, not rules (as the points army's mix is)."""

from __future__ import annotations

import hashlib
import itertools
import math
from dataclasses import dataclass
from typing import Any

from game.content.army import build_army
from game.content.scenario import MAX_POINTS, MIN_DIVISIONS, MIN_UNITS, ArmySpec, SideSpec, cheapest
from game.model.dice import Chooser
from game.model.errors import UserError
from game.model.geometry import Point, point_in_polygon
from game.model.modules import RandomOptions
from game.model.ruleset import MAX_INCHES, Ruleset
from game.model.table import Feature, Table
from systems.for_glory.deployment import most_in_division

POINTS = 24  # a side's points when none are asked: the quick battle's armies
TABLE = (72.0, 48.0)
MAX_ROUNDS = 10
ATTEMPTS = 40  # layouts tried before the ground is left bare (none has needed more than a few)
ZONE_DIFFICULT = 0.2  # the share of a deployment zone that may be difficult or dense ground
# the area features laid in one half, per density (each gets its twin), and the chance of a river
DENSITY = {"sparse": (1, 2, 0.15), "normal": (3, 4, 0.35), "dense": (5, 7, 0.5)}
AREAS = ("wood", "wood", "field", "field", "hill", "hill", "hill", "town", "orchard", "marsh")


@dataclass(frozen=True)
class Nation:
    id: str
    name: str  # said as a people: "the French take ..."
    spanish: str
    colour: tuple[int, int, int]


NATIONS = (
    Nation("fr", "French", "franceses", (44, 82, 170)),  # Spanish: a nationality in lower case (RAE)
    Nation("es", "Spanish", "españoles", (190, 40, 40)),
    Nation("gb", "British", "británicos", (200, 60, 60)),
    Nation("pt", "Portuguese", "portugueses", (60, 120, 60)),
)
FOES = (("fr", "es"), ("fr", "gb"), ("fr", "pt"))
PLACES = (
    "Villanueva", "Torrecilla", "Valdemora", "Castrillo", "Fuentelsaz", "Aldeaseca", "Navalcán",
    "Peñaflor", "Montejo", "Cabezón", "La Nava", "Quintanilla", "Robledo", "Santa Olalla", "Arroyal",
    "Fresnedo", "Matilla", "Zarzuela", "Hontanar", "Valverde",
)  # fmt: skip


def random_battle(rules: Ruleset, seed: int, options: RandomOptions) -> dict[str, Any]:
    """The data of a scenario file: a fair battle of the seed (the module's docstring)."""
    width, depth = options.size or TABLE
    points = options.points if options.points is not None else POINTS
    density = options.terrain or "normal"
    _check(rules, width, depth, points, density)
    rng = Chooser(int.from_bytes(hashlib.sha256(f"random battle {seed}".encode()).digest()[:8], "big"))
    first, second = (next(n for n in NATIONS if n.id == i) for i in rng.pick(FOES))
    south, north = (first, second) if rng.chance(0.5) else (second, first)
    zone = min(12.0, depth / 2 - rules.length("XL") / 2 - 1)
    zones = {"south": (2.0, 2.0 + zone), "north": (depth - 2.0 - zone, depth - 2.0)}
    places = rng.shuffled(PLACES)
    terrain: list[dict[str, Any]] = []
    for _ in range(ATTEMPTS):
        terrain = _ground(rules, rng, width, depth, density, zones, places)
        if all(_usable(rules, terrain, width, lo, hi) for lo, hi in zones.values()):
            break
    else:
        terrain = []
    army = SideSpec("x", "x", "south", army=ArmySpec(points))
    divisions = build_army(army, rules, seed, most_in_division(rules))
    sides = [
        _side(n, edge, divisions, width, zones[edge]) for n, edge in ((south, "south"), (north, "north"))
    ]
    objectives = _objectives(rules, rng, terrain, width, depth, zones, places)
    size = f"{width:g}x{depth:g}"
    return {
        "id": f"random-{seed}",
        "name": f"Random battle {seed}",
        "description": (
            f"{south.name} against {north.name}, {points} points a side on a table of {size} inches, "
            f"{density} ground. Made from seed {seed}: the same seed makes the same battle."
        ),
        "ruleset": rules.id,
        "table": [_n(width), _n(depth)],
        "max_rounds": MAX_ROUNDS,
        "terrain": terrain,
        "objectives": objectives,
        "sides": sides,
        "locale": {
            "es": {
                "name": f"Batalla aleatoria {seed}",
                "description": (
                    f"{south.spanish.capitalize()} contra {north.spanish}, {points} puntos por bando en una "
                    f"mesa de {size} pulgadas, terreno {SPANISH_DENSITY[density]}. Hecha con la semilla "
                    f"{seed}: "
                    "la misma semilla hace la misma batalla."
                ),
                "sides": {south.id: south.spanish, north.id: north.spanish},
            }
        },
    }


SPANISH_DENSITY = {"sparse": "despejado", "normal": "variado", "dense": "cerrado"}


def check_points(rules: Ruleset, points: int) -> None:
    """One line for a side's points no army can be bought with: two divisions of two units of the
    cheapest (FG-PREP-1/2) at least, MAX_POINTS at most (the random campaign's armies too)."""
    least = MIN_DIVISIONS * MIN_UNITS * cheapest(rules)
    if not least <= points <= MAX_POINTS:
        raise UserError(f"generate: --points must be {least} to {MAX_POINTS}")


def _check(rules: Ruleset, width: float, depth: float, points: int, density: str) -> None:
    """One line for options the battle cannot be made with."""
    check_points(rules, points)
    deep = 2 * rules.length("XL") + 8
    if not (24 <= width <= MAX_INCHES and deep <= depth <= MAX_INCHES):
        raise UserError(
            f"generate: --size WxH must be 24 to {MAX_INCHES:g} inches wide and {deep:g} to "
            f"{MAX_INCHES:g} deep (both sides deploy XL apart)"
        )
    if density not in DENSITY:
        raise UserError(f"generate: --terrain is one of {', '.join(DENSITY)}")


def _n(x: float) -> float | int:
    r = round(x, 1)
    return int(r) if r == int(r) else r


def _twin(p: Point, width: float, depth: float) -> Point:
    """A point turned through the table's centre: what the other side sees where this side sees p."""
    return (width - p[0], depth - p[1])


def _xy(p: Point) -> list[float | int]:
    return [_n(p[0]), _n(p[1])]


def _blob(rng: Chooser, centre: Point, radius: float) -> list[Point]:
    """An irregular, convex-ish area around a centre."""
    n = 6 + int(rng.uniform(0, 3))
    start = rng.uniform(0, 2 * math.pi)
    return [
        (
            centre[0] + radius * rng.uniform(0.75, 1.2) * math.cos(start + 2 * math.pi * k / n),
            centre[1] + radius * rng.uniform(0.75, 1.2) * math.sin(start + 2 * math.pi * k / n),
        )
        for k in range(n)
    ]


def _ground(
    rules: Ruleset,
    rng: Chooser,
    width: float,
    depth: float,
    density: str,
    zones: dict[str, tuple[float, float]],
    places: list[str],
) -> list[dict[str, Any]]:
    """The terrain: areas in the southern half with their twins, perhaps a river across the middle with
    its crossings, a road from edge to edge crossing it by a bridge (perhaps a road where no river)."""
    low, high, river_chance = DENSITY[density]
    kinds = [k for k in AREAS if k in rules.terrain]
    out: list[dict[str, Any]] = []
    centres: list[Point] = []
    count = low + int(rng.uniform(0, high - low + 1))
    for _ in range(count * 4):
        if len(centres) >= count:
            break
        radius = rng.uniform(2.5, 5.5)
        # wholly in the southern half, its twin wholly in the northern
        c = (rng.uniform(radius + 1, width - radius - 1), rng.uniform(radius + 1, depth / 2 - radius * 1.25))
        if any(math.dist(c, o) < radius + 6 for o in centres) or math.dist(c, (width / 2, depth / 2)) < 7:
            continue
        centres.append(c)
        kind = rng.pick(kinds)
        shape = _blob(rng, c, radius if kind != "town" else radius * 0.7)
        name = places.pop() if kind == "town" and places else ""
        twin_name = places.pop() if kind == "town" and places else ""
        out.append(_area(kind, shape, name))
        out.append(_area(kind, [_twin(p, width, depth) for p in shape], twin_name))
    river = "river" in rules.terrain and rng.chance(river_chance)
    # a river always has its road and the bridge that carries it across (drawn first all the same, so
    # that a battle without a river is the battle its seed always made)
    road = "road" in rules.terrain and (rng.chance(0.6) or river)
    if river:
        out += _river(rules, rng, width, depth, bridge_at_centre=road)
    if road:
        x0 = rng.uniform(width * 0.25, width * 0.75)
        path = [(x0, 0.0), ((x0 + width / 2) / 2, depth / 4), (width / 2, depth / 2)]
        path += [_twin(p, width, depth) for p in reversed(path[:-1])]
        out.append({"kind": "road", "path": [_xy(p) for p in path]})
    return out


def _area(kind: str, shape: list[Point], name: str) -> dict[str, Any]:
    feature: dict[str, Any] = {"kind": kind}
    if name:
        feature["name"] = name
    feature["polygon"] = [_xy(p) for p in shape]
    return feature


def _river(
    rules: Ruleset, rng: Chooser, width: float, depth: float, bridge_at_centre: bool
) -> list[dict[str, Any]]:
    """A river from the west edge to the east through the centre, its eastern half the western's twin,
    with crossings in twins (and a bridge at the centre for a road)."""
    steps = 4
    half = [
        (width / 2 * k / steps, depth / 2 + rng.uniform(-2.5, 2.5) * (steps - k) / steps)
        for k in range(steps)
    ]
    half.append((width / 2, depth / 2))
    path = half + [_twin(p, width, depth) for p in reversed(half[:-1])]
    span = 1.4
    out: list[dict[str, Any]] = [{"kind": "river", "path": [_xy(p) for p in path], "width": span}]
    crossings = ["bridge", "ford"] if "ford" in rules.terrain else ["bridge"]
    x = rng.uniform(width * 0.12, width * 0.3)
    kind = rng.pick(crossings)
    for cx in (x, width - x):
        out.append(_crossing(kind if "bridge" in rules.terrain else "ford", cx, _river_y(path, cx), span))
    if bridge_at_centre and "bridge" in rules.terrain:
        out.append(_crossing("bridge", width / 2, depth / 2, span))
    return out


def _river_y(path: list[Point], x: float) -> float:
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        if ax <= x <= bx and bx > ax:
            return ay + (by - ay) * (x - ax) / (bx - ax)
    return path[-1][1]


def _crossing(kind: str, x: float, y: float, span: float) -> dict[str, Any]:
    """A bridge or ford: a polygon reaching past both banks."""
    half_w, reach = 1.6, span / 2 + 3.0
    corners = [
        (x - half_w, y - reach),
        (x + half_w, y - reach),
        (x + half_w, y + reach),
        (x - half_w, y + reach),
    ]
    return {"kind": kind, "polygon": [_xy(p) for p in corners]}


def _features(rules: Ruleset, terrain: list[dict[str, Any]]) -> list[Feature]:
    return [
        Feature(
            rules.terrain[t["kind"]],
            polygon=tuple(tuple(p) for p in t.get("polygon", ())),
            path=tuple(tuple(p) for p in t.get("path", ())),
            width=t.get("width", rules.core.movement.road_width) if "path" in t else 0.0,
        )
        for t in terrain
    ]


def _usable(rules: Ruleset, terrain: list[dict[str, Any]], width: float, low: float, high: float) -> bool:
    """A deployment band holds no impassable ground (but where a crossing makes it passable) and at
    most ZONE_DIFFICULT of it is difficult."""
    table = Table(width, max(high + 2, 12.0), tuple(_features(rules, terrain)))
    samples = [(2 + (width - 4) * i / 29, low + (high - low) * j / 9) for i in range(30) for j in range(10)]
    hard = 0
    for p in samples:
        kinds = [f.kind for f in table.features if f.contains(p)]
        if any(k.movement == "impassable" for k in kinds) and not any(k.crossing for k in kinds):
            return False
        hard += any(k.movement != "passable" or k.dense for k in kinds)
    return hard <= ZONE_DIFFICULT * len(samples)


def _side(
    nation: Nation, edge: str, divisions: list[Any], width: float, zone: tuple[float, float]
) -> dict[str, Any]:
    lo, hi = zone
    return {
        "id": nation.id,
        "name": nation.name,
        "edge": edge,
        "colour": list(nation.colour),
        "deployment": [_xy(p) for p in ((2, lo), (width - 2, lo), (width - 2, hi), (2, hi))],
        "divisions": [
            {
                "id": f"{nation.id}-{k}",
                "arrival": 0,
                "units": [
                    {
                        "id": f"{nation.id}-{k}{u.id.removeprefix(dv.id)}",
                        "category": u.category,
                        "quality": u.quality,
                    }
                    for u in dv.units
                ],
            }
            for k, dv in enumerate(divisions, start=1)
        ],
    }


def _objectives(
    rules: Ruleset,
    rng: Chooser,
    terrain: list[dict[str, Any]],
    width: float,
    depth: float,
    zones: dict[str, tuple[float, float]],
    places: list[str],
) -> list[dict[str, Any]]:
    """Twins of objectives between the zones, on the towns first; one at the centre if its ground
    takes it (a river's bridge does)."""
    features = _features(rules, terrain)
    blocked = [f for f in features if f.kind.movement == "impassable"]
    crossings = [f for f in features if f.kind.crossing]

    def free(p: Point) -> bool:
        return not any(f.contains(p) for f in blocked) or any(f.contains(p) for f in crossings)

    towns = [t for t in terrain[::2] if t["kind"] == "town" and "polygon" in t]
    spots: list[Point] = []
    for t in towns:
        pts = t["polygon"]
        c = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        if zones["south"][1] + 2 < c[1] < depth / 2 - 1 and free(c):
            spots.append(c)
    for _ in range(30):
        if len(spots) >= 2:
            break
        p = (rng.uniform(6, width - 6), rng.uniform(zones["south"][1] + 3, depth / 2 - 3))
        if free(p) and all(math.dist(p, s) > 10 for s in spots) and free(_twin(p, width, depth)):
            spots.append(p)
    out: list[dict[str, Any]] = []
    for k, p in enumerate(spots[:2], start=1):
        for n, q in enumerate((p, _twin(p, width, depth))):
            out.append({"id": f"objective-{k}{'ab'[n]}", "name": _name_at(terrain, q, places), "at": _xy(q)})
    centre = (width / 2, depth / 2)
    if free(centre):
        out.append({"id": "centre", "name": _name_at(terrain, centre, places), "at": _xy(centre)})
    return out


def _name_at(terrain: list[dict[str, Any]], p: Point, places: list[str]) -> str:
    for t in terrain:
        if t.get("name") and "polygon" in t and point_in_polygon(p, [tuple(q) for q in t["polygon"]]):
            return str(t["name"])
    return places.pop() if places else "Venta"

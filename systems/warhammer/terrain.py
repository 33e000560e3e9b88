"""Module `warhammer-terrain`: moving over the ground as in Warhammer (WM-24..36). A move pays for the
ground it crosses, inch by inch (difficult ground twice, very difficult four times: WM-34, WM-35),
instead of For Glory's one allowance for the whole move and its cavalry stop (FG-MOVE-2, FG-MOVE-3);
turning pays too, as a pivot about a front corner or a quarter-move turn (WM-28, WM-29); barded
mounts move 2 cm less (WM-25). It replaces the hooks movement_allowance, move_cost, move_rules and
difficult_stop; everything else about a move (its path, what it may pass and where it may end) stays
For Glory's."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import esper

from game.model.battle import Battle
from game.model.components import Footprint
from game.model.geometry import EPS, Point, dist, weighted_length
from game.model.limits import Bounds
from game.model.modules import RuleModule, unknown_names
from game.model.ruleset import Ruleset, TerrainKind
from game.model.table import Feature
from systems.for_glory.paths import Way, category

ID = "warhammer-terrain"
GroundClass = Literal["open", "difficult", "very_difficult"]


@dataclass(frozen=True)
class TerrainNumbers:
    """content/modules/warhammer-terrain/terrain.toml"""

    inches_per_cm: Annotated[float, Bounds(0, 10, above=True)]
    difficult_cost: Annotated[float, Bounds(1, 100)]
    very_difficult_cost: Annotated[float, Bounds(1, 100)]
    turn_share: Annotated[float, Bounds(0, 1)]
    barding_cm: Annotated[float, Bounds(0, 100)]
    barded: Annotated[list[str], Bounds(0, 100)]
    ground: Annotated[dict[str, GroundClass], Bounds(0, 100)]


def numbers(b: Battle) -> TerrainNumbers:
    return b.stack.numbers(ID, "terrain")


def ground_class(n: TerrainNumbers, kind: TerrainKind) -> GroundClass:
    """WM-32, WM-33 (WM-DEC-13): the Warhammer class of a terrain kind, agreed before the battle in the
    module's content; a kind it does not name keeps For Glory's class (difficult, or open)."""
    return n.ground.get(kind.kind, "difficult" if kind.movement == "difficult" else "open")


def weight(n: TerrainNumbers, area: Feature | None) -> float:
    """What an inch moved over this ground costs: 1 in the open, 2 in difficult ground (WM-34), 4 in
    very difficult ground (WM-35)."""
    if area is None:
        return 1.0
    cls = ground_class(n, area.kind)
    return {"open": 1.0, "difficult": n.difficult_cost, "very_difficult": n.very_difficult_cost}[cls]


def ground_cost(b: Battle, pts: tuple[Point, ...]) -> float:
    """WM-34, WM-35: each stretch of the path costs its length times its ground's weight, the
    boundaries found exactly (WM-36, WM-DEC-15: nothing is rounded)."""
    n = numbers(b)
    return weighted_length(pts, lambda p: weight(n, b.table.difficult_area_at(p)))


def normal_move(b: Battle, e: int) -> float:
    """WM-24, WM-25: the unit's For Glory move, less the barding's 2 cm for a barded category."""
    n = numbers(b)
    cat = category(e)
    barding = n.barding_cm * n.inches_per_cm if cat.code in n.barded else 0.0
    return max(0.0, b.rules.length(cat.move) - barding)


def turn_cost(b: Battle, e: int, facing: float, charge: bool) -> float:
    """WM-27..29 (WM-DEC-14): the cheapest way to face `facing`: a pivot about a front corner, which
    costs the straight line the other front corner travels (WM-28), or a 90 or 180 degree turn for a
    quarter of the normal move (WM-29) and a pivot for the rest. A charger only pivots (WM-17, WM-29)."""
    turned = abs((facing - b.pose(e).facing + 180.0) % 360.0 - 180.0)
    width = esper.component_for_entity(e, Footprint).width

    def pivot(degrees: float) -> float:
        return 2 * width * math.sin(math.radians(degrees) / 2)

    options = [pivot(turned)]
    if not charge:
        quarter = numbers(b).turn_share * normal_move(b, e)
        options += [quarter + pivot(abs(turned - 90.0)), quarter + pivot(180.0 - turned)]
    return min(options)


def heading(pts: tuple[Point, ...]) -> float | None:
    """The direction a straight move goes, in degrees; None for a turn in place."""
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    if math.hypot(x1 - x0, y1 - y0) <= EPS:
        return None
    return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360.0


def turned(b: Battle, e: int, way: Way) -> float:
    """What a move's change of facing costs. A charger pivots once, at the start, towards where it
    charges (WM-17, WM-28); aligning with the target once in contact costs nothing (WM-18)."""
    if not way.charge:
        return turn_cost(b, e, way.facing, charge=False)
    towards = heading(way.points)
    return 0.0 if towards is None else turn_cost(b, e, towards, charge=True)


def move_cost(b: Battle, e: int, way: Way) -> float:
    """The allowance a move uses: its ground (a road is open ground: WM-DEC-16) and its turn."""
    pts = way.points
    ground = dist(pts[0], pts[-1]) if way.road else ground_cost(b, pts)
    return ground + turned(b, e, way)


def move_rules(b: Battle, e: int, way: Way) -> tuple[str, ...]:
    """The Warhammer rules that priced a move, for its events and its ghost: the ground crossed
    (WM-34, WM-35), the turn (WM-28 a pivot, WM-29 a turn; a charger's pivot WM-17 and its free
    alignment WM-18), the barding (WM-25), a road (WM-DEC-16)."""
    n = numbers(b)
    rules = ["WM-DEC-16"] if way.road else []
    if not way.road:
        classes = {
            ground_class(n, area.kind)
            for area in (b.table.difficult_area_at(p) for p in way.points)
            if area is not None
        }
        rules += [r for cls, r in (("difficult", "WM-34"), ("very_difficult", "WM-35")) if cls in classes]
    if way.charge:
        rules += ["WM-17", "WM-18"] if turned(b, e, way) > EPS else ["WM-18"]
    elif turned(b, e, way) > EPS:
        pivot_only = abs(turned(b, e, way) - turn_cost(b, e, way.facing, charge=True)) <= EPS
        rules.append("WM-28" if pivot_only else "WM-29")
    if category(e).code in n.barded:
        rules.append("WM-25")
    return tuple(rules)


def movement_allowance(b: Battle, e: int, difficult: bool) -> float | None:
    """WM-24: a unit moves up to its normal move wherever it goes, the ground paying its part (WM-34)
    rather than For Glory's difficult-ground allowance; a unit For Glory keeps out of difficult ground
    (foot artillery, FG-UNIT-19) stays out (WM-DEC-13)."""
    if difficult and category(e).difficult_move is None:
        return None
    return normal_move(b, e)


def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The categories and terrain kinds the numbers name must be the ruleset's."""
    n: TerrainNumbers = records["terrain"]
    problems = [
        ("terrain", "barded", f"no unit category {code!r} (known: {', '.join(sorted(rules.categories))})")
        for code in n.barded
        if code not in rules.categories
    ]
    problems += unknown_names("terrain", [("ground", "terrain kind", n.ground, rules.terrain)])
    problems += [
        ("terrain", f"ground.{kind}", "impassable ground is For Glory's (FG-TERR-2): it has no class here")
        for kind in n.ground
        if kind in rules.terrain and rules.terrain[kind].movement == "impassable"
    ]
    return problems


WARHAMMER_TERRAIN = RuleModule(
    id=ID,
    name="Warhammer terrain",
    description="moves pay for the ground they cross (difficult x2, very difficult x4) and for turning "
    "(WM-24..36)",
    prefix="WM-",
    mode="for-glory",
    hooks={
        "movement_allowance": movement_allowance,
        "move_cost": move_cost,
        "move_rules": move_rules,
        "difficult_stop": lambda b, e: False,  # WM-34: cavalry go on into the wood at half pace
    },
    records={"terrain": TerrainNumbers},
    check=check,
)

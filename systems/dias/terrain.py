"""Module `dias-terrain`: the ground as Días de Gloria's terrain table prices it for each arm (DG-2..8).
A move pays, inch by inch, what the arm's movement points for that ground are worth against open
ground (a wood costs infantry 2 to 1, cavalry 3 to 1); crossing a stream, a wall or a fortification
adds a surcharge a road cancels (DG-6); ground an arm may not enter refuses the move (DG-3 "NA");
cavalry may not charge into or across rough ground (DG-8); a unit in a town or a castle has only
fronts (DG-5); leaving an enemy's zone of control costs a point, entering one a disorganised unit a
point too (DG-7, zones.py); cavalry whose own move ends on a frozen pond may break the ice (DG-13,
DG-DEC-14). It replaces the hooks movement_allowance, move_cost, move_rules, difficult_stop,
attacked_from and after_move; the path, what it may pass and where it may end stay For Glory's.
Decisions: docs/dias-decisions.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import esper

from game.model.battle import Battle
from game.model.components import Unit
from game.model.events import Roll
from game.model.geometry import EPS, Point, dist, weighted_length
from game.model.limits import Bounds
from game.model.modules import RuleModule
from game.model.resolution import refuse
from game.model.ruleset import Ruleset, category_word
from game.model.table import Feature
from game.model.words import Term, slug
from systems.dias.combat import D10
from systems.dias.zones import Zone, friends_passed, zone_points
from systems.for_glory.hits import add_hits, push
from systems.for_glory.paths import Way, category
from systems.for_glory.targets import sector

ID = "dias-terrain"
Arm = Literal["infantry", "cavalry", "artillery"]
Cost = Annotated[float, Bounds(0, 100)]


@dataclass(frozen=True)
class ArmCosts:
    """Movement points for each arm; an arm left out may not enter or cross (DG-3 "NA")."""

    infantry: Cost | None = None
    cavalry: Cost | None = None
    artillery: Cost | None = None

    def of(self, arm: str) -> float | None:
        value: float | None = getattr(self, arm)
        return value


@dataclass(frozen=True)
class Ground:
    """One terrain kind's row of DG-2."""

    cost: ArmCosts  # an area: points per hex entered; a line (crossing): the surcharge to cross it
    crossing: bool = False  # a line whose cost is added once per crossing, unless along a road (DG-6)
    no_charge: bool = False  # DG-8 (note [e]): no cavalry charge into or across it
    only_fronts: bool = False  # DG-5 (note [b]): a unit in it has six fronts: no flank, no rear


@dataclass(frozen=True)
class Pond:
    """DG-13, DG-DEC-14: the ice of a frozen pond under cavalry (the sheet's rule is lost: ours)."""

    # the faces of the d10 (0-9, DG-DEC-6) on which it gives way: a hit, and pushed XS back
    breaks_on: Annotated[list[Annotated[int, Bounds(0, 9)]], Bounds(0, 10)] = field(
        default_factory=lambda: [0]
    )


@dataclass(frozen=True)
class DiasTerrainNumbers:
    """content/modules/dias-terrain/terrain.toml"""

    inches_per_point: Annotated[float, Bounds(0, 10, above=True)]
    clear: ArmCosts
    zone: Zone  # DG-7, DG-DEC-12: an enemy unit's zone of control
    # DG-2 "Hex containing a friendly unit" (DG-DEC-15): the points for each friendly unit passed through
    friendly_unit: ArmCosts = field(default_factory=ArmCosts)
    ground: Annotated[dict[str, Ground], Bounds(0, 100)] = field(default_factory=dict)
    pond: Pond = field(default_factory=Pond)  # DG-13, DG-DEC-14


def numbers(b: Battle) -> DiasTerrainNumbers:
    return b.stack.numbers(ID, "terrain")


def arm(b: Battle, e: int) -> str:
    return category(e).type


def features_on(b: Battle, pts: tuple[Point, ...]) -> list[Feature]:
    """The terrain features this module prices that a path touches (a few, checked point by point)."""
    n = numbers(b)
    return [f for f in b.table.features if f.kind.kind in n.ground and any(f.contains(p) for p in pts)]


def weight(n: DiasTerrainNumbers, areas: list[Feature], a: str, p: Point) -> float:
    """What an inch costs at a point: the dearest area under it, against open ground (DG-2)."""
    clear = n.clear.of(a) or 1.0
    costs = [n.ground[f.kind.kind].cost.of(a) for f in areas if f.contains(p)]
    return max([clear, *(c for c in costs if c is not None)]) / clear


def ground_word(f: Feature) -> Term:
    """A terrain's name as a refusal says it (lower case), keyed log_ground_<name> for other languages."""
    return Term(f.kind.name.lower(), f"log_ground_{slug(f.kind.name)}")


def move_cost(b: Battle, e: int, way: Way) -> float:
    """DG-2..8: the inches of allowance a straight move uses; refused where the arm may not go. Leaving
    or entering an enemy's zone of control adds its points (DG-7), on a road as off it, and so does
    each friendly unit passed through (DG-2, DG-DEC-15)."""
    return ground_cost(b, e, way) + zone_inches(b, e, way) + friends_inches(b, e, way)


def _inches(b: Battle, e: int, points: float) -> float:
    """Movement points added to a move, in inches, as a crossing's (DG-DEC-1)."""
    n = numbers(b)
    return points / (n.clear.of(arm(b, e)) or 1.0) * n.inches_per_point if points else 0.0


def zone_inches(b: Battle, e: int, way: Way) -> float:
    """DG-2 "Leaving a ZOC", DG-7: the zone's points in inches."""
    return _inches(b, e, zone_points(b, e, way.points, numbers(b).zone))


def friends_inches(b: Battle, e: int, way: Way) -> float:
    """DG-2 "Hex containing a friendly unit" (DG-DEC-15): the arm's points for each friendly unit the
    move passes through, in inches."""
    each = numbers(b).friendly_unit.of(arm(b, e))
    return _inches(b, e, each * friends_passed(b, e, way.points)) if each else 0.0


def ground_cost(b: Battle, e: int, way: Way) -> float:
    """DG-2..6, DG-8: what the ground alone makes of a straight move's length."""
    n = numbers(b)
    a = arm(b, e)
    cat = category(e)
    pts = way.points
    touched = features_on(b, pts)
    if way.target is not None and a == "cavalry":  # DG-8: nor into the ground the target stands in
        tp = b.pose(way.target)
        touched += [f for f in features_on(b, ((tp.x, tp.y),)) if f not in touched]
    for f in touched:
        ground = n.ground[f.kind.kind]
        if ground.cost.of(a) is None and any(f.contains(p) for p in pts):
            raise refuse("DG-3", "reason_dg_not_allowed", category=category_word(cat), ground=ground_word(f))
        if way.charge and a == "cavalry" and ground.no_charge:
            raise refuse("DG-8", "reason_dg_no_charge", ground=ground_word(f))
    if way.road:  # For Glory's road move: the road's length, and no crossing surcharge (DG-6)
        return dist(pts[0], pts[-1])
    touched = [f for f in touched if any(f.contains(p) for p in pts)]  # the path's own ground
    areas = [f for f in touched if not n.ground[f.kind.kind].crossing]
    total = weighted_length(pts, lambda p: weight(n, areas, a, p)) if areas else dist(pts[0], pts[-1])
    clear = n.clear.of(a) or 1.0
    for f in touched:
        ground = n.ground[f.kind.kind]
        if ground.crossing and not f.contains(pts[0]):  # DG-2: paid on entering the line, once
            total += (ground.cost.of(a) or 0.0) / clear * n.inches_per_point
    return total


def move_rules(b: Battle, e: int, way: Way) -> tuple[str, ...]:
    """The Días de Gloria rules that priced a move, for its events and its ghost: ground dearer than
    clear, or a line crossed (DG-2, in inches by DG-DEC-1); along a road, a line it made free (DG-6);
    an enemy's zone of control left or entered at a price (DG-7, DG-DEC-12); friendly units passed
    through (DG-DEC-15, the row of DG-2 it prices)."""
    pts = way.points
    extra: tuple[str, ...] = ("DG-7", "DG-DEC-12") if zone_inches(b, e, way) > EPS else ()
    extra += ("DG-2", "DG-DEC-15") if friends_inches(b, e, way) > EPS else ()
    if way.road:
        n = numbers(b)
        crossed = [
            f for f in features_on(b, pts) if n.ground[f.kind.kind].crossing and not f.contains(pts[0])
        ]
        return tuple(dict.fromkeys((("DG-6",) if crossed else ()) + extra))
    priced = ground_cost(b, e, way) > dist(pts[0], pts[-1]) + EPS
    return tuple(dict.fromkeys((("DG-2", "DG-DEC-1") if priced else ()) + extra))


def movement_allowance(b: Battle, e: int, difficult: bool) -> float | None:
    """The unit's move wherever it goes, the ground paying its part (DG-2); For Glory's rule keeping
    foot artillery out of difficult ground off a road (FG-UNIT-19) stands (DG-DEC-3)."""
    if difficult and category(e).difficult_move is None:
        return None
    return b.rules.length(category(e).move)


def attacked_from(b: Battle, e: int, p: Point) -> str:
    """DG-5: a unit whose centre is in a town or a castle has six fronts: every attack meets a front."""
    n = numbers(b)
    pose = b.pose(e)
    for f in b.table.features:
        ground = n.ground.get(f.kind.kind)
        if ground is not None and ground.only_fronts and f.contains((pose.x, pose.y)):
            return "front"
    return sector(b, e, p)


def after_move(b: Battle, e: int, came_from: Point, how: str) -> None:
    """DG-13, DG-DEC-14: cavalry whose own move (a Move order's, a charge's) ends with its centre on a
    frozen pond roll the d10; on a face of `[pond] breaks_on` the ice gives way: the unit takes a hit
    and is pushed XS (For Glory's push) back the way it came. A turn in place rolls nothing."""
    if esper.try_component(e, Unit) is None or arm(b, e) != "cavalry":
        return  # infantry spread their weight, guns may not enter (DG-3)
    pose = b.pose(e)
    here = (pose.x, pose.y)
    if dist(came_from, here) <= EPS:
        return
    if not any(f.kind.kind == "pond" and f.contains(here) for f in b.table.features):
        return
    die = b.dice.one(D10)
    broke = die in numbers(b).pond.breaks_on
    who = b.name(e)
    outcome = "the ice gives way" if broke else "the ice holds"
    b.emit(
        Roll(
            check="ice",
            die=die,
            modifiers=(),
            total=die,
            outcome=outcome,
            unit=who,
            rule="DG-13",
            die_kind=str(D10),
        )
    )
    if not broke:
        return
    add_hits(b, e, 1, None, "DG-DEC-14")
    if b.in_play(e):  # back the way it came: straight away from a point as far beyond it
        push(b, e, (2 * here[0] - came_from[0], 2 * here[1] - came_from[1]), "DG-13")  # the ice pushes


def tell_ice(e: Mapping[str, Any], n: Any) -> str:
    """DG-13, DG-DEC-14: the ice's roll in the log, in the player's language."""
    key = "log_dg_ice_breaks" if e["outcome"] == "the ice gives way" else "log_dg_ice_holds"
    return str(n.say(key, who=n.name(e["unit"]), die=e["die"], rule="DG-13, DG-DEC-14"))


def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The terrain kinds the numbers name must be the ruleset's; lines are priced as crossings."""
    n: DiasTerrainNumbers = records["terrain"]
    known = ", ".join(sorted(rules.terrain))
    out = []
    for kind, ground in n.ground.items():
        if kind not in rules.terrain:
            out.append(("terrain", f"ground.{kind}", f"no terrain kind {kind!r} (known: {known})"))
        elif rules.terrain[kind].linear and not ground.crossing:
            out.append(("terrain", f"ground.{kind}.crossing", "a line is priced as a crossing"))
    return out


DIAS_TERRAIN = RuleModule(
    id=ID,
    name="Días de Gloria terrain",
    description="ground priced per arm as in the Días de Gloria terrain table: costs, crossings, "
    "no-charge ground, towns with only fronts, zones of control (DG-2..8)",
    prefix="DG-",
    mode="for-glory",
    hooks={
        "movement_allowance": movement_allowance,
        "move_cost": move_cost,
        "move_rules": move_rules,
        "difficult_stop": lambda b, e: False,  # the ground's price replaces the cavalry stop (DG-DEC-3)
        "attacked_from": attacked_from,
        "after_move": after_move,
    },
    dice=(D10,),  # DG-DEC-6: the ice's roll (DG-DEC-14)
    narration={"roll:DG-13": tell_ice},
    records={"terrain": DiasTerrainNumbers},
    check=check,
)

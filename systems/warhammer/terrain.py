"""Module `warhammer-terrain`: moving over the ground as in Warhammer (WM-24..37, WM-42). A move pays
for the ground it crosses, inch by inch (difficult ground twice, very difficult four times: WM-34,
WM-35), instead of For Glory's one allowance for the whole move and its cavalry stop (FG-MOVE-2,
FG-MOVE-3); turning pays too, as a pivot about a front corner or a quarter-move turn, more in rough
ground (WM-28, WM-29), and never more than the whole move for a turn in place (the reform, WM-31);
barded mounts move 2 cm less (WM-25). Kinds of ground agreed impassable are For Glory's impassable
ground for the battle (WM-37), and a move other than a charge keeps 3 cm from the enemy (WM-42). It
replaces the hooks movement_allowance, move_cost, move_rules, difficult_stop, move_end, flies (the
categories its numbers name fly over the ground and the bases in their way: WM-23) and
terrain_classes; everything else about a move (its path, what it may pass) stays For Glory's."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NamedTuple

import esper

from game.model.battle import Battle
from game.model.components import Footprint
from game.model.geometry import EPS, BBox, Point, convex_distance, dist, weighted_length
from game.model.limits import Bounds
from game.model.modules import RuleModule, RuleStack, unknown_names
from game.model.resolution import refuse
from game.model.ruleset import MovementClass, Ruleset, TerrainKind
from game.model.table import Feature
from game.model.words import Number
from systems.for_glory.measure import gap
from systems.for_glory.paths import Way, category, check_end, corners_at, is_enemy

ID = "warhammer-terrain"
GroundClass = Literal["open", "difficult", "very_difficult", "impassable"]


@dataclass(frozen=True)
class TerrainNumbers:
    """content/modules/warhammer-terrain/terrain.toml"""

    inches_per_cm: Annotated[float, Bounds(0, 10, above=True)]
    difficult_cost: Annotated[float, Bounds(1, 100)]
    very_difficult_cost: Annotated[float, Bounds(1, 100)]
    turn_share: Annotated[float, Bounds(0, 1)]
    barding_cm: Annotated[float, Bounds(0, 100)]
    barded: Annotated[list[str], Bounds(0, 100)]
    flyers: Annotated[list[str], Bounds(0, 100)]
    keep_apart_cm: Annotated[float, Bounds(0, 100)]
    ground: Annotated[dict[str, GroundClass], Bounds(0, 100)]


def numbers(b: Battle) -> TerrainNumbers:
    return b.stack.numbers(ID, "terrain")


def ground_class(n: TerrainNumbers, kind: TerrainKind) -> GroundClass:
    """WM-32, WM-33 (WM-DEC-13, WM-DEC-24): the Warhammer class of a terrain kind, agreed before the
    battle in the module's content; a kind it does not name keeps For Glory's class (impassable,
    difficult, or open)."""
    if kind.kind in n.ground:
        return n.ground[kind.kind]
    return "open" if kind.movement == "passable" else kind.movement


def terrain_classes(stack: RuleStack) -> dict[str, MovementClass]:
    """WM-37 (WM-DEC-24): the kinds agreed impassable are For Glory's impassable ground for the whole
    battle (FG-TERR-2), so every move, charge, retreat, push, deployment and officer, and every query of
    the client and the computer players, meets them as it meets a river; a random battle keeps its
    deployment zones and objectives off them."""
    n: TerrainNumbers = stack.numbers(ID, "terrain")
    return {kind: "impassable" for kind, cls in n.ground.items() if cls == "impassable"}


def weight(n: TerrainNumbers, area: Feature | None) -> float:
    """What an inch moved over this ground costs: 1 in the open, 2 in difficult ground (WM-34), 4 in
    very difficult ground (WM-35); impassable ground is never priced (For Glory refuses it first)."""
    if area is None:
        return 1.0
    weights = {"open": 1.0, "difficult": n.difficult_cost, "very_difficult": n.very_difficult_cost}
    return weights.get(ground_class(n, area.kind), math.inf)


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


class Turn(NamedTuple):
    """What a move's change of facing costs and the rule that priced it (None: it does not turn)."""

    cost: float
    rule: str | None


def turn_cost(b: Battle, e: int, facing: float, charge: bool) -> Turn:
    """WM-27..29 (WM-DEC-14): the cheapest way to face `facing` in the open: a pivot about a front
    corner, which costs the straight line the other front corner travels (WM-28), or a 90 or 180 degree
    turn for a quarter of the normal move (WM-29) and a pivot for the rest. A charger only pivots
    (WM-17, WM-29)."""
    turned = abs((facing - b.pose(e).facing + 180.0) % 360.0 - 180.0)
    if turned == 0.0:
        return Turn(0.0, None)
    width = esper.component_for_entity(e, Footprint).width

    def pivot(degrees: float) -> float:
        return 2 * width * math.sin(math.radians(degrees) / 2)

    best = Turn(pivot(turned), "WM-28")
    if not charge:
        quarter = numbers(b).turn_share * normal_move(b, e)
        turn = Turn(quarter + min(pivot(abs(turned - 90.0)), pivot(180.0 - turned)), "WM-29")
        best = min(best, turn)
    return best


def heading(pts: tuple[Point, ...]) -> float | None:
    """The direction a straight move goes, in degrees; None for a turn in place."""
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    if math.hypot(x1 - x0, y1 - y0) <= EPS:
        return None
    return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360.0


def turning(b: Battle, e: int, way: Way) -> Turn:
    """What a move's change of facing costs. A turn is movement, so rough ground weighs it as it weighs
    an inch moved (WM-34, WM-35; WM-DEC-27): a move turns where that is cheaper, where it starts or
    where it ends (WM-28: pivots whenever its move allows), on a road as in the open (WM-DEC-16). A
    charger pivots once, at the start, towards where it charges (WM-17, WM-28); aligning with the target
    once in contact costs nothing (WM-18). A unit that only turns where it stands may instead reform for
    its whole move (WM-31, WM-DEC-26), whatever the turn would cost."""
    n = numbers(b)
    start, end = way.points[0], way.points[-1]
    if way.charge:
        towards = heading(way.points)
        if towards is None:
            return Turn(0.0, None)
        turn = turn_cost(b, e, towards, charge=True)
        return Turn(turn.cost * weight(n, b.table.difficult_area_at(start)), "WM-17")
    turn = turn_cost(b, e, way.facing, charge=False)
    if turn.rule is None:
        return turn
    if not way.road:
        turn = Turn(turn.cost * min(weight(n, b.table.difficult_area_at(p)) for p in (start, end)), turn.rule)
    whole = normal_move(b, e)
    return Turn(whole, "WM-31") if heading(way.points) is None and turn.cost > whole + EPS else turn


def flies(b: Battle, e: int) -> bool:
    """WM-23 (WM-DEC-30): a category the numbers name flies when it moves of its own will: over the
    ground and the bases in its way (For Glory's path checks let it pass), to an end the rules check."""
    return category(e).code in numbers(b).flyers


def move_cost(b: Battle, e: int, way: Way) -> float:
    """The allowance a move uses: its ground (a road is open ground: WM-DEC-16) and its turn; a flyer's
    (not charging) only its length, turning as it takes off and lands (WM-23, WM-DEC-30)."""
    pts = way.points
    if not way.charge and flies(b, e):
        return dist(pts[0], pts[-1])
    ground = dist(pts[0], pts[-1]) if way.road else ground_cost(b, pts)
    return ground + turning(b, e, way).cost


def move_rules(b: Battle, e: int, way: Way) -> tuple[str, ...]:
    """The Warhammer rules that priced a move, for its events and its ghost: the ground crossed or
    turned on (WM-34, WM-35), the turn (WM-28 a pivot, WM-29 a turn; a charger's pivot WM-17 and its
    free alignment WM-18), a reform (WM-31: the whole move, nothing else), the barding (WM-25), a road
    (WM-DEC-16); a flyer's, its flight (WM-23)."""
    n = numbers(b)
    barding = ["WM-25"] if category(e).code in n.barded else []
    if not way.charge and flies(b, e):
        return ("WM-23", *barding)
    turn = turning(b, e, way)
    rules = ["WM-DEC-16"] if way.road else []
    if turn.rule == "WM-31":
        rules = ["WM-31"]
    elif not way.road:
        classes = {
            ground_class(n, area.kind)
            for area in (b.table.difficult_area_at(p) for p in way.points)
            if area is not None
        }
        rules += [r for cls, r in (("difficult", "WM-34"), ("very_difficult", "WM-35")) if cls in classes]
    if way.charge:
        rules += ["WM-17", "WM-18"] if turn.cost > EPS else ["WM-18"]
    elif turn.rule is not None and turn.rule != "WM-31" and turn.cost > EPS:
        rules.append(turn.rule)
    return (*rules, *barding)


def move_end(b: Battle, e: int, p: Point, facing: float) -> None:
    """Where a move may end: For Glory's rules (FG-MOVE-2, FG-MOVE-4), then WM-42 (WM-DEC-25): no
    nearer than 3 cm to an enemy unit, nor, for a unit that stands nearer already (a retreat, a push or
    a flight left it there), any nearer than it stands. Charges, retreats, pushes and flights end by
    their own rules and keep no distance; friends may stand side by side, as For Glory's lines do."""
    check_end(b, e, p, facing)
    n = numbers(b)
    apart = n.keep_apart_cm * n.inches_per_cm
    corners = corners_at(e, p, facing)
    for o in b.physics.in_box(BBox.of(corners, pad=apart)):  # units in play, by the spatial index
        if o == e or not is_enemy(b, e, o):
            continue
        there = convex_distance(corners, b.shape(o))
        if there < apart - EPS and there < gap(b, e, o) - EPS:
            raise refuse(
                "WM-42",
                "reason_wm_keep_apart",
                unit=b.name(o),
                gap=Number(f"{there:.2f}"),
                apart=Number(f"{apart:g}"),
            )


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
    listed = ", ".join(sorted(rules.categories))
    problems = [
        ("terrain", key, f"no unit category {code!r} (known: {listed})")
        for key, codes in (("barded", n.barded), ("flyers", n.flyers))
        for code in codes
        if code not in rules.categories
    ]
    problems += unknown_names("terrain", [("ground", "terrain kind", n.ground, rules.terrain)])
    for kind, cls in n.ground.items():
        known = rules.terrain.get(kind)
        if known is None:
            continue
        if known.movement == "impassable":
            problems.append(("terrain", f"ground.{kind}", "impassable in For Glory, it stays so (FG-TERR-2)"))
        elif cls == "impassable" and (known.road or known.crossing):
            what = "a road is open ground (WM-DEC-16)" if known.road else "a crossing is what opens a river"
            problems.append(("terrain", f"ground.{kind}", f"{what}: it cannot be impassable (WM-DEC-24)"))
    return problems


WARHAMMER_TERRAIN = RuleModule(
    id=ID,
    name="Warhammer terrain",
    description="moves pay for the ground they cross (difficult x2, very difficult x4) and for turning, "
    "keep 3 cm from the enemy but to charge, ground agreed impassable (WM-24..37, WM-42)",
    prefix="WM-",
    mode="for-glory",
    hooks={
        "movement_allowance": movement_allowance,
        "move_cost": move_cost,
        "move_rules": move_rules,
        "difficult_stop": lambda b, e: False,  # WM-34: cavalry go on into the wood at half pace
        "flies": flies,
        "move_end": move_end,
        "terrain_classes": terrain_classes,
    },
    records={"terrain": TerrainNumbers},
    check=check,
)

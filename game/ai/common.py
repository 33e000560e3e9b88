"""What any computer player needs: legal deployments, the legal orders of a unit, officer moves.

Every candidate is checked with the rules' own functions (the ones Battle.apply uses), so a
player never sends a command the battle would refuse."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Officer, Unit
from game.model.dice import Dice
from game.model.errors import UserError
from game.model.geometry import Point, centroid, dist, point_in_polygon
from game.model.resolution import Decision, Reject
from game.model.ruleset import Scoring
from systems.for_glory.charge.plan import chargeable_units, plan_charge
from systems.for_glory.deployment import (
    INWARD,
    LINES,
    Arrivals,
    Deploying,
    Entry,
    check_deploy,
    check_staff,
    deploy,
    entry_placement,
    entry_spots,
    lines_at,
    staff_entity,
)
from systems.for_glory.officers import check_officer_move
from systems.for_glory.paths import may_move, plan_move
from systems.for_glory.reaction import check_rally
from systems.for_glory.targets import check_fire, officer_fire_targets, unit_fire_targets
from systems.for_glory.victory import points_of


def own_edge(b: Battle, side: str) -> str:
    assert b.game is not None
    return b.game.edges[side]


# The players of the other game modes, by mode and level ("random", "heuristic"): a For Glory player
# hands a game of such a mode to its own player of the same level (game/ai/__init__.py fills it).
MODE_PLAYERS: dict[str, Mapping[str, Callable[[str, int], Any]]] = {}


class Player:
    """A computer player: each kind of decision goes to the method of the same name; the defaults
    are what any sensible player does (the estado mayor behind his officers, officers with their
    units, markers where the engine puts them)."""

    level = "heuristic"

    def __init__(self, side: str, seed: int) -> None:
        self.side = side
        self.seed = seed
        self._other: dict[str, Any] = {}  # this player's counterpart in another game mode

    def decide(self, b: Battle, d: Decision) -> cmd.Command:
        mode = b.stack.mode.id
        if mode in MODE_PLAYERS:
            if mode not in self._other:
                kinds = MODE_PLAYERS[mode]  # a level the mode lacks plays its best player
                make = kinds.get(self.level) or kinds["heuristic"]
                self._other[mode] = make(self.side, self.seed)
            decided: cmd.Command = self._other[mode].decide(b, d)
            self.thought = getattr(self._other[mode], "thought", None)  # its reasons (`--why`)
            return decided
        b.enter()
        with b.thinking():
            handler = getattr(self, d.kind, None)
            if handler is not None:
                return handler(b, d)
            kind = b.stack.decisions.get(d.kind)  # a rule module's decision: its own policy
            return kind.ai(b, d, self) if kind is not None and kind.ai is not None else cmd.Pass()

    def best(self, b: Battle, e: int) -> tuple[float, cmd.Command] | None:
        """The order this player would give the unit now and its worth (a module's policy asks)."""
        return None

    def marker(self, b: Battle, d: Decision) -> cmd.Command:
        return cmd.Pass()  # the marker where the engine puts it

    def place_staff(self, b: Battle, d: Decision) -> cmd.Command:
        return staff_spot(b, d.side)

    def officer_move(self, b: Battle, d: Decision) -> cmd.Command:
        return officer_follow(b, b.ids[d.unit])

    def staff_move(self, b: Battle, d: Decision) -> cmd.Command:
        return staff_follow(b, d.side)


def module_orders(b: Battle, e: int) -> list[tuple[float, cmd.Command]]:
    """The orders the chosen rule modules add, as (worth, command) for this unit."""
    return [
        option
        for m in b.stack.chosen
        for kind in m.orders
        if kind.options is not None
        for option in kind.options(b, e)
    ]


def module_reactions(b: Battle, r: int, mover: int) -> list[tuple[float, cmd.React]]:
    """The reactions the chosen rule modules add that this unit may make now, with their worth."""
    out = []
    for m in b.stack.chosen:
        for kind in m.reactions:
            answer = cmd.React(b.name(r), kind.name)
            try:
                kind.check(b, r, mover, answer)
            except Reject:
                continue
            out.append((kind.value(b, r, mover) if kind.value is not None else 0.0, answer))
    return out


# --- deployment -------------------------------------------------------------------------------


def deploy_spots(b: Battle, side: str, entry: str | None) -> list[Point]:
    """Officer positions worth trying: across the own half (initial deployment, within the scenario's
    zone if it gives one), or along the entry edge (reinforcements, the rules' own candidates)."""
    if entry is not None:
        return entry_spots(b, entry)
    zone = _zone(b, side)
    return list(_own_half_spots(b.table.width, b.table.depth, own_edge(b, side), tuple(zone) if zone else ()))


# by all it depends on: every deployment decision asks it again (a battle's check deploys it 4 times)
@lru_cache(maxsize=256)
def _own_half_spots(w: float, dp: float, own: str, zone: tuple[Point, ...]) -> tuple[Point, ...]:
    rows = [dp / 2 - k for k in (1.5, 3.5, 5.5, 8.0, 11.0, 14.0)]
    ys = [r if own == "south" else dp - r for r in rows if 1 < r < dp / 2]
    xs = [x for x in (w / 2 + s * k for k in range(0, int(w / 2), 3) for s in (1, -1)) if 4 < x < w - 4]
    spots = [(x, y) for y in ys for x in xs]
    if zone:
        spots = [p for p in spots if point_in_polygon(p, zone)] or spots
    return tuple(spots)


def _zone(b: Battle, side: str) -> list[Point] | None:
    return b.game.zones.get(side) if b.game else None


def deploy_for(b: Battle, d: Decision, order: Callable[[list[Point]], list[Point]]) -> cmd.Command:
    """A legal deployment of the division the decision is about (or, when the player may choose, of
    the first of them that fits: FG-REINF-1, a reinforcement that can enter must), trying officer
    spots in the given order; Pass (stay in reserve) only when no reinforcement fits anywhere (AMB-40).
    In an initial deployment a placement from another order than the packing one (`packing_order`) must
    leave room for every division still to deploy (a plan of their placements, in the packing order
    where no earlier plan's still fits); when it does not, the plan's own placement or the packing
    order's is made: so every player finds a deployment whenever the packing order does (FG-DEP-6),
    whatever its taste (a random player's shuffle, a general's objectives)."""
    later = d.payload if isinstance(d.payload, Deploying) else None
    if later is None:
        found = _first_fitting(b, d, order)
    else:  # the same spots for every division: ranked once (a shuffle is drawn once)
        spots = deploy_spots(b, d.side, None)
        ranked = order(spots)
        found = _first_fitting(b, d, lambda _s: ranked)
        if found is not None and ranked != packing_order(b, spots):
            found = _keeping_room(b, d, later, found)
    if found is not None:
        return found
    division = d.unit or d.options[0]
    if not isinstance(d.payload, Arrivals):  # FG-DEP-6: it must deploy, and cannot
        units = esper.component_for_entity(b.ids[division], Officer).assigned
        raise NoRoomToDeploy(d.side, division, len(units))
    return cmd.Pass()


class NoRoomToDeploy(UserError):
    """A division of a battle's start that no placement fits (FG-DEP-6): the battle cannot begin. Its
    side and division, for a check that names the scenario's key (game/running/deployment_check.py).
    The players read the side and the division by the names the scenario gives them in their language
    (`named`, where the scenario is known; by language); the ids stand in for them until then."""

    def __init__(
        self, side: str, division: str, units: int, names: Mapping[str, tuple[str, str]] | None = None
    ) -> None:
        self.side, self.division, self.units = side, division, units
        self.names = dict(names or {})
        side_name, division_name = self.names.get("en", (side, division))
        super().__init__(
            f'side "{side_name}" cannot deploy "{division_name}": no room for its {units} units in its half, '
            "at L of its officer and XL from the enemy (FG-DEP-6..10): a larger table or smaller divisions"
        )

    def __reduce__(self) -> tuple[object, ...]:  # sent by another process (a tournament's): made again whole
        return NoRoomToDeploy, (self.side, self.division, self.units, self.names)

    def worded(self, language: str) -> tuple[str, dict[str, object]] | None:
        if language not in self.names:
            return None
        side, division = self.names[language]
        return "problem_no_room_to_deploy", {"side": side, "division": division, "units": self.units}

    def named(self, names: Mapping[str, tuple[str, str]]) -> NoRoomToDeploy:
        """The same refusal, its side and its division said by these names, by language."""
        return NoRoomToDeploy(self.side, self.division, self.units, names)


def packing_order(b: Battle, spots: list[Point]) -> list[Point]:
    """The packing order of officer spots: nearest the line across the table through the objectives'
    middle, then the front, so that divisions pack from the middle outwards (the heuristic player's
    order, and the one a random battle's deployment is checked with)."""
    goals = objectives(b) or [(b.table.width / 2, b.table.depth / 2)]
    return list(_packed(tuple(spots), centroid(goals)))


@lru_cache(maxsize=256)  # the same spots and aim at every deployment decision of a battle
def _packed(spots: tuple[Point, ...], aim: Point) -> tuple[Point, ...]:
    return tuple(sorted(spots, key=lambda p: dist(p, (aim[0], p[1])) * 0.5 + abs(p[1] - aim[1]) * 0.2))


def _first_fitting(b: Battle, d: Decision, order: Callable[[list[Point]], list[Point]]) -> cmd.Deploy | None:
    """The first of the decision's divisions that fits, at the first spot in order where it does."""
    for division in [d.unit] if d.unit else d.options:
        found = _deployment(b, d, division, order)
        if found is not None:
            return found
    return None


# An initial deployment's plan, per battle: a placement of each division still to deploy such that,
# made in turn, each fits (FG-DEP-6..10); kept from one decision to the next and mended where a
# placement made since took its room, so that a decision checks it rather than searching it again.
_PLANS: WeakKeyDictionary[Battle, dict[str, cmd.Deploy]] = WeakKeyDictionary()


def _keeping_room(b: Battle, d: Decision, later: Deploying, found: cmd.Deploy) -> cmd.Deploy:
    """`found` when every division still to deploy then has room in a plan; else the kept plan's own
    placement of the decision's division, else the packing order's (each with a plan after it)."""
    kept = _PLANS.get(b, {})

    def choices() -> Iterator[cmd.Deploy | None]:  # the packing order's searched only when needed
        yield found
        yield from (kept.get(n) for n in ([d.unit] if d.unit else d.options))
        yield _packed_placement(b, d)

    for c in choices():
        plan = _plan(b, d.side, later, c, kept) if c is not None else None
        if c is not None and plan is not None:
            _PLANS[b] = plan
            return c
    return found


def _plan(
    b: Battle, side: str, later: Deploying, first: cmd.Deploy, kept: dict[str, cmd.Deploy]
) -> dict[str, cmd.Deploy] | None:
    """The placements of the divisions still to deploy, made in turn after `first` on a copy of the
    battle (this one is not touched): each kept one where it still fits, else the packing order's;
    None when one finds no room."""
    other = b.copy(Dice(0))
    try:
        if not _fits(other, side, first):
            return None
        deploy(other, first)
        plan: dict[str, cmd.Deploy] = {}
        for asked, group in later.later:
            left = tuple(n for n in group if esper.component_for_entity(other.ids[n], Officer).reserve)
            placed = next((kept[n] for n in left if n in kept and _fits(other, asked, kept[n])), None)
            placed = placed or _packed_placement(other, Decision("deploy", asked, "", left, payload=later))
            if placed is None:
                return None
            deploy(other, placed)
            plan[placed.division] = placed
        return plan
    finally:
        other.close()
        b.enter()


def _fits(b: Battle, side: str, c: cmd.Deploy) -> bool:
    try:
        check_deploy(b, c, own_edge(b, side), Entry())
    except Reject:
        return False
    return True


def _packed_placement(b: Battle, d: Decision) -> cmd.Deploy | None:
    with b.thinking():
        return _first_fitting(b, d, lambda spots: packing_order(b, spots))


# The formations an initial deployment has found no room for, per battle: divisions only come onto the
# table while it lasts, so a formation refused (off the table, on impassable ground, on a base, at less
# than XL from an enemy: FG-DEP-6..10) is refused again; trying it for each later division was most of
# the time a random battle's check took.
_NO_ROOM: WeakKeyDictionary[Battle, set[tuple[str, Point, int, int]]] = WeakKeyDictionary()


def _deployment(
    b: Battle, d: Decision, division: str, order: Callable[[list[Point]], list[Point]]
) -> cmd.Deploy | None:
    """One division's first legal deployment at the spots in order (within the scenario's zone if
    one fits there), or None."""
    edge = d.payload.edge(division) if isinstance(d.payload, Arrivals) else ""
    officer = b.ids[division]
    units = esper.component_for_entity(officer, Officer).assigned
    facing = INWARD[edge] if edge else INWARD[own_edge(b, d.side)]
    entry = Entry(edge or None)
    zone = _zone(b, d.side) if not edge else None
    full = _NO_ROOM.setdefault(b, set()) if isinstance(d.payload, Deploying) else None
    fallback: cmd.Deploy | None = None
    for spot in order(deploy_spots(b, d.side, edge or None)):
        if full is not None and all((d.side, spot, k, len(units)) in full for k in range(LINES)):
            continue  # both formations here refused already: not even laid out again
        for k, c in enumerate(lines_at(b.rules.core.bases, division, units, spot, facing)):
            shape = (d.side, spot, k, len(units))  # the same bases, wherever the division's officer stands
            if full is not None and shape in full:
                continue
            zoned = not zone or all(point_in_polygon((x, y), zone) for _u, x, y, _f in c.units)
            # outside the zone it could only be the fallback, found already: checking it anyway was most
            # of the time a random battle's check of a full zone took
            if fallback is not None and not zoned:
                continue
            try:
                check_deploy(b, c, own_edge(b, d.side), entry)
            except Reject:
                if full is not None:
                    full.add(shape)
                continue
            if zoned:
                return c
            fallback = c  # legal, though partly outside the scenario's suggested zone
    if fallback is None and edge:  # FG-REINF-1: the rules' complete search of the edge
        return entry_placement(b, division, edge)
    return fallback


def staff_spot(b: Battle, side: str) -> cmd.Command:
    """The estado mayor a little behind the middle of his officers; beside or before them when they
    stand at the table's edge (a division entering as a reinforcement, AMB-41), where behind is off it."""
    officers = [o for o in b.officers(side) if esper.component_for_entity(o, Officer).role == "division"]
    back = -1.0 if own_edge(b, side) == "south" else 1.0
    c = centroid([(b.pose(o).x, b.pose(o).y) for o in officers])
    places = [c] + [(b.pose(o).x, b.pose(o).y) for o in officers]
    behind = [(x, y, 2.0 + k) for x, y in places for k in range(30)]
    before = [(x, y, -float(k)) for x, y in places for k in range(12)]
    # behind the middle first; behind each officer when they stand too far apart for the middle
    for x, y, step in behind + before:
        for dx in (0.0, 3.0, -3.0, 6.0, -6.0):
            p = (x + dx, y + back * step)
            try:
                check_staff(b, side, p)
            except Reject:
                continue
            return cmd.PlaceStaff(p)
    o = b.pose(officers[0])
    return cmd.PlaceStaff((o.x + 1.0, o.y + back))


# --- orders -----------------------------------------------------------------------------------


def fire_targets(b: Battle, e: int) -> list[int]:
    targets = unit_fire_targets(b, e) or officer_fire_targets(b, e)
    out = []
    for t in targets:
        try:
            check_fire(b, e, t)
        except Reject:
            continue
        out.append(t)
    return out


def charge_targets(b: Battle, e: int) -> list[int]:
    found = chargeable_units(b, e)
    if found:
        return found
    out = []
    for o in b.officers():
        if b.side_of(o) != b.side_of(e):
            try:
                plan_charge(b, e, o)
            except Reject:
                continue
            out.append(o)
    return out


def within_charge_reach(b: Battle, e: int) -> list[int]:
    """Enemy units and officers near enough that a charge might reach them (a cheap first cut)."""
    reach = b.rules.length(esper.component_for_entity(e, Unit).category.move) + b.rules.core.bases.unit_width
    here = centre(b, e)
    foes = [*b.enemy_units(b.side_of(e)), *(o for o in b.officers() if b.side_of(o) != b.side_of(e))]
    return [o for o in foes if dist(here, centre(b, o)) <= reach + 2.0]


def extra_charge_targets(b: Battle, e: int) -> list[int]:
    """Units a cavalry extra move (up to S) could charge now (FG-CHG-6)."""
    return chargeable_units(b, e, allowance=b.rules.length(b.rules.core.movement.cavalry_extra_move))


def legal_move(b: Battle, e: int, to: Point, facing: float | None = None) -> cmd.Move | None:
    if not b.table.holds_point(to):
        return None
    try:
        plan_move(b, e, to, facing)
    except Reject:
        return None
    return cmd.Move(b.name(e), to, facing)


def toward(b: Battle, e: int, goal: Point, step: float) -> cmd.Move | None:
    """The longest legal move of up to `step` straight towards a point, facing it."""
    p = b.pose(e)
    d = dist((p.x, p.y), goal)
    if d < 0.3:
        return None
    facing = math.degrees(math.atan2(goal[1] - p.y, goal[0] - p.x))
    for frac in (1.0, 0.75, 0.5, 0.25):
        s = min(step * frac, d)
        m = legal_move(b, e, step_towards((p.x, p.y), goal, s), round(facing, 1))
        if m is not None:
            return m
    return None


def step_towards(here: Point, goal: Point, s: float) -> Point:
    """The point `s` inches from here straight towards goal (rounded as commands are written)."""
    d = dist(here, goal)
    return (round(here[0] + (goal[0] - here[0]) / d * s, 3), round(here[1] + (goal[1] - here[1]) / d * s, 3))


def withdraw_refusal(b: Battle, e: int) -> Reject | None:
    """Why the unit may not retreat now (an order or a reaction, FG-ORD-9), or None: For Glory always
    lets it (as far as it legally can, AMB-22), a module may not (warhammer-charges: in close combat).
    The module's rule is all retreat_plan may refuse, so only it is asked, not the whole way back."""
    try:
        may_move(b, e)
    except Reject as r:
        return r
    return None


def can_withdraw(b: Battle, e: int) -> bool:
    return withdraw_refusal(b, e) is None


def can_rally(b: Battle, e: int) -> bool:
    try:
        check_rally(b, e)
    except Reject:
        return False
    return True


def hits(e: int) -> int:
    return esper.component_for_entity(e, Hits).count


def centre(b: Battle, e: int) -> Point:
    p = b.pose(e)
    return (p.x, p.y)


def officer_follow(b: Battle, officer: int, goal: Point | None = None) -> cmd.Command:
    """Move an officer towards a point (his units' centre by default), as far as he legally can."""
    off = esper.component_for_entity(officer, Officer)
    if goal is None:
        units = [b.ids[u] for u in off.assigned if b.in_play(b.ids[u])]
        if not units:
            return cmd.Pass()
        goal = centroid([centre(b, u) for u in units])
    here = centre(b, officer)
    d = dist(here, goal)
    if d < 0.5:
        return cmd.Pass()
    reach = b.rules.length(b.rules.officer.move)
    for frac in (1.0, 0.8, 0.6, 0.4, 0.2):
        s = min(reach, d) * frac
        to = step_towards(here, goal, s)
        try:
            check_officer_move(b, officer, to)
        except Reject:
            continue
        return cmd.MoveOfficer(b.name(officer), to)
    return cmd.Pass()


def staff_follow(b: Battle, side: str) -> cmd.Command:
    staff = staff_entity(b, side)
    officers = [o for o in b.officers(side) if o != staff]
    if not officers:
        return cmd.Pass()
    # a little behind his officers, not among the fighting units, within XL for their initiative
    x, y = centroid([centre(b, o) for o in officers])
    back = b.rules.length("M") * (-1.0 if own_edge(b, side) == "south" else 1.0)
    return officer_follow(b, staff, (x, min(max(y + back, 1.0), b.table.depth - 1.0)))


def nearest(b: Battle, e: int, others: list[int]) -> int | None:
    here = centre(b, e)
    return min(others, key=lambda o: dist(here, centre(b, o)), default=None)


def enemy_units(b: Battle, side: str) -> list[int]:
    return list(b.enemy_units(side))


def objectives(b: Battle) -> list[Point]:
    return [o.at for o in b.game.objectives] if b.game else []


@dataclass(frozen=True)
class Terms:
    """How the battle is won, as a general reads it (FG-VIC-2, FG-VIC-4, FG-VIC-5..10)."""

    scoring: Scoring
    divisions_to_end: int
    objectives_end: bool  # every objective held by one side ends the battle
    # read whole: a lone objective is every objective (taking it ends the battle, FG-VIC-4) and a
    # division general's death that disbands his division removes it (FG-OFF-12, FG-VIC-2)
    whole: bool = True

    def race(self, objectives: int) -> bool:
        """Does one side holding all of these objectives end the battle (FG-VIC-4)? A lone objective
        is every objective only to a general who reads the terms whole."""
        return self.objectives_end and (objectives > 1 or (objectives == 1 and self.whole))


def terms(b: Battle, own: bool) -> Terms:
    """The scenario's own terms, or (`own` off: the references, as the generals of 2026 read them) the
    rulebook's: two divisions removed, FG-VIC-4 everywhere, the ruleset's points, and neither a lone
    objective's race nor a disbanded division seen."""
    g = b.game
    assert g is not None
    if not own:
        return Terms(b.rules.scoring, 2, True, whole=False)
    return Terms(points_of(b), g.divisions_to_end, g.objectives_end)

"""Where a general puts his officers (FG-ACT-7, FG-ACT-8): a division general where his brigades are
under his command (FG-TERM-6), his leadership check has its best chance (FG-LDR) and, for a level that
weighs `steady`, his +2 helps the morale checks that matter most (FG-MOR-2); the estado mayor
where the divisions that need him most pass theirs (FG-LDR-2, FG-LDR-4) and give two initiative dice
(FG-INIT-2), and never where the enemy may kill him, which ends the battle (FG-OFF-7, FG-VIC-3).

An officer's danger is judged by the rules' own targeting of officers (FG-OFF-3, AMB-18): an enemy
unit may shoot or charge him only when he is its only valid target. What it may do now is asked of the
rules (the same checks its order would meet); what it may do after its next move is a cut by distance,
counted only for a unit that has no other target near it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from game.ai import common
from game.ai.asking import near_enough
from game.ai.officer_threats import Threats
from game.ai.reasons import weighed
from game.ai.stakes import HIT, POINT, WIN
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Unit
from game.model.geometry import Point, centroid, dist, heading
from game.model.resolution import Reject
from systems.for_glory.charge.plan import any_chargeable, check_charge, out_of_reach
from systems.for_glory.deployment import staff_entity
from systems.for_glory.measure import gap, within
from systems.for_glory.odds import check_odds, fire_odds, leadership_odds
from systems.for_glory.officers import check_officer_move
from systems.for_glory.targets import check_fire, fire_range, unit_fire_targets

if TYPE_CHECKING:
    from game.ai.mind import Mind

HELD = 1.35  # a brigade kept under command (what a round as a detachment costs it: general.DETACHED)
LEAD = 0.5 * HIT  # per brigade, a division that passes its leadership check rather than fails it
INITIATIVE = 0.3  # per division, two initiative dice rather than one (FG-INIT-2)
LATER = 0.35  # the chance an enemy unit that could only reach him after moving does kill him
TIE = 0.01  # the worth of an inch nearer where he should be
IDLE = 0.5  # a brigade with no enemy near enough to fight next round counts this much to the estado mayor
ENGAGED_SLACK = 4.0  # inches beyond two moves and its range within which an enemy is near enough to fight
RINGS, RING_SPOTS = 4, 16  # the estado mayor's spots searched: rings over the circle he can ride
# What a brigade's morale check passed rather than failed is worth before its next activation, each per
# check it is likely to take (a level that weighs `steady`; his +2 at XS, FG-MOR-2):
OBEY = 0.5 * HIT  # a brigade with hits obeys its next order (FG-ORD-3), not a check failed for nothing
REACT = 0.3 * HIT  # a brigade an enemy unit can reach reacts when it must (FG-REACT-2)
BEHIND = 0.8  # inches behind a brigade's rear where its general stands to steady it


def officer_danger(player: Mind, b: Battle, officer: int) -> float:
    """The chance an enemy unit kills this officer in its next activation, by the rules' targeting."""
    alive = 1.0
    here = common.centre(b, officer)
    for f in b.enemy_units(player.side):
        category = b.comp(f, Unit).category
        move = b.rules.length(category.move)
        shoot = fire_range(b, f) or 0.0
        d = dist(here, common.centre(b, f))
        if d > move + shoot + 3.0:
            continue
        alive *= 1 - _kills(b, f, officer, d, move, shoot)
    return 1 - alive


def _kills(b: Battle, f: int, officer: int, d: float, move: float, shoot: float) -> float:
    """The chance this enemy unit kills the officer next turn: a charge the rules allow now reaches
    him (contact kills, FG-OFF-4); a shot the rules allow now, by its odds; after a move, a share of
    that, when the unit has no other target."""
    if not out_of_reach(b, f, officer):  # beyond it the rules refuse every charge
        try:
            check_charge(b, f, officer)
            return 1.0
        except Reject:
            pass
    try:
        check_fire(b, f, officer)
        return float(fire_odds(b, f, officer).get("killed", 0))
    except Reject:
        pass
    if d <= move + 2.0 and not any_chargeable(b, f):
        return LATER
    if shoot and d <= move + shoot + 1.0 and not unit_fire_targets(b, f):
        return LATER / 2
    return 0.0


def shot_at(b: Battle, officer: int) -> bool:
    """Was he shot at, or charged, since his last move? (He leaves danger then.)"""
    name = b.name(officer)
    for e in reversed(b.events):
        if e.kind == "moved" and getattr(e, "unit", None) == name:
            return False
        if e.kind == "roll" and getattr(e, "target", None) == name:
            return True
        if e.kind == "contact" and getattr(e, "target", None) == name:
            return True
    return False


def _away(b: Battle, player: Mind, officer: int) -> list[Point]:
    """Points a full move away from the nearest enemy units, and back towards his own table edge."""
    here = common.centre(b, officer)
    reach = b.rules.length(b.rules.officer.move)
    foes = sorted(b.enemy_units(player.side), key=lambda f: dist(here, common.centre(b, f)))[:2]
    back = -1.0 if common.own_edge(b, player.side) == "south" else 1.0
    out = [(here[0], here[1] + back * reach)]
    for f in foes:
        there = common.centre(b, f)
        d = dist(here, there)
        if d > 0.1:
            out.append(
                (here[0] + (here[0] - there[0]) / d * reach, here[1] + (here[1] - there[1]) / d * reach)
            )
    return out


@dataclass(frozen=True)
class Weighing:
    """How an officer's spot is weighed: its `terms` there (all but his safety), and his safety, `cost`
    times the `danger` he stands in there, summed in before the term `before` (at the end if None)."""

    terms: Callable[[], dict[str, float]]
    danger: Callable[[], float]
    cost: float
    before: str | None = None

    def parts(self, terms: dict[str, float]) -> dict[str, float]:
        items = list(terms.items())
        at = next((i for i, (k, _) in enumerate(items) if k == self.before), len(items))
        items.insert(at, ("safety", -self.cost * self.danger()))
        return dict(items)


def _placed(
    player: Mind,
    b: Battle,
    officer: int,
    kind: str,
    weighing: Weighing,
    goals: list[Point],
    spots: Sequence[Point] = (),
) -> cmd.Command:
    """The best legal point for an officer among steps towards each goal and the `spots` given, or
    where he stands (which wins near ties: he is there), weighed by term; the reasons are kept. When
    nobody reads them (`shown` 1), a point is asked about further only while its terms other than his
    safety could still beat the best so far: safety is at most zero, and a value summed with one more
    term of at most zero is never more (rounding is monotone), so the same point is chosen."""
    here = common.centre(b, officer)
    reach = b.rules.length(b.rules.officer.move)
    options = [weighed(cmd.Pass(), {**weighing.parts(weighing.terms()), "command": TIE})]
    best = options[0].value if player.shown == 1 else None
    seen: set[Point] = set()
    steps = [
        common.step_towards(here, g, min(reach, dist(here, g)) * frac)
        for g in goals
        if dist(here, g) >= 0.3
        for frac in (1.0, 0.66, 0.33)
    ]
    for to in [*steps, *spots]:
        if to in seen:
            continue
        seen.add(to)
        with b.supposing(officer, *to):
            terms = weighing.terms()
        if best is not None and round(sum(terms.values()), 3) <= best:
            continue
        try:
            check_officer_move(b, officer, to)
        except Reject:
            continue
        with b.supposing(officer, *to):
            found = weighing.parts(terms)
        options.append(weighed(cmd.MoveOfficer(b.name(officer), to), found, moved=dist(here, to), start=here))
        if best is not None:
            best = max(best, options[-1].value)
    return player.answered(kind, options)


def officer_place(player: Mind, b: Battle, officer: int) -> cmd.Command:
    """A division general where most of his brigades are under his command (those out of it first:
    he goes to fetch them), his leadership check likeliest, and out of the enemy's reach."""
    player.stakes(b)
    off = esper.component_for_entity(officer, Officer)
    units = [b.ids[u] for u in off.assigned if b.in_play(b.ids[u])]
    if not units:
        return cmd.Pass()
    radius = b.rules.length(b.rules.core.command.division_radius)
    staff = _staff(b, player.side)
    middle = centroid([common.centre(b, u) for u in units])
    cost = -player.stakes(b).general_killed(b, officer)  # his points, and his division if it disbands

    steady = player.general.level.steady
    steadied = {u: w for u in units if steady and (w := _steadying(player, b, u)) > 0}

    def terms() -> dict[str, float]:
        held = sum(HELD for u in units if within(gap(b, u, officer), radius))
        lead = LEAD * len(units) * float(leadership_odds(b, officer)) if staff is not None else 0.0
        found = {"command": held - TIE * dist(common.centre(b, officer), middle), "leadership": lead}
        if steadied:
            found["morale"] = sum(w * float(check_odds(b, u)) for u, w in steadied.items())
        return found

    away = [common.centre(b, u) for u in units if not within(gap(b, u, officer), radius)]
    goals = [
        middle,
        *away,
        *([common.centre(b, staff)] if staff is not None else []),
        *_away(b, player, officer),
        *(_behind(b, u) for u in sorted(steadied, key=lambda u: -steadied[u])[:2]),
    ]
    weighing = Weighing(terms, lambda: officer_danger(player, b, officer), cost, "morale")
    return _placed(player, b, officer, "officer_move", weighing, goals)


def _steadying(player: Mind, b: Battle, u: int) -> float:
    """What each point of a brigade's chance to pass a morale check is worth until its next activation:
    its next order obeyed when it has hits (FG-ORD-3); a reaction passed when an enemy unit is near
    enough to strike it (FG-REACT-2); its life when it has two hits and one may charge it (FG-CHG-9)."""
    hits = common.hits(u)
    worth = OBEY if hits else 0.0
    near = [near_enough(b, f, u, closing=True) for f in b.enemy_units(player.side)]
    if any(shot or charge for shot, charge in near):
        worth += REACT
    if hits >= b.rules.core.hits.destroyed_at - 1 and any(charge for _shot, charge in near):
        worth += POINT  # a charged brigade that fails it is destroyed
    return worth


def _behind(b: Battle, u: int) -> Point:
    """Just behind a brigade's rear: its general at XS of it, the brigade between him and its front."""
    pose = b.pose(u)
    fx, fy = heading(pose.facing)
    back = b.rules.core.bases.unit_depth / 2 + BEHIND
    return (pose.x - fx * back, pose.y - fy * back)


def rings(b: Battle, here: Point, reach: float) -> list[Point]:
    """Spots all over the circle an officer can ride: RINGS rings of RING_SPOTS each, on the table."""
    out = []
    for r in range(1, RINGS + 1):
        for k in range(RING_SPOTS):
            a = 2 * math.pi * (k + 0.5 * (r % 2)) / RING_SPOTS
            to = (
                round(here[0] + math.cos(a) * reach * r / RINGS, 3),
                round(here[1] + math.sin(a) * reach * r / RINGS, 3),
            )
            if b.table.holds_point(to):
                out.append(to)
    return out


def staff_place(player: Mind, b: Battle) -> cmd.Command:
    """The estado mayor where the divisions that need him most pass their checks (each weighed by its
    brigades), near enough for two initiative dice, and where no enemy unit may kill him: he leaves
    danger at once when he has been shot at or stands in reach. A level that searches his safety
    (`staff_search`) weighs spots all over the circle he can ride, each by the rules' own targeting
    (officer_threats.py)."""
    player.stakes(b)
    staff = _staff(b, player.side)
    officers = [o for o in b.officers(player.side) if o != staff and b.in_play(o)]
    if staff is None or not officers:
        return cmd.Pass()
    xl = b.rules.length(b.rules.game.deployment.initiative_staff_distance)
    weights = {o: _weight(player, b, o) for o in officers}
    back = -1.0 if common.own_edge(b, player.side) == "south" else 1.0
    middle = centroid([common.centre(b, o) for o in officers])
    behind = (middle[0], middle[1] + back * b.rules.length("S"))
    loss = max(-player.stakes(b).ending(-player.stakes(b).scoring.staff_killed), WIN / 2)
    urgent = 2.0 if shot_at(b, staff) else 1.0

    here = common.centre(b, staff)
    reach = b.rules.length(b.rules.officer.move)
    searched = player.general.level.staff_search
    threats = Threats(b, player.side, staff, here, reach) if searched else None

    def danger() -> float:
        if threats is None:
            return officer_danger(player, b, staff)
        return threats.kill_chance(b, common.centre(b, staff))

    def terms() -> dict[str, float]:
        lead = sum(LEAD * weights[o] * float(leadership_odds(b, o)) for o in officers)
        near = sum(INITIATIVE for o in officers if within(gap(b, o, staff), xl))
        return {"leadership": lead + near - TIE * dist(common.centre(b, staff), behind)}

    needing = sorted(officers, key=lambda o: -weights[o] * (1 - float(leadership_odds(b, o))))
    goals = [behind, middle]
    goals += [(x, y + back * 1.5) for x, y in (common.centre(b, o) for o in needing[:2])]
    goals += _away(b, player, staff)
    spots = rings(b, here, reach) if searched else []
    return _placed(player, b, staff, "staff_move", Weighing(terms, danger, urgent * loss), goals, spots)


def _weight(player: Mind, b: Battle, officer: int) -> float:
    """What a division general's leadership check is worth to the estado mayor: his brigades (at
    least one). A level that weighs `command` counts whole only the brigades an enemy unit stands near
    enough to fight next round (a failed check leaves them disorganised and without orders, FG-ACT-4),
    and half those with no enemy near: the checks of the divisions that act next, in the fight."""
    units = [b.ids[u] for u in esper.component_for_entity(officer, Officer).assigned if b.in_play(b.ids[u])]
    if not player.general.level.command:
        return max(1, len(units))
    foes = [common.centre(b, f) for f in b.enemy_units(player.side)]
    total = 0.0
    for u in units:
        category = b.comp(u, Unit).category
        near = 2 * b.rules.length(category.move) + (fire_range(b, u) or 0.0)
        here = common.centre(b, u)
        total += 1.0 if any(dist(here, f) <= near + ENGAGED_SLACK for f in foes) else IDLE
    return max(1.0, total)


def _staff(b: Battle, side: str) -> int | None:
    """The side's estado mayor on the table, if he is."""
    try:
        staff = staff_entity(b, side)
    except Reject:
        return None
    return staff if b.in_play(staff) else None

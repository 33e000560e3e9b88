"""FG-REACT: reaction windows and the reactions themselves (AMB-23..26, AMB-67), and movement that
pauses wherever the mover enters an enemy's reaction area (AMB-24). Also the Retreat and Rally
actions, which orders and reactions share (FG-ORD-9, FG-ORD-10, AMB-22)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Footprint, Hits, Officer, Side, Status
from game.model.events import Interrupted, Moved, Rallied, ReactionDeclared, Rejected
from game.model.geometry import EPS, BBox, Point, convex_overlap, dist, heading, sweep_interval
from game.model.resolution import Decision, Reject, Resolution, refuse
from systems.for_glory.charge.contact import ChargeState
from systems.for_glory.checks import morale_check
from systems.for_glory.measure import gap
from systems.for_glory.paths import STEP, Plan, along, base_move, corners_at, farthest, may_move
from systems.for_glory.targets import check_fire
from systems.for_glory.vision import in_reaction_area, reaction_depth


@dataclass
class Active:
    """The unit carrying out an order, and what reactions have done to it."""

    unit: int
    charge_target: int | None = None
    interrupted: bool = False
    target_retreated: bool = False
    charge: ChargeState = field(default_factory=ChargeState)


def _eligible(b: Battle, r: int) -> bool:
    st = esper.component_for_entity(r, Status)
    return st.in_play and not st.reacted and not st.marching_by_road  # FG-ROAD-4, FG-REACT-4


def _nearby_enemies(b: Battle, e: int, corners: tuple[Point, ...]) -> list[int]:
    side = esper.component_for_entity(e, Side).side
    reach = max(b.rules.length(c.move) for c in b.rules.categories.values()) + 2.5
    return [
        o
        for o in b.physics.in_box(BBox.of(corners, pad=reach))
        if o != e and esper.component_for_entity(o, Side).side != side
    ]


def reactors(b: Battle, active: int) -> list[int]:
    """FG-REACT-1: enemy units that have the active unit inside their reaction area now."""
    corners = b.pose(active).corners
    found = [
        r
        for r in _nearby_enemies(b, active, corners)
        if _eligible(b, r)
        and convex_overlap(corners, reaction_area(b, r), tol=-EPS)  # cheap test before the sight test
        and in_reaction_area(b, r, active)
    ]
    return sorted(found, key=b.name)


def reaction_area(b: Battle, r: int) -> tuple[Point, ...]:
    """The rectangle of the reaction area before blocking is taken into account (AMB-6)."""
    pose = b.pose(r)
    fx, fy = heading(pose.facing)
    depth = reaction_depth(b, r)
    fl, fr = pose.corners[0], pose.corners[1]
    return (fl, fr, (fr[0] + fx * depth, fr[1] + fy * depth), (fl[0] + fx * depth, fl[1] + fy * depth))


def window(b: Battle, act: Active, stage: str) -> Resolution:
    """Offer the enemy player reactions, one at a time, each resolved before the next (AMB-24). A
    reaction that interrupts the active unit (AMB-67) stops its action, not the other reactions."""
    while esper.component_for_entity(act.unit, Status).in_play:
        options = reactors(b, act.unit)
        if not options:
            return
        side = b.side_of(options[0])
        answer = yield Decision("reaction", side, b.name(act.unit), tuple(b.name(o) for o in options), stage)
        if not isinstance(answer, cmd.React):
            return
        r = b.ids.get(answer.unit)
        if r is None or r not in options:
            why = _not_a_reactor(b, answer.unit, act)
            b.emit(Rejected(rule=why.rule, reason=b.reason(why), unit=answer.unit, order="react"))
            continue
        kind = b.stack.reactions.get(answer.action)
        try:
            if kind is None:
                known = ", ".join(b.stack.reactions)
                raise refuse("FG-REACT-3", "reason_not_a_reaction", action=answer.action, known=known)
            if answer.target is not None and answer.target != b.name(act.unit):
                raise refuse("FG-REACT-3", "reason_reaction_answers", unit=b.name(act.unit))
            kind.check(b, r, act.unit, answer)
        except Reject as rej:
            b.emit(Rejected(rule=rej.rule, reason=b.reason(rej), unit=answer.unit, order="react"))
            continue
        esper.component_for_entity(r, Status).reacted = True
        b.emit(
            ReactionDeclared(
                unit=answer.unit,
                action=answer.action,
                against=b.name(act.unit),
                target=b.name(act.unit) if kind.at_trigger else None,
            )
        )
        if not morale_check(b, r, "reaction", "FG-REACT-2"):
            continue
        was_interrupted = act.interrupted
        mover = act.unit
        pose = b.pose(mover)
        before = (pose.x, pose.y)
        yield from kind.resolve(b, r, act)
        if dist(before, (pose.x, pose.y)) > EPS or not esper.component_for_entity(mover, Status).in_play:
            act.interrupted = True  # pushed or destroyed (FG-FIRE-6, AMB-67)
        if act.interrupted and not was_interrupted:
            b.emit(Interrupted(unit=b.name(act.unit), by=answer.unit))


def _not_a_reactor(b: Battle, name: str, act: Active) -> Reject:
    """Why a unit that was not offered a reaction cannot react now, with the rule that says so."""
    r = b.ids.get(name)
    if r is not None and esper.has_component(r, Officer):
        return refuse("FG-OFF-5", "reason_officer_no_react", unit=name)
    st = esper.try_component(r, Status) if r is not None else None
    if r is None or st is None or not st.in_play or b.side_of(r) == b.side_of(act.unit):
        return refuse("FG-REACT-1", "reason_not_enemy_on_table", unit=name)
    if st.marching_by_road:
        return refuse("FG-ROAD-4", "reason_road_no_react", unit=name)
    if st.reacted:
        return refuse("FG-REACT-4", "reason_already_reacted", unit=name)
    return refuse("FG-REACT-1", "reason_not_in_reaction_area", unit=b.name(act.unit), reactor=name)


# --- the four reactions of AMB-23: each checked, then resolved (systems/for_glory/mode.py lists them) ---


def check_fire_reaction(b: Battle, r: int, mover: int, answer: cmd.React) -> None:
    check_fire(b, r, mover)


def fire_reaction(b: Battle, r: int, act: Active) -> Resolution:
    yield from b.stack.hook("fire")(b, r, act.unit, moved=False, reaction=True)


def check_retreat_reaction(b: Battle, r: int, mover: int, answer: cmd.React) -> None:
    """A retreat is possible unless a module's rule forbids it (AMB-22: it goes as far as it legally
    can, which may be nowhere)."""
    may_move(b, r)


def retreat_reaction(b: Battle, r: int, act: Active) -> Resolution:
    retreat(b, r)
    if r == act.charge_target:
        act.target_retreated = True  # FG-CHG-8
    return
    yield


def check_rally_reaction(b: Battle, r: int, mover: int, answer: cmd.React) -> None:
    check_rally(b, r)


def rally_reaction(b: Battle, r: int, act: Active) -> Resolution:
    rally(b, r)
    return
    yield


def check_rally(b: Battle, e: int) -> None:
    if esper.component_for_entity(e, Hits).count < 2:
        raise refuse("FG-ORD-10", "reason_last_hit")


def rally(b: Battle, e: int) -> None:
    """FG-ORD-10: remove one hit counter, never the last."""
    hits = esper.component_for_entity(e, Hits)
    hits.count -= 1
    b.emit(Rallied(unit=b.name(e), hits=hits.count))


def retreat_plan(b: Battle, e: int) -> Plan:
    """FG-ORD-9 (AMB-22): straight away from the nearest enemy unit, rear first, the full allowance
    (the difficult-terrain one if the way crosses difficult ground), to the farthest legal point.
    With no enemy unit on the table, straight towards the side's own table edge (AMB-38: south is
    y = 0), or straight back in a battle without table edges (a scripted one)."""
    may_move(b, e)
    pose = b.pose(e)
    start = (pose.x, pose.y)
    side = esper.component_for_entity(e, Side).side
    fx, fy = heading(pose.facing)
    direction = (-fx, -fy)
    enemies = list(b.enemy_units(side))
    edge = b.game.edges.get(side) if b.game is not None else None
    if enemies:
        nearest = min(enemies, key=lambda o: (gap(b, e, o), b.name(o)))
        np_ = b.pose(nearest)
        if math.hypot(pose.x - np_.x, pose.y - np_.y) >= EPS:
            direction = (pose.x - np_.x, pose.y - np_.y)
    elif edge is not None:
        direction = (0.0, -1.0) if edge == "south" else (0.0, 1.0)
    allowance = base_move(b, e, difficult=False) or 0.0
    end, _blocked, stopped = farthest(b, e, direction, allowance, movement=True)
    pts = along(start, end)
    entry = next((i for i, p in enumerate(pts) if b.table.movement_at(p) == "difficult"), None)
    if entry is not None:
        # AMB-10: entering difficult ground puts the whole retreat on the difficult-terrain allowance,
        # so the farthest legal end is the farther of "just short of that ground" and "into it".
        options: list[tuple[Point, str | None, float]] = []
        if entry > 0:
            short, _blocked, _why = farthest(b, e, direction, dist(start, pts[entry - 1]), movement=True)
            options.append((short, "AMB-10", allowance))
        reduced = base_move(b, e, difficult=True)
        if reduced is not None:
            into, _blocked, why = farthest(b, e, direction, reduced, movement=True)
            options.append((into, why, reduced))
        end, stopped, allowance = max(
            options, key=lambda o: dist(start, o[0]), default=(start, "FG-UNIT-19", 0.0)
        )
    return Plan(e, (start, end), pose.facing, dist(start, end), allowance, "retreat", stopped)


def retreat(b: Battle, e: int) -> None:
    """A retreat with no reactions to it (a retreat made as a reaction: reactions never chain)."""
    plan = retreat_plan(b, e)
    finish(b, plan)


def finish(
    b: Battle,
    plan: Plan,
    start: Point | None = None,
    how: str | None = None,
    rules: tuple[str, ...] | None = None,
) -> None:
    e = plan.unit
    pose = b.pose(e)
    here = start or (pose.x, pose.y)
    end = plan.path[-1]
    b.place(e, end[0], end[1], plan.facing)
    esper.component_for_entity(e, Status).marching_by_road = plan.road
    b.emit(
        Moved(
            unit=b.name(e),
            path=(here, end),
            facing=plan.facing,
            distance=dist(here, end),
            how=how or plan.how,
            stopped=plan.stopped,
            rules=rules,
        )
    )


def ended_own_move(b: Battle, e: int, came_from: Point, how: str) -> bool:
    """Where a unit's own move (an order's move, a charge's approach) has ended, the modules' word on
    it (the hook after_move: dias-terrain's ice, DG-DEC-14); True when the unit still stands there."""
    pose = b.pose(e)
    here = (pose.x, pose.y)
    b.stack.hook("after_move")(b, e, came_from, how)
    now = b.pose(e)
    return esper.component_for_entity(e, Status).in_play and dist(here, (now.x, now.y)) <= EPS


def entries(b: Battle, e: int, start: Point, end: Point, facing: float) -> list[float]:
    """Distances along a path at which the mover first enters an eligible enemy's reaction area."""
    return sorted({t for t, _r in area_entries(b, e, start, end, facing)})


def reactors_along(b: Battle, e: int, start: Point, end: Point, facing: float) -> list[int]:
    """The enemy units whose reaction areas a path would enter (the client shows them beforehand)."""
    return [
        r for _t, r in sorted(area_entries(b, e, start, end, facing), key=lambda tr: (tr[0], b.name(tr[1])))
    ]


def area_entries(b: Battle, e: int, start: Point, end: Point, facing: float) -> list[tuple[float, int]]:
    """(distance along the path, reactor) for each eligible enemy whose reaction area the mover
    enters: the exact span where its base overlaps the area's rectangle, then sight tests there."""
    length = dist(start, end)
    u = ((end[0] - start[0]) / length, (end[1] - start[1]) / length) if length > 0 else (0.0, 0.0)
    first = corners_at(e, start, facing)
    found: list[tuple[float, int]] = []
    for r in _nearby_enemies(b, e, first + corners_at(e, end, facing)):
        if not _eligible(b, r):
            continue
        span = sweep_interval(first, u, length, reaction_area(b, r))
        if span is None:
            continue

        def seen_at(t: float, r: int = r) -> bool:
            at = (start[0] + u[0] * t, start[1] + u[1] * t)
            with b.supposing(e, *at, facing, tuple((x + u[0] * t, y + u[1] * t) for x, y in first)):
                return in_reaction_area(b, r, e)

        t = span[0]
        while t <= span[1] + EPS:  # coarse steps, then one finer look back
            if seen_at(t):
                if t > span[0] and seen_at(t - STEP):
                    t -= STEP
                found.append((round(min(t, length), 6), r))
                break
            t += 2 * STEP
    return found


def travel(
    b: Battle,
    act: Active,
    start: Point,
    end: Point,
    facing: float,
    how: str,
    rules: tuple[str, ...] | None = None,
) -> Resolution:
    """Move the active unit from start to end (without turning), pausing for reactions wherever it
    enters a reaction area (AMB-24). Stops where a reaction interrupts it. `rules`: a module's rules
    that priced the move, named in each of its events."""
    e = act.unit
    fp = esper.component_for_entity(e, Footprint)
    length = dist(start, end)
    here, done = start, -1.0
    for t in entries(b, e, start, end, facing):
        if t <= done:
            continue  # entered while it stood among friends: the last pause offered that window
        if t >= length - EPS:
            break
        ux, uy = ((end[0] - start[0]) / length, (end[1] - start[1]) / length)
        p = (start[0] + ux * t, start[1] + uy * t)
        # a unit passing through friends, or turned in place over the table's edge (a charger
        # facing its target), pauses where it stands clear of them and wholly on the table
        while t < length and (
            b.physics.overlapping(fp.width, fp.depth, p[0], p[1], facing, exclude=(e,))
            or not b.table.holds(corners_at(e, p, facing))
        ):
            t += STEP
            p = (start[0] + ux * t, start[1] + uy * t)
        if t >= length - EPS:
            break
        b.place(e, p[0], p[1], facing)
        if dist(here, p) > EPS:
            b.emit(
                Moved(
                    unit=b.name(e),
                    path=(here, p),
                    facing=facing,
                    distance=dist(here, p),
                    how=how,
                    rules=rules,
                )
            )
        here, done = p, t
        yield from b.stack.hook("reaction_window")(b, act, "during")
        if act.interrupted or not esper.component_for_entity(e, Status).in_play:
            return here
    return here

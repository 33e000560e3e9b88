"""FG-ORD: the orders a unit may take (Move, Shoot, Retreat, Rally; a charge is a Move into contact)
and the obey check of a unit with hits (FG-ORD-3, AMB-21). Each handler checks the whole order
against the rules before anything changes, then returns the generator that carries it out."""

from __future__ import annotations

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Status, Unit
from game.model.events import Note, Rejected
from game.model.geometry import EPS
from game.model.resolution import Reject, Resolution, refuse
from systems.for_glory.checks import morale_check
from systems.for_glory.paths import Plan, move_rules, plan_move
from systems.for_glory.reaction import (
    Active,
    check_rally,
    ended_own_move,
    finish,
    rally,
    retreat_plan,
    travel,
)
from systems.for_glory.targets import check_fire


def orderable(b: Battle, name: str) -> int:
    """FG-CMD-2, FG-ORD-1, FG-ORD-2, FG-OFF-8: a unit of the active formation that has not had its order."""
    e = b.ids.get(name)
    if e is None or not esper.has_component(e, Unit):
        raise refuse("FG-ORD-5", "reason_there_is_no_unit", unit=name)
    st = esper.component_for_entity(e, Status)
    if not st.in_play:
        raise refuse("FG-ORD-1", "reason_no_longer_on_table", unit=name)
    if b.activation is None:
        raise refuse("FG-CMD-2", "reason_not_activated", unit=name)
    if name not in b.activation.formation.units:
        raise refuse("FG-OFF-8", "reason_not_in_formation", unit=name)
    if st.ordered:
        raise refuse("FG-ORD-2", "reason_already_ordered", unit=name)
    return e


def target_named(b: Battle, name: str) -> int:
    e = b.ids.get(name)
    if e is None:
        raise refuse("FG-FIRE-1", "reason_no_unit_or_officer", unit=name)
    return e


def obeys(b: Battle, e: int) -> bool:
    """FG-ORD-3: a unit with hits must pass a morale check to carry out a Move or Shoot order."""
    if esper.component_for_entity(e, Hits).count == 0:
        return True
    ok = morale_check(b, e, "obey", "FG-ORD-3")
    if not ok:
        b.emit(Note(rule="FG-ORD-3", text="fails its morale check and ignores the order", unit=b.name(e)))
    return ok


def offer_window(b: Battle, act: Active, stage: str) -> Resolution:
    """The reaction window (FG-REACT), through the hook a rule module may replace."""
    return b.stack.hook("reaction_window")(b, act, stage)


def begin_order(b: Battle, e: int) -> Active:
    esper.component_for_entity(e, Status).ordered = True
    return Active(e)


# --- Move (and the follow-up shot) ------------------------------------------------------------


def move_order(b: Battle, c: cmd.Move) -> Resolution:
    e = orderable(b, c.unit)
    plan = plan_move(b, e, c.to, c.facing, c.road)
    target = None
    if c.fire is not None:
        target = target_named(b, c.fire)
        with b.supposing(e, plan.path[-1][0], plan.path[-1][1], plan.facing):
            check_fire(b, e, target)  # from where the move ends
    return _move(b, e, plan, target)


def _move(b: Battle, e: int, plan: Plan, target: int | None) -> Resolution:
    act = begin_order(b, e)
    if not obeys(b, e):
        yield from offer_window(b, act, "after")
        return
    start = plan.path[0]
    pose = b.pose(e)
    moved = plan.length > EPS or abs((plan.facing - pose.facing + 180) % 360 - 180) > EPS  # AMB-51
    travel_facing = plan.facing if plan.road else pose.facing
    if plan.road:
        esper.component_for_entity(e, Status).marching_by_road = True  # in column from its first step
    rules = move_rules(b, e, start, plan.path[-1], plan.facing, plan.road)  # a module's ground and turn
    reached = yield from travel(b, act, start, plan.path[-1], travel_facing, plan.how, rules)
    if act.interrupted or not esper.component_for_entity(e, Status).in_play:
        return
    finish(b, plan, start=reached, rules=rules)
    ended_own_move(b, e, start, plan.how)  # the ground's word on where it stopped (DG-DEC-14)
    if not esper.component_for_entity(e, Status).in_play:
        return
    yield from offer_window(b, act, "end")
    if target is None or act.interrupted or not esper.component_for_entity(e, Status).in_play:
        return
    try:
        check_fire(b, e, target)
    except Reject as r:
        b.emit(Rejected(rule=r.rule, reason=b.reason(r), unit=b.name(e), order="fire"))
        return
    yield from b.stack.hook("fire")(b, e, target, moved=moved, reaction=False)  # FG-ORD-7, FG-CBT-6


# --- Shoot ------------------------------------------------------------------------------------


def fire_order(b: Battle, c: cmd.Fire) -> Resolution:
    e = orderable(b, c.unit)
    target = target_named(b, c.target)
    check_fire(b, e, target)
    return _fire(b, e, target)


def _fire(b: Battle, e: int, target: int) -> Resolution:
    act = begin_order(b, e)
    if obeys(b, e):
        yield from b.stack.hook("fire")(b, e, target, moved=False, reaction=False)
    yield from offer_window(b, act, "after")  # FG-FIRE-5: reactions come after the shot


# --- Retreat and Rally ------------------------------------------------------------------------


def withdraw_order(b: Battle, c: cmd.Withdraw) -> Resolution:
    e = orderable(b, c.unit)
    return _withdraw(b, e, retreat_plan(b, e))


def _withdraw(b: Battle, e: int, plan: Plan) -> Resolution:
    act = begin_order(b, e)
    reached = yield from travel(b, act, plan.path[0], plan.path[-1], plan.facing, "retreat")
    if act.interrupted or not esper.component_for_entity(e, Status).in_play:
        return
    finish(b, plan, start=reached)
    yield from offer_window(b, act, "end")


def rally_order(b: Battle, c: cmd.Rally) -> Resolution:
    e = orderable(b, c.unit)
    check_rally(b, e)
    return _rally(b, e)


def _rally(b: Battle, e: int) -> Resolution:
    act = begin_order(b, e)
    rally(b, e)
    yield from offer_window(b, act, "after")


# --- checks on their own (scripted battles) ----------------------------------------------------


def check_morale(b: Battle, c: cmd.CheckMorale) -> None:
    e = b.ids.get(c.unit)
    if e is None or not esper.has_component(e, Unit):
        raise refuse("FG-MOR-1", "reason_not_a_unit", unit=c.unit)
    if not esper.component_for_entity(e, Status).in_play:
        raise refuse("FG-MOR-1", "reason_not_on_table", unit=c.unit)
    morale_check(b, e, "test", "FG-MOR-1")

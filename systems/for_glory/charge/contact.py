"""FG-CHG: what follows contact. The 2-hit morale check (FG-CHG-9, AMB-56), officers reached
(FG-OFF-4, EX-6), the melee, and the cavalry extra move after a successful charge (FG-CHG-4..8,
AMB-55). Reaching contact and the reactions on the way: systems/for_glory/charge/order.py."""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Officer, Status, Unit
from game.model.events import Contact, Moved, Note, Rejected
from game.model.geometry import EPS, dist
from game.model.resolution import Decision, Reject, Resolution, refuse
from systems.for_glory.charge.plan import ChargePlan, check_charge
from systems.for_glory.checks import morale_check
from systems.for_glory.hits import destroy, kill_officer
from systems.for_glory.measure import gap
from systems.for_glory.melee import Attack, melee
from systems.for_glory.paths import plan_move
from systems.for_glory.targets import contacts


@dataclass
class ChargeState:
    """What the charge has achieved so far, for the success test of AMB-55."""

    attacks: list[Attack] = field(default_factory=list)  # chargers that reached contact
    chargers: list[int] = field(default_factory=list)  # every unit that charged (for the extra move)
    success: bool = False
    no_extra: set[int] = field(default_factory=set)  # cavalry pushed by a reaction (FG-FIRE-7)


def arrive(b: Battle, plan: ChargePlan, how: str, rules: tuple[str, ...] | None = None) -> None:
    """Move the charger from where it stands along its planned route into contact (`rules`: a
    module's rules that priced the route)."""
    pose = b.pose(plan.unit)
    here = (pose.x, pose.y)
    b.place(plan.unit, plan.end[0], plan.end[1], plan.facing)
    b.emit(
        Moved(
            unit=b.name(plan.unit),
            path=(here, plan.end),
            facing=plan.facing,
            distance=dist(here, plan.end),
            how=how,
            rules=rules,
        )
    )
    b.emit(Contact(unit=b.name(plan.unit), target=b.name(plan.target), sector=plan.sector))


def resolve_contact(b: Battle, state: ChargeState, *, extra_allowed: bool = True) -> Resolution:
    """After every charger of a (combined) charge has moved: officers reached die, 2-hit units take
    their morale check, the melee is fought, and winning cavalry may make the extra move."""
    reach_officers(b, state)
    checked: set[int] = set()  # AMB-56: one check per unit, however many chargers touch it
    for a in state.attacks:
        if not esper.component_for_entity(a.unit, Status).in_play:
            continue
        for d in [a.target, *contacts(b, a.unit)]:
            if d in checked or esper.try_component(d, Unit) is None:
                continue
            st = esper.component_for_entity(d, Status)
            two_hits = esper.component_for_entity(d, Hits).count == 2
            if st.in_play and two_hits and d in contacts(b, a.unit):
                checked.add(d)
                if not morale_check(b, d, "charged", "FG-CHG-9"):
                    destroy(b, d, "FG-CHG-9", b.name(a.unit))
                    state.success = True
    unit_attacks = [a for a in state.attacks if esper.try_component(a.target, Unit) is not None]
    result = melee(b, unit_attacks)
    if result is not None and result.winner == "attackers":
        state.success = True
    if extra_allowed:
        yield from pursue(b, state)


def reach_officers(b: Battle, state: ChargeState) -> None:
    """FG-OFF-4, EX-6: an officer a charger reaches dies; the charge has succeeded."""
    for a in state.attacks:
        off = esper.try_component(a.target, Officer)
        if off is not None and off.in_play and _touching_officer(b, a.unit, a.target):
            kill_officer(b, a.target, b.name(a.unit))
            state.success = True


def pursue(b: Battle, state: ChargeState) -> Resolution:
    """FG-CHG-4, AMB-55: after a successful charge, each cavalry charger still in play may make its
    extra move."""
    if state.success:
        for e in state.chargers:
            if (
                esper.component_for_entity(e, Unit).category.type == "cavalry"
                and esper.component_for_entity(e, Status).in_play
                and e not in state.no_extra
            ):
                yield from extra_move(b, e)


def _touching_officer(b: Battle, unit: int, officer: int) -> bool:
    return gap(b, unit, officer) <= EPS


def extra_move(b: Battle, e: int) -> Resolution:
    """FG-CHG-4..6: up to S, no reactions; it may chain a new charge at a unit in vision now."""
    allowance = b.rules.length(b.rules.core.movement.cavalry_extra_move)
    name = b.name(e)
    while True:
        answer = yield Decision("extra_move", b.side_of(e), name)
        if not isinstance(answer, cmd.ExtraMove):
            return
        if answer.unit != name:
            r = refuse("FG-CHG-4", "reason_extra_move_belongs", unit=name)
            b.emit(Rejected(rule=r.rule, reason=b.reason(r), order="extramove"))
            continue
        try:
            if answer.charge is not None:
                target = b.ids.get(answer.charge)
                if target is None:
                    raise refuse("FG-CHG-6", "reason_no_unit", unit=answer.charge)
                plan = check_charge(b, e, target, allowance=allowance)
            else:
                if answer.to is None:
                    raise refuse("FG-CHG-4", "reason_extra_move_needs")
                move = plan_move(b, e, answer.to, answer.facing, allowance=allowance)
        except Reject as r:
            b.emit(Rejected(rule=r.rule, reason=b.reason(r), unit=name, order="extramove"))
            continue
        break
    b.emit(Note(rule="FG-CHG-5", text="the cavalry extra move triggers no reactions", unit=name))
    if answer.charge is not None:
        arrive(b, plan, "extra")
        chained = ChargeState([Attack(e, plan.target, plan.sector)], [e])
        yield from b.stack.hook("melee")(b, chained, extra_allowed=False)
        return
    pose = b.pose(e)
    start = (pose.x, pose.y)
    b.place(e, move.path[-1][0], move.path[-1][1], move.facing)
    esper.component_for_entity(e, Status).marching_by_road = False
    b.emit(
        Moved(
            unit=name,
            path=(start, move.path[-1]),
            facing=move.facing,
            distance=move.length,
            how="extra",
            stopped=move.stopped,
        )
    )

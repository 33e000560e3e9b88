"""FG-CHG-1, FG-CHG-3, FG-CHG-8, AMB-54: the charge order, each charger moving in turn with the
reactions on its way, then one melee; and the reaction charge (AMB-23, EX-9)."""

from __future__ import annotations

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.events import Note, Rejected
from game.model.resolution import Reject, Resolution
from systems.for_glory.charge.contact import ChargeState, arrive
from systems.for_glory.charge.plan import check_charge, plan_charge
from systems.for_glory.melee import Attack
from systems.for_glory.orders import begin_order, obeys, offer_window, orderable, target_named
from systems.for_glory.paths import move_rules
from systems.for_glory.reaction import Active, ended_own_move, travel


def charge_order(b: Battle, c: cmd.Charge) -> Resolution:
    names = [c.unit, *(u for u in c.combined if u != c.unit)]
    chargers = [orderable(b, n) for n in names]
    target = target_named(b, c.target)
    for e in chargers:
        check_charge(b, e, target)
    return b.stack.hook("charge")(b, chargers, target)


def charge(b: Battle, chargers: list[int], target: int) -> Resolution:
    """AMB-54: each charger moves in turn, as its own unit activation; one melee after the last."""
    state = ChargeState()
    for e in chargers:
        act = begin_order(b, e)
        act.charge_target, act.charge = target, state
        if not obeys(b, e):
            yield from offer_window(b, act, "after")
            continue
        try:
            plan = check_charge(b, e, target)
        except Reject as r:
            b.emit(Rejected(rule=r.rule, reason=b.reason(r), unit=b.name(e), order="charge"))
            continue
        state.chargers.append(e)
        rules = move_rules(b, e, plan.start, plan.end, plan.facing, target=target)  # a module's ground
        yield from travel(b, act, plan.start, plan.end, plan.travel_facing, "charge", rules)
        if not act.interrupted and not act.target_retreated and b.in_play(target) and b.in_play(e):
            arrive(b, plan, "charge", rules)
            attack = Attack(e, target, plan.sector)
            state.attacks.append(attack)
            if ended_own_move(b, e, plan.start, "charge"):  # the ground's word at contact (DG-DEC-14)
                yield from offer_window(b, act, "end")  # at contact, before the melee (FG-CHG-3)
            else:
                act.interrupted = True  # moved off its target, or destroyed, before the melee
            if act.interrupted:
                state.attacks.remove(attack)
        if act.target_retreated:
            state.success = True
            b.emit(
                Note(
                    rule="FG-CHG-8",
                    text="the target retreated: the charge counts as successful",
                    unit=b.name(e),
                )
            )
        if act.interrupted:
            state.no_extra.add(e)  # pushed, or engaged by a reaction charge (FG-FIRE-7, AMB-67)
    yield from b.stack.hook("melee")(b, state)


def check_charge_reaction(b: Battle, r: int, mover: int, answer: cmd.React) -> None:
    plan_charge(b, r, mover)


def charge_reaction(b: Battle, r: int, act: Active) -> Resolution:
    plan = plan_charge(b, r, act.unit)
    arrive(b, plan, "reaction-charge")
    yield from b.stack.hook("melee")(b, ChargeState([Attack(r, act.unit, plan.sector, reaction=True)], [r]))
    act.interrupted = True  # engaged in melee (EX-9, AMB-67)

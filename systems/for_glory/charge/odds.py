"""The exact odds of a charge, from the same plan, modifiers and tables the charge itself uses."""

from __future__ import annotations

from fractions import Fraction

import esper

from game.model.battle import Battle
from game.model.components import Hits, Officer
from systems.for_glory.charge.plan import check_charge, plan_charge
from systems.for_glory.melee import Attack
from systems.for_glory.odds import check_odds, for_glory_melee_odds, melee_odds


def charge_odds(b: Battle, charger: int, target: int) -> dict[str, Fraction]:
    """Odds of a charge of one unit at one target, as if no one reacts: an officer reached dies;
    otherwise what contact brings, by the rules in play (the melee_odds hook). Raises Reject when the
    charge is not allowed."""
    plan = check_charge(b, charger, target)
    if esper.try_component(target, Officer) is not None:
        return {"officer killed": Fraction(1)}
    with b.supposing(charger, plan.end[0], plan.end[1], plan.facing):  # in contact
        return melee_odds(b, [Attack(charger, target, plan.sector)], [target])


def reaction_charge_odds(b: Battle, r: int, mover: int) -> dict[str, Fraction]:
    """Odds of a charge made as a reaction at the unit that triggered it (AMB-23, EX-9), if its morale
    check passes: the melee with its -2 as a reaction (FG-CBT-9), by the rules in play (the
    melee_odds hook). Raises Reject when the charge is not allowed."""
    plan = plan_charge(b, r, mover)
    with b.supposing(r, plan.end[0], plan.end[1], plan.facing):  # in contact
        return melee_odds(b, [Attack(r, mover, plan.sector, reaction=True)], [mover])


def contact_odds(b: Battle, attacks: list[Attack], defenders: list[int]) -> dict[str, Fraction]:
    """For Glory: a target with 2 hits may break on its morale check (FG-CHG-9); otherwise the melee
    decides."""
    target = defenders[0]
    breaks = Fraction(0)
    if esper.component_for_entity(target, Hits).count == 2:
        breaks = 1 - check_odds(b, target)
    fight = for_glory_melee_odds(b, attacks, defenders)
    if not breaks:  # the melee's odds as they are (times one: the same fractions, made again)
        return fight
    holds = 1 - breaks
    out = {k: v * holds for k, v in fight.items()}
    out["target breaks"] = breaks
    return out

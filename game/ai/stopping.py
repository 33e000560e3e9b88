"""A charge that may never land (a level that weighs `stopped`): the unit charged in its front may shoot
the charger before the melee (FG-CHG-3, FG-REACT-1..3), and a charger pushed by a reaction has its charge
interrupted (FG-FIRE-6, EX-8): no melee, no extra move (FG-FIRE-7). The melee's odds
(systems/for_glory/charge/odds.py) assume it goes in; this module takes from each of its results the
chance it is stopped first, as its own result `stopped` (worth nothing: what the shot does to the
charger is weighed among the answers). The target is taken to shoot when its check lets it (FG-REACT-2),
as a good player stopping a charge would."""

from __future__ import annotations

from fractions import Fraction

from game.model.battle import Battle
from game.model.resolution import Reject
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.odds import check_odds, fire_odds
from systems.for_glory.targets import fire_range

STOPPED = "stopped"


def stoppable(
    b: Battle, charger: int, target: int, odds: dict[str, Fraction] | None
) -> dict[str, Fraction] | None:
    """The odds of a charge with the chance that a reaction's shot at contact stops it first."""
    if odds is None or not b.is_unit(target):
        return odds
    stop = b.memo(("stopped", charger, target), lambda: _stop_chance(b, charger, target))
    if not stop:
        return odds
    out = {k: p * (1 - stop) for k, p in odds.items()}
    out[STOPPED] = stop
    return out


def _stop_chance(b: Battle, charger: int, target: int) -> Fraction:
    """The chance that the target, charged in its front (its reaction area, FG-REACT-1), shoots and
    pushes the charger at contact (any result but a miss, FG-CBT-14..17), its check passed first
    (FG-REACT-2). Others whose area the charger crosses may shoot too; the target is the one that
    always can, and asking every unit near costs the search too dear."""
    if fire_range(b, target) is None:
        return Fraction(0)
    try:
        plan = plan_charge(b, charger, target)
        if plan.sector != "front":
            return Fraction(0)
        with b.supposing(charger, plan.end[0], plan.end[1], plan.facing):
            shot = fire_odds(b, target, charger, reaction=True)
    except Reject:
        return Fraction(0)
    return check_odds(b, target) * sum((p for k, p in shot.items() if k != "miss"), Fraction(0))

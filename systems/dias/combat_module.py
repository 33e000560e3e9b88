"""The module `dias-combat` as it is registered: its fire and shock hooks (combat.py) and its order of
two batteries' combined fire (batteries.py)."""

from __future__ import annotations

from game.model.modules import RuleModule
from systems.dias.batteries import COMBINED_FIRE
from systems.dias.combat import D10, ID, CombatNumbers, check, fire_odds, melee_odds, shock, shoot

DIAS_COMBAT = RuleModule(
    id=ID,
    name="Días de Gloria combat",
    description="fire and shock read on the Días de Gloria tables with a d10: force ratio, cohesion, "
    "position, charges (DG-14..22)",
    prefix="DG-",
    mode="for-glory",
    orders=(COMBINED_FIRE,),
    hooks={"fire": shoot, "fire_odds": fire_odds, "melee": shock, "melee_odds": melee_odds},
    dice=(D10,),
    records={"combat": CombatNumbers},
    check=check,
)

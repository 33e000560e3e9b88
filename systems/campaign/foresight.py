"""The battle a march would bring, foreseen before the army marches (CAMP-DEC-24): the odds the war
would tell if it were set up now, with this army where the march ends. A pure query: it asks of a war
that differs from the real one by that march alone, and changes nothing."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

from game.model.dice import Dice
from systems.campaign.battlefield import Arrival
from systems.campaign.commands import March
from systems.campaign.fighting import can_stand
from systems.campaign.marching import march
from systems.campaign.meeting import roles, setup_battle
from systems.campaign.odds import Odds, battle_odds
from systems.campaign.state import War


@dataclass(frozen=True)
class Foreseen:
    """Who would attack and defend where the march ends, the odds of their battle and the armies next
    to it that would march to it (CAMP-DEC-8); `cannot`: the side that could not give battle there
    (CAMP-DEC-9: it falls back or declines), with no odds."""

    attacker: str
    defender: str
    odds: Odds | None
    cannot: str | None = None
    arrivals: tuple[Arrival, ...] = ()


def foreseen(w: War, m: March) -> Foreseen | None:
    """The battle the march would bring if it were fought now; None where no enemy army stands (an enemy
    garrison alone is besieged, not fought: CAMP-DEC-20). The armies next to the place count as they
    stand now, though they may march before the battle."""
    a = w.find_army(m.army)
    loc = m.path[-1]
    if a is None or not w.enemies_at(loc, a.side):
        return None
    # Setting a battle up only reads the war, but for the seed it draws: a shallow copy whose armies
    # list holds a copy of the marching army, and dice of its own, is the war after the march.
    supposed = copy.copy(w)
    supposed.armies = [replace(x) if x is a else x for x in w.armies]
    supposed.dice = Dice(w.dice.seed)
    march(supposed, m)
    attacker, defender = roles(supposed, loc)
    for side in (attacker, defender):
        if not can_stand(supposed, loc, side):
            return Foreseen(attacker, defender, None, side)
    setup = setup_battle(supposed, loc, attacker, w.engagements + 1)
    return Foreseen(attacker, defender, battle_odds(supposed, setup), arrivals=setup.arrivals)

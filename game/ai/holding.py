"""Our objectives and the units that hold them: which units make for which objective (the claims a
general's moves are weighed by), and what the objectives the enemy can reach next activation may cost
with a unit where it stands (a level that `hold`s, issue 39: the last objective judged by what can take
it next turn, a battered guard kept there or relieved)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai import common
from game.ai.search import Ground
from game.ai.stakes import TAKES, Stakes
from game.model.battle import Battle
from game.model.geometry import Point, dist
from systems.for_glory.measure import gap_to_point, within

BROKEN_IN = 0.5  # the chance the enemy both drives the guards off an objective and walks in, in one turn


def claims(b: Battle, side: str, stakes: Stakes) -> Ground:
    """Which units make for which objectives, and what each is worth to them: ours that an enemy unit
    can reach are claimed by the units at XS of them and those that could be there soonest (the stake:
    what losing it costs), the others by the two or three soonest there."""
    ours = list(b.units(side))
    found: dict[int, list[tuple[Point, float]]] = {}
    for o in stakes.objectives:
        soonest = sorted(ours, key=lambda u: (stakes.eta(b, u, o.at), dist(o.at, common.centre(b, u))))
        if o.ours:
            if not o.threats and not o.later:
                continue
            stake = o.loss * (0.7 if o.threats else 0.3)
            keepers = list(o.guards)
            keepers += [u for u in soonest if u not in keepers][: 2 if not keepers else 1]
        else:
            stake = o.gain
            keepers = soonest[: 3 if o.ends else 2]
        for u in keepers:
            found.setdefault(u, []).append((o.at, stake))
    return Ground(found)


def losing(
    b: Battle, e: int, stakes: Stakes, displaced: float, driven_off: Callable[[Battle, int], float]
) -> float:
    """What our objectives the enemy can reach next activation may cost with the unit where it stands:
    each lost with the chance TAKES that an enemy walks in, unless a guard stands at XS of it (FG-VIC-1,
    AMB-35); a guarded one only when every guard is driven off (this unit by `displaced`, the others by
    `driven_off`, where they stand) and an enemy walks in after, in the same turn (BROKEN_IN)."""
    xs = b.rules.length("XS")
    total = 0.0
    for o in stakes.objectives:
        if not o.ours or not o.threats:
            continue
        risk = TAKES
        guarded = within(gap_to_point(b, e, o.at), xs)
        if guarded:
            risk *= displaced * BROKEN_IN
        for g in o.guards:
            if g != e:
                risk *= driven_off(b, g) * (1.0 if guarded else BROKEN_IN)
                guarded = True
        total += o.loss * risk
    return total

"""DG-16's combined fire of two batteries, as an order of `dias-combat` (DG-DEC-11): two artillery units
of the activated formation standing within XS of each other (one hex's stack) fire at one target as
one shot, +2, and both their orders are spent. For Glory's checks of a shot apply to each battery."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Unit
from game.model.modules import OrderKind
from game.model.resolution import Reject, Resolution, refuse
from systems.dias.combat import fire_odds, numbers, shoot
from systems.for_glory.measure import gap, within
from systems.for_glory.orders import begin_order, obeys, offer_window, orderable, target_named
from systems.for_glory.targets import check_fire


@dataclass(frozen=True, slots=True)
class CombinedFire(cmd.Command):
    """DG-16: `unit` and `partner`, two batteries of one formation, fire at `target` as one."""

    unit: str
    partner: str
    target: str


def _checked(b: Battle, c: CombinedFire) -> tuple[int, int, int]:
    """Both batteries may fire at the target and stand together; raises Reject naming what fails."""
    e, o = orderable(b, c.unit), orderable(b, c.partner)
    target = target_named(b, c.target)
    for x in (e, o):
        if esper.component_for_entity(x, Unit).category.type != "artillery":
            raise refuse("DG-16", "reason_dg_combined_artillery", unit=b.name(x))
    if e == o or not within(gap(b, e, o), b.rules.length(numbers(b).positions.near)):
        raise refuse("DG-16", "reason_dg_combined_apart", unit=c.unit, partner=c.partner)
    check_fire(b, e, target)
    check_fire(b, o, target)
    return e, o, target


def combined_fire(b: Battle, c: CombinedFire) -> Resolution:
    e, o, target = _checked(b, c)
    return _fire(b, e, o, target)


def _fire(b: Battle, e: int, o: int, target: int) -> Resolution:
    act = begin_order(b, e)
    begin_order(b, o)  # both orders are spent on the one shot
    if obeys(b, e) and obeys(b, o):  # FG-ORD-3: each battery with hits must obey
        yield from shoot(b, e, target, moved=False, reaction=False, partner=o)
    yield from offer_window(b, act, "after")


def odds(b: Battle, c: Any) -> dict[str, Fraction]:
    e, o, target = _checked(b, c)
    return fire_odds(b, e, target, partner=o)


HITS = {"one hit": 1.0, "two hits": 2.0}  # the AI's targets are units: no officer to kill


def options(b: Battle, e: int) -> Iterable[tuple[float, cmd.Command]]:
    """The AI's candidates: this battery with each partner beside it at each target, worth the hits
    they should make."""
    if esper.component_for_entity(e, Unit).category.type != "artillery":
        return []
    out = []
    for o in b.units(b.side_of(e)):
        if o == e:
            continue
        for t in b.enemy_units(b.side_of(e)):
            c = CombinedFire(b.name(e), b.name(o), b.name(t))
            try:
                chances = odds(b, c)
            except Reject:
                continue
            out.append((float(sum(p * HITS.get(k, 0.0) for k, p in chances.items())), c))
    return out


COMBINED_FIRE = OrderKind(
    "combined_fire",
    CombinedFire,
    combined_fire,
    "DG-16",
    script_keys=frozenset({"target", "combined"}),
    from_step=lambda s: CombinedFire(s.unit, s.combined[0] if s.combined else "", s.target),
    options=options,
    label="Combined fire",
    odds=odds,
)

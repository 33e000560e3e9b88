"""Días de Gloria's position modifiers that For Glory's geometry can read although the sheet gives them
for hexes (DG-2 elevation rows, DG-9, DG-16, DG-21): a hill one level up, a target grouped with
friends, an attacker with an uninvolved enemy at its back. Decisions DG-DEC-2, DG-DEC-10, DG-DEC-11 in
docs/dias-decisions.md; the numbers in content/modules/dias-combat/combat.toml ([positions])."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import esper

from game.model.battle import Battle
from game.model.components import Status, Unit
from game.model.events import ModLine
from game.model.limits import Bounds
from systems.for_glory.measure import gap, within
from systems.for_glory.targets import sector

Drm = Annotated[int, Bounds(-20, 20)]


@dataclass(frozen=True)
class Positions:
    """[positions] of combat.toml."""

    levels: Annotated[list[str], Bounds(0, 20)]  # DG-DEC-2: the terrain kinds one level up (hills)
    uphill: Drm  # DG-2 "+1 elevation level": the defender one level above its attacker
    downhill: Drm  # DG-2 "-1 elevation level": the defender one level below
    uphill_fire: Drm  # DG-2, DG-9 (note [f]): fire at an adjacent target one level up
    grouped: Drm  # DG-16: a grouped target
    uninvolved_behind: Drm  # DG-21: an uninvolved enemy's front at the attacker's rear
    near: Annotated[str, Bounds(1, 8)]  # DG-DEC-11: the For Glory measure that is "adjacent" (XS)


def level(b: Battle, p: Positions, e: int) -> int:
    """DG-DEC-2: one level up where a unit's centre is on a hill, else none (For Glory's hills have no
    heights of their own)."""
    pose = b.pose(e)
    up = any(f.kind.kind in p.levels and f.contains((pose.x, pose.y)) for f in b.table.features)
    return 1 if up else 0


def elevation_shock(b: Battle, p: Positions, attackers: list[int], defenders: list[int]) -> list[ModLine]:
    """DG-2's elevation rows: the defender one level above every attacker fights uphill (-1), one level
    below them all downhill (+1); mixed levels give nothing."""
    top = max(level(b, p, d) for d in defenders)
    lows = {level(b, p, a) for a in attackers}
    if top > max(lows):
        return [ModLine("DG-2", "defender one level up", p.uphill)] if p.uphill else []
    if top < min(lows):
        return [ModLine("DG-2", "defender one level down", p.downhill)] if p.downhill else []
    return []


def elevation_fire(b: Battle, p: Positions, shooter: int, target: int) -> list[ModLine]:
    """DG-2, DG-9 (note [f]): fire at an adjacent target (within the `near` measure) one level up."""
    adjacent = within(gap(b, shooter, target), b.rules.length(p.near))
    if adjacent and level(b, p, target) > level(b, p, shooter) and p.uphill_fire:
        return [ModLine("DG-9", "target one level up", p.uphill_fire)]
    return []


def _fighting(b: Battle, e: int) -> bool:
    return esper.component_for_entity(e, Status).in_play and esper.try_component(e, Unit) is not None


def grouped(b: Battle, p: Positions, target: int) -> list[ModLine]:
    """DG-16 (DG-DEC-11): a target with another unit of its side, not artillery, within `near` of it
    stands grouped as two units in one hex (artillery itself does not count either way)."""
    unit = esper.try_component(target, Unit)
    if unit is None or unit.category.type == "artillery" or not p.grouped:
        return []
    near = b.rules.length(p.near)
    for o in b.units(b.side_of(target)):
        if o == target or not _fighting(b, o):
            continue
        if esper.component_for_entity(o, Unit).category.type != "artillery" and within(
            gap(b, target, o), near
        ):
            return [ModLine("DG-16", "grouped target", p.grouped)]
    return []


def uninvolved_behind(b: Battle, p: Positions, attackers: list[int], defenders: list[int]) -> list[ModLine]:
    """DG-21 (DG-DEC-10): -1 when an enemy infantry or cavalry unit that is not in this combat stands at
    an attacker's rear (its centre in the attacker's rear sector, AMB-59) within `near` of it, with
    that attacker in its own front (the attacker's centre in its front sector): the attacker's rear
    hex is that enemy's front hex. Cumulative with the rear and front-and-rear modifiers."""
    if not p.uninvolved_behind:
        return []
    near = b.rules.length(p.near)
    involved = set(attackers) | set(defenders)
    for a in attackers:
        ap = b.pose(a)
        for o in b.enemy_units(b.side_of(a)):
            if o in involved or not _fighting(b, o):
                continue
            if esper.component_for_entity(o, Unit).category.type not in ("infantry", "cavalry"):
                continue
            op = b.pose(o)
            if (
                within(gap(b, a, o), near)
                and sector(b, a, (op.x, op.y)) == "rear"
                and sector(b, o, (ap.x, ap.y)) == "front"
            ):
                return [ModLine("DG-21", "uninvolved enemy at the attacker's rear", p.uninvolved_behind)]
    return []

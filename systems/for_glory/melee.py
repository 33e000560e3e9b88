"""FG-MELEE and the melee side of FG-CBT: one die per unit, summed per side, the margin read in the
Melee column (AMB-58, AMB-60, AMB-62)."""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.model.battle import Battle
from game.model.components import Hits, Status, Unit
from game.model.events import Melee, ModLine, Roll
from game.model.geometry import centroid
from systems.for_glory.checks import category_line, is_disorganised, line, nonzero, scaled
from systems.for_glory.hits import add_hits, destroy, push
from systems.for_glory.targets import contacts
from systems.for_glory.vision import in_dense_cover


@dataclass
class Attack:
    """A unit that charged into the melee: whom it charged, from which side, and how."""

    unit: int
    target: int
    sector: str
    reaction: bool = False


@dataclass
class MeleeResult:
    winner: str  # attackers, defenders, draw
    attackers: list[int] = field(default_factory=list)
    defenders: list[int] = field(default_factory=list)


def _common(b: Battle, e: int, opponents: list[int]) -> list[ModLine]:
    mods = b.rules.modifiers.combat
    unit = esper.component_for_entity(e, Unit)
    out = [
        category_line(mods["category"], unit.category, unit.category.melee),
        line(mods["quality"], unit.quality.modifier),
    ]
    if any(in_dense_cover(b, o) for o in opponents):
        out.append(line(mods["cover"], mods["cover"].value or 0))
    if is_disorganised(b, e):
        out.append(line(mods["disorganised"], mods["disorganised"].value or 0))
    out.append(scaled(mods["hits"], esper.component_for_entity(e, Hits).count))
    return out + b.stack.modifier_lines("melee", b, e, opponents[0] if opponents else None)


def attacker_modifiers(b: Battle, a: Attack) -> tuple[ModLine, ...]:
    mods = b.rules.modifiers.combat
    out = _common(b, a.unit, contacts(b, a.unit))
    if a.sector == "front":
        out.append(line(mods["frontal_charge"], mods["frontal_charge"].value or 0))
    else:
        out.append(line(mods["flank"], mods["flank"].value or 0))
    if esper.component_for_entity(a.target, Status).marching_by_road:
        out.append(line(mods["road_target"], mods["road_target"].value or 0))
    if a.reaction:
        out.append(line(mods["reaction"], mods["reaction"].value or 0))
    return nonzero(out)


def defender_modifiers(b: Battle, e: int) -> tuple[ModLine, ...]:
    return nonzero(_common(b, e, contacts(b, e)))


def _roll(b: Battle, e: int, mods: tuple[ModLine, ...], target: int | None) -> int:
    die = b.dice.d6()
    total = die + sum(m.value for m in mods)
    b.emit(
        Roll(
            check="melee",
            die=die,
            modifiers=mods,
            total=total,
            outcome="rolled",
            unit=b.name(e),
            target=b.name(target) if target is not None else None,
            rule="FG-MELEE-2",
        )
    )
    return total


def engaged(b: Battle, attacks: list[Attack]) -> tuple[list[Attack], list[int]] | None:
    """Who fights: the chargers still in contact, in the order they made contact, and every enemy unit
    touching them (their targets first). None when nobody is left in contact."""
    attacks = [
        a for a in attacks if esper.component_for_entity(a.unit, Status).in_play and contacts(b, a.unit)
    ]
    defenders: list[int] = []
    for a in attacks:
        for d in [a.target, *contacts(b, a.unit)]:
            if (
                d not in defenders
                and esper.component_for_entity(d, Status).in_play
                and d in contacts(b, a.unit)
            ):
                defenders.append(d)
    return (attacks, defenders) if attacks and defenders else None


def melee(b: Battle, attacks: list[Attack]) -> MeleeResult | None:
    """Resolve one melee (FG-MELEE): one die per unit of each side, summed; the margin read."""
    fight = engaged(b, attacks)
    if fight is None:
        return None
    attacks, defenders = fight
    attackers = [a.unit for a in attacks]
    attack_total = sum(_roll(b, a.unit, attacker_modifiers(b, a), a.target) for a in attacks)
    defence_total = sum(_roll(b, d, defender_modifiers(b, d), None) for d in defenders)
    margin = abs(attack_total - defence_total)
    band = b.rules.band(b.rules.melee_results, margin)
    winner = "draw" if band.draw else ("attackers" if attack_total > defence_total else "defenders")
    b.emit(
        Melee(
            attackers=tuple(b.name(a) for a in attackers),
            defenders=tuple(b.name(d) for d in defenders),
            attack=attack_total,
            defence=defence_total,
            margin=margin,
            winner=winner,
            outcome=band.label,
            rule=band.rule,
        )
    )
    centre_a = centroid([(b.pose(a).x, b.pose(a).y) for a in attackers])
    centre_d = centroid([(b.pose(d).x, b.pose(d).y) for d in defenders])
    if winner == "draw":
        hit = [(u, centre_d, defenders) for u in attackers] + [(u, centre_a, attackers) for u in defenders]
    elif winner == "attackers":
        hit = [(u, centre_a, attackers) for u in defenders]
    else:
        hit = [(u, centre_d, defenders) for u in attackers]
    for u, _away_from, foes in hit:
        if not esper.component_for_entity(u, Status).in_play:
            continue  # its division was demoralised by a loss earlier in this loop (AMB-28)
        by = b.name(foes[0])
        if band.destroyed:
            destroy(b, u, band.rule, by)
            continue
        if band.hits:
            add_hits(b, u, band.hits, by, band.rule)
    for u, away_from, foes in hit:
        if band.push and esper.component_for_entity(u, Status).in_play:
            push(b, u, away_from, b.name(foes[0]))
    return MeleeResult(winner, attackers, defenders)

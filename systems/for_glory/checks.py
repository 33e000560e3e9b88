"""FG-MOR, FG-LDR: morale and leadership checks. FG-DIS: who counts as disorganised.

Every check is one D6 plus modifiers; each modifier is listed with its rule in the roll event.
`check_passes` and `pass_chance` are the same rule: the first resolves a roll, the second gives
its exact odds (the AI and the client show them)."""

from __future__ import annotations

import math
from fractions import Fraction

import esper

from game.content.rulesref import RULE_ID
from game.model.battle import Battle
from game.model.components import Hits, Officer, Status, Unit
from game.model.dice import FACES
from game.model.events import ModLine, Roll
from game.model.geometry import EPS
from game.model.ruleset import Category, Modifier, Ruleset
from systems.for_glory.measure import gap, within


def line(m: Modifier, value: int) -> ModLine:
    return ModLine(m.rule, m.label, value)


def category_line(m: Modifier, cat: Category, value: int) -> ModLine:
    """FG-UNIT-5: a category's fire or melee modifier. The rulebook's categories cite FG-UNIT-5, where
    the rulebook lists them; a mod's category cites its own rule (GUER-1), which its rules reference
    explains, so the log says where the value comes from."""
    return ModLine(m.rule if RULE_ID.fullmatch(cat.rule) else cat.rule, m.label, value)


def scaled(m: Modifier, count: int) -> ModLine:
    """A per-count modifier (per hit, per counter, per band)."""
    assert m.value is not None
    return ModLine(m.rule, m.label, m.value * count)


def nonzero(mods: list[ModLine]) -> tuple[ModLine, ...]:
    return tuple(m for m in mods if m.value != 0)


def check_passes(rules: Ruleset, die: int, total: int) -> bool:
    """FG-MOR-6/7, FG-LDR-5/6: fail at 3 or less; a natural 1 fails, a natural 6 passes."""
    c = rules.core.checks
    if die == c.natural_fail:
        return False
    if die == c.natural_pass:
        return True
    return total > c.fail_at_or_below


def pass_chance(rules: Ruleset, modifier: int) -> Fraction:
    """Exact probability that a check with this total modifier passes."""
    ok = sum(1 for d in range(1, FACES + 1) if check_passes(rules, d, d + modifier))
    return Fraction(ok, FACES)


def is_disorganised(b: Battle, e: int) -> bool:
    """FG-DIS-1: part of a detachment, or of a division whose officer failed his leadership check."""
    if esper.component_for_entity(e, Status).detached:
        return True
    officer = b.officer_of(e)
    return officer is not None and esper.component_for_entity(officer, Officer).failed_leadership


def morale_modifiers(b: Battle, e: int) -> tuple[ModLine, ...]:
    """FG-MOR-1..5 (quality: FG-UNIT-26; the own division officer only: AMB-29)."""
    mods = b.rules.modifiers.morale
    unit = esper.component_for_entity(e, Unit)
    out = [line(mods["quality"], unit.quality.modifier)]
    officer = b.officer_of(e)
    if officer is not None:
        off = esper.component_for_entity(officer, Officer)
        if off.in_play and within(gap(b, e, officer), b.rules.length(b.rules.core.morale.officer_near)):
            out.append(line(mods["officer_near"], mods["officer_near"].value or 0))
        out.append(scaled(mods["lost_brigades"], off.lost_brigades))
    out.append(scaled(mods["hits"], esper.component_for_entity(e, Hits).count))
    if is_disorganised(b, e):
        out.append(line(mods["disorganised"], mods["disorganised"].value or 0))
    out += b.stack.modifier_lines("morale", b, e, None)
    return nonzero(out)


def morale_check(b: Battle, e: int, purpose: str, rule: str) -> bool:
    """Roll a morale check for a unit; emits the roll and returns whether it passed."""
    return _check(b, "morale", morale_modifiers(b, e), rule, unit=b.name(e), purpose=purpose)


def _check(
    b: Battle,
    kind: str,
    mods: tuple[ModLine, ...],
    rule: str,
    unit: str | None = None,
    officer: str | None = None,
    purpose: str | None = None,
) -> bool:
    """One check: a die, its modifiers, pass or fail (FG-MOR-6/7, FG-LDR-5/6), reported as a roll."""
    die = b.dice.d6()
    total = die + sum(m.value for m in mods)
    ok = check_passes(b.rules, die, total)
    b.emit(
        Roll(
            check=kind,
            die=die,
            modifiers=mods,
            total=total,
            outcome="pass" if ok else "fail",
            rule=rule,
            unit=unit,
            officer=officer,
            purpose=purpose,
        )
    )
    return ok


def staff_of(b: Battle, side: str) -> int | None:
    for e in b.officers(side):
        if esper.component_for_entity(e, Officer).role == "staff":
            return e
    return None


def leadership_modifiers(b: Battle, officer: int) -> tuple[ModLine, ...]:
    """FG-LDR-1..4, with the first XL band always counted (AMB-32). With no estado mayor on the
    table (a scripted battle may have none) the distance modifiers do not apply."""
    mods = b.rules.modifiers.leadership
    lr = b.rules.core.leadership
    off = esper.component_for_entity(officer, Officer)
    out = [line(mods["experience"], off.experience)]
    staff = staff_of(b, b.side_of(officer))
    if staff is not None and staff != officer:
        d = gap(b, officer, staff)
        if within(d, b.rules.length(lr.staff_near)):
            out.append(line(mods["staff_near"], mods["staff_near"].value or 0))
        band = b.rules.length(lr.band)
        bands = max(lr.min_bands, math.ceil((d - EPS) / band))
        out.append(scaled(mods["distance"], bands))
    out.append(scaled(mods["lost_brigades"], off.lost_brigades))
    out += b.stack.modifier_lines("leadership", b, officer, None)
    return nonzero(out)


def leadership_check(b: Battle, officer: int, rule: str = "FG-ACT-2") -> bool:
    return _check(b, "leadership", leadership_modifiers(b, officer), rule, officer=b.name(officer))

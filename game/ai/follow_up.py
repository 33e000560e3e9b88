"""What a cavalry charge is worth beyond its own melee (a level that weighs `follow_up`): cavalry that
wins rides on with its extra move (FG-CHG-4, after a reaction charge too, FG-CHG-7) and may charge again
(FG-CHG-6). A brigade it left with two hits, pushed back a little, is then charged again: it breaks on a
failed morale check (FG-CHG-9), and even when it holds, any hit of the new melee is its third. The melee's
exact odds (systems/for_glory/charge/odds.py) stop at the first result: a "won: two hits" at fresh
infantry was worth two hits and a push, where the rules' own play destroys it nine times in ten (seen in
first-battle: 58e de Ligne, two hits, pushed 0.6", charged again by the Cazadores and destroyed, its
two-brigade division leaving the field with it)."""

from __future__ import annotations

from fractions import Fraction

from game.ai import common
from game.ai.stakes import Stakes
from game.model.battle import Battle
from game.model.components import Unit
from systems.for_glory.checks import morale_modifiers, pass_chance

# The chance the winner's extra move reaches the brigade it pushed and charges it again: most often
# it can (pushed XS, the extra move S, the target still in its vision), not when others stand in the way
# or a better target calls. A judgement, not a rule.
CHAINED = Fraction(4, 5)
BROKEN = "target breaks"


def chained(
    b: Battle, stakes: Stakes, charger: int, target: int, odds: dict[str, Fraction] | None
) -> dict[str, Fraction] | None:
    """The odds of a charge with what the charger's chained charge does after each result: a result
    that leaves the target pushed with one hit short of destroyed (its third, FG-CBT) becomes its
    destruction by the chance that a new charge reaches it and breaks it or hits it again."""
    if odds is None or not b.is_unit(target) or b.comp(charger, Unit).category.type != "cavalry":
        return odds
    hits, last = common.hits(target), stakes.cap - 1
    left = [k for k in odds if _leaves_one_short(stakes, k, hits, last)]
    if not left:  # most charges: nothing their winner's next charge would finish
        return odds
    again = sum((p for k, p in odds.items() if _hits_target(stakes, k)), Fraction(0))
    per_hit = b.rules.modifiers.morale["hits"].value or 0
    now = sum(m.value for m in morale_modifiers(b, target))
    holds = pass_chance(b.rules, now + per_hit * (last - hits))  # FG-CHG-9 with its hits then
    destroyed = CHAINED * ((1 - holds) + holds * again)
    out: dict[str, Fraction] = {}
    for label, p in odds.items():  # in the order given: the worth's sum keeps its order too
        out[label] = out.get(label, Fraction(0)) + (p * (1 - destroyed) if label in left else p)
        if label in left:
            out[BROKEN] = out.get(BROKEN, Fraction(0)) + p * destroyed
    return out


def _leaves_one_short(stakes: Stakes, label: str, hits: int, last: int) -> bool:
    """Is the result a win that leaves the target pushed with one hit short of destroyed?"""
    effect = stakes.effects(label)[0]
    return label.startswith("won: ") and effect.push and not effect.destroyed and hits + effect.hits == last


def _hits_target(stakes: Stakes, label: str) -> bool:
    """Does a melee result hit the target (a draw hits both, FG-CBT-13)?"""
    if label == BROKEN:
        return True
    effect = stakes.effects(label)[0]
    return effect.destroyed or effect.hits > 0

"""Exact odds of a proposed shot, charge or check, from the same modifiers and tables that resolve
them (a D6 plus modifiers can be counted out). The AI weighs its options with these and the client
shows them before an order is committed. Reactions are choices, not chances: they are left out."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

import esper

from game.model.battle import Battle
from game.model.components import Officer, Unit
from game.model.dice import FACES
from game.model.ruleset import ResultBand, band_of
from systems.for_glory.checks import leadership_modifiers, morale_modifiers, pass_chance
from systems.for_glory.fire import fire_modifiers, models_left
from systems.for_glory.melee import Attack, attacker_modifiers, defender_modifiers
from systems.for_glory.targets import check_fire
from systems.for_glory.vision import Sight

SIXTH = Fraction(1, FACES)


def fire_odds(
    b: Battle,
    shooter: int,
    target: int,
    *,
    moved: bool = False,
    reaction: bool = False,
    seen: Sight | None = None,
) -> dict[str, Fraction]:
    """The chance of each effect of a shot, by the rules in play (the fire_odds hook). Raises Reject
    when the shot is not allowed."""
    return b.stack.hook("fire_odds")(b, shooter, target, moved=moved, reaction=reaction, seen=seen)


def fire_reaction_odds(b: Battle, r: int, mover: int) -> dict[str, Fraction]:
    """Odds of a shot made as a reaction at the unit that triggered it, if its morale check passes:
    with its -2 as a reaction (FG-CBT-9). Raises Reject when the shot is not allowed."""
    return fire_odds(b, r, mover, reaction=True)


def melee_odds(b: Battle, attacks: list[Attack], defenders: list[int]) -> dict[str, Fraction]:
    """The chance of each melee result from the attackers' side, by the rules in play (melee_odds)."""
    return b.stack.hook("melee_odds")(b, attacks, defenders)


def for_glory_fire_odds(
    b: Battle,
    shooter: int,
    target: int,
    *,
    moved: bool = False,
    reaction: bool = False,
    seen: Sight | None = None,
) -> dict[str, Fraction]:
    """Probability of each result of the Shooting column (miss, pushed, one hit, two hits, destroyed;
    against an officer: miss, pushed, killed). Raises Reject when the shot is not allowed (unless its
    line is given, as for shoot)."""
    s = seen or check_fire(b, shooter, target)
    total = sum(m.value for m in fire_modifiers(b, shooter, target, s, moved=moved, reaction=reaction))
    officer = esper.try_component(target, Officer) is not None
    out: Counter[str] = Counter()
    saved: dict[str, Fraction] = {}
    for die in range(1, FACES + 1):
        band = b.rules.band(b.rules.fire_results, die + total)
        label = band.label
        if officer:
            label = "killed" if (band.hits or band.destroyed) else ("pushed" if band.push else "miss")
        elif band.hits or band.destroyed:
            hits = models_left(b, target) if band.destroyed else band.hits
            wounds = b.stack.hook("fire_saves_odds")(b, shooter, target, hits)
            if wounds.get(hits) != 1:  # some saved: each number of wounds says its own result
                for w, p in wounds.items():
                    key = _wounds_label(b, band, w, hits)
                    saved[key] = saved.get(key, Fraction(0)) + p * SIXTH
                continue
        out[label] += 1
    odds = {k: Fraction(v, FACES) for k, v in out.items()}
    for k, p in saved.items():
        odds[k] = odds.get(k, Fraction(0)) + p
    return odds


def _wounds_label(b: Battle, band: ResultBand, wounds: int, hits: int) -> str:
    """The result a shot of this band has when its hits leave `wounds` (the fire_saves hook): destroyed
    if none was saved, else the band of as many hits, or the push it brings anyway (For Glory's
    fire bands' labels, so the AI weighs it as any shot)."""
    if band.destroyed and wounds == hits:
        return band.label
    bands = b.rules.fire_results
    if wounds == 0:
        return next(x.label for x in bands if x.push and not x.hits and not x.destroyed)
    return next((x.label for x in bands if x.hits == wounds and not x.destroyed), band.label)


def no_saves_odds(b: Battle, shooter: int, target: int, hits: int) -> dict[int, Fraction]:
    """For Glory's fire_saves_odds: no saves, every hit a wound."""
    return {hits: Fraction(1)}


def _sum_dist(n: int, modifier: int) -> dict[int, Fraction]:
    """Distribution of the sum of n D6 plus a modifier."""
    return dict(_sum_of(n, modifier))


@cache
def _sum_of(n: int, modifier: int) -> dict[int, Fraction]:
    dist: dict[int, Fraction] = {modifier: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for v, p in dist.items():
            for d in range(1, FACES + 1):
                nxt[v + d] = nxt.get(v + d, Fraction(0)) + p * SIXTH
        dist = nxt
    return dist


def for_glory_melee_odds(b: Battle, attacks: list[Attack], defenders: list[int]) -> dict[str, Fraction]:
    """Probability of each melee result, from the attackers' point of view: "won: <label>",
    "draw", "lost: <label>" (AMB-62)."""
    a_mod = sum(sum(m.value for m in attacker_modifiers(b, a)) for a in attacks)
    d_mod = sum(sum(m.value for m in defender_modifiers(b, d)) for d in defenders)
    return dict(_melee_table(b.rules.melee_results, len(attacks), a_mod, len(defenders), d_mod))


@cache
def _melee_table(
    bands: tuple[ResultBand, ...], attackers: int, a_mod: int, defenders: int, d_mod: int
) -> dict[str, Fraction]:
    """The melee results for so many dice a side and such modifiers: the same sums every time they
    meet again (the AI weighs many charges of the same odds), so counted out once."""
    atk, dfn = _sum_of(attackers, a_mod), _sum_of(defenders, d_mod)
    out: dict[str, Fraction] = {}
    for va, pa in atk.items():
        for vd, pd in dfn.items():
            band = band_of(bands, abs(va - vd))
            key = "draw" if band.draw else (f"won: {band.label}" if va > vd else f"lost: {band.label}")
            out[key] = out.get(key, Fraction(0)) + pa * pd
    return out


def leadership_odds(b: Battle, officer: int) -> Fraction:
    """The chance that a division general passes his leadership check now (FG-ACT-2, FG-LDR)."""
    return pass_chance(b.rules, sum(m.value for m in leadership_modifiers(b, officer)))


def check_odds(b: Battle, unit: int) -> Fraction:
    """The chance that a unit passes a morale check now."""
    assert esper.has_component(unit, Unit)
    return pass_chance(b.rules, sum(m.value for m in morale_modifiers(b, unit)))

"""The exact chances of a Clash of Spears melee (CS-11..14): every result of one combat for each
combat response, in For Glory's words for the AI and the client (the `melee_odds` hook), and what
each response is worth to the defender (how a computer player answers)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import esper

from game.model.battle import Battle
from game.model.components import Hits
from game.model.dice import FACES
from systems.clash.fatigue import courage
from systems.clash.melee_records import (
    RESPONSES,
    NoQuarter,
    Response,
    attacks,
    behind_obstacle,
    combat,
    holds_ground,
    numbers,
    saving,
    weapon,
)
from systems.for_glory.melee import Attack

# --- the exact chances -------------------------------------------------------------------------


def _p(target: int) -> Fraction:
    """One d6 at or above the target."""
    return Fraction(FACES - max(1, target) + 1, FACES)


@cache
def _binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@dataclass(frozen=True)
class Side:
    """One side of the combat as the chances need it."""

    dice: int  # its attacks (summed over its units)
    to_hit: int  # the d6 its dice need
    to_save: int
    courage: int
    left: int  # the hits its first unit can still take
    no_quarter: bool = False  # CS-10: a natural 6 to hit counts as two hits
    initiative: int = 1  # CS-19: its weapon's; when both sides strike, the higher first (CS-DEC-20)


@cache
def _hits(n: int, to_hit: int, no_quarter: bool) -> tuple[Fraction, ...]:
    """The chance of each number of hits from n dice at to_hit+; with no quarter (CS-10) a natural 6
    that hits is two hits."""
    if not no_quarter or to_hit > FACES:
        return _binomial(n, _p(to_hit))
    six = Fraction(1, FACES)
    one = (1 - _p(to_hit), _p(to_hit) - six, six)  # 0, 1 or 2 hits from one die
    out: tuple[Fraction, ...] = (Fraction(1),)
    for _ in range(n):
        grown = [Fraction(0)] * (len(out) + 2)
        for k, p in enumerate(out):
            for h, q in enumerate(one):
                grown[k + h] += p * q
        out = tuple(grown)
    return out


def _taken(hits: int, s: Side) -> dict[tuple[int, int], Fraction]:
    """(wounds, fatigue from the morale check) of a side that takes `hits` (CS-11.2, CS-13)."""
    out: dict[tuple[int, int], Fraction] = {}
    for saved, ps in enumerate(_binomial(hits, _p(s.to_save))):
        wounds = hits - saved
        checks = _binomial(1 + wounds, 1 - _p(s.courage)) if hits else (Fraction(1),)
        for fails, pf in enumerate(checks):
            key = (min(wounds, s.left), fails)
            out[key] = out.get(key, Fraction(0)) + ps * pf
    return out


def _mix(
    parts: Iterable[tuple[Fraction, dict[tuple[int, int], Fraction]]],
) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for p, dist in parts:
        for k, q in dist.items():
            out[k] = out.get(k, Fraction(0)) + p * q
    return out


@dataclass(frozen=True)
class Outcome:
    defender_wounds: int
    attacker_wounds: int
    defender_retreats: bool


@cache
def outcomes(att: Side, dfn: Side, response: Response, own: int, stays: bool) -> Mapping[Outcome, Fraction]:
    """Every result of one combat and its exact chance: the attack, the response (costing the
    defender `own` fatigue), saves, morale checks and who falls back (CS-11, CS-13). Remembered: the
    same sides meet again and again while an AI weighs its charges."""
    if response == "counter" and att.initiative != dfn.initiative:
        return _in_turn(att, dfn, own)
    hits_dist = _hits(att.dice, att.to_hit, att.no_quarter)
    if response == "defend":
        cancel = _p(dfn.to_hit)
        defender = _mix(
            (ph * pc, _taken(h - c, dfn))
            for h, ph in enumerate(hits_dist)
            for c, pc in enumerate(_binomial(min(h, dfn.dice), cancel))
        )
    else:
        defender = _mix((ph, _taken(h, dfn)) for h, ph in enumerate(hits_dist))
    if response == "counter":
        back = _binomial(min(att.dice, dfn.dice), _p(dfn.to_hit))
        attacker = _mix((pk, _taken(k, att)) for k, pk in enumerate(back))
    else:
        attacker = {(0, 0): Fraction(1)}
    out: dict[Outcome, Fraction] = {}
    for (dw, df), pd in defender.items():
        for (aw, af), pa in attacker.items():
            falls_back = (own + df > af) or (response == "defend" and not stays)
            k = Outcome(dw, aw, falls_back)
            out[k] = out.get(k, Fraction(0)) + pd * pa
    return out


def _in_turn(att: Side, dfn: Side, own: int) -> Mapping[Outcome, Fraction]:
    """CS-DEC-20: a counter-attack between weapons of different Initiative. The higher strikes first;
    the side struck saves and checks, then strikes back with a die fewer for each wound it took, and
    not at all if its rolling unit is destroyed."""
    attacker_first = att.initiative > dfn.initiative
    counter = min(att.dice, dfn.dice)

    def blows(attacker: bool, dice: int) -> tuple[Fraction, ...]:
        return _hits(dice, att.to_hit, att.no_quarter) if attacker else _binomial(dice, _p(dfn.to_hit))

    first, second = (att, dfn) if attacker_first else (dfn, att)
    first_dice, second_dice = (att.dice, counter) if attacker_first else (counter, att.dice)
    out: dict[Outcome, Fraction] = {}
    for h, ph in enumerate(blows(attacker_first, first_dice)):
        for (w2, f2), p2 in _taken(h, second).items():
            back = 0 if w2 >= second.left else max(0, second_dice - w2)
            for k, pk in enumerate(blows(not attacker_first, back)):
                for (w1, f1), p1 in _taken(k, first).items():
                    (dw, df), (aw, af) = ((w2, f2), (w1, f1)) if attacker_first else ((w1, f1), (w2, f2))
                    key = Outcome(dw, aw, own + df > af)
                    out[key] = out.get(key, Fraction(0)) + ph * p2 * pk * p1
    return out


def left(b: Battle, e: int) -> int:
    """The hits a unit can still take (its models, CS-DEC-7)."""
    return b.rules.core.hits.destroyed_at - esper.component_for_entity(e, Hits).count


def sides(
    b: Battle, attackers: list[int], defenders: list[int], response: Response, no_quarter: bool | None = None
) -> tuple[Side, Side]:
    """CS-11.1: every unit in contact adds its attacks; the first charger and the charged unit roll
    for their side (CS-DEC-14), each with its weapon's Initiative and its modifier to the other's Save
    (CS-19, CS-DEC-20). A defender behind an obstacle that holds or defends is hit at -1."""
    first, target = attackers[0], defenders[0]
    obstacle = response != "counter" and behind_obstacle(b, target)
    to_hit = min(FACES + 1, combat(b, first) - (numbers(b).obstacle_to_hit if obstacle else 0))
    att = Side(
        sum(attacks(b, e) for e in attackers),
        to_hit,
        saving(b, first, target),
        courage(b, first),
        left(b, first),
        esper.component_for_entity(first, NoQuarter).on if no_quarter is None else no_quarter,
        weapon(b, first)[1].initiative,
    )
    dfn = Side(
        sum(attacks(b, e) for e in defenders),
        combat(b, target),
        saving(b, target, first),
        courage(b, target),
        left(b, target),
        initiative=weapon(b, target)[1].initiative,
    )
    return att, dfn


def response_odds(
    b: Battle, attackers: list[int], defenders: list[int], response: Response, no_quarter: bool | None = None
) -> Mapping[Outcome, Fraction]:
    att, dfn = sides(b, attackers, defenders, response, no_quarter)
    own = numbers(b).responses[response].fatigue
    return outcomes(att, dfn, response, own, holds_ground(b, defenders[0]))


def as_result(o: Outcome, dfn_left: int, att_left: int) -> str:
    """An outcome in For Glory's words, from the attackers' side (the AI's and the client's scale)."""
    if o.defender_wounds >= dfn_left:
        return "won: destroyed"
    if o.attacker_wounds >= att_left:
        return "lost: destroyed"
    if o.defender_retreats:
        return ("won: pushed", "won: one hit", "won: two hits")[min(o.defender_wounds, 2)]
    return ("lost: pushed", "lost: one hit and pushed", "lost: two hits")[min(o.attacker_wounds, 2)]


def melee_odds(b: Battle, attacks_: list[Attack], defenders: list[int]) -> dict[str, Fraction]:
    """The chance of each result of contact, the defender answering as a computer player would."""
    attackers = [a.unit for a in attacks_]
    response = best_response(b, attackers, defenders)
    out: dict[str, Fraction] = {}
    for o, p in response_odds(b, attackers, defenders, response).items():
        k = as_result(o, left(b, defenders[0]), left(b, attackers[0]))
        out[k] = out.get(k, Fraction(0)) + p
    return out


WOUND = 0.9  # a hit, on the AI's scale (a unit destroyed is 3)
FALL_BACK = 0.4
FATIGUE = 0.25


def response_worth(
    b: Battle, attackers: list[int], defenders: list[int], response: Response, no_quarter: bool | None = None
) -> float:
    """What a response is worth to the defender: wounds dealt less wounds taken, ground, fatigue."""
    n = numbers(b)
    worth = -FATIGUE * (n.responses[response].fatigue + 0.5 * n.responses[response].markers)
    for o, p in response_odds(b, attackers, defenders, response, no_quarter).items():
        v = WOUND * (o.attacker_wounds - o.defender_wounds) + (
            -FALL_BACK if o.defender_retreats else FALL_BACK
        )
        worth += float(p) * v
    return worth


def best_response(
    b: Battle, attackers: list[int], defenders: list[int], no_quarter: bool | None = None
) -> Response:
    return max(RESPONSES, key=lambda r: response_worth(b, attackers, defenders, r, no_quarter))

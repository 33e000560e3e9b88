"""OW-COMBAT: where two players' tokens share a location, stacks act in initiative order (ties:
flying, magic, unique, normal, then the dearer unit, then a die); each attacks (a D6 a token, a hit
on its attack or less) or retreats to a free neighbouring location; hits fall on the cheapest
tokens first. Rounds repeat until one player is gone (OW-DEC-7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from math import comb

from game.model import commands as cmd
from game.model.dice import FACES
from game.model.events import Note, Roll
from game.model.resolution import Decision, Resolution, refuse
from game.model.session import ask
from systems.open_wars.moves import barred, crowding, entry_cost, no_room
from systems.open_wars.records import UnitKind
from systems.open_wars.state import Campaign, Stack


@dataclass(frozen=True, slots=True)
class FallBack(cmd.Command):
    """OW-COMBAT-10/11: on its turn to act, `count` tokens of the stack retreat to a neighbouring
    location free of enemies; any left behind attack no more this turn. Pass: the stack attacks."""

    location: str
    unit: str
    to: str
    count: int


def priority(u: UnitKind) -> int:
    """OW-COMBAT-4: flying before magic before unique before normal."""
    return 0 if u.type == "flying" else 1 if u.type == "magic" else 2 if u.unique else 3


def rank(u: UnitKind) -> tuple[int, int, int]:
    """OW-COMBAT-3/4: the lower, the sooner: by initiative, then type priority, then cost."""
    return (-u.initiative, priority(u), -u.cost)


def victim_key(u: UnitKind, count: int, unit_id: str) -> tuple[int, int, int, str]:
    """OW-COMBAT-6/7 (OW-DEC-11): the lowest takes the next hit: the cheapest unit, then the one of
    lower initiative, then the larger stack."""
    return (u.cost, u.initiative, -count, unit_id)


def initiative_order(c: Campaign, loc: str) -> list[Stack]:
    """OW-COMBAT-3/4: by rank; stacks of both players still tied roll a die each, the highest first,
    ties rolled again (OW-DEC-10: one player's own tied stacks go in the order of their unit ids)."""

    def ranked(s: Stack) -> tuple[int, int, int]:
        return rank(c.unit(s.unit))

    stacks = sorted(c.stacks_at(loc), key=lambda s: (ranked(s), s.unit))
    out: list[Stack] = []
    while stacks:
        tied = [s for s in stacks if ranked(s) == ranked(stacks[0])]
        stacks = stacks[len(tied) :]
        players = sorted({s.player for s in tied})
        if len(players) > 1:
            first = roll_off(c, players, loc)
            tied.sort(key=lambda s: (s.player != first, s.unit))
        out += tied
    return out


def roll_off(c: Campaign, players: list[str], loc: str) -> str:
    while True:
        dice = {p: c.dice.d6() for p in players}
        for p, d in dice.items():
            c.emit(
                Roll(check="roll-off", die=d, modifiers=(), total=d, outcome=p, side=p, rule="OW-COMBAT-4")
            )
        best = max(dice.values())
        if list(dice.values()).count(best) == 1:
            return next(p for p, d in dice.items() if d == best)


def retreats(c: Campaign, s: Stack) -> tuple[str, ...]:
    """OW-COMBAT-10: neighbouring locations free of enemies the unit could enter with its movement."""
    unit = c.unit(s.unit)
    return tuple(
        loc
        for loc in c.neighbours(s.location)
        if not c.enemies_at(loc, s.player)
        and not barred(c, unit, loc)
        and entry_cost(c, unit, loc) <= unit.movement
        and not no_room(c, s.player, loc, unit, 1)
    )


@cache
def hits_odds(dice: int, attack: int) -> Mapping[int, Fraction]:
    """OW-COMBAT-5: the exact chance of each number of hits of `dice` dice hitting on `attack` or less."""
    p = Fraction(min(attack, FACES), FACES)
    return {k: comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)}


def strike(c: Campaign, s: Stack) -> None:
    """OW-COMBAT-5..9: one die a token; the other player loses a token a hit, cheapest first."""
    unit = c.unit(s.unit)
    dice = tuple(c.dice.d6() for _ in range(s.count))
    hits = sum(1 for d in dice if d <= unit.attack)
    c.emit(
        Roll(
            check="attack",
            unit=f"{s.player}:{s.unit}",
            die=hits,
            dice=dice,
            read=f"hits at {unit.attack} or less",
            modifiers=(),
            total=hits,
            outcome=f"{hits} hit{'s' * (hits != 1)} in {c.location(s.location).name}",
            side=s.player,
            rule="OW-COMBAT-5",
        )
    )
    casualties(c, c.other(s.player), s.location, hits)


def casualties(c: Campaign, player: str, loc: str, hits: int) -> None:
    """OW-COMBAT-6/7 (OW-DEC-11): the cheapest tokens fall first (victim_key)."""
    while hits > 0:
        mine = list(c.stacks_at(loc, player))
        if not mine:
            return
        s = min(mine, key=lambda x: victim_key(c.unit(x.unit), x.count, x.unit))
        lost = min(hits, s.count)
        hits -= lost
        c.take(s, lost)
        key = (player, s.unit)
        c.defeated[key] = c.defeated.get(key, 0) + lost  # OW-COMBAT-8: off the location, kept this turn
        c.emit(
            Note(
                rule="OW-COMBAT-6",
                text=f"{c.name(player)} loses {lost} {c.unit(s.unit).name} in {c.location(loc).name}",
                details={"player": player, "unit": s.unit, "location": loc, "lost": lost, "left": s.count},
            )
        )


def check_fall_back(c: Campaign, s: Stack, f: FallBack) -> None:
    if f.location != s.location or f.unit != s.unit:
        where = c.location(s.location).name
        raise refuse("OW-COMBAT-10", "reason_ow_turn_of", unit=c.unit(s.unit).name, location=where)
    if f.to not in retreats(c, s):
        raise refuse("OW-COMBAT-10", "reason_ow_no_retreat_there", location=f.to)
    if not 1 <= f.count <= s.count:
        raise refuse("OW-COMBAT-11", "reason_ow_stack_has", count=s.count)
    why = crowding(c, s.player, f.to, c.unit(s.unit), f.count)
    if why:
        raise why


def fight(c: Campaign, loc: str) -> Resolution:
    """One location's combat: rounds of initiative order until one player is gone (OW-COMBAT-12)."""
    name = c.location(loc).name
    for rnd in range(1, c.rules.numbers.combat_rounds + 1):
        c.emit(
            Note(
                rule="OW-COMBAT-3",
                text=f"combat in {name}, round {rnd}",
                details={"location": loc, "round": rnd},
            )
        )
        for s in initiative_order(c, loc):
            if len({x.player for x in c.stacks_at(loc)}) < 2:
                return
            if s.count <= 0 or s.held or s.location != loc:
                continue
            decision = Decision("ow_combat", s.player, s.unit, retreats(c, s), stage=loc)
            answer = yield from ask(c, decision, partial(_accept, c, s))
            if isinstance(answer, FallBack):
                fall_back(c, s, answer)
            else:
                strike(c, s)
        if len({x.player for x in c.stacks_at(loc)}) < 2:
            return
    c.emit(
        Note(
            rule="OW-DEC-7",
            text=f"the combat in {name} stops after {rnd} rounds",
            details={"location": loc, "round": rnd},
        )
    )


def _accept(c: Campaign, s: Stack, a: cmd.Command) -> None:
    """An answer to a stack's turn in combat: a retreat it may make, or a pass (it attacks)."""
    if isinstance(a, FallBack):
        check_fall_back(c, s, a)
    elif not isinstance(a, cmd.Pass):
        raise refuse("OW-COMBAT-10", "reason_ow_attack_or_retreat")


def fall_back(c: Campaign, s: Stack, f: FallBack) -> None:
    c.take(s, f.count)
    c.add(s.player, f.to, s.unit, f.count, moved=f.count)
    if s.count > 0:
        s.held = True  # OW-COMBAT-11: those left behind attack no more this turn
    c.emit(
        Note(
            rule="OW-COMBAT-10",
            text=f"{c.name(s.player)}: {f.count} {c.unit(s.unit).name} retreat to {c.location(f.to).name}",
            details={"player": s.player, "unit": s.unit, "from": s.location, "to": f.to, "count": f.count},
        )
    )

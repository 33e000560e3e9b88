"""OW-COMBAT: where two players' tokens or more share a location, stacks act in initiative order
(with its special modifiers; ties: flying, magic, unique, normal, then the dearer unit, then a die);
each attacks (a D6 a token, a hit on its attack or less, less its target's defence) or retreats to a
free neighbouring location; hits fall on the cheapest tokens first, armour saving some. Rounds repeat
until one player is left (OW-DEC-7); with three players or more each stack strikes the strongest
enemy there (OW-DEC-22)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from math import comb

from game.model import commands as cmd
from game.model.dice import FACES
from game.model.events import ModLine, Note, Roll
from game.model.resolution import Decision, Resolution, refuse
from systems.open_wars import modifiers as mod
from systems.open_wars.ending import asking
from systems.open_wars.moves import bars, crowding, entry_cost, no_room
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


def rank(c: Campaign, s: Stack) -> tuple[int, int, int]:
    """OW-COMBAT-3/4: the lower, the sooner: by initiative with its special modifiers, then type
    priority, then cost."""
    u = c.unit(s.unit)
    return (-mod.initiative(c, s), priority(u), -u.cost)


def victim_key(u: UnitKind, count: int, unit_id: str) -> tuple[int, int, int, str]:
    """OW-COMBAT-6/7 (OW-DEC-11): the lowest takes the next hit: the cheapest unit, then the one of
    lower initiative, then the larger stack."""
    return (u.cost, u.initiative, -count, unit_id)


def initiative_order(c: Campaign, loc: str) -> list[Stack]:
    """OW-COMBAT-3/4: by rank; stacks of several players still tied roll a die each, the highest
    first, ties rolled again, and so on for the rest (OW-DEC-10: one player's own tied stacks go in the
    order of their unit ids)."""
    stacks = list(c.stacks_at(loc))
    return ordered(c, stacks, {id(s): rank(c, s) for s in stacks}, lambda s: (s.unit,))


def ordered(
    c: Campaign, stacks: list[Stack], ranks: Mapping[int, tuple[int, ...]], own: Callable[[Stack], tuple]
) -> list[Stack]:
    """OW-COMBAT-4 (OW-DEC-10): the stacks by rank (`ranks`, by id of the stack: the lower, the sooner);
    among stacks of one rank, the players roll off (the highest die first, those tied rolling again, then
    the next place), and one player's own stacks go by `own`. No die is rolled where one player alone
    holds a rank: the combat's order and the volley's (OW-DEC-17) are the same rule."""
    stacks = sorted(stacks, key=lambda s: (ranks[id(s)], own(s)))
    out: list[Stack] = []
    while stacks:
        tied = [s for s in stacks if ranks[id(s)] == ranks[id(stacks[0])]]
        stacks = stacks[len(tied) :]
        players = sorted({s.player for s in tied})
        seats = []
        while len(players) > 1:
            first = c.roll_off(players, "OW-COMBAT-4")
            seats.append(first)
            players.remove(first)
        seats += players
        tied.sort(key=lambda s: (seats.index(s.player), own(s)))
        out += tied
    return out


def foe(c: Campaign, loc: str, player: str) -> str | None:
    """OW-DEC-22: the enemy a stack of the player strikes there: the only one, or with three players
    or more the strongest (the most hits a round), then the one with the most gold in tokens there,
    then the first in turn order."""
    here: dict[str, list[Stack]] = {}
    for s in c.stacks_at(loc):
        if s.player != player:
            here.setdefault(s.player, []).append(s)
    if len(here) <= 1:
        return next(iter(here), None)
    order = c.order + sorted(c.sides)

    def weight(p: str) -> tuple[float, int, int]:
        hits = sum(x.count * mod.attack(c, x, mod.context(c, x, 1)) / FACES for x in here[p])
        value = sum(x.count * c.unit(x.unit).cost for x in here[p])
        return (hits, value, -order.index(p))

    return max(here, key=weight)


def retreats(c: Campaign, s: Stack) -> tuple[str, ...]:
    """OW-COMBAT-10: neighbouring locations free of enemies the unit could enter with its movement."""
    unit = c.unit(s.unit)
    allowance = mod.movement(c, unit, s.location, s.player)
    return tuple(
        loc
        for loc in c.neighbours(s.location)
        if not c.enemies_at(loc, s.player)
        and not bars(c, unit, loc, s.player)
        and entry_cost(c, unit, loc, s.player) <= allowance
        and not no_room(c, s.player, loc, unit, 1)
    )


@cache
def hits_odds(dice: int, attack: int) -> Mapping[int, Fraction]:
    """OW-COMBAT-5: the exact chance of each number of hits of `dice` dice hitting on `attack` or less."""
    p = Fraction(min(max(attack, 0), FACES), FACES)
    return {k: comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)}


def attack_lines(
    c: Campaign, s: Stack, x: mod.Context, target: str, at: str, far: int = 0
) -> tuple[int, tuple[ModLine, ...]]:
    """The die a token of the stack hits its target in `at` on (OW-COMBAT-5, OW-DEC-23) and every
    modifier with its rule: abilities, card, spells, the links of a shot beyond the first, the target's
    defence."""
    unit = c.unit(s.unit)
    lines = [
        ModLine(a.rule or "OW-DEC-18", "ability", a.amount)
        for a in unit.abilities
        if a.kind == "bonus" and a.stat == "attack" and mod.holds(a, x)
    ]
    card = mod.trait(c, s.location, "attack", unit, s.player)
    spell = mod.spelled(c, "attack", s.location, s.player)
    guard = mod.defence(c, at, target, unit)
    lines += [ModLine("OW-LOC-7", "card", card)] if card else []
    lines += [ModLine("OW-MAGIC-3", "spell", spell)] if spell else []
    lines += [ModLine("OW-DEC-17", "range", -(far - 1) * c.rules.numbers.range_penalty)] if far > 1 else []
    lines += [ModLine("OW-DEC-23", "defence", -guard)] if guard else []
    return mod.clamp(unit.attack + sum(m.value for m in lines)), tuple(lines)


def strike(c: Campaign, s: Stack, rnd: int) -> Resolution:
    """OW-COMBAT-5..9: one die a token against its foe there; the foe loses a token a hit, cheapest
    first."""
    target = foe(c, s.location, s.player)
    if target is None:
        return
    value, lines = attack_lines(c, s, mod.context(c, s, rnd), target, s.location)
    hits = roll_hits(c, s, value, lines, target, s.location, "attack", "OW-COMBAT-5")
    yield from casualties(c, target, s.location, hits)


def roll_hits(
    c: Campaign, s: Stack, value: int, lines: tuple[ModLine, ...], target: str, at: str, check: str, rule: str
) -> int:
    """A stack's dice, a die a token hitting on `value` or less: the roll's event (after a note of what
    changed the unit's attack, if anything did) and its hits. A melee attack between two players names
    no target (there is only one)."""
    if lines:
        c.emit(
            Note(
                rule="OW-DEC-23",
                text=f"{c.unit(s.unit).name} hit on {value}: "
                + ", ".join(f"{m.value:+d} {m.label} ({m.rule})" for m in lines),
                details={
                    "say": "attack_mods", "player": s.player, "unit": s.unit, "base": c.unit(s.unit).attack,
                    "value": value,
                    "modifiers": [{"rule": m.rule, "label": m.label, "value": m.value} for m in lines],
                },
            )
        )  # fmt: skip
    dice = tuple(c.dice.d6() for _ in range(s.count))
    hits = sum(1 for d in dice if d <= value)
    c.emit(
        Roll(
            check=check,
            unit=f"{s.player}:{s.unit}",
            target=target if check != "attack" or len(c.sides) > 2 else None,
            die=hits,
            dice=dice,
            read=f"hits at {value} or less",
            modifiers=(),
            total=hits,
            outcome=f"{hits} hit{'s' * (hits != 1)} in {c.location(at).name}",
            side=s.player,
            rule=rule,
        )
    )
    return hits


def rolled_on(read: str | None) -> int | None:
    """The number a roll of hits was made on, from its `read` ("hits at 4 or less", as roll_hits and the
    spells write it)."""
    found = re.fullmatch(r"hits at ([0-9]) or less", read or "")
    return int(found.group(1)) if found else None


@dataclass(frozen=True, slots=True)
class TakeHit(cmd.Command):
    """OW-COMBAT-2/7 (OW-DEC-11): the defending player's choice of the stack of `unit` in `location`
    that the next hit falls on, among his cheapest tokens there. Pass: the cheapest-first default
    (victim_key) for the rest of the roll."""

    location: str
    unit: str


@dataclass(frozen=True)
class Hits:
    """An `ow_hits` decision's payload: the hits still to fall on the player's tokens there."""

    count: int


def choosable(c: Campaign, player: str, loc: str) -> tuple[str, ...]:
    """OW-COMBAT-6/7: the units of the player's tokens the next hit may fall on there: those of the
    least cost, the default's first (victim_key)."""
    mine = sorted(c.stacks_at(loc, player), key=lambda x: victim_key(c.unit(x.unit), x.count, x.unit))
    if not mine:
        return ()
    cheapest = c.unit(mine[0].unit).cost
    return tuple(s.unit for s in mine if c.unit(s.unit).cost == cheapest)


def asks_hits(c: Campaign, player: str, loc: str, hits: int) -> tuple[str, ...]:
    """The units the player is asked to choose among for the next hit (OW-DEC-11): his cheapest there,
    when there are two or more and the choice can matter (the hits leave some of them standing, or an
    armour roll may save one); () when the rules leave no choice."""
    units = choosable(c, player, loc)
    if len(units) < 2:
        return ()
    stacks = [s for s in c.stacks_at(loc, player) if s.unit in units]
    armour = any(c.unit(s.unit).ability("armour") is not None for s in stacks)
    return units if armour or hits < sum(s.count for s in stacks) else ()


def casualties(c: Campaign, player: str, loc: str, hits: int) -> Resolution:
    """OW-COMBAT-6/7 (OW-DEC-11): the cheapest tokens fall first; among tokens of the least cost the
    defending player chooses, a hit at a time (`ow_hits`, asked only where the choice can matter; a
    pass leaves the rest of the roll to the default, victim_key). A hit falling on an armoured token
    is saved on a D6 at or under its armour (OW-DEC-18), so those go a hit at a time."""
    lost: dict[str, int] = {}
    default = False
    while hits > 0:
        mine = list(c.stacks_at(loc, player))
        if not mine:
            break
        s = min(mine, key=lambda x: victim_key(c.unit(x.unit), x.count, x.unit))
        chosen = False
        options = () if default else asks_hits(c, player, loc, hits)
        if options:
            decision = Decision("ow_hits", player, "", options, stage=loc, payload=Hits(hits))
            answer = yield from asking(c, decision, partial(_accept_hit, c, loc, options))
            if isinstance(answer, TakeHit):
                found = c.stack_of(player, loc, answer.unit)
                assert found is not None
                s, chosen = found, True
            else:
                default = True
        armour = c.unit(s.unit).ability("armour")
        hit = 1 if armour is not None or chosen else min(hits, s.count)
        hits -= hit
        if armour is not None and saved(c, s, armour.amount, armour.rule or "OW-DEC-18"):
            continue
        c.take(s, hit)
        lost[s.unit] = lost.get(s.unit, 0) + hit
        key = (player, s.unit)
        c.defeated[key] = c.defeated.get(key, 0) + hit  # OW-COMBAT-8: off the location, kept this turn
    for unit_id, n in lost.items():
        left = c.stack_of(player, loc, unit_id)
        c.emit(
            Note(
                rule="OW-COMBAT-6",
                text=f"{c.name(player)} loses {n} {c.unit(unit_id).name} in {c.location(loc).name}",
                details={
                    "player": player, "unit": unit_id, "location": loc, "lost": n,
                    "left": left.count if left else 0,
                },
            )
        )  # fmt: skip


def _accept_hit(c: Campaign, loc: str, options: tuple[str, ...], a: cmd.Command) -> None:
    """An answer to `ow_hits`: one of the units offered, in that location, or a pass (the default)."""
    if isinstance(a, cmd.Pass):
        return
    if not isinstance(a, TakeHit):
        raise refuse("OW-COMBAT-7", "reason_ow_take_hit")
    if a.location != loc or a.unit not in options:
        names = ", ".join(c.unit(u).name for u in options)
        raise refuse("OW-COMBAT-6", "reason_ow_cheapest_first", stacks=names)


def saved(c: Campaign, s: Stack, armour: int, rule: str) -> bool:
    """OW-DEC-18: an armour roll for a hit on one of the stack's tokens."""
    die = c.dice.d6()
    kept = die <= armour
    c.emit(
        Roll(
            check="armour",
            unit=f"{s.player}:{s.unit}",
            die=die,
            modifiers=(),
            total=die,
            outcome="saved" if kept else "lost",
            side=s.player,
            rule=rule,
        )
    )
    return kept


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


def players_at(c: Campaign, loc: str) -> set[str]:
    return {x.player for x in c.stacks_at(loc)}


def fight(c: Campaign, loc: str) -> Resolution:
    """One location's combat: rounds of initiative order until one player is left (OW-COMBAT-12)."""
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
            if len(players_at(c, loc)) < 2:
                return
            if s.count <= 0 or s.held or s.location != loc:
                continue
            decision = Decision("ow_combat", s.player, s.unit, retreats(c, s), stage=loc)
            answer = yield from asking(c, decision, partial(_accept, c, s))
            if isinstance(answer, FallBack):
                fall_back(c, s, answer)
            else:
                yield from strike(c, s, rnd)
        if len(players_at(c, loc)) < 2:
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

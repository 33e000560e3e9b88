"""Exact odds of Open Wars' dice (OW-COMBAT, OW-UNIT-1, OW-MAGIC; OW-DEC-7, OW-DEC-22): the chance
each player is the one left in a combat, were every stack to attack in its turn until one player is
left or the rounds run out; and the chance of each number of tokens a shot or a spell's dice take.

The state of a combat is the tokens left in each stack; hits fall cheapest first (OW-COMBAT-6), an
armoured token saving each hit on its own chance, so the states stay few and a memo of (tokens, round,
order, step) small. Initiative ties between players are roll-offs (OW-DEC-10): every order of the tied
players is as likely. Each stack's attack is the rules' own (systems/open_wars/modifiers.py) for the
round and the numbers supposed. Pure: it reads the campaign and changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from itertools import permutations, product

from game.model.dice import FACES
from systems.open_wars import modifiers as mod
from systems.open_wars.combat import hits_odds, rank, victim_key
from systems.open_wars.homes import rising
from systems.open_wars.records import UnitKind
from systems.open_wars.state import Campaign, Stack

Counts = tuple[int, ...]


@dataclass(frozen=True)
class CombatOdds:
    """`win[player]`: the chance he alone is left; `unresolved`: two or more still there after the last
    round (OW-DEC-7)."""

    win: Mapping[str, float]
    unresolved: float


def supposed(c: Campaign, loc: str, arriving: Stack | None) -> list[Stack]:
    """The stacks in a location, with `arriving` joined to its player's stack of the unit there, and the
    militia its arrival would raise in an enemy's home (OW-DEC-27) joined to its owner's (new records:
    the campaign's own stay as they are)."""
    stacks = list(c.stacks_at(loc))
    if arriving is None:
        return stacks
    militia = rising(c, loc, arriving.player)
    for more in (replace(arriving, location=loc), *([militia] if militia else [])):
        key = (more.player, more.unit)
        i = next((i for i, s in enumerate(stacks) if (s.player, s.unit) == key), None)
        if i is None:
            stacks = [*stacks, more]
        else:
            stacks = [*stacks[:i], replace(stacks[i], count=stacks[i].count + more.count), *stacks[i + 1 :]]
    return stacks


def save_chance(u: UnitKind) -> float:
    """OW-DEC-18: the chance an armour roll saves a hit on a token of the unit."""
    armour = u.ability("armour")
    return armour.amount / FACES if armour is not None else 0.0


def combat_odds(c: Campaign, loc: str, arriving: Stack | None = None) -> CombatOdds:
    """`arriving`: tokens supposed to have marched in (a march's odds, before it is sent)."""
    stacks = supposed(c, loc, arriving)
    players = sorted({s.player for s in stacks})
    if len(players) < 2:
        return CombatOdds({p: 1.0 for p in players}, 0.0)
    units = [c.unit(s.unit) for s in stacks]
    rounds = c.rules.numbers.combat_rounds
    orders = _orders(c, stacks)
    owner = [players.index(s.player) for s in stacks]
    seat = {p: i for i, p in enumerate(c.order + sorted(c.sides))}
    ground, holder = mod.ground(c, loc), c.control[loc]

    @cache
    def totals(counts: Counts) -> tuple[int, ...]:
        out = [0] * len(players)
        for i, n in enumerate(counts):
            out[owner[i]] += n
        return tuple(out)

    # a stack whose attack holds a first-round bonus (the only thing a round's number changes)
    first_round = [any(a.when == "first_round" for a in u.abilities if a.kind == "bonus") for u in units]

    @cache
    def attack(i: int, first: bool, ahead: bool) -> int:
        x = mod.Context(ground, holder == stacks[i].player, 1 if first else 2, ahead)
        return mod.attack(c, stacks[i], x)

    def ahead(i: int, counts: Counts) -> bool:
        t = totals(counts)
        return t[owner[i]] > max((n for k, n in enumerate(t) if k != owner[i]), default=0)

    @cache
    def foe(counts: Counts, me: int) -> int | None:
        """combat.foe on supposed numbers: the only enemy, or the strongest, the richest, the first."""
        present = [k for k, n in enumerate(totals(counts)) if n > 0 and k != me]
        if len(present) <= 1:
            return present[0] if present else None

        def weight(k: int) -> tuple[float, int, int]:
            mine = [i for i, n in enumerate(counts) if n > 0 and owner[i] == k]
            hits = sum(counts[i] * attack(i, True, ahead(i, counts)) / FACES for i in mine)
            return (hits, sum(counts[i] * units[i].cost for i in mine), -seat[players[k]])

        return max(present, key=weight)

    @cache
    def spread(dice: int, value: int) -> tuple[tuple[int, float], ...]:
        return tuple((k, float(p)) for k, p in hits_odds(dice, value).items())

    @cache
    def hit(counts: Counts, victim: int, hits: int) -> tuple[tuple[Counts, float], ...]:
        """OW-COMBAT-6/7 as combat.casualties assigns them, armour saving each hit on its chance."""
        mine = [i for i, n in enumerate(counts) if n > 0 and owner[i] == victim]
        if hits == 0 or not mine:
            return ((counts, 1.0),)
        i = min(mine, key=lambda k: victim_key(units[k], counts[k], stacks[k].unit))
        save = save_chance(units[i])
        if save == 0.0:
            lost = min(hits, counts[i])
            after = (*counts[:i], counts[i] - lost, *counts[i + 1 :])
            return hit(after, victim, hits - lost)
        after = (*counts[:i], counts[i] - 1, *counts[i + 1 :])
        out: dict[Counts, float] = {}
        for state, p in hit(counts, victim, hits - 1):
            out[state] = out.get(state, 0.0) + save * p
        for state, p in hit(after, victim, hits - 1):
            out[state] = out.get(state, 0.0) + (1 - save) * p
        return tuple(out.items())

    @cache
    def turn(counts: Counts, rnd: int, order: int, step: int) -> tuple[float, ...]:
        """Outcome chances (one per player, then unresolved) from this step of this round's order."""
        left = [k for k, n in enumerate(totals(counts)) if n > 0]
        if len(left) == 1:
            return (*(1.0 if k == left[0] else 0.0 for k in range(len(players))), 0.0)
        sequence, _chance = orders[order]
        if step == len(sequence):
            return start(counts, rnd + 1)
        i = sequence[step]
        target = foe(counts, owner[i])
        if counts[i] == 0 or stacks[i].held or target is None:
            return turn(counts, rnd, order, step + 1)
        total = [0.0] * (len(players) + 1)
        for state, p in strike(counts, i, target, rnd == 1 and first_round[i]):
            for j, v in enumerate(turn(state, rnd, order, step + 1)):
                total[j] += p * v
        return tuple(total)

    @cache
    def strike(counts: Counts, i: int, target: int, first: bool) -> tuple[tuple[Counts, float], ...]:
        """The states a stack's attack leaves, each with its chance (hits and saves merged)."""
        guard = mod.defence(c, loc, players[target], units[i])
        value = mod.clamp(attack(i, first, ahead(i, counts)) - guard)
        out: dict[Counts, float] = {}
        for k, chance in spread(counts[i], value):
            for state, p in hit(counts, target, k):
                out[state] = out.get(state, 0.0) + chance * p
        return tuple(out.items())

    @cache
    def start(counts: Counts, rnd: int) -> tuple[float, ...]:
        if rnd > rounds:
            return (0.0,) * len(players) + (1.0,)
        total = [0.0] * (len(players) + 1)
        for order, (_sequence, chance) in enumerate(orders):
            for j, v in enumerate(turn(counts, rnd, order, 0)):
                total[j] += chance * v
        return tuple(total)

    result = start(tuple(s.count for s in stacks), 1)
    return CombatOdds(dict(zip(players, result[:-1], strict=True)), result[-1])


def _orders(c: Campaign, stacks: list[Stack]) -> list[tuple[tuple[int, ...], float]]:
    """Every initiative order a round may take (OW-COMBAT-3/4), as stack indices, with its chance: a
    group of equal rank holding several players' stacks goes in any order of those players, each as
    likely (roll-offs)."""
    ranks = [rank(c, s) for s in stacks]
    ranked = sorted(range(len(stacks)), key=lambda i: (ranks[i], stacks[i].unit))
    groups: list[list[int]] = []
    for i in ranked:
        if groups and ranks[groups[-1][0]] == ranks[i]:
            groups[-1].append(i)
        else:
            groups.append([i])

    def seated(g: list[int], seats: tuple[str, ...]) -> tuple[int, ...]:
        return tuple(sorted(g, key=lambda i: (seats.index(stacks[i].player), stacks[i].unit)))

    choices = [
        [seated(g, seats) for seats in permutations(sorted({stacks[i].player for i in g}))] for g in groups
    ]
    out = []
    for combo in product(*choices):
        chance = 1.0
        for options in choices:
            chance /= len(options)
        out.append((tuple(i for part in combo for i in part), chance))
    return out


def losses_odds(c: Campaign, loc: str, victim: str, dice: int, value: int) -> dict[int, float]:
    """OW-UNIT-1, OW-MAGIC-3: the exact chance of each number of the victim's tokens lost in a location
    to `dice` dice hitting on `value` or less, hits falling as combat.casualties lays them (cheapest
    first) and armour saving some."""
    stacks = list(c.stacks_at(loc, victim))
    units = [c.unit(s.unit) for s in stacks]

    @cache
    def lose(counts: Counts, hits: int) -> tuple[tuple[int, float], ...]:
        """Tokens lost from these counts to `hits` hits."""
        alive = [i for i, n in enumerate(counts) if n > 0]
        if hits == 0 or not alive:
            return ((0, 1.0),)
        i = min(alive, key=lambda k: victim_key(units[k], counts[k], stacks[k].unit))
        save = save_chance(units[i])
        after = (*counts[:i], counts[i] - 1, *counts[i + 1 :])
        out: dict[int, float] = {}
        for gone, state, p in ((0, counts, save), (1, after, 1 - save)):
            for more, q in lose(state, hits - 1) if p else ():
                out[gone + more] = out.get(gone + more, 0.0) + p * q
        return tuple(out.items())

    total: dict[int, float] = {}
    for k, p in hits_odds(dice, value).items():
        for n, q in lose(tuple(s.count for s in stacks), k):
            total[n] = total.get(n, 0.0) + float(p) * q
    return dict(sorted(total.items()))

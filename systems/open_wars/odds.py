"""Exact odds of an Open Wars combat (OW-COMBAT, OW-DEC-7): the chance each player is the one left in
the location, were every stack to attack in its turn until one player is gone or the rounds run out.

The state of a combat is the tokens left in each stack; hits fall cheapest first (OW-COMBAT-6), so a
player's stacks can only be in as many states as he has tokens and a memo of (tokens, round, step)
stays small. Initiative ties between the players are a fair roll-off each round (OW-DEC-10): each
order is taken with its chance. Pure: it reads the campaign and changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import product

from systems.open_wars.combat import hits_odds, rank, victim_key
from systems.open_wars.state import Campaign, Stack

Counts = tuple[int, ...]


@dataclass(frozen=True)
class CombatOdds:
    """`win[player]`: the chance he alone is left; `unresolved`: both still there after the last
    round (OW-DEC-7)."""

    win: Mapping[str, float]
    unresolved: float


def combat_odds(c: Campaign, loc: str) -> CombatOdds:
    stacks = list(c.stacks_at(loc))
    players = sorted({s.player for s in stacks})
    if len(players) < 2:
        return CombatOdds({p: 1.0 for p in players}, 0.0)
    units = [c.unit(s.unit) for s in stacks]
    rounds = c.rules.numbers.combat_rounds
    orders = _orders(c, stacks)

    @cache
    def alive(counts: Counts) -> frozenset[str]:
        return frozenset(stacks[i].player for i, n in enumerate(counts) if n > 0)

    @cache
    def spread(dice: int, attack: int) -> tuple[tuple[int, float], ...]:
        return tuple((k, float(p)) for k, p in hits_odds(dice, attack).items())

    @cache
    def hit(counts: Counts, player: str, hits: int) -> Counts:
        """OW-COMBAT-6/7 as combat.casualties assigns them: the cheapest stack first."""
        out = list(counts)
        while hits > 0:
            mine = [i for i, n in enumerate(out) if n > 0 and stacks[i].player == player]
            if not mine:
                break
            i = min(mine, key=lambda k: victim_key(units[k], out[k], stacks[k].unit))
            lost = min(hits, out[i])
            out[i] -= lost
            hits -= lost
        return tuple(out)

    @cache
    def turn(counts: Counts, rnd: int, order: int, step: int) -> tuple[float, ...]:
        """Outcome chances (one per player, then unresolved) from this step of this round's order."""
        left = alive(counts)
        if len(left) == 1:
            return (*(1.0 if p in left else 0.0 for p in players), 0.0)
        sequence, _chance = orders[order]
        if step == len(sequence):
            return start(counts, rnd + 1)
        i = sequence[step]
        if counts[i] == 0 or stacks[i].held:
            return turn(counts, rnd, order, step + 1)
        foe = next(p for p in players if p != stacks[i].player)
        total = [0.0] * (len(players) + 1)
        for k, chance in spread(counts[i], units[i].attack):
            for j, v in enumerate(turn(hit(counts, foe, k), rnd, order, step + 1)):
                total[j] += chance * v
        return tuple(total)

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
    """Every initiative order a round may take (OW-COMBAT-3/4), as stack indices, with its chance:
    a group of equal rank holding both players' stacks goes one player first or the other, 1/2 each."""
    ranked = sorted(range(len(stacks)), key=lambda i: (rank(c.unit(stacks[i].unit)), stacks[i].unit))
    groups: list[list[int]] = []
    for i in ranked:
        if groups and rank(c.unit(stacks[groups[-1][0]].unit)) == rank(c.unit(stacks[i].unit)):
            groups[-1].append(i)
        else:
            groups.append([i])

    def first_of(g: list[int], player: str) -> tuple[int, ...]:
        return tuple(sorted(g, key=lambda i: (stacks[i].player != player, stacks[i].unit)))

    choices = [[first_of(g, p) for p in sorted({stacks[i].player for i in g})] for g in groups]
    out = []
    for combo in product(*choices):
        chance = 1.0
        for options in choices:
            chance /= len(options)
        out.append((tuple(i for part in combo for i in part), chance))
    return out

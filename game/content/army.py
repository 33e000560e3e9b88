"""Armies given as a points budget (FG-ARMY-3, AMB-16): the computer buys the units and shares them
among divisions at the start of a match (FG-PREP-1/2/4). The build is the computer's own choice, not
a die of the battle: it draws from its own stream seeded by the match seed and the side, so the same
seed always builds the same army and a replay rebuilds it exactly."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import replace

from game.content.scenario import (
    MIN_DIVISIONS,
    MIN_UNITS,
    ArmySpec,
    DivisionSpec,
    Scenario,
    SideSpec,
    UnitSpec,
    cheapest,
)
from game.model.dice import Chooser
from game.model.ruleset import Ruleset

# The computer's taste when the scenario gives none (like the heuristic player's weights, these are
# the AI's preferences, not rules): a share of the points per category, and how likely each quality is.
MIX = {"LnInf": 45.0, "LI": 10.0, "HC": 12.0, "LC": 13.0, "FA": 12.0, "HA": 8.0}
QUALITIES = {"I": 2.0, "R": 5.0, "V": 2.0, "E": 1.0}
DIVISION_POINTS = 6  # about one division per this many points when the scenario does not say
JITTER = (0.7, 1.3)  # each category's share is scaled by a factor drawn from this range
CAVALRY_DIVISION_FROM = 3  # with this many divisions or more, the cavalry rides as a division of its own


def division_count(army: ArmySpec, rules: Ruleset) -> int:
    """How many divisions: as the scenario says, else one per DIVISION_POINTS within what the budget
    can buy (two units each)."""
    if army.divisions is not None:
        return army.divisions
    most = army.points // (MIN_UNITS * cheapest(rules))
    return max(MIN_DIVISIONS, min(most, round(army.points / DIVISION_POINTS)))


def _weights(
    given: dict[str, float] | None, default: dict[str, float], known: Mapping[str, object]
) -> dict[str, float]:
    """The scenario's weights, else the default's for the codes this ruleset has (all alike if none)."""
    if given is not None:
        return {k: w for k, w in given.items() if w > 0}
    return {k: w for k, w in default.items() if k in known} or dict.fromkeys(known, 1.0)


def _seed(seed: int, side: str) -> int:
    return int.from_bytes(hashlib.sha256(f"army {seed} {side}".encode()).digest()[:8], "big")


def buy(army: ArmySpec, rules: Ruleset, rng: Chooser, divisions: int) -> list[str]:
    """Category codes whose cost is the budget, or the most of it that the costs can make, with at least
    two units per division; each purchase goes to the category furthest below its share."""
    cost = {c: rules.categories[c].points for c in rules.categories}
    shares = _weights(army.mix, MIX, rules.categories)
    total = sum(shares.values())
    target = {c: army.points * w / total * rng.uniform(*JITTER) for c, w in shares.items()}
    # reachable[x]: some purchase costs exactly x
    reachable = [True] + [False] * army.points
    for x in range(1, army.points + 1):
        reachable[x] = any(cost[c] <= x and reachable[x - cost[c]] for c in cost)
    low = cheapest(rules)
    bought: list[str] = []
    spent = dict.fromkeys(cost, 0.0)
    left = army.points
    while True:
        need = max(0, MIN_UNITS * divisions - len(bought) - 1)
        # every pick leaves enough for the units still needed (the cheapest always can: checked at load)
        can = [c for c in cost if cost[c] <= left and left - cost[c] >= need * low]
        exact = [c for c in can if reachable[left - cost[c]]]
        pool = exact or can
        if not pool:
            return bought
        wanted = [c for c in pool if c in target] or pool
        gap = max(target.get(c, 0.0) - spent[c] for c in wanted)
        c = rng.pick([c for c in wanted if target.get(c, 0.0) - spent[c] == gap])
        bought.append(c)
        spent[c] += cost[c]
        left -= cost[c]


def organise(units: list[str], rules: Ruleset, divisions: int, most: int) -> list[list[str]]:
    """Share the units among the divisions (FG-PREP-4): the cavalry as a division of its own in a larger
    army; batteries spread out first, then each unit to the division with fewest units (of its type).
    No division gets more than `most` units when the divisions can hold them all."""
    kind = {c: rules.categories[c].type for c in rules.categories}
    cavalry = [u for u in units if kind[u] == "cavalry"]
    rest = [u for u in units if kind[u] != "cavalry"]
    groups: list[list[str]] = [[] for _ in range(divisions)]
    if (
        divisions >= CAVALRY_DIVISION_FROM
        and MIN_UNITS <= len(cavalry) <= most
        and MIN_UNITS * (divisions - 1) <= len(rest) <= most * (divisions - 1)
    ):
        groups[-1] = cavalry
        foot, cavalry = groups[:-1], []
    else:
        foot = groups
    dealt = {"artillery": 0, "infantry": 1, "cavalry": 2}
    for u in sorted(rest + cavalry, key=lambda u: dealt[kind[u]]):
        min(foot, key=lambda g: (len(g), sum(kind[x] == kind[u] for x in g))).append(u)
    listed = {"infantry": 0, "cavalry": 1, "artillery": 2}  # as an order of battle lists them
    return [sorted(g, key=lambda u: listed[kind[u]]) for g in groups]


def build_army(side: SideSpec, rules: Ruleset, seed: int, most: int) -> list[DivisionSpec]:
    """The divisions of a side given as a points budget, none of more than `most` units (what the
    mode lets a division hold: For Glory's FG-DEP-9), more divisions than asked when the units need
    them; the same seed gives the same divisions."""
    army = side.army
    assert army is not None
    rng = Chooser(_seed(seed, side.id))
    count = division_count(army, rules)
    bought = buy(army, rules, rng, count)
    count = max(count, -(-len(bought) // most))  # a division too large could never deploy
    groups = organise(bought, rules, count, most)
    qualities = _weights(army.qualities, QUALITIES, rules.qualities)
    codes = sorted(qualities)
    out = []
    for k, group in enumerate(groups, start=1):
        dv = f"{side.id}-{k}"
        units = []
        for j, code in enumerate(group):
            quality = _weighted(rng, codes, [qualities[q] for q in codes])
            units.append(UnitSpec(f"{dv}{_letters(j)}", code, quality))
        out.append(
            DivisionSpec(dv, units)
        )  # named in the player's language as any unnamed (game/running/names.py)
    return out


def _letters(j: int) -> str:
    """a, b, ... z, aa, ab ...: the unit ids of a division, as the shipped scenarios write them."""
    s = ""
    j += 1
    while j:
        j, r = divmod(j - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def _weighted(rng: Chooser, items: list[str], weights: list[float]) -> str:
    x = rng.uniform(0, sum(weights))
    for item, w in zip(items, weights, strict=True):
        if x < w:
            return item
        x -= w
    return items[-1]


def with_armies(sc: Scenario, rules: Ruleset, seed: int, most: int) -> Scenario:
    """The scenario with every points army built for this match's seed, no division of more than
    `most` units (others unchanged)."""
    if all(s.army is None for s in sc.spec.sides):
        return sc
    sides = [replace(s, divisions=build_army(s, rules, seed, most)) if s.army else s for s in sc.spec.sides]
    return replace(sc, spec=replace(sc.spec, sides=sides))

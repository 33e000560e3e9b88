"""What a strategic spell that changes the ground or the going is worth to a computer player (OW-DEC-26;
OW-MAGIC-3, OW-DEC-16: movement, entry, terrain and barrier effects): the campaign supposed with the
spell in force (a copy whose list of charms has it; the real campaign is never changed), and the
player's own judgement asked of both: how much more its best march is worth there, and how much
likelier it keeps the places it holds against the enemies still to march. Its reasons are those parts,
less the mana the spell costs."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable

from systems.open_wars.magic import Cast
from systems.open_wars.state import Campaign, Charm, Stack

# the effects this module weighs (the others are weighed by what they do at once: hits, gold, ...)
GOING = ("movement", "entry", "terrain", "barrier")


def supposing(c: Campaign, player: str, a: Cast) -> Campaign:
    """The campaign as it would be with the spell cast: the same state, one charm more (pure)."""
    e = c.rules.spells[a.spell].effect
    view = copy.copy(c)
    view.charms = [*c.charms, Charm(a.spell, e.kind, a.target, player, e.amount, e.friendly, e.terrain)]
    return view


def near(c: Campaign, target: str, links: int) -> set[str]:
    """The locations at most `links` links from the target, over any ground."""
    return {loc for loc, n in c.hops(target).items() if n <= links}


Reach = Callable[[Campaign, Stack], dict[str, tuple[str, ...]]]


def movers(c: Campaign, player: str, a: Cast, reach: Reach) -> list[Stack]:
    """The player's stacks whose marches the spell may change: those marching from the target (a
    movement spell), or those that reach it or a location next to it (its entry, ground, barrier)."""
    if c.rules.spells[a.spell].effect.kind == "movement":
        return [s for s in c.army(player) if s.location == a.target and s.moved < s.count]
    edge = {a.target, *c.neighbours(a.target)}
    return [
        s for s in c.army(player) if s.moved < s.count and (s.location in edge or edge & reach(c, s).keys())
    ]


def blocked(c: Campaign, player: str, a: Cast, reach: Reach) -> bool:
    """Whether an enemy still to march can reach the target (only his marches a spell there slows)."""
    return any(s.player != player and s.moved < s.count and a.target in reach(c, s) for s in c.stacks)


def going_parts(
    c: Campaign,
    player: str,
    a: Cast,
    best_march: Callable[[Campaign, list[Stack]], float],
    held: Callable[[Campaign, Iterable[str]], float],
    reach: Reach,
    links: int,
) -> dict[str, float]:
    """The parts of a movement, entry, terrain or barrier spell's worth: `marches`, how much more the
    best march of the player's stacks it touches (`movers`) is worth with the spell in force; `holds`,
    how much more its places within `links` of the target are worth held against the enemies that can
    still come through it (`held` weighs them). `reach`: where a stack can march (the player's memo)."""
    after = supposing(c, player, a)
    parts: dict[str, float] = {}
    stacks = movers(c, player, a, reach)
    if stacks:
        keys = {(s.location, s.unit) for s in stacks}
        mine = [s for s in after.army(player) if (s.location, s.unit) in keys]
        parts["marches"] = best_march(after, mine) - best_march(c, stacks)
    if blocked(c, player, a, reach):
        around = near(c, a.target, links)
        parts["holds"] = held(after, around) - held(c, around)
    return {k: v for k, v in parts.items() if abs(v) > 1e-9}

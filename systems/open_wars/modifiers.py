"""A unit's numbers as the rules make them here and now (OW-DEC-23): its card's characteristics
(OW-LOC-7, OW-DEC-20), its abilities (OW-FAC, OW-DEC-18) and the spells in force this turn (OW-MAGIC,
OW-DEC-16) laid over the token's printed entry costs, movement, attack, initiative, range and price.
Every rule that moves, fights, shoots or recruits asks here, and so do the exact odds: pure functions
of the campaign (nothing changes)."""

from __future__ import annotations

from dataclasses import dataclass

from game.model.dice import FACES
from systems.open_wars.records import Ability, UnitKind
from systems.open_wars.state import Campaign, Stack

MIN_ATTACK = 1  # OW-DEC-23: a 1 always hits, whatever is against it


def ground(c: Campaign, loc: str) -> str:
    """The location's type this turn: a terrain spell's, else its card's (OW-DEC-16)."""
    if not c.charms:
        return c.location(loc).type
    return next(
        (x.terrain for x in c.charms if x.kind == "terrain" and x.location == loc and x.terrain), None
    ) or (c.location(loc).type)


def trait(c: Campaign, loc: str, kind: str, unit: UnitKind, player: str) -> int:
    """OW-LOC-7: the sum of the location's card's characteristics of a kind for a unit of a player."""
    card = c.card(loc)
    if card is None:
        return 0
    holder = c.control[loc]
    total = 0
    for t in card.traits:
        if t.kind != kind or (t.types and unit.type not in t.types):
            continue
        if t.who == "all" or (t.who == "holder") == (player == holder):
            total += t.amount
    return total


def spelled(c: Campaign, kind: str, loc: str, player: str) -> int:
    """The spells of a kind in force on the player's tokens in a location (OW-DEC-16)."""
    return sum(x.amount for x in c.charms if x.kind == kind and x.location == loc and x.touches(player))


def barred_by_spell(c: Campaign, loc: str, player: str) -> bool:
    """A barrier cast by an enemy of the player bars him from the location this turn (OW-MAGIC-3)."""
    return bool(c.charms) and any(
        x.kind == "barrier" and x.location == loc and x.caster != player for x in c.charms
    )


def no_spells(c: Campaign, loc: str) -> bool:
    card = c.card(loc)
    return card is not None and any(t.kind == "no_spells" for t in card.traits)


def entry_cost(c: Campaign, unit: UnitKind, loc: str, player: str) -> int:
    """OW-MOVE-2/5/6, OW-LOC-3: the card's cost (the type's when it gives none or a spell changed the
    type), its characteristics and the spells on it, 1 less for a unit of the location's own type
    (never magic or flying, which no location is); a `stride` unit pays the least; never under the
    least (OW-DEC-3, OW-DEC-23)."""
    n = c.rules.numbers
    spec = c.location(loc)
    kind = ground(c, loc)
    base = spec.entry_cost if spec.entry_cost is not None and kind == spec.type else c.rules.entry(kind)
    base += trait(c, loc, "entry", unit, player)
    if c.charms:  # most turns none, and the searches ask this of every step
        base += sum(x.amount for x in c.charms if x.kind == "entry" and x.location == loc)
    if unit.type == kind:
        base -= n.terrain_bonus
    if any(a.kind == "stride" and kind in a.on for a in unit.abilities):
        base = n.min_entry_cost
    return max(n.min_entry_cost, base)


def movement(c: Campaign, unit: UnitKind, loc: str, player: str) -> int:
    """OW-MOVE-1/3: the token's movement and the spells on its tokens where its march starts."""
    return max(0, unit.movement + spelled(c, "movement", loc, player))


@dataclass(frozen=True)
class Context:
    """Where and when a stack fights: its location's type, whether its player holds it, the round of
    the combat (0: a shot, no round) and whether it outnumbers every enemy there."""

    ground: str
    holding: bool
    round: int
    outnumbering: bool


def context(c: Campaign, s: Stack, rnd: int, counts: dict[str, int] | None = None) -> Context:
    """The context of a stack's fight; `counts`: each player's tokens there (the odds' supposed ones)."""
    here = counts if counts is not None else tokens_at(c, s.location)
    mine = here.get(s.player, 0)
    most = max((n for p, n in here.items() if p != s.player), default=0)
    return Context(ground(c, s.location), c.control[s.location] == s.player, rnd, mine > most)


def tokens_at(c: Campaign, loc: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in c.stacks_at(loc):
        out[s.player] = out.get(s.player, 0) + s.count
    return out


def holds(a: Ability, x: Context) -> bool:
    """Does a bonus ability hold in this context (OW-DEC-18)?"""
    if a.on and x.ground not in a.on:
        return False
    return {
        "always": True,
        "defending": x.holding,
        "attacking": not x.holding,
        "first_round": x.round == 1,
        "outnumbering": x.outnumbering,
    }[a.when]


def bonus(unit: UnitKind, stat: str, x: Context) -> int:
    return sum(a.amount for a in unit.abilities if a.kind == "bonus" and a.stat == stat and holds(a, x))


def attack(c: Campaign, s: Stack, x: Context) -> int:
    """OW-COMBAT-5: the highest die a token of the stack hits with, before its target's defence: its
    attack, its abilities, its card's characteristics, the spells on it; 1 to 6 (OW-DEC-23)."""
    unit = c.unit(s.unit)
    value = unit.attack + bonus(unit, "attack", x) + trait(c, s.location, "attack", unit, s.player)
    return clamp(value + spelled(c, "attack", s.location, s.player))


def initiative(c: Campaign, s: Stack) -> int:
    """OW-COMBAT-3/4: initiative with its special modifiers (abilities, card, spells), counted before
    any tie is broken."""
    unit = c.unit(s.unit)
    x = context(c, s, 0)
    value = (
        unit.initiative + bonus(unit, "initiative", x) + trait(c, s.location, "initiative", unit, s.player)
    )
    return max(0, value + spelled(c, "initiative", s.location, s.player))


def defence(c: Campaign, loc: str, player: str, attacker: UnitKind) -> int:
    """How much less an enemy's die needs to hit the player's tokens there: the card's defence for him
    against that kind of attacker (its `types`: the attackers it holds against) and his defence spells."""
    card = c.card(loc)
    total = spelled(c, "defence", loc, player)
    if card is not None:
        holder = c.control[loc]
        for t in card.traits:
            holds = t.who == "all" or (t.who == "holder") == (player == holder)
            if t.kind == "defence" and (not t.types or attacker.type in t.types) and holds:
                total += t.amount
    return total


def clamp(value: int) -> int:
    return max(MIN_ATTACK, min(FACES, value))


def reach(c: Campaign, s: Stack) -> int:
    """OW-UNIT-1: the links a stack shoots across: its range and its card's (a unit of no range has
    none)."""
    unit = c.unit(s.unit)
    if unit.range <= 0:
        return 0
    return max(0, unit.range + trait(c, s.location, "range", unit, s.player))


def recruit_price(c: Campaign, unit: UnitKind, loc: str, player: str) -> int:
    """OW-RECRUIT-1: a token's gold, less the city card's recruit characteristic, never under 1."""
    return max(1, unit.cost - trait(c, loc, "recruit", unit, player))

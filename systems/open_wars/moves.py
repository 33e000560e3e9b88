"""OW-MOVE, OW-STACK, OW-RECRUIT, OW-LOC-4/5: where a unit may go, what it costs, how many tokens fit
in a location, and who may recruit what where. Each check raises Reject with the rule and the reason
before anything changes; the phases (systems/open_wars/turn.py) then apply the command."""

from __future__ import annotations

from dataclasses import dataclass

from game.model import commands as cmd
from game.model.resolution import Reject, refuse
from systems.open_wars.modifiers import barred_by_spell, entry_cost, ground, movement, recruit_price
from systems.open_wars.records import UnitKind
from systems.open_wars.state import Campaign, Stack


@dataclass(frozen=True, slots=True)
class Recruit(cmd.Command):
    """OW-TURN-6: buy tokens of a unit in a city the player controls."""

    location: str
    unit: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class March(cmd.Command):
    """OW-TURN-7: move `count` unmoved tokens of a stack along `path` (its first location is where
    they stand)."""

    unit: str
    path: tuple[str, ...]
    count: int = 1


def barred(c: Campaign, unit: UnitKind, loc: str, player: str) -> str | None:
    """Why the player's unit may not enter the location at all, in English, or None (the AI asks this)."""
    why = barring(c, unit, loc, player)
    return c.reason(why) if why else None


def barring(c: Campaign, unit: UnitKind, loc: str, player: str) -> Reject | None:
    """OW-LOC-4, OW-MOVE-4 (OW-DEC-8): the refusal of a move into the location (recorded as OW-LOC-4),
    a barrier spell of an enemy's (OW-MAGIC-3), or None."""
    why = _bar(c, unit, loc, player)
    if why is None:
        return None
    if why == "reason_ow_never_leaves_water":
        return refuse("OW-LOC-4", why, unit=unit.name)
    rule = "OW-MAGIC-3" if why == "reason_ow_barrier" else "OW-LOC-4"
    return refuse(rule, why, location=c.location(loc).name)


def bars(c: Campaign, unit: UnitKind, loc: str, player: str) -> bool:
    """Whether `barring` refuses the move, without wording it: searches ask it of every step."""
    return _bar(c, unit, loc, player) is not None


def _bar(c: Campaign, unit: UnitKind, loc: str, player: str) -> str | None:
    """The reason `barring` refuses the move for, or None."""
    kind = ground(c, loc)
    if kind == "water" and unit.type not in ("water", "flying"):
        return "reason_ow_water_only"
    if unit.type == "water" and kind != "water":
        return "reason_ow_never_leaves_water"
    if barred_by_spell(c, loc, player):
        return "reason_ow_barrier"
    return None


def stack_limit(c: Campaign, unit: UnitKind) -> int:
    """OW-STACK-1: 1 for unique and magic units, 4 for the others."""
    n = c.rules.numbers
    return n.stack_unique if unit.unique else n.stack_magic if unit.type == "magic" else n.stack_normal


def no_room(c: Campaign, player: str, loc: str, unit: UnitKind, count: int) -> str | None:
    """Why `count` more tokens do not fit there, in English, or None."""
    why = crowding(c, player, loc, unit, count)
    return c.reason(why) if why else None


def crowding(
    c: Campaign, player: str, loc: str, unit: UnitKind, count: int, rule: str = "OW-STACK-1"
) -> Reject | None:
    """OW-STACK-1/2, OW-MAGIC-6 (OW-DEC-9): the refusal of `count` more tokens there (recorded under
    `rule`, the order's), or None."""
    limit = stack_limit(c, unit)
    if _held(c, player, loc, unit) + count > limit:
        return refuse(rule, "reason_ow_stack_limit", limit=limit, unit=unit.name)
    magic = _other_magic(c, player, loc, unit)
    if len(magic) >= c.rules.numbers.magic_per_location:
        return refuse(rule, "reason_ow_one_magic", units=", ".join(sorted(magic)))
    return None


def _held(c: Campaign, player: str, loc: str, unit: UnitKind) -> int:
    here = c.stack_of(player, loc, unit.id)
    return here.count if here else 0


def _other_magic(c: Campaign, player: str, loc: str, unit: UnitKind) -> set[str]:
    """OW-MAGIC-6: the player's other magic units there, when the unit is one (else none counts)."""
    if unit.type != "magic":
        return set()
    return {s.unit for s in c.stacks_at(loc, player) if c.unit(s.unit).type == "magic"} - {unit.id}


def room_for(c: Campaign, player: str, loc: str, unit: UnitKind) -> int:
    """How many more tokens of the unit fit in the location (OW-STACK-1, OW-MAGIC-6): what `crowding`
    lets in, counted without wording its refusals (the AI asks it of every place it might march to)."""
    if len(_other_magic(c, player, loc, unit)) >= c.rules.numbers.magic_per_location:
        return 0
    return max(0, stack_limit(c, unit) - _held(c, player, loc, unit))


def check_march(c: Campaign, player: str, m: March) -> list[tuple[str, int]]:
    """The steps of a legal move and each one's cost; a move ends where enemies are (OW-DEC-8)."""
    unit = c.rules.units.get(m.unit)
    if unit is None or len(m.path) < 2:
        raise refuse("OW-MOVE-1", "reason_ow_move_names")
    start = m.path[0]
    if start not in c.locations:
        raise refuse("OW-MOVE-1", "reason_ow_no_location", location=repr(start))
    s = c.stack_of(player, start, m.unit)
    if s is None:
        raise refuse("OW-MOVE-1", "reason_ow_none_there", unit=unit.name, location=c.location(start).name)
    if not 1 <= m.count <= s.count - s.moved:
        raise refuse("OW-MOVE-1", "reason_ow_may_still_move", count=s.count - s.moved, unit=unit.name)
    left = movement(c, unit, start, player)
    steps: list[tuple[str, int]] = []
    here = start
    for i, loc in enumerate(m.path[1:], 1):
        if loc not in c.locations or loc not in c.neighbours(here):
            raise refuse("OW-MOVE-1", "reason_ow_not_next", location=loc, here=c.location(here).name)
        why = barring(c, unit, loc, player)
        if why:
            raise why
        cost = entry_cost(c, unit, loc, player)
        if cost > left:
            raise refuse(
                "OW-MOVE-3",
                "reason_ow_costs",
                location=c.location(loc).name,
                cost=cost,
                unit=unit.name,
                left=left,
            )
        if c.enemies_at(here, player) and i > 1:
            raise refuse("OW-DEC-8", "reason_ow_stops", location=c.location(here).name)
        left -= cost
        steps.append((loc, cost))
        here = loc
    why = crowding(c, player, here, unit, m.count)
    if why:
        raise why
    return steps


def march(c: Campaign, player: str, m: March) -> None:
    s = c.stack_of(player, m.path[0], m.unit)
    assert s is not None
    c.take(s, m.count)
    c.add(player, m.path[-1], m.unit, m.count, moved=m.count)


def reachable(c: Campaign, s: Stack) -> dict[str, tuple[str, ...]]:
    """Every location the stack's unmoved tokens can end a move in, with the cheapest path there."""
    unit = c.unit(s.unit)
    best: dict[str, tuple[int, tuple[str, ...]]] = {
        s.location: (movement(c, unit, s.location, s.player), (s.location,))
    }
    costs: dict[str, int | None] = {}  # a location's cost to enter, None where barred: asked once a search
    stops: dict[str, bool] = {}  # whether a move stops there (enemies)
    todo = [s.location]
    while todo:
        here = todo.pop()
        left, path = best[here]
        if here != s.location:
            if here not in stops:
                stops[here] = c.enemies_at(here, s.player)
            if stops[here]:
                continue  # a move stops where enemies are
        for loc in c.neighbours(here):
            if loc not in costs:
                costs[loc] = None if bars(c, unit, loc, s.player) else entry_cost(c, unit, loc, s.player)
            cost = costs[loc]
            if cost is None:
                continue
            if cost <= left and (loc not in best or best[loc][0] < left - cost):
                best[loc] = (left - cost, (*path, loc))
                todo.append(loc)
    return {
        loc: path
        for loc, (_left, path) in best.items()
        if loc != s.location and room_for(c, s.player, loc, unit) > 0
    }


# --- recruitment -------------------------------------------------------------------------------


def check_recruit(c: Campaign, player: str, r: Recruit) -> int:
    """OW-RECRUIT-1..4, OW-UNIT-5/6: returns the price."""
    if r.location not in c.locations:
        raise refuse("OW-RECRUIT-1", "reason_ow_no_location", location=repr(r.location))
    loc = c.location(r.location)
    if loc.type != "city":
        raise refuse("OW-LOC-5", "reason_ow_cities_only", location=loc.name)
    if c.control[r.location] != player or c.enemies_at(r.location, player):
        raise refuse("OW-RECRUIT-2", "reason_ow_not_your_city", location=loc.name)
    faction = c.rules.factions[c.factions[player]]
    unit = next((u for u in faction.units if u.id == r.unit), None)
    if unit is None:
        raise refuse("OW-RECRUIT-3", "reason_ow_no_such_unit", unit=repr(r.unit), faction=faction.name)
    if r.count < 1:
        raise refuse("OW-RECRUIT-1", "reason_ow_at_least_one")
    if unit.unique and any(s.unit == unit.id for s in c.army(player)):
        raise refuse("OW-UNIT-5", "reason_ow_unique", unit=unit.name)
    if unit.type == "water" and not any(c.location(n).type == "water" for n in c.neighbours(r.location)):
        raise refuse("OW-RECRUIT-3", "reason_ow_no_port", location=loc.name)
    why = crowding(c, player, r.location, unit, r.count, "OW-RECRUIT-4")
    if why:
        raise why
    price = recruit_price(c, unit, r.location, player) * r.count
    if price > c.purses[player].gold:
        gold = c.purses[player].gold
        key = (
            "reason_ow_gold_one" if r.count == 1 else "reason_ow_gold_many"
        )  # the tokens agree with the count
        raise refuse("OW-RECRUIT-1", key, count=r.count, unit=unit.name, price=price, gold=gold)
    return price


def recruit_cities(c: Campaign, player: str) -> tuple[str, ...]:
    """The cities where the player can afford at least one of its units now."""
    units = c.rules.factions[c.factions[player]].units
    out = []
    for loc in c.locations:
        for u in units:
            try:
                check_recruit(c, player, Recruit(loc, u.id))
            except Reject:
                continue
            out.append(loc)
            break
    return tuple(out)

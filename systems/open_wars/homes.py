"""A home's militia (OW-DEC-27): a player's home city that he still holds is never taken by a march into
it unopposed. In the combat phase, before the volley, where enemy tokens stand in such a home its
player raises `militia` tokens there (content/rulesets/open-wars/numbers.toml) of his faction's militia
unit, as many as fit; they fight for it as any token, and stay. The screen's odds and the computer
players count them before a march is sent (`rising`)."""

from __future__ import annotations

from game.model.events import Note
from systems.open_wars.moves import room_for
from systems.open_wars.records import Faction, UnitKind
from systems.open_wars.state import Campaign, Stack


def militia_unit(f: Faction) -> UnitKind:
    """The unit a faction's homes raise: its `militia`, else its cheapest normal land unit (the first
    in its file among those of one cost)."""
    if f.militia:
        return next(u for u in f.units if u.id == f.militia)
    land = [u for u in f.units if u.type not in ("water", "magic", "flying") and not u.unique]
    return min(land or f.units, key=lambda u: u.cost)


def homeowner(c: Campaign, loc: str) -> str | None:
    """The player whose home the location is, while he is in the game and holds it."""
    for p in c.map.spec.players:
        if p.home == loc and p.id not in c.out and c.control[loc] == p.id:
            return p.id
    return None


def rising(c: Campaign, loc: str, enemy: str) -> Stack | None:
    """The militia that would rise in the location were the `enemy`'s tokens to stand there in the combat
    phase (a new record: nothing changes), or None."""
    owner = homeowner(c, loc)
    if owner is None or owner == enemy or c.rules.numbers.militia < 1:
        return None
    unit = militia_unit(c.rules.factions[c.factions[owner]])
    n = min(c.rules.numbers.militia, room_for(c, owner, loc, unit))
    return Stack(owner, unit.id, loc, n) if n > 0 else None


def raise_militia(c: Campaign) -> None:
    """OW-DEC-27: each home with enemies in it raises its militia, in map order."""
    for loc in c.locations:
        owner = homeowner(c, loc)
        if owner is None or not c.enemies_at(loc, owner):
            continue
        enemy = next(s.player for s in c.stacks_at(loc) if s.player != owner)
        rise = rising(c, loc, enemy)
        if rise is None:
            continue
        c.add(owner, loc, rise.unit, rise.count)
        c.emit(
            Note(
                rule="OW-DEC-27",
                text=f"{c.name(owner)} raises {rise.count} {c.unit(rise.unit).name} in "
                f"{c.location(loc).name}, its home",
                details={
                    "say": "militia", "player": owner, "unit": rise.unit, "count": rise.count,
                    "location": loc,
                },
            )
        )  # fmt: skip

"""CAMP-DEC-3/4: an army marches as an Open Wars token does: movement points spent on each place's entry
cost (OW-MOVE-2/3), less where the place's type is the one armies march best on (OW-MOVE-5), the
special cards' entry characteristics (OW-LOC-7), never into water (OW-LOC-4), and a march stops where
an enemy army or an enemy's garrison stands (OW-DEC-8); an army an enemy army has marched upon does
not march away (it fights, or declines battle: CAMP-DEC-11). The checks raise Reject before anything
changes; the turn (systems/campaign/turn.py) then applies the command."""

from __future__ import annotations

from game.model.resolution import refuse
from systems.campaign.commands import March
from systems.campaign.forces import Army
from systems.campaign.state import War
from systems.open_wars.modifiers import entry_cost
from systems.open_wars.moves import barring
from systems.open_wars.records import UnitKind


def movement(w: War, army: Army) -> int:
    """CAMP-DEC-3: an army's movement a turn: its horse's when every brigade moves M or more (cavalry
    and horse artillery), else its foot's."""
    rules = w.theatre.rules
    cats = [rules.categories[b.category] for b in army.brigades()]
    horse = bool(cats) and all(rules.length(c.move) >= rules.length("M") for c in cats)
    return w.numbers.horse_movement if horse else w.numbers.movement


def token(w: War, army: Army) -> UnitKind:
    """The army as the Open Wars token its march is priced for (a unit of the numbers' march type)."""
    return UnitKind("army", army.name, 1, 0, w.numbers.march_type, movement(w, army), 1)


def entry_cost_for(w: War, army: Army, loc: str) -> int | None:
    """What entering the place costs the army (OW-MOVE-2/5, OW-LOC-7), None where it may not go."""
    unit = token(w, army)
    if barring(w, unit, loc, army.side) is not None:
        return None
    return entry_cost(w, unit, loc, army.side)


def stops(w: War, loc: str, side: str) -> bool:
    """OW-DEC-8, CAMP-DEC-4: a march ends where an enemy army or an enemy garrison stands."""
    g = w.garrison_at(loc)
    return w.enemies_at(loc, side) or (g is not None and g.side != side)


def mine(w: War, side: str, army_id: str, rule: str = "CAMP-DEC-3") -> Army:
    """The side's army by id, or a refusal."""
    a = w.find_army(army_id)
    if a is None or a.side != side:
        raise refuse(rule, "reason_camp_no_army", army=army_id)
    return a


def check_march(w: War, side: str, m: March) -> list[tuple[str, int]]:
    """The steps of a legal march and each one's cost."""
    a = mine(w, side, m.army)
    if a.moved or a.rested:
        raise refuse("CAMP-DEC-3", "reason_camp_moved", army=a.name)
    if len(m.path) < 2 or m.path[0] != a.location:
        raise refuse("CAMP-DEC-3", "reason_camp_path", army=a.name)
    if w.enemies_at(a.location, side):
        raise refuse("CAMP-DEC-4", "reason_camp_engaged", army=a.name)
    left = movement(w, a)
    steps: list[tuple[str, int]] = []
    here = a.location
    for i, loc in enumerate(m.path[1:], 1):
        if loc not in w.places or loc not in w.neighbours(here):
            named = w.places[loc].name if loc in w.places else loc
            raise refuse("OW-MOVE-1", "reason_ow_not_next", location=named, here=w.places[here].name)
        if i > 1 and stops(w, here, side):
            raise refuse("OW-DEC-8", "reason_ow_stops", location=w.places[here].name)
        unit = token(w, a)
        why = barring(w, unit, loc, side)
        if why is not None:
            raise why
        cost = entry_cost(w, unit, loc, side)
        if cost > left:
            raise refuse(
                "OW-MOVE-3", "reason_ow_costs", location=w.places[loc].name, cost=cost, unit=a.name, left=left
            )
        left -= cost
        steps.append((loc, cost))
        here = loc
    return steps


def march(w: War, m: March) -> None:
    a = w.find_army(m.army)
    assert a is not None
    a.location, a.came_from, a.moved, a.arrived = m.path[-1], m.path[-2], True, w.turn


def reachable(w: War, a: Army) -> dict[str, tuple[str, ...]]:
    """Every place the army can end a march in this turn, with the cheapest path there."""
    if w.enemies_at(a.location, a.side):
        return {}  # engaged: it fights or declines battle where it stands (CAMP-DEC-4)
    unit = token(w, a)
    best: dict[str, tuple[int, tuple[str, ...]]] = {a.location: (unit.movement, (a.location,))}
    todo = [a.location]
    while todo:
        here = todo.pop()
        left, path = best[here]
        if here != a.location and stops(w, here, a.side):
            continue
        for loc in w.neighbours(here):
            if barring(w, unit, loc, a.side) is not None:
                continue
            cost = entry_cost(w, unit, loc, a.side)
            if cost <= left and (loc not in best or best[loc][0] < left - cost):
                best[loc] = (left - cost, (*path, loc))
                todo.append(loc)
    return {loc: path for loc, (_left, path) in best.items() if loc != a.location}

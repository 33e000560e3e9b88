"""What a screen asks of the war, read from its state (pure queries: nothing changes): the orders a
side may give now and what each costs, where an army may march and what each march spends, and a
battle's report once it is over (its losses, its fallen officers and their successors, the brigades
whose quality changed), read from the brigades' and officers' service records (CAMP-DEC-19)."""

from __future__ import annotations

from dataclasses import dataclass

from game.model.resolution import Reject
from systems.campaign.commands import Recruit, Replenish
from systems.campaign.marching import entry_cost_for, reachable
from systems.campaign.orders import check_recruit, check_replenish
from systems.campaign.state import Fought, War


def recruits(w: War, side: str) -> list[tuple[Recruit, int]]:
    """Every brigade the side may raise now (for each army standing in the city, or its garrison) and
    its price (CAMP-DEC-5)."""
    out = []
    for loc in w.cities(side):
        armies = [a.id for a in w.armies_at(loc, side)]
        for category in w.places[loc].raises:
            for army in [*armies, None]:
                c = Recruit(loc, category, army)
                try:
                    out.append((c, check_recruit(w, side, c)))
                except Reject:
                    continue
    return out


def replacements(w: War, side: str) -> list[tuple[Replenish, int]]:
    """Every brigade whose hits the side may make good now, and the price (CAMP-DEC-18)."""
    out = []
    for b in w.roster.values():
        c = Replenish(b.id)
        try:
            out.append((c, check_replenish(w, side, c)))
        except Reject:
            continue
    return out


def marches(w: War, army_id: str) -> dict[str, tuple[tuple[str, ...], int]]:
    """Every place the army may end a march in this turn: the cheapest path there and the movement it
    spends (CAMP-DEC-3)."""
    a = w.find_army(army_id)
    if a is None or a.moved or a.rested:
        return {}
    out = {}
    for loc, path in reachable(w, a).items():
        cost = sum(entry_cost_for(w, a, x) or 0 for x in path[1:])
        out[loc] = (path, cost)
    return out


@dataclass(frozen=True)
class Lost:
    unit: str
    side: str
    why: str  # destroyed, captured, surrendered, straggled


@dataclass(frozen=True)
class Changed:
    unit: str
    quality: str
    why: str  # victories, replacements


@dataclass(frozen=True)
class BattleReport:
    """A battle once over, for the after-battle screen: who won and who holds the place, each side's
    brigades before and after and those lost (and how), the officers killed, the brigades whose
    quality changed, the hits each side carries away."""

    number: int
    location: str
    winner: str | None
    holder: str | None
    before: dict[str, int]
    after: dict[str, int]
    lost: list[Lost]
    killed: list[str]
    changed: list[Changed]
    hits: dict[str, int]


def battle_report(w: War, f: Fought) -> BattleReport:
    r = f.result
    assert r is not None
    lost, changed = [], []
    side_of = {u.id: s.id for s in f.setup.scenario.sides for d in s.divisions for u in d.units}
    hits = {s: 0 for s in w.sides}
    for unit in f.setup.units:
        b = w.roster.get(unit)
        if b is None:
            continue
        mine = [x for x in b.record if x.battle == f.number]
        gone = next((x for x in mine if x.kind == "lost"), None)
        if gone is not None:
            lost.append(Lost(unit, side_of[unit], gone.why))
        else:
            hits[side_of[unit]] += b.hits
        changed += [Changed(unit, x.value, x.why) for x in mine if x.kind == "quality"]
    killed = sorted(
        g.id
        for g in w.officers.values()
        if any(x.kind == "killed" and x.battle == f.number for x in g.record)
    )
    where = f.setup.location
    return BattleReport(
        f.number,
        where,
        r.winner,
        w.control.get(where),
        dict(f.before),
        dict(f.after),
        lost,
        killed,
        changed,
        hits,
    )

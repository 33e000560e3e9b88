"""When armies of both sides stand in one place: who defends it (CAMP-DEC-11), which armies of the
neighbouring places march to the battle and when and where they arrive (CAMP-DEC-8), and the battle
as a For Glory scenario (CAMP-DEC-7, CAMP-DEC-9): queries of the war, which change nothing."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.content.scenario import (
    DivisionSpec,
    Edge,
    ScenarioFile,
    ScenarioGrammar,
    ScenarioWords,
    SideSpec,
    StaffSpec,
)
from game.model.dice import Die
from game.model.grammar import running_text, tag_of
from systems.campaign.battlefield import (
    Arrival,
    BattleSetup,
    attach,
    bearing,
    division_spec,
    fit,
    flank_of,
    ground_of,
    side_edge,
)
from systems.campaign.forces import Army
from systems.campaign.marching import entry_cost_for
from systems.campaign.state import War

SEEDS = Die(2**31, 0)  # a battle's seed, drawn from the war's dice


def roles(w: War, loc: str) -> tuple[str, str]:
    """CAMP-DEC-11: (attacker, defender). The defender is the side whose army stood there before this
    turn's marches; when both marched in (or both stood), the side holding the place; when neither
    holds it, the side that played first this turn (its army arrived first)."""
    present = [s for s in w.order if w.armies_at(loc, s)]
    stood = [s for s in present if any(not a.moved for a in w.armies_at(loc, s))]
    if len(stood) == 1:
        defender = stood[0]
    elif (holder := w.control[loc]) is not None and holder in present:
        defender = holder
    else:
        defender = present[0]
    return w.enemy(defender), defender


def origin(w: War, loc: str, side: str) -> tuple[float, float]:
    """CAMP-DEC-8: the direction a side's own edge faces on the map: the attacker's where its march
    began, the defender's the opposite."""
    here = w.places[loc].at
    came = [a.came_from for a in w.armies_at(loc, side) if a.came_from and a.came_from != loc]
    if came:
        return bearing(here, w.places[came[0]].at)
    enemy = [a.came_from for a in w.armies_at(loc, w.enemy(side)) if a.came_from and a.came_from != loc]
    if enemy:
        x, y = bearing(here, w.places[enemy[0]].at)
        return (-x, -y)
    return (0.0, -1.0)  # nobody marched: the map's south


def reinforcements(w: War, loc: str, attacker: str) -> list[Arrival]:
    """CAMP-DEC-8: each army of either side in a neighbouring place that has not fought this turn and
    is not facing an enemy where it stands marches to the battle: its divisions arrive in round 1 +
    the place's entry cost (OW-MOVE-2) times the numbers' reinforce_rounds, by the edge its march
    comes from (FG-REINF-3); one that would arrive after the battle's last round does not come."""
    own = origin(w, loc, attacker)
    edges: dict[str, Edge] = {attacker: "south", w.enemy(attacker): "north"}
    out = []
    busy = set(w.meetings())
    for n in w.neighbours(loc):
        if n in busy:
            continue
        for a in w.armies_at(n):
            if a.fought or not fit(a.divisions, w.theatre.rules):
                continue
            cost = entry_cost_for(w, a, loc)
            if cost is None:
                continue
            rnd = 1 + cost * w.numbers.reinforce_rounds
            if rnd > w.numbers.battle_rounds:
                continue
            direction = own if a.side == attacker else (-own[0], -own[1])
            flank = flank_of(direction, bearing(w.places[loc].at, w.places[n].at))
            out.append(Arrival(a.id, a.side, n, rnd, flank, side_edge(edges[a.side], flank)))
    return out


def crowded(divisions: list[DivisionSpec], room: int) -> list[DivisionSpec]:
    """CAMP-DEC-9: the table holds `room` divisions a side at the start (the largest first); the others
    march on in round 2 by their side's own edge, as reinforcements (FG-REINF, AMB-40)."""
    first = sorted(range(len(divisions)), key=lambda i: -len(divisions[i].units))[:room]
    return [d if i in first else replace(d, arrival=2, entry="own") for i, d in enumerate(divisions)]


def leader(armies: list[Army]) -> Army:
    """CAMP-DEC-9: the estado mayor is the commander of the side's most experienced army on the field
    (the larger army, then the first listed, among equals)."""
    return max(armies, key=lambda a: (a.commander.experience, a.size(), -armies.index(a)))


@dataclass
class Fielded:
    """One side of a battle being set up: its divisions as the scenario's, its armies, and each of its
    brigades' army (or `garrison:<place>`)."""

    divisions: list[DivisionSpec]
    armies: list[Army]
    owner: dict[str, str]


def fielded(w: War, loc: str, side: str, arrivals: list[Arrival]) -> Fielded:
    """CAMP-DEC-9, CAMP-DEC-6, CAMP-DEC-8: the side's armies in the place on the table (as many
    divisions as it holds), its garrison there among them, and the armies marching in."""
    rules = w.theatre.rules
    here = w.armies_at(loc, side)
    divisions = [division_spec(d, bs, 0, None) for a in here for d, bs in fit(a.divisions, rules)]
    divisions = crowded(divisions, w.numbers.field_divisions)
    out = Fielded(divisions, list(here), {b.id: a.id for a in here for b in a.brigades()})
    garrison = w.garrison_at(loc)
    if garrison is not None and garrison.side == side:
        out.divisions = attach(out.divisions, garrison.brigades, rules)
        out.owner.update({b.id: f"garrison:{loc}" for b in garrison.brigades})
    for x in arrivals:
        a = w.find_army(x.army)
        if x.side != side or a is None:
            continue
        out.armies.append(a)
        out.owner.update({b.id: a.id for b in a.brigades()})
        out.divisions += [division_spec(d, bs, x.round, x.flank) for d, bs in fit(a.divisions, rules)]
    return out


def spanish(w: War, chief: Army, divisions: list[DivisionSpec]) -> dict[str, dict[str, str]]:
    """The Spanish names a side's divisions, brigades and officers have in the campaign's words."""
    words = w.theatre.words("es")
    side = chief.side
    out: dict[str, dict[str, str]] = {"divisions": {}, "units": {}, "officers": {}}
    if not chief.commander.replaced and words.officers.get(chief.id):
        out["officers"][f"{side}-staff"] = words.officers[chief.id]
    for d in divisions:
        if words.divisions.get(d.id):
            out["divisions"][d.id] = words.divisions[d.id]
        if d.officer and words.officers.get(d.id):
            out["officers"][d.id] = words.officers[d.id]
        out["units"].update({u.id: words.units[u.id] for u in d.units if words.units.get(u.id)})
    return out


def battle_words(name: str, named: dict[str, dict[str, str]], objectives: ScenarioWords) -> ScenarioWords:
    """A battle's Spanish words: its name, its sides', divisions', brigades' and officers' names as
    running text writes them, with the grammar the campaign gives them, and its field's objectives."""
    tables = ("sides", "divisions", "units", "officers")
    said = {k: {i: running_text(n) for i, n in named.get(k, {}).items()} for k in tables}
    tags = {k: {i: tag_of(n) for i, n in named.get(k, {}).items()} for k in tables}
    grammar = ScenarioGrammar(objectives=dict(objectives.grammar.objectives), **tags)
    return ScenarioWords(
        name,
        sides=said["sides"],
        objectives=dict(objectives.objectives),
        divisions=said["divisions"],
        units=said["units"],
        officers=said["officers"],
        grammar=grammar,
    )


def setup_battle(w: War, loc: str, attacker: str, number: int) -> BattleSetup:
    """The battle at `loc` as a For Glory scenario (CAMP-DEC-7..9), its seed drawn from the war's dice."""
    rules = w.theatre.rules
    seed = w.dice.one(SEEDS)
    place = w.places[loc]
    field = w.theatre.battlefields.get(loc)
    ground = ground_of(place, field.spec if field else None, rules, seed)
    field_es = field.spec.locale.get("es", ScenarioWords()) if field else ScenarioWords()
    arrivals = reinforcements(w, loc, attacker)
    edges: dict[str, Edge] = {attacker: "south", w.enemy(attacker): "north"}
    sides, armies, units, leaders = [], {}, {}, {}
    words = w.theatre.words("es")
    named: dict[str, dict[str, str]] = {"sides": {}, "divisions": {}, "units": {}, "officers": {}}
    for side, edge in edges.items():
        f = fielded(w, loc, side, arrivals)
        chief = leader(w.armies_at(loc, side))
        armies[side], leaders[side] = tuple(a.id for a in f.armies), chief.id
        units.update({u.id: f.owner[u.id] for d in f.divisions for u in d.units})
        g = chief.commander
        staff = StaffSpec("" if g.replaced else g.name, g.experience)
        colour = w.side_file(side).colour
        zone = ground.zones.get(edge)
        sides.append(SideSpec(side, w.name(side), edge, f.divisions, None, staff, colour, zone))
        named["sides"][side] = words.sides[side]
        for table, names in spanish(w, chief, f.divisions).items():
            named[table].update(names)
    at_edge: dict[str, str] = {edge: side for side, edge in edges.items()}
    scenario = ScenarioFile(
        id=f"{w.theatre.id}-battle-{number}",
        name=f"{place.name}, turn {w.turn}",
        table=ground.table,
        sides=sides,
        description=f"{w.name(attacker)} attack {w.name(w.enemy(attacker))} at {place.name}.",
        ruleset=rules.id,
        max_rounds=w.numbers.battle_rounds,
        terrain=ground.terrain,
        objectives=[replace(o, held_by=at_edge.get(o.held_by or "")) for o in ground.objectives],
        victory=ground.victory,
        scoring=ground.scoring,
        locale={"es": battle_words(f"{words.locations[loc]}, {w.turn}", named, field_es)},
    )
    return BattleSetup(
        number, w.turn, loc, attacker, w.enemy(attacker), seed, place.battlefield, scenario, tuple(arrivals),
        armies, units, leaders, w.numbers.battle_rounds,
    )  # fmt: skip

"""CAMP-DEC-7..9: where armies meet, the battle to fight as a For Glory scenario (a `BattleSetup`): the
table made from the place (a historical battle's ground where it has one; else ground of its type),
the armies there deployed as they are, the armies of the neighbouring places arriving as FG-REINF
reinforcements in rounds set by their distance, each by the table edge its march comes from."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.content.records import build
from game.content.scenario import (
    MIN_DIVISIONS,
    MIN_UNITS,
    DivisionSpec,
    Flank,
    ObjectiveSpec,
    ScenarioFile,
    ScoringSpec,
    TerrainSpec,
    UnitSpec,
    VictorySpec,
)
from game.model.modules import RandomOptions
from game.model.ruleset import Ruleset
from systems.campaign.forces import Army, Brigade, Division
from systems.campaign.records import Place
from systems.for_glory.deployment import formation_reach
from systems.for_glory.generate import random_battle

# CAMP-DEC-7: the ground a place without a battle of its own is fought on, by its Open Wars type
DENSITY = {"city": "normal", "plain": "sparse", "desert": "sparse", "water": "sparse",
           "forest": "dense", "mountain": "dense"}  # fmt: skip
BAND = 8.0  # CAMP-DEC-7: inches deep, the band where the armies of a meeting like to deploy
OWN_EDGE = 60.0  # CAMP-DEC-8: degrees either side of a side's own direction that come in by its own edge


@dataclass(frozen=True)
class Arrival:
    """An army in a neighbouring place marching to the battle (CAMP-DEC-8): the round its divisions
    enter (FG-REINF-1) and the flank they enter by, read from its side's own edge (FG-REINF-3), as
    the table's edge."""

    army: str
    side: str
    origin: str
    round: int
    flank: Flank
    edge: str


@dataclass(frozen=True)
class BattleSetup:
    """A battle of the campaign as For Glory will fight it: `scenario` is its table, ground,
    objectives and the armies as divisions (whose ids are the campaign's), `arrivals` the armies that
    march to it. `armies`: every army that takes part, by side; `units`: each brigade's army (or
    `garrison:<place>`); `leaders`: each side's commander, the army whose estado mayor leads."""

    number: int
    turn: int
    location: str
    attacker: str
    defender: str
    seed: int
    ground: str  # the scenario whose ground it is, or "" for ground made from the place's type
    scenario: ScenarioFile
    arrivals: tuple[Arrival, ...]
    armies: dict[str, tuple[str, ...]]
    units: dict[str, str]
    leaders: dict[str, str]
    max_rounds: int


@dataclass(frozen=True)
class Ground:
    """A table: its size, ground and objectives (each held at the start by the side at the edge its
    `held_by` names: "south" or "north"), how the battle ends and scores (its scenario's, where it
    is a historical battle's), and where each edge's side likes to deploy."""

    table: tuple[float, float]
    terrain: list[TerrainSpec]
    objectives: list[ObjectiveSpec]
    zones: dict[str, list[tuple[float, float]]]  # "south" or "north" -> a deployment hint
    victory: VictorySpec = field(default_factory=VictorySpec)
    scoring: ScoringSpec = field(default_factory=ScoringSpec)


def ground_of(place: Place, battlefield: ScenarioFile | None, rules: Ruleset, seed: int) -> Ground:
    """CAMP-DEC-7: a historical battle's ground, objectives and victory (turned so that its attacker
    comes from the south), else the ground of a fair random battle of the density of the place's
    type (For Glory's generator), its objectives held by the side whose half they stand in and the
    battle played on when one side holds them all (FG-VIC-4 off: the attacker must take them)."""
    if battlefield is not None:
        edges = {s.id: s.edge for s in battlefield.sides}
        zones: dict[str, list[tuple[float, float]]] = {
            s.edge: list(s.deployment) for s in battlefield.sides if s.deployment
        }
        objectives = [replace(o, held_by=edges.get(o.held_by or "")) for o in battlefield.objectives]
        terrain = list(battlefield.terrain)
        return Ground(battlefield.table, terrain, objectives, zones, battlefield.victory, battlefield.scoring)
    made = build(ScenarioFile, random_battle(rules, seed, RandomOptions(terrain=DENSITY[place.type])), "")
    halves = [replace(o, held_by=_half(o.at[1], made.table[1])) for o in made.objectives]
    zones = meeting_zones(made.table, rules)
    return Ground(made.table, list(made.terrain), halves, zones, VictorySpec(all_objectives=False))


def meeting_zones(table: tuple[float, float], rules: Ruleset) -> dict[str, list[tuple[float, float]]]:
    """CAMP-DEC-7: two armies that have marched upon each other meet close: where the generals like to
    deploy is a band just outside XL of the centre line on each side (FG-DEP-8/10 still decide)."""
    width, depth = table
    near = depth / 2 - rules.length("XL") / 2
    band = min(BAND, near - 2)
    south = [(2.0, near - band), (width - 2, near - band), (width - 2, near), (2.0, near)]
    return {"south": south, "north": [(x, depth - y) for x, y in south]}


def _half(y: float, depth: float) -> str | None:
    """The edge whose half of the table a point stands in (none on the centre line)."""
    return "south" if y < depth / 2 else "north" if y > depth / 2 else None


def bearing(frm: tuple[float, float], to: tuple[float, float]) -> tuple[float, float]:
    """The unit direction between two places of the map (its y grows downward, as drawn)."""
    dx, dy = to[0] - frm[0], frm[1] - to[1]
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


def flank_of(own: tuple[float, float], towards: tuple[float, float]) -> Flank:
    """FG-REINF-3 read from the map: an army coming from within OWN_EDGE degrees of its side's own
    direction enters by its own edge, else by the flank it comes from (its right, facing the enemy,
    when it comes from the right of its own direction's reverse)."""
    cos = own[0] * towards[0] + own[1] * towards[1]
    if cos >= math.cos(math.radians(OWN_EDGE)):
        return "own"
    facing = (-own[0], -own[1])  # the side faces away from its own edge
    right = (facing[1], -facing[0])
    return "right" if right[0] * towards[0] + right[1] * towards[1] > 0 else "left"


def side_edge(own: str, flank: str) -> str:
    """AMB-38: the south player's right is the east edge; the north player's the west."""
    if flank == "own":
        return own
    right, left = ("east", "west") if own == "south" else ("west", "east")
    return right if flank == "right" else left


def fit(divisions: Sequence[Division], rules: Ruleset) -> list[tuple[Division, list[Brigade]]]:
    """CAMP-DEC-9: the divisions an army fields: a division of one brigade has it join the army's
    smallest division that can take it in its officer's reach (FG-DEP-9), its general staying with
    the estado mayor; a brigade no division can take stays out of the battle."""
    radius = rules.length(rules.core.command.division_radius)
    whole = [(d, list(d.brigades)) for d in divisions if len(d.brigades) >= MIN_UNITS]
    for d in divisions:
        if len(d.brigades) == 1 and whole:
            room = [w for w in whole if formation_reach(rules, len(w[1]) + 1) <= radius]
            if room:
                min(room, key=lambda w: len(w[1]))[1].append(d.brigades[0])
    return whole


def unit_spec(b: Brigade) -> UnitSpec:
    return UnitSpec(b.id, b.category, b.quality, b.name, b.hits)


def division_spec(d: Division, brigades: list[Brigade], arrival: int, flank: Flank | None) -> DivisionSpec:
    """A campaign division as a scenario's: its general keeps his experience for the campaign
    (FG-PREP-3 rolled once); a successor's is 0 and has no name of his own (FG-OFF-10)."""
    g = d.general
    return DivisionSpec(
        d.id,
        [unit_spec(b) for b in brigades],
        d.name,
        g.name if not g.replaced else "",
        g.experience,
        arrival,
        flank if arrival else None,
    )


def attach(divisions: list[DivisionSpec], brigades: Sequence[Brigade], rules: Ruleset) -> list[DivisionSpec]:
    """A garrison's brigades join the smallest divisions on the table that can take them (CAMP-DEC-6)."""
    radius = rules.length(rules.core.command.division_radius)
    out = list(divisions)
    for b in brigades:
        room = [
            i
            for i, d in enumerate(out)
            if d.arrival == 0 and formation_reach(rules, len(d.units) + 1) <= radius
        ]
        if room:
            i = min(room, key=lambda i: len(out[i].units))
            out[i] = replace(out[i], units=[*out[i].units, unit_spec(b)])
    return out


def fielded(armies: Sequence[Army], rules: Ruleset) -> int:
    """How many divisions of two brigades or more these armies field (FG-PREP-1 asks two a side)."""
    return sum(len(fit(a.divisions, rules)) for a in armies)


def can_field(armies: Sequence[Army], rules: Ruleset) -> bool:
    return fielded(armies, rules) >= MIN_DIVISIONS

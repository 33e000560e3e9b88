"""Module `clash-melee`'s records and a unit's numbers in its combat: the combat responses, the
commands and components it adds, its content numbers (content/modules/clash-melee/melee.toml), a
unit's Attacks, Combat and Save as fatigue leaves them (CS-11, CS-15) and the ground that holds a
defender (CS-11.3, CS-DEC-13)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Unit
from game.model.dice import FACES
from game.model.limits import Bounds
from game.model.ruleset import Distance
from systems.clash.fatigue import Penalty, fatigue, save
from systems.clash.fatigue import numbers as command_numbers

ID = "clash-melee"
Response = Literal["hold", "defend", "counter"]
RESPONSES: tuple[Response, ...] = ("hold", "defend", "counter")
LABELS = {"hold": "Hold", "defend": "Defend", "counter": "Counter-attack"}
Target = Annotated[int, Bounds(1, FACES)]


@dataclass(frozen=True)
class ResponseCost:
    """CS-11.2: what a combat response costs the defender."""

    markers: Annotated[int, Bounds(0, 10)]
    fatigue: Annotated[int, Bounds(0, 10)]


@dataclass(frozen=True)
class Weapon:
    """CS-19: a melee weapon: its Initiative (CS-DEC-20: when both sides strike, the higher strikes
    first) and its modifier to the Save of those it strikes (two-handed weapons -2: a 4+ save needs 6+)."""

    initiative: Annotated[int, Bounds(0, 10)]
    enemy_save: Annotated[int, Bounds(-5, 5)] = 0


@dataclass(frozen=True)
class MeleeNumbers:
    """content/modules/clash-melee/melee.toml"""

    retreat: Distance
    obstacle_to_hit: Annotated[int, Bounds(-5, 0)]
    seen_within: Distance  # CS-12: a friend destroyed in melee by an enemy this close
    officer_within: Distance  # CS-12: a friendly officer killed this close
    attacks: Annotated[dict[str, Annotated[int, Bounds(0, 20)]], Bounds(0, 100)]  # by category
    attacks_default: Annotated[int, Bounds(0, 20)]
    combat: Annotated[dict[str, Target], Bounds(0, 100)]  # by quality
    combat_default: Target
    responses: Annotated[dict[str, ResponseCost], Bounds(3, 3)]
    weapons: Annotated[dict[str, Weapon], Bounds(1, 100)]  # CS-19, by name
    armed: Annotated[dict[str, Annotated[str, Bounds(1, 64)]], Bounds(0, 100)]  # CS-DEC-20: by category
    armed_default: Annotated[str, Bounds(1, 64)]  # CS-DEC-20: a category the table leaves out
    obstacles: Annotated[list[str], Bounds(0, 100)] = field(default_factory=list)  # terrain kinds
    higher: Annotated[list[str], Bounds(0, 100)] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Respond(cmd.Command):
    """The charged unit's combat response (CS-11.2)."""

    unit: str
    response: Response


@dataclass
class NoQuarter:
    """CS-10: the unit is making a no-quarter attack (set for its charge only)."""

    on: bool = False


@dataclass(frozen=True, slots=True)
class NoQuarterAttack(cmd.Command):
    """CS-10's no-quarter attack: a charge whose natural 6s to hit count two hits, for +2 fatigue."""

    unit: str
    target: str


@dataclass(frozen=True)
class Charged:
    """The response decision's payload: who attacks."""

    attackers: tuple[str, ...]


def numbers(b: Battle) -> MeleeNumbers:
    n: MeleeNumbers = b.stack.numbers(ID, "melee")
    return n


def attacks(b: Battle, e: int) -> int:
    n = numbers(b)
    return n.attacks.get(esper.component_for_entity(e, Unit).category.code, n.attacks_default)


def weapon(b: Battle, e: int) -> tuple[str, Weapon]:
    """CS-DEC-20: the melee weapon a unit fights with (its category's), by name."""
    n = numbers(b)
    name = n.armed.get(esper.component_for_entity(e, Unit).category.code, n.armed_default)
    return name, n.weapons[name]


def combat(b: Battle, e: int) -> int:
    """The d6 a unit's melee dice need: its quality's Combat, raised by its fatigue (CS-15)."""
    n = numbers(b)
    base = n.combat.get(esper.component_for_entity(e, Unit).quality.code, n.combat_default)
    penalty = Penalty.at(command_numbers(b).penalty.combat, fatigue(b, e).points)
    return min(FACES, base - penalty)


def stat_words(b: Battle, e: int, stat: str, by: int | None = None) -> str:
    """How a unit's Combat or Save target is made, for the roll's line; a save names the weapon of the
    unit it saves against (`by`) when that weapon changes it (CS-19)."""
    n = numbers(b)
    if stat == "combat":
        base = n.combat.get(esper.component_for_entity(e, Unit).quality.code, n.combat_default)
        penalty = Penalty.at(command_numbers(b).penalty.combat, fatigue(b, e).points)
    else:
        base, penalty = save(b, e), Penalty.at(command_numbers(b).penalty.save, fatigue(b, e).points)
    words = f"{stat} {base}" + (f", fatigue {fatigue(b, e).points}: {penalty} (CS-15)" if penalty else "")
    if by is not None and (arms := weapon(b, by))[1].enemy_save:
        words += f", {arms[0]} {arms[1].enemy_save} (CS-19)"
    return words


def saving(b: Battle, e: int, by: int) -> int:
    """The d6 a unit's saves against the blows of `by` need: its Save, raised by its fatigue (CS-15)
    and by the weapon that struck (CS-19: two-handed -2); a 6 always saves, as under fatigue."""
    penalty = Penalty.at(command_numbers(b).penalty.save, fatigue(b, e).points) + weapon(b, by)[1].enemy_save
    return min(FACES, save(b, e) - penalty)


def _on(b: Battle, e: int, kinds: list[str]) -> bool:
    pose = b.pose(e)
    return any(f.kind.kind in kinds and f.contains((pose.x, pose.y)) for f in b.table.features)


def behind_obstacle(b: Battle, e: int) -> bool:
    """CS-DEC-13: a defender in or behind the terrain the numbers call obstacles."""
    n = numbers(b)
    return _on(b, e, n.obstacles) or any(
        f.kind.kind in n.obstacles and f.linear and f.distance_to(b.shape(e)) <= 0.5 for f in b.table.features
    )


def holds_ground(b: Battle, e: int) -> bool:
    """CS-11.3: behind an obstacle or on higher ground, a defender that defends stays."""
    return behind_obstacle(b, e) or _on(b, e, numbers(b).higher)

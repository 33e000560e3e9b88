"""Clash of Spears' missile weapons (CS-18) in the module `clash-command`: the weapons of
content/modules/clash-command/missiles.toml, the range a unit armed with one shoots at, the
modifiers of its shot (long range, a throw on the move), its target's saves and their exact odds, and
the throw that discharges a weapon. Decisions CS-DEC-21..26 (docs/clash-decisions.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

import esper

from game.model import commands as cmd
from game.model import probability
from game.model.battle import Battle
from game.model.components import Unit
from game.model.dice import D6, FACES
from game.model.events import Event, ModLine, Roll
from game.model.limits import Bounds
from game.model.modules import unknown_names
from game.model.resolution import Reject, refuse
from game.model.ruleset import Distance, Ruleset
from game.model.words import Term
from systems.clash.fatigue import Penalty, fatigue, numbers, save
from systems.clash.pools import pool
from systems.for_glory.measure import gap, within
from systems.for_glory.targets import category_cannot_shoot, category_range

ID = "clash-command"
SaveModifier = Annotated[int, Bounds(-5, 5)]
RULES = "CS-DEC-23"  # what a missile save's line cites for the weapon (the roll itself: CS-18)


@dataclass(frozen=True)
class MissileWeapon:
    """CS-18: a missile weapon's ranges, its modifier to the target's save die (CS-DEC-23: + easier;
    the sling's `save_near` within `near`) and its specials."""

    short: Distance
    long: Distance | None = None
    save: SaveModifier = 0
    near: Distance | None = None
    save_near: SaveModifier = 0
    mounted: bool = False  # Mounted shooting: cavalry may shoot with it (CS-DEC-21)
    throw: bool = False  # Throw: no -1 for having moved (CS-DEC-24)
    discharged: bool = False  # Discharged: one throw a battle (CS-DEC-25)


@dataclass(frozen=True)
class MissileNumbers:
    """content/modules/clash-command/missiles.toml"""

    long_range: Annotated[int, Bounds(-5, 0)]  # CS-DEC-22: a shot beyond short range
    weapons: Annotated[dict[str, MissileWeapon], Bounds(0, 100)]  # CS-18, by name
    armed: Annotated[dict[str, Annotated[str, Bounds(1, 64)]], Bounds(0, 100)]  # CS-DEC-21: by category
    reserve: Annotated[float, Bounds(0, 3)]  # CS-DEC-26: a Discharged weapon kept, to a computer general


@dataclass(slots=True)
class Quiver:
    """CS-DEC-25: a unit whose Discharged weapon has been thrown (kept by replaying the battle)."""

    thrown: bool = False


def missile_numbers(b: Battle) -> MissileNumbers:
    n: MissileNumbers = b.stack.numbers(ID, "missiles")
    return n


def missile(b: Battle, e: int) -> tuple[str, MissileWeapon] | None:
    """CS-DEC-21: the missile weapon a unit's category is armed with, by name, or None."""
    n = missile_numbers(b)
    name = n.armed.get(esper.component_for_entity(e, Unit).category.code)
    return (name, n.weapons[name]) if name is not None else None


def shooting_range(b: Battle, e: int) -> float | None:
    """The `shooting_range` hook: an armed unit shoots at its weapon's long range, else its short one;
    cavalry only with a Mounted shooting weapon (CS-DEC-21), nobody with a thrown Discharged weapon
    (CS-DEC-25); an unarmed unit as For Glory's rules say."""
    armed = missile(b, e)
    if armed is None:
        return category_range(b, e)
    w = armed[1]
    if esper.component_for_entity(e, Unit).category.type == "cavalry" and not w.mounted:
        return None
    if thrown(b, e) is not None:
        return None
    return b.rules.length(w.long if w.long is not None else w.short)


def shooting_weapon(b: Battle, e: int) -> tuple[str, str] | None:
    """The `shooting_weapon` hook: the missile weapon an armed unit shoots with (its locale key and its
    name in the numbers), for its hover box beside the range it gives (CS-DEC-21); None for a unit that
    shoots as For Glory's, or not at all."""
    armed = missile(b, e)
    if armed is None or shooting_range(b, e) is None:
        return None
    return weapon_key(armed[0]), armed[0]


def weapon_key(name: str) -> str:
    """The locale key of a weapon's name in the player's words (a mod's own may have none)."""
    return f"cs_missile_{name}"


def thrown(b: Battle, e: int) -> tuple[str, MissileWeapon] | None:
    """CS-DEC-25: the Discharged weapon a unit has thrown, by name, or None."""
    armed = missile(b, e)
    if armed is None or not armed[1].discharged or not esper.component_for_entity(e, Quiver).thrown:
        return None
    return armed


def no_shot(b: Battle, e: int) -> Reject:
    """The `no_shot` hook: a unit that threw its Discharged weapon is told so (CS-DEC-25); any other
    unit that may not shoot, as For Glory says (FG-FIRE-1)."""
    spent = thrown(b, e)
    if spent is None:
        return category_cannot_shoot(b, e)
    name = spent[0]
    return refuse("CS-DEC-25", "reason_cs_thrown", unit=b.name(e), weapon=Term(name, weapon_key(name)))


def kept(b: Battle, e: int, c: cmd.Command) -> float:
    """CS-DEC-26: what an order that throws a unit's Discharged weapon gives up, for a computer general
    (part of the hook action_cost): the reserve its throw must be worth more than; nothing otherwise."""
    throws = isinstance(c, cmd.Fire) or (isinstance(c, cmd.Move) and c.fire is not None)
    armed = missile(b, e) if throws else None
    return missile_numbers(b).reserve if armed is not None and armed[1].discharged else 0.0


def beyond_short(b: Battle, shooter: int, target: int, w: MissileWeapon) -> bool:
    return not within(gap(b, shooter, target), b.rules.length(w.short))


def missile_lines(
    b: Battle, shooter: int, target: int | None, *, moved: bool = False, **_: Any
) -> Iterable[ModLine]:
    """CS-DEC-22: -1 beyond the weapon's short range; CS-DEC-24: a throw on the move cancels
    For Glory's -1 for having moved (FG-CBT-6)."""
    if target is None or not b.is_unit(shooter) or (armed := missile(b, shooter)) is None:
        return []
    w = armed[1]
    out = []
    if beyond_short(b, shooter, target, w):
        out.append(ModLine("CS-DEC-22", "long range", missile_numbers(b).long_range))
    if w.throw and moved:
        cancel = -(b.rules.modifiers.combat["moved"].value or 0)
        out.append(ModLine("CS-DEC-24", "thrown on the move", cancel))
    return [m for m in out if m.value]


def save_modifier(b: Battle, shooter: int, target: int, w: MissileWeapon) -> int:
    """CS-18: the weapon's modifier to the save die; the sling's differs within `near` (4")."""
    if w.near is not None and within(gap(b, shooter, target), b.rules.length(w.near)):
        return w.save_near
    return w.save


def to_save(b: Battle, shooter: int, target: int, armed: tuple[str, MissileWeapon]) -> tuple[int, str]:
    """CS-DEC-23: the d6 each save needs, the target's Save (CS-DEC-9) less its fatigue penalty (CS-15)
    and the weapon's modifier (a 6 always saves), and how it is made, for the roll's line."""
    points = fatigue(b, target).points
    penalty = Penalty.at(numbers(b).penalty.save, points)
    name, w = armed
    mod = save_modifier(b, shooter, target, w)
    base = save(b, target)
    words = f"save {base}" + (f", fatigue {points}: {penalty} (CS-15)" if penalty else "")
    words += f", {name} {mod:+d} ({RULES})" if mod else ""
    return max(1, min(FACES, base - penalty - mod)), words


def fire_saves(b: Battle, shooter: int, target: int, hits: int) -> int:
    """The `fire_saves` hook (CS-DEC-23): the target of an armed unit's shot rolls a die per hit at its
    save; returns the wounds left. Other shots' hits are all wounds, as For Glory's."""
    armed = missile(b, shooter)
    if armed is None or hits <= 0:
        return hits
    need, words = to_save(b, shooter, target, armed)
    saved = pool(b, target, "missile save", hits, need, "saved", words, shooter, rule="CS-18")
    return hits - saved


def fire_saves_odds(b: Battle, shooter: int, target: int, hits: int) -> Mapping[int, Fraction]:
    """The `fire_saves_odds` hook: the chance of each number of wounds that `hits` leave (CS-DEC-23)."""
    armed = missile(b, shooter)
    if armed is None or hits <= 0:
        return {hits: Fraction(1)}
    need = to_save(b, shooter, target, armed)[0]
    saved = probability.successes(hits, D6, lambda d: d >= need)
    return {hits - k: p for k, p in saved.items()}


def discharge(b: Battle, events: Iterable[Event]) -> None:
    """CS-DEC-25: a unit that shot with a Discharged weapon has thrown it."""
    for ev in events:
        if isinstance(ev, Roll) and ev.check == "fire" and ev.unit is not None and ev.unit in b.ids:
            e = b.ids[ev.unit]
            armed = missile(b, e) if b.is_unit(e) else None
            if armed is not None and armed[1].discharged:
                esper.component_for_entity(e, Quiver).thrown = True


def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The categories armed must be the ruleset's, their weapons the numbers' own (CS-DEC-21)."""
    n: MissileNumbers = records["missiles"]
    out = unknown_names("missiles", (("armed", "unit category", n.armed, rules.categories),))
    known = ", ".join(sorted(n.weapons))
    out += [
        ("missiles", f"armed.{code}", f"no missile weapon {w!r} (known: {known})")
        for code, w in n.armed.items()
        if w not in n.weapons
    ]
    return out

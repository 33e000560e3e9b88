"""Module `dias-combat`: fire and shock read on Días de Gloria's tables (DG-14..22) with its ten-sided
die, their results translated into For Glory's effects (DG-DEC-8): a cohesion test is a For Glory
morale check, a disorder one hit, a recoil a push, a rout two hits, a pursuit the cavalry's extra
move. It replaces the hooks fire, fire_odds, melee and melee_odds; who may shoot or charge whom, and
how far, stay For Glory's. Decisions: docs/dias-decisions.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

import esper

from game.model.battle import Battle
from game.model.components import Hits, Officer, Status, Unit
from game.model.dice import Die
from game.model.events import ModLine, Roll
from game.model.geometry import centroid, segments_intersect
from game.model.limits import Bounds
from game.model.resolution import Resolution
from game.model.ruleset import Ruleset
from game.model.table import Feature
from systems.dias.positions import Positions, elevation_fire, elevation_shock, grouped, uninvolved_behind
from systems.for_glory.charge.contact import ChargeState, pursue, reach_officers
from systems.for_glory.checks import morale_check as for_glory_morale_check
from systems.for_glory.fire import place_marker
from systems.for_glory.hits import add_hits, kill_officer, push
from systems.for_glory.measure import gap, within
from systems.for_glory.melee import Attack, engaged
from systems.for_glory.odds import check_odds
from systems.for_glory.targets import check_fire
from systems.for_glory.vision import Sight

ID = "dias-combat"
D10 = Die(10, 0)  # DG-DEC-6: the sheet's die, read 0-9
Drm = Annotated[int, Bounds(-20, 20)]


@dataclass(frozen=True)
class Bands:
    """DG-14: the lowest totals of a cohesion test, a disorder and a rout."""

    cohesion_test: Annotated[int, Bounds(-50, 50)]
    disorder: Annotated[int, Bounds(-50, 50)]
    rout: Annotated[int, Bounds(-50, 50)]


@dataclass(frozen=True)
class ShockBands:
    """DG-17: the lowest modified results of each row."""

    breakthrough: Annotated[int, Bounds(-50, 50)]  # 10 and more
    pushed_back: Annotated[int, Bounds(-50, 50)]  # 5 to 9
    repulsed: Annotated[int, Bounds(-50, 50)]  # 0 to 4 (below: a rout of the attack)


@dataclass(frozen=True)
class FireDrms:
    reaction: Drm  # DG-16
    only_fronts: Drm  # DG-16: a firer with six fronts (in a town or a castle)
    point_blank: Drm  # DG-16: at XS or less against infantry or cavalry (DG-DEC-7)
    moved: Drm  # DG-DEC-7: For Glory's move and shoot
    combined: Drm  # DG-16: two batteries of the same formation firing as one (DG-DEC-11)


@dataclass(frozen=True)
class ShockDrms:
    rear: Drm  # DG-21
    front_and_rear: Drm  # DG-21, DG-22
    heavy_charge: Drm  # DG-21: a charge with at least one heavy cavalry unit
    charge: Drm  # DG-21: a charge of other cavalry
    attacker_only_fronts: Drm  # DG-5: attacking out of a town or a castle
    clear_ground: Drm  # DG-2: the defender on clear ground


@dataclass(frozen=True)
class CombatNumbers:
    """content/modules/dias-combat/combat.toml"""

    fire: Bands
    shock: ShockBands
    fire_drm: FireDrms
    shock_drm: ShockDrms
    capability: Annotated[dict[str, Annotated[int, Bounds(0, 30)]], Bounds(0, 100)]
    cohesion: Annotated[dict[str, Annotated[int, Bounds(0, 30)]], Bounds(0, 100)]
    heavy_cavalry: Annotated[list[str], Bounds(0, 100)]
    full_strength: Annotated[int, Bounds(1, 20)]
    ratio: Annotated[list[Annotated[float, Bounds(1, 100)]], Bounds(1, 10)]  # DG-20: +1, +2 .. from
    ground_fire: Annotated[dict[str, Drm], Bounds(0, 100)]  # DG-2 Fire column, by the target's ground
    ground_shock: Annotated[dict[str, Drm], Bounds(0, 100)]  # DG-2 Shock column
    # DG-10 (note [g]): the lines whose modifier replaces the defender's ground instead of adding to it
    non_cumulative: Annotated[list[str], Bounds(0, 100)]
    positions: Positions


def numbers(b: Battle) -> CombatNumbers:
    return b.stack.numbers(ID, "combat")


def _line(rule: str, label: str, value: int) -> list[ModLine]:
    return [ModLine(rule, label, value)] if value else []


def _ground(b: Battle, e: int, table: Mapping[str, int]) -> tuple[Feature | None, int]:
    """DG-4 (note [a]): the ground a unit's centre stands in that the table prices, dearest first."""
    pose = b.pose(e)
    found = [
        (table[f.kind.kind], f)
        for f in b.table.features
        if f.kind.kind in table and not f.linear and f.contains((pose.x, pose.y))
    ]
    if not found:
        return None, 0
    value, f = min(found, key=lambda v: v[0])
    return f, value


def _line_between(b: Battle, a: int, d: int, table: Mapping[str, int]) -> tuple[Feature | None, int]:
    """DG-10 (note [g]): a wall or a fortification between the two units, taken from outside in."""
    pa, pd = b.pose(a), b.pose(d)
    for f in b.table.features:
        if f.linear and f.kind.kind in table and _crosses(f, (pa.x, pa.y), (pd.x, pd.y)):
            return f, table[f.kind.kind]
    return None, 0


def _crosses(f: Feature, p: tuple[float, float], q: tuple[float, float]) -> bool:
    return any(segments_intersect(p, q, f.path[i - 1], f.path[i]) for i in range(1, len(f.path)))


def only_fronts(b: Battle, e: int) -> bool:
    """DG-5: in a town or a castle (the kinds dias-terrain gives six fronts), read from the stack so
    the module works alone too: towns and castles."""
    pose = b.pose(e)
    return any(f.kind.kind in ("town", "castle") and f.contains((pose.x, pose.y)) for f in b.table.features)


def _target_terrain(
    b: Battle, shooter: int, target: int, table: Mapping[str, int], rule: str, clear: int = 0
) -> list[ModLine]:
    """DG-2 with DG-10: the target's ground (`clear` where it stands on none the table prices) and a
    line between the units added to it (a stream: DG-21 adds every terrain modifier); only a wall or
    a fortification (note [g]: not cumulative) replaces the ground."""
    line, value = _line_between(b, shooter, target, table)
    said = _line(rule, f"{line.kind.name.lower()} (target)", value) if line is not None else []
    if line is not None and line.kind.kind in numbers(b).non_cumulative:
        return said
    ground, gvalue = _ground(b, target, table)
    if ground is None:
        return _line("DG-2", "defender on clear ground", clear) + said
    return _line(rule, f"{ground.kind.name.lower()} (target)", gvalue) + said


# --- fire ---------------------------------------------------------------------------------------


def fire_modifiers(
    b: Battle, shooter: int, target: int, *, moved: bool, reaction: bool, partner: int | None = None
) -> tuple[ModLine, ...]:
    n = numbers(b)
    cat = esper.component_for_entity(shooter, Unit).category
    d = n.fire_drm
    out = _line("DG-14", "fire capability", n.capability.get(cat.code, 0))
    out += _line("DG-16", "reaction fire", d.reaction if reaction else 0)
    out += _line("DG-16", "firer with six fronts", d.only_fronts if only_fronts(b, shooter) else 0)
    target_unit = esper.try_component(target, Unit)
    close = within(gap(b, shooter, target), b.rules.length("XS"))
    if target_unit is not None and target_unit.category.type in ("infantry", "cavalry") and close:
        out += _line("DG-16", "point-blank", d.point_blank)
    out += _line("DG-DEC-7", "moved and shot", d.moved if moved else 0)
    out += _target_terrain(b, shooter, target, n.ground_fire, "DG-4")
    out += elevation_fire(b, n.positions, shooter, target)
    out += grouped(b, n.positions, target)
    if partner is not None:
        out += _line("DG-16", "combined fire of two batteries", d.combined)
    return tuple(out)


def fire_result(n: CombatNumbers, total: int) -> str:
    """DG-14, DG-15: rout, disorder, cohesion test or nothing."""
    if total >= n.fire.rout:
        return "rout"
    if total >= n.fire.disorder:
        return "disorder"
    return "cohesion test" if total >= n.fire.cohesion_test else "no effect"


def shoot(
    b: Battle,
    shooter: int,
    target: int,
    *,
    moved: bool,
    reaction: bool,
    seen: Sight | None = None,
    partner: int | None = None,
) -> Resolution:
    """DG-14..16: one d10 + fire capability + modifiers, read on the fire table; its result in For
    Glory's effects (DG-DEC-8). An artillery shot with an effect leaves a marker (FG-FIRE-4)."""
    if seen is None:
        check_fire(b, shooter, target)
    n = numbers(b)
    mods = fire_modifiers(b, shooter, target, moved=moved, reaction=reaction, partner=partner)
    die = b.dice.one(D10)
    total = die + sum(m.value for m in mods)
    result = fire_result(n, total)
    who = b.name(shooter)
    sp = b.pose(shooter)
    b.emit(
        Roll(
            check="fire",
            die=die,
            modifiers=mods,
            total=total,
            outcome=result,
            unit=who,
            target=b.name(target),
            rule="DG-14",
            die_kind=str(D10),
        )
    )
    affected = result != "no effect"
    if esper.try_component(target, Officer) is not None:
        if result == "rout":
            kill_officer(b, target, who)
        elif result == "disorder":
            push(b, target, (sp.x, sp.y), who)
        affected = result in ("rout", "disorder")
    elif result == "cohesion test":
        if not for_glory_morale_check(b, target, "cohesion test", "DG-15"):
            _hit(b, target, 1, (sp.x, sp.y), who, "DG-15")
    elif result in ("disorder", "rout"):
        _hit(b, target, 1 if result == "disorder" else 2, (sp.x, sp.y), who, "DG-15")
    if esper.component_for_entity(shooter, Unit).category.type == "artillery" and affected:
        yield from place_marker(b, shooter, target)


def _hit(b: Battle, e: int, hits: int, away_from: tuple[float, float], by: str, rule: str) -> None:
    """DG-DEC-8: a disorder is a hit and a push; a rout two."""
    add_hits(b, e, hits, by, rule)
    if esper.component_for_entity(e, Status).in_play:
        push(b, e, away_from, by)


def fire_odds(
    b: Battle,
    shooter: int,
    target: int,
    *,
    moved: bool = False,
    reaction: bool = False,
    seen: Sight | None = None,
    partner: int | None = None,
) -> dict[str, Fraction]:
    """The exact chance of each For Glory effect of a shot on the d10 (a cohesion test counted as its
    morale check's chance of failing)."""
    if seen is None:
        check_fire(b, shooter, target)
    n = numbers(b)
    mods = fire_modifiers(b, shooter, target, moved=moved, reaction=reaction, partner=partner)
    total = sum(m.value for m in mods)
    officer = esper.try_component(target, Officer) is not None
    fails = Fraction(0) if officer else 1 - check_odds(b, target)
    out: dict[str, Fraction] = {}
    tenth = Fraction(1, D10.faces)

    def add(k: str, p: Fraction) -> None:
        if p:
            out[k] = out.get(k, Fraction(0)) + p

    for die in range(D10.low, D10.high + 1):
        result = fire_result(n, die + total)
        if officer:
            add({"rout": "killed", "disorder": "pushed"}.get(result, "miss"), tenth)
        elif result == "cohesion test":
            add("one hit", tenth * fails)
            add("miss", tenth * (1 - fails))
        else:
            add({"rout": "two hits", "disorder": "one hit"}.get(result, "miss"), tenth)
    return out


# --- shock --------------------------------------------------------------------------------------


def strength(b: Battle, units: list[int]) -> int:
    """DG-DEC-9: a base's strength is For Glory's three hits less those it has taken."""
    n = numbers(b)
    return sum(max(1, n.full_strength - esper.component_for_entity(e, Hits).count) for e in units)


def ratio_drm(n: CombatNumbers, attack: int, defence: int) -> int:
    """DG-20: +1 from 1.5 to 1, +2 from 2 to 1 ... +4 from 4 to 1; the same below 1 to 1, negative; a
    ratio between two columns takes the one nearer 1 to 1 (DG-DEC-9)."""
    big, small = max(attack, defence), min(attack, defence)
    steps = sum(1 for r in n.ratio if big >= r * small)
    return steps if attack >= defence else -steps


def shock_modifiers(b: Battle, attacks: list[Attack], defenders: list[int]) -> tuple[ModLine, ...]:
    n = numbers(b)
    d = n.shock_drm
    attackers = [a.unit for a in attacks]
    out = _line("DG-20", "force ratio", ratio_drm(n, strength(b, attackers), strength(b, defenders)))

    def cohesion(e: int) -> int:
        return n.cohesion.get(esper.component_for_entity(e, Unit).quality.code, 0)

    out += _line("DG-21", "cohesion", max(map(cohesion, attackers)) - max(map(cohesion, defenders)))
    terrain = [
        _target_terrain(b, a.unit, a.target, n.ground_shock, "DG-4", d.clear_ground)
        for a in attacks
        if a.target in defenders
    ]
    if terrain:
        out += min(terrain, key=lambda ls: sum(m.value for m in ls))  # the best ground for the defence
    out += elevation_shock(b, n.positions, attackers, defenders)
    sides = {"front" if a.sector == "front" else "rear" for a in attacks}
    if sides == {"front", "rear"}:
        out += _line("DG-22", "attacked from front and rear", d.front_and_rear)
    elif sides == {"rear"}:
        out += _line("DG-21", "attacked from a rear hex", d.rear)
    cavalry = [e for e in attackers if esper.component_for_entity(e, Unit).category.type == "cavalry"]
    if any(esper.component_for_entity(e, Unit).category.code in n.heavy_cavalry for e in cavalry):
        out += _line("DG-21", "charge with heavy cavalry", d.heavy_charge)
    elif cavalry:
        out += _line("DG-21", "cavalry charge", d.charge)
    out += uninvolved_behind(b, n.positions, attackers, defenders)
    if any(only_fronts(b, e) for e in attackers):
        out += _line("DG-5", "attacking out of six fronts", d.attacker_only_fronts)
    return tuple(out)


def shock_result(n: CombatNumbers, total: int) -> str:
    """DG-17: the row a modified result falls in."""
    if total >= n.shock.breakthrough:
        return "breakthrough"
    if total >= n.shock.pushed_back:
        return "pushed back"
    return "repulsed" if total >= n.shock.repulsed else "routed"


def shock(b: Battle, state: ChargeState, *, extra_allowed: bool = True) -> Resolution:
    """DG-17..22: officers reached die (For Glory); the attackers roll one d10 with the modifiers; the
    defenders recoil and are disordered (10+), recoil and test (5-9); or the attackers are disordered
    and test, recoiling if they fail (below 5). A pursuit is For Glory's cavalry extra move."""
    reach_officers(b, state)
    fight = engaged(b, [a for a in state.attacks if esper.try_component(a.target, Unit) is not None])
    if fight is not None:
        attacks, defenders = fight
        attackers = [a.unit for a in attacks]
        n = numbers(b)
        mods = shock_modifiers(b, attacks, defenders)
        die = b.dice.one(D10)
        total = die + sum(m.value for m in mods)
        result = shock_result(n, total)
        b.emit(
            Roll(
                check="shock",
                die=die,
                modifiers=mods,
                total=total,
                outcome=result,
                unit=b.name(attackers[0]),
                target=b.name(defenders[0]),
                rule="DG-17",
                die_kind=str(D10),
            )
        )
        centre_a = centroid([(b.pose(a).x, b.pose(a).y) for a in attackers])
        centre_d = centroid([(b.pose(d).x, b.pose(d).y) for d in defenders])
        by_a, by_d = b.name(attackers[0]), b.name(defenders[0])
        if result in ("breakthrough", "pushed back"):
            state.success = True  # DG-17: the attacker may pursue
            for e in defenders:
                if result == "breakthrough" or not for_glory_morale_check(b, e, "cohesion test", "DG-18"):
                    _hit(b, e, 1, centre_a, by_a, "DG-17")
                elif esper.component_for_entity(e, Status).in_play:
                    push(b, e, centre_a, by_a)
        else:
            for e in attackers:
                add_hits(b, e, 1, by_d, "DG-17")
                alive = esper.component_for_entity(e, Status).in_play
                if alive and not for_glory_morale_check(b, e, "cohesion test", "DG-18"):
                    push(b, e, centre_d, by_d)
    if extra_allowed:
        yield from pursue(b, state)


def melee_odds(b: Battle, attacks: list[Attack], defenders: list[int]) -> dict[str, Fraction]:
    """The exact chance of each result of a shock, from the attackers' side, in For Glory's words."""
    n = numbers(b)
    total = sum(m.value for m in shock_modifiers(b, attacks, defenders))
    d_fails = 1 - check_odds(b, defenders[0])
    a_fails = 1 - check_odds(b, attacks[0].unit)
    tenth = Fraction(1, D10.faces)
    out: dict[str, Fraction] = {}

    def add(k: str, p: Fraction) -> None:
        if p:
            out[k] = out.get(k, Fraction(0)) + p

    for die in range(D10.low, D10.high + 1):
        result = shock_result(n, die + total)
        if result == "breakthrough":
            add("won: one hit", tenth)
        elif result == "pushed back":
            add("won: one hit", tenth * d_fails)
            add("won: pushed", tenth * (1 - d_fails))
        else:
            add("lost: one hit and pushed", tenth * a_fails)
            add("lost: one hit", tenth * (1 - a_fails))
    return out


def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The categories, qualities and terrain kinds the numbers name must be the ruleset's."""
    n: CombatNumbers = records["combat"]
    out = []
    for key, names, known in (
        ("capability", n.capability, rules.categories),
        ("heavy_cavalry", n.heavy_cavalry, rules.categories),
        ("cohesion", n.cohesion, rules.qualities),
        ("ground_fire", n.ground_fire, rules.terrain),
        ("ground_shock", n.ground_shock, rules.terrain),
        ("non_cumulative", n.non_cumulative, rules.terrain),
        ("positions.levels", n.positions.levels, rules.terrain),
    ):
        out += [
            ("combat", f"{key}.{name}", f"not a name of the ruleset (known: {', '.join(sorted(known))})")
            for name in names
            if name not in known
        ]
    if n.positions.near not in rules.core.measures:
        out.append(("combat", "positions.near", f"not a measure (known: {', '.join(rules.core.measures)})"))
    return out

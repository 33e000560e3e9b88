"""FG-FIRE and the shooting side of FG-CBT: one die per shot, its modifiers with their rules, the
Shooting column of the results table, and artillery markers (AMB-58, AMB-60, AMB-61, AMB-66)."""

from __future__ import annotations

import math

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Officer, Status, Unit
from game.model.events import MarkerPlaced, ModLine, Rejected, Roll
from game.model.geometry import EPS, Point, dist
from game.model.resolution import Decision, Resolution
from systems.for_glory.checks import category_line, is_disorganised, line, nonzero, scaled
from systems.for_glory.hits import add_hits, destroy, kill_officer, push
from systems.for_glory.measure import gap, gap_to_point, within
from systems.for_glory.targets import check_fire
from systems.for_glory.vision import Sight, in_dense_cover


def in_cover(b: Battle, target: int, s: Sight, artillery: bool) -> bool:
    """AMB-60: cover is yes or no, from dense terrain, from being obscured, or from being fired over."""
    return in_dense_cover(b, target) or s.obscured or (artillery and s.blocked_by_units)


def fire_modifiers(
    b: Battle, shooter: int, target: int, s: Sight, *, moved: bool, reaction: bool
) -> tuple[ModLine, ...]:
    mods = b.rules.modifiers.combat
    unit = esper.component_for_entity(shooter, Unit)
    artillery = unit.category.type == "artillery"
    sp = b.pose(shooter)
    out = [
        category_line(mods["category"], unit.category, unit.category.fire or 0),
        line(mods["quality"], unit.quality.modifier),
    ]
    target_status = esper.try_component(target, Status)
    if target_status is not None:
        if b.stack.hook("attacked_from")(b, target, (sp.x, sp.y)) in ("left", "right", "rear"):
            out.append(line(mods["flank"], mods["flank"].value or 0))
        if target_status.marching_by_road:
            out.append(line(mods["road_target"], mods["road_target"].value or 0))
        if in_cover(b, target, s, artillery):
            out.append(line(mods["cover"], mods["cover"].value or 0))
    if is_disorganised(b, shooter):
        out.append(line(mods["disorganised"], mods["disorganised"].value or 0))
    if moved:
        out.append(line(mods["moved"], mods["moved"].value or 0))
    out.append(scaled(mods["hits"], esper.component_for_entity(shooter, Hits).count))
    if reaction:
        out.append(line(mods["reaction"], mods["reaction"].value or 0))
    if artillery:
        near = b.rules.length(b.rules.core.artillery.near_target)
        if within(gap(b, shooter, target), near):
            out.append(line(mods["artillery_close"], mods["artillery_close"].value or 0))
        count = sum(1 for m in b.markers() if within(gap_to_point(b, target, m), near))
        out.append(scaled(mods["artillery_markers"], count))
    out += b.stack.modifier_lines("fire", b, shooter, target, moved=moved, reaction=reaction)
    return nonzero(out)


def shoot(
    b: Battle, shooter: int, target: int, *, moved: bool, reaction: bool, seen: Sight | None = None
) -> Resolution:
    """Roll one shot and apply it. Generator: may ask the shooter's side where the marker goes.
    Whether it interrupts the target's action is the reaction window's to tell (AMB-67: a push, a
    unit destroyed or engaged; a hit alone does not), from where the target stands after it. `seen`:
    the line of a shot a rule module allows without For Glory's range (Warhammer's stand and shoot);
    otherwise FG-FIRE-1..3 are checked."""
    s = seen or check_fire(b, shooter, target)
    mods = fire_modifiers(b, shooter, target, s, moved=moved, reaction=reaction)
    die = b.dice.d6()
    total = die + sum(m.value for m in mods)
    band = b.rules.band(b.rules.fire_results, total)
    is_officer = esper.try_component(target, Officer) is not None
    outcome = band.label
    if is_officer:
        outcome = "killed" if (band.hits or band.destroyed) else ("pushed" if band.push else "miss")
    b.emit(
        Roll(
            check="fire",
            die=die,
            modifiers=mods,
            total=total,
            outcome=outcome,
            unit=b.name(shooter),
            target=b.name(target),
            rule=band.rule,
        )
    )
    sp = b.pose(shooter)
    src = (sp.x, sp.y)
    who = b.name(shooter)
    if is_officer:
        if band.hits or band.destroyed:
            kill_officer(b, target, who)
        elif band.push:
            push(b, target, src, who)
    else:
        # a result's hits (a destroying one's: every hit the unit has left), less any saves a module rolls
        hits = models_left(b, target) if band.destroyed else band.hits
        wounds = b.stack.hook("fire_saves")(b, shooter, target, hits) if hits else 0
        if band.destroyed and wounds == hits:
            destroy(b, target, band.rule, who)
        elif wounds:
            add_hits(b, target, wounds, who, band.rule)
        # a destroying result whose hits were partly saved pushes, as every result from a push up does
        if (band.push or band.destroyed) and esper.component_for_entity(target, Status).in_play:
            push(b, target, src, who)
    artillery = esper.component_for_entity(shooter, Unit).category.type == "artillery"
    if artillery and total >= b.rules.core.artillery.marker_min_result:  # FG-FIRE-4
        yield from place_marker(b, shooter, target)


def models_left(b: Battle, e: int) -> int:
    """The hits a unit can still take before it is destroyed (FG-HIT-3)."""
    return b.rules.core.hits.destroyed_at - esper.component_for_entity(e, Hits).count


def no_saves(b: Battle, shooter: int, target: int, hits: int) -> int:
    """For Glory's fire_saves: no saves, every hit a wound."""
    return hits


def marker_spot_ok(b: Battle, target: int, p: Point) -> bool:
    art = b.rules.core.artillery
    return (
        b.table.holds_point(p)
        and within(gap_to_point(b, target, p), b.rules.length(art.marker_near_target))
        and all(dist(p, m) >= b.rules.length(art.marker_spacing) - EPS for m in b.markers())
    )


def default_marker_spot(b: Battle, target: int) -> Point | None:
    """The engine's placement: the legal point nearest the target's centre (AMB-66)."""
    tp = b.pose(target)
    reach = b.rules.length(b.rules.core.artillery.marker_near_target) + 1.2
    step = 0.25
    for ring in range(int(reach / step) + 1):
        r = ring * step
        n = 1 if r == 0 else max(8, int(2 * math.pi * r / step))
        for k in range(n):
            a = 2 * math.pi * k / n
            p = (tp.x + r * math.cos(a), tp.y + r * math.sin(a))
            if marker_spot_ok(b, target, p):
                return (round(p[0], 3), round(p[1], 3))
    return None


def place_marker(b: Battle, shooter: int, target: int) -> Resolution:
    """FG-FIRE-4: a marker near the target of an artillery shot, where the shooting player chooses."""
    if default_marker_spot(b, target) is None:
        return  # AMB-66: no legal point, no marker
    spot: Point | None = None
    while True:
        answer = yield Decision("marker", b.side_of(shooter), b.name(shooter), (b.name(target),))
        if isinstance(answer, cmd.PlaceMarker):
            if marker_spot_ok(b, target, answer.at):
                spot = answer.at
                break
            b.emit(
                Rejected(
                    rule="FG-FIRE-4",
                    reason="a marker goes within XS of the target and XS or more from every other marker",
                    order="placemarker",
                )
            )
            continue
        spot = default_marker_spot(b, target)
        break
    assert spot is not None
    b.add_marker(spot)
    b.emit(MarkerPlaced(at=spot, by=b.name(shooter)))

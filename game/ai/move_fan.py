"""The fan of moves a general tries for a unit (game/ai/general.py weighs each): steps towards every
goal (the objectives it makes for, shooting range or contact of the nearest enemies, its officer, back
and aside), each goal by its route round the ground (routes.py), each point facing the way the unit went
and, where that is far from it, the nearest enemy. A level that judges `paths` tries each move where it
really ends (FG-MOVE-3) and bent clear of the ground it would stop in."""

from __future__ import annotations

import math
from collections.abc import Iterator

from game.ai import common
from game.ai.aims import _facing, _turn, aims
from game.ai.generals import Level
from game.ai.routes import Routes
from game.model.battle import Battle
from game.model.components import Unit
from game.model.geometry import Point, dist
from systems.for_glory.paths import difficult_entry, enters_difficult, longest_move

FACE_APART = 45.0  # a move is tried facing the nearest enemy too when that is this far from its way
BENDS = (8.0, 16.0, 25.0, 35.0, 50.0)  # degrees a move's line is turned to clear ground it would stop in


def fan(
    b: Battle,
    e: int,
    side: str,
    claims: list[tuple[Point, float]],
    routes: Routes,
    level: Level,
    faced: dict[tuple[Point, float], int],
) -> Iterator[tuple[Point, float | None]]:
    """Points worth trying, the longest step towards every goal first and the shorter ones after
    (a budget cut drops the finest first): towards each objective the unit makes for, shooting
    range (or contact) of the nearest enemies, its officer, back out of their reach and aside. Each
    goal is reached by its route: where the straight line crosses ground the unit cannot cross or
    would stop in, the first leg of the way round (routes.py). Each point facing the way the unit
    went, and facing the enemy nearest to it too where that is more than FACE_APART away (`faced`: each
    such point and facing, and that enemy)."""
    a = aims(b, e, side, [at for at, _stake in claims])
    here, step, foes, face = a.here, a.step, a.foes, a.face
    category = b.comp(e, Unit).category
    longest = longest_move(b, e)
    if foes:
        yield (round(here[0], 3), round(here[1], 3)), round(face, 1)  # turn to face him
    goals = a.goals
    legs = []
    for g in goals:
        leg = routes.first_leg(b, e, here, g) if dist(here, g) > 0.3 else g
        d = dist(here, leg)
        if d < 0.3:
            continue
        towards = _facing(here, leg)
        facing = towards if not foes or abs(_turn(towards, face)) < 100 else face
        legs.append((leg, d, round(facing, 1)))
        if level.paths and leg != g and d < longest - 0.5:
            # a route's corner is a place to pass, not to stop: on past it as far as the move goes
            # (ends() bends the line clear where it would clip the ground it rounds)
            past = min(longest, dist(here, g))
            legs.append((common.step_towards(here, leg, past), past, round(facing, 1)))
    # cavalry that judge `paths` face the enemy they would charge next whenever he would stand
    # outside their vision strip (FG-CHG-2: a charge only at what the unit saw before it moved)
    charges = level.paths and category.type == "cavalry"
    strip = b.rules.core.bases.unit_width / 2
    n = level.moves
    lengths = [longest, 2 * step] if longest > step + 0.1 else []
    lengths += [step * k / n for k in range(n, 0, -1)]
    # a level that shares its few positions among the units tries each goal's every length before
    # the next goal (its objectives first: a longest step the rules refuse leaves the shorter ones)
    order = (
        [(s_, leg) for leg in legs for s_ in lengths]
        if level.share
        else [(s_, leg) for s_ in lengths for leg in legs]
    )
    for s_, (leg, d, facing) in order:
        for to in ends(b, e, level, here, common.step_towards(here, leg, min(s_, d))):
            yield to, facing
            if foes and level.face:  # there, facing the nearest enemy, not the way it went
                near = min(foes, key=lambda f: dist(to, common.centre(b, f)))
                there = common.centre(b, near)
                threat = round(_facing(to, there), 1)
                if abs(_turn(threat, facing)) > FACE_APART or (
                    charges and dist(to, there) * math.sin(math.radians(abs(_turn(threat, facing)))) > strip
                ):
                    faced[(to, threat)] = near
                    yield to, threat


def ends(b: Battle, e: int, level: Level, here: Point, to: Point) -> list[Point]:
    """Where a straight move towards `to` really ends (a level that judges `paths`): cavalry whose
    line enters difficult ground stop there (FG-MOVE-3), so such a move is tried as a move to that
    point, and, in its place, as the same length bent either way by the least turn that keeps
    its line clear of the ground (a route's corner on a coarse grid may clip a wood's)."""
    if not level.paths or not b.stack.hook("difficult_stop")(b, e):
        return [to]
    stop = difficult_entry(b, here, to)
    if stop is None:
        return [to]
    out = [stop] if dist(here, stop) > 0.3 else []
    length, way = dist(here, to), math.atan2(to[1] - here[1], to[0] - here[0])
    for sign in (1.0, -1.0):
        for turn in BENDS:
            a = way + sign * math.radians(turn)
            p = (round(here[0] + math.cos(a) * length, 3), round(here[1] + math.sin(a) * length, 3))
            if b.table.holds_point(p) and not enters_difficult(b, here, p):
                out.append(p)
                break
    return out

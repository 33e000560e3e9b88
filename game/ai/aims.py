"""Where a unit might make for before a general weighs its moves (game/ai/search.py's destinations and
hard's fan of moves, move_fan.py, both start from them), and the bearings they are measured by."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai import common
from game.model.battle import Battle
from game.model.components import Unit
from game.model.geometry import Point, dist
from systems.for_glory.targets import fire_range


@dataclass(frozen=True)
class Aims:
    """Where a unit might make for, before any length of move is chosen: the objectives it claims,
    shooting range (or contact) of the nearest enemies, its officer, and with enemies near, back out of
    their reach still facing them and aside; `face`: towards the nearest enemy (else as it stands)."""

    here: Point
    step: float  # its move (FG-MOVE-1) in inches
    foes: list[int]  # the three nearest enemy units, nearest first
    face: float
    goals: list[Point]


def aims(b: Battle, e: int, side: str, claims: Sequence[Point]) -> Aims:
    """The unit's aims (Aims), as every general's fan of moves starts from them (move_fan.py too)."""
    p = b.pose(e)
    here = (p.x, p.y)
    category = b.comp(e, Unit).category
    step = b.rules.length(category.move)
    goals: list[Point] = list(claims)
    foes = sorted(common.enemy_units(b, side), key=lambda f: dist(here, common.centre(b, f)))[:3]
    rng = fire_range(b, e)
    keep = rng - 0.5 if rng is not None else 0.0
    for f in foes:
        there = common.centre(b, f)
        gap_ = dist(here, there)
        if gap_ > 0.1:
            stop = max(0.0, gap_ - keep) if keep else gap_
            goals.append(common.step_towards(here, there, stop))
    officer = b.officer_of(e)
    if officer is not None and b.in_play(officer):
        goals.append(common.centre(b, officer))
    face = _facing(here, common.centre(b, foes[0])) if foes else p.facing
    if foes:
        fx, fy = math.cos(math.radians(face)), math.sin(math.radians(face))
        goals += [
            (here[0] - fx * step, here[1] - fy * step),  # back, still facing him
            (here[0] - fy * step, here[1] + fx * step),  # aside
            (here[0] + fy * step, here[1] - fx * step),
        ]
    return Aims(here, step, foes, face, goals)


def _facing(a: Point, b: Point) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def _turn(a: float, b: float) -> float:
    return (a - b + 180.0) % 360.0 - 180.0

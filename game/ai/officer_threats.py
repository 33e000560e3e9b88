"""How likely an officer is to be killed at a spot in the enemy's next activation, asked of the rules'
own targeting of officers (FG-OFF-3, AMB-18: a unit may shoot or charge him only when he is its only
valid target): each enemy unit's charge from where it stands (contact kills, FG-OFF-4; it charges only
what it sees before moving, FG-CHG-2), and its shot from where it stands or after any move of its
allowance (FG-ORD-7: the shot at -1 of FG-CBT-6), a fan of moves all round it, asked once per decision.
No cut by distance but the farthest a unit could ever reach: its move and its range, and the bases.

Used for the estado mayor, whose loss ends the battle (FG-OFF-7), over every spot of the circle he can
ride (commanders.staff_place): the spots a step away may all be in reach where a clear one lies a
whole move off."""

from __future__ import annotations

import math

from game.ai import common
from game.model.battle import Battle
from game.model.components import Unit
from game.model.geometry import Point, dist
from game.model.resolution import Reject
from systems.for_glory.charge.plan import any_chargeable, check_charge, out_of_reach
from systems.for_glory.odds import fire_odds
from systems.for_glory.paths import plan_move
from systems.for_glory.targets import check_fire, fire_range

SLACK = 2.0  # inches the bases' sizes add to a unit's move and range (centre to edge, both ways)
DIRECTIONS = 12  # the fan of an enemy unit's moves: this many ways round it
STEPS = (1.0, 0.5)  # and these shares of its move each way


class Threats:
    """The enemy units that might reach one officer near a point, and where each could stand after
    its move (worked out once; each spot asked then costs the shots from those places)."""

    def __init__(self, b: Battle, side: str, officer: int, around: Point, radius: float) -> None:
        self.officer = officer
        self.foes: list[tuple[int, float, float]] = []  # unit, its move, its range (0: cannot shoot)
        self._stops: dict[int, list[Point]] = {}
        self._engaged: dict[int, bool] = {}  # unit -> whether it may charge a unit now (FG-OFF-3)
        for f in b.enemy_units(side):
            category = b.comp(f, Unit).category
            move = b.rules.length(category.move)
            rng = fire_range(b, f) or 0.0
            if dist(around, common.centre(b, f)) <= radius + move + rng + SLACK:
                self.foes.append((f, move, rng))

    def stops(self, b: Battle, f: int, move: float) -> list[Point]:
        """Where the unit may stand when it shoots: where it is, and the ends of a fan of its moves
        (where the rules put it: stopped by ground, never through an enemy)."""
        kept = self._stops.get(f)
        if kept is None:
            here = common.centre(b, f)
            kept = [here]
            for k in range(DIRECTIONS):
                a = 2 * math.pi * k / DIRECTIONS
                for share in STEPS:
                    to = (
                        round(here[0] + math.cos(a) * move * share, 3),
                        round(here[1] + math.sin(a) * move * share, 3),
                    )
                    if not b.table.holds_point(to):
                        continue
                    try:
                        plan = plan_move(b, f, to, None)
                    except Reject:
                        continue
                    kept.append(plan.path[-1])
            self._stops[f] = kept
        return kept

    def kill_chance(self, b: Battle, at: Point) -> float:
        """The chance one of them kills the officer standing at `at` in its next activation."""
        alive = 1.0
        with b.supposing(self.officer, at[0], at[1]):
            for f, move, rng in self.foes:
                d = dist(at, common.centre(b, f))
                if d > move + rng + SLACK:
                    continue
                alive *= 1.0 - self._kills(b, f, at, move, rng)
                if alive <= 0.0:
                    break
        return 1.0 - alive

    def engaged(self, b: Battle, f: int) -> bool:
        """May the unit charge a unit now? Then it may not charge the officer (FG-OFF-3). Asked once:
        an officer is no base, so where he stands changes no charge at a unit."""
        kept = self._engaged.get(f)
        if kept is None:
            kept = self._engaged[f] = any_chargeable(b, f)
        return kept

    def _kills(self, b: Battle, f: int, at: Point, move: float, rng: float) -> float:
        # beyond its reach, or with a unit to charge, the rules refuse every charge at him
        if not out_of_reach(b, f, self.officer) and not self.engaged(b, f):
            try:
                check_charge(b, f, self.officer)
                return 1.0  # contact kills (FG-OFF-4)
            except Reject:
                pass
        if not rng:
            return 0.0
        here = common.centre(b, f)
        stops = sorted(
            (p for p in self.stops(b, f, move) if dist(p, at) <= rng + SLACK), key=lambda p: dist(p, at)
        )
        for p in stops:
            moved = dist(p, here) > 0.01
            facing = math.degrees(math.atan2(at[1] - p[1], at[0] - p[0]))
            with b.supposing(f, p[0], p[1], facing):
                try:
                    check_fire(b, f, self.officer)
                except Reject:
                    continue
                return float(fire_odds(b, f, self.officer, moved=moved).get("killed", 0))
        return 0.0

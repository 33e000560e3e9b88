"""What is at stake for one side, worked out once per decision: what each effect of a roll does (a hit
by what it does: the third destroys the brigade, the brigade that breaks its division, FG-LOST-3, the
division that ends the battle, FG-VIC-2, the estado mayor, FG-VIC-3), which objectives the enemy can
take in his next activation (strategic and road moves counted, routes round the ground he cannot
cross) and which of ours guard them, and what ending the battle now would mean.

Values are in the value of a hit (heuristic.FIRE_VALUE): a point of the score (FG-VIC-5) is a unit
destroyed. Every figure is seen from the side the stakes are worked out for: what it gains is
positive, what it loses negative."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import esper

from game.ai import common
from game.ai.heuristic import CHARGE_VALUE, FIRE_VALUE
from game.ai.routes import Routes
from game.model.battle import Battle, ObjectiveState
from game.model.components import Officer, Unit
from game.model.geometry import Point
from game.model.ruleset import ResultBand
from systems.for_glory.checks import is_disorganised
from systems.for_glory.hits import relocation, surviving
from systems.for_glory.measure import gap_to_point, within

HIT = FIRE_VALUE["one hit"]
POINT = FIRE_VALUE["destroyed"]  # a point of the score (a unit destroyed, FG-VIC-5)
WIN = 10 * POINT  # the battle won now: worth more than any material gain short of it
PUSH = FIRE_VALUE["pushed"]
GONE = 0.8 * POINT  # a brigade removed with its demoralised division: off the table, though scoring nothing
DENY = 0.4  # the share of the battle an objective is worth more when the enemy may soon hold them all
TAKES = 0.7  # the chance an enemy able to reach an unguarded objective next activation takes it


@dataclass(frozen=True)
class Effect:
    """What a result does to one unit or officer."""

    hits: int = 0
    destroyed: bool = False
    push: bool = False
    killed: bool = False  # an officer (FG-OFF-4)


NOTHING = Effect()


@dataclass
class Objective:
    """One objective as the side sees it: what taking it gains, what losing it costs, the enemy
    units that can reach it in their next activation, and our units at XS of it now."""

    state: ObjectiveState
    ours: bool
    gain: float
    loss: float
    ends: bool = False  # taking it would end the battle (we hold every other one)
    threats: list[int] = field(default_factory=list)
    later: list[int] = field(default_factory=list)  # enemy units that can reach it in two activations
    guards: list[int] = field(default_factory=list)
    occupiers: list[int] = field(default_factory=list)  # enemy units at XS of it now
    within_reach: bool = False  # a unit of ours could come to XS of it in this activation

    @property
    def at(self) -> Point:
        return self.state.at

    @property
    def endangered(self) -> bool:
        """Ours, reachable by the enemy next activation and guarded by no unit of ours."""
        return self.ours and bool(self.threats) and not self.guards


class Stakes:
    """The side's stakes in the battle as it stands (or as a copy of it stands)."""

    def __init__(
        self, b: Battle, side: str, routes: Routes, brink: float = 0.0, victory: bool = False
    ) -> None:
        """`victory`: the scenario's own terms, else the rulebook's (common.terms)."""
        self.side = side
        self.brink = brink
        self.routes = routes
        g = b.game
        assert g is not None
        self.enemy = next(s for s in g.sides if s != side)
        points = b.stack.mode.score(b)
        self.lead = points[side].total - points[self.enemy].total  # our score less his
        self.removed = sum(1 for e in b.events if e.kind == "division_removed")
        self.terms = common.terms(b, victory)
        self.scoring = self.terms.scoring
        self.cap = b.rules.core.hits.destroyed_at
        self._bands = {band.label: band for band in (*b.rules.fire_results, *b.rules.melee_results)}
        self._effects: dict[str, tuple[Effect, Effect]] = {}  # by label: every odds weighed asks them
        self._gone: dict[int, float] = {}
        self.objectives = [self._objective(b, o) for o in g.objectives]
        self.threatening: dict[int, float] = {}  # enemy unit -> the stake of our objectives it endangers
        for o in self.objectives:
            if o.endangered:
                for f in o.threats:
                    self.threatening[f] = max(self.threatening.get(f, 0.0), o.loss * TAKES)
        self._deny(b)

    def _deny(self, b: Battle) -> None:
        """When the enemy holds, or can reach within two activations, every objective, the race may end
        the battle soon (FG-VIC-4): any one objective taken, held or kept denies it, and is worth a
        share of the battle more."""
        if len(self.objectives) < 2 or not self.terms.objectives_end:
            return
        foes = list(b.enemy_units(self.side))
        for o in self.objectives:
            if o.state.holder != self.enemy and not any(self.activations_to(b, f, o.at) <= 2 for f in foes):
                return
        deny = DENY * WIN / len(self.objectives)
        for o in self.objectives:
            if o.ours:
                o.loss += deny
            else:
                o.gain += deny

    # --- the end of the battle ----------------------------------------------------------------

    def ending(self, points_for_us: float) -> float:
        """The worth of the battle ending now with so many more points of ours on the score (in points
        of the score, negative when they are the enemy's): won, lost or drawn (AMB-36)."""
        lead = self.lead + points_for_us
        return WIN if lead > 0 else -WIN if lead < 0 else 0.0

    # --- what a result does -------------------------------------------------------------------

    def effects(self, label: str) -> tuple[Effect, Effect]:
        """(on the target, on the unit that shot or charged) for a result of fire_odds or charge_odds
        (kept by label: they depend on the bands alone, and every odds weighed asks them)."""
        found = self._effects.get(label)
        if found is None:
            found = self._effects[label] = self._label_effects(label)
        return found

    def _label_effects(self, label: str) -> tuple[Effect, Effect]:
        if label == "target breaks":
            return Effect(destroyed=True), NOTHING
        if label in ("officer killed", "killed"):
            return Effect(killed=True), NOTHING
        if label == "draw":
            band = self._bands.get("draw")
            both = _band_effect(band) if band is not None else Effect(hits=1, push=True)
            return both, both
        if label.startswith("won: "):
            return self._effect(label[5:]), NOTHING
        if label.startswith("lost: "):
            return NOTHING, self._effect(label[6:])
        return self._effect(label), NOTHING

    def _effect(self, label: str) -> Effect:
        band = self._bands.get(label)
        if band is not None:
            return _band_effect(band)
        words = label.split()  # a rule module's own result: read from its words
        hits = 2 if "two" in words else 1 if "one" in words else 0
        return Effect(hits=hits, destroyed="destroyed" in words, push="pushed" in words or hits > 0)

    def worth(self, b: Battle, odds: dict[str, Fraction], target: int, actor: int | None = None) -> float:
        """The expected worth to this side of a roll's results: each effect on the target and on the
        unit that made it, valued by what it does. A label no table knows keeps the plain values."""
        total = 0.0
        sign = 1.0 if b.side_of(target) != self.side else -1.0
        for label, p in odds.items():
            on_target, on_actor = self.effects(label)
            if on_target == NOTHING and on_actor == NOTHING and label not in ("miss", "draw"):
                total += float(p) * sign * FIRE_VALUE.get(label, CHARGE_VALUE.get(label, 0.0))
                continue
            v = self.harm(b, target, on_target, clears=not on_actor.push)
            if actor is not None:
                v += self.harm(b, actor, on_actor)
            total += float(p) * v
        return total

    def harm(self, b: Battle, e: int, effect: Effect, clears: bool = True) -> float:
        """What an effect on a unit or officer is worth to this side: positive on the enemy's, negative
        on ours; `clears`: a push may clear an objective for the unit that made it (not when that unit
        is pushed back too)."""
        if effect == NOTHING:
            return 0.0
        sign = 1.0 if b.side_of(e) != self.side else -1.0
        off = esper.try_component(e, Officer)
        if off is not None:
            if not effect.killed:
                return sign * 0.1 if effect.push else 0.0
            if off.role == "staff":  # FG-OFF-7, FG-VIC-3: the battle ends
                return self.ending(sign * self.scoring.staff_killed)
            return self.general_killed(b, e)
        hits = common.hits(e)
        endangers = self.threatening.get(e, 0.0)  # an enemy that may take an objective of ours
        if effect.destroyed or hits + effect.hits >= self.cap:
            return self.destroyed(b, e) + endangers
        worth = effect.hits * HIT * (1.0 + 0.2 * hits)
        if self.brink and effect.hits:  # a step towards what its destruction brings beyond its point
            beyond = sign * self.destroyed(b, e) - POINT * self.scoring.unit_destroyed
            worth += self.brink * beyond * effect.hits / self.cap
        if effect.push:
            worth += PUSH + (self.held_by(e) if clears else 0.0)
        return sign * worth + (0.3 * endangers if effect.push else 0.0)

    def general_killed(self, b: Battle, officer: int) -> float:
        """A division general killed: his points and his experience 0 (FG-VIC-9, FG-OFF-10), and his
        division disbanded when no spot takes him back among his brigades (FG-OFF-12, AMB-19): removed as
        a demoralised one is, the battle's end when it is the last its terms allow (FG-VIC-2)."""
        kept = self._gone.get(officer)
        if kept is not None:
            return kept
        sign = 1.0 if b.side_of(officer) != self.side else -1.0
        points = self.scoring.officer_killed
        worth = POINT * points + HIT
        if self.terms.whole and relocation(b, officer) is None:
            value = self._with_division(sign, points, worth, len(surviving(b, officer)))
        else:
            value = sign * worth
        self._gone[officer] = value
        return value

    def _with_division(self, sign: float, points: float, worth: float, brigades: int) -> float:
        """`worth` (`points` of the score) with the division removed too (FG-LOST-3, FG-OFF-12): its
        points and its `brigades` off the table, or the battle's end when it is the last division its
        terms allow (FG-VIC-2, AMB-34): won, lost or drawn by the score."""
        points += self.scoring.division_removed
        if self.removed + 1 >= self.terms.divisions_to_end:
            return self.ending(sign * points)
        return sign * (worth + POINT * self.scoring.division_removed + GONE * brigades)

    def held_by(self, e: int) -> float:
        """What pushing a unit may take off an objective: a share of its worth when it alone stands
        at XS of one its side holds."""
        for o in self.objectives:
            if o.guards == [e] and o.ours and o.threats:  # the enemy may walk in after the push
                return 0.3 * o.loss * TAKES
            if o.occupiers == [e] and not o.ours:  # control stays (AMB-35) until one of ours walks in
                return (0.2 if o.within_reach else 0.02) * o.gain
        return 0.0

    def destroyed(self, b: Battle, e: int) -> float:
        """A unit destroyed (FG-VIC-5), with what follows: its division demoralised when its lost
        brigades reach its survivors (FG-LOST-3, the division's score and its other brigades off the
        table), and the battle's end when that division is the last its terms allow (FG-VIC-2: the second)."""
        kept = self._gone.get(e)
        if kept is not None:
            return kept
        sign = 1.0 if b.side_of(e) != self.side else -1.0
        points = self.scoring.unit_destroyed
        value = sign * POINT * points
        officer = b.officer_of(e)
        if officer is not None and b.in_play(officer):
            off = esper.component_for_entity(officer, Officer)
            left = [u for u in surviving(b, officer) if u != e]
            if off.role == "division" and off.lost_brigades + 1 >= len(left):
                value = self._with_division(sign, points, POINT * points, len(left))
        self._gone[e] = value
        return value

    # --- objectives ---------------------------------------------------------------------------

    def _objective(self, b: Battle, o: ObjectiveState) -> Objective:
        g = b.game
        assert g is not None
        others = [p for p in g.objectives if p is not o]
        s = self.scoring
        ours = o.holder == self.side
        # taking it: its point, four more if the enemy ever held it, his point lost if he holds it
        gain = s.objective_held + (s.objective_taken if self.enemy in o.ever else 0)
        gain += s.objective_held if o.holder == self.enemy else 0
        # losing it: our point, and his point and four more (we held it)
        loss = s.objective_held + s.objective_held + s.objective_taken
        value_gain, value_loss = POINT * gain, POINT * loss
        ends = False
        race = self.terms.race(len(others) + 1)
        if race and not others and not ours:
            ends = True  # the only objective is every objective (FG-VIC-4): taking it ends the battle
            value_gain = max(value_gain, self.ending(gain))
        elif race and others:  # the race for them all (FG-VIC-4): a share of the battle
            share = WIN / (len(others) + 1)
            mine = sum(p.holder == self.side for p in others) / len(others)
            his = sum(p.holder == self.enemy for p in others) / len(others)
            if not ours:
                ends = mine == 1.0
                value_gain = (
                    max(value_gain, self.ending(gain)) if ends else value_gain + share * (0.5 + 0.5 * mine)
                )
            else:
                value_loss = (
                    max(value_loss, -self.ending(-loss))
                    if his == 1.0
                    else value_loss + share * (0.5 + 0.5 * his)
                )
        found = Objective(o, ours, value_gain, value_loss, ends)
        xs = b.rules.length("XS")
        found.guards = [u for u in b.units(self.side) if within(gap_to_point(b, u, o.at), xs)]
        found.occupiers = [u for u in b.enemy_units(self.side) if within(gap_to_point(b, u, o.at), xs)]
        if not ours:
            found.within_reach = any(self.eta(b, u, o.at) <= 1 for u in b.units(self.side))
        if ours:
            for f in b.enemy_units(self.side):
                n = self.activations_to(b, f, o.at)
                if n <= 1:
                    found.threats.append(f)
                elif n <= 2:
                    found.later.append(f)
        return found

    def activations_to(self, b: Battle, f: int, at: Point) -> int:
        """In how many of its activations this unit could come to XS of the point (3: more than two)."""
        eta = self.eta(b, f, at)
        return 0 if eta <= 0 else 1 if eta <= 1 else 2 if eta <= 2 else 3

    def eta(self, b: Battle, f: int, at: Point) -> float:
        """The activations this unit needs to come to XS of the point, as a fraction: its move, one more
        unless it is disorganised (FG-STRAT-1: our units moving away may well leave it the XL it needs),
        the road's bonus when it stands on a road that passes there (FG-ROAD-1); round the ground it
        cannot cross, and one more for cavalry whose point lies in ground it must stop at (FG-MOVE-3)."""
        xs = b.rules.length("XS")
        left = gap_to_point(b, f, at) - xs
        if left <= 0:
            return 0.0
        category = esper.component_for_entity(f, Unit).category
        move = b.rules.length(category.move)
        mv = b.rules.core.movement
        reach = move if is_disorganised(b, f) else move * (1 + mv.strategic_extra_moves)
        here = common.centre(b, f)
        if b.table.on_road(here, mv.road_tolerance) and b.table.on_road(at, xs + mv.road_tolerance):
            reach += move * mv.road_extra_moves
        if left > 3 * reach:
            return left / reach
        route = max(0.0, self.routes.length(b, f, here, at) - xs - 1.0)
        stop = 1.0 if b.table.movement_at(at) == "difficult" and b.stack.hook("difficult_stop")(b, f) else 0.0
        return max(route / reach, 0.01) + stop


def _band_effect(band: ResultBand) -> Effect:
    return Effect(hits=band.hits, destroyed=band.destroyed, push=band.push)

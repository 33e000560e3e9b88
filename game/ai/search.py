"""`easy`, `normal`, `hard`: generals that search. For each order it might give, a general weighs the
exact odds of the roll it makes (a chance node over every effect, systems/for_glory/odds.py) and the
position it leaves: what the enemy may answer (his reactions now, his shots and charges next turn, each
with its exact odds), what the unit may do from there next turn, the objectives it holds or nears, and
whether it stays in command. Two plies of expectimax: its order, then the enemy's best answers on that unit.
The level (content/ai/levels.toml) sets how many moves it tries, whether it weighs the answers and
how much it may look at; the temperament (content/ai/temperaments/) sets what it values.

Asking is never doing: every position is asked of the rules with Battle.supposing, which moves nothing.
A time cap stops a search on a slow machine; the count of evaluations is what normally ends it, so the
same seed gives the same choices."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import esper

from game.ai import common
from game.ai.aims import _facing, _turn, aims
from game.ai.asking import delta, near_enough, odds_or_none, shot_odds
from game.ai.budget import Budget
from game.ai.generals import DEFAULT_TEMPERAMENT, General, general
from game.ai.heuristic import CHARGE_VALUE, FIRE_VALUE, HeuristicPlayer
from game.ai.reasons import Thought, Weighed, weighed
from game.content.mods import Mod
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Unit
from game.model.dice import Chooser
from game.model.events import Rejected
from game.model.geometry import Point, centroid, dist
from game.model.resolution import Decision, Reject
from systems.for_glory.charge.odds import charge_odds, reaction_charge_odds
from systems.for_glory.measure import gap, gap_to_point, within
from systems.for_glory.odds import check_odds, leadership_odds
from systems.for_glory.officers import check_officer_move
from systems.for_glory.paths import Plan, longest_move, plan_move
from systems.for_glory.reaction import reactors, retreat_plan
from systems.for_glory.targets import fire_range
from systems.for_glory.vision import in_strip

HIT = FIRE_VALUE["one hit"]  # the value of one hit, the unit of every worth here
POINT = FIRE_VALUE["destroyed"]  # a point of the score (FG-VIC-5: a unit destroyed) in that value
DISCOUNT = 0.5  # each further enemy's threat on one unit counts this much of the one before
DECISIVE = 4 * POINT  # an objective that ends the battle if one side holds it with all the others
ADVANCE = 0.1  # the worth of an inch closer to the enemy, for a unit with nothing better to do
NEAR_OBJECTIVE = 12.0  # inches: an enemy unit this near an objective of ours threatens it
TIE = 0.01  # the worth of an inch, to break an officer's ties towards where he should be


@dataclass
class Ground:
    """What one decision's weighing needs to know once: the objectives and who claims them."""

    claims: dict[int, list[tuple[Point, float]]]  # unit -> (objective, its points' worth) it makes for


class SearchPlayer(HeuristicPlayer):
    def __init__(
        self,
        side: str,
        seed: int,
        level: str = "normal",
        temperament: str = DEFAULT_TEMPERAMENT,
        mods: Sequence[Mod] = (),
        think: float = 1.0,
        made: General | None = None,
    ) -> None:
        super().__init__(side, seed)
        self.level = level
        self.general = made or general(level, temperament, mods)  # `made`: a general handed in whole
        self.think = think  # x the level's budget per decision
        self.rng = Chooser(seed * 104_729 + sum(map(ord, side)))
        self.thought: Thought | None = None  # the last decision's reasons
        self.asked: Decision | None = None
        self.refused: list[cmd.Command] = []  # what the rules refused for the decision in hand

    def decide(self, b: Battle, d: Decision) -> cmd.Command:
        """As any player, but never the same refused command twice for one decision (a position the
        search misread must not stall the battle)."""
        if d != self.asked:
            self.asked, self.refused = d, []
        elif b.events and isinstance(b.events[-1], Rejected) and self.thought is not None:
            self.refused.append(self.thought.chosen.command)
        self.thought = None
        return super().decide(b, d)

    # --- deployment ---------------------------------------------------------------------------

    def rank_spots(self, b: Battle, spots: list[Point]) -> list[Point]:
        """Nearest first to the objectives it does not hold (the race for them decides many battles,
        FG-VIC-4), then to the middle of all of them."""
        assert b.game is not None
        wanted = [o.at for o in b.game.objectives if o.holder != self.side]
        if not wanted:
            return super().rank_spots(b, spots)
        return sorted(spots, key=lambda p: min(dist(p, o) for o in wanted))

    # --- orders -------------------------------------------------------------------------------

    def order(self, b: Battle, d: Decision) -> cmd.Command:
        budget = Budget(self.general, self.think)
        ground = self.ground(b)
        options: list[Weighed] = [weighed(cmd.EndActivation(), {})]
        units = [b.ids[n] for n in d.options]
        # each unit's worth where it stands and its chance to obey: what every option is weighed against
        stands = {e: (self.standing(b, e, ground), self.obedience(b, e)) for e in units}
        for e in units:  # the rolls first: cheap, and the likeliest best orders
            options += self.attacks(b, e, ground, *stands[e])
        budget.used += len(options) - 1  # weighed outside the budget, which bounds the moves
        for e in units:
            options += self.movements(b, e, ground, budget, *stands[e])
        chosen = self.priced(b, options)
        self.thought = Thought("order", self.side, tuple(chosen[:8]), budget.used)
        return chosen[0].command

    def priced(self, b: Battle, options: list[Weighed]) -> list[Weighed]:
        """The options the rules have not refused for this decision, best first, each with what it
        costs the unit beyond its result (a module's fatigue: the hook action_cost) and, for a general
        who misjudges, his misjudgement."""
        cost = b.stack.hook("action_cost")
        chosen = []
        for w in (o for o in options if o.command not in self.refused):
            unit = getattr(w.command, "unit", None)
            price = cost(b, b.ids[unit], w.command) if unit is not None else 0.0
            noise = self.rng.uniform(-1, 1) * self.general.level.noise if self.general.level.noise else 0.0
            parts = dict(w.parts)
            if price:
                parts["cost"] = -price
            if noise:
                parts["misjudged"] = noise
            chosen.append(replace(w, value=round(sum(parts.values()), 3), parts=tuple(parts.items())))
        chosen.sort(key=lambda w: -w.value)
        return chosen

    def attacks(
        self, b: Battle, e: int, ground: Ground, here: dict[str, float], obey: float
    ) -> list[Weighed]:
        """Shots, charges, rallies, retreats and the modules' orders of one unit, each weighed against
        its worth where it stands (`here`); `obey`: the chance it obeys."""
        name = b.name(e)
        exposed = self.exposure(b, e)  # the reactions any order of it here may draw
        out = []
        for t in common.fire_targets(b, e):
            odds = shot_odds(b, e, t)
            if odds is not None:
                parts = {"odds": obey * self.worth(b, odds, FIRE_VALUE, t), "answers": -exposed}
                out.append(weighed(cmd.Fire(name, b.name(t)), parts, odds))
        margin = self.general.temperament.charge_margin
        for t in common.within_charge_reach(b, e):
            odds = self.charging(b, e, t)
            if odds is None:
                continue
            gain = obey * self.worth(b, odds, CHARGE_VALUE, t)
            answer = self.exposure(b, e, only=t) if self.general.level.answers else 0.0
            parts = {"odds": gain - margin, "answers": -answer}
            out.append(weighed(cmd.Charge(name, b.name(t)), parts, odds))
        return out + self.recoveries(b, e, ground, here, exposed)

    def recoveries(
        self, b: Battle, e: int, ground: Ground, here: dict[str, float], exposed: float
    ) -> list[Weighed]:
        """A rally (two hits or more), a withdrawal (a hit or more) and the modules' orders of one unit,
        each weighed against its worth where it stands (`here`); `exposed`: the reactions any order of
        it here may draw."""
        name = b.name(e)
        out = []
        hits = common.hits(e)
        if hits >= 2 and common.can_rally(b, e):
            danger = self.threat(b, e) if self.general.level.answers else 0.0
            out.append(
                weighed(
                    cmd.Rally(name),
                    {"odds": HIT * (0.5 + min(1.0, danger / 2)), "answers": -exposed},
                )
            )
        if hits >= 1:
            try:
                plan = retreat_plan(b, e)
            except Reject:
                plan = None
            if plan is not None and plan.length > 0.5:
                out.append(self.withdrawal(b, e, ground, here, plan))
        out += [weighed(c, {"odds": worth}) for worth, c in common.module_orders(b, e)]
        return out

    def withdrawal(self, b: Battle, e: int, ground: Ground, here: dict[str, float], plan: Plan) -> Weighed:
        """A withdrawal (FG-ORD-9) weighed where it would leave the unit against where it stands."""
        end = plan.path[-1]
        there = self.standing(b, e, ground, (end[0], end[1], plan.facing))
        return weighed(cmd.Withdraw(b.name(e)), delta(there, here))

    def movements(
        self, b: Battle, e: int, ground: Ground, budget: Budget, here: dict[str, float], obey: float
    ) -> list[Weighed]:
        """A fan of moves towards what matters to the unit, each weighed where it would end against
        where it stands (`here`), with the shot it may make after moving (FG-ORD-7)."""
        out = []
        seen: set[tuple[float, ...]] = set()
        for to, facing in self.destinations(b, e, ground):
            key = self.spot(to, facing)
            if key in seen:
                continue
            seen.add(key)
            if not budget.spend():
                break
            if not b.table.holds_point(to):
                continue
            w = self.move_option(b, e, ground, here, obey, to, facing)
            if w is not None:
                out.append(w)
        return out

    def move_option(
        self,
        b: Battle,
        e: int,
        ground: Ground,
        here: dict[str, float],
        obey: float,
        to: Point,
        facing: float | None,
    ) -> Weighed | None:
        """One move weighed where the rules would end it against where the unit stands (`here`), with
        the shot it may make after moving (FG-ORD-7); None when the rules refuse it."""
        try:  # kept for the decision: a general who weighs a move twice (bounds.py) plans it once
            plan = b.memo(("plan_move", e, to, facing), lambda: plan_move(b, e, to, facing))
        except Reject:
            return None
        end = (plan.path[-1][0], plan.path[-1][1], plan.facing)  # where the rules would put it
        there = self.standing(b, e, ground, end)
        parts = {k: v * (obey if k != "command" else 1.0) for k, v in delta(there, here).items()}
        parts["answers"] = parts.get("answers", 0.0) - obey * self.drawn(b, e, plan)
        shot, odds = b.memo(("shot_after", id(self), e, end), lambda: self.shot_after(b, e, end))
        if shot is not None and odds is not None:
            parts["odds"] = parts.get("odds", 0.0) + obey * self.worth(b, odds, FIRE_VALUE, b.ids[shot])
        return weighed(cmd.Move(b.name(e), to, facing, fire=shot), parts, odds, plan.length, plan.path[0])

    def spot(self, to: Point, facing: float | None) -> tuple[float, ...]:
        """A destination tried once: its point on a quarter-inch grid (the facing is the goal's)."""
        return (round(to[0] * 4) / 4, round(to[1] * 4) / 4)

    def destinations(self, b: Battle, e: int, ground: Ground) -> Iterator[tuple[Point, float | None]]:
        """Points worth trying: towards each of the unit's aims (`aims`), the longest moves first."""
        a = aims(b, e, self.side, [o for o, _w in ground.claims.get(e, [])])
        here, step, foes, face = a.here, a.step, a.foes, a.face
        longest = longest_move(b, e)  # with the road and strategic bonuses: the rules say which apply
        n = self.general.level.moves
        fractions = [k / n for k in range(n, 0, -1)]
        if foes:
            yield (round(here[0], 3), round(here[1], 3)), round(face, 1)  # turn to face him
        for g in a.goals:
            d = dist(here, g)
            if d < 0.3:
                continue
            towards = _facing(here, g)
            facing = towards if not foes or abs(_turn(towards, face)) < 100 else face
            reaches = [longest, 2 * step] if longest > step + 0.1 else []
            for s in sorted({min(r, d) for r in reaches}, reverse=True):
                to = common.step_towards(here, g, s)
                yield to, round(facing, 1)
            for frac in fractions:
                s = min(step * frac, d)
                to = common.step_towards(here, g, s)
                yield to, round(facing, 1)

    def shot_after(
        self, b: Battle, e: int, end: tuple[float, float, float]
    ) -> tuple[str | None, dict[str, Fraction] | None]:
        """The best shot from where a move ends (FG-ORD-7), as the order checks it."""
        if fire_range(b, e) is None:
            return None, None
        best: tuple[float, str, dict[str, Fraction]] | None = None
        with b.supposing(e, *end):
            for t in common.fire_targets(b, e):
                odds = shot_odds(b, e, t, moved=True)
                if odds is None:
                    continue
                v = self.worth(b, odds, FIRE_VALUE, t)
                if best is None or v > best[0]:
                    best = (v, b.name(t), odds)
        return (best[1], best[2]) if best is not None and best[0] > 0 else (None, None)

    # --- what a position is worth -------------------------------------------------------------

    def standing(
        self, b: Battle, e: int, ground: Ground, at: tuple[float, float, float] | None = None
    ) -> dict[str, float]:
        """The worth of the unit standing here (or at `at`), by term."""
        if at is not None:
            with b.supposing(e, *at):
                return self.standing(b, e, ground)
        t = self.general.temperament
        out = {
            "reach": t.attack * (self.reach(b, e) + self.closing(b, e)),
            "objectives": t.objectives * self.objectives(b, e, ground),
            "command": -t.command * self.out_of_command(b, e),
        }
        if self.general.level.answers:
            out["answers"] = -t.caution * self.threat(b, e)
        return out

    def worth(self, b: Battle, odds: dict[str, Fraction], values: dict[str, float], target: int) -> float:
        finish = 1.2 if b.in_play(target) and b.is_unit(target) and common.hits(target) >= 1 else 1.0
        return float(sum(p * values.get(k, 0.0) for k, p in odds.items())) * finish

    def reach(self, b: Battle, e: int) -> float:
        """The best the unit could do next turn from here: a shot, or a charge that pays."""
        best = 0.0
        for t in common.enemy_units(b, self.side):
            shot, charge = near_enough(b, e, t)
            odds = shot_odds(b, e, t) if shot else None
            if odds is not None:
                best = max(best, self.worth(b, odds, FIRE_VALUE, t))
            odds = self.charging(b, e, t) if charge else None
            if odds is not None:
                best = max(best, self.worth(b, odds, CHARGE_VALUE, t))
        return best

    def charging(self, b: Battle, a: int, t: int, reaction: bool = False) -> dict[str, Fraction] | None:
        """The odds of a charge of `a` at `t` (a reaction's: with its -2, FG-CBT-9) as this general
        weighs them (None: the rules refuse it). A target outside the charger's vision strip is
        refused whatever else holds (FG-CHG-2): most charges a search asks about are, and the strip
        costs far less to ask than the charge."""
        if not in_strip(b, a, t):
            return None
        odds = reaction_charge_odds if reaction else charge_odds
        # kept while the general thinks: it asks of the same charge again at many places it weighs
        return b.memo(("charge odds", a, t, reaction), lambda: odds_or_none(odds, b, a, t))

    def threat(self, b: Battle, e: int) -> float:
        """The enemy's answers next turn: each enemy unit's best shot or charge at this unit, the
        worst counted whole and each further one half of the one before (not all will pick it)."""
        harms = []
        for f in common.enemy_units(b, self.side):
            shot, charge = near_enough(b, f, e, closing=True)
            worst = 0.0
            odds = (shot_odds(b, f, e) or self.shot_closing(b, f, e)) if shot else None
            if odds is not None:
                worst = self.worth(b, odds, FIRE_VALUE, e)
            odds = self.charging(b, f, e) if charge else None
            if odds is not None:
                worst = max(worst, self.worth(b, odds, CHARGE_VALUE, e))
            if worst > 0:
                harms.append(worst)
        harms.sort(reverse=True)
        return sum(h * DISCOUNT**k for k, h in enumerate(harms[:3]))

    def shot_closing(self, b: Battle, f: int, e: int) -> dict[str, Fraction] | None:
        """The shot an enemy out of range could make after moving straight at the unit (FG-ORD-7)."""
        category = b.comp(f, Unit).category
        rng = fire_range(b, f)
        if rng is None:
            return None
        fp, ep = common.centre(b, f), common.centre(b, e)
        d = dist(fp, ep)
        need = gap(b, f, e) - rng + 0.3
        if need <= 0 or need > b.rules.length(category.move) or d < 0.1:
            return None
        to = common.step_towards(fp, ep, need)
        with b.supposing(f, to[0], to[1], _facing(fp, ep)):
            return shot_odds(b, f, e, moved=True)

    def drawn(self, b: Battle, e: int, plan: Plan) -> float:
        """The reactions a move may draw: those where it ends (the 2026-11 generals' measure)."""
        end = plan.path[-1]
        return self.exposure(b, e, at=(end[0], end[1], plan.facing))

    def exposure(
        self, b: Battle, e: int, only: int | None = None, at: tuple[float, float, float] | None = None
    ) -> float:
        """What the enemy may do to the unit now, reacting to its order (FG-REACT): each reacting
        unit's best reaction on it, times the chance it passes its morale check."""
        if not self.general.level.answers:
            return 0.0
        if at is not None:
            with b.supposing(e, *at):
                return self.exposure(b, e, only)
        total = 0.0
        for r in [only] if only is not None else reactors(b, e):
            if not b.is_unit(r) or not b.in_play(r):
                continue
            total += float(check_odds(b, r)) * self.reaction_harm(b, r, e, charge=only is None)
        return total * self.general.temperament.caution

    def reaction_harm(self, b: Battle, r: int, e: int, charge: bool = True) -> float:
        """The worst a reacting unit's shot (or charge) can do to the unit as it stands."""
        worst = 0.0
        odds = shot_odds(b, r, e, reaction=True)
        if odds is not None:
            worst = self.worth(b, odds, FIRE_VALUE, e)
        odds = self.charging(b, r, e) if charge else None
        if odds is not None:
            worst = max(worst, self.worth(b, odds, CHARGE_VALUE, e))
        return worst

    def objectives(self, b: Battle, e: int, ground: Ground) -> float:
        """The objectives this unit makes for: the stake of one it holds there (half when an enemy
        unit contests it, AMB-35), and a pull towards one it has yet to reach, the nearer the stronger."""
        xs = b.rules.length("XS")
        step = b.rules.length(b.comp(e, Unit).category.move)
        total = 0.0
        for at, stake in ground.claims.get(e, []):
            g = gap_to_point(b, e, at)
            if within(g, xs):
                contested = any(within(gap_to_point(b, f, at), xs) for f in b.enemy_units(self.side))
                total += stake * (0.5 if contested else 1.0)
            else:  # steep within a few moves, gentle beyond, so that every step towards it counts
                near = max(0.0, 1.0 - (g - xs) / (4 * step))
                far = max(0.0, 1.0 - (g - xs) / (10 * step))
                total += stake * (0.5 * near + 0.3 * far)
        return total

    def closing(self, b: Battle, e: int) -> float:
        """Closing on the enemy: minus the inches the unit stands beyond its shooting range (or beyond
        contact, for a unit that cannot shoot) from the nearest enemy unit."""
        rng = fire_range(b, e)
        keep = rng - 0.5 if rng is not None else 0.0
        foes = common.enemy_units(b, self.side)
        if not foes:
            return 0.0
        d = min(gap(b, e, f) for f in foes)
        return -ADVANCE * max(0.0, d - keep)

    def out_of_command(self, b: Battle, e: int) -> float:
        """1 when no move of its officer can bring the unit back within his command, 0.5 when his
        next move can (FG-ACT-7), 0 when it is in command (FG-TERM-6, AMB-5)."""
        officer = b.officer_of(e)
        if officer is None or not b.in_play(officer):
            return 0.0
        radius = b.rules.length(b.rules.core.command.division_radius)
        g = gap(b, e, officer)
        if within(g, radius):
            return 0.0
        return 0.5 if within(g, radius + b.rules.length(b.rules.officer.move)) else 1.0

    def obedience(self, b: Battle, e: int) -> float:
        """The chance the unit obeys an order: a unit with hits checks its morale first (FG-ORD-3)."""
        return float(check_odds(b, e)) if common.hits(e) >= 1 else 1.0

    def ground(self, b: Battle) -> Ground:
        """Which units make for which objectives, and what each is at stake: its points (FG-VIC-7,
        FG-VIC-8), and the battle itself when the side holding every other one would end it by holding
        this one too (FG-VIC-4; a lone objective too, to a general who reads the terms whole). The two
        of ours nearest each objective not safely ours (the enemy holds it, nobody does, or an enemy unit
        is near) make for it, so that not everyone bunches."""
        assert b.game is not None
        terms = common.terms(b, self.general.level.victory)
        score = terms.scoring
        objectives = b.game.objectives
        race = terms.race(len(objectives))  # holding them all ends the battle (FG-VIC-4)
        ours = list(b.units(self.side))
        foes = common.enemy_units(b, self.side)
        claims: dict[int, list[tuple[Point, float]]] = {}
        for o in objectives:
            enemy_near = any(dist(o.at, common.centre(b, f)) < NEAR_OBJECTIVE for f in foes)
            if o.holder == self.side and not enemy_near:
                continue
            taken = any(s != self.side for s in o.ever)
            stake = POINT * (score.objective_held + (score.objective_taken if taken else 0))
            others = {p.holder for p in objectives if p is not o}
            if race and (not others or (len(others) == 1 and None not in others)):
                stake += DECISIVE  # whoever holds all the others (or a lone one) ends the battle by taking it
            elif race:
                stake += DECISIVE / len(objectives)  # a share of that race
            guards = 3 if stake >= DECISIVE else 2
            for u in sorted(ours, key=lambda u: dist(o.at, common.centre(b, u)))[:guards]:
                claims.setdefault(u, []).append((o.at, stake))
        return Ground(claims)

    # --- officers -----------------------------------------------------------------------------

    def officer_move(self, b: Battle, d: Decision) -> cmd.Command:
        """Where most of his units are within his command, the nearer his estado mayor the better
        (FG-LDR-2, FG-LDR-4), out of the enemy's reach."""
        officer = b.ids[d.unit]
        off = esper.component_for_entity(officer, Officer)
        units = [b.ids[u] for u in off.assigned if b.in_play(b.ids[u])]
        if not units:
            return cmd.Pass()
        radius = b.rules.length(b.rules.core.command.division_radius)
        staff = common.staff_entity(b, self.side)

        middle = centroid([common.centre(b, u) for u in units])

        def value() -> float:  # nearer his brigades' middle breaks ties
            held = sum(1 for u in units if within(gap(b, u, officer), radius))
            lead = float(leadership_odds(b, officer)) if staff is not None and b.in_play(staff) else 0.0
            return held + lead - self.danger(b, officer) - TIE * dist(common.centre(b, officer), middle)

        best = self.placed(b, officer, value, [middle])
        return cmd.MoveOfficer(b.name(officer), best) if best is not None else cmd.Pass()

    def staff_move(self, b: Battle, d: Decision) -> cmd.Command:
        """Where his division generals pass their leadership checks most often, never within the
        enemy's reach (his loss ends the battle, FG-OFF-7)."""
        staff = common.staff_entity(b, self.side)
        officers = [o for o in b.officers(self.side) if o != staff and b.in_play(o)]
        if not officers:
            return cmd.Pass()

        back = -1.0 if common.own_edge(b, self.side) == "south" else 1.0
        middle = centroid([common.centre(b, o) for o in officers])
        behind = (middle[0], middle[1] + back * b.rules.length("S"))

        def value() -> float:  # the checks' chances; nearer behind the middle breaks ties (he gets there)
            odds = sum(float(leadership_odds(b, o)) for o in officers)
            return odds - 4 * self.danger(b, staff) - TIE * dist(common.centre(b, staff), behind)

        goals = [(x, y + back * 1.5) for x, y in (common.centre(b, o) for o in officers)]
        best = self.placed(b, staff, value, [behind, middle, *goals])
        return cmd.MoveOfficer(b.name(staff), best) if best is not None else cmd.Pass()

    def placed(self, b: Battle, officer: int, value: Callable[[], float], goals: list[Point]) -> Point | None:
        """The best legal point for an officer among steps towards each goal (None: stay)."""
        here = common.centre(b, officer)
        reach = b.rules.length(b.rules.officer.move)
        best: tuple[float, Point | None] = (value() + TIE, None)  # staying wins (near) ties
        for g in goals:
            d = dist(here, g)
            if d < 0.3:
                continue
            for frac in (1.0, 0.66, 0.33):
                s = min(reach, d) * frac
                to = common.step_towards(here, g, s)
                try:
                    check_officer_move(b, officer, to)
                except Reject:
                    continue
                with b.supposing(officer, *to):
                    v = value()
                if v > best[0]:
                    best = (v, to)
        return best[1]

    def danger(self, b: Battle, officer: int) -> float:
        """How exposed an officer is: enemy units that could reach him with a charge or a shot next turn
        and no unit of his own nearer to them (FG-OFF-3: he is a target only when the only one)."""
        here = common.centre(b, officer)
        ours = [common.centre(b, u) for u in b.units(self.side)]
        out = 0.0
        for f in common.enemy_units(b, self.side):
            category = b.comp(f, Unit).category
            reach = b.rules.length(category.move) + (fire_range(b, f) or 0.0) + 2.0
            there = common.centre(b, f)
            d = dist(here, there)
            if d <= reach and not any(dist(u, there) < d for u in ours):
                out += 1.0
        return out

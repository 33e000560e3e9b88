"""`easy`, `normal`, `hard`: generals a wargamer respects. They weigh orders as the search generals of
2026-11 did (game/ai/search.py: exact odds, the position an order leaves, the enemy's answers), with
what is at stake priced by the rules (game/ai/stakes.py):

- a result is worth what it does: the third hit destroys the brigade, the brigade that breaks its
  division scores it and takes its others off the table, the second division removed or the estado
  mayor lost ends the battle, won or lost by the score (FG-VIC-2, FG-VIC-3);
- our objectives are guarded against every enemy unit that can reach them next activation (strategic
  and road moves counted), the one whose loss ends the battle first; an objective held is worth the
  chance of keeping it, so a lone brigade in front of a line does not walk onto one to die there;
- a charge is weighed also by where it leaves the charger, and a draw costs the charger more than the
  even exchange of hits it is (the charge spent, pushed back before the line); a move or withdrawal
  pays the reactions it draws at the start, on the way and where it ends (AMB-24); a unit leaving its
  officer's command pays what a detachment costs (FG-DIS, FG-INIT-3); an order by the chance the unit
  obeys (FG-ORD-3), its failure drawing reactions where it stands (FG-ORD-4);
- a move is tried ending facing the way it went and facing the enemy nearest to where it ends (a flank
  left to him gives his shot or charge +2, FG-CBT-2);
- cavalry ride round ground that would stop them (routes, game/ai/routes.py); artillery with a target
  fires from where it stands (a move costs it the -1 of FG-CBT-6);
- the formation's orders are planned together: the first order is chosen by what the others can do
  after each way it may turn out, played out on the general's own copy of the battle (game/ai/planner.py);
  reactions and the cavalry extra move are weighed the same way (game/ai/replies.py), officers and the
  estado mayor placed by the rules' own targeting of officers (game/ai/commanders.py);
- issue 39's levels (content/ai/levels.toml): moves tried where they really end, bent clear of ground
  that would stop them (game/ai/move_fan.py); our objectives weighed by what can take them next turn
  (game/ai/holding.py); a rally worth the orders its brigade then obeys."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction

import esper

from game.ai import common
from game.ai.asking import delta, near_enough, shot_odds
from game.ai.bounds import SHOWN, Bounded
from game.ai.budget import Budget, Quota
from game.ai.commanders import officer_danger, officer_place, staff_place
from game.ai.follow_up import chained
from game.ai.generals import DEFAULT_TEMPERAMENT, General
from game.ai.heuristic import CHARGE_VALUE, FIRE_VALUE
from game.ai.holding import claims, losing
from game.ai.move_fan import fan
from game.ai.planner import plan, unplayed
from game.ai.reasons import Thought, Weighed, less, unjudged, weighed
from game.ai.replies import extra_move_reply, reaction_reply
from game.ai.routes import Routes
from game.ai.search import ADVANCE, Ground, SearchPlayer
from game.ai.stakes import HIT, Stakes
from game.ai.stopping import STOPPED, stoppable
from game.content.mods import Mod
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Unit
from game.model.geometry import Point, dist
from game.model.resolution import Decision, Reject
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.checks import morale_modifiers, pass_chance
from systems.for_glory.measure import gap, gap_to_point, within
from systems.for_glory.odds import check_odds
from systems.for_glory.paths import Plan, movement_allowance
from systems.for_glory.reaction import area_entries, reactors
from systems.for_glory.targets import fire_range

# what a decision learns of its battle: the stakes, the enemy's targets, claims, holding, driven off
Learnt = tuple[Stakes, dict[int, int], Ground | None, dict[tuple[int, Point], float], dict[int, float]]
DETACHED = 1.5 * HIT  # what a round as a detachment costs a unit: disorganised, initiative 1, no march
CONTESTED = 0.5  # the share of an objective's worth a unit holds when an enemy unit stands at XS too
PULL_NEAR, PULL_FAR = 0.5, 0.3  # the pull of an objective not yet reached, within 4 moves and 10
SUPPORTED = 0.5  # the harm counted from an enemy that has other targets as near as this unit
DRAWN = 0.6  # a charge drawn costs the charger more than the even exchange of hits: spent, pushed back


class GeneralPlayer(SearchPlayer):
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
        super().__init__(side, seed, level, temperament, mods, think, made)
        self.routes = Routes()
        self._opponent: GeneralPlayer | None = None
        self._stakes: Stakes | None = None
        self._targets: dict[int, int] = {}  # enemy unit -> how many of ours it could strike
        self._faced: dict[tuple[Point, float], int] = {}  # a move's point and facing -> the enemy faced
        self._bounded: Bounded | None = None  # this decision's moves weighed to their bound (bounds.py)
        self.bounds = True  # a general who never misjudges bounds his moves (off: each weighed whole)
        self.shown = SHOWN  # the options of an order kept whole for his reasons (1: nobody reads them)
        self.unweighed = 0  # moves never weighed whole, their bound enough (in all its decisions)
        self._rough = False  # a move being weighed to its bound: the enemy's answers to it left out
        # what each move weighed to its bound needs to be weighed whole: by the id of its command
        self._wholes: dict[int, tuple[Battle, int, Ground, dict[str, float], float, float]] = {}

    # --- what the decision needs once --------------------------------------------------------

    def decide(self, b: Battle, d: Decision) -> cmd.Command:
        self._stakes, self._asked_of, self._kept = None, b, None
        return super().decide(b, d)

    def stakes(self, b: Battle) -> Stakes:
        """The stakes of the battle the decision is about (a copy's own while one is weighed), with
        what the decision has learnt of it: kept while a copy is weighed (planner.py), not asked again."""
        if self._stakes is None or self._stakes_of is not b:
            if self._stakes is not None and self._stakes_of is self._asked_of:
                self._kept = (self._stakes, self._targets, self._ground, self._holdable, self._driven)
            if b is self._asked_of and self._kept is not None:
                self._stakes, self._targets, self._ground, self._holdable, self._driven = self._kept
            else:
                level = self.general.level
                self._stakes = Stakes(b, self.side, self.routes, level.brink, level.victory)
                self._targets, self._ground, self._holdable, self._driven = {}, None, {}, {}
            self._stakes_of = b
        return self._stakes

    _stakes_of: Battle | None = None
    _asked_of: Battle | None = None  # the battle of the decision in hand
    _kept: Learnt | None = None  # its stakes and what was learnt of it, while a copy is weighed
    _ground: Ground | None = None
    _holdable: dict[tuple[int, Point], float] = {}  # noqa: RUF012 (replaced per decision)
    _driven: dict[int, float] = {}  # noqa: RUF012 (replaced per decision)

    # --- deployment ---------------------------------------------------------------------------

    def rank_spots(self, b: Battle, spots: list[Point]) -> list[Point]:
        """An objective of ours with no unit of ours near gets the next division, so long as no more
        than half of them stay home; the others deploy nearest the objectives we do not hold (the race
        for them decides many battles, FG-VIC-4)."""
        assert b.game is not None
        near = b.rules.length("M")
        divisions = [o for o in b.officers(self.side) if b.comp(o, Officer).role == "division"]
        every = [
            e
            for e, off in esper.get_component(Officer)
            if off.role == "division" and b.side_of(e) == self.side
        ]
        home = [
            o.at
            for o in b.game.objectives
            if o.holder == self.side
            and not any(dist(o.at, common.centre(b, u)) <= near for u in b.units(self.side))
        ]
        guarding = sum(
            1
            for o in divisions
            if any(
                o2.holder == self.side and dist(o2.at, common.centre(b, o)) <= 2 * near
                for o2 in b.game.objectives
            )
        )
        if home and len(every) > 1 and guarding < len(every) // 2:
            return sorted(spots, key=lambda p: min(dist(p, at) for at in home))
        return super().rank_spots(b, spots)

    # --- orders -------------------------------------------------------------------------------

    def order(self, b: Battle, d: Decision) -> cmd.Command:
        budget = Budget(self.general, self.think)
        level = self.general.level
        planning = level.plan > 0 and len(d.options) > 1  # the plan needs its candidates whole (planner.py)
        shown = SHOWN if planning else self.shown
        bounded = self.bounds and level.answers and not level.noise
        self._bounded = Bounded(self.whole, shown, per_unit=planning) if bounded else None
        ranked = self.ranked(b, d.options, budget)
        chosen = plan(self, b, d, ranked, budget)
        if self._bounded is not None:
            chosen = self._bounded.finished(chosen, lambda w: unplayed(self, d, ranked, w))
            self.unweighed += len(self._wholes)
            self._bounded, self._wholes = None, {}
        self.thought = Thought("order", self.side, tuple(chosen[:shown]), budget.used)
        return chosen[0].command

    def ranked(self, b: Battle, names: Sequence[str], budget: Budget, moves: bool = True) -> list[Weighed]:
        """Every order of these units weighed on its own, best first (EndActivation among them)."""
        self.stakes(b)
        ground = self.ground(b)
        options: list[Weighed] = [weighed(cmd.EndActivation(), {})]
        units = [b.ids[n] for n in names]
        stands = {e: (self.standing(b, e, ground), self.obedience(b, e)) for e in units}
        for e in units:
            options += self.attacks(b, e, ground, *stands[e])
        budget.used += len(options) - 1
        if not moves:
            return self.priced(b, options)
        for i, e in enumerate(units):
            # a level that shares gives each unit its share of what is left, so that the first
            # units' moves never use up the positions the last ones' would have needed
            mine = Quota(budget, budget.left // (len(units) - i)) if self.general.level.share else budget
            options += self.movements(b, e, ground, mine, *stands[e])
        if self._bounded is None:
            return self.priced(b, options)
        self._bounded.made(options)
        return self._bounded.ranked(self.priced(b, options))

    def priced(self, b: Battle, options: list[Weighed]) -> list[Weighed]:
        """As the search generals', but a level that shares never misjudges ending the activation: doing
        nothing is worth nothing, so a general who misjudges does not end it while an order pays."""
        ranked = super().priced(b, options)
        if not self.general.level.share:
            return ranked
        out = [unjudged(w) if isinstance(w.command, cmd.EndActivation) else w for w in ranked]
        return sorted(out, key=lambda w: -w.value)

    def attacks(
        self, b: Battle, e: int, ground: Ground, here: dict[str, float], obey: float
    ) -> list[Weighed]:
        """Shots, charges, rallies, retreats and the modules' orders of one unit. A result is valued by
        what it does; a charge also by where it leaves the charger; any order that fails its obey check
        still draws the reactions of those who see it (FG-ORD-4)."""
        name = b.name(e)
        exposed = self.exposure(b, e)
        out = []
        for t in common.fire_targets(b, e):
            odds = shot_odds(b, e, t)
            if odds is not None:
                parts = {"odds": obey * self.worth(b, odds, FIRE_VALUE, t, e), "answers": -exposed}
                out.append(weighed(cmd.Fire(name, b.name(t)), parts, odds))
        margin = self.general.temperament.charge_margin
        for t in common.within_charge_reach(b, e):
            odds = self.charging(b, e, t)
            if odds is None:
                continue
            gain = obey * self.worth(b, odds, CHARGE_VALUE, t, e)
            answer = self.exposure(b, e, only=t) if self.general.level.answers else 0.0
            drawn = obey * DRAWN * float(odds.get("draw", 0))
            parts = {"odds": gain - margin - drawn, "answers": -answer * obey - exposed * (1 - obey)}
            after = self.after_charge(b, e, t, ground, here, odds)
            if after:
                parts["after"] = obey * after
            out.append(weighed(cmd.Charge(name, b.name(t)), parts, odds))
        return out + self.recoveries(b, e, ground, here, exposed)

    def after_charge(
        self, b: Battle, e: int, t: int, ground: Ground, here: dict[str, float], odds: dict[str, Fraction]
    ) -> float:
        """Where a charge leaves the charger: its standing at the point of contact against where it
        stands (the target's own answer left out: the melee's odds hold it), for the chance it wins."""
        try:
            p = plan_charge(b, e, t)
        except Reject:
            return 0.0
        won = float(
            sum(v for k, v in odds.items() if k.startswith("won") or k in ("target breaks", "officer killed"))
        )
        there = self.standing(b, e, ground, (p.end[0], p.end[1], p.facing), ignore=t)
        return won * sum(delta(there, here).values())

    def movements(
        self, b: Battle, e: int, ground: Ground, budget: Budget, here: dict[str, float], obey: float
    ) -> list[Weighed]:
        """As the search generals' fan of moves, but a battery with a target where it stands fires from
        there (moving would cost its shot the -1 of FG-CBT-6), and a unit that fails its obey check
        draws the reactions of those who see it where it stands."""
        category = b.comp(e, Unit).category
        if category.type == "artillery" and common.fire_targets(b, e):
            return []
        # a decision that bounds its moves weighs them first without the enemy's answers (bounds.py)
        self._faced, self._rough = {}, self._bounded is not None
        try:
            out = super().movements(b, e, ground, budget, here, obey)
        finally:
            self._rough = False
        out = [self.facing_said(b, w) for w in out]
        stay = (1 - obey) * self.exposure(b, e) if obey < 1.0 else 0.0
        if self._bounded is not None:
            for w in out:
                self._bounded.open.add(id(w.command))
                self._wholes[id(w.command)] = (b, e, ground, here, obey, stay)
        if not stay:
            return out
        return [less(w, "answers", stay) for w in out]

    def whole(self, w: Weighed) -> Weighed:
        """A move weighed to its bound, weighed whole: the enemy's answers to it too, priced as before."""
        b, e, ground, here, obey, stay = self._wholes.pop(id(w.command))
        c = w.command
        assert isinstance(c, cmd.Move)
        found = super().move_option(b, e, ground, here, obey, c.to, c.facing)
        assert found is not None  # the same move the rules took a moment ago
        found = replace(found, command=c, faces=w.faces)
        if stay:
            found = less(found, "answers", stay)
        return self.priced(b, [found])[0]

    def facing_said(self, b: Battle, w: Weighed) -> Weighed:
        """A move tried facing an enemy rather than the way it goes says whom it faces (the Why box)."""
        c = w.command
        if not isinstance(c, cmd.Move) or c.facing is None:
            return w
        enemy = self._faced.get((c.to, c.facing))
        return replace(w, faces=b.name(enemy)) if enemy is not None else w

    def recoveries(
        self, b: Battle, e: int, ground: Ground, here: dict[str, float], exposed: float
    ) -> list[Weighed]:
        """As the search generals', but a level that weighs `command` values a rally (FG-ORD-10) by the
        orders its brigade obeys next turn with a hit fewer, too (FG-ORD-3, FG-MOR-4)."""
        out = super().recoveries(b, e, ground, here, exposed)
        if not self.general.level.command:
            return out
        return [self.rallied(b, e, w) if isinstance(w.command, cmd.Rally) else w for w in out]

    def rallied(self, b: Battle, e: int, w: Weighed) -> Weighed:
        """A rally worth the chance it adds that the brigade obeys its next order, times the best that
        order may do (at least a hit's worth: a shot, a charge, a move onto an objective)."""
        per_hit = b.rules.modifiers.morale["hits"].value or 0
        now = sum(m.value for m in morale_modifiers(b, e))
        gained = float(pass_chance(b.rules, now - per_hit) - pass_chance(b.rules, now))
        return less(w, "obedience", -gained * max(HIT, self.reach(b, e)))

    def withdrawal(self, b: Battle, e: int, ground: Ground, here: dict[str, float], plan: Plan) -> Weighed:
        """As the search generals', but a withdrawal pays the reactions it draws: it turns its back
        and walks off through the areas of those who see it (AMB-24), where the 2026-11 generals
        counted only where it would end."""
        w = super().withdrawal(b, e, ground, here, plan)
        if not self.general.level.answers:
            return w
        return less(w, "answers", self.drawn(b, e, plan, turned=True))

    def drawn(self, b: Battle, e: int, plan: Plan, turned: bool = False) -> float:
        """The reactions a move or withdrawal may draw (AMB-24): at the start when the unit stands in
        an enemy's reaction area, wherever it enters one on the way (moving without turning, or
        `turned` to the plan's facing from the start, as a withdrawal goes, rear first) and where it
        ends; each reacting unit once, where its reaction would do the worst (FG-REACT-4)."""
        if not self.general.level.answers or self._rough:
            return 0.0
        pose = b.pose(e)
        start, end = plan.path[0], plan.path[-1]
        facing = plan.facing if turned or plan.road else pose.facing
        length = dist(start, end)
        worst: dict[int, float] = {}
        if length > 1e-6:
            ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
            for t, r in area_entries(b, e, start, end, facing):
                if t >= length - 1e-6 or not b.in_play(r):
                    continue
                with b.supposing(e, start[0] + ux * t, start[1] + uy * t, facing):
                    worst[r] = max(worst.get(r, 0.0), self.reaction_harm(b, r, e))
        with b.supposing(e, end[0], end[1], plan.facing):
            for r in reactors(b, e):
                if b.is_unit(r) and b.in_play(r):
                    worst[r] = max(worst.get(r, 0.0), self.reaction_harm(b, r, e))
        caution = self.general.temperament.caution
        return caution * sum(float(check_odds(b, r)) * v for r, v in worst.items())

    def destinations(self, b: Battle, e: int, ground: Ground) -> Iterator[tuple[Point, float | None]]:
        """The fan of moves worth trying (move_fan.py), each facing the way it goes and, where that is
        far from it, the nearest enemy (kept in _faced, for the Why box)."""
        return fan(b, e, self.side, ground.claims.get(e, []), self.routes, self.general.level, self._faced)

    def spot(self, to: Point, facing: float | None) -> tuple[float, ...]:
        """A destination tried once per point, and per facing (to 15 degrees) by a level that tries
        moves facing the enemy nearest to where they end as well as the way they went."""
        key = super().spot(to, facing)
        return (*key, round((facing or 0.0) / 15)) if self.general.level.face else key

    # --- what a position is worth -------------------------------------------------------------

    def standing(
        self,
        b: Battle,
        e: int,
        ground: Ground,
        at: tuple[float, float, float] | None = None,
        ignore: int | None = None,
    ) -> dict[str, float]:
        """The worth of the unit standing here (or at `at`), by term; `ignore`: an enemy unit whose
        answers are left out (the target of a charge, which the melee settles)."""
        if at is not None:
            with b.supposing(e, *at):
                return self.standing(b, e, ground, ignore=ignore)
        t = self.general.temperament
        answers = self.general.level.answers and not self._rough
        harm, displaced = self.threatened(b, e, ignore) if answers else (0.0, 0.0)
        reach = b.memo(("reach", id(self), e), lambda: self.reach(b, e) + self.closing(b, e))
        out = {
            "reach": t.attack * reach,
            "objectives": t.objectives * self.held(b, e, ground, displaced),
            "command": -t.command * self.out_of_command(b, e),
        }
        if self.general.level.answers:
            out["answers"] = -t.caution * harm
        if self.general.level.hold:
            out["holding"] = -t.objectives * losing(b, e, self.stakes(b), displaced, self.driven_off)
        return out

    def driven_off(self, b: Battle, e: int) -> float:
        """The chance the enemy's answers next turn drive the unit from where it stands (kept for the
        decision: the unit is not the one whose order is weighed)."""
        kept = self._driven.get(e)
        if kept is None:
            kept = self._driven[e] = self.threatened(b, e)[1]
        return kept

    def worth(
        self,
        b: Battle,
        odds: dict[str, Fraction],
        values: dict[str, float],
        target: int,
        actor: int | None = None,
    ) -> float:
        """What a roll's results are worth to the side making it, each by what it does (stakes.py)."""
        found = self.stakes(b).worth(b, odds, target, actor)
        return found if b.side_of(target) != self.side else -found

    def threat(self, b: Battle, e: int) -> float:
        return self.threatened(b, e)[0]

    def charging(self, b: Battle, a: int, t: int, reaction: bool = False) -> dict[str, Fraction] | None:
        """The odds of a charge (a reaction's, with its -2: FG-CBT-9), with what a cavalry charger's
        chained charge does after it when the level weighs `follow_up` (follow_up.py), and the chance
        a reaction's shot stops it first when it weighs `stopped` (stopping.py)."""
        odds = super().charging(b, a, t, reaction)
        level = self.general.level
        if level.follow_up:
            odds = chained(b, self.stakes(b), a, t, odds)
        return stoppable(b, a, t, odds) if level.stopped and not reaction else odds

    def closing(self, b: Battle, e: int) -> float:
        """Closing on the enemy: minus the inches beyond its shooting range (or contact) from the nearest
        enemy unit (the three nearest by their centres measured)."""
        rng = fire_range(b, e)
        keep = rng - 0.5 if rng is not None else 0.0
        here = common.centre(b, e)
        foes = sorted(common.enemy_units(b, self.side), key=lambda f: dist(here, common.centre(b, f)))[:3]
        if not foes:
            return 0.0
        return -ADVANCE * max(0.0, min(gap(b, e, f) for f in foes) - keep) * self.slowed(b, e, here)

    def slowed(self, b: Battle, e: int, here: Point) -> float:
        """How many times longer the unit's next move takes where it stands (a level that judges
        `paths`): in difficult ground its whole move is at its difficult-ground allowance (AMB-10)."""
        if not self.general.level.paths or b.table.movement_at(here) != "difficult":
            return 1.0
        slow, fast = movement_allowance(b, e, True), movement_allowance(b, e, False)
        return 1.0 if not slow or not fast or slow >= fast else fast / slow

    def threatened(self, b: Battle, e: int, ignore: int | None = None) -> tuple[float, float]:
        """The enemy's answers next turn where the unit stands: each enemy unit's best shot or charge at
        it (half of it when he has other targets as near), and the chance that one of them drives it
        from where it stands (pushed, hit or destroyed)."""
        harm, stays = 0.0, 1.0
        for f in common.enemy_units(b, self.side):
            if f == ignore:
                continue
            shot, charge = near_enough(b, f, e, closing=True)
            best, moves = 0.0, 0.0
            odds = (shot_odds(b, f, e) or self.shot_closing(b, f, e)) if shot else None
            if odds is not None:
                best, moves = self.worth(b, odds, FIRE_VALUE, e, f), _displacing(odds)
            odds = self.charging(b, f, e) if charge else None
            if odds is not None:
                v = self.worth(b, odds, CHARGE_VALUE, e, f)
                if v > best:
                    best, moves = v, _displacing(odds)
            if best <= 0:
                continue
            share = 1.0 if self.targets_of(b, f) <= 1 else SUPPORTED
            harm += best * share
            stays *= 1 - moves * share
        return harm, 1 - stays

    def targets_of(self, b: Battle, f: int) -> int:
        """How many of our units an enemy unit could strike next turn (a cut by distance)."""
        kept = self._targets.get(f)
        if kept is None:
            category = b.comp(f, Unit).category
            reach = b.rules.length(category.move) + (fire_range(b, f) or 0.0)
            here = common.centre(b, f)
            kept = sum(1 for u in b.units(self.side) if dist(here, common.centre(b, u)) <= reach + 2.0)
            self._targets[f] = kept
        return kept

    def held(self, b: Battle, e: int, ground: Ground, displaced: float) -> float:
        """The objectives this unit makes for: one it stands on is worth the chance of keeping it (half
        when an enemy unit contests it, AMB-35); one not yet reached pulls, the nearer the stronger."""
        xs = b.rules.length("XS")
        step = b.rules.length(b.comp(e, Unit).category.move)
        here = common.centre(b, e)
        total = 0.0
        for at, stake in ground.claims.get(e, []):
            g = gap_to_point(b, e, at)
            if not within(g, xs):  # the way round what the unit cannot cross or would stop in
                g += self.routes.length(b, e, here, at) - dist(here, at)
            if within(g, xs):
                contested = any(within(gap_to_point(b, f, at), xs) for f in b.enemy_units(self.side))
                total += stake * (CONTESTED if contested else 1.0) * (1 - displaced)
            else:  # what it would be worth there: the chance of keeping it once there
                near = max(0.0, 1.0 - (g - xs) / (4 * step))
                far = max(0.0, 1.0 - (g - xs) / (10 * step))
                total += stake * (PULL_NEAR * near + PULL_FAR * far) * self.holdable(b, e, at)
        return total

    def holdable(self, b: Battle, e: int, at: Point) -> float:
        """The chance the unit would keep an objective once at it: not driven off by the enemy's answers
        there (asked once per unit and objective in a decision)."""
        key = (e, at)
        kept = self._holdable.get(key)
        if kept is None:
            if not self.general.level.answers:
                kept = 1.0
            else:
                with b.supposing(e, at[0], at[1]):
                    kept = 1.0 - self.threatened(b, e)[1]
            self._holdable[key] = kept
        return kept

    def out_of_command(self, b: Battle, e: int) -> float:
        """What leaving its officer's command costs (FG-TERM-7): a round as a detachment, disorganised
        (FG-DIS-2), with initiative 1 (FG-INIT-3) and no strategic move (FG-DIS-3); less when the
        officer, who moves once his units have (FG-ACT-7), can bring it back."""
        officer = b.officer_of(e)
        if officer is None or not b.in_play(officer):
            return 0.0
        radius = b.rules.length(b.rules.core.command.division_radius)
        g = gap(b, e, officer)
        if within(g, radius):
            return 0.0
        passed = b.activation is not None and b.activation.leadership_passed
        if passed and within(g, radius + b.rules.length(b.rules.officer.move)):
            return 0.4 * DETACHED
        return DETACHED

    def ground(self, b: Battle) -> Ground:
        """Which units make for which objectives, and what each is worth to them. Ours that an enemy
        unit can reach next activation are claimed by the units at XS of them and the two that could
        be there soonest (the stake: what losing it costs, the battle itself when it is the last); the
        others by the two soonest there (three when taking it would end the battle)."""
        stakes = self.stakes(b)
        if self._ground is None:
            self._ground = claims(b, self.side, stakes)
        return self._ground

    def answered(self, kind: str, options: list[Weighed], looked_at: int | None = None) -> cmd.Command:
        """The best of the weighed answers to a decision, its reasons kept (W, `puzzle`)."""
        ranked = sorted(options, key=lambda w: -w.value)
        self.thought = Thought(kind, self.side, tuple(ranked[:8]), looked_at or len(options))
        return ranked[0].command

    def answer_in_copy(self, b: Battle, d: Decision) -> cmd.Command:
        """An answer to a decision an order raises on a copy of the battle (planner.py): ours by our
        own policies, the enemy's by the same policies on his side."""
        who = self if d.side == self.side else self.opponent(b)
        if d.kind == "reaction":
            return reaction_reply(who, b, d)
        if d.kind == "extra_move":
            return extra_move_reply(who, b, d)
        kind = b.stack.decisions.get(d.kind)
        return kind.ai(b, d, who) if kind is not None and kind.ai is not None else cmd.Pass()

    def opponent(self, b: Battle) -> GeneralPlayer:
        """The enemy as this general imagines him: a general of his own level on the other side."""
        if self._opponent is None:
            assert b.game is not None
            enemy = next(s for s in b.game.sides if s != self.side)
            self._opponent = GeneralPlayer(enemy, self.seed + 1, self.level, made=self.general)
            self._opponent.routes = self.routes
        return self._opponent

    # --- reactions, the extra move, officers --------------------------------------------------

    def reaction(self, b: Battle, d: Decision) -> cmd.Command:
        return reaction_reply(self, b, d)

    def extra_move(self, b: Battle, d: Decision) -> cmd.Command:
        return extra_move_reply(self, b, d)

    def officer_move(self, b: Battle, d: Decision) -> cmd.Command:
        return officer_place(self, b, b.ids[d.unit])

    def staff_move(self, b: Battle, d: Decision) -> cmd.Command:
        return staff_place(self, b)

    def danger(self, b: Battle, officer: int) -> float:
        return officer_danger(self, b, officer)


def _displacing(odds: dict[str, Fraction]) -> float:
    """The chance a result moves the unit it falls on: any result of a shot but a miss, any melee but
    one its attacker loses (FG-CBT: hits and draws push too)."""
    return float(sum(p for k, p in odds.items() if k not in ("miss", STOPPED) and not k.startswith("lost")))

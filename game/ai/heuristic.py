"""`heuristic`: a general who plays sensibly. Each unit's options are weighed with the exact odds of
the rules (systems/for_glory/odds.py): shoot the best target, charge when the odds favour it, rally hit units,
pull back a unit about to break, close on the enemy and on objectives while keeping in command."""

from __future__ import annotations

from game.ai import common
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.geometry import dist
from game.model.resolution import Decision, Reject
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.odds import check_odds, fire_odds
from systems.for_glory.targets import fire_range

# What each result is worth to the side that causes it (in units destroyed).
FIRE_VALUE = {"miss": 0.0, "pushed": 0.25, "one hit": 0.9, "two hits": 1.8, "destroyed": 3.0, "killed": 2.5}
CHARGE_VALUE = {
    "won: destroyed": 3.0,
    "won: two hits": 1.8,
    "won: one hit": 0.9,  # effects a rule module's tables may give (dias-combat)
    "won: pushed": 0.4,
    "draw": -0.2,
    "lost: pushed": -0.5,
    "lost: one hit": -0.9,
    "lost: one hit and pushed": -1.1,
    "lost: two hits": -1.8,
    "lost: destroyed": -3.0,
    "target breaks": 3.0,
    "officer killed": 2.5,
}
CHARGE_THRESHOLD = 0.5  # charge only when the expected gain is clearly positive


class HeuristicPlayer(common.Player):
    def deploy(self, b: Battle, d: Decision) -> cmd.Command:
        return common.deploy_for(b, d, lambda spots: self.rank_spots(b, spots))

    def activate(self, b: Battle, d: Decision) -> cmd.Command:
        return cmd.Activate(d.options[0])

    # --- deployment ---------------------------------------------------------------------------

    def rank_spots(self, b: Battle, spots: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return common.packing_order(b, spots)

    # --- orders -------------------------------------------------------------------------------

    def order(self, b: Battle, d: Decision) -> cmd.Command:
        """The best order of the formation, if it is worth more than it costs the unit (a module's
        fatigue, say: the hook action_cost)."""
        cost = b.stack.hook("action_cost")
        best: tuple[float, cmd.Command] | None = None
        for name in d.options:
            option = self.best(b, b.ids[name])
            if option is None:
                continue
            price = cost(b, b.ids[name], option[1])
            net = option[0] - price
            if price > 0 and net <= 0:
                continue
            if best is None or net > best[0]:
                best = (net, option[1])
        return best[1] if best is not None else cmd.EndActivation()

    def best(self, b: Battle, e: int) -> tuple[float, cmd.Command] | None:
        name = b.name(e)
        options: list[tuple[float, cmd.Command]] = []
        for t in common.fire_targets(b, e):
            options.append((self.fire_value(b, e, t), cmd.Fire(name, b.name(t))))
        for t in common.within_charge_reach(b, e):
            v = self.charge_value(b, e, t)  # the odds refuse (-1) a charge the rules would refuse
            if v > CHARGE_THRESHOLD:
                options.append((v, cmd.Charge(name, b.name(t))))
        h = common.hits(e)
        if h >= 2:
            foes = common.enemy_units(b, self.side)
            close = any(dist(common.centre(b, f), common.centre(b, e)) < 6 for f in foes)
            if close and common.can_withdraw(b, e):
                options.append((0.7, cmd.Withdraw(name)))
            if common.can_rally(b, e):
                options.append((0.8 if not close else 0.6, cmd.Rally(name)))
        options += common.module_orders(b, e)
        if not options or max(v for v, _ in options) < 0.3:
            move = self.advance(b, e)
            if move is not None:
                options.append((0.2, move))
        return max(options, key=lambda o: o[0]) if options else None

    def fire_value(self, b: Battle, e: int, t: int, reaction: bool = False) -> float:
        try:
            odds = fire_odds(b, e, t, reaction=reaction)
        except Reject:
            return 0.0
        finish = 1.2 if b.in_play(t) and b.is_unit(t) and common.hits(t) >= 1 else 1.0
        return float(sum(p * FIRE_VALUE.get(k, 0.0) for k, p in odds.items())) * finish

    def charge_value(self, b: Battle, e: int, t: int) -> float:
        try:
            odds = charge_odds(b, e, t)
        except Reject:
            return -1.0
        return float(sum(p * CHARGE_VALUE.get(k, 0.0) for k, p in odds.items()))

    def advance(self, b: Battle, e: int) -> cmd.Command | None:
        """Close on the nearest enemy (to shooting range, or charge distance for cavalry), or make
        for an objective the enemy holds or nobody does, whichever is nearer."""
        here = common.centre(b, e)
        foes = common.enemy_units(b, self.side)
        goals: list[tuple[float, tuple[float, float]]] = []
        assert b.game is not None
        for o in b.game.objectives:
            if o.holder != self.side:
                goals.append((dist(here, o.at) * 0.8, o.at))
        target = common.nearest(b, e, foes)
        rng = fire_range(b, e)
        if target is not None:
            there = common.centre(b, target)
            gap = dist(here, there)
            keep = rng + 0.6 if rng is not None else 2.5
            if gap > keep + 0.5:
                f = (gap - keep) / gap
                goals.append((gap, (here[0] + (there[0] - here[0]) * f, here[1] + (there[1] - here[1]) * f)))
        if not goals:
            return None
        _, goal = min(goals)
        step = b.rules.length(b.comp(e, common.Unit).category.move)
        return common.toward(b, e, goal, step)

    # --- reactions and the extra move ---------------------------------------------------------

    def reaction(self, b: Battle, d: Decision) -> cmd.Command:
        mover = b.ids[d.unit]
        best: tuple[float, cmd.Command] | None = None
        for name in d.options:
            r = b.ids[name]
            p = float(check_odds(b, r))
            for value, action in (
                (self.fire_value(b, r, mover, reaction=True), "fire"),
                (self.charge_value(b, r, mover) - 0.4, "charge"),
            ):
                if value * p > 0.45 and (best is None or value * p > best[0]):
                    best = (value * p, cmd.React(name, action))
            close = common.hits(r) == 2 and dist(common.centre(b, r), common.centre(b, mover)) < 3
            if close and (best is None or best[0] < 0.5) and common.can_withdraw(b, r):
                best = (0.5, cmd.React(name, "retreat"))
            for value, react in common.module_reactions(b, r, mover):
                if value * p > 0.45 and (best is None or value * p > best[0]):
                    best = (value * p, react)
        return best[1] if best is not None else cmd.Pass()

    def extra_move(self, b: Battle, d: Decision) -> cmd.Command:
        e = b.ids[d.unit]
        scored = [(self.charge_value(b, e, t), t) for t in common.extra_charge_targets(b, e)]
        scored = [s for s in scored if s[0] > CHARGE_THRESHOLD]
        if scored:
            return cmd.ExtraMove(d.unit, charge=b.name(max(scored)[1]))
        return cmd.Pass()

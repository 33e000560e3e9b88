"""`random`: any legal choice, for tests and as the weakest opponent."""

from __future__ import annotations

import math

from game.ai import common
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.dice import Chooser
from game.model.resolution import Decision, Reject
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.reaction import check_rally
from systems.for_glory.targets import check_fire


class RandomPlayer(common.Player):
    level = "random"

    def __init__(self, side: str, seed: int) -> None:
        super().__init__(side, seed)
        self.rng = Chooser(seed * 7919 + sum(map(ord, side)))

    def deploy(self, b: Battle, d: Decision) -> cmd.Command:
        return common.deploy_for(b, d, self.rng.shuffled)

    def activate(self, b: Battle, d: Decision) -> cmd.Command:
        return cmd.Activate(self.rng.pick(d.options))

    def officer_move(self, b: Battle, d: Decision) -> cmd.Command:
        return super().officer_move(b, d) if self.rng.chance(0.7) else cmd.Pass()

    def staff_move(self, b: Battle, d: Decision) -> cmd.Command:
        return super().staff_move(b, d) if self.rng.chance(0.7) else cmd.Pass()

    def order(self, b: Battle, d: Decision) -> cmd.Command:
        if self.rng.chance(0.05):
            return cmd.EndActivation()
        return self.any_order(b, self.rng.pick(d.options))

    def best(self, b: Battle, e: int) -> tuple[float, cmd.Command] | None:
        return self.rng.uniform(0, 1), self.any_order(b, b.name(e))

    def any_order(self, b: Battle, name: str) -> cmd.Command:
        e = b.ids[name]
        choices: list[cmd.Command] = [cmd.Withdraw(name)] if common.can_withdraw(b, e) else []
        choices += [cmd.Fire(name, b.name(t)) for t in common.fire_targets(b, e)]
        choices += [cmd.Charge(name, b.name(t)) for t in common.charge_targets(b, e)]
        if common.can_rally(b, e):
            choices.append(cmd.Rally(name))
        choices += [c for _worth, c in common.module_orders(b, e)]
        p = b.pose(e)
        reach = b.rules.length(b.comp(e, common.Unit).category.move)
        for _ in range(4):
            a = self.rng.uniform(0, 2 * math.pi)
            r = self.rng.uniform(0.5, reach)
            to = (round(p.x + r * math.cos(a), 2), round(p.y + r * math.sin(a), 2))
            facing = round(self.rng.uniform(0, 360), 1) if self.rng.chance(0.3) else None
            m = common.legal_move(b, e, to, facing)
            if m is not None:
                choices.append(m)
        return self.rng.pick(choices) if choices else cmd.EndActivation()  # locked in close combat

    def reaction(self, b: Battle, d: Decision) -> cmd.Command:
        if self.rng.chance(0.5):
            return cmd.Pass()
        name = self.rng.pick(d.options)
        r, mover = b.ids[name], b.ids[d.unit]
        actions: list[cmd.Command] = [cmd.React(name, "retreat")] if common.can_withdraw(b, r) else []
        for action, check in (("fire", check_fire), ("charge", plan_charge)):
            try:
                check(b, r, mover)
            except Reject:
                continue
            actions.append(cmd.React(name, action))
        try:
            check_rally(b, r)
            actions.append(cmd.React(name, "rally"))
        except Reject:
            pass
        actions += [c for _worth, c in common.module_reactions(b, r, mover)]
        return self.rng.pick(actions) if actions else cmd.Pass()

    def extra_move(self, b: Battle, d: Decision) -> cmd.Command:
        e = b.ids[d.unit]
        targets = common.extra_charge_targets(b, e)
        if targets and self.rng.chance(0.5):
            return cmd.ExtraMove(d.unit, charge=b.name(self.rng.pick(targets)))
        return cmd.Pass()

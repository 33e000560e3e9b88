"""CAMP-DEC-24: the odds of a battle before it is fought, shown to the players before they choose: each
side's chance of winning, the chance of a draw, and the brigades each side may expect to lose. A model
of the forces each side brings (a brigade's points, its quality, its hits, how late it arrives) whose
coefficients are the numbers' (content/modules/campaign/numbers.toml), fitted to battles the generals
played (bench/campaign_odds.py measures how well the stated odds match what happens)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from systems.campaign.battlefield import BattleSetup
from systems.campaign.state import War


@dataclass(frozen=True)
class Odds:
    win: dict[str, float]  # each side's chance of winning
    draw: float
    losses: dict[str, float]  # brigades each side may expect to lose (in the battle and its pursuit)
    forces: dict[str, float]  # what each side brings, as the model weighs it (`force`)

    def as_details(self) -> dict[str, object]:
        return {
            "win": {s: round(p, 3) for s, p in self.win.items()},
            "draw": round(self.draw, 3),
            "losses": {s: round(x, 2) for s, x in self.losses.items()},
            "forces": {s: round(x, 2) for s, x in self.forces.items()},
        }


@dataclass(frozen=True)
class Prospect:
    """A battle about to be fought and its odds: what the defender sees when it may decline it and
    both sides when they choose to fight it on the table or not (the decisions' payload)."""

    setup: BattleSetup
    odds: Odds


def force(w: War, setup: BattleSetup, side: str) -> float:
    """What a side brings: each brigade's FG-ARMY-3 points, worth more by its quality's modifier and
    less by its hits, and less the later it arrives (a reinforcement due after the round limit: none)."""
    rules = w.theatre.rules
    n = w.numbers
    cap = rules.core.hits.destroyed_at
    total = 0.0
    for s in setup.scenario.sides:
        if s.id != side:
            continue
        for d in s.divisions:
            late = max(0.0, 1.0 - (d.arrival or 0) / (setup.max_rounds + 1))
            for u in d.units:
                q = rules.qualities[u.quality].modifier
                worth = rules.categories[u.category].points * (1 + n.odds_quality * q) * (cap - u.hits) / cap
                total += max(0.05, worth) * late
    return total


def battle_odds(w: War, setup: BattleSetup) -> Odds:
    """An ordered logistic on the log of the forces' ratio (the defender's ground counted as
    odds_ground more): the attacker wins above a threshold, the defender below another, a draw between."""
    n = w.numbers
    a, d = setup.attacker, setup.defender
    fa, fd = force(w, setup, a), force(w, setup, d)
    x = n.odds_scale * (math.log(fa) - math.log(fd)) - n.odds_ground
    attacker = _sigmoid(x - n.odds_draw)
    defender = _sigmoid(-x - n.odds_draw)
    draw = max(0.0, 1.0 - attacker - defender)
    brought = {side: sum(len(dv.units) for s in setup.scenario.sides if s.id == side for dv in s.divisions)
               for side in (a, d)}  # fmt: skip
    share = {a: _sigmoid(-x), d: _sigmoid(x)}  # the weaker a side, the more it loses
    losses = {side: brought[side] * (n.loss_base + n.loss_weak * share[side]) for side in (a, d)}
    return Odds({a: attacker, d: defender}, draw, losses, {a: fa, d: fd})


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))

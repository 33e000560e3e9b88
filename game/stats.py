"""A battle in figures, from its events alone (so a replay or a save gives the same): each side's
losses round by round, each division's fate, and how lucky each side's dice were."""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.battle import Battle
from game.components import Officer
from game.events import Destroyed, DivisionRemoved, Phase, Removed, Roll


@dataclass
class SideStats:
    losses: dict[int, int] = field(default_factory=dict)  # round -> units destroyed or removed
    rolls: int = 0
    pips: int = 0  # the sum of the faces rolled
    sixes: int = 0
    ones: int = 0

    @property
    def mean_die(self) -> float:
        return self.pips / self.rolls if self.rolls else 0.0


@dataclass
class Fate:
    division: str
    side: str
    removed_in: int | None  # the round the division left the field, None if it stood to the end
    why: str = ""


def battle_stats(b: Battle) -> tuple[dict[str, SideStats], list[Fate]]:
    g = b.game
    sides = list(g.sides) if g is not None else []
    out = {s: SideStats() for s in sides}
    fates: dict[str, Fate] = {}
    rnd = 0
    for e in b.events:
        if isinstance(e, Phase):
            rnd = e.round
        elif isinstance(e, Destroyed | Removed):
            side = b.side_of(b.ids[e.unit])
            out[side].losses[rnd] = out[side].losses.get(rnd, 0) + 1
        elif isinstance(e, DivisionRemoved):
            fates[e.officer] = Fate(e.officer, e.side, rnd, e.reason)
        elif isinstance(e, Roll):
            who = e.side or (b.side_of(b.ids[e.unit]) if e.unit else None)
            if who is None and e.officer:
                who = b.side_of(b.ids[e.officer])
            if who in out:
                s = out[who]
                s.rolls, s.pips = s.rolls + 1, s.pips + e.die
                s.sixes += e.die == 6
                s.ones += e.die == 1
    b.enter()
    for officer, off in esper.get_component(Officer):
        name = b.name(officer)
        if off.role == "division" and name not in fates:
            fates[name] = Fate(name, b.side_of(officer), None)
    return out, sorted(fates.values(), key=lambda f: (f.side, f.division))

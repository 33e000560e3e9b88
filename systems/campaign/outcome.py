"""What a battle leaves (a `BattleResult`): read from the For Glory battle once it is over, by ids
the campaign gave it: who won and why (FG-VIC, AMB-36), each brigade's hits and fate, the officers
killed (FG-OFF-4, FG-OFF-10), who holds each objective. The campaign applies it by its own rules
(systems/campaign/aftermath.py); the battle knows nothing of the campaign."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.model.battle import Battle
from game.model.components import Hits, Officer, Status
from systems.for_glory.victory import score

Fate = Literal["stood", "destroyed", "routed", "absent"]


@dataclass(frozen=True)
class UnitFate:
    """A brigade after the battle: its hits, and whether it stood to the end, was destroyed (FG-LOST-1),
    left the field with its division (routed: demoralised FG-LOST-3, or disbanded FG-OFF-12), or never
    reached the table (a reinforcement still marching when the battle ended)."""

    hits: int
    fate: Fate


@dataclass(frozen=True)
class BattleResult:
    winner: str | None  # None: a draw (AMB-36: equal scores)
    end_reason: str
    rounds: int
    score: dict[str, int]
    units: dict[str, UnitFate]
    killed: tuple[str, ...]  # the officers killed: division ids, and "<side>-staff" for a commander
    objectives: dict[str, str | None]  # objective id -> the side holding it at the end

    def lost(self, units: dict[str, str]) -> list[str]:
        """The brigades destroyed on the field, of those given."""
        return [u for u in units if u in self.units and self.units[u].fate == "destroyed"]


def result_of(b: Battle) -> BattleResult:
    """The result of a battle that is over (its game state and components, read, never changed)."""
    g = b.game
    assert g is not None and g.over
    b.enter()
    units: dict[str, UnitFate] = {}
    killed: list[str] = []
    for ident, e in b.ids.items():
        if not b.is_unit(e):
            if b.comp(e, Officer).dead:
                killed.append(ident)
            continue
        st = b.comp(e, Status)
        fate: Fate = (
            "destroyed" if st.destroyed else "routed" if st.removed else "absent" if st.reserve else "stood"
        )
        units[ident] = UnitFate(b.comp(e, Hits).count, fate)
    totals = {s: v.total for s, v in score(b).items()}
    return BattleResult(
        g.winner,
        g.end_reason,
        g.round,
        totals,
        units,
        tuple(sorted(killed)),
        {o.id: o.holder for o in g.objectives},
    )

"""Where a division deploys (FG-DEP-5..10) or enters (FG-REINF-4) when an objective of ours is in
danger: an enemy already on the table can come to XS of it in his next activation (the stakes' eta,
strategic moves and routes counted) and no unit of ours can, so it would be his for the taking (AMB-35)
and its points and four more with it (FG-VIC-7, FG-VIC-8). The division then deploys nearest the
objective that costs the most to lose, so that it is there first. When none is in danger the general
deploys as before: towards the objectives it does not hold (general.py)."""

from __future__ import annotations

import esper

from game.ai.stakes import Objective, Stakes
from game.model.battle import Battle
from game.model.components import Side, Status
from game.model.geometry import Point, dist


def guarding(b: Battle, side: str, stakes: Stakes, spots: list[Point]) -> list[Point] | None:
    """The spots nearest first to the objective of ours most worth guarding now, or None when the
    enemy on the table can take none of them before we could come to it."""
    ours = [e for e, (s, st) in esper.get_components(Side, Status) if s.side == side and st.in_play]
    open_ = [o for o in stakes.objectives if o.ours and o.threats and not _covered(b, stakes, o, ours)]
    if not open_ or not spots:
        return None
    worst = max(open_, key=lambda o: (o.loss, len(o.threats)))
    return sorted(spots, key=lambda p: dist(p, worst.at))


def _covered(b: Battle, stakes: Stakes, o: Objective, ours: list[int]) -> bool:
    """Can a unit of ours come to XS of it in its next activation?"""
    return any(stakes.eta(b, u, o.at) <= 1 for u in ours)

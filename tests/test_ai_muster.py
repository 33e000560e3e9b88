"""A hard general deploys a division to guard an objective of ours that an enemy already on the table
could take in his next activation when no unit of ours could come to it first (game/ai/muster.py;
AMB-35, FG-VIC-7, FG-VIC-8). River-crossing, seed 5009: the French deploy first, their cavalry 11" in
front of the ford the Anglo-Portuguese hold and their first division before the bridge. The reference
`hard-2026-12` deploys both Allied divisions by the village and the bridge, and the French cavalry
took the undefended ford in round 2 (the French won the session 21 match's game 18 to 5)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ai import muster
from game.ai.general import GeneralPlayer
from game.ai.players import make_player
from game.model import commands as cmd
from game.model.geometry import dist
from game.running import builtin_rules
from game.running.match import Match, new_match

FORD, BRIDGE = (14.0, 28.2), (36.0, 26.5)


@pytest.fixture
def allied_deployment() -> Iterator[Match]:
    """The battle when the Anglo-Portuguese first deploy, the French already on the table."""
    builtin_rules.load()
    m = new_match("river-crossing", 5009)
    french = make_player("hard-2026-11", "fr", 5010)
    try:
        while (d := m.battle.pending) is not None and not (d.kind == "deploy" and d.side == "al"):
            m.apply(french.decide(m.battle, d))
        yield m
    finally:
        m.battle.close()


def test_the_ford_in_the_french_cavalry_s_reach_is_guarded(allied_deployment: Match) -> None:
    m = allied_deployment
    b = m.battle
    player = make_player("hard", "al", 5009)
    assert isinstance(player, GeneralPlayer) and player.general.level.muster
    stakes = player.stakes(b)
    ford = next(o for o in stakes.objectives if o.at == FORD)
    assert ford.ours and ford.threats  # the French cavalry can come to XS of it next activation
    spots = [(15.0, 35.0), (36.0, 35.0), (60.0, 35.0)]
    ranked = muster.guarding(b, "al", stakes, spots)
    assert ranked is not None
    assert dist(ranked[0], FORD) < 8.0 or dist(ranked[0], BRIDGE) < 10.0  # one of the two in danger
    placed: dict[str, tuple[float, float]] = {}
    while (d := b.pending) is not None and d.kind == "deploy" and d.side == "al":
        c = player.decide(b, d)
        assert isinstance(c, cmd.Deploy)
        placed[c.division] = c.officer_at
        m.apply(c)
    # one division stands before the ford, the other before the bridge
    assert min(dist(p, FORD) for p in placed.values()) < 8.0, placed
    assert min(dist(p, BRIDGE) for p in placed.values()) < 10.0, placed


def test_the_reference_leaves_the_ford(allied_deployment: Match) -> None:
    m = allied_deployment
    b = m.battle
    player = make_player("hard-2026-12", "al", 5009)
    placed: dict[str, tuple[float, float]] = {}
    while (d := b.pending) is not None and d.kind == "deploy" and d.side == "al":
        c = player.decide(b, d)
        assert isinstance(c, cmd.Deploy)
        placed[c.division] = c.officer_at
        m.apply(c)
    assert min(dist(p, FORD) for p in placed.values()) > 15.0, placed


def test_nothing_in_danger_deploys_as_before(allied_deployment: Match) -> None:
    """With the French cavalry off the table, no objective of ours is in reach: the usual ranking."""
    b = allied_deployment.battle
    player = make_player("hard", "al", 5009)
    stakes = player.stakes(b)
    for o in stakes.objectives:
        o.threats.clear()
    assert muster.guarding(b, "al", stakes, [(15.0, 35.0), (60.0, 35.0)]) is None

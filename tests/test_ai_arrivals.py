"""FG-REINF-1, AMB-40: when two of a side's divisions arrive at once and the player picks which enters,
a computer player deploys the first of them that fits (a reinforcement that can enter must); it passes
(stays in reserve) only when none fits. It used to try the first alone, pass, be refused and be asked
again for ever (issue 28: quick-battle, seed 1034, hard against normal, round 3)."""

from __future__ import annotations

from game.ai import common
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.resolution import Decision
from systems.for_glory.deployment import Arrivals

BOTH = Decision("deploy", "a", "", ("a-1", "a-2"), payload=Arrivals((("a-1", "west"), ("a-2", "east"))))
PLACED = cmd.Deploy("a-2", (40.0, 10.0), ())


def test_the_first_division_that_fits_enters(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    tried: list[str] = []

    def fits(b: Battle, d: Decision, division: str, order: object) -> cmd.Deploy | None:
        tried.append(division)
        return PLACED if division == "a-2" else None

    monkeypatch.setattr(common, "_deployment", fits)
    assert common.deploy_for(None, BOTH, list) == PLACED  # type: ignore[arg-type]
    assert tried == ["a-1", "a-2"]


def test_a_reinforcement_stays_in_reserve_only_when_none_fits(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(common, "_deployment", lambda *_: None)
    assert common.deploy_for(None, BOTH, list) == cmd.Pass()  # type: ignore[arg-type]

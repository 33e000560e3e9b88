"""A cavalry charge weighed with the chained charge after it (game/ai/follow_up.py, a level that weighs
`follow_up`): cavalry that wins rides on (FG-CHG-4) and may charge again (FG-CHG-6); a brigade it left
with two hits then breaks on a failed check (FG-CHG-9) or takes its third hit in the new melee."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import esper
import pytest

from game.ai.follow_up import CHAINED, chained
from game.ai.generals import general, reference
from game.ai.routes import Routes
from game.ai.stakes import Stakes
from game.model.battle import Battle
from game.model.components import Hits
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.odds import check_odds
from tests.helpers import puzzle_position


@pytest.fixture
def battle() -> Iterator[Battle]:
    with puzzle_position("chain-the-charge") as b:  # a's hussars on the flank of b's line ("target")
        esper.component_for_entity(b.ids["target"], Hits).count = 0  # a fresh brigade
        yield b


def test_fg_chg_4_6_9_two_hits_from_cavalry_mostly_end_in_the_brigade_destroyed(battle: Battle) -> None:
    b = battle
    hussars, target = b.ids["hussars"], b.ids["target"]
    odds = charge_odds(b, hussars, target)
    assert odds["won: two hits"] > 0
    esper.component_for_entity(target, Hits).count = 2
    holds = check_odds(b, target)  # FG-CHG-9: its check when charged again, with two hits
    esper.component_for_entity(target, Hits).count = 0
    again = odds.get("draw", Fraction(0)) + odds["won: two hits"] + odds.get("won: destroyed", Fraction(0))
    destroyed = CHAINED * ((1 - holds) + holds * again)
    out = chained(b, Stakes(b, "a", Routes()), hussars, target, odds)
    assert out is not None
    assert out["won: two hits"] == odds["won: two hits"] * (1 - destroyed)
    assert out["target breaks"] == odds.get("target breaks", Fraction(0)) + odds["won: two hits"] * destroyed
    assert out["won: pushed"] == odds["won: pushed"]  # a push alone leaves it fresh: nothing follows
    assert sum(out.values()) == 1


def test_fg_chg_4_infantry_has_no_extra_move_to_follow_with(battle: Battle) -> None:
    b = battle
    line, target = b.ids["line"], b.ids["target"]
    b.place(line, 24.0, 17.0, 90.0)  # behind the target's flank, as the hussars stand
    odds = charge_odds(b, line, target)
    assert chained(b, Stakes(b, "a", Routes()), line, target, odds) == odds


def test_hard_weighs_the_follow_up_and_the_reference_general_does_not() -> None:
    assert general("hard").level.follow_up
    assert not reference("hard-2026-12").level.follow_up

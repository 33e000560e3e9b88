"""What a move or a withdrawal draws from the enemy's reactions (AMB-24: at the start when the unit
stands in a reaction area, wherever it enters one on the way, and where it ends), as the generals weigh
it (game/ai/general.py, issue 28). The 2026-11 generals counted only where a move ends, and none for a
withdrawal: hard walked units with hits away from fresh enemies and was charged in the rear."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ai.general import DRAWN, GeneralPlayer
from game.ai.players import make_player
from game.ai.search import SearchPlayer
from game.model import commands as cmd
from game.model.battle import Battle
from systems.for_glory.odds import check_odds
from systems.for_glory.reaction import reactors, retreat_plan
from tests.helpers import puzzle_position


@pytest.fixture
def battle() -> Iterator[Battle]:
    with puzzle_position("rally-not-obey") as b:  # a two-hit brigade 3.6" in front of a fresh one
        yield b


def test_amb_24_a_withdrawal_pays_the_charge_in_its_back_where_it_starts(battle: Battle) -> None:
    b = battle
    shaken, enemy = b.ids["shaken"], b.ids["enemy"]
    assert enemy in reactors(b, shaken)
    hard = make_player("hard", "a", 1)
    assert isinstance(hard, GeneralPlayer)
    plan = retreat_plan(b, shaken)
    with b.supposing(shaken, plan.path[0][0], plan.path[0][1], plan.facing):  # turned, rear first
        charged = hard.reaction_harm(b, enemy, shaken)
    caution = hard.general.temperament.caution
    assert charged > 0
    drawn = hard.drawn(b, shaken, plan, turned=True)
    assert drawn >= caution * float(check_odds(b, enemy)) * charged - 1e-9
    # where it ends it is out of every reaction area: the end alone (the reference's measure) is nothing
    assert SearchPlayer.drawn(hard, b, shaken, plan) == 0.0


def test_amb_24_the_withdrawal_is_weighed_with_what_it_draws(battle: Battle) -> None:
    """The withdrawal's worth carries the reactions it draws on its "answers" term."""
    b = battle
    hard = make_player("hard", "a", 1)
    assert isinstance(hard, GeneralPlayer)
    shaken = b.ids["shaken"]
    hard.stakes(b)
    ground = hard.ground(b)
    here = hard.standing(b, shaken, ground)
    plan = retreat_plan(b, shaken)
    went = SearchPlayer.withdrawal(hard, b, shaken, ground, here, plan)  # the 2026-11 generals' worth
    paid = [w for w in hard.recoveries(b, shaken, ground, here, 0.0) if isinstance(w.command, cmd.Withdraw)]
    assert paid == [hard.withdrawal(b, shaken, ground, here, plan)]
    cost = hard.drawn(b, shaken, plan, turned=True)
    assert cost > 0
    assert paid[0].value == pytest.approx(went.value - cost, abs=1e-3)
    assert dict(paid[0].parts)["answers"] == pytest.approx(
        dict(went.parts).get("answers", 0.0) - cost, abs=0.01
    )


def test_a_charge_that_may_be_drawn_is_worth_less_than_the_even_exchange() -> None:
    """FG-CBT-13: a drawn melee hits and pushes both units, which the stakes count as an even exchange;
    but the charge is spent and the charger stands pushed back before the enemy's line. The 2026-11
    reference priced a draw at -0.2; hard, counting the exchange alone, charged into draws (47% of its
    ordered melees drawn against the reference's 33%, 200 games). A draw now costs the charger more."""
    with puzzle_position("flank-charge-first") as b:
        hard = make_player("hard", "a", 1)
        assert isinstance(hard, GeneralPlayer)
        ground = hard.ground(b)
        margin = hard.general.temperament.charge_margin
        checked = 0
        for e in b.units("a"):
            obey = hard.obedience(b, e)
            for w in hard.attacks(b, e, ground, hard.standing(b, e, ground), obey):
                if not isinstance(w.command, cmd.Charge):
                    continue
                target = b.ids[w.command.target]
                odds = hard.charging(b, e, target)  # the melee's odds as it weighs them (stopping.py)
                assert odds is not None
                if not odds.get("draw"):
                    continue
                exchange = obey * hard.worth(b, odds, {}, target, e) - margin
                drawn = float(odds["draw"])
                assert dict(w.parts)["odds"] == pytest.approx(exchange - obey * DRAWN * drawn, abs=0.01)
                assert dict(w.parts)["odds"] < exchange - 0.5 * obey * drawn
                checked += 1
        assert checked, "no charge in the position may end in a draw"

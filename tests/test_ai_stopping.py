"""A charge weighed by the chance it lands (game/ai/stopping.py, a level that weighs `stopped`): the unit
charged in its front may shoot the charger at contact, before the melee (FG-CHG-3, FG-REACT-1..3), and a
charger pushed by a reaction never reaches the melee (FG-FIRE-6, EX-8)."""

from __future__ import annotations

from game.ai.generals import general, reference
from game.ai.stopping import STOPPED, stoppable
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.odds import check_odds, fire_odds
from tests.helpers import puzzle_position


def test_fg_fire_6_a_frontal_charge_at_infantry_may_be_stopped_by_its_reaction_shot() -> None:
    with puzzle_position("ride-them-down") as b:  # the hussars before the fusiliers' front
        hussars, fusiliers = b.ids["hussars"], b.ids["fusiliers"]
        odds = charge_odds(b, hussars, fusiliers)
        plan = plan_charge(b, hussars, fusiliers)
        assert plan.sector == "front"
        with b.supposing(hussars, plan.end[0], plan.end[1], plan.facing):  # at contact (FG-CHG-3)
            shot = fire_odds(b, fusiliers, hussars, reaction=True)  # with its -2 (FG-CBT-9)
        stop = check_odds(b, fusiliers) * (1 - shot["miss"])  # FG-REACT-2, then any result pushes
        out = stoppable(b, hussars, fusiliers, odds)
        assert out is not None
        assert 0 < out[STOPPED] == stop
        assert all(out[k] == p * (1 - stop) for k, p in odds.items())
        assert sum(out.values()) == 1


def test_fg_react_1_a_flank_charge_goes_in_unshot() -> None:
    with puzzle_position("chain-the-charge") as b:  # the hussars on the flank of the battered line
        hussars, target = b.ids["hussars"], b.ids["target"]
        assert plan_charge(b, hussars, target).sector != "front"
        odds = charge_odds(b, hussars, target)
        assert stoppable(b, hussars, target, odds) == odds


def test_hard_weighs_the_stop_and_the_reference_general_does_not() -> None:
    assert general("hard").level.stopped
    assert not reference("hard-2026-12").level.stopped

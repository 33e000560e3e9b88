"""What a result is worth to a general (game/ai/stakes.py): a brigade destroyed with what follows it
(FG-LOST-3, FG-VIC-2), seen from both sides of the table (issue 28)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ai.routes import Routes
from game.ai.stakes import POINT, WIN, Effect, Stakes
from game.model.battle import Battle
from tests.helpers import puzzle_position


@pytest.fixture
def battle() -> Iterator[Battle]:
    with puzzle_position("finish-the-brigade") as b:  # b's battered brigade is half its division
        yield b


def test_fg_lost_3_the_brigade_that_breaks_its_division_is_worth_more_than_a_point(battle: Battle) -> None:
    b = battle
    battered = b.ids["battered"]
    theirs, ours = Stakes(b, "a", Routes()), Stakes(b, "b", Routes())
    assert theirs.destroyed(b, battered) > POINT  # its division demoralised (FG-LOST-3) scores too
    assert ours.destroyed(b, battered) == -theirs.destroyed(b, battered)


def test_fg_vic_2_losing_the_brigade_that_ends_the_battle_lost_is_the_worst_there_is(battle: Battle) -> None:
    """A division is already removed: the battered brigade's loss removes the second and ends the
    battle (FG-VIC-2), won by its destroyer on the score. Its own side must dread it as the battle lost
    (it once counted as won, and hard walked its last brigades into fire), the other seek it."""
    b = battle
    battered = b.ids["battered"]
    theirs, ours = Stakes(b, "a", Routes()), Stakes(b, "b", Routes())
    theirs.removed = ours.removed = 1  # a division removed earlier in the battle
    assert ours.destroyed(b, battered) == -WIN
    assert theirs.destroyed(b, battered) == WIN
    assert ours.lead == 0  # the score is level: the two points and the unit's decide it


def test_fg_lost_3_a_hit_on_a_brigade_whose_loss_breaks_its_division_is_worth_a_share(battle: Battle) -> None:
    """A level's `brink`: the companion, fresh, is the other half of the battered brigade's division, so
    its loss breaks the division too (FG-LOST-3); a hit on it is a step towards that and is worth its
    share of what the loss brings beyond its point, to both sides. A hit on a brigade whose loss breaks
    nothing is worth what it always was."""
    b = battle
    hit, cap = Effect(hits=1), b.rules.core.hits.destroyed_at
    companion, fresh = b.ids["companion"], b.ids["fresh"]
    for side, sign in (("a", 1.0), ("b", -1.0)):
        plain, brink = Stakes(b, side, Routes()), Stakes(b, side, Routes(), brink=0.5)
        assert brink.harm(b, fresh, hit) == plain.harm(b, fresh, hit)
        beyond = sign * plain.destroyed(b, companion) - POINT * b.rules.scoring.unit_destroyed
        assert beyond > 0
        step = brink.harm(b, companion, hit) - plain.harm(b, companion, hit)
        assert step == pytest.approx(sign * 0.5 * beyond / cap)

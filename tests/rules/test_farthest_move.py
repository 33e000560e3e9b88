"""FG-ORD-6, FG-MOVE-2, AMB-49: the longest legal move along a line (paths.farthest_move), which the
client's move ghost shows when a unit is dragged farther than it may go (issue 38): it stops where the
rules let it, never turns red for being dragged too far."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.model.battle import Battle
from game.model.geometry import EPS, convex_distance
from systems.for_glory.paths import BACK_OFF, FARTHEST_PRECISION, farthest_move, plan_move
from tests.helpers import pos, unit

LINE_INFANTRY_MOVE = 4.0  # FG-UNIT-12: S
DEPTH = 1.2


def _watched(b: Battle) -> None:
    """An enemy within XL of the table's middle, facing away: it denies the strategic move (FG-STRAT-1)."""
    unit(b, "watch", "blue", (36, 38), 90)


def test_FG_ORD_6_a_drag_past_the_allowance_stops_at_it(battle: Callable[..., Battle]) -> None:
    """FG-UNIT-12, FG-ORD-6: line infantry dragged 10" moves its 4" along the drag, and the refusal
    of the 10" move comes with it (the ghost says why it stopped)."""
    b = battle()
    _watched(b)
    e = unit(b, "u", "red", (30, 30), 0)
    plan, cut = farthest_move(b, e, (40, 30), None)
    assert plan.path[-1] == pytest.approx((30 + LINE_INFANTRY_MOVE, 30), abs=FARTHEST_PRECISION)
    assert plan.path[-1][0] <= 30 + LINE_INFANTRY_MOVE + EPS  # AMB-3: exactly the allowance, no more
    assert cut is not None and cut.rule == "FG-UNIT-12"
    plan_move(b, e, plan.path[-1], None)  # the move it gives is one the order accepts


def test_FG_ORD_6_a_legal_drag_is_the_move_itself(battle: Callable[..., Battle]) -> None:
    b = battle()
    _watched(b)
    e = unit(b, "u", "red", (30, 30), 0)
    plan, cut = farthest_move(b, e, (32.5, 31), 45)
    assert cut is None and plan.path[-1] == (32.5, 31) and plan.facing == 45


def test_FG_MOVE_2_an_enemy_in_the_way_stops_it_short_of_contact(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-2, FG-CHG-1: never through an enemy, and a move ends out of contact (contact is a
    charge): the light cavalry stops just short of the enemy across its way."""
    b = battle()
    _watched(b)
    e = unit(b, "u", "red", (20, 30), 0, cat="LC")
    o = unit(b, "enemy", "blue", (25, 30), 90)
    plan, cut = farthest_move(b, e, (27, 30), None)
    assert cut is not None and cut.rule == "FG-MOVE-2"
    with b.supposing(e, *plan.path[-1], plan.facing):
        gap = convex_distance(b.pose(e).corners, b.pose(o).corners)
    assert 0 < gap <= BACK_OFF + FARTHEST_PRECISION + 0.01


def test_AMB_49_it_backs_off_to_end_clear_of_a_friend(battle: Callable[..., Battle]) -> None:
    """AMB-49, FG-MOVE-2: a unit passes through friends but never ends on one: where its allowance
    ends on a friend, it stops just behind the friend."""
    b = battle()
    _watched(b)
    e = unit(b, "u", "red", (30, 30), 0)
    unit(b, "friend", "red", (34.5, 30), 0)
    plan, cut = farthest_move(b, e, (40, 30), None)
    assert cut is not None
    end = plan.path[-1]
    assert end[0] <= 34.5 - DEPTH + 1e-6  # behind the friend, not on it
    assert end[0] >= 34.5 - DEPTH - BACK_OFF - FARTHEST_PRECISION


def test_farthest_move_is_a_pure_query(battle: Callable[..., Battle]) -> None:
    """Asking moves nothing and tells nothing."""
    b = battle()
    _watched(b)
    e = unit(b, "u", "red", (30, 30), 0)
    events = len(b.events)
    farthest_move(b, e, (60, 30), 90)
    assert pos(b, "u") == (30, 30) and b.pose(e).facing == 0 and len(b.events) == events

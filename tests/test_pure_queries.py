"""Asking is not doing: the questions the client and the AI ask (odds, legality, who may react, where
an officer may stand) never write the battle. A hypothesis (`Battle.supposing`) holds for the asking
thread only, so the drawing thread never sees a unit where it is not."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Footprint
from game.model.geometry import BBox, rect_corners
from game.model.physics import Physics
from game.model.resolution import Reject, refuse
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.deployment import check_staff
from systems.for_glory.hits import only_target
from systems.for_glory.measure import gap
from systems.for_glory.odds import fire_odds
from systems.for_glory.paths import plan_move
from systems.for_glory.reaction import reactors_along
from tests.helpers import officer, order, pos, unit


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Any write of a pose (the battle's or the physics space's) fails the test."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a query wrote the battle")

    monkeypatch.setattr(Battle, "place", refuse)
    monkeypatch.setattr(Physics, "place", refuse)
    yield


def line_up(battle: Callable[..., Battle], a3: bool = True) -> Battle:
    """Side a's hussars (a1) 2.3" from b1, a3 in range of b2, a2 a move away from b2's front."""
    b = battle(seed=1)
    unit(b, "a1", "a", (30, 20), 90, cat="HC")
    unit(b, "a2", "a", (40, 20), 90)
    if a3:
        unit(b, "a3", "a", (36, 20.5), 90)
    unit(b, "b1", "b", (30, 23.5), 270)
    unit(b, "b2", "b", (36, 23), 270)
    officer(b, "a-staff", "a", (30, 10), role="staff")
    return b


def test_the_queries_of_the_client_and_the_ai_write_nothing(
    battle: Callable[..., Battle], frozen: None
) -> None:
    b = line_up(battle)
    a1, a2, a3, b1, b2 = (b.ids[n] for n in ("a1", "a2", "a3", "b1", "b2"))
    assert sum(charge_odds(b, a1, b1).values()) == 1  # asked with the charger supposed in contact
    assert sum(fire_odds(b, a3, b2, reaction=False).values()) == 1
    plan_move(b, a2, (40, 22), 90, None)
    assert reactors_along(b, a3, (36, 18), (36, 20.5), 90) == [b2]
    check_staff(b, "a", (30, 12))
    only_target(b, b.ids["a-staff"], (33, 30))
    assert [pos(b, n) for n in ("a1", "a2", "a3")] == [(30, 20), (40, 20), (36, 20.5)]


def test_a_move_that_shoots_at_its_end_is_checked_from_there_without_moving(
    battle: Callable[..., Battle],
) -> None:
    b = line_up(battle, a3=False)
    shot = [e for e in order(b, cmd.Move("a2", (37.2, 20.8), 90, fire="b2")) if e.kind == "roll"]
    assert [r.check for r in shot][-1] == "fire" and pos(b, "a2") == (37.2, 20.8)  # in range only there
    b2 = line_up(battle, a3=False)
    (refused,) = [e for e in order(b2, cmd.Move("a2", (40, 18), 90, fire="b2")) if e.kind == "rejected"]
    assert refused.rule == "FG-FIRE-1" and pos(b2, "a2") == (40, 20)  # refused whole: nothing moved


def test_a_supposed_pose_is_seen_by_the_asking_thread_only(battle: Callable[..., Battle]) -> None:
    b = line_up(battle)
    a1 = b.ids["a1"]
    seen: dict[str, object] = {}

    def drawing_thread() -> None:
        b.enter()
        seen["pose"] = (b.pose(a1).x, b.pose(a1).y)
        seen["near"] = a1 in b.physics.in_box(BBox(49, 49, 51, 51))

    with b.supposing(a1, 50, 50, 0):
        assert (b.pose(a1).x, b.pose(a1).y, b.pose(a1).facing) == (50, 50, 0)
        assert a1 in b.physics.in_box(BBox(49, 49, 51, 51))
        assert a1 not in b.physics.in_box(BBox(29, 19, 31, 21))
        assert b.physics.overlapping(2.0, 1.2, 50, 50, 0) == [a1]
        other = threading.Thread(target=drawing_thread)
        other.start()
        other.join()
    assert seen == {"pose": (30, 20), "near": False}
    assert (b.pose(a1).x, b.pose(a1).y, b.pose(a1).facing) == (30, 20, 90)
    assert a1 in b.physics.in_box(BBox(29, 19, 31, 21)) and b.physics.overlapping(2.0, 1.2, 50, 50, 0) == []


def test_suppositions_nest_and_unwind(battle: Callable[..., Battle]) -> None:
    b = line_up(battle)
    a1 = b.ids["a1"]
    with b.supposing(a1, 40, 30):
        with b.supposing(a1, 45, 30):
            assert b.pose(a1).x == 45
        assert b.pose(a1).x == 40 and b.physics.corners(a1) == b.shape(a1)
    assert b.pose(a1).x == 30 and b.physics.corners(a1) == b.shape(a1)


def test_an_answer_kept_while_thinking_is_kept_under_the_poses_supposed(
    battle: Callable[..., Battle],
) -> None:
    """Battle.memo (issue 39: the search asks the same questions of a unit at every place it weighs):
    an answer asked with a pose supposed is kept for that pose only, never given for the real one or
    another; a distance is kept under its own two pieces' poses, whatever else is supposed."""
    b = line_up(battle)
    a1, a2, b1 = (b.ids[n] for n in ("a1", "a2", "b1"))
    asked: list[float] = []

    def where() -> float:
        asked.append(b.pose(a1).x)
        return b.pose(a1).x

    with b.thinking():
        assert b.memo("x", where) == 30
        with b.supposing(a1, 40, 20):
            assert b.memo("x", where) == 40 and b.memo("x", where) == 40
        with b.supposing(a1, 44, 20):
            assert b.memo("x", where) == 44
        with b.supposing(a1, 40, 20):
            assert b.memo("x", where) == 40
        assert b.memo("x", where) == 30
        assert asked == [30, 40, 44]  # each pose asked once

        real = gap(b, a1, b1)
        with b.supposing(a1, 30, 10):
            assert gap(b, a1, b1) == pytest.approx(real + 10)
        with b.supposing(a2, 30, 10):  # another piece moved: the same distance, kept
            assert gap(b, a1, b1) == real
        with b.supposing(b1, 30, 30.5):
            assert gap(b, a1, b1) == pytest.approx(real + 7)


class Unhashed(tuple):  # type: ignore[type-arg]
    """Corners that fail any question keyed by them."""

    def __hash__(self) -> int:
        raise AssertionError("a supposed pose's corners were hashed")


def test_a_question_kept_under_a_supposed_pose_hashes_no_corners(battle: Callable[..., Battle]) -> None:
    """The piece, its centre and facing key what a supposed pose adds to a kept question: its corners
    follow from them while a player thinks, and hashing their eight numbers at each ask cost a hard
    general about a hundredth of his time. Two poses still ask again; the same pose does not."""
    b = line_up(battle)
    a1 = b.ids["a1"]
    asked: list[float] = []

    def where() -> float:
        asked.append(b.pose(a1).x)
        return b.pose(a1).x

    fp = b.comp(a1, Footprint)
    with b.thinking():
        for x in (40.0, 44.0, 40.0):
            with b.supposing(a1, x, 20, 90, corners=Unhashed(rect_corners(x, 20, 90, fp.width, fp.depth))):
                assert b.memo("x", where) == x
    assert asked == [40.0, 44.0]


def test_a_refusal_kept_while_thinking_is_raised_again_and_leaves_no_cycle(
    battle: Callable[..., Battle],
) -> None:
    """A refusal is kept as an answer is, and raised again each time; neither the raise nor keeping it
    makes a reference cycle (the refusal's traceback holds the frame that raised it), which only the
    garbage collector frees: a hard battle kept thousands, a tenth of its time collecting them."""
    b = line_up(battle)
    asked: list[int] = []

    def refused() -> int:
        asked.append(1)
        raise refuse("FG-CHG-2", "reason_not_in_vision", unit="b1", charger="a1")

    gc.collect()
    gc.disable()
    try:
        with b.thinking():
            for _ in range(3):
                with pytest.raises(Reject) as caught:
                    b.memo("refused", refused)
                assert caught.value.rule == "FG-CHG-2"
            del caught
        assert asked == [1]
        assert gc.collect() == 0
    finally:
        gc.enable()

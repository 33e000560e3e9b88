"""FG-MOVE-3, FG-CHG-1: where a centre path is examined last (paths.examined_end), asked by a charge of
each contact spot that may end in another area, without the points before it."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.model.battle import Battle
from game.model.geometry import Point
from game.model.resolution import Reject
from systems.for_glory import paths
from systems.for_glory.charge import plan
from systems.for_glory.charge.plan import check_charge
from tests.helpers import officer, unit

FIELD = ((17.5, 7.0), (19.0, 7.0), (19.0, 14.0), (17.5, 14.0))  # difficult, seen over (FG-TERR-4)


def test_examined_end_is_the_last_point_examined(battle: Callable[..., Battle]) -> None:
    """The very point `examined` ends at, to the last bit, on paths that cross areas and paths that
    do not (a point on an area's edge is in it or not by that bit)."""
    b = battle(terrain=[("field", FIELD), ("river", (((25, 0), (31, 48)), 1.0))])
    rng = random.Random(7)
    crossing = 0
    for _ in range(2000):
        start = (rng.uniform(10, 35), rng.uniform(0, 20))
        end = (start[0] + rng.uniform(-12, 12), start[1] + rng.uniform(-12, 12))
        crossing += bool(b.table.area_crossings(start, end))
        assert paths.examined_end(b, start, end) == paths.examined(b, start, end)[-1]
    assert 100 < crossing < 1900  # both kinds of path were asked about


def test_FG_MOVE_3_a_charge_asks_only_where_a_later_spot_ends(
    battle: Callable[..., Battle], monkeypatch: pytest.MonkeyPatch
) -> None:
    """FG-MOVE-3, FG-CHG-1: light cavalry charging across a field stop on entering it, at every
    contact spot; the spots after the first that end in the field are refused by where they end,
    without their whole way examined (a hard general asks thousands of such charges a battle)."""
    b = battle(terrain=[("field", FIELD)])
    officer(b, "blue-div", "blue", (24, 10))
    officer(b, "red-div", "red", (14, 4))
    unit(b, "T", "blue", (20, 10), 180)
    unit(b, "A", "red", (16, 10), 0, cat="LC")
    whole: list[tuple[Point, Point]] = []  # the ways the charge examined whole to read their end

    def examined(b: Battle, start: Point, end: Point) -> list[Point]:
        whole.append((start, end))
        return paths.examined(b, start, end)

    monkeypatch.setattr(plan, "examined", examined, raising=False)
    with pytest.raises(Reject) as refused:
        check_charge(b, b.ids["A"], b.ids["T"])
    assert refused.value.rule == "FG-MOVE-3"
    assert whole == []

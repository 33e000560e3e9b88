"""FG-MOVE, FG-ROAD, FG-STRAT (AMB-10, AMB-11, AMB-15, AMB-49, AMB-50, AMB-52, AMB-53, EX-20): how far
units move, where they may go, and that bases never end overlapping or off the table."""

from __future__ import annotations

import math
from collections.abc import Callable

import esper
import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Pose, Status
from game.model.events import Event
from game.model.geometry import convex_overlap
from tests.helpers import of, officer, order, play, pos, status, unit

W, D = 2.0, 1.2


def sane(b: Battle) -> None:
    """Every base in play lies wholly on the table and overlaps no other base."""
    b.enter()
    bases = [
        (b.name(e), esper.component_for_entity(e, Pose).corners)
        for e, st in esper.get_component(Status)
        if st.in_play
    ]
    for name, corners in bases:
        assert b.table.holds(corners), f"{name} is off the table"
    for i, (n1, c1) in enumerate(bases):
        for n2, c2 in bases[i + 1 :]:
            assert not convex_overlap(c1, c2), f"{n1} overlaps {n2}"


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def again(b: Battle, command: cmd.Move | cmd.Fire | cmd.Charge) -> list[Event]:
    """Order a unit in a fresh activation of its formation."""
    b.apply(cmd.Activate(command.unit, leadership=False))
    return order(b, command)


def moved(events: list[Event]) -> list:
    return of(events, "moved")


def rejected(events: list[Event]) -> str | None:
    rej = of(events, "rejected")
    return rej[0].rule if rej else None


def watcher(b: Battle, at: tuple[float, float], facing: float = 270) -> None:
    """An enemy unit within XL of the movers, facing away from them: it denies strategic movement
    (FG-STRAT-1) without ever having a mover in its reaction area."""
    unit(b, "watch", "blue", at, facing)


ROAD_Y = 10.0
ROAD = ("road", (((0, ROAD_Y), (72, ROAD_Y)), 0.5))


# --- FG-MOVE-5, FG-UNIT-12..17: allowances measured at the centre --------------------------------


@pytest.mark.parametrize(("cat", "allowance"), [("LnInf", 4), ("LI", 4), ("HC", 6), ("LC", 8), ("HA", 6)])
def test_FG_MOVE_5_allowance_measured_from_the_centre(
    battle: Callable[..., Battle], cat: str, allowance: float
) -> None:
    """FG-MOVE-5, AMB-2, FG-UNIT-12..17: the distance moved is the centre's path; the unit's base
    move is allowed exactly (AMB-3), 0.05" more is not."""
    b = battle()
    watcher(b, (36, 30))
    unit(b, "u", "red", (30, 30), 0, cat=cat)
    unit(b, "v", "red", (30, 36), 0, cat=cat)
    diag = allowance / math.sqrt(2)
    ev = order(b, cmd.Move("u", (30 + diag, 30 + diag)))
    assert rejected(ev) is None
    assert math.isclose(moved(ev)[-1].distance, allowance, abs_tol=1e-6)
    assert pos(b, "u") == (round(30 + diag, 3), round(30 + diag, 3))
    ev = again(b, cmd.Move("v", (30 - allowance - 0.05, 36)))
    assert rejected(ev) == b.rules.categories[cat].rule
    assert pos(b, "v") == (30, 36)


def test_FG_MOVE_5_foot_artillery_allowance(battle: Callable[..., Battle]) -> None:
    """FG-UNIT-16, FG-MOVE-5: foot artillery moves S (4"), here along its road's side."""
    b = battle(terrain=[ROAD])
    watcher(b, (36, 18), 90)
    unit(b, "fa", "red", (30, ROAD_Y + 1.5), 90, cat="FA")
    assert rejected(order(b, cmd.Move("fa", (34, ROAD_Y + 1.5)))) is None
    assert pos(b, "fa") == (34, ROAD_Y + 1.5)
    assert rejected(again(b, cmd.Move("fa", (38.1, ROAD_Y + 1.5)))) == "FG-UNIT-16"


# --- FG-MOVE-6, AMB-50, FG-MOVE-1: pivots ---------------------------------------------------------


def test_FG_MOVE_6_pivot_is_free(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-6, AMB-50: a pivot costs no distance: a unit can turn about and still move its full
    allowance; a pivot on the spot is a movement of length 0."""
    b = battle()
    watcher(b, (36, 30))
    unit(b, "u", "red", (30, 30), 0)
    ev = order(b, cmd.Move("u", (26, 30), facing=180))
    assert rejected(ev) is None and moved(ev)[-1].distance == 4
    b.enter()
    assert b.pose(b.ids["u"]).facing == 180
    ev = again(b, cmd.Move("u", (26, 30), facing=90))
    assert moved(ev)[-1].how == "pivot" and moved(ev)[-1].distance == 0
    assert b.pose(b.ids["u"]).facing == 90


def test_FG_MOVE_1_and_AMB_50_pivot_counts_as_moving_for_the_shot(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-1, FG-MOVE-6, AMB-50, AMB-51: a shot after a Move order, even one that only pivots,
    has -1 (FG-CBT-6); a Shoot order does not."""
    b = battle([1, 1])  # two misses: the target stays where it is
    unit(b, "s", "red", (10, 10), 90, cat="LI")
    unit(b, "t", "blue", (10 + D + 3.0, 10), 180)  # 3" to s's right: s must turn to see it
    ev = order(b, cmd.Move("s", (10, 10), facing=0, fire="t"))
    fire = [r for r in of(ev, "roll") if r.check == "fire"]
    assert fire and ("FG-CBT-6", -1) in [(m.rule, m.value) for m in fire[0].modifiers]
    assert moved(ev)[0].how == "pivot"
    ev = again(b, cmd.Fire("s", "t"))
    fire = [r for r in of(ev, "roll") if r.check == "fire"]
    assert fire and "FG-CBT-6" not in [m.rule for m in fire[0].modifiers]


# --- FG-MOVE-2, AMB-49: through friends, never through enemies, never end overlapping ------------


def test_FG_MOVE_2_through_friends(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-2, AMB-49: a unit may pass through a friendly unit."""
    b = battle()
    unit(b, "u", "red", (20, 30), 0)
    unit(b, "friend", "red", (22, 30), 0)
    ev = order(b, cmd.Move("u", (24, 30)))
    assert rejected(ev) is None and pos(b, "u") == (24, 30)


def test_FG_MOVE_2_never_through_enemies(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-2, AMB-49: never through an enemy unit, even one facing away (no contact at the end)."""
    b = battle()
    unit(b, "u", "red", (20, 30), 0, cat="LC")
    unit(b, "enemy", "blue", (23, 30), 90)
    ev = order(b, cmd.Move("u", (27, 30)))
    assert rejected(ev) == "FG-MOVE-2"
    assert pos(b, "u") == (20, 30)


def test_AMB_49_never_end_overlapping(battle: Callable[..., Battle]) -> None:
    """AMB-49: no unit may end a move overlapping another base, friend or foe; touching a friend is
    fine, touching an enemy is a charge (FG-CHG-1)."""
    b = battle()
    unit(b, "u", "red", (20, 30), 0)
    unit(b, "friend", "red", (23, 30), 0)
    assert rejected(order(b, cmd.Move("u", (22.5, 30)))) == "FG-MOVE-2"
    assert pos(b, "u") == (20, 30)
    assert rejected(again(b, cmd.Move("u", (23 - D, 30)))) is None  # edge to edge
    assert pos(b, "u") == (23 - D, 30)
    unit(b, "enemy", "blue", (23 - D, 33.6), 90)  # its rear edge at y = 33
    assert rejected(again(b, cmd.Move("u", (23 - D, 32.0)))) == "FG-CHG-1"  # would touch it
    assert rejected(again(b, cmd.Move("u", (23 - D, 32.5)))) == "FG-MOVE-2"  # would overlap it


def test_AMB_40_never_leave_the_table(battle: Callable[..., Battle]) -> None:
    """Bases end wholly on the table (AMB-40): a move whose base would hang over the edge is refused."""
    b = battle()
    unit(b, "u", "red", (3, 30), 180)
    assert rejected(order(b, cmd.Move("u", (0.5, 30)))) == "AMB-40"
    assert rejected(again(b, cmd.Move("u", (0.6, 30)))) is None
    assert pos(b, "u") == (0.6, 30)


# --- FG-TERR-2, FG-MOVE-3, AMB-10: impassable and difficult terrain --------------------------------


def test_FG_TERR_2_impassable_cannot_be_crossed(battle: Callable[..., Battle]) -> None:
    """FG-TERR-2: rivers and impassable areas cannot be crossed nor stood on."""
    b = battle(terrain=[("river", (((25, 0), (25, 48)), 1.0)), ("impassable", rect(10, 40, 20, 48))])
    unit(b, "u", "red", (22, 20), 0, cat="LC")
    unit(b, "v", "red", (15, 36), 90)
    assert rejected(order(b, cmd.Move("u", (28, 20)))) == "FG-TERR-2"
    assert rejected(again(b, cmd.Move("u", (24.0, 20)))) == "FG-TERR-2"  # base over the water
    assert rejected(again(b, cmd.Move("v", (15, 39.6)))) == "FG-TERR-2"  # centre outside, base on it
    assert pos(b, "u") == (22, 20) and pos(b, "v") == (15, 36)
    assert rejected(again(b, cmd.Move("v", (15, 38.8)))) is None


def test_FG_TERR_2_a_line_narrower_than_the_step_is_not_stepped_over(battle: Callable[..., Battle]) -> None:
    """FG-TERR-2: a path is examined every quarter inch and where it crosses the middle of a line, so a
    river 0.1" wide stops every move across it, wherever it starts (it was missed between two points)."""
    b = battle(terrain=[("river", (((25, 0), (25, 48)), 0.1))])
    for i in range(20):  # side by side, each starting a little further on
        x, y = 21.9 + i * 0.0123, 1.5 + i * 2.25
        unit(b, f"u{i}", "red", (x, y), 0, cat="LC")
        assert rejected(order(b, cmd.Move(f"u{i}", (x + 4.1, y)))) == "FG-TERR-2", x


def test_FG_TERR_5_bridges_and_fords_cross_rivers(battle: Callable[..., Battle]) -> None:
    """FG-TERR-5, AMB-14: a bridge or a ford makes a river passable there (as difficult ground)."""
    b = battle(
        terrain=[
            ("river", (((25, 0), (25, 48)), 1.0)),
            ("bridge", rect(24, 19, 26, 21)),
            ("ford", rect(24, 29, 26, 31)),
        ]
    )
    unit(b, "a", "red", (23, 20), 0)
    unit(b, "f", "red", (23, 30), 0)
    assert rejected(order(b, cmd.Move("a", (27, 20)))) is None
    assert rejected(again(b, cmd.Move("f", (27, 30)))) is None
    assert pos(b, "a") == (27, 20) and pos(b, "f") == (27, 30)
    b.enter()
    assert b.table.movement_at((25, 20)) == "difficult" and b.table.movement_at((25, 25)) == "impassable"


def test_FG_TERR_5_a_unit_may_stand_on_a_bridge(battle: Callable[..., Battle]) -> None:
    """FG-TERR-5: a base whose centre is on the bridge may overhang the river it spans."""
    b = battle(terrain=[("river", (((25, 0), (25, 48)), 1.0)), ("bridge", rect(24.5, 19.5, 25.5, 20.5))])
    unit(b, "a", "red", (22, 20), 0)
    assert rejected(order(b, cmd.Move("a", (25, 20)))) is None
    assert pos(b, "a") == (25, 20)


@pytest.mark.parametrize("cat", ["HC", "LC"])
def test_FG_MOVE_3_cavalry_stop_entering_difficult(battle: Callable[..., Battle], cat: str) -> None:
    """FG-MOVE-3, AMB-10, FG-TERR-3: cavalry stop exactly where their centre enters difficult terrain
    (the wood's edge at 23.1" is between two of the points a path is examined at, 0.25" apart)."""
    b = battle(terrain=[("wood", rect(23.1, 20, 40, 40))])
    unit(b, "c", "red", (20, 30), 0, cat=cat)
    ev = order(b, cmd.Move("c", (24, 30)))
    assert rejected(ev) is None
    assert moved(ev)[-1].stopped == "FG-MOVE-3"
    assert pos(b, "c")[0] == pytest.approx(23.1, abs=1e-3) and pos(b, "c")[1] == 30
    assert moved(ev)[-1].distance == pytest.approx(3.1, abs=1e-3)


def test_FG_MOVE_3_FG_UNIT_15_a_path_clipping_a_towns_corner_enters_it(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-3, FG-UNIT-15 (issue 24, river-crossing seed 1, round 12): light cavalry moving 8" whose
    centre clips the corner of a town for 0.05" (between two examined points) enters it: it stops on
    the town's edge (FG-MOVE-3); infantry, which do not stop, pay the difficult allowance (FG-UNIT-12)."""
    town = ((33.0, 34.0), (40.0, 34.0), (40.0, 39.0), (33.0, 39.0))
    b = battle(terrain=[("town", town)])
    unit(b, "c", "red", (31.525, 38.27), 0, cat="LC")
    ev = order(b, cmd.Move("c", (34.162, 30.717)))
    assert rejected(ev) is None and moved(ev)[-1].stopped == "FG-MOVE-3"
    x, y = pos(b, "c")
    assert (x, y) != (34.162, 30.717) and y == pytest.approx(34.0, abs=0.05) and x >= 33.0 - 1e-6
    assert moved(ev)[-1].distance == pytest.approx(0.5593 * 8.0, abs=0.01)


def test_FG_UNIT_19_a_corner_clipped_is_difficult_ground_for_foot_artillery(
    battle: Callable[..., Battle],
) -> None:
    """FG-UNIT-19, FG-UNIT-12..17: foot artillery, which never enter difficult ground off a road, may
    not cut a wood's corner even for a stretch shorter than the path's examined step; a path that
    misses the corner goes."""
    wood = ((10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0))
    b = battle(terrain=[("wood", wood), ("road", (((24.0, 10.0), (24.0, 30.0)), 1.0))])  # FG-MOVE-4's road
    unit(b, "g", "red", (19.9, 20.05), 0, cat="FA")
    assert rejected(order(b, cmd.Move("g", (22.4, 18.05)))) == "FG-UNIT-19"  # 0.05" inside the corner
    assert rejected(again(b, cmd.Move("g", (22.4, 20.6)))) is None


def test_FG_MOVE_3_infantry_do_not_stop(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-3, AMB-10: infantry enter difficult terrain and go on (both their values are S)."""
    b = battle(terrain=[("wood", rect(23, 20, 40, 40))])
    unit(b, "i", "red", (20, 30), 0)
    ev = order(b, cmd.Move("i", (24, 30)))
    assert rejected(ev) is None and pos(b, "i") == (24, 30) and moved(ev)[-1].stopped is None


def test_AMB_10_cavalry_inside_move_their_difficult_value(battle: Callable[..., Battle]) -> None:
    """AMB-10, FG-UNIT-15: light cavalry starting in a wood move up to M (6"), not L, and stop again on
    entering a different difficult area."""
    b = battle(terrain=[("wood", rect(10, 20, 30, 40)), ("field", rect(32, 20, 40, 40))])
    watcher(b, (20, 22))
    unit(b, "c", "red", (20, 30), 0, cat="LC")
    unit(b, "d", "red", (27, 25), 0, cat="LC")
    assert rejected(order(b, cmd.Move("c", (26.1, 30)))) == "FG-UNIT-15"
    assert rejected(again(b, cmd.Move("c", (26, 30)))) is None
    ev = again(b, cmd.Move("d", (33, 25)))  # leaves the wood, enters the field after 5"
    assert rejected(ev) is None and moved(ev)[-1].stopped == "FG-MOVE-3"
    assert pos(b, "d")[0] == pytest.approx(32, abs=1e-3)


def test_AMB_10_difficult_allowance_for_the_whole_move(battle: Callable[..., Battle]) -> None:
    """AMB-10, FG-UNIT-17: horse artillery (M 6", difficult S 4") whose centre path passes through a
    field may move only 4" in all, even if most of the way is open."""
    b = battle(terrain=[("field", rect(22, 20, 23, 40))])
    watcher(b, (14, 36), 180)
    unit(b, "h", "red", (20, 30), 0, cat="HA")
    unit(b, "k", "red", (20, 36), 0, cat="HA")
    unit(b, "j", "red", (20, 43), 0, cat="HA")
    assert rejected(order(b, cmd.Move("h", (25, 30)))) == "FG-UNIT-17"
    assert rejected(again(b, cmd.Move("k", (24, 36)))) is None
    assert rejected(again(b, cmd.Move("j", (26, 43)))) is None  # open ground: the full 6"


def test_AMB_10_cavalry_cannot_reach_difficult_beyond_their_difficult_value(
    battle: Callable[..., Battle],
) -> None:
    """AMB-10: the difficult allowance counts the distance already moved: heavy cavalry (S 4" in
    difficult) cannot enter a wood whose edge is 5" away in one move."""
    b = battle(terrain=[("wood", rect(25, 20, 40, 40))])
    watcher(b, (14, 30), 180)
    unit(b, "c", "red", (20, 30), 0, cat="HC")
    unit(b, "d", "red", (20, 34), 0, cat="HC")
    assert rejected(order(b, cmd.Move("c", (26, 30)))) == "FG-MOVE-3"
    assert pos(b, "c") == (20, 30)
    assert rejected(again(b, cmd.Move("d", (24.9, 34)))) is None  # 4.9" in the open is fine


# --- FG-MOVE-4, FG-UNIT-19, AMB-11: foot artillery -------------------------------------------------


def test_AMB_11_foot_artillery_never_enters_difficult_off_road(battle: Callable[..., Battle]) -> None:
    """FG-UNIT-19, AMB-11: foot artillery cannot move into or through difficult terrain off a road."""
    b = battle(terrain=[("wood", rect(22, 0, 23, 48)), ("road", (((0, 30), (72, 30)), 0.5))])
    unit(b, "fa", "red", (20, 31.5), 90, cat="FA")
    assert rejected(order(b, cmd.Move("fa", (24, 31.5)))) == "FG-UNIT-19"
    assert pos(b, "fa") == (20, 31.5)


@pytest.mark.parametrize(("kind", "ok"), [("road", True), ("town", True), ("none", False)])
def test_FG_MOVE_4_foot_artillery_ends_within_XS_of_road_or_town(
    battle: Callable[..., Battle], kind: str, ok: bool
) -> None:
    """FG-MOVE-4, AMB-11: foot artillery must end within XS of a road or a town; 0.1" beyond is
    refused."""
    terrain = {
        "road": [("road", (((0, 20), (72, 20)), 0.5))],
        "town": [("town", rect(0, 10, 72, 20))],
        "none": [],
    }[kind]
    b = battle(terrain=terrain)
    # the road's edge (or the town's) at y = 20 (.25): the base's rear edge ends 1.9" or 2.1" beyond
    edge = 20.25 if kind == "road" else 20.0
    unit(b, "fa", "red", (30, edge + 1.0), 90, cat="FA")
    ev = order(b, cmd.Move("fa", (30, edge + 0.6 + 1.9)))
    assert (rejected(ev) is None) is ok
    if not ok:
        assert rejected(ev) == "FG-MOVE-4"
    unit(b, "fb", "red", (40, edge + 1.0), 90, cat="FA")
    assert rejected(again(b, cmd.Move("fb", (40, edge + 0.6 + 2.1)))) == "FG-MOVE-4"


def test_AMB_11_foot_artillery_retreat_stops_near_the_road(battle: Callable[..., Battle]) -> None:
    """AMB-11: a foot-artillery retreat is cut short to the farthest point within XS of a road."""
    b = battle([6], terrain=[("road", (((0, 20), (72, 20)), 0.5))])
    unit(b, "fa", "red", (30, 21.5), 90, cat="FA")  # 0.65" from the road's edge
    unit(b, "enemy", "blue", (30, 21.5 - 6), 90)
    ev = order(b, cmd.Withdraw("fa"))
    assert rejected(ev) is None
    x, y = pos(b, "fa")
    assert x == 30 and 22.0 < y <= 20.25 + 2.0 + 0.6 + 0.01  # moved away, but kept within XS
    b.enter()
    assert b.table.near_road_or_town(b.pose(b.ids["fa"]).corners, 2.0)


# --- FG-ROAD-1..4, AMB-15, AMB-52: roads -----------------------------------------------------------


def test_FG_ROAD_1_road_move_doubles_the_allowance(battle: Callable[..., Battle]) -> None:
    """FG-ROAD-1, FG-TERR-7, AMB-52: a move whose whole centre path is on a road may be twice the base
    move (8" for line infantry); off the road the same distance is refused."""
    b = battle(terrain=[ROAD])
    watcher(b, (24, 20), 90)  # within XL of the way: no strategic bonus
    unit(b, "u", "red", (20, ROAD_Y), 90)
    unit(b, "v", "red", (20, ROAD_Y + 4), 90)
    ev = order(b, cmd.Move("u", (28, ROAD_Y), road=True))
    assert rejected(ev) is None and moved(ev)[-1].how == "road"
    assert pos(b, "u") == (28, ROAD_Y)
    assert rejected(again(b, cmd.Move("u", (36.1, ROAD_Y), road=True))) == "FG-UNIT-12"
    assert rejected(again(b, cmd.Move("v", (28, ROAD_Y + 4)))) == "FG-UNIT-12"


def test_FG_ROAD_1_chosen_automatically_when_needed(battle: Callable[..., Battle]) -> None:
    """FG-ROAD-1: a Move that is only legal as a road move is made as one."""
    b = battle(terrain=[ROAD])
    watcher(b, (24, 20), 90)
    unit(b, "u", "red", (20, ROAD_Y), 90)
    ev = order(b, cmd.Move("u", (27, ROAD_Y)))
    assert rejected(ev) is None and moved(ev)[-1].how == "road"
    assert status(b, "u").marching_by_road


def test_AMB_52_whole_path_on_the_road(battle: Callable[..., Battle]) -> None:
    """AMB-52, FG-ROAD-1: a road move keeps the centre on the road all the way (small tolerance);
    a path that leaves it, or a centre starting beside it, is no road move."""
    b = battle(terrain=[("road", (((0, 10), (30, 10), (30, 40)), 0.5))])
    unit(b, "u", "red", (25, 10), 90)
    unit(b, "v", "red", (20, 11), 90)  # 1" off the road's line
    assert rejected(order(b, cmd.Move("u", (30, 13), road=True))) == "FG-ROAD-1"  # cuts the corner
    assert rejected(again(b, cmd.Move("v", (26, 11), road=True))) == "FG-ROAD-1"
    assert rejected(again(b, cmd.Move("u", (30, 10), road=True))) is None


def test_AMB_52_road_tolerance(battle: Callable[..., Battle]) -> None:
    """AMB-52: the centre may stray from the road's line by half the road's width plus the
    road_tolerance of the content (0.25 + 0.25 here), not more."""
    b = battle(terrain=[ROAD])
    tol = 0.25 + b.rules.core.movement.road_tolerance
    unit(b, "u", "red", (20, ROAD_Y + tol - 0.02), 90)
    unit(b, "v", "red", (40, ROAD_Y - tol - 0.1), 90)
    assert rejected(order(b, cmd.Move("u", (27, ROAD_Y + tol - 0.02), road=True))) is None
    assert rejected(again(b, cmd.Move("v", (47, ROAD_Y - tol - 0.1), road=True))) == "FG-ROAD-1"


@pytest.mark.parametrize(("asked", "column"), [(80.0, 90.0), (120.0, 90.0), (200.0, 270.0), (None, 90.0)])
def test_FG_ROAD_2_ends_in_column(battle: Callable[..., Battle], asked: float | None, column: float) -> None:
    """FG-ROAD-2, AMB-52: a road move ends with the front edge parallel to the road (here the road
    runs east-west, so the unit faces north or south, whichever is nearer the facing asked for)."""
    b = battle(terrain=[ROAD])
    unit(b, "u", "red", (20, ROAD_Y), 80)
    ev = order(b, cmd.Move("u", (27, ROAD_Y), facing=asked, road=True))
    assert rejected(ev) is None
    b.enter()
    assert b.pose(b.ids["u"]).facing == column
    fl, fr = b.pose(b.ids["u"]).corners[:2]
    assert math.isclose(fl[1], fr[1], abs_tol=1e-9)  # the front edge runs along the road


def test_FG_ROAD_3_no_passing_through_units_on_the_road(battle: Callable[..., Battle]) -> None:
    """FG-ROAD-3, AMB-49: on a road move a unit cannot pass through another unit on the road, not even
    a friend; off the road it may pass through the same friend (FG-MOVE-2)."""
    b = battle(terrain=[ROAD])
    unit(b, "u", "red", (20, ROAD_Y), 90)
    unit(b, "friend", "red", (23, ROAD_Y), 90)
    assert rejected(order(b, cmd.Move("u", (27, ROAD_Y), road=True))) == "FG-ROAD-3"
    assert pos(b, "u") == (20, ROAD_Y)
    assert rejected(again(b, cmd.Move("u", (24, ROAD_Y), road=False))) == "FG-MOVE-2"  # ends on it
    assert rejected(again(b, cmd.Move("u", (23.5, ROAD_Y - 1.5), road=False))) is None  # through it


def test_FG_ROAD_3_units_beside_the_road_do_not_block(battle: Callable[..., Battle]) -> None:
    """FG-ROAD-3: a friendly unit clear of the road does not stop a road move that passes it."""
    b = battle(terrain=[ROAD, ("road", (((0, 30), (72, 30)), 0.5))])
    unit(b, "u", "red", (20, ROAD_Y), 90)
    # its base stops 0.15" short of the road's edge, but the column (1.2" deep on a 0.5" road) sweeps it
    unit(b, "beside", "red", (23, ROAD_Y + 1.0), 90)
    ev = order(b, cmd.Move("u", (27, ROAD_Y), road=True))
    assert rejected(ev) is None and pos(b, "u") == (27, ROAD_Y)
    # a unit whose base reaches onto the road, although its centre is 1.2" off the road's line, is on it
    unit(b, "v", "red", (20, 30), 90)
    unit(b, "across", "red", (23, 31.2), 0)
    assert rejected(again(b, cmd.Move("v", (27, 30), road=True))) == "FG-ROAD-3"


def test_FG_ROAD_4_marching_by_road_cannot_shoot_charge_or_react(battle: Callable[..., Battle]) -> None:
    """FG-ROAD-4, AMB-52: after a road move the unit marches by road until it makes a move that is
    not a road move: it cannot shoot, charge or react, and attackers get +1 (FG-CBT-3)."""
    b = battle([6, 6, 6, 6, 6, 6], terrain=[ROAD])
    unit(b, "u", "red", (20, ROAD_Y), 90, cat="LI")
    unit(b, "enemy", "blue", (24, ROAD_Y + 3.5), 270, cat="LI")
    order(b, cmd.Move("u", (24, ROAD_Y), road=True))
    assert status(b, "u").marching_by_road
    assert rejected(again(b, cmd.Fire("u", "enemy"))) == "FG-ROAD-4"
    assert rejected(again(b, cmd.Charge("u", "enemy"))) == "FG-ROAD-4"
    asked: list = []
    ev = play(b, cmd.Fire("enemy", "u"), asked=asked)
    assert not [d for d in asked if d.kind == "reaction"]  # u may not react
    fire = [r for r in of(ev, "roll") if r.check == "fire"]
    assert fire and ("FG-CBT-3", 1) in [(m.rule, m.value) for m in fire[0].modifiers]


def test_AMB_52_marching_by_road_ends_with_an_off_road_move(battle: Callable[..., Battle]) -> None:
    """AMB-52: the next move that is not a road move ends the march (turning out of column is free);
    a unit that merely crosses a road is not marching by road."""
    b = battle(terrain=[ROAD])
    unit(b, "u", "red", (20, ROAD_Y), 90)
    unit(b, "x", "red", (40, ROAD_Y - 2), 90)
    order(b, cmd.Move("u", (26, ROAD_Y), road=True))
    assert status(b, "u").marching_by_road
    ev = again(b, cmd.Move("u", (26, ROAD_Y - 4), facing=270))
    assert rejected(ev) is None and not status(b, "u").marching_by_road
    again(b, cmd.Move("x", (40, ROAD_Y + 2)))
    assert not status(b, "x").marching_by_road


def test_AMB_15_road_through_difficult_terrain(battle: Callable[..., Battle]) -> None:
    """AMB-15: a move made entirely along a road ignores the difficult terrain the road crosses:
    cavalry do not stop and keep their full allowance, and foot artillery may make it."""
    b = battle(terrain=[ROAD, ("wood", rect(22, 0, 30, 20)), ("town", rect(40, 0, 45, 20))])
    unit(b, "hc", "red", (18, ROAD_Y), 90, cat="HC")
    unit(b, "fa", "red", (36, ROAD_Y), 90, cat="FA")
    ev = order(b, cmd.Move("hc", (30, ROAD_Y), road=True))  # 12" = 2 x 6", through the wood
    assert rejected(ev) is None and moved(ev)[-1].stopped is None
    assert pos(b, "hc") == (30, ROAD_Y)
    ev = again(b, cmd.Move("fa", (44, ROAD_Y), road=True))  # into the town along the road
    assert rejected(ev) is None and pos(b, "fa") == (44, ROAD_Y)


def test_AMB_15_cavalry_off_the_road_still_stop(battle: Callable[..., Battle]) -> None:
    """AMB-15, AMB-10: a move that leaves the road follows the normal difficult-terrain rules."""
    b = battle(terrain=[ROAD, ("wood", rect(22, 0, 30, 20))])
    unit(b, "hc", "red", (18, ROAD_Y + 1), 90, cat="HC")  # beside the road
    ev = order(b, cmd.Move("hc", (24, ROAD_Y + 1)))
    assert rejected(ev) is None and moved(ev)[-1].stopped == "FG-MOVE-3"
    assert abs(pos(b, "hc")[0] - 22) <= 0.26


# --- FG-STRAT-1..3, AMB-53, EX-20: strategic movement -----------------------------------------------


def test_FG_STRAT_1_far_from_enemies_moves_twice(battle: Callable[..., Battle]) -> None:
    """FG-STRAT-1, AMB-53: a unit XL or more from every enemy unit all the way may move its base move
    once more (8" for line infantry)."""
    b = battle()
    unit(b, "u", "red", (10, 10), 0)
    unit(b, "enemy", "blue", (60, 40), 180)
    ev = order(b, cmd.Move("u", (18, 10)))
    assert rejected(ev) is None and moved(ev)[-1].how == "strategic"
    assert rejected(again(b, cmd.Move("u", (26.1, 10)))) == "FG-UNIT-12"


def test_AMB_53_every_moment_counts(battle: Callable[..., Battle]) -> None:
    """AMB-53: XL from every enemy unit at the start, along the whole path and at the end: an enemy
    that the end (or only the middle) of the way comes closer to denies the bonus; an enemy officer
    close by does not."""
    b = battle()
    unit(b, "u", "red", (10, 10), 0)
    unit(b, "w", "red", (10, 17), 0)
    unit(b, "enemy", "blue", (10.6 + 10.5 + 0.6, 10), 0)  # 10.5" from u's start, facing away
    officer(b, "eo", "blue", (10, 20))
    assert rejected(order(b, cmd.Move("u", (17.6, 10)))) == "FG-UNIT-12"  # would end 2.9" away
    ev = again(b, cmd.Move("w", (2, 17)))  # away from the enemy unit, past the enemy officer
    assert rejected(ev) is None and moved(ev)[-1].how == "strategic"
    b2 = battle()
    unit(b2, "u", "red", (10, 30), 0)
    unit(b2, "enemy", "blue", (14, 31 + 9.9 + 0.6), 90)  # 9.9" from the path's middle only
    assert rejected(order(b2, cmd.Move("u", (18, 30)))) == "FG-UNIT-12"


def test_AMB_53_exact_XL_is_enough(battle: Callable[..., Battle]) -> None:
    """AMB-53, AMB-3: exactly XL from the enemy all the way is 'XL or more'."""
    b = battle()
    unit(b, "u", "red", (10, 10), 0)
    unit(b, "enemy", "blue", (14, 10 + 1.0 + 10.0 + 0.6), 90)  # 10" from u's side all along
    ev = order(b, cmd.Move("u", (18, 10)))
    assert rejected(ev) is None and moved(ev)[-1].how == "strategic"


def test_AMB_53_start_pose_is_measured_before_the_pivot(battle: Callable[..., Battle]) -> None:
    """AMB-53, AMB-50: the unit travels with its facing and pivots at the end; its distance to the
    enemy at the start is measured with the facing it has then."""
    b = battle()
    unit(b, "u", "red", (10, 10), 0)  # its long side (2") along y
    # 9.8" from u's side now; it would be 10.2" if u already faced 90 (short side towards the enemy)
    unit(b, "enemy", "blue", (10, 10 + 1.0 + 9.8 + 0.6), 90)
    ev = order(b, cmd.Move("u", (10 - 8, 10), facing=90))
    assert rejected(ev) == "FG-UNIT-12"


def test_FG_STRAT_2_detachments_cannot(battle: Callable[..., Battle]) -> None:
    """FG-STRAT-2, FG-DIS-3: a detachment (here one unit far from its officer) is disorganised and
    gets no strategic bonus, even far from every enemy."""
    b = battle()
    officer(b, "gen", "red", (5, 45))
    unit(b, "u", "red", (40, 10), 0, division="gen")
    unit(b, "enemy", "blue", (70, 45), 180)
    ev = order(b, cmd.Move("u", (46, 10)))
    assert rejected(ev) == "FG-UNIT-12"
    assert status(b, "u").detached
    assert rejected(again(b, cmd.Move("u", (44, 10)))) is None


def test_FG_STRAT_2_failed_leadership_denies_it(battle: Callable[..., Battle]) -> None:
    """FG-STRAT-2:
    FG-DIS-3 with FG-STRAT-1: a division disorganised by a failed leadership check gets no bonus."""
    b = battle([1])
    officer(b, "gen", "red", (10, 14))
    unit(b, "u", "red", (10, 10), 0, division="gen")
    unit(b, "enemy", "blue", (70, 45), 180)
    ev = b.apply(cmd.Activate("gen"))
    assert [r.outcome for r in of(ev, "roll")] == ["fail"]
    assert rejected(order(b, cmd.Move("u", (16, 10)))) == "FG-UNIT-12"


@pytest.mark.parametrize(
    ("cat", "total"), [("LnInf", 12), ("LI", 12), ("FA", 12), ("HC", 18), ("HA", 18), ("LC", 24)]
)
def test_EX_20_road_plus_strategic_is_three_moves(
    battle: Callable[..., Battle], cat: str, total: float
) -> None:
    """EX-20, FG-STRAT-3, FG-ROAD-1, FG-STRAT-1: by road and XL or more from every enemy a unit moves
    3 x its base move: LnInf, LI and FA 12", HC and HA 18", LC 24"; a little more is refused."""
    b = battle(terrain=[("road", (((0, 24), (72, 24)), 0.5)), ("road", (((0, 34), (72, 34)), 0.5))])
    unit(b, "u", "red", (5, 24), 90, cat=cat)
    unit(b, "v", "red", (5, 34), 90, cat=cat)
    unit(b, "enemy", "blue", (70, 2), 90)
    ev = order(b, cmd.Move("u", (5 + total, 24), road=True))
    assert rejected(ev) is None
    assert moved(ev)[-1].how == "road+strategic" and pos(b, "u") == (5 + total, 24)
    ev = again(b, cmd.Move("v", (5 + total + 0.1, 34), road=True))
    assert rejected(ev) == b.rules.categories[cat].rule


def test_FG_STRAT_3_difficult_allowance_off_road(battle: Callable[..., Battle]) -> None:
    """FG-STRAT-3, AMB-53: off the road the strategic bonus is one more of the allowance that applies:
    horse artillery through a field moves 2 x S = 8", not 12"."""
    b = battle(terrain=[("field", rect(12, 0, 14, 48))])
    unit(b, "h", "red", (10, 10), 0, cat="HA")
    unit(b, "enemy", "blue", (70, 45), 180)
    assert rejected(order(b, cmd.Move("h", (18.1, 10)))) == "FG-UNIT-17"
    ev = again(b, cmd.Move("h", (18, 10)))
    assert rejected(ev) is None and moved(ev)[-1].how == "strategic"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_AMB_49_random_moves_keep_the_table_sane(battle: Callable[..., Battle], seed: int) -> None:
    """AMB-49, AMB-40, FG-TERR-2, FG-MOVE-5: whatever Move orders are given, accepted ones never leave
    a base overlapping another, off the table or with its centre on impassable ground, and never
    move a centre farther than three base moves (EX-20)."""
    import random

    rnd = random.Random(seed)
    b = battle(
        [rnd.randint(1, 6) for _ in range(400)],
        size=(36, 24),
        terrain=[
            ("wood", rect(6, 14, 12, 20)),
            ("river", (((24, 0), (24, 24)), 1.0)),
            ("bridge", rect(23, 11, 25, 13)),
            ("road", (((0, 12), (36, 12)), 0.5)),
        ],
    )
    cats = ["LnInf", "LI", "HC", "LC", "HA"]
    names = []
    for i in range(10):
        side = "red" if i % 2 else "blue"
        name = f"{side[0]}{i}"
        unit(b, name, side, (3 + 4 * (i % 5), 4 + 14 * (i // 5)), 90 + 180 * (i // 5), cat=rnd.choice(cats))
        names.append(name)
    sane(b)
    for _ in range(60):
        name = rnd.choice(names)
        b.enter()
        if not status(b, name).in_play:
            continue
        x, y = pos(b, name)
        to = (x + rnd.uniform(-5, 5), y + rnd.uniform(-5, 5))
        ev = again(b, cmd.Move(name, to, facing=rnd.choice([None, 0.0, 90.0, 135.0])))
        for m in moved(ev):
            if m.unit == name:
                assert m.distance <= 3 * 8 + 0.01
        sane(b)
        b.enter()
        for e, st in esper.get_component(Status):
            if st.in_play:
                p = esper.component_for_entity(e, Pose)
                assert not b.table.impassable_under(p.corners, (p.x, p.y)), b.name(e)

"""Orders (FG-ORD-1..10): who may take them (FG-CMD-2, FG-OFF-8, FG-ACT-6), the obey check of a unit
with hits (FG-ORD-3, FG-ORD-4, AMB-21), Move with its follow-up shot (FG-ORD-7, AMB-67), Shoot,
Retreat (FG-ORD-9, AMB-22) and Rally (FG-ORD-10)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.model import commands as cmd
from game.model.battle import Battle, GameState
from game.model.geometry import polygon_distance
from game.model.resolution import Decision
from systems.for_glory.reaction import retreat_plan
from tests.helpers import hits, kinds, make_battle, of, officer, order, play, pos, status, unit


@pytest.fixture
def made() -> Iterator[list[Battle]]:
    battles: list[Battle] = []
    yield battles
    for b in battles:
        b.close()


def new(made: list[Battle], dice: list[int] | None = None, **kw: Any) -> Battle:
    b = make_battle(dice if dice is not None else [], **kw)
    made.append(b)
    return b


def gap(b: Battle, a: str, c: str) -> float:
    b.enter()
    return polygon_distance(b.pose(b.ids[a]).corners, b.pose(b.ids[c]).corners)


def facing(b: Battle, name: str) -> float:
    b.enter()
    return b.pose(b.ids[name]).facing


def reject_rule(events: list[Any]) -> str:
    [r] = of(events, "rejected")
    return r.rule


def two_divisions(b: Battle) -> None:
    """Red divisions d1 (units A1, A2) and d2 (unit B1), a blue unit far away."""
    officer(b, "d1", "red", (10, 8))
    officer(b, "d2", "red", (30, 8))
    unit(b, "A1", "red", (10, 12), 90, division="d1")
    unit(b, "A2", "red", (13, 12), 90, division="d1")
    unit(b, "B1", "red", (30, 12), 90, division="d2")
    unit(b, "E", "blue", (60, 40), 270)


# --- who may take an order ----------------------------------------------------------------------


def test_FG_CMD_2_units_act_only_when_activated(made: list[Battle]) -> None:
    """FG-CMD-2: with no formation activated, a unit takes no order and nothing moves."""
    b = new(made)
    two_divisions(b)
    events = b.apply(cmd.Move("A1", (10, 14)))
    assert reject_rule(events) == "FG-CMD-2"
    assert pos(b, "A1") == (10, 12)


def test_FG_OFF_8_orders_only_to_the_active_formation(made: list[Battle]) -> None:
    """FG-OFF-8, FG-ORD-1: while d1 is activated, its units take orders; d2's units and the enemy's
    do not."""
    b = new(made)
    two_divisions(b)
    b.apply(cmd.Activate("d1", leadership=False))
    assert reject_rule(b.apply(cmd.Move("B1", (30, 14)))) == "FG-OFF-8"
    assert reject_rule(b.apply(cmd.Move("E", (60, 38)))) == "FG-OFF-8"
    assert pos(b, "B1") == (30, 12) and pos(b, "E") == (60, 40)
    assert not of(b.apply(cmd.Move("A1", (10, 14))), "rejected")
    assert pos(b, "A1") == (10, 14)


def test_FG_ORD_2_one_order_per_unit_per_activation(made: list[Battle]) -> None:
    """FG-ORD-2 (AMB-20): a unit that had its order takes no second one in the same activation;
    another unit of the formation still can."""
    b = new(made)
    two_divisions(b)
    b.apply(cmd.Activate("d1", leadership=False))
    b.apply(cmd.Move("A1", (10, 14)))
    assert reject_rule(b.apply(cmd.Move("A1", (10, 16)))) == "FG-ORD-2"
    assert reject_rule(b.apply(cmd.Withdraw("A1"))) == "FG-ORD-2"
    assert pos(b, "A1") == (10, 14)
    assert not of(b.apply(cmd.Move("A2", (13, 14))), "rejected")
    assert status(b, "A1").ordered and status(b, "A2").ordered and not status(b, "B1").ordered


def test_FG_ORD_5_only_the_four_orders(made: list[Battle]) -> None:
    """FG-ORD-5: Move, Shoot, Retreat and Rally are orders; an answer sent when nothing is asked is
    not an order and changes nothing."""
    b = new(made)
    two_divisions(b)
    b.apply(cmd.Activate("d1", leadership=False))
    assert reject_rule(b.apply(cmd.Pass())) == "FG-ORD-5"
    assert reject_rule(b.apply(cmd.ExtraMove("A1", to=(10, 14)))) == "FG-ORD-5"
    assert pos(b, "A1") == (10, 12) and not status(b, "A1").ordered


def test_FG_ACT_6_a_unit_finishes_before_the_next_starts(made: list[Battle]) -> None:
    """FG-ACT-6: while a unit's order waits for a decision (here a reaction), no other order starts."""
    b = new(made, [6])
    unit(b, "A", "red", (20, 20), 0)
    unit(b, "A2", "red", (20, 26), 0)
    unit(b, "E", "blue", (23, 20), 180)
    b.apply(cmd.Activate("A", leadership=False))
    b.apply(cmd.Fire("A", "E"))
    assert b.pending is not None and b.pending.kind == "reaction"
    assert reject_rule(b.apply(cmd.Move("A2", (18, 26)))) == "FG-ACT-6"
    assert pos(b, "A2") == (20, 26)
    b.apply(cmd.Pass())
    assert b.pending is None
    assert not of(b.apply(cmd.Move("A2", (18, 26))), "rejected")
    assert pos(b, "A2") == (18, 26)


# --- the obey check (FG-ORD-3, FG-ORD-4) --------------------------------------------------------


def test_FG_ORD_3_unit_with_hits_obeys_on_a_passed_check(made: list[Battle]) -> None:
    """FG-ORD-3: a unit with a hit takes a morale check (-1 for the hit) before it moves; a pass
    carries out the order."""
    b = new(made, [5])
    officer(b, "red-div", "red", (10, 15))
    unit(b, "U", "red", (10, 20), 0, hits=1)
    unit(b, "E", "blue", (60, 40), 180)
    events = order(b, cmd.Move("U", (13, 20)))
    [roll] = of(events, "roll")
    assert (roll.check, roll.purpose, roll.rule) == ("morale", "obey", "FG-ORD-3")
    assert [(m.rule, m.value) for m in roll.modifiers] == [("FG-MOR-4", -1)]
    assert (roll.total, roll.outcome) == (4, "pass")
    assert kinds(events).index("roll") < kinds(events).index("moved")
    assert pos(b, "U") == (13, 20)


def test_FG_ORD_3_unit_with_hits_ignores_the_order_on_a_failed_check(made: list[Battle]) -> None:
    """FG-ORD-3, AMB-21: on a failed check the unit does nothing and has lost its order."""
    b = new(made, [4, 6])
    officer(b, "red-div", "red", (10, 15))
    unit(b, "U", "red", (10, 20), 0, hits=1)
    unit(b, "T", "blue", (12.4, 20), 180)
    events = order(b, cmd.Fire("U", "T"))
    [roll] = of(events, "roll")
    assert (roll.purpose, roll.total, roll.outcome) == ("obey", 3, "fail")
    assert not [r for r in of(events, "roll") if r.check == "fire"]
    assert [n.rule for n in of(events, "note")] == ["FG-ORD-3"]
    assert hits(b, "T") == 0 and pos(b, "T") == (12.4, 20)
    assert reject_rule(b.apply(cmd.Move("U", (8, 20)))) == "FG-ORD-2"


@pytest.mark.parametrize("command", [cmd.Withdraw("U"), cmd.Rally("U")])
def test_FG_ORD_3_retreat_and_rally_need_no_check(made: list[Battle], command: cmd.Command) -> None:
    """FG-ORD-3: Retreat and Rally are carried out without a morale check, even with 2 hits."""
    b = new(made, [])  # no dice at all: a roll would fail the test
    officer(b, "red-div", "red", (10, 15))
    unit(b, "U", "red", (10, 20), 0, hits=2)
    unit(b, "E", "blue", (20, 20), 180)
    events = order(b, command)
    assert not of(events, "roll") and not of(events, "rejected")
    assert of(events, "moved") or of(events, "rallied")


def test_FG_ORD_4_failed_obey_check_still_counts_as_activation(made: list[Battle]) -> None:
    """FG-ORD-4, AMB-21, AMB-24: a unit that fails its obey check is still activated: an enemy whose
    reaction area it is in may react (after the check), here by shooting it."""
    b = new(made, [3, 4, 5])  # obey fails; the reactor's morale 4 passes; its shot 5 - 2 = 3
    officer(b, "red-div", "red", (10, 15))
    unit(b, "U", "red", (10, 20), 0, hits=1)
    unit(b, "R", "blue", (13, 20), 180)
    asked: list[Decision] = []
    events = play(b, cmd.Move("U", (11, 20)), lambda d: cmd.React("R", "fire"), asked)
    assert [(d.kind, d.stage, d.unit, d.options) for d in asked] == [("reaction", "after", "U", ("R",))]
    rolls = of(events, "roll")
    assert [(r.unit, r.purpose or r.check, r.outcome) for r in rolls] == [
        ("U", "obey", "fail"),
        ("R", "reaction", "pass"),
        ("R", "fire", "pushed"),
    ]
    assert pos(b, "U") == (8, 20)  # pushed XS, never moved


# --- Move, and the shot after it (FG-ORD-6, FG-ORD-7) ------------------------------------------


def test_FG_ORD_6_move_and_pivot(made: list[Battle]) -> None:
    """FG-ORD-6, FG-MOVE-6: a Move order moves the unit, or pivots it in place."""
    b = new(made)
    two_divisions(b)
    b.apply(cmd.Activate("d1", leadership=False))
    events = b.apply(cmd.Move("A1", (10, 15.5)))
    assert pos(b, "A1") == (10, 15.5)
    assert of(events, "moved")[-1].distance == pytest.approx(3.5)
    events = b.apply(cmd.Move("A2", (13, 12), facing=0))
    [moved] = of(events, "moved")
    assert (moved.how, moved.distance) == ("pivot", 0.0)
    assert pos(b, "A2") == (13, 12) and facing(b, "A2") == 0


def move_and_shoot(b: Battle) -> None:
    """Red A at (20, 20) facing blue E at (25, 20): A moves 2" and shoots E (then 1.8" away)."""
    officer(b, "red-div", "red", (15, 15))
    officer(b, "blue-div", "blue", (30, 15))
    unit(b, "A", "red", (20, 20), 0)
    unit(b, "E", "blue", (25, 20), 180)


def at_end(action: str) -> Callable[[Decision], cmd.Command | None]:
    return lambda d: cmd.React("E", action) if d.stage == "end" else None


def test_FG_ORD_7_reactions_come_before_the_follow_up_shot(made: list[Battle]) -> None:
    """FG-ORD-7, AMB-67, FG-CBT-6: after a Move the unit may shoot; the enemy's reaction at the end of
    the move is resolved before that shot, which has -1 for moving."""
    b = new(made, [4, 2, 5])  # E's morale 4; E's shot 2 - 2 = 0, a miss; A's shot 5 - 1 = 4
    move_and_shoot(b)
    asked: list[Decision] = []
    events = play(b, cmd.Move("A", (22, 20), fire="E"), at_end("fire"), asked)
    assert asked[-1].stage == "end"
    rolls = of(events, "roll")
    assert [(r.unit, r.check) for r in rolls] == [("E", "morale"), ("E", "fire"), ("A", "fire")]
    assert [(m.rule, m.value) for m in rolls[1].modifiers] == [("FG-CBT-9", -2)]
    assert [(m.rule, m.value) for m in rolls[2].modifiers] == [("FG-CBT-6", -1)]
    assert (rolls[2].total, hits(b, "E"), pos(b, "E")) == (4, 1, (27, 20))
    assert pos(b, "A") == (22, 20)


def test_FG_ORD_7_a_reaction_that_pushes_the_mover_cancels_its_shot(made: list[Battle]) -> None:
    """FG-ORD-7, FG-FIRE-6, AMB-67: the reaction shot hits and pushes the mover: no shot follows."""
    b = new(made, [4, 6])  # E's morale 4; E's shot 6 - 2 = 4: one hit and pushed XS
    move_and_shoot(b)
    events = play(b, cmd.Move("A", (22, 20), fire="E"), at_end("fire"))
    assert [(r.unit, r.check) for r in of(events, "roll")] == [("E", "morale"), ("E", "fire")]
    [stop] = of(events, "interrupted")
    assert (stop.unit, stop.by) == ("A", "E")
    assert hits(b, "A") == 1 and pos(b, "A") == (20, 20)
    assert hits(b, "E") == 0


def test_FG_ORD_8_shoot(made: list[Battle]) -> None:
    """FG-ORD-8, AMB-51: a Shoot order rolls one shot, with no -1 for moving."""
    b = new(made, [5])
    move_and_shoot(b)
    b.place(b.ids["A"], 22, 20)
    [roll] = of(order(b, cmd.Fire("A", "E")), "roll")
    assert (roll.check, roll.unit, roll.target, roll.modifiers, roll.total) == ("fire", "A", "E", (), 5)
    assert hits(b, "E") == 1


# --- Retreat (FG-ORD-9, AMB-22) -----------------------------------------------------------------


def test_FG_ORD_9_retreat_straight_away_from_the_nearest_enemy_unit(made: list[Battle]) -> None:
    """FG-ORD-9, AMB-22: the unit moves its full move (4") along the line from the nearest enemy
    unit's centre through its own, rear first (its facing is unchanged). Enemy officers, however
    close, do not count."""
    b = new(made)
    unit(b, "A", "red", (20, 20), 0)
    unit(b, "E", "blue", (24, 23), 180)  # 3-4-5: straight away is (-0.8, -0.6)
    unit(b, "F", "blue", (40, 20), 180)  # farther
    officer(b, "blue-general", "blue", (18, 21))
    events = order(b, cmd.Withdraw("A"))
    [moved] = of(events, "moved")
    assert (moved.how, moved.distance) == ("retreat", pytest.approx(4.0))
    assert pos(b, "A") == (16.8, 17.6)
    assert facing(b, "A") == 0


def test_FG_ORD_9_retreat_uses_the_units_own_move(made: list[Battle]) -> None:
    """FG-ORD-9: the distance is the unit's movement value: light cavalry retreats 8"."""
    b = new(made)
    unit(b, "C", "red", (30, 20), 90, cat="LC")
    unit(b, "E", "blue", (30, 24), 270)
    order(b, cmd.Withdraw("C"))
    assert pos(b, "C") == (30, 12)
    assert facing(b, "C") == 90


def test_AMB_22_retreat_stops_short_of_an_enemy(made: list[Battle]) -> None:
    """AMB-22: the retreat stops short of an enemy unit in the way, without touching it."""
    b = new(made)
    unit(b, "A", "red", (20, 20), 0)
    unit(b, "E", "blue", (22.2, 20), 180)  # 1" in front
    unit(b, "F", "blue", (16.5, 20), 0)  # 2.3" behind: in the way
    order(b, cmd.Withdraw("A"))
    x, y = pos(b, "A")
    assert y == 20 and 17.6 < x < 17.8
    assert 0 < gap(b, "A", "F") < 0.15


def test_AMB_22_retreat_stops_at_the_table_edge(made: list[Battle]) -> None:
    """AMB-22: the base stays wholly on the table: 1.4" from the edge it moves 1.4", not 4"."""
    b = new(made)
    unit(b, "A", "red", (2.0, 20), 0)  # rear edge at x = 1.4
    unit(b, "E", "blue", (5.0, 20), 180)
    order(b, cmd.Withdraw("A"))
    x, _y = pos(b, "A")
    assert x == pytest.approx(0.6, abs=0.06)


def test_AMB_22_retreat_stops_short_of_impassable_ground(made: list[Battle]) -> None:
    """AMB-22, FG-TERR-2: the base does not enter impassable ground on its way back."""
    b = new(made, terrain=[("impassable", [(10, 15), (12, 15), (12, 25), (10, 25)])])
    unit(b, "A", "red", (15, 20), 0)
    unit(b, "E", "blue", (18, 20), 180)
    order(b, cmd.Withdraw("A"))
    x, _y = pos(b, "A")
    assert 12.6 <= x < 12.8  # its rear edge (x - 0.6) just clear of x = 12


def test_AMB_22_retreat_passes_through_friends_but_ends_clear(made: list[Battle]) -> None:
    """AMB-22, FG-MOVE-2: a friendly base on the way is passed through; one where the retreat would
    end makes it stop short, clear of it."""
    b = new(made)
    unit(b, "A", "red", (20, 20), 0)
    unit(b, "P", "red", (18, 20), 0)  # on the way, 2" behind
    unit(b, "E", "blue", (23, 20), 180)
    order(b, cmd.Withdraw("A"))
    assert pos(b, "A") == (16, 20)
    assert gap(b, "A", "P") > 0
    b2 = new(made)
    unit(b2, "A", "red", (20, 20), 0)
    unit(b2, "P", "red", (16, 20), 0)  # exactly where A would end
    unit(b2, "E", "blue", (23, 20), 180)
    order(b2, cmd.Withdraw("A"))
    x, _y = pos(b2, "A")
    assert 17.2 <= x < 17.3 and gap(b2, "A", "P") < 0.1


def test_AMB_22_AMB_10_retreat_through_difficult_ground(made: list[Battle]) -> None:
    """AMB-22, AMB-10: horse artillery (M 6", S 4" in difficult ground) whose retreat crosses a wood
    has the difficult-terrain allowance for all of it: 4", which leaves it in the wood."""
    b = new(made, terrain=[("wood", [(15, 15), (17, 15), (17, 25), (15, 25)])])
    unit(b, "A", "red", (20, 20), 0, cat="HA")
    unit(b, "E", "blue", (24, 20), 180)
    order(b, cmd.Withdraw("A"))
    assert pos(b, "A") == (16, 20)


def test_AMB_22_cavalry_retreat_stops_at_difficult_ground(made: list[Battle]) -> None:
    """AMB-22, AMB-10, FG-MOVE-3: heavy cavalry (M 6", S 4" in difficult ground) retreating towards a
    wood 5" behind it cannot enter it (5" > 4"), so it retreats to the wood's edge, not 4" only."""
    b = new(made, terrain=[("wood", [(8, 15), (15, 15), (15, 25), (8, 25)])])
    unit(b, "C", "red", (20, 20), 0, cat="HC")
    unit(b, "E", "blue", (24, 20), 180)
    events = order(b, cmd.Withdraw("C"))
    x, _y = pos(b, "C")
    assert 15.0 <= x <= 15.25
    assert of(events, "moved")[-1].distance > 4.7


def test_AMB_22_retreat_is_a_movement_and_triggers_reactions(made: list[Battle]) -> None:
    """AMB-22, AMB-24: a retreat that takes the unit into an enemy's reaction area pauses there for
    the enemy's reaction."""
    b = new(made)
    unit(b, "A", "red", (30, 20), 90)
    unit(b, "E", "blue", (30, 23), 270)  # A retreats south, away from E
    unit(b, "W", "blue", (26, 16.5), 0)  # facing east across A's way back, 4" deep area
    asked: list[Decision] = []
    play(b, cmd.Withdraw("A"), asked=asked)
    assert ("W", "during") in [(o, d.stage) for d in asked for o in d.options]
    assert pos(b, "A") == (30, 16)


# --- Rally (FG-ORD-10) --------------------------------------------------------------------------


def test_FG_ORD_10_rally_removes_one_hit(made: list[Battle]) -> None:
    """FG-ORD-10: Rally removes one hit counter: 2 hits become 1."""
    b = new(made)
    unit(b, "U", "red", (10, 20), 0, hits=2)
    unit(b, "E", "blue", (60, 40), 180)
    events = order(b, cmd.Rally("U"))
    [r] = of(events, "rallied")
    assert (r.unit, r.hits, r.rule) == ("U", 1, "FG-ORD-10")
    assert hits(b, "U") == 1


@pytest.mark.parametrize("count", [1, 0])
def test_FG_ORD_10_the_last_hit_cannot_be_rallied(made: list[Battle], count: int) -> None:
    """FG-ORD-10: the last hit counter is never removed by rallying (nor is there any to remove)."""
    b = new(made)
    unit(b, "U", "red", (10, 20), 0, hits=count)
    unit(b, "E", "blue", (60, 40), 180)
    events = order(b, cmd.Rally("U"))
    assert reject_rule(events) == "FG-ORD-10"
    assert hits(b, "U") == count and not status(b, "U").ordered


def test_FG_ORD_9_retreat_direction_is_along_centres_not_facing(made: list[Battle]) -> None:
    """FG-ORD-9: AMB-22: with the enemy off to the unit's side, the retreat goes sideways (away from it), not
    backwards."""
    b = new(made)
    unit(b, "A", "red", (30, 20), 0)
    unit(b, "E", "blue", (30, 24), 270)  # beside A, to its left
    order(b, cmd.Withdraw("A"))
    x, y = pos(b, "A")
    assert (x, y) == (30, 16)
    assert math.isclose(facing(b, "A"), 0)


def test_AMB_22_with_no_enemy_unit_the_retreat_heads_for_the_own_table_edge(made: list[Battle]) -> None:
    """AMB-22, AMB-38: with no enemy unit on the table a retreat goes straight towards the side's own
    table edge (red's is the south edge, y = 0), whatever the unit's facing; a battle without table
    edges (a scripted one) retreats straight back."""
    b = new(made)
    unit(b, "A", "red", (30, 20), 0)
    officer(b, "blue-general", "blue", (34, 20))  # an officer is not an enemy unit
    b.enter()
    assert retreat_plan(b, b.ids["A"]).path[-1] == pytest.approx((26, 20))
    b.game = GameState("test", ["red", "blue"], {"red": "south", "blue": "north"}, [])
    assert retreat_plan(b, b.ids["A"]).path[-1] == pytest.approx((30, 16))
    b.game.edges["red"] = "north"
    assert retreat_plan(b, b.ids["A"]).path[-1] == pytest.approx((30, 24))

"""FG-FIRE-1..7 and the shooting side of FG-CBT (AMB-58..61, AMB-63..66), EX-5, EX-24, EX-25.

Layout used throughout: the shooter stands at (10, 10) facing 0 (its front edge is x = 10.6, from
y = 9 to y = 11); a target facing 180 at x = 10.6 + gap + 0.6 is `gap` inches away, front to front.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import esper
import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Footprint, Officer
from game.model.geometry import dist, point_polygon_distance
from systems.for_glory.targets import contacts, sector
from tests.helpers import hits, of, officer, order, play, pos, status, unit
from tests.helpers import roll_mods as mods

FRONT_X = 10.6  # the shooter's front edge


def at_gap(g: float) -> float:
    """x of a target facing 180 whose front edge is g inches from the shooter's front edge."""
    return FRONT_X + g + 0.6


def fire_roll(events: list[Any]) -> Any:
    rolls = [r for r in of(events, "roll") if r.check == "fire"]
    assert len(rolls) == 1
    return rolls[0]


def rejected(events: list[Any]) -> list[str]:
    return [r.rule for r in of(events, "rejected")]


def shooter_and_target(new: Callable[..., Battle], dice: list[int], g: float = 1.5, **kw: Any) -> Battle:
    b = new(dice)
    unit(b, "a", "red", (10, 10), 0, **kw)
    unit(b, "t", "blue", (at_gap(g), 10), 180)
    return b


# --- FG-FIRE-1: who shoots, range and vision ---------------------------------------------------


@pytest.mark.parametrize("cat", ["HC", "LC"])
def test_FG_FIRE_1_cavalry_cannot_shoot(new: Callable[..., Battle], cat: str) -> None:
    b = shooter_and_target(new, [6], cat=cat)
    ev = order(b, cmd.Fire("a", "t"))
    assert rejected(ev) == ["FG-FIRE-1"]
    assert not of(ev, "roll") and b.dice.used == 0 and hits(b, "t") == 0


@pytest.mark.parametrize(("cat", "fire_mod"), [("LnInf", 0), ("LI", 1), ("FA", -1), ("HA", -2)])
def test_FG_FIRE_1_infantry_and_artillery_shoot_with_their_fire_modifier(
    new: Callable[..., Battle], cat: str, fire_mod: int
) -> None:
    """FG-FIRE-1."""
    b = shooter_and_target(new, [5], cat=cat)
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    m = mods(roll)
    assert m.get("FG-UNIT-5", 0) == fire_mod
    # the target is 1.5" away: artillery gets +2 for a target at XS or less (FG-CBT-10)
    assert roll.total == 5 + fire_mod + (2 if cat in ("FA", "HA") else 0)


@pytest.mark.parametrize(
    ("cat", "inside", "outside"), [("LnInf", 2.0, 2.1), ("LI", 4.0, 4.1), ("HA", 6.0, 6.1), ("FA", 8.0, 8.1)]
)
def test_FG_FIRE_1_target_must_be_within_range(
    new: Callable[..., Battle], cat: str, inside: float, outside: float
) -> None:
    """Range is measured between closest points: LnInf XS, LI S, HA M, FA L (FG-UNIT-12..17)."""
    b = new([3, 3])
    unit(b, "a", "red", (10, 10), 0, cat=cat)
    unit(b, "near", "blue", (at_gap(inside), 10), 180)
    ev = order(b, cmd.Fire("a", "near"))
    assert fire_roll(ev).target == "near"
    b2 = new([3])
    unit(b2, "a", "red", (10, 10), 0, cat=cat)
    unit(b2, "far", "blue", (at_gap(outside), 10), 180)
    ev = order(b2, cmd.Fire("a", "far"))
    assert rejected(ev) == ["FG-FIRE-1"] and b2.dice.used == 0


def test_FG_FIRE_1_target_must_be_in_the_vision_strip(new: Callable[..., Battle]) -> None:
    """FG-FIRE-1: A unit sees only the forward projection of its front edge (FG-VIS-1): a target beside it, in
    range, cannot be shot."""
    b = new([6])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "t", "blue", (10, 13.5), 180)  # 1.5" to the shooter's left, wholly outside its strip
    ev = order(b, cmd.Fire("a", "t"))
    assert rejected(ev) == ["FG-VIS-1"] and b.dice.used == 0 and hits(b, "t") == 0


def test_FG_FIRE_1_EX_5_elite_light_infantry_shoots_at_plus_three(new: Callable[..., Battle]) -> None:
    """FG-FIRE-1, EX-5."""
    b = shooter_and_target(new, [2], g=3.0, cat="LI", q="E")
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-UNIT-5": 1, "FG-UNIT-26": 2}
    assert roll.total == 5 and roll.rule == "FG-CBT-15"
    assert hits(b, "t") == 1


def test_FG_FIRE_1_a_friend_is_not_a_target(new: Callable[..., Battle]) -> None:
    b = new([6])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "f", "red", (at_gap(1.0), 10), 180)
    ev = order(b, cmd.Fire("a", "f"))
    assert rejected(ev) == ["FG-FIRE-1"] and b.dice.used == 0


# --- FG-FIRE-2: infantry shoot the nearest valid target -----------------------------------------


def test_FG_FIRE_2_infantry_must_shoot_the_nearest_valid_target(new: Callable[..., Battle]) -> None:
    b = new([4, 4])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "near", "blue", (at_gap(1.0), 9.0), 180)
    unit(b, "far", "blue", (at_gap(3.0), 11.5), 180)
    ev = order(b, cmd.Fire("a", "far"))
    assert rejected(ev) == ["FG-FIRE-2"] and b.dice.used == 0
    ev = order(b, cmd.Fire("a", "near"))
    assert fire_roll(ev).target == "near" and hits(b, "near") == 1 and hits(b, "far") == 0


def test_FG_FIRE_2_nearest_means_nearest_valid_target_not_nearest_enemy(new: Callable[..., Battle]) -> None:
    """FG-FIRE-2: AMB-65: an enemy that is nearer but outside the vision strip does not count."""
    b = new([4])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "beside", "blue", (10, 12.5), 0)  # 0.5" away, beside the shooter: not visible
    unit(b, "ahead", "blue", (at_gap(3.0), 10), 180)
    ev = order(b, cmd.Fire("a", "ahead"))
    assert not rejected(ev)
    assert fire_roll(ev).target == "ahead" and hits(b, "ahead") == 1


def test_FG_FIRE_2_equally_near_targets_the_player_chooses(new: Callable[..., Battle]) -> None:
    """FG-FIRE-2."""
    b = new([4])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "t1", "blue", (at_gap(2.0), 8.9), 180)
    unit(b, "t2", "blue", (at_gap(2.0), 11.1), 180)
    ev = order(b, cmd.Fire("a", "t2"))
    assert fire_roll(ev).target == "t2" and hits(b, "t2") == 1


def test_FG_FIRE_2_artillery_may_choose_a_farther_target(new: Callable[..., Battle]) -> None:
    """FG-FIRE-2."""
    b = new([5])
    unit(b, "a", "red", (10, 10), 0, cat="FA")
    unit(b, "near", "blue", (at_gap(3.0), 8.8), 180)  # visible, though partly outside the strip
    unit(b, "far", "blue", (at_gap(6.0), 10.8), 180)  # not behind near, and 60% inside the strip
    ev = order(b, cmd.Fire("a", "far"), [cmd.Pass()])
    assert not rejected(ev)
    roll = fire_roll(ev)
    assert roll.target == "far" and mods(roll) == {"FG-UNIT-5": -1} and roll.total == 4
    assert hits(b, "far") == 1 and hits(b, "near") == 0


# --- FG-FIRE-3: artillery shoots over units; the target is then in cover ------------------------


def test_FG_FIRE_3_artillery_shoots_over_a_unit_and_the_target_counts_as_in_cover(
    new: Callable[..., Battle],
) -> None:
    """FG-FIRE-3."""
    b = new([6])
    unit(b, "a", "red", (10, 10), 0, cat="FA")
    unit(b, "screen", "red", (12.5, 10), 0)  # a friendly brigade right in front of the battery
    unit(b, "t", "blue", (at_gap(5.0), 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t"), [cmd.Pass()]))
    assert mods(roll) == {"FG-UNIT-5": -1, "FG-CBT-4": -1}
    assert roll.total == 4 and hits(b, "t") == 1


def test_FG_FIRE_3_infantry_cannot_shoot_through_a_unit(new: Callable[..., Battle]) -> None:
    """FG-FIRE-3."""
    b = new([6])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "screen", "red", (12.2, 10), 0)
    unit(b, "t", "blue", (at_gap(3.5), 10), 180)
    ev = order(b, cmd.Fire("a", "t"))
    assert rejected(ev) == ["FG-VIS-1"] and b.dice.used == 0


def test_AMB_60_cover_counts_once_whatever_its_sources(new: Callable[..., Battle]) -> None:
    """AMB-60: FG-CBT-4: a target in a wood that the artillery also fires over takes -1 once."""
    wood = ((15.0, 7.0), (20.0, 7.0), (20.0, 13.0), (15.0, 13.0))
    b = new([6], terrain=[("wood", wood)])
    unit(b, "a", "red", (10, 10), 0, cat="FA")
    unit(b, "screen", "red", (12.5, 10), 0)
    unit(b, "t", "blue", (17.0, 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t"), [cmd.Pass()]))
    assert mods(roll) == {"FG-UNIT-5": -1, "FG-CBT-4": -1}
    assert roll.total == 4


# --- the general modifiers on a shot (FG-CBT-2..9, AMB-58) --------------------------------------


def test_FG_CBT_2_shooting_at_a_flank_gives_plus_two(new: Callable[..., Battle]) -> None:
    b = new([2])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "t", "blue", (FRONT_X + 2.0 + 1.0, 10), 90)  # it faces +y: the shooter is on its flank
    assert sector(b, b.ids["t"], (10, 10)) in ("left", "right")
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-UNIT-5": 1, "FG-CBT-2": 2}
    assert roll.total == 5 and hits(b, "t") == 1


def test_FG_CBT_2_shooting_at_the_rear_gives_plus_two(new: Callable[..., Battle]) -> None:
    b = new([1])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "t", "blue", (at_gap(2.0), 10), 0)  # it faces away from the shooter
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-UNIT-5": 1, "FG-CBT-2": 2}
    assert roll.total == 4 and roll.rule == "FG-CBT-15"


def test_FG_CBT_2_no_bonus_from_the_front(new: Callable[..., Battle]) -> None:
    """FG-CBT-2."""
    b = shooter_and_target(new, [3], g=1.0)
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {} and roll.total == 3 and roll.rule == "FG-CBT-14"


@pytest.mark.parametrize(
    ("fwd", "lat", "expected"),
    [
        (3.0, 0.0, "front"),
        (3.0, 4.9, "front"),
        (3.0, 5.0, "front"),  # exactly on the diagonal (lat / fwd = half width / half depth)
        (3.0, 5.2, "left"),
        (3.0, -5.2, "right"),
        (0.0, 3.0, "left"),
        (-3.0, -4.9, "rear"),
        (-3.0, 5.2, "left"),
    ],
)
def test_AMB_59_sectors_are_split_by_the_extended_diagonals(
    new: Callable[..., Battle], fwd: float, lat: float, expected: str
) -> None:
    """AMB-59: FG-CBT-2, FG-CBT-7: a 2 x 1.2 base facing +x at (30, 20); left is +y."""
    b = new()
    unit(b, "t", "blue", (30, 20), 0)
    assert sector(b, b.ids["t"], (30 + fwd, 20 + lat)) == expected


def test_AMB_59_front_sector_is_about_118_degrees(new: Callable[..., Battle]) -> None:
    """AMB-59."""
    b = new()
    unit(b, "t", "blue", (30, 20), 0)

    def at(deg: float) -> str:
        r = math.radians(deg)
        return sector(b, b.ids["t"], (30 + 10 * math.cos(r), 20 + 10 * math.sin(r)))

    assert [at(d) for d in (0, 58, 60, 90, 120, 122, 180, 238, 240, 300, 302)] == [
        "front",
        "front",
        "left",
        "left",
        "left",
        "rear",
        "rear",
        "rear",
        "right",
        "right",
        "front",
    ]


def test_FG_CBT_3_target_marching_by_road_gives_plus_one(new: Callable[..., Battle]) -> None:
    b = shooter_and_target(new, [2])
    status(b, "t").marching_by_road = True
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-CBT-3": 1} and roll.total == 3 and roll.rule == "FG-CBT-14"


def test_FG_CBT_4_target_in_dense_terrain_gives_minus_one(new: Callable[..., Battle]) -> None:
    field = ((12.0, 8.0), (16.0, 8.0), (16.0, 12.0), (12.0, 12.0))
    b = new([4], terrain=[("field", field)])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-CBT-4": -1} and roll.total == 3 and hits(b, "t") == 0


def test_FG_CBT_4_obscured_target_counts_as_in_cover(new: Callable[..., Battle]) -> None:
    """FG-VIS-6: a target with more than half of it hidden (here by a wood across the shooter's
    strip) is in cover."""
    wood = ((11.2, 9.8), (12.4, 9.8), (12.4, 13.0), (11.2, 13.0))
    b = new([4], terrain=[("wood", wood)])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "t", "blue", (at_gap(2.5), 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-UNIT-5": 1, "FG-CBT-4": -1} and roll.total == 4


def test_FG_CBT_5_disorganised_shooter_takes_minus_one(new: Callable[..., Battle]) -> None:
    b = shooter_and_target(new, [4])
    officer_of_a = b.ids["red-div"]
    esper.component_for_entity(officer_of_a, Officer).failed_leadership = True
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-CBT-5": -1} and roll.total == 3


def test_FG_CBT_5_a_detached_shooter_is_disorganised(new: Callable[..., Battle]) -> None:
    b = new([4])
    officer(b, "red-div", "red", (10, 30))  # more than L from the shooter: it is a detachment
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-CBT-5": -1} and roll.total == 3


def test_FG_CBT_6_move_and_shoot_takes_minus_one(new: Callable[..., Battle]) -> None:
    b = new([4])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(3.5), 10), 180)
    ev = order(b, cmd.Move("a", (12, 10), fire="t"))
    roll = fire_roll(ev)
    assert mods(roll) == {"FG-CBT-6": -1} and roll.total == 3
    assert pos(b, "a") == (12.0, 10.0)


def test_FG_CBT_6_a_pivot_counts_as_moving(new: Callable[..., Battle]) -> None:
    """AMB-50, AMB-51: turning in place before the shot is a move."""
    b = new([4])
    unit(b, "a", "red", (10, 10), 90)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180)
    roll = fire_roll(order(b, cmd.Move("a", (10, 10), facing=0, fire="t")))
    assert mods(roll) == {"FG-CBT-6": -1} and roll.total == 3


def test_FG_CBT_6_not_after_being_pushed(new: Callable[..., Battle]) -> None:
    """FG-CBT-6: AMB-51, AMB-63: a push is not a move; the pushed unit's next shot has no move-and-shoot -1
    (only its hit, FG-CBT-8)."""
    b = new([4, 6, 5])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(0.5), 10), 180, cat="LI")
    order(b, cmd.Fire("a", "t"))  # t: one hit, pushed 2" away
    assert hits(b, "t") == 1 and pos(b, "t") == (at_gap(2.5), 10.0)
    ev = order(b, cmd.Fire("t", "a"))  # a new activation: t obeys (morale 6) and shoots
    roll = fire_roll(ev)
    assert mods(roll) == {"FG-UNIT-5": 1, "FG-CBT-8": -1} and roll.total == 5


def test_FG_CBT_8_each_hit_on_the_shooter_takes_minus_one(new: Callable[..., Battle]) -> None:
    b = new([6, 5])  # the obey check (FG-ORD-3), then the shot
    unit(b, "a", "red", (10, 10), 0, hits=2)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-CBT-8": -2} and roll.total == 3 and hits(b, "t") == 0


def test_FG_CBT_9_a_reaction_shot_takes_minus_two_and_FG_FIRE_6_the_push_cancels_the_shot(
    new: Callable[..., Battle],
) -> None:
    """The light infantry advances to shoot; the enemy reacts by shooting as it enters the reaction
    area (AMB-24); the hit pushes it, so its own shot never happens (FG-FIRE-6, AMB-67)."""
    b = new([6, 6, 6, 6])
    unit(b, "a", "red", (12, 10), 0, cat="LI")
    unit(b, "r", "blue", (20, 10), 180, cat="LI")
    ev = play(b, cmd.Move("a", (15, 10), fire="r"), lambda d: cmd.React("r", "fire"))
    rolls = of(ev, "roll")
    assert [r.check for r in rolls] == ["morale", "fire"]
    shot = rolls[1]
    assert shot.unit == "r" and mods(shot) == {"FG-UNIT-5": 1, "FG-CBT-9": -2} and shot.total == 5
    assert hits(b, "a") == 1
    assert of(ev, "interrupted") and of(ev, "interrupted")[0].rule == "FG-FIRE-6"
    assert b.dice.used == 2  # a never shot
    # it paused where its front edge entered r's area (x = 15.4, centre 14.8), then was pushed XS back
    assert pos(b, "a") == pytest.approx((14.8 - 2.0, 10.0), abs=0.26)


def test_FG_FIRE_5_reactions_to_a_shot_come_after_it(new: Callable[..., Battle]) -> None:
    """FG-FIRE-5."""
    b = new([4, 6, 6])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "r", "blue", (at_gap(1.5), 10), 180, cat="LI")  # pushed to 3.5": a is still in its area
    events = b.apply(cmd.Activate("a", leadership=False)) + b.apply(cmd.Fire("a", "r"))
    assert b.pending is not None and b.pending.kind == "reaction" and b.pending.stage == "after"
    assert [r.check for r in of(events, "roll")] == ["fire"]  # the shot is already resolved
    assert hits(b, "r") == 1  # and its target has been hit and pushed before it may react
    events += b.apply(cmd.React("r", "fire"))
    assert [r.check for r in of(events, "roll")] == ["fire", "morale", "fire"]
    assert b.pending is None


# --- the results table, Shooting column (FG-CBT-12..17, AMB-61) ---------------------------------


@pytest.mark.parametrize(
    ("cat", "q", "die", "road", "total", "rule", "hit", "pushed", "destroyed"),
    [
        ("FA", "M", 1, False, -2, "FG-CBT-13", 0, False, False),  # below 0 is a miss (AMB-61)
        ("LnInf", "I", 1, False, 0, "FG-CBT-13", 0, False, False),
        ("LnInf", "R", 2, False, 2, "FG-CBT-13", 0, False, False),
        ("LnInf", "R", 3, False, 3, "FG-CBT-14", 0, True, False),
        ("LnInf", "R", 4, False, 4, "FG-CBT-15", 1, True, False),
        ("LnInf", "R", 6, False, 6, "FG-CBT-15", 1, True, False),
        ("LI", "E", 4, False, 7, "FG-CBT-16", 2, True, False),
        ("LI", "E", 6, False, 9, "FG-CBT-16", 2, True, False),
        ("LI", "E", 6, True, 10, "FG-CBT-17", 0, False, True),  # 10+ destroys (AMB-61)
        ("LI", "E", 5, True, 9, "FG-CBT-16", 2, True, False),
    ],
)
def test_FG_CBT_12_shooting_results_table(
    new: Callable[..., Battle],
    cat: str,
    q: str,
    die: int,
    road: bool,
    total: int,
    rule: str,
    hit: int,
    pushed: bool,
    destroyed: bool,
) -> None:
    """FG-CBT-12: FG-CBT-13 (0-2, and below 0: a miss), FG-CBT-14 (3: pushed XS), FG-CBT-15 (4-6: one hit and
    pushed), FG-CBT-16 (7-9: two hits and pushed), FG-CBT-17 (10+: destroyed, not pushed); AMB-61."""
    b = new([die])
    unit(b, "a", "red", (10, 10), 0, cat=cat, q=q)
    unit(b, "t", "blue", (at_gap(2.0 if cat != "FA" else 3.0), 10), 180)
    status(b, "t").marching_by_road = road
    start = pos(b, "t")
    ev = order(b, cmd.Fire("a", "t"))
    roll = fire_roll(ev)
    mods(roll)
    assert (roll.total, roll.rule) == (total, rule)
    assert hits(b, "t") == hit
    assert bool(of(ev, "pushed")) == pushed and (pos(b, "t") != start) == pushed
    assert status(b, "t").destroyed == destroyed and status(b, "t").in_play == (not destroyed)
    if destroyed:
        assert [d.rule for d in of(ev, "destroyed")] == ["FG-CBT-17"]
    assert not of(ev, "marker")  # markers are for artillery, on 2 or more


def test_AMB_61_a_unit_destroyed_by_its_third_hit_is_removed_not_pushed(new: Callable[..., Battle]) -> None:
    """AMB-61: FG-CBT-15 with FG-LOST-1: a 2-hit target hit once more is destroyed and not pushed."""
    b = new([4])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180, hits=2)
    start = pos(b, "t")
    ev = order(b, cmd.Fire("a", "t"))
    assert fire_roll(ev).rule == "FG-CBT-15"
    assert [d.rule for d in of(ev, "destroyed")] == ["FG-LOST-1"]
    assert not of(ev, "pushed") and pos(b, "t") == start and not status(b, "t").in_play


# --- pushes (AMB-63, AMB-64) -------------------------------------------------------------------


def test_AMB_63_a_push_is_XS_straight_away_from_the_shooter_facing_unchanged(
    new: Callable[..., Battle],
) -> None:
    """AMB-63: FG-CBT-14: pushed XS along the line from the shooter's centre through the target's centre."""
    b = new([3])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.0), 10.8), 150)
    sx, sy = 10.0, 10.0
    tx, ty = pos(b, "t")
    ev = order(b, cmd.Fire("a", "t"))
    assert fire_roll(ev).rule == "FG-CBT-14"
    d = dist((sx, sy), (tx, ty))
    expected = (tx + 2.0 * (tx - sx) / d, ty + 2.0 * (ty - sy) / d)
    end = pos(b, "t")
    assert dist(end, expected) < 0.01
    assert b.pose(b.ids["t"]).facing == pytest.approx(150)
    p = of(ev, "pushed")[0]
    assert not p.blocked and p.by == "a"


def _no_overlaps_and_on_table(b: Battle) -> None:
    b.enter()
    for e in b.units():
        corners = b.pose(e).corners
        assert all(0 <= x <= b.table.width + 1e-9 and 0 <= y <= b.table.depth + 1e-9 for x, y in corners)
        fp = b.comp(e, Footprint)
        p = b.pose(e)
        assert b.physics.overlapping(fp.width, fp.depth, p.x, p.y, p.facing, exclude=(e,)) == []


def test_AMB_64_a_push_stops_at_the_table_edge(new: Callable[..., Battle]) -> None:
    """AMB-64."""
    b = new([3])
    unit(b, "a", "red", (68, 10), 0)
    unit(b, "t", "blue", (68.6 + 1.5 + 0.6, 10), 180)  # its rear edge 0.7" from the edge
    ev = order(b, cmd.Fire("a", "t"))
    p = of(ev, "pushed")[0]
    assert p.blocked
    assert 71.3 <= pos(b, "t")[0] <= 71.4 + 1e-6  # as far as it goes: its rear edge reaches x = 72
    assert hits(b, "t") == 0 and status(b, "t").in_play  # no extra penalty
    _no_overlaps_and_on_table(b)


def test_AMB_64_a_push_stops_short_of_a_friend_it_would_end_on(new: Callable[..., Battle]) -> None:
    """AMB-64."""
    b = new([3])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180)
    unit(b, "f", "blue", (at_gap(1.5) + 1.2 + 1.0, 10), 180)  # 1" behind t
    ev = order(b, cmd.Fire("a", "t"))
    p = of(ev, "pushed")[0]
    moved = pos(b, "t")[0] - at_gap(1.5)
    assert p.blocked and 0.9 <= moved <= 1.0 + 1e-6
    assert pos(b, "f") == pytest.approx((at_gap(1.5) + 2.2, 10.0))
    _no_overlaps_and_on_table(b)


def test_AMB_64_a_push_stops_short_of_touching_an_enemy(new: Callable[..., Battle]) -> None:
    """AMB-64."""
    b = new([3])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180)
    unit(b, "e", "red", (at_gap(1.5) + 1.2 + 1.0, 10), 0, division="red-2")
    ev = order(b, cmd.Fire("a", "t"))
    assert of(ev, "pushed")[0].blocked
    assert contacts(b, b.ids["t"]) == []
    assert 0.9 <= pos(b, "t")[0] - at_gap(1.5) < 1.0
    _no_overlaps_and_on_table(b)


def test_AMB_64_a_push_does_not_cross_impassable_ground(new: Callable[..., Battle]) -> None:
    """AMB-64."""
    cliff = ((14.5, 5.0), (16.0, 5.0), (16.0, 15.0), (14.5, 15.0))
    b = new([3], terrain=[("impassable", cliff)])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.0), 10), 180)  # x = 12.2; its rear edge 1.7" from the cliff
    ev = order(b, cmd.Fire("a", "t"))
    assert of(ev, "pushed")[0].blocked
    rear = pos(b, "t")[0] + 0.6
    assert 14.3 <= rear <= 14.5 + 1e-6


def test_AMB_64_a_push_with_no_room_leaves_the_unit_in_place(new: Callable[..., Battle]) -> None:
    """AMB-64."""
    b = new([4])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.5), 10), 180)
    unit(b, "f", "blue", (at_gap(1.5) + 1.2, 10), 180)  # touching t's rear
    ev = order(b, cmd.Fire("a", "t"))
    assert of(ev, "pushed")[0].blocked
    assert pos(b, "t") == (at_gap(1.5), 10.0) and hits(b, "t") == 1
    _no_overlaps_and_on_table(b)


# --- artillery: FG-CBT-10, FG-CBT-11, FG-FIRE-4, EX-24, EX-25, AMB-66 ---------------------------


@pytest.mark.parametrize(("g", "bonus"), [(1.0, 2), (2.0, 2), (2.2, 0)])
def test_FG_CBT_10_artillery_target_at_XS_or_less_gives_plus_two(
    new: Callable[..., Battle], g: float, bonus: int
) -> None:
    b = new([3])
    unit(b, "a", "red", (10, 10), 0, cat="FA")
    unit(b, "t", "blue", (at_gap(g), 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll).get("FG-CBT-10", 0) == bonus and roll.total == 3 - 1 + bonus


def test_FG_CBT_10_is_for_artillery_only(new: Callable[..., Battle]) -> None:
    b = shooter_and_target(new, [3], g=1.0, cat="LI")
    assert "FG-CBT-10" not in mods(fire_roll(order(b, cmd.Fire("a", "t"))))


def test_FG_CBT_11_each_marker_at_XS_or_less_from_the_target_gives_plus_one(
    new: Callable[..., Battle],
) -> None:
    b = new([1])
    unit(b, "a", "red", (10, 10), 0, cat="HA")
    tx = at_gap(3.0)  # x = 14.2: the base spans x 13.6..14.8, y 9..11
    unit(b, "t", "blue", (tx, 10), 180)
    for m in [(14.2, 12.5), (16.5, 10.0), (14.2, 7.5)]:  # 1.5", 1.7" and 1.5" from the base
        b.add_marker(m)
    b.add_marker((17.0, 10.0))  # 2.2" away: does not count
    roll = fire_roll(order(b, cmd.Fire("a", "t"), [cmd.Pass()]))
    assert mods(roll) == {"FG-UNIT-5": -2, "FG-CBT-11": 3} and roll.total == 2


def test_FG_CBT_11_markers_do_not_help_infantry(new: Callable[..., Battle]) -> None:
    """FG-CBT-11."""
    b = shooter_and_target(new, [3], g=1.5)
    b.add_marker((at_gap(1.5) + 1.0, 10))
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {} and roll.total == 3


def test_EX_24_EX_25_horse_artillery_shots_and_markers(new: Callable[..., Battle]) -> None:
    """EX-24, EX-25:
    FG-FIRE-4, FG-CBT-11, FG-CBT-13..15: 4 - 2 = 2 misses and places a marker; 4 + 1 - 2 = 3 pushes
    and places a second; 4 + 1 + 1 - 2 = 4 hits once, pushes, and places a third."""
    b = new([4, 4, 4])
    unit(b, "hA", "red", (10, 10), 0, cat="HA")
    unit(b, "t", "blue", (at_gap(3.0), 10), 180)  # 3" away: no +2 for XS

    ev = order(b, cmd.Fire("hA", "t"), [cmd.PlaceMarker((15.5, 10.0))])
    shot = fire_roll(ev)
    assert mods(shot) == {"FG-UNIT-5": -2} and shot.total == 2 and shot.rule == "FG-CBT-13"
    assert hits(b, "t") == 0 and not of(ev, "pushed")
    assert [m.at for m in of(ev, "marker")] == [(15.5, 10.0)] and b.markers() == [(15.5, 10.0)]

    b.apply(cmd.Activate("hA", leadership=False))  # a later activation (FG-ORD-2)
    ev = order(b, cmd.Fire("hA", "t"), [cmd.PlaceMarker((17.6, 10.0))])
    shot = fire_roll(ev)
    assert mods(shot) == {"FG-UNIT-5": -2, "FG-CBT-11": 1} and shot.total == 3 and shot.rule == "FG-CBT-14"
    assert hits(b, "t") == 0 and pos(b, "t") == (16.2, 10.0)
    assert len(of(ev, "marker")) == 1 and len(b.markers()) == 2

    b.apply(cmd.Activate("hA", leadership=False))
    ev = order(b, cmd.Fire("hA", "t"), [cmd.Pass()])
    shot = fire_roll(ev)
    assert mods(shot) == {"FG-UNIT-5": -2, "FG-CBT-11": 2} and shot.total == 4 and shot.rule == "FG-CBT-15"
    assert hits(b, "t") == 1 and pos(b, "t") == (18.2, 10.0)
    placed = of(ev, "marker")
    assert len(placed) == 1 and len(b.markers()) == 3
    spot = placed[0].at
    assert point_polygon_distance(spot, b.pose(b.ids["t"]).corners) <= 2.0 + 0.01
    assert all(dist(spot, m) >= 2.0 - 0.01 for m in [(15.5, 10.0), (17.6, 10.0)])


def test_EX_25_two_markers_already_down(new: Callable[..., Battle]) -> None:
    """EX-25."""
    b = new([4])
    unit(b, "hA", "red", (10, 10), 0, cat="HA")
    unit(b, "t", "blue", (at_gap(3.0), 10), 180)
    b.add_marker((14.2, 12.0))
    b.add_marker((14.2, 8.0))
    ev = order(b, cmd.Fire("hA", "t"), [cmd.Pass()])
    shot = fire_roll(ev)
    assert shot.total == 4 and mods(shot) == {"FG-UNIT-5": -2, "FG-CBT-11": 2}
    assert hits(b, "t") == 1 and of(ev, "pushed") and len(of(ev, "marker")) == 1


def test_FG_FIRE_4_no_marker_below_two_nor_for_infantry(new: Callable[..., Battle]) -> None:
    """FG-FIRE-4."""
    b = new([3, 6])
    unit(b, "hA", "red", (10, 10), 0, cat="HA")
    unit(b, "t", "blue", (at_gap(3.0), 10), 180)
    ev = order(b, cmd.Fire("hA", "t"))
    assert fire_roll(ev).total == 1 and not of(ev, "marker") and b.markers() == []
    b2 = shooter_and_target(new, [6], g=1.0, cat="LI")
    ev = order(b2, cmd.Fire("a", "t"))
    assert fire_roll(ev).total == 7 and not of(ev, "marker") and b2.markers() == []


def test_FG_FIRE_4_a_marker_goes_within_XS_of_the_target_and_XS_from_other_markers(
    new: Callable[..., Battle],
) -> None:
    b = new([3])  # 3 - 2 + 1 (the marker) = 2: a miss, so the target stays where it is
    unit(b, "hA", "red", (10, 10), 0, cat="HA")
    unit(b, "t", "blue", (at_gap(3.0), 10), 180)  # the base spans x 13.6..14.8
    b.add_marker((14.2, 12.5))
    events = b.apply(cmd.Activate("hA", leadership=False)) + b.apply(cmd.Fire("hA", "t"))
    assert b.pending is not None and b.pending.kind == "marker" and b.pending.side == "red"
    events += b.apply(cmd.PlaceMarker((14.2, 15.0)))  # 4" from the target
    events += b.apply(cmd.PlaceMarker((14.2, 11.5)))  # 1" from the other marker
    assert [r.rule for r in of(events, "rejected")] == ["FG-FIRE-4", "FG-FIRE-4"]
    assert b.pending is not None and b.pending.kind == "marker"
    events += b.apply(cmd.PlaceMarker((14.2, 7.5)))
    assert [m.at for m in of(events, "marker")] == [(14.2, 7.5)]
    assert sorted(b.markers()) == [(14.2, 7.5), (14.2, 12.5)]
    assert b.pending is not None and b.pending.kind == "reaction"  # t may now react (FG-FIRE-5)


def test_AMB_61_a_marker_is_placed_even_when_the_shot_destroys(new: Callable[..., Battle]) -> None:
    """AMB-61."""
    b = new([6])
    unit(b, "fA", "red", (10, 10), 0, cat="FA", q="E")
    unit(b, "t", "blue", (at_gap(1.0), 10), 180)
    status(b, "t").marching_by_road = True
    ev = order(b, cmd.Fire("fA", "t"), [cmd.Pass()])
    assert fire_roll(ev).total == 6 - 1 + 2 + 2 + 1
    assert status(b, "t").destroyed and len(of(ev, "marker")) == 1


def test_AMB_66_no_legal_spot_means_no_marker(new: Callable[..., Battle]) -> None:
    """AMB-66."""
    b = new([6])
    unit(b, "hA", "red", (10, 10), 0, cat="HA")
    unit(b, "t", "blue", (at_gap(3.0), 10), 180)
    for i in range(6):
        for j in range(6):
            b.add_marker((11.2 + 1.3 * i, 6.3 + 1.5 * j))  # nowhere near t is 2" from them all
    before = len(b.markers())
    ev = b.apply(cmd.Activate("hA", leadership=False)) + b.apply(cmd.Fire("hA", "t"))
    assert b.pending is None and fire_roll(ev).total >= 2
    assert not of(ev, "marker") and len(b.markers()) == before


def test_AMB_66_markers_are_neutral_and_stay(new: Callable[..., Battle]) -> None:
    """AMB-66: A marker from a red battery's shot helps a blue battery shooting a red unit near it, later."""
    b = new([3, 2])
    unit(b, "rA", "red", (10, 10), 0, cat="FA")
    unit(b, "y", "blue", (at_gap(3.0), 10), 180)  # spans x 13.6..14.8
    unit(b, "x", "red", (17.5, 10), 0)  # behind y, 1.4" from the marker below
    unit(b, "bA", "blue", (22.5, 10), 180, cat="FA")  # its front edge at 21.9, 3.8" from x
    ev = order(b, cmd.Fire("rA", "y"), [cmd.PlaceMarker((15.5, 10.0))])
    assert fire_roll(ev).total == 3 - 1 and b.markers() == [(15.5, 10.0)]
    ev = order(b, cmd.Fire("bA", "x"), [cmd.PlaceMarker((19.5, 10.0))])
    shot = fire_roll(ev)
    assert mods(shot) == {"FG-UNIT-5": -1, "FG-CBT-11": 1} and shot.total == 2
    assert sorted(b.markers()) == [(15.5, 10.0), (19.5, 10.0)]  # the first one is still there


def test_AMB_63_a_push_is_not_a_move_terrain_does_not_shorten_it(new: Callable[..., Battle]) -> None:
    """AMB-63:
    Cavalry pushed into a wood goes the whole XS: no difficult-terrain allowance, no cavalry stop."""
    wood = ((13.5, 7.0), (20.0, 7.0), (20.0, 13.0), (13.5, 13.0))
    b = new([3], terrain=[("wood", wood)])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(1.0), 10), 180, cat="LC")  # x = 12.2, just outside the wood
    ev = order(b, cmd.Fire("a", "t"))
    p = of(ev, "pushed")[0]
    assert not p.blocked and pos(b, "t") == pytest.approx((14.2, 10.0))
    assert not of(ev, "moved")  # a push is reported as a push, never as a movement


def test_AMB_64_a_diagonal_push_among_friends_ends_clear_of_every_base(new: Callable[..., Battle]) -> None:
    """AMB-64."""
    b = new([3])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(0.5), 10.6), 180)
    unit(b, "f1", "blue", (14.6, 11.9), 180)
    unit(b, "f2", "blue", (14.9, 9.2), 90)
    ev = order(b, cmd.Fire("a", "t"))
    assert of(ev, "pushed")[0].blocked
    _no_overlaps_and_on_table(b)
    assert pos(b, "f1") == (14.6, 11.9) and pos(b, "f2") == (14.9, 9.2)


def test_AMB_66_the_default_spot_is_the_legal_point_nearest_the_targets_centre(
    new: Callable[..., Battle],
) -> None:
    """AMB-66 (FG-FIRE-4): a player who leaves the marker to the engine gets the legal point nearest
    the target's centre: the centre itself when it is free; when a marker already stands there, the
    first point XS (2") from it, exactly XS counting as far enough (AMB-3)."""
    from systems.for_glory.fire import default_marker_spot, marker_spot_ok

    b = new([])
    unit(b, "t", "blue", (20.0, 10.0), 180)
    t = b.ids["t"]
    assert default_marker_spot(b, t) == (20.0, 10.0)
    b.add_marker((20.0, 10.0))
    assert default_marker_spot(b, t) == (22.0, 10.0)  # exactly XS from it, on the first ring there
    assert marker_spot_ok(b, t, (22.0, 10.0)) and not marker_spot_ok(b, t, (21.97, 10.0))
    assert not marker_spot_ok(b, t, (20.0, 12.61 + 1.0))  # farther than XS from the target's base


def test_FG_CBT_1_every_shooting_modifier_is_the_contents(new: Callable[..., Battle]) -> None:
    """FG-CBT-1..11 (FG-CBT-2 flank, -3 road, -4 cover, -5 disorganised, -6 moved, -9 reaction, -10
    artillery close): each value is the content's. With a mod that sets them all to 0, a shot where
    every one of them would apply carries none of their lines; with the rulebook's, it carries each."""
    from systems.for_glory.fire import fire_modifiers
    from systems.for_glory.vision import sight
    from tests.helpers import rules, zeroed_rules

    def lines(rs: Any) -> set[str]:
        b = new([], ruleset=rs, terrain=[("wood", ((20.0, 12.5), (26.0, 12.5), (26.0, 20.0), (20.0, 20.0)))])
        unit(b, "fA", "red", (23.0, 10.0), 90, cat="FA")
        unit(b, "t", "blue", (23.0, 13.0), 0)  # in the wood, its flank to the battery, 1.4" away
        status(b, "fA").detached = True
        status(b, "t").marching_by_road = True
        shooter, target = b.ids["fA"], b.ids["t"]
        mods_ = fire_modifiers(b, shooter, target, sight(b, shooter, target), moved=True, reaction=True)
        return {m.label for m in mods_}

    every = {"flank", "road_target", "cover", "disorganised", "moved", "reaction", "artillery_close"}
    labels = {rules().modifiers.combat[k].label for k in every}
    assert labels <= lines(rules())
    assert not labels & lines(zeroed_rules(combat=("*",)))


@pytest.mark.parametrize(
    ("markers", "spot"),
    [
        ([(21.8, 10.0)], (19.75, 10.0)),  # the first ring, 0.25" out, on the far side
        ([(21.0, 10.0)], (19.008, 10.125)),  # 1" out: the first point of that ring 2" from it
        (  # the centre and four markers 2" round it: the first free point is 3" out, the last ring
            [(20.0, 10.0), (21.414, 11.414), (18.586, 11.414), (18.586, 8.586), (21.414, 8.586)],
            (20.188, 12.994),
        ),
    ],
)
def test_AMB_66_the_default_spot_searches_ring_by_ring(
    new: Callable[..., Battle], markers: list[tuple[float, float]], spot: tuple[float, float]
) -> None:
    """AMB-66: the engine's spot is the first legal point on rings 0.25" apart round the target's
    centre, each ring sampled every 0.25" (at least 8 points) from its eastern point round: the nearest
    legal point to within the sampling, out to the farthest point XS from the target's base."""
    from systems.for_glory.fire import default_marker_spot

    b = new([])
    unit(b, "t", "blue", (20.0, 10.0), 180)
    for m in markers:
        b.add_marker(m)
    assert default_marker_spot(b, b.ids["t"]) == spot

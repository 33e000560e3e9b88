"""FG-FIRE-1..7 and the shooting side of FG-CBT (AMB-58..61, AMB-63..66), EX-5, EX-24, EX-25.

Layout used throughout: the shooter stands at (10, 10) facing 0 (its front edge is x = 10.6, from
y = 9 to y = 11); a target facing 180 at x = 10.6 + gap + 0.6 is `gap` inches away, front to front.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import esper
import pytest

from game import commands as cmd
from game.battle import Battle
from game.components import Officer, Status
from game.geometry import dist, point_polygon_distance
from systems.targets import sector
from tests.helpers import hits, make_battle, of, officer, order, pos, status, unit

FRONT_X = 10.6  # the shooter's front edge


def at_gap(g: float) -> float:
    """x of a target facing 180 whose front edge is g inches from the shooter's front edge."""
    return FRONT_X + g + 0.6


@pytest.fixture
def new() -> Iterator[Callable[..., Battle]]:
    made: list[Battle] = []

    def make(dice: list[int] | tuple[int, ...] = (), **kw: Any) -> Battle:
        b = make_battle(list(dice), **kw)
        made.append(b)
        return b

    yield make
    for b in made:
        b.close()


def mods(roll: Any) -> dict[str, int]:
    """The roll's modifiers by rule, after checking that its total is its die plus its modifiers."""
    assert roll.total == roll.die + sum(m.value for m in roll.modifiers)
    out: dict[str, int] = {}
    for m in roll.modifiers:
        assert m.rule not in out, f"{m.rule} applied twice"
        out[m.rule] = m.value
    return out


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
    """A unit sees only the forward projection of its front edge (FG-VIS-1): a target beside it, in
    range, cannot be shot."""
    b = new([6])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "t", "blue", (10, 13.5), 180)  # 1.5" to the shooter's left, wholly outside its strip
    ev = order(b, cmd.Fire("a", "t"))
    assert rejected(ev) == ["FG-VIS-1"] and b.dice.used == 0 and hits(b, "t") == 0


def test_FG_FIRE_1_EX_5_elite_light_infantry_shoots_at_plus_three(new: Callable[..., Battle]) -> None:
    b = shooter_and_target(new, [2], g=3.0, cat="LI", q="E")
    roll = fire_roll(order(b, cmd.Fire("a", "t")))
    assert mods(roll) == {"FG-UNIT-5": 1, "FG-UNIT-26": 2}
    assert roll.total == 5 and roll.rule == "FG-CBT-15"
    assert hits(b, "t") == 1


def test_FG_FIRE_1_friends_and_officers_are_not_shootable_units(new: Callable[..., Battle]) -> None:
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
    """AMB-65: an enemy that is nearer but outside the vision strip does not count."""
    b = new([4])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "beside", "blue", (10, 12.5), 0)  # 0.5" away, beside the shooter: not visible
    unit(b, "ahead", "blue", (at_gap(3.0), 10), 180)
    ev = order(b, cmd.Fire("a", "ahead"))
    assert not rejected(ev)
    assert fire_roll(ev).target == "ahead" and hits(b, "ahead") == 1


def test_FG_FIRE_2_equally_near_targets_the_player_chooses(new: Callable[..., Battle]) -> None:
    b = new([4])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "t1", "blue", (at_gap(2.0), 8.9), 180)
    unit(b, "t2", "blue", (at_gap(2.0), 11.1), 180)
    ev = order(b, cmd.Fire("a", "t2"))
    assert fire_roll(ev).target == "t2" and hits(b, "t2") == 1


def test_FG_FIRE_2_artillery_may_choose_a_farther_target(new: Callable[..., Battle]) -> None:
    b = new([5])
    unit(b, "a", "red", (10, 10), 0, cat="FA")
    unit(b, "near", "blue", (at_gap(3.0), 9.0), 180)
    unit(b, "far", "blue", (at_gap(6.0), 11.5), 180)
    ev = order(b, cmd.Fire("a", "far"), [cmd.Pass()])
    assert not rejected(ev)
    roll = fire_roll(ev)
    assert roll.target == "far" and mods(roll) == {"FG-UNIT-5": -1} and roll.total == 4
    assert hits(b, "far") == 1 and hits(b, "near") == 0


# --- FG-FIRE-3: artillery shoots over units; the target is then in cover ------------------------


def test_FG_FIRE_3_artillery_shoots_over_a_unit_and_the_target_counts_as_in_cover(
    new: Callable[..., Battle],
) -> None:
    b = new([6])
    unit(b, "a", "red", (10, 10), 0, cat="FA")
    unit(b, "screen", "red", (12.5, 10), 0)  # a friendly brigade right in front of the battery
    unit(b, "t", "blue", (at_gap(5.0), 10), 180)
    roll = fire_roll(order(b, cmd.Fire("a", "t"), [cmd.Pass()]))
    assert mods(roll) == {"FG-UNIT-5": -1, "FG-CBT-4": -1}
    assert roll.total == 4 and hits(b, "t") == 1


def test_FG_FIRE_3_infantry_cannot_shoot_through_a_unit(new: Callable[..., Battle]) -> None:
    b = new([6])
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    unit(b, "screen", "red", (12.2, 10), 0)
    unit(b, "t", "blue", (at_gap(3.5), 10), 180)
    ev = order(b, cmd.Fire("a", "t"))
    assert rejected(ev) == ["FG-VIS-1"] and b.dice.used == 0


def test_AMB_60_cover_counts_once_whatever_its_sources(new: Callable[..., Battle]) -> None:
    """FG-CBT-4: a target in a wood that the artillery also fires over takes -1 once."""
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
    """FG-CBT-2, FG-CBT-7: a 2 x 1.2 base facing +x at (30, 20); left is +y."""
    b = new()
    unit(b, "t", "blue", (30, 20), 0)
    assert sector(b, b.ids["t"], (30 + fwd, 20 + lat)) == expected


def test_AMB_59_front_sector_is_about_118_degrees(new: Callable[..., Battle]) -> None:
    import math

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
    """AMB-51, AMB-63: a push is not a move; the pushed unit's next shot has no move-and-shoot -1
    (only its hit, FG-CBT-8)."""
    b = new([4, 6, 5])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (at_gap(0.5), 10), 180, cat="LI")
    order(b, cmd.Fire("a", "t"))  # t: one hit, pushed 2" away
    assert hits(b, "t") == 1 and pos(b, "t") == (at_gap(2.5), 10.0)
    ev = order(b, cmd.Fire("t", "a"))  # a new activation: t obeys (morale 6) and shoots
    roll = fire_roll(ev)
    assert mods(roll) == {"FG-UNIT-5": 1, "FG-CBT-8": -1} and roll.total == 5

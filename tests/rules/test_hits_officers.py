"""FG-HIT-1..3, FG-LOST-1..4 (AMB-27, AMB-28), and officers as targets: FG-OFF-3, FG-OFF-4, FG-OFF-7,
FG-OFF-10..12, EX-6 (AMB-18, AMB-19).

Shooting layout: the shooter stands at (10, 10) facing 0; its front edge is x = 10.6, from y = 9 to
y = 11. An officer's base is a disc of radius 0.4.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from systems.for_glory.hits import only_target
from systems.for_glory.measure import gap
from tests.helpers import hits, of, officer, officer_of, order, play, pos, status, unit
from tests.helpers import roll_mods as mods


def rejected(events: list[Any]) -> list[str]:
    return [r.rule for r in of(events, "rejected")]


def division(
    b: Battle, name: str, side: str, at: tuple[float, float], units: list[tuple[float, float]]
) -> None:
    """An officer and his brigades (facing 0), named name-1, name-2, ..."""
    officer(b, name, side, at)
    for i, p in enumerate(units, start=1):
        unit(b, f"{name}-{i}", side, p, 0, division=name)


def shoot_dead(b: Battle, target: str) -> list[Any]:
    """Destroy a unit outright: an elite light infantry shooter placed right in front of it rolls 6 on
    a target marching by road (6 + 1 + 2 + 1 = 10)."""
    b.enter()
    t = b.ids[target]
    tp = b.pose(t)
    name = f"gun-{target}"
    officer(b, f"{name}-hq", "red", (tp.x - 2.4, tp.y - 3))  # its own general: not disorganised
    unit(b, name, "red", (tp.x - 2.4, tp.y), 0, cat="LI", q="E", division=f"{name}-hq")
    b.place(t, tp.x, tp.y, 180)
    status(b, target).marching_by_road = True
    return order(b, cmd.Fire(name, target))


# --- FG-HIT-1..3, FG-LOST-1 ----------------------------------------------------------------------


def test_FG_HIT_1_a_hit_is_damage_and_morale_at_once(new: Callable[..., Battle]) -> None:
    """FG-HIT-1:
    One hit counter takes -1 from the unit's morale check (FG-MOR-4) and -1 from its shot (FG-CBT-8)."""
    b = new([6, 4])
    officer(b, "red-div", "red", (4, 4))
    unit(b, "a", "red", (10, 10), 0, cat="LI", hits=1)
    unit(b, "t", "blue", (13, 10), 180)
    ev = order(b, cmd.Fire("a", "t"))
    morale, fire = of(ev, "roll")
    assert (morale.check, mods(morale)) == ("morale", {"FG-MOR-4": -1})
    assert (fire.check, mods(fire)) == ("fire", {"FG-UNIT-5": 1, "FG-CBT-8": -1})


def test_FG_HIT_2_hits_are_counters_on_the_unit(new: Callable[..., Battle]) -> None:
    """FG-HIT-2."""
    b = new([4, 4])
    officer(b, "red-div", "red", (4, 4))
    unit(b, "a", "red", (10, 10), 0, cat="FA")
    unit(b, "t", "blue", (14, 10), 180)
    ev = order(b, cmd.Fire("a", "t"), [cmd.Pass()])  # 4 - 1 = 3: pushed, no hit; a marker by t
    assert hits(b, "t") == 0 and not of(ev, "hit")
    b.apply(cmd.Activate("a", leadership=False))
    ev = order(b, cmd.Fire("a", "t"), [cmd.Pass()])  # 4 - 1 + 1 (marker) = 4: one hit
    assert [(h.unit, h.added, h.hits) for h in of(ev, "hit")] == [("t", 1, 1)] and hits(b, "t") == 1


def elite_li_shoots(new: Callable[..., Battle], die: int, t_hits: int) -> tuple[Battle, list[Any]]:
    """An elite light infantry (+3) shoots bd-1 (with t_hits hits), one of three brigades of bd."""
    b = new([die])
    officer(b, "red-div", "red", (4, 4))
    unit(b, "a", "red", (10, 10), 0, cat="LI", q="E")
    officer(b, "bd", "blue", (24, 10))
    unit(b, "bd-1", "blue", (14.2, 10), 180, division="bd", hits=t_hits)
    unit(b, "bd-2", "blue", (24, 14), 0, division="bd")
    unit(b, "bd-3", "blue", (24, 6), 0, division="bd")
    return b, order(b, cmd.Fire("a", "bd-1"))


def test_FG_HIT_3_a_unit_survives_with_two_hits(new: Callable[..., Battle]) -> None:
    """FG-HIT-3."""
    b, ev = elite_li_shoots(new, 2, 1)  # 2 + 3 = 5: one hit
    assert [(h.added, h.hits) for h in of(ev, "hit")] == [(1, 2)]
    assert status(b, "bd-1").in_play and of(ev, "pushed")


def test_FG_HIT_3_the_third_hit_destroys_and_extra_hits_are_ignored(new: Callable[..., Battle]) -> None:
    """FG-HIT-3: FG-LOST-1, AMB-27: two hits on a 2-hit unit: one is taken, the third, which destroys it; the
    destroyed unit is removed, not pushed."""
    b, ev = elite_li_shoots(new, 4, 2)  # 4 + 3 = 7: two hits
    assert [(h.added, h.hits) for h in of(ev, "hit")] == [(1, 3)]
    assert [(d.unit, d.rule) for d in of(ev, "destroyed")] == [("bd-1", "FG-LOST-1")]
    assert not status(b, "bd-1").in_play and status(b, "bd-1").destroyed
    assert not of(ev, "pushed") and pos(b, "bd-1") == (14.2, 10.0)
    assert officer_of(b, "bd").lost_brigades == 1


def test_FG_LOST_1_two_hits_then_two_more_destroys(new: Callable[..., Battle]) -> None:
    """FG-LOST-1."""
    b = new([4, 6, 4])
    division(b, "bd", "blue", (24, 10), [(14.2, 10), (24, 14), (24, 6)])
    b.place(b.ids["bd-1"], 14.2, 10, 180)
    officer(b, "red-div", "red", (4, 4))
    unit(b, "a", "red", (10, 10), 0, cat="LI", q="E")
    ev = order(b, cmd.Fire("a", "bd-1"))  # 4 + 3 = 7: two hits, pushed to x = 16.2
    assert hits(b, "bd-1") == 2 and status(b, "bd-1").in_play
    b.place(b.ids["bd-1"], 14.2, 10, 180)
    b.apply(cmd.Activate("a", leadership=False))
    ev = order(b, cmd.Fire("a", "bd-1"))  # 6 + 3 = 9: two hits more, one of them counts
    assert [(h.added, h.hits) for h in of(ev, "hit")] == [(1, 3)]
    assert status(b, "bd-1").destroyed and officer_of(b, "bd").lost_brigades == 1


# --- FG-LOST-2..4, AMB-28 ------------------------------------------------------------------------


def test_FG_LOST_2_the_destroyed_brigades_officer_takes_a_counter(new: Callable[..., Battle]) -> None:
    """FG-LOST-2."""
    b = new([6])
    officer(b, "red-div", "red", (4, 4))
    division(b, "bd", "blue", (30, 30), [(14.2, 10), (30, 34), (30, 26)])  # bd-1 is detached: it counts
    ev = shoot_dead(b, "bd-1")
    assert [(d.unit, d.rule) for d in of(ev, "destroyed")] == [("bd-1", "FG-CBT-17")]
    assert [(c.officer, c.counters) for c in of(ev, "lost_brigade")] == [("bd", 1)]
    assert officer_of(b, "bd").lost_brigades == 1 and officer_of(b, "bd").in_play


def test_FG_LOST_3_demoralised_when_counters_reach_the_survivors(new: Callable[..., Battle]) -> None:
    """AMB-28: four brigades; the first loss leaves 1 counter against 3 survivors; the second leaves
    2 against 2: the officer and both survivors leave play at once."""
    b = new([6, 6])
    officer(b, "red-div", "red", (4, 4))
    division(b, "bd", "blue", (30, 20), [(14.2, 10), (14.2, 30), (30, 24), (30, 16)])
    ev = shoot_dead(b, "bd-1")
    assert not of(ev, "division_removed") and officer_of(b, "bd").in_play
    ev = shoot_dead(b, "bd-2")
    assert [(r.unit, r.reason, r.rule) for r in of(ev, "removed")] == [
        ("bd-3", "demoralised", "FG-LOST-3"),
        ("bd-4", "demoralised", "FG-LOST-3"),
    ]
    assert [(d.officer, d.reason) for d in of(ev, "division_removed")] == [("bd", "demoralised")]
    assert not officer_of(b, "bd").in_play
    for u in ("bd-3", "bd-4"):
        assert (
            not status(b, u).in_play and not status(b, u).destroyed and status(b, u).removed == "demoralised"
        )


def test_FG_LOST_3_a_lone_brigade_lost_removes_its_division(new: Callable[..., Battle]) -> None:
    """FG-LOST-3."""
    b = new([6])
    officer(b, "red-div", "red", (4, 4))
    division(b, "bd", "blue", (30, 20), [(14.2, 10)])
    ev = shoot_dead(b, "bd-1")
    assert [d.reason for d in of(ev, "division_removed")] == ["demoralised"]
    assert not officer_of(b, "bd").in_play


def test_FG_LOST_4_counters_take_one_off_morale_and_leadership_checks(new: Callable[..., Battle]) -> None:
    """FG-LOST-4."""
    b = new([6, 4, 4])
    officer(b, "red-div", "red", (4, 4))
    division(b, "bd", "blue", (30, 20), [(14.2, 10), (30, 24), (30, 16)])
    shoot_dead(b, "bd-1")
    ev = b.apply(cmd.CheckMorale("bd-2"))
    assert mods(of(ev, "roll")[0]) == {"FG-MOR-3": -1}
    ev = b.apply(cmd.CheckLeadership("bd"))
    assert mods(of(ev, "roll")[0]) == {"FG-LDR-1": 3, "FG-LDR-3": -1}


# --- officers as targets: FG-OFF-3, FG-OFF-4, AMB-18 ---------------------------------------------


def officer_in_front(new: Callable[..., Battle], dice: list[int], **shooter: Any) -> Battle:
    """A red shooter, and the blue general 2" in front of it; his brigade is far away."""
    b = new(dice)
    officer(b, "red-div", "red", (4, 4))
    unit(b, "a", "red", (10, 10), 0, **shooter)
    division(b, "bd", "blue", (13.0, 10.0), [(40, 30)])
    return b


def test_FG_OFF_3_an_officer_may_be_shot_only_when_he_is_the_only_valid_target(
    new: Callable[..., Battle],
) -> None:
    b = officer_in_front(new, [6])
    unit(b, "x", "blue", (12.6, 11.5), 180, division="bd")  # a valid target beside him, 1.4" away
    ev = order(b, cmd.Fire("a", "bd"))
    assert rejected(ev) == ["FG-OFF-3"] and b.dice.used == 0 and officer_of(b, "bd").in_play


@pytest.mark.parametrize(("die", "outcome"), [(1, "miss"), (2, "pushed"), (3, "killed"), (6, "killed")])
def test_FG_OFF_4_a_shot_of_four_or_more_kills_three_pushes(
    new: Callable[..., Battle], die: int, outcome: str
) -> None:
    """FG-OFF-4:
    AMB-18: the shot is rolled normally (light infantry +1); 4+ kills, 3 pushes XS, 0-2 nothing."""
    b = officer_in_front(new, [die], cat="LI")
    ev = order(b, cmd.Fire("a", "bd"))
    roll = of(ev, "roll")[0]
    assert mods(roll) == {"FG-UNIT-5": 1} and roll.total == die + 1 and roll.outcome == outcome
    killed = [k.officer for k in of(ev, "officer_killed")]
    assert killed == (["bd"] if outcome == "killed" else [])
    assert officer_of(b, "bd").dead == (outcome == "killed")
    if outcome == "pushed":
        assert pos(b, "bd") == (15.0, 10.0)  # XS straight away from the shooter
    if outcome == "miss":
        assert pos(b, "bd") == (13.0, 10.0)
    assert not of(ev, "hit")  # officers take no hits


def test_FG_OFF_10_FG_OFF_11_a_dead_general_has_experience_0_and_is_relocated(
    new: Callable[..., Battle],
) -> None:
    """FG-OFF-10."""
    b = officer_in_front(new, [4, 5], cat="LI")
    assert officer_of(b, "bd").experience == 3
    ev = order(b, cmd.Fire("a", "bd"))
    assert [k.rule for k in of(ev, "officer_killed")] == ["FG-OFF-4"]
    off = officer_of(b, "bd")
    assert off.experience == 0 and off.in_play and off.dead
    (moved,) = of(ev, "officer_relocated")
    assert moved.rule == "FG-OFF-11" and tuple(moved.at) == pos(b, "bd")
    b.enter()
    assert gap(b, b.ids["bd"], b.ids["bd-1"]) <= 8.0 + 0.01
    assert not only_target(b, b.ids["bd"], moved.at)
    ev = b.apply(cmd.CheckLeadership("bd"))
    roll = of(ev, "roll")[0]
    assert "FG-LDR-1" not in mods(roll) and roll.total == 5  # experience 0 from now on


def test_AMB_19_the_relocation_keeps_every_unit_within_L_detached_ones_included(
    new: Callable[..., Battle],
) -> None:
    """AMB-19."""
    b = officer_in_front(new, [4], cat="LI")
    unit(b, "far", "blue", (54, 30), 0, division="bd")  # 12" from bd-1: both must be within L
    order(b, cmd.Fire("a", "bd"))
    b.enter()
    for u in ("bd-1", "far"):
        assert gap(b, b.ids["bd"], b.ids[u]) <= 8.0 + 0.01


def test_AMB_19_the_general_is_not_relocated_where_he_would_be_an_enemys_only_target(
    new: Callable[..., Battle],
) -> None:
    """AMB-19: E sees the ground just right of bd-1 but not bd-1 itself: the general may not stand there."""
    b = officer_in_front(new, [4], cat="LI")
    b.place(b.ids["bd-1"], 30, 20, 0)
    unit(b, "E", "red", (32.5, 16), 90, cat="LI", division="red-2")
    b.enter()
    assert only_target(b, b.ids["bd"], (31.5, 20.0))  # the nearest free spot to bd-1's centre
    ev = order(b, cmd.Fire("a", "bd"))
    (moved,) = of(ev, "officer_relocated")
    b.enter()
    assert not only_target(b, b.ids["bd"], moved.at)
    assert gap(b, b.ids["bd"], b.ids["bd-1"]) <= 8.0 + 0.01


def test_FG_OFF_12_the_division_disbands_when_no_relocation_is_possible(new: Callable[..., Battle]) -> None:
    b = officer_in_front(new, [4], cat="LI")
    unit(b, "far", "blue", (40, 8), 0, division="bd")  # 22" from bd-1: no point is within L of both
    ev = order(b, cmd.Fire("a", "bd"))
    assert not of(ev, "officer_relocated")
    assert [(d.officer, d.reason, d.rule) for d in of(ev, "division_removed")] == [
        ("bd", "disbanded", "FG-OFF-12")
    ]
    assert [(r.unit, r.reason) for r in of(ev, "removed")] == [("bd-1", "disbanded"), ("far", "disbanded")]
    assert not officer_of(b, "bd").in_play and not status(b, "far").in_play


def test_FG_OFF_7_the_estado_mayor_killed_is_out_of_play(new: Callable[..., Battle]) -> None:
    """FG-OFF-7."""
    b = new([6])
    officer(b, "red-div", "red", (4, 4))
    unit(b, "a", "red", (10, 10), 0)
    officer(b, "hq", "blue", (13.0, 10.0), role="staff")
    ev = order(b, cmd.Fire("a", "hq"))
    assert [k.officer for k in of(ev, "officer_killed")] == ["hq"]
    assert not officer_of(b, "hq").in_play and not of(ev, "officer_relocated")


# --- charging an officer: FG-OFF-3, FG-OFF-4, EX-6 -----------------------------------------------


def test_FG_OFF_3_an_officer_may_be_charged_only_when_no_unit_can_be(new: Callable[..., Battle]) -> None:
    b = new([])
    officer(b, "red-div", "red", (4, 4))
    unit(b, "A", "red", (16, 10), 0)
    division(b, "bd", "blue", (19.0, 10.0), [(40, 30)])
    unit(b, "x", "blue", (20, 11.8), 180, division="bd")  # in A's vision, within its reach
    ev = order(b, cmd.Charge("A", "bd"))
    assert rejected(ev) == ["FG-OFF-3"] and pos(b, "A") == (16.0, 10.0) and officer_of(b, "bd").in_play


def test_EX_6_charging_the_only_valid_target_kills_the_general_without_dice(
    new: Callable[..., Battle],
) -> None:
    """EX-6: FG-OFF-4, FG-OFF-5, FG-OFF-10, FG-OFF-11: contact is enough; no reaction, no melee, no die. The
    general loses his experience and is relocated within L of his units and no enemy's only target."""
    b = new([])  # any die rolled would exhaust the list
    officer(b, "red-div", "red", (4, 4))
    unit(b, "A", "red", (16, 10), 0)
    division(b, "bd", "blue", (19.0, 10.0), [(34, 24), (36, 20)])
    asked: list[Any] = []
    ev = play(b, cmd.Charge("A", "bd"), asked=asked)
    assert not [d for d in asked if d.kind == "reaction"]  # an officer cannot react (FG-OFF-5)
    assert b.dice.used == 0 and not of(ev, "roll") and not of(ev, "melee")
    assert [(c.unit, c.target) for c in of(ev, "contact")] == [("A", "bd")]
    assert pos(b, "A") == (18.0, 10.0)  # its front edge touching the disc
    assert [(k.officer, k.by) for k in of(ev, "officer_killed")] == [("bd", "A")]
    off = officer_of(b, "bd")
    assert off.experience == 0 and off.in_play
    (moved,) = of(ev, "officer_relocated")
    b.enter()
    assert all(gap(b, b.ids["bd"], b.ids[u]) <= 8.0 + 0.01 for u in ("bd-1", "bd-2"))
    assert not only_target(b, b.ids["bd"], moved.at)


def test_AMB_18_reaching_an_officer_is_a_successful_charge(new: Callable[..., Battle]) -> None:
    """AMB-18: The light cavalry that kills the general may make its extra move (FG-CHG-4)."""
    b = new([])
    officer(b, "red-div", "red", (4, 4))
    unit(b, "A", "red", (16, 10), 0, cat="LC")
    division(b, "bd", "blue", (19.0, 10.0), [(34, 24), (36, 20)])
    asked: list[Any] = []
    play(b, cmd.Charge("A", "bd"), asked=asked)
    assert [d.kind for d in asked] == ["extra_move"] and asked[0].unit == "A"


def test_AMB_19_the_relocated_general_does_not_stand_on_another_officer(new: Callable[..., Battle]) -> None:
    """AMB-19: AMB-12: an officer never ends on a base, another officer's included."""
    b = officer_in_front(new, [4], cat="LI")
    b.place(b.ids["bd-1"], 30, 20, 0)
    officer(b, "other", "blue", (31.2, 20.0))  # right beside bd-1, where bd would go first
    ev = order(b, cmd.Fire("a", "bd"))
    (moved,) = of(ev, "officer_relocated")
    b.enter()
    assert gap(b, b.ids["bd"], b.ids["other"]) >= 0.0 and math.dist(moved.at, (31.2, 20.0)) >= 0.8 - 0.01
    assert gap(b, b.ids["bd"], b.ids["bd-1"]) <= 8.0 + 0.01

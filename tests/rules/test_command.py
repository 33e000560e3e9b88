"""FG-TERM-6..10: divisions, detachments (AMB-5, EX-2) and reaction areas (AMB-6, EX-3), through
systems/for_glory/command.assess and systems/for_glory/vision.in_reaction_area."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from systems.for_glory import vision
from systems.for_glory.checks import is_disorganised
from systems.for_glory.command import assess
from tests.helpers import of, officer, play, status, unit

D = 1.2  # unit base depth; the width (2") lies along y for a unit facing 0


def formations(b: Battle) -> dict[str, list[str]]:
    b.enter()
    return {f.key: sorted(f.units) for f in assess(b)}


# --- FG-TERM-6..8: divisions and detachments (AMB-5) --------------------------------------------


def test_FG_TERM_6_division_is_units_at_L_or_less(battle: Callable[..., Battle]) -> None:
    """FG-TERM-6, AMB-2: the division is its officer and his units at L (8") or less, measured from
    the officer's disc to the closest point of each base; AMB-3 tolerance at the limit."""
    b = battle()
    officer(b, "gen", "red", (10, 10))
    r = 0.4  # officer disc radius
    unit(b, "near", "red", (10 + r + 0.6 + 8.0, 10), 0, division="gen")  # exactly L
    unit(b, "close", "red", (10, 13), 0, division="gen")
    unit(b, "far", "red", (10 + r + 0.6 + 8.05, 20), 0, division="gen")
    f = formations(b)
    assert f["gen"] == ["close", "near"]
    assert f["det:far"] == ["far"]
    assert not status(b, "near").detached and status(b, "far").detached


def test_FG_TERM_6_only_own_division_counts(battle: Callable[..., Battle]) -> None:
    """FG-TERM-6, FG-OFF-8: a unit near another division's officer is not in that division."""
    b = battle()
    officer(b, "gen1", "red", (10, 10))
    officer(b, "gen2", "red", (40, 10))
    unit(b, "a", "red", (12, 10), 0, division="gen1")
    unit(b, "b", "red", (14, 14), 0, division="gen1")
    unit(b, "c", "red", (38, 10), 0, division="gen1")  # beside gen2, far from gen1
    unit(b, "d", "red", (42, 10), 0, division="gen2")
    f = formations(b)
    assert f["gen1"] == ["a", "b"]
    assert f["gen2"] == ["d"]
    assert f["det:c"] == ["c"]


def test_FG_TERM_7_detachment_links_at_XS_and_chains(battle: Callable[..., Battle]) -> None:
    """FG-TERM-7, AMB-5: units beyond L that are at XS or less from each other form one detachment,
    and the link chains (x-y at XS, y-z at XS, x-z beyond XS: all one detachment)."""
    b = battle()
    officer(b, "gen", "red", (5, 5))
    unit(b, "a", "red", (6, 6), 0, division="gen")
    # a chain along x, each 2" (XS) apart between closest points: D + 2 between centres
    unit(b, "x", "red", (30, 30), 0, division="gen")
    unit(b, "y", "red", (30 + D + 2.0, 30), 0, division="gen")
    unit(b, "z", "red", (30 + 2 * (D + 2.0), 30), 0, division="gen")
    f = formations(b)
    assert f["det:x"] == ["x", "y", "z"]
    assert f["gen"] == ["a"]
    assert all(status(b, n).detached for n in "xyz")


def test_FG_TERM_8_and_EX_2_separate_detachments(battle: Callable[..., Battle]) -> None:
    """FG-TERM-8, EX-2: two groups beyond L, more than XS from each other, form two separate
    detachments; the division keeps only the units at L or less. Derived: detachments are
    disorganised (FG-DIS-1) and cannot move strategically (FG-STRAT-2)."""
    b = battle()
    officer(b, "gen", "red", (10, 10))
    unit(b, "d1", "red", (12, 12), 0, division="gen")
    unit(b, "d2", "red", (14, 8), 0, division="gen")
    unit(b, "a1", "red", (40, 10), 0, division="gen")
    unit(b, "a2", "red", (40, 12.5), 0, division="gen")  # 0.5" from a1
    unit(b, "b1", "red", (40 + D + 2.1, 10), 0, division="gen")  # 2.1" from a1: more than XS
    unit(b, "b2", "red", (40 + D + 2.1, 6), 0, division="gen")  # 2" from b1
    f = formations(b)
    assert f == {"gen": ["d1", "d2"], "det:a1": ["a1", "a2"], "det:b1": ["b1", "b2"]}
    b.enter()
    assert is_disorganised(b, b.ids["a1"]) and is_disorganised(b, b.ids["b2"])
    assert not is_disorganised(b, b.ids["d1"])


def test_FG_TERM_7_lone_unit_is_a_one_unit_detachment(battle: Callable[..., Battle]) -> None:
    """FG-TERM-7, AMB-5: one unit alone beyond L is a detachment of one, which activates on its own
    without a leadership check (FG-ACT-5) and only its own unit takes orders."""
    b = battle([6, 6, 6])
    officer(b, "gen", "red", (10, 10))
    unit(b, "home", "red", (12, 10), 0, division="gen")
    unit(b, "lone", "red", (40, 40), 0, division="gen")
    f = formations(b)
    assert f["det:lone"] == ["lone"]
    ev = b.apply(cmd.Activate("det:lone"))
    assert not of(ev, "rejected") and not of(ev, "roll")  # no leadership check
    assert b.activation is not None and b.activation.formation.units == ["lone"]
    rej = of(b.apply(cmd.Move("home", (12, 12))), "rejected")
    assert rej and rej[0].rule == "FG-OFF-8"


def test_AMB_5_detachments_never_mix_divisions(battle: Callable[..., Battle]) -> None:
    """AMB-5: detachment links join only units of the same original division."""
    b = battle()
    officer(b, "gen1", "red", (5, 5))
    officer(b, "gen2", "red", (5, 40))
    unit(b, "p", "red", (40, 20), 0, division="gen1")
    unit(b, "q", "red", (40 + D + 1.0, 20), 0, division="gen2")  # 1" away, other division
    f = formations(b)
    assert f["det:p"] == ["p"] and f["det:q"] == ["q"]


def test_AMB_5_destroyed_units_leave_formations(battle: Callable[..., Battle]) -> None:
    """AMB-5: only surviving units are grouped; a removed unit no longer links a chain."""
    b = battle()
    officer(b, "gen", "red", (5, 5))
    unit(b, "x", "red", (30, 30), 0, division="gen")
    unit(b, "y", "red", (30 + D + 2.0, 30), 0, division="gen")
    unit(b, "z", "red", (30 + 2 * (D + 2.0), 30), 0, division="gen")
    status(b, "y").in_play = False
    b.take_off(b.ids["y"])
    f = formations(b)
    assert f["det:x"] == ["x"] and f["det:z"] == ["z"]
    assert all("y" not in units for units in f.values())


def test_FG_TERM_7_rejoining_the_division(battle: Callable[..., Battle]) -> None:
    """FG-TERM-7: FG-TERM-6..7: membership follows position; a detached unit that comes back within L is again
    part of the division at the next assessment."""
    b = battle()
    officer(b, "gen", "red", (10, 10))
    unit(b, "u", "red", (10 + 0.4 + 0.6 + 9, 10), 0, division="gen")
    assert formations(b)["det:u"] == ["u"]
    b.enter()
    b.place(b.ids["u"], 10 + 0.4 + 0.6 + 7, 10)
    assert formations(b)["gen"] == ["u"] and not status(b, "u").detached


# --- FG-TERM-9, FG-TERM-10: reaction areas (AMB-6, EX-3) --------------------------------------------


def test_EX_3_reaction_area_reaches_base_move(battle: Callable[..., Battle]) -> None:
    """EX-3, FG-TERM-9, AMB-6: an infantry unit (move S, 4") has the ground in its vision strip up to
    4" from its front edge as its reaction area."""
    b = battle()
    r = unit(b, "r", "red", (10, 10), 0)
    inside = unit(b, "in", "blue", (10.6 + 3.9 + 0.6, 10), 180)  # near edge 3.9" from r's front
    edge = unit(b, "edge", "blue", (10.6 + 4.0 + 0.6, 20), 180)
    r2 = unit(b, "r2", "red", (10, 20), 0)
    outside = unit(b, "out", "blue", (10.6 + 4.1 + 0.6, 30), 180)
    r3 = unit(b, "r3", "red", (10, 30), 0)
    beside = unit(b, "beside", "blue", (12, 12.5), 180)  # close, but beside the strip
    b.enter()
    assert vision.in_reaction_area(b, r, inside)
    assert vision.in_reaction_area(b, r2, edge)
    assert not vision.in_reaction_area(b, r3, outside)
    assert vision.sight(b, r3, outside).visible  # seen, but beyond the reaction area
    assert not vision.in_reaction_area(b, r, beside)


@pytest.mark.parametrize(("cat", "depth"), [("LnInf", 4), ("HC", 6), ("LC", 8), ("FA", 4), ("HA", 6)])
def test_AMB_6_depth_is_the_base_move(battle: Callable[..., Battle], cat: str, depth: float) -> None:
    """AMB-6: the depth is the reactor's Base move (not its difficult, road or strategic value)."""
    b = battle(terrain=[("wood", ((0, 0), (30, 0), (30, 20), (0, 20)))])  # the reactor stands in a wood
    r = unit(b, "r", "red", (10, 10), 0, cat=cat)
    b.enter()
    assert vision.reaction_depth(b, r) == depth
    just_in = unit(b, "just_in", "blue", (10.6 + depth - 0.1 + 0.6, 10), 180)
    assert vision.in_reaction_area(b, r, just_in)
    b.place(just_in, 10.6 + depth + 0.1 + 0.6, 10)
    assert not vision.in_reaction_area(b, r, just_in)


def test_AMB_6_reaction_area_is_unblocked_vision(battle: Callable[..., Battle]) -> None:
    """AMB-6, FG-TERM-9: ground hidden by another unit or a wood is not in the reaction area."""
    b = battle(terrain=[("wood", ((13, 15), (14, 15), (14, 25), (13, 25)))])
    r = unit(b, "r", "red", (10, 10), 0)
    t = unit(b, "t", "blue", (15, 10), 180)
    unit(b, "screen", "red", (12.5, 10), 0)
    r2 = unit(b, "r2", "red", (10, 20), 0)
    t2 = unit(b, "t2", "blue", (15, 20), 180)
    b.enter()
    assert not vision.in_reaction_area(b, r, t)
    assert not vision.in_reaction_area(b, r2, t2)


def test_FG_TERM_10_enemy_activating_in_area_may_be_reacted_to(battle: Callable[..., Battle]) -> None:
    """FG-TERM-10, EX-3: an enemy that activates inside the reaction area is offered to the reactor;
    the same action outside it offers nothing."""
    asked: list = []
    b = battle([1, 1, 1])
    unit(b, "r", "red", (10, 10), 0, cat="LI")
    unit(b, "e", "blue", (10.6 + 3.0 + 0.6, 10), 180, cat="LI")  # 3" in front of r
    unit(b, "f", "blue", (10.6 + 3.0 + 0.6, 30), 180, cat="LI")
    unit(b, "g", "red", (10, 30), 180, cat="LI")  # f's target, 3" ahead of f but facing away
    play(b, cmd.Fire("e", "r"), asked=asked)
    assert [d.options for d in asked if d.kind == "reaction"] == [("r",)]
    asked.clear()
    b.apply(cmd.Activate("f", leadership=False))
    ev = play(b, cmd.Fire("f", "g"), asked=asked)  # f is behind g: not in g's strip
    assert of(ev, "roll") and not of(ev, "rejected")
    assert [d for d in asked if d.kind == "reaction"] == []


def test_FG_TERM_9_moving_into_the_area_pauses_for_reactions(battle: Callable[..., Battle]) -> None:
    """FG-TERM-9, AMB-6: a mover is offered to the reactor as soon as its base enters the area."""
    asked: list = []
    b = battle([1, 1, 1])
    r = unit(b, "r", "red", (10, 10), 0)
    unit(b, "m", "blue", (19, 10), 180)
    ev = play(b, cmd.Move("m", (15, 10)), asked=asked)
    reaction = [d for d in asked if d.kind == "reaction"]
    assert reaction and reaction[0].options == ("r",)
    first = of(ev, "moved")[0]
    # it paused where its front edge reached 4" from r's front edge (14.6): centre at 15.2
    assert abs(first.path[-1][0] - (10.6 + 4 + 0.6)) <= 0.26
    b.enter()
    assert vision.in_reaction_area(b, r, b.ids["m"])

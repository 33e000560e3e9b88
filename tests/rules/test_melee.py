"""FG-MELEE-1..4 and the melee side of FG-CBT (AMB-58..60, AMB-62, AMB-63, AMB-68), EX-26.

Layout used throughout: the defender T stands at (20, 10) facing 180 (its front edge is x = 19.4,
from y = 9 to y = 11). A charger at (16, 10) facing 0 charges its front and stops at (18.8, 10); one
at (20, 6) facing 90 charges its flank and stops at (20, 8.4). Attackers roll first, in the order
they charged, then the defenders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import esper
import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer
from tests.helpers import hits, of, officer, officer_of, order, play, pos, status, unit
from tests.helpers import roll_mods as mods


def melee_rolls(events: list[Any]) -> dict[str, Any]:
    rolls = [r for r in of(events, "roll") if r.check == "melee"]
    by_unit = {r.unit: r for r in rolls}
    assert len(by_unit) == len(rolls), "one die per unit"
    return by_unit


def the_melee(events: list[Any]) -> Any:
    found = of(events, "melee")
    assert len(found) == 1
    return found[0]


def front_charge(
    new: Callable[..., Battle],
    dice: list[int],
    *,
    a: dict[str, Any] | None = None,
    t: dict[str, Any] | None = None,
    **kw: Any,
) -> Battle:
    b = new(dice, **kw)
    officer(b, "blue-div", "blue", (24, 10))
    officer(b, "red-div", "red", (12, 10))
    unit(b, "T", "blue", (20, 10), 180, **(t or {}))
    unit(b, "A", "red", (16, 10), 0, **(a or {}))
    return b


# --- FG-MELEE-1..4 ------------------------------------------------------------------------------


def test_FG_MELEE_1_a_charge_into_contact_starts_a_melee(new: Callable[..., Battle]) -> None:
    """FG-MELEE-1."""
    b = front_charge(new, [4, 2])
    ev = order(b, cmd.Charge("A", "T"))
    assert [(c.unit, c.target, c.sector) for c in of(ev, "contact")] == [("A", "T", "front")]
    assert of(ev, "moved")[-1].path[-1] == (18.8, 10.0)  # flush against T's front
    m = the_melee(ev)
    assert (m.attackers, m.defenders) == (("A",), ("T",))
    assert (m.attack, m.defence, m.margin) == (3, 2, 1)


def test_FG_MELEE_1_other_enemies_touching_the_charger_join_the_melee(new: Callable[..., Battle]) -> None:
    """FG-MELEE-1:
    AMB-54, AMB-62: D touches the charger where it stops, so D fights too, and rolls its own die."""
    b = front_charge(new, [6, 1, 2])
    unit(b, "D", "blue", (18.8, 12.0), 180)  # beside the charger's contact position, touching it
    ev = order(b, cmd.Charge("A", "T"))
    m = the_melee(ev)
    assert m.attackers == ("A",) and set(m.defenders) == {"T", "D"}
    rolls = melee_rolls(ev)
    assert set(rolls) == {"A", "T", "D"}
    assert (m.attack, m.defence) == (6 - 1, 1 + 2) and m.margin == 2
    assert m.winner == "draw" and hits(b, "A") == hits(b, "T") == hits(b, "D") == 1


def test_FG_MELEE_2_one_die_per_unit_with_category_and_quality(new: Callable[..., Battle]) -> None:
    """FG-MELEE-2: FG-UNIT-14, FG-UNIT-13, FG-UNIT-24, FG-UNIT-25: veteran heavy cavalry (+3 +1, -1 frontal)
    against elite light infantry (-1 +2)."""
    b = front_charge(new, [2, 5], a={"cat": "HC", "q": "V"}, t={"cat": "LI", "q": "E"})
    ev = order(b, cmd.Charge("A", "T"))
    rolls = melee_rolls(ev)
    assert mods(rolls["A"]) == {"FG-UNIT-5": 3, "FG-UNIT-26": 1, "FG-CBT-7": -1} and rolls["A"].total == 5
    assert mods(rolls["T"]) == {"FG-UNIT-5": -1, "FG-UNIT-26": 2} and rolls["T"].total == 6
    m = the_melee(ev)
    assert (m.attack, m.defence, m.margin, m.winner) == (5, 6, 1, "draw")


def test_FG_MELEE_3_the_defender_can_win_and_the_attacker_falls_back(new: Callable[..., Battle]) -> None:
    """FG-MELEE-3: AMB-62: margin 3 for the defender: the charger is pushed XS, the winner stays in place."""
    b = front_charge(new, [1, 3])
    ev = order(b, cmd.Charge("A", "T"))
    m = the_melee(ev)
    assert (m.attack, m.defence, m.margin, m.winner) == (0, 3, 3, "defenders")
    assert [p.unit for p in of(ev, "pushed")] == ["A"]
    assert pos(b, "A") == (16.8, 10.0) and pos(b, "T") == (20.0, 10.0)
    assert hits(b, "A") == hits(b, "T") == 0


def test_FG_MELEE_3_a_tie_the_table_does_not_call_a_draw_goes_to_the_defenders(
    new: Callable[..., Battle],
) -> None:
    """FG-MELEE-3 (AMB-62): the attackers win only by beating the defence; under a mod's results table
    whose lowest band is no draw, equal totals leave the charger pushed back."""
    import dataclasses

    from tests.helpers import rules

    rs = rules()
    no_draw = tuple(dataclasses.replace(band, draw=False) for band in rs.melee_results)
    b = front_charge(new, [5, 4], ruleset=dataclasses.replace(rs, melee_results=no_draw))
    ev = order(b, cmd.Charge("A", "T"))
    m = the_melee(ev)
    assert (m.attack, m.defence, m.margin, m.winner) == (4, 4, 0, "defenders")
    assert [p.unit for p in of(ev, "pushed")] == ["A"]


def test_FG_MELEE_4_EX_26_two_units_charge_one(new: Callable[..., Battle]) -> None:
    """FG-MELEE-4, EX-26:
    FG-CBT-2, FG-CBT-7, FG-CBT-16, FG-LOST-2: two Regular LnInf, one frontal and one on the flank,
    roll 5 + 4 = 9 with a net +1 (-1 frontal, +2 flank): 10 against the English 2, margin 8:
    destroyed, and a lost-brigade counter on the English officer."""
    b = new([5, 4, 2])
    officer(b, "eng", "blue", (24, 10))
    unit(b, "T", "blue", (20, 10), 180, division="eng")
    unit(b, "T2", "blue", (25, 14), 180, division="eng")
    unit(b, "T3", "blue", (25, 4), 180, division="eng")
    officer(b, "esp", "red", (14, 6))
    unit(b, "A1", "red", (16, 10), 0, division="esp")
    unit(b, "A2", "red", (20, 6), 90, division="esp")
    ev = order(b, cmd.Charge("A1", "T", combined=("A2",)))
    assert [(c.unit, c.sector) for c in of(ev, "contact")] == [("A1", "front"), ("A2", "left")]
    rolls = melee_rolls(ev)
    assert mods(rolls["A1"]) == {"FG-CBT-7": -1} and mods(rolls["A2"]) == {"FG-CBT-2": 2}
    assert mods(rolls["T"]) == {}
    assert rolls["A1"].die + rolls["A2"].die == 9 and rolls["T"].die == 2
    m = the_melee(ev)
    assert (m.attack, m.defence, m.margin, m.winner) == (10, 2, 8, "attackers")
    assert m.rule == "FG-CBT-16" and m.outcome == "destroyed"
    assert [d.unit for d in of(ev, "destroyed")] == ["T"] and not status(b, "T").in_play
    assert [(lb.officer, lb.counters) for lb in of(ev, "lost_brigade")] == [("eng", 1)]
    assert officer_of(b, "eng").lost_brigades == 1 and officer_of(b, "eng").in_play  # 1 < 2 survivors
    assert not of(ev, "pushed") and pos(b, "A1") == (18.8, 10.0) and pos(b, "A2") == (20.0, 8.4)


def test_FG_MELEE_4_the_melee_is_fought_once_after_every_charger_has_moved(
    new: Callable[..., Battle],
) -> None:
    """FG-MELEE-4: AMB-54: the combined charge moves both units, then rolls one melee with three dice."""
    b = new([3, 3, 1])
    officer(b, "blue-div", "blue", (24, 10))
    unit(b, "T", "blue", (20, 10), 180)
    officer(b, "red-div", "red", (14, 6))
    unit(b, "A1", "red", (16, 10), 0)
    unit(b, "A2", "red", (20, 6), 90)
    ev = order(b, cmd.Charge("A1", "T", combined=("A2",)))
    kinds = [e.kind for e in ev if e.kind in ("moved", "contact", "roll", "melee")]
    assert kinds == ["moved", "contact", "moved", "contact", "roll", "roll", "roll", "melee"]
    m = the_melee(ev)
    # 3 - 1 + 3 + 2 = 7 against 1: margin 6, two hits and a push away from both chargers (AMB-63)
    assert (m.attack, m.defence, m.margin, m.rule) == (7, 1, 6, "FG-CBT-15")
    assert hits(b, "T") == 2
    centre = ((18.8 + 20.0) / 2, (10.0 + 8.4) / 2)  # the chargers' centroid: (19.4, 9.2)
    ux, uy = 0.6, 0.8  # from that centroid through T's centre, normalised
    assert centre == pytest.approx((19.4, 9.2))
    assert pos(b, "T") == pytest.approx((20 + 2 * ux, 10 + 2 * uy), abs=1e-3)


# --- the results table, Melee column (FG-CBT-12..16, AMB-62) -------------------------------------


@pytest.mark.parametrize(
    ("a_cat", "a_die", "t_cat", "t_die", "margin", "winner", "rule", "a_hits", "t_hits"),
    [
        ("LnInf", 3, "LnInf", 2, 0, "draw", "FG-CBT-13", 1, 1),
        ("LnInf", 5, "LnInf", 2, 2, "draw", "FG-CBT-13", 1, 1),
        ("LnInf", 1, "LnInf", 2, 2, "draw", "FG-CBT-13", 1, 1),  # the defender by 2 is still a draw
        ("LnInf", 6, "LnInf", 2, 3, "attackers", "FG-CBT-14", 0, 0),
        ("LnInf", 6, "LnInf", 1, 4, "attackers", "FG-CBT-15", 0, 2),
        ("HC", 5, "LnInf", 1, 6, "attackers", "FG-CBT-15", 0, 2),
        ("HC", 6, "LnInf", 1, 7, "attackers", "FG-CBT-16", 0, None),
        ("LnInf", 1, "LnInf", 5, 5, "defenders", "FG-CBT-15", 2, 0),
        ("LnInf", 1, "HC", 5, 8, "defenders", "FG-CBT-16", None, 0),
    ],
)
def test_FG_CBT_12_melee_results_table(
    new: Callable[..., Battle],
    a_cat: str,
    a_die: int,
    t_cat: str,
    t_die: int,
    margin: int,
    winner: str,
    rule: str,
    a_hits: int | None,
    t_hits: int | None,
) -> None:
    """FG-CBT-12:
    FG-CBT-13 (margin 0-2, a draw: both sides 1 hit and pushed), FG-CBT-14 (3: pushed), FG-CBT-15
    (4-6: two hits and pushed), FG-CBT-16 (7+: destroyed); the losing side takes it, attacker or
    defender (AMB-62). None: destroyed."""
    b = front_charge(new, [a_die, t_die], a={"cat": a_cat}, t={"cat": t_cat})
    ev = order(b, cmd.Charge("A", "T"))
    m = the_melee(ev)
    rolls = melee_rolls(ev)
    assert m.attack == rolls["A"].total and m.defence == rolls["T"].total
    assert (m.margin, m.winner, m.rule) == (margin, winner, rule)
    for name, expected in (("A", a_hits), ("T", t_hits)):
        if expected is None:
            assert not status(b, name).in_play and [d.unit for d in of(ev, "destroyed")] == [name]
        else:
            assert status(b, name).in_play and hits(b, name) == expected
    pushed = {p.unit for p in of(ev, "pushed")}
    losers = {"draw": {"A", "T"}, "attackers": {"T"}, "defenders": {"A"}}[winner]
    assert pushed == {u for u in losers if status(b, u).in_play}


def test_AMB_63_in_a_draw_each_side_is_pushed_XS_away_from_the_other(new: Callable[..., Battle]) -> None:
    """AMB-63."""
    b = front_charge(new, [4, 3])
    ev = order(b, cmd.Charge("A", "T"))
    assert the_melee(ev).winner == "draw"
    assert pos(b, "A") == (16.8, 10.0) and pos(b, "T") == (22.0, 10.0)
    assert b.pose(b.ids["A"]).facing == pytest.approx(0, abs=1e-6)
    assert b.pose(b.ids["T"]).facing == pytest.approx(180)


def test_AMB_31_no_natural_six_in_melee(new: Callable[..., Battle]) -> None:
    """AMB-31: A natural 6 wins nothing by itself: 6 - 1 against 6 is a draw."""
    b = front_charge(new, [6, 6])
    m = the_melee(order(b, cmd.Charge("A", "T")))
    assert (m.attack, m.defence, m.winner) == (5, 6, "draw")


# --- the general modifiers in melee (AMB-58, AMB-60) --------------------------------------------


def test_FG_CBT_2_a_rear_charge_gives_plus_two_and_no_frontal_minus_one(new: Callable[..., Battle]) -> None:
    b = front_charge(new, [2, 4], t={})
    b.place(b.ids["T"], 20, 10, 0)  # T now faces away from the charger
    ev = order(b, cmd.Charge("A", "T"))
    assert of(ev, "contact")[0].sector == "rear"
    rolls = melee_rolls(ev)
    assert mods(rolls["A"]) == {"FG-CBT-2": 2} and mods(rolls["T"]) == {}
    assert the_melee(ev).margin == 0


def test_FG_CBT_3_charging_a_unit_marching_by_road_gives_plus_one(new: Callable[..., Battle]) -> None:
    b = front_charge(new, [3, 3])
    status(b, "T").marching_by_road = True
    rolls = melee_rolls(order(b, cmd.Charge("A", "T")))
    assert mods(rolls["A"]) == {"FG-CBT-7": -1, "FG-CBT-3": 1} and rolls["A"].total == 3
    assert mods(rolls["T"]) == {}


def test_FG_CBT_4_cover_in_melee_counts_once(new: Callable[..., Battle]) -> None:
    """AMB-60: the charger takes -1 when an enemy it touches is in cover, once however many are; the
    defenders, whose charger is in the open, take nothing."""
    wood = ((19.0, 7.0), (24.0, 7.0), (24.0, 14.0), (19.0, 14.0))
    b = front_charge(new, [4, 2, 2], terrain=[("wood", wood)])
    unit(b, "D", "blue", (20.0, 12.0), 180)  # beside T, in the wood as well
    ev = order(b, cmd.Charge("A", "T"))
    rolls = melee_rolls(ev)
    assert mods(rolls["A"]) == {"FG-CBT-7": -1, "FG-CBT-4": -1} and rolls["A"].total == 2
    assert mods(rolls["T"]) == {}


def test_FG_CBT_4_cover_in_melee_only_for_those_touching_it(new: Callable[..., Battle]) -> None:
    """D joins the melee by touching the charger; D is in a field (dense), T is not: A's -1 comes
    from D; T and D, touching an attacker in the open, take nothing."""
    field = ((17.5, 11.0), (20.5, 11.0), (20.5, 14.0), (17.5, 14.0))
    b = front_charge(new, [4, 2, 2], terrain=[("field", field)])
    unit(b, "D", "blue", (18.8, 12.0), 180)
    rolls = melee_rolls(order(b, cmd.Charge("A", "T")))
    assert mods(rolls["A"]) == {"FG-CBT-7": -1, "FG-CBT-4": -1}
    assert mods(rolls["T"]) == {} and mods(rolls["D"]) == {}


def test_FG_CBT_5_a_disorganised_defender_takes_minus_one(new: Callable[..., Battle]) -> None:
    b = front_charge(new, [4, 4])
    esper.component_for_entity(b.ids["blue-div"], Officer).failed_leadership = True
    rolls = melee_rolls(order(b, cmd.Charge("A", "T")))
    assert mods(rolls["T"]) == {"FG-CBT-5": -1} and rolls["T"].total == 3
    assert mods(rolls["A"]) == {"FG-CBT-7": -1}


def test_FG_CBT_5_a_disorganised_attacker_takes_minus_one(new: Callable[..., Battle]) -> None:
    b = front_charge(new, [4, 4])
    esper.component_for_entity(b.ids["red-div"], Officer).failed_leadership = True
    rolls = melee_rolls(order(b, cmd.Charge("A", "T")))
    assert mods(rolls["A"]) == {"FG-CBT-7": -1, "FG-CBT-5": -1} and rolls["A"].total == 2


def test_FG_CBT_8_hits_take_minus_one_each_on_both_sides(new: Callable[..., Battle]) -> None:
    # 6: A obeys (FG-ORD-3); 6: T, with 2 hits, stands its FG-CHG-9 check; then the melee dice
    b = front_charge(new, [6, 6, 5, 5], a={"hits": 1}, t={"hits": 2})
    ev = order(b, cmd.Charge("A", "T"))
    assert [(r.check, r.unit) for r in of(ev, "roll")][:2] == [("morale", "A"), ("morale", "T")]
    rolls = melee_rolls(ev)
    assert mods(rolls["A"]) == {"FG-CBT-7": -1, "FG-CBT-8": -1}
    assert mods(rolls["T"]) == {"FG-CBT-8": -2}


def test_FG_CBT_7_frontal_charge_is_the_chargers_only(new: Callable[..., Battle]) -> None:
    """AMB-58: the frontal -1 goes on the charging unit's die, never the defender's."""
    b = front_charge(new, [4, 4])
    rolls = melee_rolls(order(b, cmd.Charge("A", "T")))
    assert mods(rolls["A"]) == {"FG-CBT-7": -1} and mods(rolls["T"]) == {}


def test_FG_CBT_9_a_reaction_charge_takes_minus_two(new: Callable[..., Battle]) -> None:
    """EX-9: the red brigade advances to shoot; blue reacts by charging it frontally: the reactor's
    die has -2 (reaction) and -1 (frontal); the shot is cancelled."""
    b = new([6, 6, 2, 6])  # blue's reaction morale check, its melee die, red's melee die
    officer(b, "red-div", "red", (8, 10))
    unit(b, "a", "red", (10, 10), 0, cat="LI")
    officer(b, "blue-div", "blue", (20, 14))
    unit(b, "r", "blue", (17.5, 10), 180)
    ev = play(b, cmd.Move("a", (12.5, 10), fire="r"), lambda d: cmd.React("r", "charge"))
    rolls = melee_rolls(ev)
    assert mods(rolls["r"]) == {"FG-CBT-9": -2, "FG-CBT-7": -1} and rolls["r"].total == 3
    assert mods(rolls["a"]) == {"FG-UNIT-5": -1}
    assert not [r for r in of(ev, "roll") if r.check == "fire"]
    assert b.dice.used == 3


# --- AMB-68: artillery fights with its melee modifier --------------------------------------------


def test_AMB_68_artillery_may_charge_with_its_melee_modifier(new: Callable[..., Battle]) -> None:
    """AMB-68."""
    b = front_charge(new, [6, 1], a={"cat": "HA"})
    rolls = melee_rolls(order(b, cmd.Charge("A", "T")))
    assert mods(rolls["A"]) == {"FG-UNIT-5": -1, "FG-CBT-7": -1} and rolls["A"].total == 4


def test_AMB_28_a_division_demoralised_in_mid_melee_takes_no_further_effects(
    new: Callable[..., Battle],
) -> None:
    """AMB-28: T (2 hits) and D, the whole of blue's division, lose by 5: T's third hit destroys it, which
    demoralises the division (1 counter, 1 survivor): D leaves play at once and takes no hits."""
    b = new([6, 6, 1, 1])  # T's FG-CHG-9 check (a natural 6), then A, T, D
    officer(b, "blue-div", "blue", (24, 10))
    officer(b, "red-div", "red", (12, 10))
    unit(b, "T", "blue", (20, 10), 180, hits=2)
    unit(b, "D", "blue", (18.8, 12.0), 180)
    unit(b, "A", "red", (16, 10), 0)
    ev = order(b, cmd.Charge("A", "T"))
    m = the_melee(ev)
    assert (m.attack, m.defence, m.margin, m.rule) == (5, 0, 5, "FG-CBT-15")
    assert [d.unit for d in of(ev, "destroyed")] == ["T"]
    assert [(r.unit, r.reason) for r in of(ev, "removed")] == [("D", "demoralised")]
    assert [h.unit for h in of(ev, "hit")] == ["T"] and hits(b, "D") == 0
    assert not of(ev, "pushed")


def test_FG_CBT_1_shooting_and_melee_share_the_general_modifiers(new: Callable[..., Battle]) -> None:
    """FG-CBT-1:
    The same table: a disorganised unit with a hit has -1 (FG-CBT-5) and -1 (FG-CBT-8) on its shot
    and on its melee die alike."""
    b = new([6, 3, 6, 4, 4])
    officer(b, "red-div", "red", (8, 14))
    unit(b, "a", "red", (10, 10), 0, cat="LI", hits=1)
    officer(b, "blue-div", "blue", (30, 14))
    unit(b, "t", "blue", (14.2, 10), 180)
    esper.component_for_entity(b.ids["red-div"], Officer).failed_leadership = True
    shot = next(r for r in of(order(b, cmd.Fire("a", "t")), "roll") if r.check == "fire")
    b.apply(cmd.Activate("a", leadership=False))
    esper.component_for_entity(b.ids["red-div"], Officer).failed_leadership = True
    ev = order(b, cmd.Charge("a", "t"))
    die = melee_rolls(ev)["a"]
    for roll in (shot, die):
        assert {k: v for k, v in mods(roll).items() if k in ("FG-CBT-5", "FG-CBT-8")} == {
            "FG-CBT-5": -1,
            "FG-CBT-8": -1,
        }


# --- multi-unit melees: who fights, who is credited (issue 24: mutation survivors) ---------------


def two_chargers(new: Callable[..., Battle], dice: list[int]) -> Battle:
    """A1 at T's front and A2 at its flank, both in contact (where a combined charge leaves them)."""
    return two_chargers_on(new(dice))


@pytest.mark.parametrize("how", ["out of contact", "out of play"])
def test_FG_MELEE_4_a_charger_that_dropped_out_is_not_fought(new: Callable[..., Battle], how: str) -> None:
    """FG-MELEE-4 (AMB-54): the melee after a combined charge is fought by the chargers still in
    contact and in play: one that was pushed away or destroyed before it rolls no die and takes no
    result."""
    from systems.for_glory.melee import Attack, melee

    b = two_chargers(new, [3, 1])
    a1, a2, t = b.ids["A1"], b.ids["A2"], b.ids["T"]
    if how == "out of contact":
        b.place(a2, 20.0, 4.0, 90)
    else:
        status(b, "A2").in_play = False
    result = melee(b, [Attack(a1, t, "front"), Attack(a2, t, "left")])
    assert result is not None and result.attackers == [a1] and result.defenders == [t]
    assert sorted(r.unit for r in of(b.events, "roll")) == ["A1", "T"]
    assert hits(b, "A2") == 0


def test_EX_26_the_first_of_the_winners_is_credited_with_hits_and_pushes(new: Callable[..., Battle]) -> None:
    """EX-26, FG-MELEE-4: in a melee of several units, each loser's hits and push are credited to the
    first unit of the winning side (the first charger, or the charged unit): the log and the lost
    brigades say who did it. A draw pushes each side away from the other, credited the same way."""
    from systems.for_glory.melee import Attack, melee

    b = two_chargers(new, [6, 6, 1])  # 6 - 1 + 6 + 2 against 1: margin 12, destroyed
    a1, a2, t = b.ids["A1"], b.ids["A2"], b.ids["T"]
    melee(b, [Attack(a1, t, "front"), Attack(a2, t, "left")])
    assert [(d.unit, d.by) for d in of(b.events, "destroyed")] == [("T", "A1")]
    draw = two_chargers(new, [1, 1, 4])  # 1 - 1 + 1 + 2 = 3 against 4: a draw
    a1, a2, t = draw.ids["A1"], draw.ids["A2"], draw.ids["T"]
    melee(draw, [Attack(a1, t, "front"), Attack(a2, t, "left")])
    pushes = sorted((p.unit, p.by) for p in of(draw.events, "pushed"))
    assert pushes == [("A1", "T"), ("A2", "T"), ("T", "A1")]
    assert [(h.unit, h.added) for h in of(draw.events, "hit")] == [("A1", 1), ("A2", 1), ("T", 1)]
    lost = two_chargers(new, [1, 1, 6])  # 3 against 6: the defender wins by 3
    a1, a2, t = lost.ids["A1"], lost.ids["A2"], lost.ids["T"]
    melee(lost, [Attack(a1, t, "front"), Attack(a2, t, "left")])
    m = the_melee(lost.events)
    assert m.winner == "defenders" and sorted((p.unit, p.by) for p in of(lost.events, "pushed")) == [
        ("A1", "T"),
        ("A2", "T"),
    ]


def test_FG_CBT_1_every_melee_modifier_is_the_contents(new: Callable[..., Battle]) -> None:
    """FG-CBT-2, -3, -4, -5, -7, -9 in melee: each value is the content's. With a mod that sets them
    to 0, a melee where each would apply (a frontal and a flank charger, one as a reaction, against a
    disorganised unit marching by road in a wood) carries none of their lines; with the rulebook's,
    each."""
    from systems.for_glory.melee import Attack, attacker_modifiers, defender_modifiers
    from tests.helpers import rules, zeroed_rules

    def lines(rs: Any) -> set[str]:
        b = new([], ruleset=rs, terrain=[("wood", ((19.0, 8.0), (22.0, 8.0), (22.0, 12.0), (19.0, 12.0)))])
        b2 = two_chargers_on(b)
        status(b2, "T").marching_by_road = True
        status(b2, "T").detached = True
        status(b2, "A1").detached = True
        a1, a2, t = b2.ids["A1"], b2.ids["A2"], b2.ids["T"]
        out = attacker_modifiers(b2, Attack(a1, t, "front"))
        out += attacker_modifiers(b2, Attack(a2, t, "left", reaction=True)) + defender_modifiers(b2, t)
        return {m.label for m in out}

    every = {"frontal_charge", "flank", "road_target", "reaction", "cover", "disorganised"}
    labels = {rules().modifiers.combat[k].label for k in every}
    assert labels <= lines(rules())
    assert not labels & lines(zeroed_rules(combat=("*",)))


def two_chargers_on(b: Battle) -> Battle:
    officer(b, "blue-div", "blue", (24, 10))
    unit(b, "T", "blue", (20, 10), 180)
    officer(b, "red-div", "red", (14, 6))
    unit(b, "A1", "red", (18.8, 10.0), 0)
    unit(b, "A2", "red", (20.0, 8.4), 90)
    return b

"""FG-CHG-1..9 (AMB-54..57), EX-21, EX-22, EX-23, and the charge side of FG-FIRE-6/7 (AMB-67).

Layout used throughout: the defender T stands at (20, 10) facing 180 (its front edge is x = 19.4,
from y = 9 to y = 11). A charger at (16, 10) facing 0 reaches its front at (18.8, 10); one at
(20, 6) facing 90 reaches its left flank at (20, 8.4), unseen by T.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits
from game.model.resolution import Decision, Reject
from systems.for_glory.charge.plan import check_charge, out_of_reach
from systems.for_glory.measure import gap
from systems.for_glory.targets import sector
from systems.for_glory.vision import in_reaction_area, sight
from tests.helpers import hits, of, officer, officer_of, order, play, pos, status, unit
from tests.helpers import roll_mods as mods


def melee_rolls(events: list[Any]) -> dict[str, Any]:
    return {r.unit: r for r in of(events, "roll") if r.check == "melee"}


def rejected(events: list[Any]) -> list[str]:
    return [r.rule for r in of(events, "rejected")]


def setup(new: Callable[..., Battle], dice: list[int]) -> Battle:
    """T (blue, at (20, 10) facing 180, its officer 4" behind it) with two more brigades of its
    division out of the way (so one loss does not demoralise it), and red's officer."""
    b = new(dice)
    officer(b, "blue-div", "blue", (24, 10))
    officer(b, "red-div", "red", (14, 4))
    unit(b, "T", "blue", (20, 10), 180)
    unit(b, "R1", "blue", (28, 17), 0)
    unit(b, "R2", "blue", (28, 3), 0)
    return b


class Answers:
    """Answer decisions from a table of (kind, unit) -> command, once each; record what was asked."""

    def __init__(self, table: dict[tuple[str, str], cmd.Command] | None = None) -> None:
        self.table = dict(table or {})
        self.asked: list[Decision] = []

    def __call__(self, d: Decision) -> cmd.Command | None:
        self.asked.append(d)
        return self.table.pop((d.kind, d.unit), None)

    def kinds(self, kind: str) -> list[str]:
        return [d.unit for d in self.asked if d.kind == kind]


# --- FG-CHG-1, FG-CHG-2, AMB-54: what a charge is, and who may be charged ------------------------


def test_FG_CHG_1_a_move_that_ends_in_contact_is_a_charge(new: Callable[..., Battle]) -> None:
    b = setup(new, [])
    unit(b, "A", "red", (16, 10), 0)
    ev = order(b, cmd.Move("A", (18.8, 10)))
    assert rejected(ev) == ["FG-CHG-1"] and pos(b, "A") == (16.0, 10.0)


def test_FG_CHG_1_a_charge_ends_in_base_to_base_contact(new: Callable[..., Battle]) -> None:
    """FG-CHG-1."""
    b = setup(new, [3, 3])
    unit(b, "A", "red", (16, 10), 0)
    ev = order(b, cmd.Charge("A", "T"))
    moved = [m for m in of(ev, "moved") if m.unit == "A" and m.how == "charge"]
    assert moved[-1].path[-1] == (18.8, 10.0)
    assert [(c.unit, c.target) for c in of(ev, "contact")] == [("A", "T")]
    assert len(of(ev, "melee")) == 1


def test_FG_CHG_1_a_charge_must_reach_its_target_with_its_move(new: Callable[..., Battle]) -> None:
    """FG-CHG-1: FG-UNIT-12: line infantry moves S (4"): 4.5" between the fronts is too far."""
    b = setup(new, [3, 3])
    unit(b, "A", "red", (14.3, 10), 0)
    ev = order(b, cmd.Charge("A", "T"))
    assert rejected(ev) == ["FG-UNIT-12"] and pos(b, "A") == (14.3, 10.0) and b.dice.used == 0


def test_FG_CHG_1_out_of_reach_is_the_bound_beyond_which_every_charge_is_refused(
    new: Callable[..., Battle],
) -> None:
    """FG-CHG-1, FG-UNIT-12: the cheap question a general asks before the whole charge (its move and its
    width): beyond it the charge is refused, short of it the rules are asked."""
    b = setup(new, [3, 3])
    unit(b, "Far", "red", (8, 10), 0)
    b.enter()
    far, t = b.ids["Far"], b.ids["T"]
    assert out_of_reach(b, far, t) and not out_of_reach(b, far, t, allowance=12.0)  # a longer allowance
    with pytest.raises(Reject) as refused:
        check_charge(b, far, t)
    assert refused.value.key == "reason_charge_out_of_reach" and refused.value.rule == "FG-UNIT-12"
    unit(b, "Near", "red", (16, 10), 0)
    b.enter()
    near = b.ids["Near"]
    assert not out_of_reach(b, near, t) and check_charge(b, near, t).target == t


def test_AMB_54_the_way_to_the_target_may_not_pass_through_a_unit(new: Callable[..., Battle]) -> None:
    """AMB-54: FG-CHG-1: a friend lies across the way (T is still seen past its ends); the charge is refused
    rather than passing through it."""
    b = setup(new, [3, 3])
    unit(b, "A", "red", (13, 10), 0, cat="LC")
    unit(b, "F", "red", (16.5, 10.0), 90)  # spans y 9.4..10.6 across A's path
    b.enter()
    assert sight(b, b.ids["A"], b.ids["T"]).visible
    ev = order(b, cmd.Charge("A", "T"))
    assert rejected(ev) == ["FG-CHG-1"] and "blocked by F" in of(ev, "rejected")[0].reason
    assert pos(b, "A") == (13.0, 10.0) and b.dice.used == 0


def test_FG_CHG_2_the_target_must_be_in_vision_before_moving(new: Callable[..., Battle]) -> None:
    """AMB-54: before any pivot. A faces away from T's line: it may not turn and charge."""
    b = setup(new, [3, 3])
    unit(b, "A", "red", (16, 10), 90)
    ev = order(b, cmd.Charge("A", "T"))
    assert rejected(ev) == ["FG-CHG-2"] and pos(b, "A") == (16.0, 10.0) and b.dice.used == 0


# --- FG-CHG-3: reactions during the charge and before the melee ----------------------------------


def test_FG_CHG_3_reactions_come_during_the_move_and_at_contact_before_the_melee(
    new: Callable[..., Battle],
) -> None:
    """FG-CHG-3:
    T reacts by shooting only once the charger is in range, at contact: the shot is resolved before
    any melee die; it hits (6 - 2 = 4) but cannot push the charger far, which still fights."""
    b = setup(new, [6, 3, 4, 2])
    unit(b, "A", "red", (16, 10), 0)
    ans = Answers({("reaction", "A"): cmd.Pass()})
    events = play(b, cmd.Charge("A", "T"), lambda d: cmd.React("T", "fire") if d.stage == "end" else ans(d))
    stages = [d.stage for d in ans.asked if d.kind == "reaction"]
    assert stages == ["during"]
    checks = [r.check for r in of(events, "roll")]
    assert checks[:2] == ["morale", "fire"]
    shot = next(r for r in of(events, "roll") if r.check == "fire")
    assert mods(shot) == {"FG-CBT-9": -2} and shot.total == 1  # 3 - 2: a miss
    assert checks[2:] == ["melee", "melee"]
    fire_at = next(i for i, e in enumerate(events) if e.kind == "roll" and e.check == "fire")
    melee_at = next(i for i, e in enumerate(events) if e.kind == "melee")
    assert fire_at < melee_at


def test_FG_FIRE_6_a_charger_pushed_by_a_reaction_cannot_complete_its_charge(
    new: Callable[..., Battle],
) -> None:
    """EX-8: the cavalry reaches contact; T passes its check and shoots it (6 - 2 = 4: a hit and a
    push): the charge is cut short, no melee."""
    b = setup(new, [6, 6, 1, 1])
    unit(b, "A", "red", (16, 10), 0, cat="LC")
    ans = Answers()
    events = play(b, cmd.Charge("A", "T"), lambda d: cmd.React("T", "fire") if d.stage == "end" else ans(d))
    assert hits(b, "A") == 1 and of(events, "pushed")[0].unit == "A"
    assert [i.rule for i in of(events, "interrupted")] == ["FG-FIRE-6"]
    assert not of(events, "melee") and b.dice.used == 2
    assert gap(b, b.ids["A"], b.ids["T"]) > 1.9
    assert ans.kinds("extra_move") == []  # FG-FIRE-7


# --- EX-22, AMB-57 ----------------------------------------------------------------------------


@pytest.mark.parametrize(("t_die", "margin", "t_after"), [(3, 7, None), (4, 6, 2)])
def test_EX_22_light_cavalry_flank_charge(
    new: Callable[..., Battle], t_die: int, margin: int, t_after: int | None
) -> None:
    """EX-22: FG-CHG-1, FG-CBT-2, AMB-57: the cavalry's +4 is its LC +2 and the flank +2; no charge bonus and
    no frontal -1. 6 + 2 + 2 = 10 against 3 destroys; against 4 it is two hits and a push XS."""
    b = setup(new, [6, t_die])
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    ans = Answers()
    ev = play(b, cmd.Charge("A", "T"), ans)
    assert not [d for d in ans.asked if d.kind == "reaction" and "T" in d.options]  # A is outside its vision
    assert of(ev, "contact")[0].sector in ("left", "right")
    rolls = melee_rolls(ev)
    assert mods(rolls["A"]) == {"FG-UNIT-5": 2, "FG-CBT-2": 2} and rolls["A"].total == 10
    assert mods(rolls["T"]) == {} and rolls["T"].total == t_die
    m = of(ev, "melee")[0]
    assert (m.margin, m.winner) == (margin, "attackers")
    if t_after is None:
        assert m.rule == "FG-CBT-16" and not status(b, "T").in_play
    else:
        assert m.rule == "FG-CBT-15" and hits(b, "T") == 2
        assert pos(b, "T") == pytest.approx((20.0, 12.0), abs=1e-3)  # XS straight away from A


# --- FG-CHG-4..6, EX-23: the cavalry extra move --------------------------------------------------


def test_FG_CHG_4_EX_23_winning_cavalry_may_reposition_up_to_S(new: Callable[..., Battle]) -> None:
    """FG-CHG-4, EX-23."""
    b = setup(new, [6, 3])
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    events = b.apply(cmd.Activate("A", leadership=False)) + b.apply(cmd.Charge("A", "T"))
    while b.pending is not None and b.pending.kind == "reaction":
        events += b.apply(cmd.Pass())
    assert b.pending is not None and b.pending.kind == "extra_move" and b.pending.unit == "A"
    assert b.pending.side == "red"
    events += b.apply(cmd.ExtraMove("A", to=(20.0, 3.9)))  # 4.5" from (20, 8.4): more than S
    assert rejected(events) == ["FG-UNIT-15"] and b.pending is not None
    events += b.apply(cmd.ExtraMove("A", to=(20.0, 4.4), facing=0))  # exactly S
    assert b.pending is None
    extra = [m for m in of(events, "moved") if m.how == "extra"]
    assert len(extra) == 1 and extra[0].distance == pytest.approx(4.0)
    assert pos(b, "A") == (20.0, 4.4) and b.pose(b.ids["A"]).facing == 0


def test_FG_CHG_4_no_extra_move_for_infantry(new: Callable[..., Battle]) -> None:
    """FG-CHG-4."""
    b = setup(new, [6, 1])
    unit(b, "A", "red", (20, 6), 90)
    ans = Answers()
    ev = play(b, cmd.Charge("A", "T"), ans)
    assert of(ev, "melee")[0].winner == "attackers" and ans.kinds("extra_move") == []


@pytest.mark.parametrize(("t_cat", "t_die"), [("LnInf", 4), ("HC", 6)])  # 1 + 2 + 2 = 5: 4 draws, 9 wins
def test_AMB_55_no_extra_move_after_a_draw_or_a_defeat(
    new: Callable[..., Battle], t_cat: str, t_die: int
) -> None:
    """AMB-55."""
    b = new([1, t_die])
    officer(b, "red-div", "red", (14, 4))
    unit(b, "T", "blue", (20, 10), 180, cat=t_cat)
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    ans = Answers()
    ev = play(b, cmd.Charge("A", "T"), ans)
    assert of(ev, "melee")[0].winner in ("draw", "defenders")
    assert ans.kinds("extra_move") == []


def test_FG_CHG_5_the_extra_move_triggers_no_reactions(new: Callable[..., Battle]) -> None:
    b = setup(new, [6, 3])
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    unit(b, "W", "blue", (23.5, 3.0), 180)  # its reaction area covers x 19.4..22.9 around y = 2..4
    ans = Answers({("extra_move", "A"): cmd.ExtraMove("A", to=(20.0, 4.4))})
    ev = play(b, cmd.Charge("A", "T"), ans)
    assert pos(b, "A") == (20.0, 4.4) and in_reaction_area(b, b.ids["W"], b.ids["A"])
    after = ans.asked[[d.kind for d in ans.asked].index("extra_move") + 1 :]
    assert after == []  # nobody was asked to react to it
    assert [n.rule for n in of(ev, "note")].count("FG-CHG-5") == 1


def test_FG_CHG_6_EX_23_the_extra_move_may_chain_a_second_charge(new: Callable[..., Battle]) -> None:
    """FG-CHG-6, EX-23:
    After destroying T, A charges T2, which stood behind T and is now in its vision; the chained
    charge is fought at once (5 + 2 - 1 = 6 against 1: two hits) and gives no second extra move."""
    b = setup(new, [6, 3, 5, 1])
    unit(b, "T2", "blue", (20, 13), 270)
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    ans = Answers({("extra_move", "A"): cmd.ExtraMove("A", charge="T2")})
    ev = play(b, cmd.Charge("A", "T"), ans)
    assert not status(b, "T").in_play
    assert [(c.unit, c.target) for c in of(ev, "contact")] == [("A", "T"), ("A", "T2")]
    melees = of(ev, "melee")
    assert len(melees) == 2 and (melees[1].attack, melees[1].defence) == (6, 1)
    assert hits(b, "T2") == 2
    assert ans.kinds("extra_move") == ["A"]  # once per activation
    assert [m.how for m in of(ev, "moved") if m.unit == "A"][-1] == "extra"
    assert not [d for d in ans.asked if d.kind == "reaction" and d.unit == "A" and d.stage == "end"][1:]


def test_FG_CHG_6_a_chained_charge_needs_its_target_in_vision_and_within_S(
    new: Callable[..., Battle],
) -> None:
    """FG-CHG-6."""
    b = setup(new, [6, 3])
    unit(b, "T2", "blue", (20, 14.5), 270)  # 5.5" from A's front after the first charge
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    events = b.apply(cmd.Activate("A", leadership=False)) + b.apply(cmd.Charge("A", "T"))
    while b.pending is not None and b.pending.kind == "reaction":
        events += b.apply(cmd.Pass())
    assert b.pending is not None and b.pending.kind == "extra_move"
    events += b.apply(cmd.ExtraMove("A", charge="T2"))
    assert rejected(events) == ["FG-UNIT-15"] and b.pending is not None  # asked again
    events += b.apply(cmd.Pass())
    assert b.pending is None and pos(b, "A") == (20.0, 8.4)


def test_FG_CHG_7_the_extra_move_after_a_reaction_charge(new: Callable[..., Battle]) -> None:
    """FG-CHG-7: Blue light cavalry reacts to a red advance by charging (6 + 2 - 2 - 1 = 5 against 1): it wins
    and blue is offered the extra move."""
    b = new([6, 6, 1])
    officer(b, "red-div", "red", (8, 14))
    unit(b, "a", "red", (12, 10), 0)
    officer(b, "blue-div", "blue", (24, 14))
    unit(b, "r", "blue", (20, 10), 180, cat="LC")
    ans = Answers({("reaction", "a"): cmd.React("r", "charge")})
    ev = play(b, cmd.Move("a", (14, 10)), ans)
    rolls = melee_rolls(ev)
    assert mods(rolls["r"]) == {"FG-UNIT-5": 2, "FG-CBT-9": -2, "FG-CBT-7": -1}
    assert of(ev, "melee")[0].winner == "attackers" and hits(b, "a") == 2
    extra = [d for d in ans.asked if d.kind == "extra_move"]
    assert [(d.unit, d.side) for d in extra] == [("r", "blue")]


def test_FG_CHG_8_EX_21_a_target_that_retreats_makes_the_charge_successful(
    new: Callable[..., Battle],
) -> None:
    """EX-21."""
    b = setup(new, [6])
    unit(b, "A", "red", (16, 10), 0, cat="LC")
    ans = Answers({("reaction", "A"): cmd.React("T", "retreat")})
    ev = play(b, cmd.Charge("A", "T"), ans)
    assert [r.purpose for r in of(ev, "roll")] == ["reaction"]
    assert pos(b, "T") == (24.0, 10.0)  # S straight away from A (FG-ORD-9)
    assert not of(ev, "melee") and "FG-CHG-8" in [n.rule for n in of(ev, "note")]
    assert ans.kinds("extra_move") == ["A"]


# --- FG-CHG-9, AMB-56: the 2-hit unit that is charged ------------------------------------------


def test_FG_CHG_9_a_two_hit_unit_that_fails_its_check_is_destroyed(new: Callable[..., Battle]) -> None:
    """5 - 2 = 3 fails: destroyed, no melee, a lost-brigade counter, and the charge is a success."""
    b = setup(new, [5])
    b.enter()
    b.comp(b.ids["T"], Hits).count = 2
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    ans = Answers()
    ev = play(b, cmd.Charge("A", "T"), ans)
    check = of(ev, "roll")[0]
    assert (check.check, check.unit, check.purpose, check.rule) == ("morale", "T", "charged", "FG-CHG-9")
    assert mods(check) == {"FG-MOR-4": -2} and check.total == 3 and check.outcome == "fail"
    assert [(d.unit, d.rule) for d in of(ev, "destroyed")] == [("T", "FG-CHG-9")]
    assert not of(ev, "melee") and officer_of(b, "blue-div").lost_brigades == 1
    assert ans.kinds("extra_move") == ["A"]  # AMB-55


def test_FG_CHG_9_a_two_hit_unit_that_passes_fights(new: Callable[..., Battle]) -> None:
    """FG-CHG-9."""
    b = setup(new, [6, 3, 6])
    unit(b, "A", "red", (20, 6), 90, cat="LC")
    b.enter()
    b.comp(b.ids["T"], Hits).count = 2
    ev = order(b, cmd.Charge("A", "T"))
    assert of(ev, "roll")[0].outcome == "pass"
    m = of(ev, "melee")[0]
    assert (m.attack, m.defence) == (3 + 2 + 2, 6 - 2) and m.winner == "attackers" and m.margin == 3


def test_AMB_56_one_check_per_unit_in_a_combined_charge(new: Callable[..., Battle]) -> None:
    """AMB-56: Two chargers touch the 2-hit T: it checks once (a natural 6), then the melee."""
    b = setup(new, [6, 3, 3, 6])
    b.enter()
    b.comp(b.ids["T"], Hits).count = 2
    unit(b, "A1", "red", (16, 10), 0)
    unit(b, "A2", "red", (20, 6), 90)
    ev = order(b, cmd.Charge("A1", "T", combined=("A2",)))
    assert [(r.check, r.unit) for r in of(ev, "roll")] == [
        ("morale", "T"),
        ("melee", "A1"),
        ("melee", "A2"),
        ("melee", "T"),
    ]


def test_AMB_56_every_two_hit_unit_the_charge_touches_checks(new: Callable[..., Battle]) -> None:
    """AMB-56."""
    b = setup(new, [1, 6, 2])
    unit(b, "D", "blue", (18.8, 12.0), 180, hits=2)  # touches the charger where it stops
    unit(b, "A", "red", (16, 10), 0)
    ev = order(b, cmd.Charge("A", "T"))
    checks = [(r.unit, r.outcome) for r in of(ev, "roll") if r.check == "morale"]
    assert checks == [("D", "fail")]  # T has no hits; D (1 - 2) fails
    assert [d.unit for d in of(ev, "destroyed")] == ["D"]
    m = of(ev, "melee")[0]
    assert m.defenders == ("T",) and (m.attack, m.defence) == (5, 2)


# --- AMB-55, FG-FIRE-7, AMB-67: who gets the extra move in a combined charge ---------------------


def test_FG_FIRE_7_cavalry_pushed_by_a_reaction_gets_no_extra_move(new: Callable[..., Battle]) -> None:
    """FG-FIRE-7: A and B, both light cavalry, charge T together. T shoots A at contact (6 - 2 = 4: pushed); B
    takes T in the flank and destroys it (6 + 2 + 2 = 10 against 1 - 1 = 0). Only B may move again."""
    b = setup(new, [6, 6, 6, 1])
    unit(b, "A", "red", (16, 10), 0, cat="LC")
    unit(b, "B", "red", (20, 6), 90, cat="LC")
    shot = {"done": False}

    def decide(d: Decision) -> cmd.Command | None:
        if d.kind == "reaction" and d.unit == "A" and d.stage == "end" and not shot["done"]:
            shot["done"] = True
            return cmd.React("T", "fire")
        return None

    ans = Answers()
    ev = play(b, cmd.Charge("A", "T", combined=("B",)), lambda d: decide(d) or ans(d))
    assert hits(b, "A") == 1 and not status(b, "T").in_play
    assert of(ev, "melee")[0].attackers == ("B",)
    assert ans.kinds("extra_move") == ["B"]


def test_AMB_67_cavalry_engaged_by_a_reaction_charge_gets_no_extra_move(new: Callable[..., Battle]) -> None:
    """AMB-67:
    R reacts to A by charging its flank and loses (1 - 2 + 2 = 1 against 5 + 2 = 7): A is not pushed
    but its charge is over. B wins against T; A, which never reached T, gets no extra move."""
    b = setup(new, [6, 1, 5, 6, 1])
    unit(b, "R", "blue", (17, 15), 270)
    unit(b, "A", "red", (16, 10), 0, cat="LC")
    unit(b, "B", "red", (20, 6), 90, cat="LC")
    ans = Answers({("reaction", "A"): cmd.React("R", "charge")})
    ev = play(b, cmd.Charge("A", "T", combined=("B",)), ans)
    first = of(ev, "melee")[0]
    assert (first.attackers, first.defenders, first.winner) == (("R",), ("A",), "defenders")
    assert pos(b, "A") == (16.0, 10.0)
    assert [i.unit for i in of(ev, "interrupted")] == ["A"]
    assert of(ev, "melee")[1].attackers == ("B",) and not status(b, "T").in_play
    assert ans.kinds("extra_move") == ["B"]


def test_AMB_55_every_winning_cavalry_of_a_combined_charge_gets_an_extra_move(
    new: Callable[..., Battle],
) -> None:
    """AMB-55."""
    b = setup(new, [4, 4, 1])
    unit(b, "A", "red", (16, 10), 0, cat="LC")
    unit(b, "B", "red", (20, 6), 90, cat="LC")
    ans = Answers()
    ev = play(b, cmd.Charge("A", "T", combined=("B",)), ans)
    assert of(ev, "melee")[0].winner == "attackers"
    assert ans.kinds("extra_move") == ["A", "B"]


def test_AMB_59_the_charger_position_at_contact_decides_the_sector(new: Callable[..., Battle]) -> None:
    """AMB-59: A comes in from T's left flank sector, well off to the side: it ends flush against the flank
    edge with its centre in the flank sector, and the roll has the flank +2."""
    b = setup(new, [1, 6])
    unit(b, "A", "red", (21.4, 5.0), 90)  # it sees only the edge of T
    ev = order(b, cmd.Charge("A", "T"))
    contact = of(ev, "contact")[0]
    assert contact.sector == sector(b, b.ids["T"], of(ev, "moved")[-1].path[-1]) == "left"
    assert mods(melee_rolls(ev)["A"]) == {"FG-CBT-2": 2}

"""Morale and leadership checks (FG-MOR, FG-LDR), disorganisation (FG-DIS) and the leadership check
that starts a division's activation (FG-ACT-2..5). Worked examples EX-5, EX-10, EX-11, EX-13, EX-15,
EX-18; ambiguities AMB-29, AMB-30, AMB-32, AMB-33."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Status
from game.model.events import Roll
from systems.for_glory.checks import check_passes, pass_chance
from tests.helpers import hits, make_battle, of, officer, officer_of, order, rules, status, unit, zeroed_rules

R = 0.4  # an officer's base radius (20 mm round base)


@pytest.fixture
def close_after() -> Iterator[list[Battle]]:
    made: list[Battle] = []
    yield made
    for b in made:
        b.close()


def battle(made: list[Battle], dice: list[int]) -> Battle:
    b = make_battle(dice)
    made.append(b)
    return b


def mods(roll: Roll) -> dict[str, int]:
    """The modifiers of a roll event by rule ID (the values of one rule summed)."""
    out: dict[str, int] = {}
    for m in roll.modifiers:
        out[m.rule] = out.get(m.rule, 0) + m.value
    return out


def morale(b: Battle, name: str) -> Roll:
    [roll] = of(b.apply(cmd.CheckMorale(name)), "roll")
    assert roll.check == "morale"
    return roll


def leadership(b: Battle, name: str) -> Roll:
    [roll] = of(b.apply(cmd.CheckLeadership(name)), "roll")
    assert roll.check == "leadership"
    return roll


def lone_unit(b: Battle, *, q: str = "R", hits_: int = 0, officer_gap: float = 6.0) -> None:
    """Unit U of division red-div at (10, 10) facing +x (its base spans x 9.4..10.6, y 9..11), with its
    officer straight behind it at the given closest-point gap. An enemy far away keeps the table real."""
    officer(b, "red-div", "red", (9.4 - R - officer_gap, 10.0))
    unit(b, "U", "red", (10, 10), 0, q=q, hits=hits_)
    unit(b, "E", "blue", (60, 40), 180)


def staff_and_officer(b: Battle, gap: float, experience: int = 3) -> None:
    """The red estado mayor at (10, 10) and division officer D at a closest-point gap from him."""
    officer(b, "staff", "red", (10.0, 10.0), role="staff")
    officer(b, "D", "red", (10.0 + 2 * R + gap, 10.0), experience=experience)


# --- exact odds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("modifier", "chance"),
    [
        (-9, Fraction(1, 6)),  # only a natural 6
        (-5, Fraction(1, 6)),  # FG-MOR-7: a natural 6 always passes
        (-2, Fraction(1, 6)),  # 6 - 2 = 4
        (-1, Fraction(2, 6)),  # 5, 6
        (0, Fraction(3, 6)),  # 4, 5, 6
        (1, Fraction(4, 6)),  # 3..6
        (2, Fraction(5, 6)),  # 2..6
        (3, Fraction(5, 6)),  # a natural 1 still fails
        (5, Fraction(5, 6)),  # FG-MOR-7: a natural 1 always fails
        (9, Fraction(5, 6)),
    ],
)
def test_FG_MOR_6_7_pass_chance_is_exact(modifier: int, chance: Fraction) -> None:
    """FG-MOR-6, FG-MOR-7, FG-LDR-5, FG-LDR-6: the exact chance that a check with this total modifier
    passes, as the AI and the client show it."""
    assert pass_chance(rules(), modifier) == chance


def test_FG_MOR_6_7_pass_chance_agrees_with_every_roll() -> None:
    """FG-MOR-6/7: pass_chance counts exactly the faces that check_passes lets through."""
    rs = rules()
    for modifier in range(-10, 11):
        passing = [d for d in range(1, 7) if check_passes(rs, d, d + modifier)]
        assert pass_chance(rs, modifier) == Fraction(len(passing), 6)
        assert 1 not in passing and 6 in passing


@pytest.mark.parametrize(("q", "hits_", "gap"), [("M", 1, 6.0), ("R", 0, 6.0), ("E", 2, 1.0), ("V", 0, 1.0)])
def test_pass_chance_matches_the_rolled_morale_check(
    close_after: list[Battle], q: str, hits_: int, gap: float
) -> None:
    """FG-MOR-1..7: rolling a unit's morale check once with each face of the die passes exactly as
    often as pass_chance says for that unit's total modifier."""
    b = battle(close_after, [1, 2, 3, 4, 5, 6])
    lone_unit(b, q=q, hits_=hits_, officer_gap=gap)
    checks = [morale(b, "U") for _ in range(6)]
    modifier = sum(m.value for m in checks[0].modifiers)
    passed = sum(1 for c in checks if c.outcome == "pass")
    assert pass_chance(rules(), modifier) == Fraction(passed, 6)


# --- morale -------------------------------------------------------------------------------------


def test_FG_MOR_1_quality_modifies_morale_EX_5(close_after: list[Battle]) -> None:
    """FG-MOR-1, FG-UNIT-26, EX-5: an Elite unit's morale check is D6 + 2: a 2 makes 4, a pass."""
    b = battle(close_after, [2])
    lone_unit(b, q="E")
    roll = morale(b, "U")
    assert mods(roll) == {"FG-UNIT-26": 2}
    assert (roll.die, roll.total, roll.outcome) == (2, 4, "pass")


def test_FG_MOR_1_militia_fails_where_regular_passes(close_after: list[Battle]) -> None:
    """FG-MOR-1: the same die 5 passes for Regulars (5) and fails for Militia (5 - 2 = 3)."""
    b = battle(close_after, [5, 5])
    lone_unit(b, q="M")
    unit(b, "V", "red", (20, 10), 0)  # V shares U's distant officer
    roll_m = morale(b, "U")
    roll_r = morale(b, "V")
    assert (roll_m.total, roll_m.outcome) == (3, "fail")
    assert (roll_r.total, roll_r.outcome) == (5, "pass")


@pytest.mark.parametrize(("gap", "bonus"), [(0.0, 2), (1.0, 2), (2.0, 2), (2.5, 0), (6.0, 0)])
def test_FG_MOR_2_own_officer_at_XS_or_less(close_after: list[Battle], gap: float, bonus: int) -> None:
    """FG-MOR-2 (AMB-29): +2 when the unit's own division officer is at XS (2") or less."""
    b = battle(close_after, [3])
    lone_unit(b, officer_gap=gap)
    roll = morale(b, "U")
    assert mods(roll).get("FG-MOR-2", 0) == bonus
    assert roll.total == 3 + bonus
    assert roll.outcome == ("pass" if bonus else "fail")


def test_AMB_29_only_the_own_division_officer_gives_the_bonus(close_after: list[Battle]) -> None:
    """AMB-29: neither another division's officer nor the estado mayor at XS gives FG-MOR-2."""
    b = battle(close_after, [4])
    lone_unit(b, officer_gap=6.0)
    officer(b, "other-div", "red", (11.0, 11.0 + 1 + R + 0.5))
    officer(b, "staff", "red", (11.0, 9.0 - R - 0.5), role="staff")
    roll = morale(b, "U")
    assert "FG-MOR-2" not in mods(roll)
    assert roll.total == 4


def test_FG_MOR_3_minus_one_per_lost_brigade_counter(close_after: list[Battle]) -> None:
    """FG-MOR-3, FG-LOST-4: -1 for each lost-brigade counter on the division officer."""
    b = battle(close_after, [6, 5])
    lone_unit(b)
    officer_of(b, "red-div").lost_brigades = 2
    assert mods(morale(b, "U")) == {"FG-MOR-3": -2}
    roll = morale(b, "U")
    assert (roll.total, roll.outcome) == (3, "fail")


def test_FG_MOR_4_minus_one_per_hit(close_after: list[Battle]) -> None:
    """FG-MOR-4: -1 per hit on the unit: with 2 hits a 5 makes 3, a failure."""
    b = battle(close_after, [5])
    lone_unit(b, hits_=2)
    roll = morale(b, "U")
    assert mods(roll) == {"FG-MOR-4": -2}
    assert (roll.total, roll.outcome) == (3, "fail")


def test_FG_MOR_5_minus_one_when_disorganised(close_after: list[Battle]) -> None:
    """FG-MOR-5, FG-DIS-2: a disorganised unit (its officer failed leadership) has -1, once (AMB-30)."""
    b = battle(close_after, [4])
    lone_unit(b)
    officer_of(b, "red-div").failed_leadership = True
    roll = morale(b, "U")
    assert mods(roll) == {"FG-MOR-5": -1}
    assert (roll.total, roll.outcome) == (3, "fail")


@pytest.mark.parametrize(("die", "outcome"), [(3, "fail"), (4, "pass")])
def test_FG_MOR_6_three_or_less_fails(close_after: list[Battle], die: int, outcome: str) -> None:
    """FG-MOR-6: a total of 3 or less fails, 4 passes."""
    b = battle(close_after, [die])
    lone_unit(b)
    roll = morale(b, "U")
    assert (roll.total, roll.outcome) == (die, outcome)


def test_FG_MOR_7_natural_1_fails_whatever_the_modifiers(close_after: list[Battle]) -> None:
    """FG-MOR-7: Elite with its officer at XS has +4; a natural 1 (total 5) still fails."""
    b = battle(close_after, [1])
    lone_unit(b, q="E", officer_gap=1.0)
    roll = morale(b, "U")
    assert (roll.die, roll.total, roll.outcome) == (1, 5, "fail")


def test_FG_MOR_7_natural_6_passes_whatever_the_modifiers(close_after: list[Battle]) -> None:
    """FG-MOR-7: Militia with 2 hits, disorganised, 2 lost brigades: -7; a natural 6 (total -1) passes."""
    b = battle(close_after, [6])
    lone_unit(b, q="M", hits_=2)
    off = officer_of(b, "red-div")
    off.failed_leadership, off.lost_brigades = True, 2
    roll = morale(b, "U")
    assert mods(roll) == {"FG-UNIT-26": -2, "FG-MOR-3": -2, "FG-MOR-4": -2, "FG-MOR-5": -1}
    assert (roll.die, roll.total, roll.outcome) == (6, -1, "pass")


# --- leadership ---------------------------------------------------------------------------------


def test_FG_LDR_1_experience_is_added(close_after: list[Battle]) -> None:
    """FG-LDR-1: D6 + experience; with no estado mayor on the table no distance modifiers apply."""
    b = battle(close_after, [2])
    officer(b, "D", "red", (10, 10), experience=2)
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 2}
    assert (roll.total, roll.outcome) == (4, "pass")


def test_FG_LDR_2_EX_11_officer_A_at_XS_nets_plus_one(close_after: list[Battle]) -> None:
    """FG-LDR-2, EX-11 (officer A), AMB-32: at XS or less, +2 and the first band's -1: net +1."""
    b = battle(close_after, [2])
    staff_and_officer(b, 1.5, experience=2)
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 2, "FG-LDR-2": 2, "FG-LDR-4": -1}
    assert (roll.total, roll.outcome) == (5, "pass")  # "together with his experience, it adds up to 5"


def test_FG_LDR_3_minus_one_per_lost_brigade_counter(close_after: list[Battle]) -> None:
    """FG-LDR-3: -1 per lost-brigade counter on the officer."""
    b = battle(close_after, [4])
    staff_and_officer(b, 5.0, experience=2)
    officer_of(b, "D").lost_brigades = 2
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 2, "FG-LDR-3": -2, "FG-LDR-4": -1}
    assert (roll.total, roll.outcome) == (3, "fail")


@pytest.mark.parametrize(("gap", "modifier"), [(8.0, -1), (12.0, -2), (38.0, -4)])
def test_FG_LDR_4_EX_10_distance_bands(close_after: list[Battle], gap: float, modifier: int) -> None:
    """FG-LDR-4, EX-10: -1 per XL band rounded up: 8" -1, 12" -2, 38" -4."""
    b = battle(close_after, [4])
    officer(b, "staff", "red", (5.0, 5.0), role="staff")
    officer(b, "D", "red", (5.0 + 2 * R + gap, 5.0), experience=3)
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 3, "FG-LDR-4": modifier}
    assert roll.total == 4 + 3 + modifier


@pytest.mark.parametrize(
    ("gap", "modifiers"),
    [
        (0.0, {"FG-LDR-2": 2, "FG-LDR-4": -1}),  # in contact: still one band
        (2.0, {"FG-LDR-2": 2, "FG-LDR-4": -1}),
        (2.5, {"FG-LDR-4": -1}),
        (10.0, {"FG-LDR-4": -1}),
        (10.5, {"FG-LDR-4": -2}),
        (20.0, {"FG-LDR-4": -2}),
        (20.5, {"FG-LDR-4": -3}),
    ],
)
def test_AMB_32_bands_are_max_1_ceil_d_over_10(
    close_after: list[Battle], gap: float, modifiers: dict[str, int]
) -> None:
    """AMB-32: bands = max(1, ceil(d / 10")), d the closest-point distance to the estado mayor."""
    b = battle(close_after, [4])
    staff_and_officer(b, gap, experience=1)
    assert mods(leadership(b, "D")) == {"FG-LDR-1": 1, **modifiers}


@pytest.mark.parametrize(("die", "outcome"), [(3, "pass"), (2, "fail")])
def test_FG_LDR_5_EX_11_officer_C(close_after: list[Battle], die: int, outcome: str) -> None:
    """EX-11 (officer C), FG-LDR-5: experience 3, more than XL away (-2): a 3 makes 4 and passes, a 2
    makes 3 and fails."""
    b = battle(close_after, [die])
    staff_and_officer(b, 15.0, experience=3)
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 3, "FG-LDR-4": -2}
    assert (roll.total, roll.outcome) == (die + 1, outcome)


def test_EX_11_officer_B_between_XS_and_XL(close_after: list[Battle]) -> None:
    """EX-11 (officer B): more than XS and less than XL away: -1 only; a total of 4 does not fail."""
    b = battle(close_after, [3])
    staff_and_officer(b, 6.0, experience=2)
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 2, "FG-LDR-4": -1}
    assert (roll.total, roll.outcome) == (4, "pass")


@pytest.mark.parametrize(("die", "outcome"), [(4, "pass"), (3, "fail")])
def test_EX_11_officer_D_at_35_inches(close_after: list[Battle], die: int, outcome: str) -> None:
    """EX-11 (officer D): experience 4 at 35" (-4): only 4, 5 or 6 passes."""
    b = battle(close_after, [die])
    staff_and_officer(b, 35.0, experience=4)
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 4, "FG-LDR-4": -4}
    assert (roll.total, roll.outcome) == (die, outcome)
    assert pass_chance(rules(), 0) == Fraction(1, 2)


def test_EX_13_officer_at_XS_fails_only_on_a_natural_1(close_after: list[Battle]) -> None:
    """EX-13: an officer at XS from the estado mayor who rolls 2 passes (2 + 1 + 2 - 1 = 4); only a
    natural 1 fails him."""
    b = battle(close_after, [2, 1])
    staff_and_officer(b, 1.0, experience=1)
    first = leadership(b, "D")
    assert (first.total, first.outcome) == (4, "pass")
    second = leadership(b, "D")
    assert (second.total, second.outcome) == (3, "fail")
    assert pass_chance(rules(), sum(m.value for m in first.modifiers)) == Fraction(5, 6)


def test_EX_15_distant_veteran_officer_under_current_rules(close_after: list[Battle]) -> None:
    """EX-15 (current rules, AMB-69): experience 6 at 24" is -3 (not -6); a 2 makes 5 and passes."""
    b = battle(close_after, [2])
    staff_and_officer(b, 24.0, experience=6)
    roll = leadership(b, "D")
    assert mods(roll) == {"FG-LDR-1": 6, "FG-LDR-4": -3}
    assert (roll.total, roll.outcome) == (5, "pass")


def test_FG_LDR_6_EX_18_natural_1_fails_natural_6_passes(close_after: list[Battle]) -> None:
    """FG-LDR-6, EX-18: a natural 1 fails at +7; a natural 6 passes at -4 (total 2)."""
    b = battle(close_after, [1, 6])
    officer(b, "staff", "red", (10.0, 10.0), role="staff")
    officer(b, "near", "red", (10.0 + 2 * R + 1.0, 10.0), experience=6)
    officer(b, "far", "red", (10.0 + 2 * R + 38.0, 10.0), experience=0)
    near = leadership(b, "near")
    assert (near.die, near.total, near.outcome) == (1, 8, "fail")
    far = leadership(b, "far")
    assert (far.die, far.total, far.outcome) == (6, 2, "pass")


def test_AMB_13_leadership_ignores_quality_and_disorganisation(close_after: list[Battle]) -> None:
    """FG-DIS-2, AMB-13: a leadership check takes neither the units' quality nor the -1 for being
    disorganised, even when the division already is."""
    b = battle(close_after, [4])
    officer(b, "red-div", "red", (10, 10), experience=0)
    unit(b, "U", "red", (12, 10), 0, q="E")
    officer_of(b, "red-div").failed_leadership = True
    roll = leadership(b, "red-div")
    assert mods(roll) == {}
    assert (roll.total, roll.outcome) == (4, "pass")


# --- the activation's leadership check and disorganisation ------------------------------------


def division(b: Battle, experience: int = 3) -> None:
    """Red division red-div (officer at (10, 8)) with U1 and U2, the estado mayor 6" from the officer,
    and a blue unit far away."""
    officer(b, "staff", "red", (10.0 + 2 * R + 6.0, 8.0), role="staff")
    officer(b, "red-div", "red", (10.0, 8.0), experience=experience)
    unit(b, "U1", "red", (10, 12), 90)
    unit(b, "U2", "red", (14, 12), 90)
    unit(b, "E", "blue", (60, 40), 270)


def test_FG_ACT_2_activation_takes_a_leadership_check(close_after: list[Battle]) -> None:
    """FG-ACT-2, FG-ACT-3, FG-ORD-1: activating a division rolls its officer's leadership check;
    on a pass its units are not disorganised and take orders."""
    b = battle(close_after, [4, 5])
    division(b)
    events = b.apply(cmd.Activate("red-div"))
    [roll] = of(events, "roll")
    assert (roll.check, roll.officer, roll.rule) == ("leadership", "red-div", "FG-ACT-2")
    assert mods(roll) == {"FG-LDR-1": 3, "FG-LDR-4": -1}
    assert (roll.total, roll.outcome) == (6, "pass")
    assert not officer_of(b, "red-div").failed_leadership
    events = b.apply(cmd.Move("U1", (10, 14)))
    assert not of(events, "rejected")
    assert b.activation is not None and b.activation.leadership_passed


def test_FG_ACT_4_failed_check_disorganises_until_the_next_activation(close_after: list[Battle]) -> None:
    """FG-ACT-4, FG-DIS-1, AMB-33: a failed leadership check disorganises the whole division: its
    units still take orders, with -1 on their rolls; the division stays disorganised through other
    formations' activations; a pass at its next activation clears it."""
    b = battle(close_after, [1, 4, 5])
    division(b)
    events = b.apply(cmd.Activate("red-div"))
    [roll] = of(events, "roll")
    assert roll.outcome == "fail"
    [dis] = of(events, "disorganised")
    assert (dis.officer, dis.value, dis.rule) == ("red-div", True, "FG-ACT-4")
    # AMB-33: the units may still act
    assert not of(b.apply(cmd.Move("U1", (10, 14))), "rejected")
    # the blue side activates: the red units are still disorganised
    b.apply(cmd.Activate("E", leadership=False))
    assert mods(morale(b, "U2")) == {"FG-MOR-5": -1}
    # the next red activation passes: no longer disorganised
    events = b.apply(cmd.Activate("red-div"))
    assert of(events, "roll")[0].outcome == "pass"
    assert of(events, "disorganised")[0].value is False
    assert not officer_of(b, "red-div").failed_leadership


def test_FG_ACT_5_detachment_activates_without_a_check(close_after: list[Battle]) -> None:
    """FG-ACT-5, FG-DIS-1, AMB-47: a detachment (units beyond L of their officer) activates with no
    leadership roll, and its units are disorganised: -1 on their morale checks."""
    b = battle(close_after, [4])
    officer(b, "red-div", "red", (5, 5))
    unit(b, "U", "red", (30, 30), 0)
    unit(b, "E", "blue", (60, 40), 180)
    events = b.apply(cmd.Activate("U"))
    assert not of(events, "roll")
    [note] = of(events, "note")
    assert note.rule == "FG-ACT-5" and note.details == {"units": ["U"]}
    assert b.activation is not None and b.activation.formation.detachment
    assert status(b, "U").detached
    roll = morale(b, "U")
    assert mods(roll) == {"FG-MOR-5": -1}
    assert (roll.total, roll.outcome) == (3, "fail")


def test_FG_DIS_2_AMB_30_minus_one_once_on_a_shot(close_after: list[Battle]) -> None:
    """FG-DIS-2, FG-CBT-5, AMB-30: a disorganised unit's shot has -1 once (not once per rule)."""
    b = battle(close_after, [5])
    officer(b, "red-div", "red", (5, 5))
    unit(b, "U", "red", (30, 30), 0)  # detached
    unit(b, "T", "blue", (32.8, 30), 180)
    [roll] = of(order(b, cmd.Fire("U", "T")), "roll")
    assert roll.check == "fire"
    assert [m.value for m in roll.modifiers if m.rule in ("FG-CBT-5", "FG-MOR-5", "FG-DIS-2")] == [-1]
    assert roll.total == 4
    assert hits(b, "T") == 1


def test_FG_DIS_3_disorganised_units_make_no_strategic_move(close_after: list[Battle]) -> None:
    """FG-DIS-3, FG-STRAT-2: far from every enemy an organised line infantry may move 8" (base move
    twice); the same move by a detached (disorganised) unit is rejected."""
    b = battle(close_after, [])
    officer(b, "red-div", "red", (10, 10))
    unit(b, "U", "red", (10, 12), 90)  # with its officer
    unit(b, "D", "red", (40, 12), 90)  # more than L away: a detachment
    unit(b, "E", "blue", (66, 44), 270)
    events = order(b, cmd.Move("U", (10, 19)))
    assert not of(events, "rejected")
    assert of(events, "moved")[-1].how == "strategic"
    events = order(b, cmd.Move("D", (40, 19)))
    [rej] = of(events, "rejected")
    assert rej.rule == "FG-UNIT-12"
    assert status(b, "D").detached


# --- modded numbers: the rules read every value from the content (issue 24: mutation survivors) ------


def test_FG_MOR_2_FG_MOR_5_FG_LDR_2_a_modifier_a_mod_sets_to_0_gives_no_line(
    close_after: list[Battle],
) -> None:
    """FG-MOR-2, FG-MOR-5, FG-LDR-2: the value is the content's: a mod that sets it to 0 removes the
    line (the check's total is the die alone)."""
    rs = zeroed_rules(morale=("officer_near", "disorganised"), leadership=("staff_near",))
    b = make_battle([3, 3], ruleset=rs)
    close_after.append(b)
    lone_unit(b, officer_gap=1.0)
    b.comp(b.ids["U"], Status).detached = True  # disorganised (FG-DIS-1)
    roll = morale(b, "U")
    assert "FG-MOR-2" not in mods(roll) and "FG-MOR-5" not in mods(roll) and roll.total == 3
    staff_and_officer(b, 1.5, experience=0)
    assert "FG-LDR-2" not in mods(leadership(b, "D"))


def test_FG_MOR_7_pass_chance_counts_every_face_of_the_die() -> None:
    """FG-MOR-6, FG-MOR-7: with no natural fail (a mod's rules), a +5 check passes on every face: the
    exact chance counts the 1 too."""
    rs = rules()
    no_fail = dataclasses.replace(
        rs, core=dataclasses.replace(rs.core, checks=dataclasses.replace(rs.core.checks, natural_fail=0))
    )
    assert pass_chance(no_fail, 5) == 1 and pass_chance(rs, 5) == Fraction(5, 6)

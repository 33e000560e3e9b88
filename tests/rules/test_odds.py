"""systems/for_glory/odds.py: the exact odds of a shot, a charge and a melee, from the same modifiers and
tables that resolve them (EX-24 with numbers; FG-CBT-12..17, FG-CHG-9, FG-MOR-6/7)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.resolution import Reject
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.melee import Attack
from systems.for_glory.odds import check_odds, fire_odds, melee_odds
from tests.helpers import of, officer, order, unit

SIXTH = Fraction(1, 6)


def battery_and_target(new: Callable[..., Battle], dice: tuple[int, ...] = ()) -> Battle:
    """A regular horse battery at (10, 10) facing north; a line brigade 3.8" in front of it (more
    than XS: no close-range bonus), in the open."""
    b = new(dice)
    officer(b, "red-div", "red", (10.0, 6.0))
    officer(b, "blue-div", "blue", (10.0, 24.0))
    unit(b, "ha", "red", (10.0, 10.0), 90.0, cat="HA")
    unit(b, "line", "blue", (10.0, 15.0), 270.0)
    return b


def by_hand(modifier: int) -> dict[str, Fraction]:
    """The Shooting column counted out: a D6 plus the modifier, 0-2 miss, 3 pushed, 4-6 one hit,
    7-9 two hits, 10+ destroyed (FG-CBT-13..17); below 0 is a miss (AMB-61)."""
    out: dict[str, Fraction] = {}
    for die in range(1, 7):
        total = die + modifier
        label = (
            "miss"
            if total <= 2
            else "pushed"
            if total == 3
            else "one hit"
            if total <= 6
            else "two hits"
            if total <= 9
            else "destroyed"
        )
        out[label] = out.get(label, Fraction(0)) + SIXTH
    return out


def test_EX_24_fire_odds_of_the_horse_battery(new: Callable[..., Battle]) -> None:
    """EX-24: the horse battery's -2: a 4 gives 2, a miss. Its odds: 1-4 miss (4/6), 5 pushed (1/6),
    6 one hit (1/6); they add up to 1, and the shot rolled with a 4 is the miss they predict."""
    b = battery_and_target(new, (4,))
    b.enter()
    odds = fire_odds(b, b.ids["ha"], b.ids["line"])
    assert odds == {"miss": 4 * SIXTH, "pushed": SIXTH, "one hit": SIXTH} == by_hand(-2)
    assert sum(odds.values()) == 1
    events = order(b, cmd.Fire("ha", "line"))
    (roll,) = [e for e in of(events, "roll") if e.check == "fire"]
    assert (roll.die, roll.total, roll.outcome) == (4, 2, "miss")


def test_EX_24_shot_2_a_marker_near_the_target_shifts_the_odds(new: Callable[..., Battle]) -> None:
    """EX-24 shot 2: one marker at XS or less from the target: +1, so 4 + 1 - 2 = 3, pushed; the odds
    become 1-3 miss, 4 pushed, 5-6 one hit."""
    b = battery_and_target(new)
    b.add_marker((10.0, 17.0))  # 1.4" beyond the target's rear edge
    b.enter()
    odds = fire_odds(b, b.ids["ha"], b.ids["line"])
    assert odds == {"miss": 3 * SIXTH, "pushed": SIXTH, "one hit": 2 * SIXTH} == by_hand(-1)
    assert sum(odds.values()) == 1


def test_fire_odds_against_an_officer(new: Callable[..., Battle]) -> None:
    """AMB-18: against an officer (the only valid target) any hit kills and a 3 pushes: light
    infantry (+1) kills on 3-6, pushes on 2, misses on 1."""
    b = new()
    officer(b, "red-div", "red", (10.0, 2.0))
    unit(b, "li", "red", (10.0, 6.0), 90.0, cat="LI")
    officer(b, "blue-div", "blue", (10.0, 9.0))
    unit(b, "far", "blue", (40.0, 40.0), 270.0, division="blue-div")
    b.enter()
    odds = fire_odds(b, b.ids["li"], b.ids["blue-div"])
    assert odds == {"miss": SIXTH, "pushed": SIXTH, "killed": 4 * SIXTH}


def test_fire_odds_of_a_forbidden_shot_raise(new: Callable[..., Battle]) -> None:
    """A shot the rules forbid (out of range) has no odds: the same Reject as the order."""
    b = new()
    unit(b, "ha", "red", (10.0, 10.0), 90.0, cat="HA")
    unit(b, "line", "blue", (10.0, 30.0), 270.0)
    b.enter()
    with pytest.raises(Reject):
        fire_odds(b, b.ids["ha"], b.ids["line"])


def charge_setup(new: Callable[..., Battle], target_hits: int) -> Battle:
    """Regular heavy cavalry 2.8" in front of a regular line brigade, front to front; no officer near
    the target (no +2 on its morale)."""
    b = new()
    officer(b, "red-div", "red", (10.0, 6.0))
    officer(b, "blue-div", "blue", (30.0, 30.0))
    unit(b, "hc", "red", (10.0, 10.0), 90.0, cat="HC")
    unit(b, "line", "blue", (10.0, 14.0), 270.0, hits=target_hits)
    return b


def test_FG_CHG_9_charge_odds_at_a_2_hit_target_include_its_breaking(new: Callable[..., Battle]) -> None:
    """FG-CHG-9 (AMB-56): a target with 2 hits takes a morale check first (-2 for its hits: only a
    natural 6 passes), so it breaks 5 times in 6; the melee odds share the remaining 1/6."""
    b = charge_setup(new, 2)
    b.enter()
    odds = charge_odds(b, b.ids["hc"], b.ids["line"])
    assert odds["target breaks"] == 5 * SIXTH
    assert sum(odds.values()) == 1
    assert sum(v for k, v in odds.items() if k != "target breaks") == SIXTH
    assert check_odds(b, b.ids["line"]) == SIXTH


def test_charge_odds_at_a_fresh_target_are_the_melee_odds(new: Callable[..., Battle]) -> None:
    """Without hits the target does not check: the charge odds are those of the melee at contact
    (heavy cavalry +3, frontal charge -1, against 0), and add up to 1."""
    b = charge_setup(new, 0)
    b.enter()
    odds = charge_odds(b, b.ids["hc"], b.ids["line"])
    assert "target breaks" not in odds and sum(odds.values()) == 1
    fight = melee_odds(b, [Attack(b.ids["hc"], b.ids["line"], "front")], [b.ids["line"]])
    assert odds == fight
    assert odds["won: destroyed"] > odds.get("lost: destroyed", 0)
    assert b.pose(b.ids["hc"]).y == 10.0  # the charger is back where it stands


def test_charge_odds_at_an_officer(new: Callable[..., Battle]) -> None:
    """AMB-18: contact kills an officer: certain."""
    b = new()
    unit(b, "hc", "red", (10.0, 10.0), 90.0, cat="HC")
    officer(b, "blue-div", "blue", (10.0, 13.0))
    unit(b, "far", "blue", (40.0, 40.0), 270.0, division="blue-div")
    b.enter()
    assert charge_odds(b, b.ids["hc"], b.ids["blue-div"]) == {"officer killed": Fraction(1)}


def test_melee_odds_are_symmetric_between_equal_sides(new: Callable[..., Battle]) -> None:
    """Equal totals (veteran line +1, frontal charge -1, against regular line 0): each result is as
    likely won as lost. Counted out on 36 pairs: |difference| 0-2 draw (24), 3 pushed (3 each way),
    4-5 two hits (3 each way), no 7 (FG-CBT-12..17, AMB-62)."""
    b = new()
    unit(b, "a", "red", (10.0, 10.0), 90.0, q="V")
    unit(b, "d", "blue", (10.0, 11.2), 270.0)
    b.enter()
    odds = melee_odds(b, [Attack(b.ids["a"], b.ids["d"], "front")], [b.ids["d"]])
    assert odds == {
        "draw": Fraction(24, 36),
        "won: pushed": Fraction(3, 36),
        "lost: pushed": Fraction(3, 36),
        "won: two hits": Fraction(3, 36),
        "lost: two hits": Fraction(3, 36),
    }


def melee_by_hand(difference: int) -> dict[str, Fraction]:
    """The Melee column counted out over the 36 pairs of dice, from the attackers' side: a margin of
    0-2 is a draw, 3 pushed, 4-6 two hits, 7+ destroyed (FG-CBT-13..16)."""
    out: dict[str, Fraction] = {}
    for mine in range(1, 7):
        for theirs in range(1, 7):
            margin = mine + difference - theirs
            size = abs(margin)
            label = "pushed" if size == 3 else "two hits" if size <= 6 else "destroyed"
            key = "draw" if size <= 2 else (f"won: {label}" if margin > 0 else f"lost: {label}")
            out[key] = out.get(key, Fraction(0)) + Fraction(1, 36)
    return out


def test_melee_odds_counted_out_by_hand(new: Callable[..., Battle]) -> None:
    """Veteran heavy cavalry (3 + 1, frontal charge -1: +3) against irregular light infantry (-1 - 1:
    -2): the attackers are 5 up, and the odds are the 36 pairs of dice counted out; red charging is
    far likelier to win than blue charging back (-1 - 1 - 1 = -3 against +4)."""
    b = new()
    unit(b, "hc", "red", (10.0, 10.0), 90.0, cat="HC", q="V")
    unit(b, "li", "blue", (10.0, 11.2), 270.0, cat="LI", q="I")
    b.enter()
    hc, li = b.ids["hc"], b.ids["li"]
    one = melee_odds(b, [Attack(hc, li, "front")], [li])
    other = melee_odds(b, [Attack(li, hc, "front")], [hc])
    assert one == melee_by_hand(5)
    assert other == melee_by_hand(-7)
    assert sum(one.values()) == 1 and sum(other.values()) == 1
    won = {
        k: sum(v for key, v in odds.items() if key.startswith("won"))
        for k, odds in (("red", one), ("blue", other))
    }
    assert won["red"] > won["blue"]


def test_two_attackers_sum_their_dice(new: Callable[..., Battle]) -> None:
    """AMB-62: two chargers add their dice (and modifiers) against one defender: the odds still add
    up to 1, and two attackers win more often than one."""
    b = new()
    unit(b, "a1", "red", (10.0, 10.0), 90.0)
    unit(b, "a2", "red", (12.0, 10.0), 90.0)
    unit(b, "d", "blue", (11.0, 11.2), 270.0)
    b.enter()
    d = b.ids["d"]
    single = melee_odds(b, [Attack(b.ids["a1"], d, "front")], [d])
    double = melee_odds(b, [Attack(b.ids["a1"], d, "front"), Attack(b.ids["a2"], d, "front")], [d])
    assert sum(double.values()) == 1
    won = sum(v for k, v in double.items() if k.startswith("won"))
    assert won > sum(v for k, v in single.items() if k.startswith("won"))


@pytest.mark.parametrize(("experience", "staff_at"), [(3, (30.0, 21.0)), (1, (30.0, 45.0)), (6, None)])
def test_FG_ACT_2_FG_LDR_1_leadership_odds_are_the_share_of_faces_that_pass(
    new: Callable[..., Battle], experience: int, staff_at: tuple[float, float] | None
) -> None:
    """The chance shown before activating is what the check gives on each face of the die."""
    from systems.for_glory.odds import leadership_odds

    def battle(die: int | None) -> Battle:
        b = new([die] if die is not None else [])
        officer(b, "o", "red", (30.0, 20.0), experience=experience)
        if staff_at is not None:
            officer(b, "gen", "red", staff_at, role="staff")
        return b

    passes = 0
    for die in range(1, 7):
        b = battle(die)
        events = b.apply(cmd.CheckLeadership("o"))
        passes += [r.outcome for r in of(events, "roll")] == ["pass"]
    asked = battle(None)
    assert leadership_odds(asked, asked.ids["o"]) == Fraction(passes, 6)
    assert 0 < passes <= 5  # a natural 1 always fails (FG-LDR-6)

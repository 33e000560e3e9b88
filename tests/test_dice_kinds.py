"""Dice of any kind for rule modules (game/model/dice.py) and their exact odds (game/model/probability.py):
nD6 sums, 2D6 against a value, pools of successes, best of n, a D10 read 0-9; scripts give one value per
die."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from game.model import probability as prob
from game.model.dice import D6, Dice, Die
from game.model.errors import DiceExhausted, WrongDie
from game.model.events import ModLine, Roll

D10 = Die(10, 0)  # read 0-9


def brute(n: int, die: Die, read: object) -> dict[int, Fraction]:
    """Every outcome of n dice counted one by one: what the exact formulas must match."""
    faces = range(die.low, die.high + 1)
    out: dict[int, Fraction] = {}
    every = list(itertools.product(faces, repeat=n))
    for roll in every:
        v = read(roll)  # type: ignore[operator]
        out[v] = out.get(v, Fraction(0)) + Fraction(1, len(every))
    return out


@pytest.mark.parametrize(("n", "die"), [(1, D6), (2, D6), (3, D6), (2, D10), (1, Die(4))])
def test_sums_are_exact(n: int, die: Die) -> None:
    assert prob.total(n, die) == brute(n, die, sum)


def test_two_d6_against_a_value() -> None:
    two = prob.total(2)
    assert two[7] == Fraction(1, 6) and min(two) == 2 and max(two) == 12
    assert prob.chance(two, lambda t: t <= 7) == Fraction(21, 36)  # a 2D6 test against leadership 7
    assert prob.chance(prob.shift(two, -1), lambda t: t <= 7) == Fraction(26, 36)  # with a -1


@pytest.mark.parametrize(("n", "die"), [(2, D6), (3, D6), (2, D10)])
def test_best_of_n_is_exact(n: int, die: Die) -> None:
    assert prob.best(n, die) == brute(n, die, max)
    assert prob.best(2)[6] == Fraction(11, 36)


def test_pools_count_successes() -> None:
    pool = prob.successes(4, D6, lambda v: v >= 5)
    assert pool == brute(4, D6, lambda roll: sum(1 for v in roll if v >= 5))
    assert sum(pool.values()) == 1 and pool[0] == Fraction(16, 81)


def test_a_d10_read_0_to_9_rolls_and_is_scripted_by_its_faces() -> None:
    seen = set(Dice(seed=5).roll(300, D10))
    assert seen == set(range(10))
    assert Dice(script=[0, 9]).roll(2, D10) == (0, 9)
    with pytest.raises(WrongDie, match="die number 1 of the dice list is 0, and the battle rolls a D6 there"):
        Dice(script=[0]).d6()
    assert str(D10) == "D10 read 0-9" and str(D6) == "D6"


def test_scripts_keep_one_value_per_die_and_a_seed_reproduces() -> None:
    d = Dice(script=[3, 4, 5, 1])
    assert d.roll(3) == (3, 4, 5) and d.d6() == 1 and d.used == 4
    with pytest.raises(DiceExhausted):
        d.roll(1)
    assert Dice(seed=9).roll(5) == Dice(seed=9).roll(5)
    # one D6 at a time draws exactly what For Glory drew before dice of other kinds existed
    a, b = Dice(seed=2026), Dice(seed=2026)
    assert [a.d6() for _ in range(50)] == list(b.roll(50, D6))


def test_a_roll_of_several_dice_records_each_and_single_dice_are_unchanged() -> None:
    many = Roll(
        check="rally",
        die=9,
        dice=(4, 5),
        read="sum",
        modifiers=(ModLine("X-1", "general", 1),),
        total=10,
        outcome="pass",
    )
    assert many.to_dict()["dice"] == [4, 5] and many.to_dict()["read"] == "sum"
    single = Roll(check="fire", die=4, modifiers=(), total=4, outcome="miss")
    assert "dice" not in single.to_dict() and "read" not in single.to_dict()  # replays' fingerprints hold


def test_a_script_die_must_fit_the_dice_of_its_rules(tmp_path: Path) -> None:
    from game.model.errors import ContentError
    from tests.helpers import run_toml

    text = """
table = [48, 36]
dice = [11]
officers = [{ id = "A", side = "a", role = "division", experience = 3, at = [10, 10] },
            { id = "B", side = "b", role = "division", experience = 3, at = [30, 30] }]
units = []
steps = [{ check = "leadership", officer = "A" }]
"""
    with pytest.raises(ContentError, match=r"dice\[0\]: a D6 shows 1 to 6, found 11"):
        run_toml(tmp_path, text)

"""Exact odds of dice, as fractions: the distribution of any roll a rule module makes (nD sums, a sum
against a value, pools of successes, best of n), so the client and the AI show and weigh exact chances.
Pure arithmetic over `Die` kinds; the rules decide what a value means."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from math import comb

from game.model.dice import D6, Die

Distribution = Mapping[int, Fraction]


def one(die: Die = D6) -> dict[int, Fraction]:
    return {v: Fraction(1, die.faces) for v in range(die.low, die.high + 1)}


@cache
def _sum(n: int, die: Die) -> tuple[tuple[int, Fraction], ...]:
    out: dict[int, Fraction] = {0: Fraction(1)}
    face = one(die)
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for total, p in out.items():
            for v, q in face.items():
                nxt[total + v] = nxt.get(total + v, Fraction(0)) + p * q
        out = nxt
    return tuple(sorted(out.items()))


def total(n: int, die: Die = D6) -> dict[int, Fraction]:
    """The sum of n dice (2D6: 2 to 12, 7 the likeliest at 1/6)."""
    return dict(_sum(n, die))


def best(n: int, die: Die = D6) -> dict[int, Fraction]:
    """The highest of n dice: P(best <= v) = P(one <= v)^n."""
    f = die.faces
    return {
        v: Fraction(v - die.low + 1, f) ** n - Fraction(v - die.low, f) ** n
        for v in range(die.low, die.high + 1)
    }


def successes(n: int, die: Die, success: Callable[[int], bool]) -> dict[int, Fraction]:
    """How many of n dice succeed (a pool: each die that shows a success counts one)."""
    p = Fraction(sum(1 for v in range(die.low, die.high + 1) if success(v)), die.faces)
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def chance(dist: Distribution, passes: Callable[[int], bool]) -> Fraction:
    """The chance a roll of this distribution passes (2D6 against a value: `lambda t: t <= value`)."""
    return sum((p for v, p in dist.items() if passes(v)), Fraction(0))


def shift(dist: Distribution, modifier: int) -> dict[int, Fraction]:
    """The same roll with a fixed modifier added."""
    return {v + modifier: p for v, p in dist.items()}

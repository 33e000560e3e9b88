"""The battle's dice: the only source of randomness in the model."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from game.model.errors import DiceExhausted, WrongDie

FACES = 6
T = TypeVar("T")


@dataclass(frozen=True)
class Die:
    """One kind of die: `faces` values from `low` up (a D6 shows 1-6; a D10 read 0-9 is Die(10, 0))."""

    faces: int
    low: int = 1

    @property
    def high(self) -> int:
        return self.low + self.faces - 1

    def shows(self, value: int) -> bool:
        return self.low <= value <= self.high

    def __str__(self) -> str:
        return f"D{self.faces}" + (f" read {self.low}-{self.high}" if self.low != 1 else "")


D6 = Die(FACES)


class Dice:
    """Rolls from a seed, or from a fixed list of one value per die (scripted battles, tests)."""

    def __init__(self, seed: int | None = None, script: Sequence[int] | None = None) -> None:
        self.seed = seed
        self._script = list(script) if script is not None else None
        self._rng = random.Random(seed if seed is not None else 0)
        self.used = 0

    @property
    def scripted(self) -> bool:
        return self._script is not None

    def reseed(self, seed: int) -> None:
        """Roll on from a new seed (a network game's command, whose dice both machines draw after it
        is given: game/net/dice_chain.py); a fixed list of dice goes on as it was."""
        self._rng = random.Random(seed)

    def d6(self) -> int:
        return self.one(D6)

    def one(self, die: Die) -> int:
        if self._script is not None:
            if self.used >= len(self._script):
                raise DiceExhausted(
                    f"the dice list ran out: the script gives {len(self._script)} dice "
                    f"and the battle needed a die number {self.used + 1}"
                )
            value = self._script[self.used]
            if not die.shows(value):
                raise WrongDie(
                    f"die number {self.used + 1} of the dice list is {value}, and the battle rolls a {die} "
                    f"there: it shows {die.low} to {die.high}"
                )
        else:
            value = self._rng.randint(die.low, die.high)
        self.used += 1
        return value

    def roll(self, n: int, die: Die = D6) -> tuple[int, ...]:
        """n dice of one kind, each recorded (a roll event lists them all)."""
        return tuple(self.one(die) for _ in range(n))


class Chooser:
    """A computer player's own random choices (seeded; never the battle's dice)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def pick(self, items: Sequence[T]) -> T:
        return items[self._rng.randrange(len(items))]

    def uniform(self, a: float, b: float) -> float:
        return self._rng.uniform(a, b)

    def chance(self, p: float) -> bool:
        return self._rng.random() < p

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._rng.shuffle(out)
        return out

"""The battle's dice: the only source of randomness in the model."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from game.errors import DiceExhausted

FACES = 6
T = TypeVar("T")


class Dice:
    """D6 rolls from a seed, or from a fixed list (scripted battles, tests)."""

    def __init__(self, seed: int | None = None, script: Sequence[int] | None = None) -> None:
        self.seed = seed
        self._script = list(script) if script is not None else None
        self._rng = random.Random(seed if seed is not None else 0)
        self.used = 0

    @property
    def scripted(self) -> bool:
        return self._script is not None

    def d6(self) -> int:
        if self._script is not None:
            if self.used >= len(self._script):
                raise DiceExhausted(
                    f"the dice list ran out: the script gives {len(self._script)} dice "
                    f"and the battle needed a die number {self.used + 1}"
                )
            value = self._script[self.used]
        else:
            value = self._rng.randint(1, FACES)
        self.used += 1
        return value


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

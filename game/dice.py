"""The battle's dice: the only source of randomness in the model."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.errors import DiceExhausted

FACES = 6


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

"""What a general's helpers (commanders.py, replies.py, planner.py) ask of the general they serve: a
Protocol, so that they need not import general.py, which imports them (tests/test_layers.py: no cycle
of imports, those for type checking counted). GeneralPlayer is the one that answers it."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

from game.ai.budget import Budget
from game.ai.generals import General
from game.ai.reasons import Weighed
from game.ai.search import Ground
from game.ai.stakes import Stakes
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.dice import Chooser
from game.model.resolution import Decision


class Mind(Protocol):
    side: str
    general: General
    rng: Chooser
    shown: int  # the options kept whole for the Why box (1: nobody reads the reasons)

    def stakes(self, b: Battle) -> Stakes: ...

    def ground(self, b: Battle) -> Ground: ...

    def standing(
        self,
        b: Battle,
        e: int,
        ground: Ground,
        at: tuple[float, float, float] | None = None,
        ignore: int | None = None,
    ) -> dict[str, float]: ...

    def worth(
        self,
        b: Battle,
        odds: dict[str, Fraction],
        values: dict[str, float],
        target: int,
        actor: int | None = None,
    ) -> float: ...

    def charging(self, b: Battle, a: int, t: int, reaction: bool = False) -> dict[str, Fraction] | None: ...

    def after_charge(
        self, b: Battle, e: int, t: int, ground: Ground, here: dict[str, float], odds: dict[str, Fraction]
    ) -> float: ...

    def ranked(
        self, b: Battle, names: Sequence[str], budget: Budget, moves: bool = True
    ) -> list[Weighed]: ...

    def answered(self, kind: str, options: list[Weighed], looked_at: int | None = None) -> cmd.Command: ...

    def answer_in_copy(self, b: Battle, d: Decision) -> cmd.Command: ...

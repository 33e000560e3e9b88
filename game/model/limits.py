"""What a field of a record may hold, beside its type: the content loader (game/content/records.py)
checks it and the JSON Schemas state it. The records of the rules' numbers (game/model/ruleset.py,
a rule module's) declare their limits with these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Bounds:
    """The range of a number, as `Annotated[float, Bounds(0, above=True)]`, or of the length of a list,
    table or string (`Annotated[list[XY], Bounds(3, 1000)]`): the loader checks it and the JSON Schema
    states it. Only bounds the code relies on: a length it divides by, a count it loops over, a value
    it draws or a die it reads."""

    low: float | None = None
    high: float | None = None
    above: bool = False  # low itself is out: a length is more than 0

    def words(self, sized: bool = False) -> str:
        parts = []
        if self.low is not None:
            parts.append(f"more than {self.low:g}" if self.above else f"at least {self.low:g}")
        if self.high is not None:
            parts.append(f"at most {self.high:g}")
        return ("with " if sized else "") + " and ".join(parts) + (" items" if sized else "")

    def holds(self, value: float) -> bool:
        if self.low is not None and (value <= self.low if self.above else value < self.low):
            return False
        return self.high is None or value <= self.high


@dataclass(frozen=True)
class OneOf:
    """A name from a list known only when the game runs, as `Annotated[str, OneOf(order_names)]` (the
    orders and reactions of the registered rule modules): the loader checks it, the JSON Schema lists it."""

    names: Callable[[], Sequence[str]]

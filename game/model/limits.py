"""What a field of a record may hold, beside its type: the content loader (game/content/records.py)
checks it and the JSON Schemas state it. The records of the rules' numbers (game/model/ruleset.py,
a rule module's) declare their limits with these; every id content gives has one shape (`Id`,
`check_id`), which the registry of rule modules holds their ids to as well."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from game.model.errors import ContentError

# an army's least and most (here, where the command line's help can read them without the rules)
MIN_DIVISIONS = 2  # FG-PREP-1: per army
MIN_UNITS = 2  # FG-PREP-2: per division
MAX_POINTS = 200  # a points army (FG-ARMY-3) larger than any table holds is a mistake


@dataclass(frozen=True)
class Bounds:
    """The range of a number, as `Annotated[float, Bounds(0, above=True)]`, or of the length of a list,
    table or string (`Annotated[list[XY], Bounds(3, 1000)]`): the loader checks it and the JSON Schema
    states it. Only bounds the code relies on: a length it divides by, a count it loops over, a value
    it draws or a die it reads."""

    low: float | None = None
    high: float | None = None
    above: bool = False  # low itself is out: a length is more than 0

    def words(self, sized: bool = False, unit: str = "items") -> str:
        """The range in words; `sized`: of a length, counted in `unit` (a list's items, a string's
        characters)."""
        parts = []
        if self.low is not None:
            parts.append(f"more than {self.low:g}" if self.above else f"at least {self.low:g}")
        if self.high is not None:
            parts.append(f"at most {self.high:g}")
        return ("with " if sized else "") + " and ".join(parts) + (f" {unit}" if sized else "")

    def holds(self, value: float) -> bool:
        if self.low is not None and (value <= self.low if self.above else value < self.low):
            return False
        return self.high is None or value <= self.high


@dataclass(frozen=True)
class OneOf:
    """A name from a list known only when the game runs, as `Annotated[str, OneOf(order_names)]` (the
    orders and reactions of the registered rule modules): the loader checks it, the JSON Schema lists it."""

    names: Callable[[], Sequence[str]]


@dataclass(frozen=True)
class Keys:
    """The names a table of records may hold, as `Annotated[dict[str, Modifier], Keys(NAMES, "modifier")]`:
    the loader refuses any other name (a misspelt one would be a record nothing reads) and, in a complete
    file, wants every one of them (unless `every` is false); the JSON Schema lists them."""

    names: tuple[str, ...]
    what: str = "name"  # what each is, in the loader's words: "unknown modifier", "missing modifier"
    every: bool = True  # a complete file has them all (a file's translations need not)


# The one shape of every id content gives (a scenario, a map, a mod, a rule module, a unit, a faction,
# a temperament ...): a file or folder name at most, printable everywhere, never a path or a pattern.
ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
ID_WORDS = "an id: 1 to 64 lowercase letters, digits, - and _, starting with a letter or a digit"


@dataclass(frozen=True)
class IsId:
    """A string that must be an id, as `Annotated[str, IsId()]` (the type `Id`): the loader checks
    it (check_id) and the JSON Schema states its pattern."""


Id = Annotated[str, IsId()]


def ascii_whole(text: str) -> int | None:
    """A whole number written in ASCII digits alone ("47410"), else None: int() also reads other
    scripts' digits ("٣" as 3), a sign and underscores, which no seed or port a player types means."""
    if not (text.isascii() and text.isdigit()):
        return None
    try:
        return int(text)
    except ValueError:  # more than 4300 digits
        return None


def check_id(value: object, where: str) -> str:
    """An id from content or a user, or one line naming where it came from: the only check of an id."""
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise ContentError(where, f"expected {ID_WORDS} (never a path), found {shown(value)}")
    return value


def shown(value: Any) -> str:
    """A value a file gave, as a problem's line names it: short, and a table or a list by its kind."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."

"""The campaign's forces as For Glory's: an army is an estado mayor (its commander) and divisions,
each a general and brigades (CAMP-DEC-9); a garrison holds a place with brigades alone (CAMP-DEC-6).
Every brigade and officer keeps its service record: the battles it fought, the hits it took, its
quality's changes, its replacements, read by the player (CAMP-DEC-19). Plain data, changed only by the
campaign's rules (systems/campaign/*) as its commands and battles make them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

ServiceKind = Literal[
    "raised",  # joined the war (at the start, by an event, recruited)
    "battle",  # fought a battle: `value` won, lost or drawn, `hits` after it
    "quality",  # its quality changed: `value` the new one, `why` victories or replacements
    "replenished",  # its hits made good by replacements (CAMP-DEC-18)
    "healed",  # hits recovered resting (CAMP-DEC-17)
    "straggled",  # a hit from a withdrawal before battle (CAMP-DEC-11)
    "killed",  # an officer killed: his successor takes the command at experience 0 (FG-OFF-10)
    "promoted",  # a successor's experience grew (CAMP-DEC-15)
    "garrison",  # left to hold a place, or mustered from one
    "lost",  # the end of a brigade: `why` destroyed, captured, surrendered
]


@dataclass(frozen=True)
class Service:
    """One line of a service record: the turn, what happened, where, and the battle by its number."""

    turn: int
    kind: ServiceKind
    location: str = ""
    battle: int = 0  # the campaign's battle number, 1 upward; 0 for none
    value: str = ""  # a result (won, lost, drawn), a quality code, an experience
    hits: int = 0
    why: str = ""


@dataclass
class Brigade:
    """A brigade or battery: its category and quality (FG-UNIT-21..25), the hits it carries (CAMP-DEC-12)
    and the victories it has survived since its quality last changed (CAMP-DEC-16)."""

    id: str
    category: str
    quality: str
    name: str = ""
    hits: int = 0
    victories: int = 0
    record: list[Service] = field(default_factory=list)


@dataclass
class General:
    """An officer: a division's general or an army's commander (its id is the division's or the
    army's). `replaced`: how many times he was killed and a successor took over (FG-OFF-10)."""

    id: str
    name: str
    experience: int
    replaced: int = 0
    record: list[Service] = field(default_factory=list)


@dataclass
class Division:
    id: str
    name: str
    general: General
    brigades: list[Brigade] = field(default_factory=list)


@dataclass
class Army:
    """An army on the map. `moved`: it marched this turn; `fought`: it fought a battle this turn;
    `came_from`: where its last march began (a beaten attacker goes back there); `arrived`: the turn
    it came where it stands (CAMP-DEC-11: who defends)."""

    id: str
    side: str
    name: str
    location: str
    commander: General
    divisions: list[Division] = field(default_factory=list)
    moved: bool = False
    fought: bool = False
    rested: bool = False
    came_from: str = ""
    arrived: int = 0

    def brigades(self) -> Iterator[Brigade]:
        for d in self.divisions:
            yield from d.brigades

    def size(self) -> int:
        return sum(len(d.brigades) for d in self.divisions)

    def division_of(self, brigade: str) -> Division | None:
        return next((d for d in self.divisions if any(b.id == brigade for b in d.brigades)), None)


@dataclass
class Garrison:
    """Brigades holding a place for their side without an army (CAMP-DEC-6)."""

    side: str
    location: str
    brigades: list[Brigade] = field(default_factory=list)


@dataclass
class Siege:
    """CAMP-DEC-20: a fortress held by one side's garrison, an enemy army before its walls."""

    location: str
    besieger: str
    turns: int = 0

"""Events: what the battle reports after each command. The UI animates them, the log explains them,
scripts print them and tests read them. Every field is plain data so an event is one JSON object."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

XY = tuple[float, float]


def _plain(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 4) + 0.0
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v is None:
                continue
            out[f.name] = _plain(v)
        return out


@dataclass(frozen=True, slots=True)
class ModLine:
    rule: str
    label: str
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Event):
    """A roll: its value as read (`die`: one die's face, or a sum, a best of, a count of successes),
    every die when there is more than one (`dice`, `read` says how they were read), every modifier with
    its rule, the total and what it meant. For Glory rolls one die at a time and leaves `dice` empty,
    so its events are the same as before modules could roll more."""

    kind: ClassVar[str] = "roll"
    check: str  # fire, melee, morale, leadership
    unit: str | None = None
    officer: str | None = None
    target: str | None = None
    die: int
    modifiers: tuple[ModLine, ...]
    total: int
    outcome: str
    side: str | None = None  # a player's roll (roll-offs)
    purpose: str | None = None  # for morale checks: obey, reaction, charged, test
    rule: str | None = None  # the rule that called for the roll
    dice: tuple[int, ...] | None = None  # each die of a roll of several
    read: str | None = None  # how several dice were read: sum, best, successes
    die_kind: str | None = None  # a die other than the D6, as "D10 read 0-9" (shown as numbers)

    def __post_init__(self) -> None:
        assert self.total == self.die + sum(m.value for m in self.modifiers)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rejected(Event):
    kind: ClassVar[str] = "rejected"
    rule: str
    reason: str
    unit: str | None = None
    order: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    unit: str
    path: tuple[XY, ...]  # the centre's path, start first
    facing: float
    distance: float
    how: str  # move, road, strategic, retreat, charge, extra, officer, reaction-charge
    stopped: str | None = None  # the rule that cut the movement short
    rules: tuple[str, ...] | None = None  # a rule module's rules that shaped it (its ground, its turn)


@dataclass(frozen=True, slots=True, kw_only=True)
class Pushed(Event):
    kind: ClassVar[str] = "pushed"
    unit: str
    start: XY
    end: XY
    by: str
    blocked: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class HitTaken(Event):
    kind: ClassVar[str] = "hit"
    unit: str
    added: int
    hits: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Destroyed(Event):
    kind: ClassVar[str] = "destroyed"
    unit: str
    rule: str
    by: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Removed(Event):
    kind: ClassVar[str] = "removed"
    unit: str
    reason: str  # demoralised, disbanded
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LostBrigade(Event):
    kind: ClassVar[str] = "lost_brigade"
    officer: str
    counters: int
    rule: str = "FG-LOST-2"


@dataclass(frozen=True, slots=True, kw_only=True)
class DivisionRemoved(Event):
    kind: ClassVar[str] = "division_removed"
    officer: str
    side: str
    reason: str  # demoralised, disbanded
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class OfficerKilled(Event):
    kind: ClassVar[str] = "officer_killed"
    officer: str
    by: str
    rule: str = "FG-OFF-4"


@dataclass(frozen=True, slots=True, kw_only=True)
class OfficerRelocated(Event):
    kind: ClassVar[str] = "officer_relocated"
    officer: str
    at: XY
    rule: str = "FG-OFF-11"


@dataclass(frozen=True, slots=True, kw_only=True)
class Melee(Event):
    kind: ClassVar[str] = "melee"
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack: int
    defence: int
    margin: int
    winner: str  # attackers, defenders, draw
    outcome: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Contact(Event):
    kind: ClassVar[str] = "contact"
    unit: str
    target: str
    sector: str  # front, flank, rear (AMB-59)


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionDeclared(Event):
    kind: ClassVar[str] = "reaction"
    unit: str
    action: str
    against: str
    target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Interrupted(Event):
    kind: ClassVar[str] = "interrupted"
    unit: str
    by: str
    rule: str = "FG-FIRE-6"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rallied(Event):
    kind: ClassVar[str] = "rallied"
    unit: str
    hits: int
    rule: str = "FG-ORD-10"


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkerPlaced(Event):
    kind: ClassVar[str] = "marker"
    at: XY
    by: str
    rule: str = "FG-FIRE-4"


@dataclass(frozen=True, slots=True, kw_only=True)
class Disorganised(Event):
    kind: ClassVar[str] = "disorganised"
    officer: str
    value: bool
    rule: str = "FG-ACT-4"


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Event):
    """A rule that took effect without a roll (a detachment, an order ignored, a charge success)."""

    kind: ClassVar[str] = "note"
    rule: str
    text: str
    unit: str | None = None
    details: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Phase(Event):
    kind: ClassVar[str] = "phase"
    round: int
    phase: str  # preparation, deployment, reinforcements, initiative, activations, end of round
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Deployed(Event):
    kind: ClassVar[str] = "deployed"
    division: str
    side: str
    officer_at: XY
    units: tuple[tuple[str, float, float, float], ...]
    edge: str | None = None
    rule: str = "FG-DEP-7"


@dataclass(frozen=True, slots=True, kw_only=True)
class StaffPlaced(Event):
    kind: ClassVar[str] = "staff_placed"
    officer: str
    at: XY
    rule: str = "FG-DEP-11"


@dataclass(frozen=True, slots=True, kw_only=True)
class Activated(Event):
    kind: ClassVar[str] = "activated"
    formation: str
    side: str
    initiative: int
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ObjectiveTaken(Event):
    kind: ClassVar[str] = "objective"
    objective: str
    side: str
    rule: str = "FG-VIC-1"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winner: str | None
    reason: str
    rule: str
    score: dict[str, int]

"""Commands: the only way anything changes a battle. The player, the AI, a script and a replay all
send these to Battle.apply, which checks them against the rules and answers with events."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

XY = tuple[float, float]
ReactionAction = Literal["fire", "charge", "retreat", "rally"]


@dataclass(frozen=True, slots=True)
class Command:
    pass


@dataclass(frozen=True, slots=True)
class Activate(Command):
    """Start a formation activation: a division (by its officer's id) or a detachment (by the id of
    any of its units). With leadership=True a division rolls its leadership check (FG-ACT-2);
    scripted battles send False: the officer is taken to have passed."""

    formation: str
    leadership: bool = True


@dataclass(frozen=True, slots=True)
class Move(Command):
    unit: str
    to: XY
    facing: float | None = None
    fire: str | None = None  # shoot this target after moving (FG-ORD-7)
    road: bool | None = None  # a road move (FG-ROAD-1); None: one when the path needs the road


@dataclass(frozen=True, slots=True)
class Charge(Command):
    unit: str
    target: str
    combined: tuple[str, ...] = ()  # other units charging the same target, melee once (AMB-54)


@dataclass(frozen=True, slots=True)
class Fire(Command):
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Withdraw(Command):
    """The Retreat order (FG-ORD-9)."""

    unit: str


@dataclass(frozen=True, slots=True)
class Rally(Command):
    unit: str


@dataclass(frozen=True, slots=True)
class CheckLeadership(Command):
    """A stand-alone leadership check (scripted battles): a failure disorganises the division."""

    officer: str


@dataclass(frozen=True, slots=True)
class CheckMorale(Command):
    """A stand-alone morale check (scripted battles)."""

    unit: str


# Answers to the battle's pending decision.


@dataclass(frozen=True, slots=True)
class React(Command):
    unit: str
    action: ReactionAction
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Decline: no (more) reactions in this window, no extra move, default marker."""


@dataclass(frozen=True, slots=True)
class PlaceMarker(Command):
    at: XY


@dataclass(frozen=True, slots=True)
class ExtraMove(Command):
    """The cavalry extra move after a successful charge (FG-CHG-4): to a point, or a new charge."""

    unit: str
    to: XY | None = None
    facing: float | None = None
    charge: str | None = None


# The battle's own decisions (the round loop, systems/sequence.py).


@dataclass(frozen=True, slots=True)
class Deploy(Command):
    """Place a division on the table: its officer first, then every unit (FG-DEP-6, FG-DEP-7)."""

    division: str
    officer_at: XY
    units: tuple[tuple[str, float, float, float], ...]  # (unit id, x, y, facing)


@dataclass(frozen=True, slots=True)
class PlaceStaff(Command):
    """Place the estado mayor (FG-DEP-11)."""

    at: XY


@dataclass(frozen=True, slots=True)
class MoveOfficer(Command):
    """A division officer's move after his division's activation (FG-ACT-7), or the estado mayor's at
    the end of the round (FG-ACT-8)."""

    officer: str
    to: XY


@dataclass(frozen=True, slots=True)
class EndActivation(Command):
    """No more orders in this formation's activation."""


COMMANDS: dict[str, type[Command]] = {
    c.__name__: c
    for c in (
        Activate,
        Move,
        Charge,
        Fire,
        Withdraw,
        Rally,
        CheckLeadership,
        CheckMorale,
        React,
        Pass,
        PlaceMarker,
        ExtraMove,
        Deploy,
        PlaceStaff,
        MoveOfficer,
        EndActivation,
    )
}


def to_json(c: Command) -> dict[str, object]:
    """A command as plain data (replays and saves)."""
    out: dict[str, object] = {"type": type(c).__name__}
    for f in dataclasses.fields(c):
        v = getattr(c, f.name)
        out[f.name] = [list(x) if isinstance(x, tuple) else x for x in v] if isinstance(v, tuple) else v
    return out


def from_json(data: dict[str, object]) -> Command:
    """The inverse of to_json; raises ValueError on anything malformed."""
    kind = COMMANDS.get(str(data.get("type")))
    if kind is None:
        raise ValueError(f"unknown command type {data.get('type')!r}")
    names = {f.name for f in dataclasses.fields(kind)}
    extra = set(data) - names - {"type"}
    if extra:
        raise ValueError(f"unknown fields {sorted(extra)} for {kind.__name__}")
    args: dict[str, object] = {}
    for name in names & set(data):
        v = data[name]
        if isinstance(v, list):
            v = tuple(tuple(x) if isinstance(x, list) else x for x in v)
        args[name] = v
    try:
        return kind(**args)
    except TypeError as e:
        raise ValueError(str(e)) from None

"""Commands: the only way anything changes a battle. The player, the AI, a script and a replay all
send these to Battle.apply, which checks them against the rules and answers with events."""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

XY = tuple[float, float]


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
    action: str  # a reaction of the battle's rule modules: fire, charge, retreat, rally in For Glory
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


# The battle's own decisions (the round loop, systems/for_glory/sequence.py).


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


# A replay or save is untrusted: every field is checked against its declared type before any rule sees
# it. Coordinates and facings are finite and within reach of any table; ids and lists are bounded.
MAX_COORDINATE = 10_000.0
MAX_ID = 100
MAX_ITEMS = 2_000


def _field(value: object, hint: Any, name: str) -> object:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _field(value, inner, name)
    if origin is Literal:
        if value not in args:
            raise ValueError(f"{name} must be one of {', '.join(map(str, args))}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
        return value
    if hint is str:
        if not isinstance(value, str) or not 0 < len(value) <= MAX_ID or not value.isprintable():
            raise ValueError(f"{name} must be an id of 1 to {MAX_ID} printable characters")
        return value
    if hint is int:  # a count (tokens, command points): never negative, never huge
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ITEMS:
            raise ValueError(f"{name} must be a whole number from 0 to {MAX_ITEMS}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{name} must be a number")
        if not math.isfinite(value) or abs(value) > MAX_COORDINATE:
            raise ValueError(f"{name} must be a finite number within {MAX_COORDINATE:g} of 0")
        return value
    if origin is tuple:
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise ValueError(f"{name} must be a list of at most {MAX_ITEMS} items")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_field(v, args[0], f"{name}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise ValueError(f"{name} must be a list of {len(args)} items")
        return tuple(_field(v, a, f"{name}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True)))
    raise TypeError(f"no check for the field type {hint!r}")  # a new field type needs its check here


def from_json(data: object, kinds: Mapping[str, type[Command]] | None = None) -> Command:
    """The inverse of to_json; raises ValueError on anything malformed. `kinds`: the command types
    the battle's rule modules know (RuleStack.commands), For Glory's by default."""
    if not isinstance(data, dict):
        raise ValueError("a command must be a table of fields")
    name = data.get("type")
    kind = (kinds or COMMANDS).get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError("unknown command type")
    hints = typing.get_type_hints(kind)
    fields = {f.name: f for f in dataclasses.fields(kind)}
    extra = set(data) - set(fields) - {"type"}
    if extra:
        raise ValueError(f"unknown fields for {kind.__name__}")
    args: dict[str, object] = {}
    for name, f in fields.items():
        if name in data:
            args[name] = _field(data[name], hints[name], name)
        elif f.default is dataclasses.MISSING:
            raise ValueError(f"{kind.__name__} needs its {name}")
    return kind(**args)

"""Commands: the only way anything changes a battle. The player, the AI, a script and a replay all
send these to Battle.apply, which checks them against the rules and answers with events."""

from __future__ import annotations

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

"""Module `clash-command`'s commands and its round's state: activate, rest or react with a unit (CS-3,
CS-4, CS-7), the command points each side has left and what an activation costs (CS-2, CS-3, CS-8),
and the chance of an activation or reaction check (CS-6, CS-7)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.model import commands as cmd
from game.model import probability
from game.model.battle import Battle
from game.model.dice import D6
from systems.clash.fatigue import ID, commanders, courage, fatigue, numbers


@dataclass(frozen=True, slots=True)
class ActivateUnit(cmd.Command):
    """CS-3: the active player activates one unit; support: a commander's extra die (CS-8)."""

    unit: str
    support: bool = False


@dataclass(frozen=True, slots=True)
class Rest(cmd.Command):
    """CS-4: a unit rests; points: command points a commander spends to rally it (a die each)."""

    unit: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class ReactWith(cmd.Command):
    """CS-7: the reactive player's unit tries to react; support: a commander's extra die (CS-8)."""

    unit: str
    support: bool = False


@dataclass
class ClashRound:
    """The round's command points left to each side; in a scripted battle, the unit whose activation
    the steps carry on (its steps are that activation's actions, CS-DEC-18)."""

    points: dict[str, int]
    acting: str | None = None


def points(b: Battle) -> dict[str, int]:
    """Each side's command points left this round (none before the first strategy phase)."""
    state: ClashRound | None = b.module_state.get(ID)
    return state.points if state is not None else {}


def price(b: Battle, e: int, support: bool) -> int:
    """CS-3, CS-8: 1 CP within Command Distance of a commander, 2 beyond; a supporting die costs 1."""
    n = numbers(b)
    return (n.cost_within if commanders(b, e) else n.cost_beyond) + (n.support_cost if support else 0)


def can_act(b: Battle, e: int) -> bool:
    f = fatigue(b, e)
    return f.markers < numbers(b).max_actions


# --- checks ------------------------------------------------------------------------------------


def check_chance(b: Battle, e: int, dice: int) -> Fraction:
    """The chance that at least one of `dice` dice reaches the unit's Courage (CS-6, CS-7)."""
    target = courage(b, e)
    return probability.chance(probability.successes(dice, D6, lambda d: d >= target), lambda k: k >= 1)

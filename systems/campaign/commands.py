"""The campaign's commands: what a side's player (a person, the computer, a replay) sends to change the
war, each checked by the rules before anything changes. A battle's own commands are For Glory's,
sent the same way while it is on the table (systems/campaign/state.py)."""

from __future__ import annotations

from dataclasses import dataclass

from game.model import commands as cmd


@dataclass(frozen=True, slots=True)
class Recruit(cmd.Command):
    """CAMP-DEC-5: raise a brigade of a category in a city the side holds, for an army there (its id),
    or for the city's garrison (no army)."""

    location: str
    category: str
    army: str | None = None


@dataclass(frozen=True, slots=True)
class Replenish(cmd.Command):
    """CAMP-DEC-18: make a brigade's hits good with new men, in a city that raises its kind."""

    unit: str


@dataclass(frozen=True, slots=True)
class Detach(cmd.Command):
    """CAMP-DEC-6: an army leaves one of its brigades to garrison the place it stands in."""

    army: str
    unit: str


@dataclass(frozen=True, slots=True)
class Muster(cmd.Command):
    """CAMP-DEC-6: an army takes a brigade of the garrison where it stands."""

    army: str
    unit: str


@dataclass(frozen=True, slots=True)
class March(cmd.Command):
    """CAMP-DEC-3: an army marches along `path` (its first location is where it stands)."""

    army: str
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rest(cmd.Command):
    """CAMP-DEC-17: an army stays where it is this turn, recovering its hits in a place its side holds."""

    army: str


@dataclass(frozen=True, slots=True)
class Decline(cmd.Command):
    """CAMP-DEC-11: the defending side's armies there refuse battle and withdraw to a neighbouring place."""

    to: str


@dataclass(frozen=True, slots=True)
class Fight(cmd.Command):
    """CAMP-DEC-10: play the battle on the table."""


@dataclass(frozen=True, slots=True)
class Resolve(cmd.Command):
    """CAMP-DEC-10: let the generals play the same battle, headless, on the same seed."""


@dataclass(frozen=True, slots=True)
class Retreat(cmd.Command):
    """CAMP-DEC-13: a beaten army falls back to a neighbouring place of its side's choosing."""

    army: str
    to: str


COMMANDS = (Recruit, Replenish, Detach, Muster, March, Rest, Decline, Fight, Resolve, Retreat)

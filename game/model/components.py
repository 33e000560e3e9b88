"""ECS components: the state of each base, officer and marker on the table.

Flags live in the components that own them (Status, Officer) rather than as marker components,
because adding or removing components invalidates esper's query cache (notes/stack.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.model.geometry import Polygon
from game.model.ruleset import Category, Quality


@dataclass(slots=True)
class Ident:
    id: str


@dataclass(slots=True)
class Side:
    side: str


@dataclass(slots=True)
class Pose:
    """Centre in table inches and facing in degrees; `corners` is kept in step by Battle.place."""

    x: float
    y: float
    facing: float
    corners: Polygon = ()


@dataclass(slots=True)
class Footprint:
    """A rectangular base: width along the front edge, depth along the facing."""

    width: float
    depth: float


@dataclass(slots=True)
class Unit:
    category: Category
    quality: Quality
    division: str  # the id of its division officer; units never change division (AMB-5)


@dataclass(slots=True)
class Hits:
    count: int = 0


@dataclass(slots=True)
class Status:
    in_play: bool = True
    destroyed: bool = False
    removed: str = ""  # why it left play: destroyed, demoralised, disbanded
    detached: bool = False  # beyond L of its officer at the last formation assessment (FG-TERM-7)
    marching_by_road: bool = False  # AMB-52
    ordered: bool = False  # has taken its one order in this formation activation (FG-ORD-2)
    reacted: bool = False  # has attempted its one reaction in this enemy activation (FG-REACT-4)
    reserve: bool = False  # not yet on the table: its division is a reinforcement (FG-DEP-13)


@dataclass(slots=True)
class Officer:
    role: str  # "staff" or "division"
    experience: int
    radius: float
    lost_brigades: int = 0
    dead: bool = False  # has been killed at least once (FG-OFF-4); staff: out of play
    in_play: bool = True
    failed_leadership: bool = False  # his division is disorganised (FG-ACT-4)
    assigned: list[str] = field(default_factory=list)  # ids of the units of his division
    reserve: bool = False  # not yet on the table (FG-DEP-13, AMB-41)


@dataclass(slots=True)
class Marker:
    """An artillery marker (FG-FIRE-4): a point, neutral, it stays for the game (AMB-66)."""

    x: float
    y: float

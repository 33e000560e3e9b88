"""The battle's state: the ECS world of bases and officers, the pymunk space, the table and the
round loop's state. The session it extends (game/model/session.py) holds the dice, the event log and the
one way in, `apply(command)`; the rules (systems/*) change the state through the methods here."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import esper

from game.model.components import Footprint, Hits, Ident, Marker, Officer, Pose, Side, Status, Unit
from game.model.dice import Dice
from game.model.geometry import Point, Polygon, rect_corners
from game.model.modules import RuleStack, compose
from game.model.physics import Physics
from game.model.resolution import Reject, refuse
from game.model.ruleset import Ruleset
from game.model.session import Session
from game.model.table import Table
from game.model.words import Wording

_world_ids = itertools.count(1)
T = TypeVar("T")


@dataclass
class Formation:
    """A division (key = its officer's id) or a detachment (key = "det:" + its first unit's id)."""

    key: str
    side: str
    officer: str | None
    units: list[str] = field(default_factory=list)

    @property
    def detachment(self) -> bool:
        return self.officer is None


@dataclass
class Activation:
    formation: Formation
    leadership_passed: bool


@dataclass
class ObjectiveState:
    """An objective point (FG-VIC-1) and who controls it (AMB-35)."""

    id: str
    at: Point
    name: str = ""
    holder: str | None = None
    ever: set[str] = field(default_factory=set)  # every side that has controlled it


@dataclass
class GameState:
    """The round loop's state (systems/for_glory/sequence.py): absent in scripted battles."""

    scenario: str
    sides: list[str]
    edges: dict[str, str]  # side -> south or north (AMB-38)
    objectives: list[ObjectiveState]
    max_rounds: int | None = None
    round: int = 0
    phase: str = "preparation"
    arrivals: dict[str, int] = field(default_factory=dict)  # division officer -> round it arrives
    entries: dict[str, str] = field(default_factory=dict)  # division officer -> the flank it enters by
    initiative: dict[str, int] = field(default_factory=dict)  # formation key -> this round's initiative
    first_side: str | None = None  # the side whose formation activated first this round (AMB-48)
    zones: dict[str, list[Point]] = field(default_factory=dict)  # scenario's deployment hints for the AI
    divisions_to_end: int = 2  # FG-VIC-2: divisions removed (both sides) that end the battle
    objectives_end: bool = True  # FG-VIC-4: one side holding every objective ends it
    scoring: Any = None  # the scenario's own points for FG-VIC-5..10 (a Scoring), else the ruleset's
    over: bool = False
    winner: str | None = None
    end_reason: str = ""


def _clone(component: Any) -> Any:
    """A component for a battle's copy: its own lists, dicts and sets; its records (categories,
    qualities) shared, being frozen."""
    make = _CLONERS.get(type(component))
    if make is None:
        make = _CLONERS[type(component)] = _cloner(type(component))
    return make(component)


def _cloner(kind: type) -> Callable[[Any], Any]:
    """How a component of this class is cloned: a dataclass field by field, as copy.copy would copy
    it (five times slower on a slotted class: a copy clones every component), each list, dict or set
    copied; anything else deep-copied."""
    if not dataclasses.is_dataclass(kind):
        return copy.deepcopy
    names = tuple(f.name for f in dataclasses.fields(kind))
    new, put = kind.__new__, object.__setattr__

    def clone(component: Any) -> Any:
        out = new(kind)
        for name in names:
            value = getattr(component, name)
            put(out, name, copy.copy(value) if isinstance(value, list | dict | set) else value)
        return out

    return clone


_CLONERS: dict[type, Callable[[Any], Any]] = {}


class _Supposed(threading.local):
    """Poses a thread is asking about (Battle.supposing): each thread sees only its own."""

    def __init__(self) -> None:
        self.poses: dict[int, Pose] = {}
        # what each supposed pose adds to a memo's question, made once per pose (memo asks it often):
        # the piece and its centre and facing, which give its corners while a player thinks (its
        # footprint cannot change then), so the corners' eight numbers are not hashed at every ask
        self.keys: dict[int, tuple[int, float, float, float]] = {}


class Battle(Session):
    """The state of one battle: its esper world of bases and officers, its pymunk space, its table
    and the round loop's state, on top of the session that takes its commands."""

    def __init__(
        self, ruleset: Ruleset, table: Table, dice: Dice, stack: RuleStack | None = None, *, words: Wording
    ) -> None:
        super().__init__(stack or compose(), dice, words)
        self.rules = ruleset
        # the ground as the rules in play class it (a module's kinds agreed impassable, WM-37)
        self.table = table.reclassed(self.stack.hook("terrain_classes")(self.stack))
        self.world = f"battle-{next(_world_ids)}"
        esper.switch_world(self.world)
        self.physics = Physics()
        self._supposed = _Supposed()
        self._memo: dict[Hashable, tuple[Any, Reject | None]] | None = None  # while a player thinks
        self.ids: dict[str, int] = {}
        self.sides: list[str] = []
        self.activation: Activation | None = None
        self.formations: list[Formation] = []
        self.formations_fixed = False  # the round loop fixes them at initiative (AMB-5); scripts do not
        self.game: GameState | None = None
        self.module_state: dict[str, Any] = {}  # a rule module's own state for this battle, by its id

    # --- set-up -----------------------------------------------------------------------------

    def _new_id(self, ident: str) -> None:
        if ident in self.ids:
            raise ValueError(f"duplicate id {ident!r}")

    def _side(self, side: str) -> None:
        if side not in self.sides:
            self.sides.append(side)

    def add_officer(
        self, ident: str, side: str, role: str, experience: int, at: Point, reserve: bool = False
    ) -> int:
        """An officer on the table, or in reserve (off the table until deployed)."""
        esper.switch_world(self.world)
        self._new_id(ident)
        self._side(side)
        r = self.rules.core.bases.officer_diameter / 2
        off = Officer(role, experience, r, in_play=not reserve, reserve=reserve)
        e = esper.create_entity(Ident(ident), Side(side), Pose(at[0], at[1], 0.0, ()), off)
        self.ids[ident] = e
        return e

    def add_unit(
        self,
        ident: str,
        side: str,
        division: str,
        category: str,
        quality: str,
        at: Point,
        facing: float,
        hits: int = 0,
        reserve: bool = False,
    ) -> int:
        """A unit on the table, or in reserve (off the table until its division deploys)."""
        esper.switch_world(self.world)
        self._new_id(ident)
        self._side(side)
        b = self.rules.core.bases
        e = esper.create_entity(
            Ident(ident),
            Side(side),
            Pose(at[0], at[1], facing, rect_corners(at[0], at[1], facing, b.unit_width, b.unit_depth)),
            Footprint(b.unit_width, b.unit_depth),
            Unit(self.rules.categories[category], self.rules.qualities[quality], division),
            Hits(hits),
            Status(in_play=not reserve, reserve=reserve),
        )
        self.ids[ident] = e
        if not reserve:
            self.physics.add(e, b.unit_width, b.unit_depth, at[0], at[1], facing)
        officer = self.ids.get(division)
        if officer is not None:
            esper.component_for_entity(officer, Officer).assigned.append(ident)
        for make in self.stack.components:  # the chosen modules' own state for each unit
            esper.add_component(e, make(self, e))
        return e

    def add_marker(self, at: Point) -> int:
        esper.switch_world(self.world)
        return esper.create_entity(Marker(at[0], at[1]))

    def copy(self, dice: Dice) -> Battle:
        """A copy of this battle in a world of its own, rolling its own dice: a computer player plays
        orders out on it to see what they may lead to (asking is never doing: this battle is not
        touched). The same entity ids, poses, hits, flags, round state and events so far; no decision
        pending; the table, rules and rule modules are shared, being immutable. Close it when done."""
        self.enter()
        entities: list[tuple[int, tuple[object, ...]]] = [
            (e, esper.components_for_entity(e)) for e in sorted(esper.get_entities())
        ]
        other = Battle(self.rules, self.table, dice, self.stack, words=self.words)  # enters its world
        for e, components in entities:
            made = esper.create_entity(*(_clone(c) for c in components))
            while made < e:  # an id the source gave up (a deleted entity): kept free so that ids match
                esper.delete_entity(made, immediate=True)
                made = esper.create_entity(*(_clone(c) for c in components))
            assert made == e
        other.physics = self.physics.copy()
        other.events = list(self.events)
        other.ids = dict(self.ids)
        other.sides = list(self.sides)
        other.formations, other.activation = copy.deepcopy((self.formations, self.activation))
        other.formations_fixed = self.formations_fixed
        other.game = copy.deepcopy(self.game)
        other.module_state = copy.deepcopy(self.module_state)
        return other

    def close(self) -> None:
        """Free the ECS world (tests and long sessions create many battles)."""
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)

    # --- reading the state ------------------------------------------------------------------

    def enter(self) -> None:
        """Make this battle's world the current esper world (esper's API is module-level)."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    def name(self, e: int) -> str:
        return esper.component_for_entity(e, Ident).id

    def comp(self, e: int, kind: type[Any]) -> Any:
        return esper.component_for_entity(e, kind)

    def units(self, side: str | None = None, in_play: bool = True) -> Iterator[int]:
        for e, (s, st) in esper.get_components(Side, Status):
            if (side is None or s.side == side) and (st.in_play or not in_play):
                yield e

    def enemy_units(self, side: str) -> Iterator[int]:
        for e, (s, st) in esper.get_components(Side, Status):
            if s.side != side and st.in_play:
                yield e

    def officers(self, side: str | None = None) -> Iterator[int]:
        for e, (s, o) in esper.get_components(Side, Officer):
            if (side is None or s.side == side) and o.in_play:
                yield e

    def markers(self) -> list[Point]:
        return [(m.x, m.y) for _e, m in esper.get_component(Marker)]

    def in_play(self, e: int) -> bool:
        """Is this unit or officer on the table and in the fight?"""
        st = esper.try_component(e, Status)
        return st.in_play if st is not None else esper.component_for_entity(e, Officer).in_play

    def is_unit(self, e: int) -> bool:
        return esper.has_component(e, Unit)

    def side_of(self, e: int) -> str:
        return esper.component_for_entity(e, Side).side

    def pose(self, e: int) -> Pose:
        """Where a unit or officer stands: the real pose, or the one this thread is supposing."""
        supposed = self._supposed.poses
        if supposed:
            p = supposed.get(e)
            if p is not None:
                return p
        return esper.component_for_entity(e, Pose)

    def shape(self, e: int) -> Polygon:
        """The footprint polygon of a unit (cached) or the centre of an officer."""
        return self.pose(e).corners

    def supposing(
        self, e: int, x: float, y: float, facing: float | None = None, corners: Polygon | None = None
    ) -> AbstractContextManager[None]:
        """Ask the rules a question as if this unit or officer stood elsewhere. The pose holds inside
        the block and for the calling thread only: the battle is never written, so the drawing thread
        and every other reader go on seeing the real one. `corners` may be given when the caller
        already has them (a unit's footprint at that pose)."""
        return _Supposing(self, e, x, y, facing, corners)

    @contextmanager
    def thinking(self) -> Iterator[None]:
        """A player thinks: the battle cannot change until it answers, so a pure query may keep its
        answer for the same question (`memo`) instead of working it out again."""
        if self._memo is not None:  # already thinking
            yield
            return
        self._memo = {}
        try:
            yield
        finally:
            self._memo = None

    def memo(self, key: Hashable, compute: Callable[[], T], on: tuple[int, ...] | None = None) -> T:
        """`compute()`, or its answer (or refusal) kept for `key` while a player thinks. A pose supposed
        (which only the asking thread sees) is part of the question: the answer is kept under the poses
        supposed too, those of `on` only when the answer depends on no other piece's pose (the search
        asks the same questions of a unit at each place it weighs, most of them of pieces not moved)."""
        if self._memo is None:
            return compute()
        supposed = self._supposed.keys
        if supposed:
            if on is None:
                key = (key, *supposed.values())
            else:
                key = (key, *[k for e, k in supposed.items() if e in on])
        kept = self._memo.get(key)
        if kept is None:
            try:
                kept = (compute(), None)
            except Reject as r:
                kept = (None, r)
            self._memo[key] = kept
        if kept[1] is None:
            return cast(T, kept[0])
        refused, kept = kept[1], None
        try:
            raise refused.with_traceback(None)
        finally:  # the traceback holds this frame: holding the refusal, it would be a cycle for the
            del refused  # garbage collector (thousands a battle, a tenth of its time collecting them)

    def officer_of(self, e: int) -> int | None:
        return self.ids.get(esper.component_for_entity(e, Unit).division)

    # --- changing the state (systems call these) ------------------------------------------

    def place(self, e: int, x: float, y: float, facing: float | None = None) -> None:
        pose = esper.component_for_entity(e, Pose)
        pose.x, pose.y = x, y
        if facing is not None:
            pose.facing = facing % 360.0
        fp = esper.try_component(e, Footprint)
        if fp is not None:
            pose.corners = rect_corners(x, y, pose.facing, fp.width, fp.depth)
            self.physics.place(e, x, y, pose.facing)

    def put_on(self, e: int, x: float, y: float, facing: float = 0.0) -> None:
        """A unit or officer from the reserve enters the table (deployment, reinforcement)."""
        fp = esper.try_component(e, Footprint)
        if fp is not None:
            st = esper.component_for_entity(e, Status)
            st.in_play, st.reserve = True, False
            self.physics.add(e, fp.width, fp.depth, x, y, facing)
        else:
            off = esper.component_for_entity(e, Officer)
            off.in_play, off.reserve = True, False
        self.place(e, x, y, facing)

    def take_off(self, e: int) -> None:
        """A unit leaves play: it keeps its last pose but no longer occupies the table."""
        self.physics.remove(e)

    def refusal(self) -> Reject | None:
        """A whole battle runs its own sequence: a command is only ever an answer to its decisions."""
        if self.game is None:
            return None
        return refuse("FG-SEQ-1", "reason_battle_over" if self.game.over else "reason_battle_not_waiting")


class _Supposing:
    """The block of Battle.supposing (a class, not a generator's context manager: a search enters tens
    of thousands of them a battle, and the generator's machinery cost more than the block's work)."""

    __slots__ = ("_b", "_corners", "_e", "_facing", "_undo", "_x", "_y")

    def __init__(
        self, b: Battle, e: int, x: float, y: float, facing: float | None, corners: Polygon | None
    ) -> None:
        self._b, self._e, self._x, self._y, self._facing, self._corners = b, e, x, y, facing, corners
        # what __exit__ puts back: the thread's poses and keys, the pose and key supposed before, a base?
        self._undo: tuple[dict[int, Pose], dict[int, Any], Pose | None, Any, bool] | None = None

    def __enter__(self) -> None:
        b, e, x, y = self._b, self._e, self._x, self._y
        real = esper.component_for_entity(e, Pose)
        f = real.facing if self._facing is None else self._facing % 360.0
        fp = esper.try_component(e, Footprint)
        corners = self._corners
        if corners is None:
            corners = rect_corners(x, y, f, fp.width, fp.depth) if fp is not None else ()
        supposed, keys = b._supposed.poses, b._supposed.keys
        self._undo = (supposed, keys, supposed.get(e), keys.get(e), fp is not None)
        supposed[e] = Pose(x, y, f, corners)
        keys[e] = (e, x, y, f)
        b.physics.suppose(e, corners if fp is not None else None)

    def __exit__(self, *exc: object) -> None:
        assert self._undo is not None
        supposed, keys, before, before_key, base = self._undo
        e = self._e
        self._b.physics.suppose(e, before.corners if before is not None and base else None)
        if before is None or before_key is None:
            del supposed[e], keys[e]
        else:
            supposed[e], keys[e] = before, before_key

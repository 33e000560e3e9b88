"""Scripted battles (shared/spec/scripted-battle.md): a TOML file places bases, fixes the dice and
gives orders step by step; `run` plays it headless through the same Commands as every other actor
and returns the JSON report."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import esper

from game import commands as cmd
from game.battle import Battle, Decision
from game.components import Hits, Officer, Pose, Status
from game.dice import Dice
from game.errors import ContentError, DiceExhausted
from game.events import Event, Rejected
from game.geometry import rect_corners
from game.records import build, read_toml
from game.ruleset import Ruleset, load_ruleset
from game.table import Feature, Table
from systems.checks import is_disorganised

XY = tuple[float, float]


@dataclass(frozen=True)
class TerrainSpec:
    kind: str
    polygon: list[XY] | None = None
    path: list[XY] | None = None
    width: float | None = None
    name: str = ""


@dataclass(frozen=True)
class OfficerSpec:
    id: str
    side: str
    role: Literal["staff", "division"]
    experience: int
    at: XY


@dataclass(frozen=True)
class UnitSpec:
    id: str
    side: str
    division: str
    category: str
    quality: str
    at: XY
    facing: float
    hits: int = 0


@dataclass(frozen=True)
class ReactionSpec:
    unit: str
    action: Literal["fire", "charge", "retreat", "rally"]
    target: str | None = None
    when: Literal["first", "end"] = "first"  # at the first chance, or at the end of the movement


@dataclass(frozen=True)
class ExtraSpec:
    """The cavalry extra move after a successful charge (FG-CHG-4): a move, or a chained charge."""

    unit: str | None = None
    to: XY | None = None
    facing: float | None = None
    charge: str | None = None


@dataclass(frozen=True)
class StepSpec:
    unit: str | None = None
    order: Literal["move", "charge", "fire", "withdraw", "rally"] | None = None
    to: XY | None = None
    facing: float | None = None
    fire: str | None = None
    target: str | None = None
    road: bool | None = None
    combined: list[str] = field(default_factory=list)
    reactions: list[ReactionSpec] = field(default_factory=list)
    marker: XY | None = None
    extra: ExtraSpec | None = None
    check: Literal["leadership", "morale"] | None = None
    officer: str | None = None


@dataclass(frozen=True)
class ScriptFile:
    table: XY
    ruleset: str = "for-glory"
    dice: list[int] | None = None
    seed: int | None = None
    terrain: list[TerrainSpec] = field(default_factory=list)
    officers: list[OfficerSpec] = field(default_factory=list)
    units: list[UnitSpec] = field(default_factory=list)
    steps: list[StepSpec] = field(default_factory=list)


def load(path: Path) -> ScriptFile:
    return build(ScriptFile, read_toml(path), "")


def _fail(path: Path, where: str, problem: str) -> ContentError:
    return ContentError(f"{path}: {where}", problem)


def make_table(path: Path, rules: Ruleset, spec: ScriptFile) -> Table:
    w, d = spec.table
    if w <= 0 or d <= 0:
        raise _fail(path, "table", f"the table needs a positive size, found {list(spec.table)}")
    features = []
    for i, t in enumerate(spec.terrain):
        where = f"terrain[{i}]"
        kind = rules.terrain.get(t.kind)
        if kind is None:
            raise _fail(
                path, f"{where}.kind", f"unknown terrain kind {t.kind!r} (known: {', '.join(rules.terrain)})"
            )
        if t.path is not None:
            if len(t.path) < 2:
                raise _fail(path, f"{where}.path", "a path needs two points or more")
            width = t.width if t.width is not None else rules.core.movement.road_width
            if width <= 0:
                raise _fail(path, f"{where}.width", "the width must be positive")
            features.append(Feature(kind, path=tuple(t.path), width=width, name=t.name))
        elif t.polygon is not None:
            if len(t.polygon) < 3:
                raise _fail(path, f"{where}.polygon", "a polygon needs three points or more")
            features.append(Feature(kind, polygon=tuple(t.polygon), name=t.name))
        else:
            raise _fail(path, where, "give a polygon, or a path with a width")
    return Table(w, d, tuple(features))


def setup(path: Path, spec: ScriptFile, rules: Ruleset) -> Battle:
    """Check the script's ids and place its officers and units on a new battle."""
    if spec.dice is not None:
        for i, v in enumerate(spec.dice):
            if not 1 <= v <= 6:
                raise _fail(path, f"dice[{i}]", f"a D6 shows 1 to 6, found {v}")
    battle = Battle(rules, make_table(path, rules, spec), Dice(spec.seed, spec.dice))
    sides = {o.side for o in spec.officers} | {u.side for u in spec.units}
    if len(sides) != 2:
        raise _fail(path, "officers/units", f"a battle has exactly two sides, found {sorted(sides)}")
    seen: set[str] = set()
    for i, o in enumerate(spec.officers):
        if o.id in seen:
            raise _fail(path, f"officers[{i}].id", f"duplicate id {o.id!r}")
        seen.add(o.id)
        battle.add_officer(o.id, o.side, o.role, o.experience, o.at)
    divisions = {o.id: o for o in spec.officers if o.role == "division"}
    for i, u in enumerate(spec.units):
        where = f"units[{i}]"
        if u.id in seen:
            raise _fail(path, f"{where}.id", f"duplicate id {u.id!r}")
        seen.add(u.id)
        if u.division not in divisions:
            raise _fail(path, f"{where}.division", f"unknown division officer {u.division!r}")
        if divisions[u.division].side != u.side:
            raise _fail(path, f"{where}.division", f"{u.division} is an officer of the other side")
        if u.category not in rules.categories:
            raise _fail(
                path,
                f"{where}.category",
                f"unknown category {u.category!r} (known: {', '.join(rules.categories)})",
            )
        if u.quality not in rules.qualities:
            raise _fail(
                path,
                f"{where}.quality",
                f"unknown quality {u.quality!r} (known: {', '.join(rules.qualities)})",
            )
        if not 0 <= u.hits < rules.core.hits.destroyed_at:
            raise _fail(
                path, f"{where}.hits", f"a unit in play has 0 to {rules.core.hits.destroyed_at - 1} hits"
            )
        b = rules.core.bases
        corners = rect_corners(u.at[0], u.at[1], u.facing, b.unit_width, b.unit_depth)
        if not battle.table.holds(corners):
            raise _fail(path, f"{where}.at", f"{u.id} does not stand wholly on the table")
        over = battle.physics.overlapping(b.unit_width, b.unit_depth, u.at[0], u.at[1], u.facing)
        if over:
            raise _fail(path, f"{where}.at", f"{u.id} overlaps {battle.name(over[0])}")
        battle.add_unit(u.id, u.side, u.division, u.category, u.quality, u.at, u.facing, u.hits)
    _check_steps(path, spec, seen)
    return battle


def _check_steps(path: Path, spec: ScriptFile, ids: set[str]) -> None:
    units = {u.id for u in spec.units}
    officers = {o.id for o in spec.officers}

    def known(where: str, ident: str | None, pool: set[str], what: str) -> None:
        if ident is not None and ident not in pool:
            raise _fail(path, where, f"unknown {what} id {ident!r}")

    for i, s in enumerate(spec.steps):
        where = f"steps[{i}]"
        if (s.order is None) == (s.check is None):
            raise _fail(path, where, "a step gives either an order or a check")
        if s.check == "leadership":
            if s.officer is None:
                raise _fail(path, f"{where}.officer", "a leadership check names its officer")
            known(f"{where}.officer", s.officer, officers, "officer")
            continue
        if s.unit is None:
            raise _fail(path, f"{where}.unit", "missing key: this step needs a unit")
        known(f"{where}.unit", s.unit, units, "unit")
        if s.order == "move" and s.to is None:
            raise _fail(path, f"{where}.to", "a move order needs a destination")
        if s.order in ("charge", "fire") and s.target is None:
            raise _fail(path, f"{where}.target", f"a {s.order} order needs a target")
        known(f"{where}.target", s.target, ids, "unit or officer")
        known(f"{where}.fire", s.fire, ids, "unit or officer")
        for j, c in enumerate(s.combined):
            known(f"{where}.combined[{j}]", c, units, "unit")
        for j, r in enumerate(s.reactions):
            known(f"{where}.reactions[{j}].unit", r.unit, units, "unit")
            known(f"{where}.reactions[{j}].target", r.target, ids, "unit")
        if s.extra is not None:
            known(f"{where}.extra.unit", s.extra.unit, units, "unit")
            known(f"{where}.extra.charge", s.extra.charge, units, "unit")


def order_command(s: StepSpec) -> cmd.Command:
    assert s.unit is not None
    if s.order == "move":
        assert s.to is not None
        return cmd.Move(s.unit, s.to, s.facing, s.fire, s.road)
    if s.order == "charge":
        assert s.target is not None
        return cmd.Charge(s.unit, s.target, tuple(s.combined))
    if s.order == "fire":
        assert s.target is not None
        return cmd.Fire(s.unit, s.target)
    if s.order == "withdraw":
        return cmd.Withdraw(s.unit)
    return cmd.Rally(s.unit)


class Answers:
    """Answers a step's pending decisions from what the step declared; declines everything else."""

    def __init__(self, step: StepSpec) -> None:
        self.step = step
        self.reactions = list(step.reactions)
        self.tried: set[tuple[str, str]] = set()

    def answer(self, d: Decision) -> cmd.Command:
        key = (d.kind, d.unit)
        if d.kind == "reaction":
            for r in self.reactions:
                if r.unit in d.options and (r.when == "first" or d.stage != "during"):
                    self.reactions.remove(r)
                    return cmd.React(r.unit, r.action, r.target)
            return cmd.Pass()
        if key in self.tried:
            return cmd.Pass()  # the declared answer was refused: fall back to the default
        self.tried.add(key)
        if d.kind == "marker" and self.step.marker is not None:
            return cmd.PlaceMarker(self.step.marker)
        x = self.step.extra
        if d.kind == "extra_move" and x is not None and (x.unit is None or x.unit == d.unit):
            return cmd.ExtraMove(d.unit, x.to, x.facing, x.charge)
        return cmd.Pass()


def play(path: Path, spec: ScriptFile, battle: Battle) -> list[dict[str, Any]]:
    """Run every step; each event is tagged with its step's index."""
    out: list[dict[str, Any]] = []
    for i, step in enumerate(spec.steps):
        events: list[Event] = []
        try:
            if step.check == "leadership":
                assert step.officer is not None
                events += battle.apply(cmd.CheckLeadership(step.officer))
            elif step.check == "morale":
                assert step.unit is not None
                events += battle.apply(cmd.CheckMorale(step.unit))
            else:
                assert step.unit is not None
                if esper.component_for_entity(battle.ids[step.unit], Status).in_play:
                    events += battle.apply(cmd.Activate(step.unit, leadership=False))
                events += battle.apply(order_command(step))
                answers = Answers(step)
                while battle.pending is not None:
                    events += battle.apply(answers.answer(battle.pending))
                for r in answers.reactions:
                    events.append(
                        Rejected(
                            rule="FG-REACT-1",
                            unit=r.unit,
                            order="react",
                            reason=f"{r.unit} never had {step.unit} in its reaction area, "
                            "or could not react then",
                        )
                    )
        except DiceExhausted as e:
            raise ContentError(f"{path}: steps[{i}]", f"{e} ({battle.dice.used} dice used)") from None
        out += [
            {"kind": e.kind, "step": i, **{k: v for k, v in e.to_dict().items() if k != "kind"}}
            for e in events
        ]
    return out


def report(spec: ScriptFile, battle: Battle, events: list[dict[str, Any]]) -> dict[str, Any]:
    battle.enter()
    units = {}
    for u in spec.units:
        e = battle.ids[u.id]
        pose = esper.component_for_entity(e, Pose)
        st = esper.component_for_entity(e, Status)
        units[u.id] = {
            "at": [round(pose.x, 4) + 0.0, round(pose.y, 4) + 0.0],
            "facing": round(pose.facing, 4) + 0.0,
            "hits": esper.component_for_entity(e, Hits).count,
            "destroyed": st.destroyed,
            "removed": not st.in_play,
            "disorganised": st.in_play and is_disorganised(battle, e),
        }
    officers = {}
    for o in spec.officers:
        e = battle.ids[o.id]
        pose = esper.component_for_entity(e, Pose)
        off = esper.component_for_entity(e, Officer)
        officers[o.id] = {
            "at": [round(pose.x, 4) + 0.0, round(pose.y, 4) + 0.0],
            "experience": off.experience,
            "lost_brigades": off.lost_brigades,
            "dead": off.dead,
        }
    return {
        "units": units,
        "officers": officers,
        "markers": [[round(x, 4) + 0.0, round(y, 4) + 0.0] for x, y in battle.markers()],
        "events": events,
        "dice_used": battle.dice.used,
    }


def run(path: Path, rulesets: Path | None = None) -> dict[str, Any]:
    """Load, check and play a scripted battle; any problem with the file is a ContentError."""
    spec = load(path)
    rules = load_ruleset(spec.ruleset, rulesets)
    battle = setup(path, spec, rules)
    try:
        events = play(path, spec, battle)
        return report(spec, battle, events)
    finally:
        battle.close()

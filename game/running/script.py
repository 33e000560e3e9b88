"""Scripted battles (shared/spec/scripted-battle.md): a TOML file places bases, fixes the dice and
gives orders step by step; `run` plays it headless through the same Commands as every other actor
and returns the JSON report. The format, the output and the order of rolls: docs/scripted-battles.md.
Any problem with the file is a ContentError naming the file, the key and the problem."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import esper

from game.content import module_records
from game.content.mods import Mod
from game.content.records import build, read_toml
from game.content.ruleset_files import load_ruleset
from game.content.scenario import XY, TerrainSpec, make_terrain
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Officer, Pose, Status
from game.model.dice import Dice
from game.model.errors import ContentError, DiceExhausted, UserError, WrongDie
from game.model.events import Event, Interrupted, Rejected
from game.model.geometry import Point, convex_overlap, rect_corners
from game.model.grammar import OWNER, form
from game.model.limits import Bounds, OneOf
from game.model.modules import ModuleList, RuleStack, order_kind, reaction_names, unit_order_names
from game.model.modules import modules as all_modules
from game.model.resolution import Decision
from game.model.ruleset import Ruleset
from game.model.table import Table
from game.model.words import table_size
from game.running.log_texts import REASONS
from systems.for_glory.checks import is_disorganised
from systems.for_glory.command import assess

Facing = Annotated[float, Bounds(-3600, 3600)]


@dataclass(frozen=True)
class OfficerSpec:
    id: str
    side: str
    role: Literal["staff", "division"]
    experience: Annotated[int, Bounds(None, 6)]
    at: XY


@dataclass(frozen=True)
class UnitSpec:
    id: str
    side: str
    division: str
    category: str
    quality: str
    at: XY
    facing: Facing
    hits: Annotated[int, Bounds(None, 10)] = 0


@dataclass(frozen=True)
class ReactionSpec:
    unit: str
    action: Annotated[str, OneOf(reaction_names)]
    target: str | None = None
    when: Literal["first", "end"] = "first"  # at the first chance, or at the end of the movement
    marker: XY | None = None  # where a reacting battery's marker goes (FG-FIRE-4)


@dataclass(frozen=True)
class ExtraSpec:
    """The cavalry extra move after a successful charge (FG-CHG-4): a move, or a chained charge.
    unit: the cavalry that makes it; by default the unit of the step."""

    unit: str | None = None
    to: XY | None = None
    facing: Facing | None = None
    charge: str | None = None


@dataclass(frozen=True)
class StepSpec:
    unit: str | None = None
    order: Annotated[str, OneOf(unit_order_names)] | None = None
    to: XY | None = None
    facing: Facing | None = None
    fire: str | None = None
    target: str | None = None
    road: bool | None = None
    combined: list[str] = field(default_factory=list)
    reactions: list[ReactionSpec] = field(default_factory=list)
    marker: XY | None = None
    extra: ExtraSpec | None = None
    check: Literal["leadership", "morale"] | None = None
    officer: str | None = None
    # a rule module's decisions answered by name: "charge_reaction" = "flee", or per unit
    # "charge_reaction:b2" = "hold" (the module's DecisionKind says which names it takes)
    decisions: Annotated[dict[str, Annotated[str, Bounds(1, 100)]], Bounds(0, 50)] = field(
        default_factory=dict
    )


@dataclass(frozen=True)
class ScriptFile:
    table: XY
    ruleset: str = "for-glory"
    modules: ModuleList = field(default_factory=list)  # optional rule modules (game/model/modules.py)
    dice: list[int] | None = None
    seed: Annotated[int, Bounds(0, 2**63 - 1)] | None = None
    terrain: list[TerrainSpec] = field(default_factory=list)
    officers: list[OfficerSpec] = field(default_factory=list)
    units: list[UnitSpec] = field(default_factory=list)
    steps: list[StepSpec] = field(default_factory=list)
    # each side's command points at the start, for a module with a command phase (clash-command's
    # strategy phase, CS-DEC-18); absent: none (a side left out has 0)
    command_points: Annotated[dict[str, Annotated[int, Bounds(0, 99)]], Bounds(0, 2)] | None = None


# The keys any order step may carry besides its own (OrderKind.script_keys), and each check's keys
# (shared/spec/scripted-battle.md).
ANY_ORDER_KEYS = {"unit", "order", "reactions", "marker", "extra", "decisions"}
CHECK_KEYS = {"leadership": {"check", "officer"}, "morale": {"check", "unit"}}


def fail(path: Path, where: str, problem: str) -> ContentError:
    """A problem of a scripted file (or a puzzle), at its key."""
    return ContentError(f"{path}: {where}", problem)


def ruleset_of(path: Path, spec: ScriptFile, rulesets: Path | None, mods: Sequence[Mod]) -> Ruleset:
    """The ruleset a scripted file (or a puzzle) names, with the mods over it; a problem names the file."""
    try:
        return load_ruleset(spec.ruleset, rulesets, mods)
    except ContentError as e:
        raise fail(path, "ruleset", str(e)) from None


def load(path: Path) -> ScriptFile:
    """Read and type-check a script file; every problem names the file and the key."""
    data = read_toml(path)
    if not data:
        raise fail(path, "table", "the file is empty: a scripted battle needs a table, units and steps")
    try:
        spec = build(ScriptFile, data, "")
    except ContentError as e:
        raise fail(path, e.where, e.problem) from None
    for i, (raw, step) in enumerate(zip(data.get("steps", []), spec.steps, strict=True)):
        if (step.order is None) == (step.check is None):
            raise fail(path, f"steps[{i}]", "a step gives either an order or a check")
        if step.order is not None:
            allowed, what = ANY_ORDER_KEYS | order_kind(step.order).script_keys, f"a {step.order} order"
        else:
            assert step.check is not None
            allowed, what = CHECK_KEYS[step.check], f"a {step.check} check"
        for key in raw:
            if key not in allowed:
                raise fail(
                    path, f"steps[{i}].{key}", f"not a key of {what} (its keys: {', '.join(sorted(allowed))})"
                )
    return spec


def make_table(path: Path, rules: Ruleset, spec: ScriptFile) -> Table:
    w, d = spec.table
    if w <= 0 or d <= 0:
        raise fail(path, "table", f"the table needs a positive size, found {table_size(spec.table)}")
    return Table(w, d, make_terrain(rules, spec.terrain, str(path)))


def rule_stack(path: Path, spec: ScriptFile, rules: Ruleset, modules: Sequence[str] = ()) -> RuleStack:
    """The rules the script runs: its ruleset's mode with the modules its mods, the file and the
    command line switch on; every step's order and reaction must be one of theirs."""
    stack = module_records.rule_stack(
        rules, [*spec.modules, *modules], module_records.chosen_in(path, spec.modules, modules)
    )
    for i, s in enumerate(spec.steps):
        if s.order is not None and s.order not in stack.order_names:
            raise fail(path, f"steps[{i}].order", _not_on("order", s.order, stack))
        for j, r in enumerate(s.reactions):
            if r.action not in stack.reactions:
                raise fail(path, f"steps[{i}].reactions[{j}].action", _not_on("reaction", r.action, stack))
    return stack


def _not_on(what: str, name: str, stack: RuleStack) -> str:
    owner = next(
        m.id for m in all_modules() if name in {k.name for k in m.orders} | {k.name for k in m.reactions}
    )
    on = ", ".join(stack.ids) or "none"
    return f"the {what} {name} comes from the rule module {owner}: add it to modules (switched on: {on})"


def setup(path: Path, spec: ScriptFile, rules: Ruleset, modules: Sequence[str] = ()) -> Battle:
    """Check the script's ids and place its officers and units on a new battle."""
    stack = rule_stack(path, spec, rules, modules)
    if spec.dice is not None:
        for i, v in enumerate(spec.dice):
            if not any(d.shows(v) for d in stack.dice):
                shows = " or ".join(f"a {d} shows {d.low} to {d.high}" for d in stack.dice)
                raise fail(path, f"dice[{i}]", f"{shows}, found {v}")
    sides = sorted({o.side for o in spec.officers} | {u.side for u in spec.units})
    if len(sides) != 2:
        raise fail(path, "officers/units", f"a battle has exactly two sides, found {sides}")
    table = make_table(path, rules, spec)
    seen: set[str] = set()
    staff: set[str] = set()
    radius = rules.core.bases.officer_diameter / 2
    for i, o in enumerate(spec.officers):
        where = f"officers[{i}]"
        if o.id in seen:
            raise fail(path, f"{where}.id", f"duplicate id {o.id!r}")
        seen.add(o.id)
        if o.experience < 0:
            raise fail(path, f"{where}.experience", f"experience cannot be negative, found {o.experience}")
        if o.role == "staff":
            if o.side in staff:
                raise fail(path, f"{where}.role", f"side {o.side!r} already has its estado mayor")
            staff.add(o.side)
        if not table.holds_point(o.at, radius):
            raise fail(path, f"{where}.at", f"{o.id} does not stand wholly on the table")
    officers = {o.id: o for o in spec.officers}
    b = rules.core.bases
    placed: list[tuple[str, tuple[Point, ...]]] = []
    for i, u in enumerate(spec.units):
        where = f"units[{i}]"
        if u.id in seen:
            raise fail(path, f"{where}.id", f"duplicate id {u.id!r}")
        seen.add(u.id)
        chief = officers.get(u.division)
        if chief is None:
            raise fail(path, f"{where}.division", f"unknown division officer {u.division!r}")
        if chief.role != "division":
            raise fail(path, f"{where}.division", f"{u.division} is the estado mayor, not a division officer")
        if chief.side != u.side:
            raise fail(path, f"{where}.division", f"{u.division} is an officer of the other side")
        if u.category not in rules.categories:
            known = ", ".join(rules.categories)
            raise fail(path, f"{where}.category", f"unknown category {u.category!r} (known: {known})")
        if u.quality not in rules.qualities:
            known = ", ".join(rules.qualities)
            raise fail(path, f"{where}.quality", f"unknown quality {u.quality!r} (known: {known})")
        if not 0 <= u.hits < rules.core.hits.destroyed_at:
            raise fail(
                path, f"{where}.hits", f"a unit in play has 0 to {rules.core.hits.destroyed_at - 1} hits"
            )
        corners = rect_corners(u.at[0], u.at[1], u.facing, b.unit_width, b.unit_depth)
        if not table.holds(corners):
            raise fail(path, f"{where}.at", f"{u.id} does not stand wholly on the table")
        for other, theirs in placed:
            if convex_overlap(corners, theirs):
                raise fail(path, f"{where}.at", f"{u.id} overlaps {other}")
        placed.append((u.id, corners))
    _check_steps(path, spec, seen)
    for side in spec.command_points or {}:
        if side not in sides:
            raise fail(path, f"command_points.{side}", f"unknown side (the sides: {', '.join(sides)})")
    battle = Battle(rules, table, Dice(spec.seed, spec.dice), stack, words=REASONS)
    for o in spec.officers:
        battle.add_officer(o.id, o.side, o.role, o.experience, o.at)
    for u in spec.units:
        battle.add_unit(u.id, u.side, u.division, u.category, u.quality, u.at, u.facing % 360.0, u.hits)
    if spec.command_points is not None:
        try:
            stack.hook("command_points")(battle, {s: spec.command_points.get(s, 0) for s in sides})
        except UserError as e:
            battle.close()
            raise fail(path, "command_points", str(e)) from None
    return battle


def _check_steps(path: Path, spec: ScriptFile, ids: set[str]) -> None:
    units = {u.id for u in spec.units}
    officers = {o.id for o in spec.officers}

    def known(where: str, ident: str | None, pool: set[str], what: str) -> None:
        if ident is not None and ident not in pool:
            raise fail(path, where, f"unknown {what} id {ident!r}")

    def required(where: str, value: object, problem: str) -> None:
        if value is None:
            raise fail(path, where, f"missing key: {problem}")

    for i, s in enumerate(spec.steps):
        where = f"steps[{i}]"
        if s.check == "leadership":
            required(f"{where}.officer", s.officer, "a leadership check names its officer")
            known(f"{where}.officer", s.officer, officers, "officer")
            continue
        required(f"{where}.unit", s.unit, f"a {s.order or 'morale'} step names its unit")
        known(f"{where}.unit", s.unit, units, "unit")
        if s.order == "move":
            required(f"{where}.to", s.to, "a move order needs a destination")
        if s.order in ("charge", "fire"):
            required(f"{where}.target", s.target, f"a {s.order} order needs a target")
        known(f"{where}.target", s.target, ids, "unit or officer")
        known(f"{where}.fire", s.fire, ids, "unit or officer")
        for j, c in enumerate(s.combined):
            known(f"{where}.combined[{j}]", c, units, "unit")
        for j, r in enumerate(s.reactions):
            known(f"{where}.reactions[{j}].unit", r.unit, units, "unit")
            known(f"{where}.reactions[{j}].target", r.target, ids, "unit or officer")
        if s.extra is not None:
            known(f"{where}.extra.unit", s.extra.unit, units, "unit")
            known(f"{where}.extra.charge", s.extra.charge, ids, "unit or officer")
            if (s.extra.to is None) == (s.extra.charge is None):
                raise fail(path, f"{where}.extra", "give a destination (to) or a charge target, not both")


def order_command(battle: Battle, s: StepSpec) -> cmd.Command:
    assert s.unit is not None and s.order is not None
    kind = battle.stack.order_names[s.order]
    assert kind.from_step is not None
    return kind.from_step(s)


class Answers:
    """Answers a step's pending decisions from what the step declared; declines everything else."""

    def __init__(self, step: StepSpec, stack: RuleStack) -> None:
        self.step = step
        self.stack = stack
        self.reactions = list(step.reactions)
        self.markers = {r.unit: r.marker for r in step.reactions if r.marker is not None}
        if step.marker is not None and step.unit is not None:
            self.markers[step.unit] = step.marker
        self.tried: set[tuple[str, str]] = set()
        self.refused: list[Event] = []  # named answers that are no answer, said before the default

    def answer(self, d: Decision) -> cmd.Command:
        named = self.step.decisions.get(f"{d.kind}:{d.unit}", self.step.decisions.get(d.kind))
        kind = self.stack.decisions.get(d.kind)
        if named is not None and kind is not None and kind.scripted is not None:
            key = (d.kind, d.unit)
            if key in self.tried:
                return cmd.Pass()  # the named answer was refused: the decision's default
            self.tried.add(key)
            try:  # the same check of every field as a replay's commands get
                return cmd.from_json(cmd.to_json(kind.scripted(d, named)), self.stack.commands)
            except ValueError as e:
                rule = kind.rules[0] if kind.rules else "SCRIPT"
                reason = f"{named!r} is no answer to the {d.kind} of {d.unit}: {e}"
                self.refused.append(Rejected(rule=rule, reason=reason, unit=d.unit, order=d.kind))
                return cmd.Pass()
        if d.kind == "order":  # a module's reacting unit (clash-command, CS-7) is given no action
            return cmd.EndActivation()
        if d.kind == "reaction":
            for r in self.reactions:
                if r.unit in d.options and (r.when == "first" or d.stage != "during"):
                    self.reactions.remove(r)
                    return cmd.React(r.unit, r.action, r.target)
            return cmd.Pass()
        key = (d.kind, d.unit)
        if key in self.tried:
            return cmd.Pass()  # the declared answer was refused: fall back to the default
        self.tried.add(key)
        if d.kind == "marker" and d.unit in self.markers:
            return cmd.PlaceMarker(self.markers[d.unit])
        x = self.step.extra
        if d.kind == "extra_move" and x is not None and (x.unit or self.step.unit) == d.unit:
            return cmd.ExtraMove(d.unit, x.to, x.facing, x.charge)
        return cmd.Pass()

    def unasked(self) -> list[Event]:
        """A declared marker or extra move the rules never asked for is refused, not dropped."""
        out: list[Event] = []
        for unit in self.markers:
            if ("marker", unit) not in self.tried:
                reason = f"{unit} places no marker: only an artillery shot with a result of 2 or more does"
                out.append(Rejected(rule="FG-FIRE-4", reason=reason, unit=unit, order="marker"))
        x = self.step.extra
        mover = (x.unit or self.step.unit) if x is not None else None
        if mover is not None and ("extra_move", mover) not in self.tried:
            reason = f"{mover} has no extra move: only cavalry after a successful charge, once per activation"
            out.append(Rejected(rule="FG-CHG-4", reason=reason, unit=mover, order="extra"))
        return out


def _unused(battle: Battle, step: StepSpec, r: ReactionSpec, events: list[Event]) -> Rejected:
    """Why a declared reaction never took place, with the rule that stopped it."""
    assert step.unit is not None
    e, mover = battle.ids[r.unit], battle.ids[step.unit]
    st = esper.component_for_entity(e, Status)
    if battle.side_of(e) == battle.side_of(mover):
        rule, reason = "FG-REACT-1", f"{r.unit} is on the side of {step.unit}: only enemy units react"
    elif not st.in_play:
        rule, reason = "FG-REACT-1", f"{r.unit} is no longer on the table"
    elif st.reacted:
        rule, reason = "FG-REACT-4", f"{r.unit} has already reacted in this activation"
    elif st.marching_by_road:
        rule, reason = "FG-ROAD-4", f"{r.unit} is marching by road and cannot react"
    elif (
        any(isinstance(ev, Interrupted) for ev in events)
        or not esper.component_for_entity(mover, Status).in_play
    ):
        rule, reason = (
            "FG-FIRE-6",
            f"{form(step.unit, OWNER)} action was cut short before {r.unit} could react",
        )
    else:
        when = " at the end of its movement" if r.when == "end" else ""
        rule, reason = "FG-REACT-1", f"{step.unit} was never in the reaction area of {r.unit}{when}"
    return Rejected(rule=rule, reason=reason, unit=r.unit, order="react")


def play_step(battle: Battle, step: StepSpec) -> list[Event]:
    """One step: a check, or an activation of the unit's formation and its order with its answers."""
    if step.check == "leadership":
        assert step.officer is not None
        return battle.apply(cmd.CheckLeadership(step.officer))
    if not battle.formations_fixed:
        assess(battle)  # who is detached now (FG-TERM-7): a morale check counts it as disorganised
    assert step.unit is not None
    if step.check == "morale":
        return battle.apply(cmd.CheckMorale(step.unit))
    events: list[Event] = []
    answers = Answers(step, battle.stack)
    if esper.component_for_entity(battle.ids[step.unit], Status).in_play:
        events += battle.apply(cmd.Activate(step.unit, leadership=False))
        events += _settle(battle, answers)  # a module's questions before the order (WM-10's rally)
    started = battle.apply(order_command(battle, step))
    events += started
    if len(started) == 1 and isinstance(started[0], Rejected):
        return events  # the order was refused: nothing happened, so nothing was reacted to
    events += _settle(battle, answers)
    events += [_unused(battle, step, r, events) for r in answers.reactions]
    return events + answers.unasked()


def _settle(battle: Battle, answers: Answers) -> list[Event]:
    """Answers every decision the battle asks, from the step, until it asks none."""
    events: list[Event] = []
    while battle.pending is not None:
        d = battle.pending
        answer = answers.answer(d)
        events += answers.refused
        answers.refused = []
        events += battle.apply(answer)
        if isinstance(answer, cmd.Pass) and battle.pending is d:
            raise Unanswered(
                f"the battle asks side {d.side} for the {d.kind} of {d.unit} and the step gives none"
            )
    return events


class Unanswered(Exception):
    """A decision (a rule module's) that declines nothing, and that the step does not answer."""


def play(path: Path, spec: ScriptFile, battle: Battle) -> list[dict[str, Any]]:
    """Run every step; each event is tagged with its step's index."""
    out: list[dict[str, Any]] = []
    for i, step in enumerate(spec.steps):
        before = battle.dice.used
        try:
            events = play_step(battle, step)
        except DiceExhausted:
            n = battle.dice.used
            raise fail(
                path,
                f"steps[{i}]",
                f"the dice list ran out after {n} dice ({before} used before this step, {n - before} in it): "
                "this step needs more; a script states every die it expects",
            ) from None
        except WrongDie as e:
            raise fail(path, f"dice[{battle.dice.used}]", str(e)) from None
        except Unanswered as e:
            raise fail(path, f"steps[{i}]", str(e)) from None
        out += [
            {"kind": e.kind, "step": i, **{k: v for k, v in e.to_dict().items() if k != "kind"}}
            for e in events
        ]
    return out


def _xy(x: float, y: float) -> list[float]:
    return [round(x, 4) + 0.0, round(y, 4) + 0.0]


def report(spec: ScriptFile, battle: Battle, events: list[dict[str, Any]]) -> dict[str, Any]:
    battle.enter()
    if not battle.formations_fixed:
        assess(battle)  # a unit that ended the script beyond L of its officer is a detachment now
    units = {}
    for u in spec.units:
        e = battle.ids[u.id]
        pose = esper.component_for_entity(e, Pose)
        st = esper.component_for_entity(e, Status)
        units[u.id] = {
            "at": _xy(pose.x, pose.y),
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
            "at": _xy(pose.x, pose.y),
            "experience": off.experience,
            "lost_brigades": off.lost_brigades,
            "dead": off.dead,
        }
    return {
        "units": units,
        "officers": officers,
        "markers": [_xy(x, y) for x, y in battle.markers()],
        "events": events,
        "dice_used": battle.dice.used,
    }


def run(
    path: Path, rulesets: Path | None = None, mods: Sequence[Mod] = (), modules: Sequence[str] = ()
) -> dict[str, Any]:
    """Load, check and play a scripted battle (with mods, if given); any problem with the file is a
    ContentError."""
    spec = load(path)
    battle = setup(path, spec, ruleset_of(path, spec, rulesets, mods), modules)
    try:
        events = play(path, spec, battle)
        return report(spec, battle, events)
    finally:
        battle.close()

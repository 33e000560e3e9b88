"""Tactical puzzles: a position (a scripted battle's file, shared/spec/scripted-battle.md, without steps)
with a `[puzzle]` table saying whose move it is: the side to act, the formation activated with its
officer's leadership check passed (or the side's estado mayor, for his move at the end of the round),
the round, the objectives with their holders and the table edges. `solve` lets that side's general take
the whole activation, the other side's general answering with its reactions, and returns every command
chosen in order with the reasons the general gave, and every event (docs/puzzles.md).

A puzzle file is untrusted content: every problem is a ContentError naming the file and the key."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import esper

from game.ai.players import make_player
from game.ai.reasons import Thought
from game.content.locale import TRANSLATED, GrammarTag, Texts, check_translations, grammar_problems
from game.content.mods import Mod
from game.content.records import build, read_toml
from game.content.scenario import XY, Edge, Name
from game.model import commands as cmd
from game.model.battle import Battle, GameState, ObjectiveState
from game.model.components import Officer, Unit
from game.model.errors import ContentError, DiceExhausted, UserError, WrongDie
from game.model.grammar import said_name, shown_whole
from game.model.limits import Bounds
from game.running import script
from game.running.puzzle_checks import Done, Expect, Verdict, check_expect, verdicts
from systems.for_glory import sequence
from systems.for_glory.command import activate, assess
from systems.for_glory.victory import update_objectives

MAX_DECISIONS = 200  # answers one activation may take at most (a general refused again and again)
About = Annotated[str, Bounds(0, 600)]


@dataclass(frozen=True)
class PuzzleObjective:
    id: str
    at: XY
    name: Name = ""
    holder: str | None = None  # the side that holds it now (AMB-35); none by default
    held_before: list[str] = field(
        default_factory=list
    )  # sides that held it once (FG-VIC-8), besides its holder


@dataclass(frozen=True)
class PuzzleWords:
    """A puzzle's words in another language (`[puzzle.locale.<language>]`): its title, question and
    lesson, and its objectives' names by id, with their grammar (docs/spanish.md)."""

    title: Name = ""
    question: About = ""
    lesson: About = ""
    objectives: dict[str, Name] = field(default_factory=dict)
    grammar: dict[str, GrammarTag] = field(default_factory=dict)  # the objectives', by id


@dataclass(frozen=True)
class PuzzleSpec:
    side: str  # the side to act
    formation: str  # a division general's id, a detached unit's id, or the side's estado mayor's id
    edges: dict[str, Edge]  # each side's table edge (AMB-38)
    round: Annotated[int, Bounds(1, 99)] = 1
    max_rounds: Annotated[int, Bounds(1, 99)] | None = None
    objectives: Annotated[list[PuzzleObjective], Bounds(0, 20)] = field(default_factory=list)
    title: Name = ""
    question: About = ""  # the decision the position puts to the side to act, in words
    lesson: About = ""  # what a good player does here, in words
    expect: Annotated[list[Expect], Bounds(0, 10)] = field(default_factory=list)  # and as checks
    locale: Annotated[dict[str, PuzzleWords], TRANSLATED] = field(default_factory=dict)  # in other languages


@dataclass(frozen=True)
class PuzzleFile(script.ScriptFile):
    """A scripted battle's position with whose move it is; it gives no steps."""

    puzzle: PuzzleSpec | None = None


@dataclass
class Solution:
    """What the generals did: each command with its side and decision, each general's reasons, every
    event of the activation."""

    commands: list[dict[str, Any]]
    thoughts: list[dict[str, Any]]
    events: list[dict[str, Any]]
    chosen: list[cmd.Command]  # the commands themselves, in order
    thought_of: list[Thought | None]  # each command's reasons, as the general gave them
    state: dict[str, Any] = field(default_factory=dict)  # where everything stands after (script.report)
    spec: PuzzleSpec | None = None  # the puzzle's own table: its side, question, objectives, checks

    def to_json(self) -> dict[str, Any]:
        return {"commands": self.commands, "thoughts": self.thoughts, "events": self.events}

    def verdicts(self, t: Texts, objective_names: Mapping[str, str] | None = None) -> list[Verdict]:
        """What the puzzle expects, what the generals did, and whether it passed, in `t`'s words (the
        objectives by `objective_names`, else by the names the puzzle gives them)."""
        p = self.spec
        assert p is not None
        objectives = {o.id: (o.at[0], o.at[1]) for o in p.objectives}
        names = dict(objective_names or {o.id: o.name for o in p.objectives if o.name})
        done = Done(p.side, self.commands, self.chosen, self.events, self.state, objectives, names)
        return verdicts(p.expect, done, t)


def load(path: Path) -> PuzzleFile:
    """Read and type-check a puzzle file; every problem names the file and the key."""
    data = read_toml(path)
    if "puzzle" not in data:
        raise script.fail(path, "puzzle", "missing table: a puzzle says whose move it is in [puzzle]")
    if data.get("steps"):
        raise script.fail(path, "steps", "a puzzle gives no steps: the side's general chooses its orders")
    try:
        spec = build(PuzzleFile, data, "")
    except ContentError as e:
        raise script.fail(path, e.where, e.problem) from None
    if spec.puzzle is not None:
        known = {"objectives": {o.id for o in spec.puzzle.objectives}}
        check_translations(spec.puzzle.locale, known, f"{path}: puzzle", "puzzle")
        for lang, words in spec.puzzle.locale.items():
            tags = {"grammar": words.grammar}
            for bad in grammar_problems(tags, {"grammar": known["objectives"]}, f"puzzle.locale.{lang}"):
                raise script.fail(path, bad.where, bad.problem)
    return spec


def objective_names(spec: PuzzleFile, language: str) -> dict[str, str]:
    """A puzzle's objectives by their names in a language, with their grammar (its ids where it
    names none)."""
    if spec.puzzle is None:
        return {}
    words = spec.puzzle.locale.get(language, PuzzleWords())
    return {
        o.id: shown_whole(
            said_name(
                words.objectives.get(o.id) or o.name or o.id,
                words.grammar.get(o.id, ""),
                "objective",
                language,
            )
        )
        for o in spec.puzzle.objectives
    }


def setup(path: Path, spec: PuzzleFile, rules: Any, modules: Sequence[str] = ()) -> Battle:
    """The position on a new battle, with the round's state: its objectives, edges and round, the
    formations of the round fixed (FG-INIT-1), and the formation activated, its check passed."""
    assert spec.puzzle is not None
    p = spec.puzzle
    b = script.setup(path, spec, rules, modules)
    try:
        _round_state(path, p, b)
    except BaseException:
        b.close()
        raise
    return b


def _round_state(path: Path, p: PuzzleSpec, b: Battle) -> None:
    sides = list(b.sides)
    if p.side not in sides:
        raise script.fail(
            path, "puzzle.side", f"no side {p.side!r} in the position (its sides: {', '.join(sides)})"
        )
    if set(p.edges) != set(sides) or set(p.edges.values()) != {"south", "north"}:
        raise script.fail(
            path, "puzzle.edges", f"give each side ({', '.join(sides)}) its edge: one south, the other north"
        )
    objectives: list[ObjectiveState] = []
    for i, o in enumerate(p.objectives):
        where = f"puzzle.objectives[{i}]"
        if o.id in {x.id for x in objectives}:
            raise script.fail(path, f"{where}.id", f"duplicate id {o.id!r}")
        for side in [o.holder, *o.held_before]:
            if side is not None and side not in sides:
                raise script.fail(path, f"{where}.holder", f"no side {side!r} in the position")
        if not b.table.holds_point(o.at):
            raise script.fail(path, f"{where}.at", "the objective is not on the table")
        ever = set(o.held_before) | ({o.holder} if o.holder else set())
        objectives.append(ObjectiveState(o.id, o.at, o.name, o.holder, ever))
    other = next(s for s in sides if s != p.side)
    b.game = GameState(
        path.stem, [p.side, other], dict(p.edges), objectives, p.max_rounds, p.round, "activations"
    )
    if p.max_rounds is not None and p.round > p.max_rounds:
        raise script.fail(path, "puzzle.round", f"round {p.round} is past the last round, {p.max_rounds}")
    assess(b)
    b.formations_fixed = True  # the round's formations are fixed at its initiative (AMB-5)
    e = b.ids.get(p.formation)
    off = esper.try_component(e, Officer) if e is not None else None
    if e is None or b.side_of(e) != p.side or (off is None and not esper.has_component(e, Unit)):
        raise script.fail(
            path,
            "puzzle.formation",
            f"{p.formation!r} is no division general, unit or estado mayor of {p.side}",
        )
    if off is not None and off.role == "division" and not any(f.key == p.formation for f in b.formations):
        raise script.fail(path, "puzzle.formation", f"the division of {p.formation} has no unit on the table")
    update_objectives(b)  # a unit already at XS of an objective holds it (AMB-35)
    for i, check in enumerate(p.expect):
        try:
            check_expect(f"puzzle.expect[{i}]", check, set(b.ids), {o.id for o in objectives})
        except ContentError as bad:
            raise script.fail(path, bad.where, bad.problem) from None


def solve(
    path: Path,
    level: str = "hard",
    other: str = "hard",
    seed: int = 1,
    rulesets: Path | None = None,
    mods: Sequence[Mod] = (),
    modules: Sequence[str] = (),
) -> Solution:
    """Load a puzzle and let the side's general take the whole activation."""
    spec = load(path)
    b = setup(path, spec, script.ruleset_of(path, spec, rulesets, mods), modules)
    try:
        return _play(path, spec, b, level, other, seed, mods)
    except DiceExhausted:
        raise script.fail(
            path, "dice", f"the dice list ran out after {b.dice.used} dice: give more, or a seed"
        ) from None
    except WrongDie as e:
        raise script.fail(path, f"dice[{b.dice.used}]", str(e)) from None
    finally:
        b.close()


def _play(
    path: Path, spec: PuzzleFile, b: Battle, level: str, other: str, seed: int, mods: Sequence[Mod]
) -> Solution:
    assert spec.puzzle is not None and b.game is not None
    side = spec.puzzle.side
    players = {
        s: make_player(k, s, seed + i, mods)
        for i, (s, k) in enumerate(zip(b.game.sides, (level, other), strict=True))
    }
    e = b.ids[spec.puzzle.formation]
    off = esper.try_component(e, Officer)
    start = len(b.events)
    if off is not None and off.role == "staff":
        b.start(sequence.officer_move(b, side, e, "staff_move"))
    else:  # FG-ACT-2: activated, the leadership check passed (a detachment takes none, FG-ACT-5)
        activate(b, cmd.Activate(spec.puzzle.formation, leadership=False))
        assert b.activation is not None
        b.start(sequence.orders(b, b.activation.formation))
    commands: list[dict[str, Any]] = []
    thoughts: list[dict[str, Any]] = []
    kept: list[Thought | None] = []
    chosen: list[cmd.Command] = []
    for _ in range(MAX_DECISIONS):
        d = b.pending
        if d is None:
            break
        player = players[d.side]
        c = player.decide(b, d)
        thought = getattr(player, "thought", None)
        thought = thought if isinstance(thought, Thought) else None
        kept.append(thought)
        chosen.append(c)
        if thought is not None:
            thoughts.append(_thought_json(len(kept) - 1, thought))
        before = len(b.events) - start
        b.apply(c)
        commands.append(
            {
                "side": d.side,
                "decision": d.kind,
                "unit": d.unit,  # who the decision is about (a reaction's: the unit that moved)
                "command": cmd.to_json(c),
                "events": [before, len(b.events) - start],  # the events it brought: [first, end)
            }
        )
    else:
        raise UserError(f"{path}: the generals took more than {MAX_DECISIONS} decisions in one activation")
    events = [
        {"kind": ev.kind, **{k: v for k, v in ev.to_dict().items() if k != "kind"}} for ev in b.events[start:]
    ]
    state = script.report(spec, b, events)
    state = {k: state[k] for k in ("units", "officers")}
    return Solution(commands, thoughts, events, chosen, kept, state, spec.puzzle)


def _thought_json(index: int, t: Thought) -> dict[str, Any]:
    return {
        "command": index,
        "decision": t.kind,
        "side": t.side,
        "looked_at": t.looked_at,
        "options": [
            {
                "command": cmd.to_json(w.command),
                "value": w.value,
                "parts": dict(w.parts),
                "odds": dict(w.odds),
            }
            for w in t.options
        ],
    }

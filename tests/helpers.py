"""Building small battles for rule tests: a few bases, fixed dice, orders through Commands."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import esper
import pytest

from game import CONTENT
from game.content.ruleset_files import load_ruleset
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Officer, Pose, Status
from game.model.dice import Dice
from game.model.events import Event
from game.model.modules import RuleStack
from game.model.resolution import Decision, Reject
from game.model.ruleset import Ruleset
from game.model.session import Session
from game.model.table import Feature, Table
from game.running import puzzle
from game.running.log_texts import english
from game.running.match import Match, new_match


@cache
def rules() -> Ruleset:
    return load_ruleset()


def make_battle(
    dice: Sequence[int] | None = None,
    *,
    seed: int | None = None,
    size: tuple[float, float] = (72, 48),
    terrain: Iterable[tuple[str, Any]] = (),
    ruleset: Ruleset | None = None,
    stack: RuleStack | None = None,
) -> Battle:
    """A battle on an empty table. terrain: (kind, polygon) or (kind, (path, width)) pairs; stack: the
    rule modules it runs (For Glory alone by default)."""
    rs = ruleset or rules()
    feats = []
    for kind, shape in terrain:
        k = rs.terrain[kind]
        if k.linear:
            path, width = shape
            feats.append(Feature(k, path=tuple(path), width=width))
        else:
            feats.append(Feature(k, polygon=tuple(shape)))
    return Battle(rs, Table(size[0], size[1], tuple(feats)), Dice(seed, dice), stack, words=english())


def module_mod(tmp: Path, module: str, name: str, text: str, *, switch_on: bool = False) -> Path:
    """A mod that lays `text` over a rule module's numbers file <name>.toml (and may switch the module
    on); returns that file, to be rewritten for the next case."""
    root = tmp / "numbers"
    (root / "modules" / module).mkdir(parents=True, exist_ok=True)
    on = f'modules = ["{module}"]\n' if switch_on else ""
    (root / "mod.toml").write_text(f'id = "numbers"\nname = "Numbers"\nversion = "1"\n{on}')
    path = root / "modules" / module / f"{name}.toml"
    path.write_text(text)
    return path


def modded_stack(numbers_file: Path, modules: Sequence[str]) -> RuleStack:
    """The rules with the mod of `module_mod` and these modules on."""
    from game.content.mods import load_mods
    from game.content.module_records import rule_stack

    return rule_stack(load_ruleset(mods=load_mods([numbers_file.parents[2]])), modules, "tests")


def refuses_numbers(
    numbers_file: Path, module: str, cases: Iterable[tuple[str, str]], *, with_: Sequence[str] = ()
) -> None:
    """Each (text, key): that file refused in one line naming the file and the key (the module on,
    after the modules it builds on, `with_`)."""
    from game.model.errors import ContentError

    for text, key in cases:
        numbers_file.write_text(text)
        try:
            modded_stack(numbers_file, [*with_, module])
        except ContentError as bad:
            message = str(bad)
            assert key in message and numbers_file.name in message and "\n" not in message, message
        else:
            raise AssertionError(f"{text!r} was accepted")


def officer(
    b: Battle, ident: str, side: str, at: tuple[float, float], *, role: str = "division", experience: int = 3
) -> int:
    return b.add_officer(ident, side, role, experience, at)


def unit(
    b: Battle,
    ident: str,
    side: str,
    at: tuple[float, float],
    facing: float,
    *,
    cat: str = "LnInf",
    q: str = "R",
    division: str | None = None,
    hits: int = 0,
) -> int:
    div = division or f"{side}-div"
    if div not in b.ids:
        officer(b, div, side, at)
    return b.add_unit(ident, side, div, cat, q, at, facing, hits)


def order(b: Battle, command: cmd.Command, answers: Iterable[cmd.Command] = ()) -> list[Event]:
    """Activate the unit's formation (leadership taken as passed), give the order, answer each pending
    decision with the next answer, then decline whatever else is asked."""
    events: list[Event] = []
    unit_name = getattr(command, "unit", None)
    if (unit_name is not None and b.activation is None) or (
        unit_name is not None and b.activation is not None and unit_name not in b.activation.formation.units
    ):
        events += b.apply(cmd.Activate(unit_name, leadership=False))
    events += b.apply(command)
    queue = list(answers)
    while b.pending is not None:
        events += b.apply(queue.pop(0) if queue else cmd.Pass())
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: Iterable[Event], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def pos(b: Battle, ident: str) -> tuple[float, float]:
    b.enter()
    p = esper.component_for_entity(b.ids[ident], Pose)
    return (round(p.x, 3), round(p.y, 3))


def hits(b: Battle, ident: str) -> int:
    b.enter()
    return esper.component_for_entity(b.ids[ident], Hits).count


def status(b: Battle, ident: str) -> Status:
    b.enter()
    return esper.component_for_entity(b.ids[ident], Status)


def officer_of(b: Battle, ident: str) -> Officer:
    b.enter()
    return esper.component_for_entity(b.ids[ident], Officer)


def run_toml(tmp_path: Path, text: str) -> dict[str, Any]:
    from game.running.script import run

    f = tmp_path / "battle.toml"
    f.write_text(text)
    return run(f)


def play(
    b: Battle,
    command: cmd.Command,
    answer: Callable[[Decision], cmd.Command | None] = lambda _d: None,
    asked: list[Decision] | None = None,
) -> list[Event]:
    """Like `order`, but each pending decision goes to answer(decision), which returns the answering
    Command (None: Pass). Every decision asked is appended to `asked` when given."""
    events: list[Event] = []
    unit_name = getattr(command, "unit", None)
    if unit_name is not None and (b.activation is None or unit_name not in b.activation.formation.units):
        events += b.apply(cmd.Activate(unit_name, leadership=False))
    events += b.apply(command)
    while b.pending is not None:
        decision = b.pending
        if asked is not None:
            asked.append(decision)
        events += b.apply(answer(decision) or cmd.Pass())
    return events


# --- whole battles from small scenarios (tests/rules/test_battle_setup.py, test_rounds.py, test_victory.py)

UnitRow = tuple[str, str, str] | tuple[str, str, str, int]  # (id, category, quality[, hits it starts with])


def division(
    ident: str,
    *units: UnitRow,
    experience: int | None = 3,
    arrival: int | None = 0,
    entry: str | None = None,
) -> dict[str, Any]:
    """A division for `write_scenario`: two regular line brigades <id>a and <id>b unless given.
    experience/arrival None: rolled (FG-PREP-3, FG-DEP-3); arrival 0 starts on the table; entry: the
    flank it enters by (FG-REINF-3), rolled when None."""
    rows = units or ((f"{ident}a", "LnInf", "R"), (f"{ident}b", "LnInf", "R"))
    return {"id": ident, "units": rows, "experience": experience, "arrival": arrival, "entry": entry}


def army(ident: str, edge: str, *divisions: dict[str, Any], staff: int | None = 3) -> dict[str, Any]:
    """A side for `write_scenario`; staff: the estado mayor's experience (None: rolled)."""
    return {"id": ident, "edge": edge, "divisions": divisions, "staff": staff}


def _hits(row: UnitRow) -> str:
    return f", hits = {row[3]}" if len(row) > 3 else ""  # type: ignore[misc]


def write_scenario(
    tmp_path: Path,
    sides: Sequence[dict[str, Any]] | None = None,
    *,
    table: tuple[float, float] = (48, 40),
    objectives: Sequence[tuple[str, tuple[float, float], str | None]] = (),
    max_rounds: int | None = None,
    terrain: Sequence[tuple[str, Sequence[tuple[float, float]]]] = (),
    name: str = "scenario.toml",
) -> Path:
    """A scenario file. Default sides: red (south: r1, r2) and blue (north: b1, b2), two line
    brigades each, experience 3, all on the table. objectives: (id, at, held_by)."""

    def value(v: Any) -> str:
        if isinstance(v, str):
            return f'"{v}"'
        if isinstance(v, tuple | list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return repr(v)

    sides = sides or (
        army("red", "south", division("r1"), division("r2")),
        army("blue", "north", division("b1"), division("b2")),
    )
    out = ['id = "test"', 'name = "Test"', f"table = {value(table)}"]
    if max_rounds is not None:
        out.append(f"max_rounds = {max_rounds}")
    for kind, polygon in terrain:
        out += ["", "[[terrain]]", f'kind = "{kind}"', f"polygon = {value(polygon)}"]
    for ident, at, held in objectives:
        out += ["", "[[objectives]]", f'id = "{ident}"', f"at = {value(at)}"]
        if held is not None:
            out.append(f'held_by = "{held}"')
    for s in sides:
        out += ["", "[[sides]]", f'id = "{s["id"]}"', f'name = "{s["id"]}"', f'edge = "{s["edge"]}"']
        out += ["[sides.staff]", f'name = "{s["id"]} staff"']
        if s["staff"] is not None:
            out.append(f"experience = {s['staff']}")
        for d in s["divisions"]:
            out += ["[[sides.divisions]]", f'id = "{d["id"]}"']
            for key in ("experience", "arrival", "entry"):
                if d.get(key) is not None:
                    out.append(f"{key} = {value(d[key])}")
            rows = ", ".join(
                f'{{ id = "{u[0]}", category = "{u[1]}", quality = "{u[2]}"{_hits(u)} }}' for u in d["units"]
            )
            out.append(f"units = [{rows}]")
    path = tmp_path / name
    path.write_text("\n".join(out) + "\n")
    return path


def start_match(
    path: Path, dice: Sequence[int], *, max_rounds: int | None = None, rules: Ruleset | None = None
) -> Match:
    """A match of a scenario file with every die fixed, stopped at its first decision."""
    return new_match(str(path), 0, max_rounds, rules, dice=dice)


def line_up(
    b: Battle, division_id: str, officer_at: tuple[float, float], facing: float, ahead: float = 2.0
) -> cmd.Deploy:
    """A Deploy of a whole division: its units abreast, 2.4" apart, `ahead` in front of the officer."""
    units = officer_of(b, division_id).assigned
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    rows = []
    for i, u in enumerate(units):
        across = (i - (len(units) - 1) / 2) * 2.4
        x = officer_at[0] + fx * ahead - fy * across
        y = officer_at[1] + fy * ahead + fx * across
        rows.append((u, round(x, 3), round(y, 3), facing))
    return cmd.Deploy(division_id, officer_at, tuple(rows))


# Where the default sides of `write_scenario` deploy (a 48x40 table): each division general, his
# units 2" in front of him, facing the enemy; each estado mayor within XL of the first division only.
DEPLOY_AT = {"r1": (12.0, 4.0), "r2": (36.0, 4.0), "b1": (12.0, 36.0), "b2": (36.0, 36.0)}
STAFF_AT = {"red": (18.0, 3.0), "blue": (18.0, 37.0)}
FACING = {"south": 90.0, "north": 270.0}


def idle(d: Decision) -> cmd.Command:
    """The answer of a player who does nothing: the first formation activates, gives no orders and
    nobody moves or reacts."""
    if d.kind == "activate":
        return cmd.Activate(d.options[0])
    if d.kind == "order":
        return cmd.EndActivation()
    if d.kind in ("deploy", "place_staff"):
        raise AssertionError(f"idle cannot answer {d}")
    return cmd.Pass()


def deploy_next(
    m: Match,
    at: dict[str, tuple[float, float]] | None = None,
    staff: dict[str, tuple[float, float]] | None = None,
) -> list[Event]:
    """Answer the pending deploy decision (the first division offered, `line_up` at its spot in `at`,
    DEPLOY_AT by default) or place_staff decision (at `staff`, STAFF_AT by default)."""
    b = m.battle
    d = b.pending
    assert d is not None and d.kind in ("deploy", "place_staff") and b.game is not None, d
    if d.kind == "place_staff":
        events = m.apply(cmd.PlaceStaff({**STAFF_AT, **(staff or {})}[d.side]))
    else:
        name = d.unit or d.options[0]
        spot = {**DEPLOY_AT, **(at or {})}[name]
        events = m.apply(line_up(b, name, spot, FACING[b.game.edges[d.side]]))
    assert not of(events, "rejected"), of(events, "rejected")
    return events


def deploy_all(
    m: Match,
    at: dict[str, tuple[float, float]] | None = None,
    staff: dict[str, tuple[float, float]] | None = None,
) -> list[Event]:
    """`deploy_next` until the battle asks something else (reinforcements entering included)."""
    events: list[Event] = []
    while m.battle.pending is not None and m.battle.pending.kind in ("deploy", "place_staff"):
        events += deploy_next(m, at, staff)
    return events


def advance(
    m: Match,
    stop: Callable[[Decision], bool],
    answer: Callable[[Decision], cmd.Command] = idle,
) -> list[Event]:
    """Answer decisions with `answer` until `stop(decision)` or the end; returns the events."""
    b = m.battle
    events: list[Event] = []
    while b.pending is not None and not stop(b.pending):
        events += m.apply(answer(b.pending))
    return events


def start(made: list[Match], path: Path, dice: list[int], **kw: Any) -> Match:
    """start_match, remembered in `made` (the `matches` fixture closes them)."""
    m = start_match(path, dice, **kw)
    made.append(m)
    return m


# --- measuring in tests (the engine itself never needs these) ----------------------------------


def polygon_area(poly: Sequence[tuple[float, float]]) -> float:
    n = len(poly)
    return abs(sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(n))) / 2


def to_local(p: tuple[float, float], origin: tuple[float, float], facing: float) -> tuple[float, float]:
    """p in a frame at origin: (forward, left)."""
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    dx, dy = p[0] - origin[0], p[1] - origin[1]
    return (dx * fx + dy * fy, -dx * fy + dy * fx)


def point_polyline_distance(p: tuple[float, float], path: Sequence[tuple[float, float]]) -> float:
    from game.model.geometry import point_segment_distance

    return min(point_segment_distance(p, path[i - 1], path[i]) for i in range(1, len(path)))


def sees_point(b: Battle, viewer: int, p: tuple[float, float]) -> bool:
    """Is a point inside the viewer's vision strip (FG-VIS-1)? Measured from its front edge."""
    pose = b.pose(viewer)
    fl, fr = pose.corners[0], pose.corners[1]
    forward, left = to_local(p, ((fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2), pose.facing)
    return forward >= -0.01 and abs(left) <= math.dist(fl, fr) / 2 + 0.01


def roll_mods(roll: Any) -> dict[str, int]:
    """The roll's modifiers by rule, after checking that its total is its die plus its modifiers and
    that no rule is applied twice."""
    assert roll.total == roll.die + sum(m.value for m in roll.modifiers)
    out: dict[str, int] = {}
    for m in roll.modifiers:
        assert m.rule not in out, f"{m.rule} applied twice"
        out[m.rule] = m.value
    return out


def refusal(f: Callable[[], object]) -> Reject:
    """The refusal that `f` raises."""
    with pytest.raises(Reject) as caught:
        f()
    return caught.value


def refused(session: Session, f: Callable[[], object]) -> str:
    """Why `f` refuses, in the English words an event of the session would record."""
    return session.reason(refusal(f))


def zeroed_rules(**groups: tuple[str, ...]) -> Ruleset:
    """The ruleset with the named modifiers (by group: morale, leadership, combat) set to 0, as a mod
    may set them; `combat=("*",)` zeroes every combat modifier with a value of its own."""
    rs = rules()
    table = {g: dict(getattr(rs.modifiers, g)) for g in groups}
    for g, names in groups.items():
        for n in names if names != ("*",) else tuple(table[g]):
            if table[g][n].value is not None:
                table[g][n] = dataclasses.replace(table[g][n], value=0)
    return dataclasses.replace(rs, modifiers=dataclasses.replace(rs.modifiers, **table))


@contextmanager
def puzzle_position(name: str) -> Iterator[Battle]:
    """The battle of a shipped puzzle (content/puzzles/NAME.toml) as set up for its side to act."""
    path = CONTENT / "puzzles" / f"{name}.toml"
    spec = puzzle.load(path)
    b = puzzle.setup(path, spec, load_ruleset(spec.ruleset))
    try:
        yield b
    finally:
        b.close()

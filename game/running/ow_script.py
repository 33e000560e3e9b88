"""Scripted Open Wars games (docs/scripted-open-wars.md): a TOML file names a map, sets the players'
purses, holdings and stacks, fixes the dice, the turn and phase to begin at, answers the game's decisions
step by step with the same Commands as every other actor, and states the values expected at the end;
`run` plays it headless and returns the JSON report, each expectation checked. Any problem with the file
is a ContentError naming the file, the key and the problem."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from game.content.locale import Texts
from game.content.mods import Mod
from game.content.records import build, read_toml
from game.content.scenario import scenario_path
from game.model import commands as cmd
from game.model.battle import GameState
from game.model.dice import Dice
from game.model.errors import ContentError, DiceExhausted, WrongDie
from game.model.events import Event
from game.model.limits import Bounds, Id
from game.model.modules import compose
from game.running.log_texts import REASONS
from game.running.narrate import describe
from systems.open_wars.combat import FallBack, TakeHit
from systems.open_wars.ending import Concede
from systems.open_wars.magic import Cast
from systems.open_wars.map_files import load_map
from systems.open_wars.moves import March, Recruit
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign, Purse
from systems.open_wars.turn import game, seat
from systems.open_wars.volley import Shoot
from systems.open_wars.words import narrate

Count = Annotated[int, Bounds(0, 20)]
Amount = Annotated[int, Bounds(0, 999)]
Asked = Literal["ow_cast", "ow_recruit", "ow_move", "ow_volley", "ow_combat", "ow_hits"]  # its decisions
MOST_STEPS = 2000  # passes an `until` step makes at most: a script never runs a game without end


@dataclass(frozen=True)
class StackSpec:
    at: Id
    unit: Id
    count: Annotated[int, Bounds(1, 20)] = 1


@dataclass(frozen=True)
class ScriptPlayer:
    """A player of the map as the script sets him: his purse, the places he holds beside his home, his
    stacks (given: in place of the map's starting tokens)."""

    id: Id
    gold: Amount | None = None
    mana: Amount | None = None
    holds: Annotated[list[Id], Bounds(0, 100)] = field(default_factory=list)
    stacks: Annotated[list[StackSpec], Bounds(0, 100)] | None = None


Do = Literal["recruit", "march", "cast", "rite", "shoot", "retreat", "hit", "pass", "concede"]
KEYS: dict[str, tuple[set[str], set[str]]] = {  # each command's keys: required, optional
    "recruit": ({"at", "unit"}, {"count"}),
    "march": ({"unit", "path"}, {"count"}),
    "cast": ({"at", "unit", "spell", "target"}, {"player"}),
    "rite": ({"at", "spell", "target"}, {"player"}),
    "shoot": ({"at", "unit", "target"}, {"player"}),
    "retreat": ({"at", "unit", "to"}, {"count"}),
    "hit": ({"at", "unit"}, set()),
    "pass": (set(), set()),
    "concede": (set(), set()),
}
FIELDS = ("at", "unit", "count", "path", "spell", "target", "player", "to")  # a command's keys in a step


@dataclass(frozen=True)
class StepSpec:
    """One answer to the decision the game asks (`do` and its keys), or `until`: pass every decision up
    to the first of that kind (and of `side`, if given), which the next step answers."""

    do: Do | None = None
    until: Asked | None = None
    side: Id | None = None
    ask: Asked | None = None
    at: Id | None = None
    unit: Id | None = None
    count: Annotated[int, Bounds(1, 20)] | None = None
    path: Annotated[list[Id], Bounds(0, 30)] = field(default_factory=list)
    spell: Id | None = None
    target: Id | None = None
    player: Id | None = None
    to: Id | None = None


@dataclass(frozen=True)
class TokenCheck:
    at: Id
    player: Id
    unit: Id
    count: Count


@dataclass(frozen=True)
class Expect:
    """What the game must be at the end (each key given is checked)."""

    tokens: Annotated[list[TokenCheck], Bounds(0, 200)] = field(default_factory=list)
    gold: dict[str, Amount] = field(default_factory=dict)
    mana: dict[str, Amount] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)  # location -> player ("" nobody)
    out: Annotated[list[Id], Bounds(0, 4)] | None = None
    winner: str | None = None  # "" none (a draw, or not over)
    over: bool | None = None
    turn: Annotated[int, Bounds(1, 999)] | None = None
    asks: str | None = None  # the kind of the decision waiting at the end ("" none)
    rules: Annotated[list[str], Bounds(0, 100)] = field(default_factory=list)  # cited by some event
    dice_used: Annotated[int, Bounds(0, 100000)] | None = None


@dataclass(frozen=True)
class ScriptFile:
    map: Annotated[str, Bounds(1, 200)]
    ruleset: Literal["open-wars"] = "open-wars"
    dice: list[int] | None = None
    seed: Annotated[int, Bounds(0, 2**63 - 1)] | None = None
    turn: Annotated[int, Bounds(1, 999)] = 1
    phase: Literal["collection", "recruitment", "movement", "combat"] = "collection"
    order: Annotated[list[Id], Bounds(0, 4)] = field(default_factory=list)
    players: Annotated[list[ScriptPlayer], Bounds(0, 4)] = field(default_factory=list)
    steps: Annotated[list[StepSpec], Bounds(0, 2000)] = field(default_factory=list)
    expect: Expect = field(default_factory=Expect)


def is_open_wars(path: Path) -> bool:
    """Whether a scripted file is an Open Wars game (`ruleset = "open-wars"`): read once more by `run`."""
    return read_toml(path).get("ruleset") == "open-wars"


def fail(path: Path, where: str, problem: str) -> ContentError:
    return ContentError(f"{path}: {where}", problem)


def map_file(path: Path, ref: str, mods: Sequence[Mod]) -> Path:
    """The map a script names: a shipped map's (or a mod's) id, or a file beside the script; never a path
    of the script's own choosing elsewhere."""
    if "/" in ref or "\\" in ref or ref.startswith("."):
        raise fail(path, "map", "a map's id, or the name of a map file beside the script")
    if ref.endswith(".toml"):
        return path.parent / ref
    try:
        found = scenario_path(ref, mods)
    except ContentError:
        found = None
    if found is None or not found.is_file():
        raise fail(path, "map", f"no map {ref!r}")
    return found


def setup(path: Path, spec: ScriptFile, mods: Sequence[Mod]) -> Campaign:
    """The campaign at the script's position, its game begun up to its first decision."""
    rules = load_rules(None, tuple(mods))
    world = load_map(map_file(path, spec.map, mods), rules)
    c = Campaign(compose("open-wars", ()), Dice(spec.seed or 0, spec.dice), rules, world, words=REASONS)
    _place(path, spec, c)
    assert c.game is not None
    c.game.round = spec.turn - 1
    c.start(game(c, spec.phase))
    return c


def _place(path: Path, spec: ScriptFile, c: Campaign) -> None:
    """The map's players at their homes, then the script's purses, holdings and stacks; the turn order
    (the script's, else by army value)."""
    on_map = {p.id: p for p in c.map.spec.players}
    given: dict[str, tuple[int, ScriptPlayer]] = {}
    for i, sp in enumerate(spec.players):
        if sp.id not in on_map:
            raise fail(path, f"players[{i}].id", f"no player {sp.id!r} on the map")
        given[sp.id] = (i, sp)
    for p in c.map.spec.players:
        c.factions[p.id] = p.faction
        c.purses[p.id] = Purse(gold=p.gold, mana=p.mana)
        c.control[p.home] = p.id
        if p.id not in given:
            for u in p.units:
                c.add(p.id, p.home, u.unit, u.count)
            continue
        i, sp = given[p.id]
        c.purses[p.id] = Purse(
            gold=p.gold if sp.gold is None else sp.gold, mana=p.mana if sp.mana is None else sp.mana
        )
        for j, loc in enumerate(sp.holds):
            if loc not in c.locations:
                raise fail(path, f"players[{i}].holds[{j}]", f"no location {loc!r}")
            c.control[loc] = p.id
        stacks = [StackSpec(p.home, u.unit, u.count) for u in p.units] if sp.stacks is None else sp.stacks
        for j, st in enumerate(stacks):
            if st.at not in c.locations:
                raise fail(path, f"players[{i}].stacks[{j}].at", f"no location {st.at!r}")
            if st.unit not in c.rules.units:
                raise fail(path, f"players[{i}].stacks[{j}].unit", f"no unit {st.unit!r}")
            c.add(p.id, st.at, st.unit, st.count)
    c.game = GameState(c.map.id, c.sides, {}, [], c.map.spec.max_rounds)
    for k, who in enumerate(spec.order):
        if who not in on_map:
            raise fail(path, f"order[{k}]", f"no player {who!r} on the map")
    if spec.order and sorted(spec.order) != sorted(on_map):
        raise fail(path, "order", "every player of the map once")
    seat(c, spec.order or None)


def command(path: Path, where: str, s: StepSpec) -> cmd.Command:
    """A step's command, its keys checked for its kind."""
    assert s.do is not None
    required, optional = KEYS[s.do]
    given = {k for k in FIELDS if getattr(s, k)}
    for k in sorted(required - given):
        raise fail(path, f"{where}.{k}", f"a {s.do} step names its {k}")
    for k in sorted(given - required - optional):
        raise fail(path, f"{where}.{k}", f"not a key of a {s.do} step")
    v: dict[str, Any] = {k: getattr(s, k) for k in FIELDS}  # each required one checked given
    n = s.count or 1
    made: dict[str, Any] = {
        "recruit": lambda: Recruit(v["at"], v["unit"], n),
        "march": lambda: March(v["unit"], tuple(s.path), n),
        "cast": lambda: Cast(v["at"], v["unit"], v["spell"], v["target"], s.player),
        "rite": lambda: Cast(v["at"], None, v["spell"], v["target"], s.player),
        "shoot": lambda: Shoot(v["at"], v["unit"], v["target"], s.player),
        "retreat": lambda: FallBack(v["at"], v["unit"], v["to"], n),
        "hit": lambda: TakeHit(v["at"], v["unit"]),
        "pass": cmd.Pass,
        "concede": Concede,
    }
    answer: cmd.Command = made[s.do]()
    return answer


def play(path: Path, spec: ScriptFile, c: Campaign) -> list[dict[str, Any]]:
    """Every step in turn; each event tagged with its step's index (`steps` of the campaign's events:
    the position's own before the first step are -1)."""
    out: list[dict[str, Any]] = [{"kind": e.kind, "step": -1, **_fields(e)} for e in c.events]
    for i, step in enumerate(spec.steps):
        where = f"steps[{i}]"
        before, first = c.dice.used, len(c.events)
        try:
            _step(path, where, step, c)
        except DiceExhausted:
            n = c.dice.used
            raise fail(
                path,
                where,
                f"the dice list ran out after {n} dice ({before} used before this step, {n - before} in it): "
                "this step needs more; a script states every die it expects",
            ) from None
        except WrongDie as e:
            raise fail(path, f"dice[{c.dice.used}]", str(e)) from None
        out += [{"kind": e.kind, "step": i, **_fields(e)} for e in c.events[first:]]
    return out


def _fields(e: Event) -> dict[str, Any]:
    return {k: v for k, v in e.to_dict().items() if k != "kind"}


def story(c: Campaign, events: list[dict[str, Any]], t: Texts) -> list[tuple[int, str]]:
    """Each event of the game in the words of `t` (Open Wars' log), with its step."""
    return [(x["step"], narrate(e, c, t, describe)) for x, e in zip(events, c.events, strict=True)]


def _step(path: Path, where: str, step: StepSpec, c: Campaign) -> None:
    if (step.do is None) == (step.until is None):
        raise fail(path, where, "a step has `do` (an answer) or `until` (passes up to a decision)")
    if step.until is not None:
        for _ in range(MOST_STEPS):
            d = c.pending
            if d is None:
                raise fail(path, f"{where}.until", f"the game ended before a {step.until} decision")
            if d.kind == step.until and step.side in (None, d.side):
                return
            c.apply(cmd.Pass())
        raise fail(path, f"{where}.until", f"no {step.until} decision in {MOST_STEPS} passes")
    d = c.pending
    if d is None:
        raise fail(path, where, "the game is over: nothing is asked")
    if (step.side is not None and step.side != d.side) or (step.ask is not None and step.ask != d.kind):
        raise fail(
            path,
            where,
            f"the game asks {d.kind} of {d.side}, not {step.ask or d.kind} of {step.side or d.side}",
        )
    c.apply(command(path, where, step))


def report(spec: ScriptFile, c: Campaign, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The state at the end, and each expectation with what was found."""
    g = c.game
    assert g is not None
    pending = c.pending
    state = {
        "players": {
            p: {"gold": c.purses[p].gold, "mana": c.purses[p].mana, "out": p in c.out} for p in c.sides
        },
        "tokens": [
            {"at": s.location, "player": s.player, "unit": s.unit, "count": s.count}
            for s in c.stacks
            if s.count > 0
        ],
        "control": {loc: who or "" for loc, who in c.control.items()},
        "turn": g.round,
        "phase": g.phase,
        "over": g.over,
        "winner": g.winner or "",
        "asks": pending.kind if pending is not None else "",
        "events": events,
        "dice_used": c.dice.used,
    }
    checks = expectations(spec.expect, c, state)
    return {**state, "checks": checks, "passed": all(x["ok"] for x in checks)}


def expectations(e: Expect, c: Campaign, state: dict[str, Any]) -> list[dict[str, Any]]:
    def count(t: TokenCheck) -> int:
        s = c.stack_of(t.player, t.at, t.unit)
        return s.count if s else 0

    cited = {r for x in state["events"] for r in _rules(x)}
    found: list[tuple[str, object, object]] = [
        *((f"tokens {t.player} {t.unit} in {t.at}", t.count, count(t)) for t in e.tokens),
        *((f"gold of {p}", n, state["players"].get(p, {}).get("gold")) for p, n in e.gold.items()),
        *((f"mana of {p}", n, state["players"].get(p, {}).get("mana")) for p, n in e.mana.items()),
        *((f"holder of {loc}", who, state["control"].get(loc)) for loc, who in e.control.items()),
        *((f"rule {r} cited", True, r in cited) for r in e.rules),
    ]
    for key in ("winner", "over", "turn", "asks", "dice_used"):
        if getattr(e, key) is not None:
            found.append((key, getattr(e, key), state[key]))
    if e.out is not None:
        found.append(("out", sorted(e.out), sorted(p for p in c.sides if p in c.out)))
    return [{"what": what, "expected": want, "got": got, "ok": want == got} for what, want, got in found]


def _rules(event: dict[str, Any]) -> list[str]:
    """The rule IDs an event of the report cites: its rule, those its details list, and the rules of
    the modifiers it lists (an attack changed by range, OW-DEC-17, by a card, OW-LOC-7, ...)."""
    details = event.get("details") or {}
    mods = [m.get("rule") for m in (*event.get("modifiers", ()), *details.get("modifiers", ()))]
    return [r for r in (event.get("rule"), *details.get("rules", ()), *mods) if isinstance(r, str)]


def load(path: Path) -> ScriptFile:
    return build(ScriptFile, read_toml(path), "")


def run(path: Path, mods: Sequence[Mod] = (), t: Texts | None = None) -> dict[str, Any]:
    """Load, check and play a scripted Open Wars game; any problem with the file is a ContentError.
    `t`: the words its `story` is told in (none: no story)."""
    try:
        spec = load(path)
    except ContentError as e:
        raise fail(path, e.where, e.problem) from None
    if spec.dice is not None and not all(1 <= d <= 6 for d in spec.dice):
        k = next(i for i, d in enumerate(spec.dice) if not 1 <= d <= 6)
        raise fail(path, f"dice[{k}]", "a D6 shows 1 to 6")
    for i, s in enumerate(spec.steps):
        if s.do is not None:
            command(path, f"steps[{i}]", s)  # its keys, before anything is played
    c = setup(path, spec, mods)
    try:
        events = play(path, spec, c)
        out = report(spec, c, events)
        return out if t is None else {**out, "story": story(c, events, t)}
    finally:
        c.close()

"""Game modes and rule modules: rules as registered Python code, chosen by content.

A game mode (For Glory) is a base module that every battle of that mode runs; optional rule modules
(Warhammer charges, Días de Gloria tables ...) are switched on by a scenario, a mod or `--module ID`.
Each module contributes:

- orders: one `OrderKind` per order (its command, validation and resolution, script step, AI options),
- reactions: one `ReactionKind` per reaction a unit may make in a reaction window,
- decisions: one `DecisionKind` per question the battle may ask a player, with the commands that answer,
- hooks: named points of the sequence whose For Glory function a module may replace,
- modifier lines it adds to fire, melee and checks,
- per-unit state components attached when a unit is created.

The battle holds a `RuleStack` (the mode's base module and the chosen modules, in order) and dispatches
every command through it, so the engine imports no rules and a new order is one object in one module.
This module holds the shapes and the registry; the rules that ship with the game are registered at
start-up (game/running/builtin_rules.py), a test's own with `register`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Protocol

from game.model import commands as cmd
from game.model.dice import Die
from game.model.errors import UserError
from game.model.events import ModLine
from game.model.limits import Bounds, OneOf, check_id
from game.model.resolution import Decision, Resolution

Start = Callable[[Any, Any], Resolution | None]  # (the game: a Battle in For Glory, the command)
ModifierSource = Callable[..., Iterable[ModLine]]
StepBuilder = Callable[[Any], cmd.Command]


@dataclass(frozen=True)
class OrderKind:
    """One order: `start` checks the whole order (raising Reject) before anything changes and returns
    the generator that carries it out (or None when it is resolved at once)."""

    name: str  # the script's `order = "..."`, the rejected event's `order`, the log's verb
    command: type[cmd.Command]
    start: Start
    rule: str  # the rule that defines the order
    unit_order: bool = True  # a unit's order inside an activation (False: a stand-alone check)
    script_keys: frozenset[str] = frozenset()  # keys a script step of this order may carry
    from_step: StepBuilder | None = None  # the command for a script step (game/running/script.py StepSpec)
    # an AI's candidates for a unit: legal commands, each with its worth in units destroyed (the
    # heuristic's scale: a sure kill is 3); For Glory's own orders are weighed by the AI players
    options: Callable[[Any, int], Iterable[tuple[float, cmd.Command]]] | None = None
    label: str = ""  # what a button shows
    odds: Callable[[Any, Any], Mapping[str, Fraction]] | None = None  # (battle, command): exact outcomes


@dataclass(frozen=True)
class ReactionKind:
    """One reaction: `check(battle, reacting unit, active unit, React)` raises Reject when the unit may
    not react so now; `resolve(battle, reacting unit, the active unit's state)` carries it out."""

    name: str  # React.action
    check: Callable[..., None]
    resolve: Callable[..., Resolution]
    rule: str
    at_trigger: bool = False  # aimed at the unit that triggered the window (a shot, a charge)
    value: Callable[..., float] | None = None  # (battle, reacting unit, active unit): its worth to an AI
    label: str = ""  # what a button shows
    odds: Callable[..., Mapping[str, Fraction]] | None = None  # (battle, reacting unit, active unit)


@dataclass(frozen=True)
class Choice:
    """One answer to a module's decision as the client shows it: a label, what it does, its odds."""

    label: str
    answer: cmd.Command
    hint: str = ""
    odds: str = ""  # the exact chance it works, in words ("58%", "lands 3 in 4")
    # the words in the player's language: texts `key`, `key_hint` and `key_odds` of the module's
    # locale (content/modules/<id>/locale/<lang>/ui.toml) with these values, where it has them
    key: str = ""
    values: Mapping[str, object] = field(default_factory=dict)


class Judge(Protocol):
    """A computer player's judgement, which a module's decision policy may ask: the best order a unit
    could take now and its worth, on the heuristic's scale (a sure kill is 3), or None."""

    def best(self, b: Any, unit: int) -> tuple[float, cmd.Command] | None: ...


@dataclass(frozen=True)
class DecisionKind:
    """A question the battle asks a player, and the commands that may answer it (the battle refuses
    any other before the rules see it). A module's decision also says how to ask it: a prompt and
    its choices (the client shows one button per choice), and a computer player's answer."""

    name: str
    answers: tuple[type[cmd.Command], ...]
    ai: Callable[..., cmd.Command] | None = None  # (battle, decision, Judge): a computer player's answer
    prompt: str = ""  # what the panel says: may name {unit} and {side}
    choices: Callable[..., list[Choice]] | None = None  # (battle, decision): every answer to offer
    # a decision about one of its options (units): the player picks one on the table, then one of
    # these for it: (battle, decision, unit name) -> its choices, shown beside `choices`
    unit_choices: Callable[..., list[Choice]] | None = None
    rules: tuple[str, ...] = ()  # the rules the client's help (F1) shows while it is asked
    # a script step's named answer as a command; ValueError for a name it does not take (`named`)
    scripted: Callable[[Decision, str], cmd.Command] | None = None


def named(answers: Mapping[str, Callable[[Decision], cmd.Command]]) -> Callable[[Decision, str], cmd.Command]:
    """A DecisionKind's `scripted` for a decision answered by a few names (`redirect = "charge"` or
    `"stop"`): any other name is refused, never taken as the default."""

    def build(d: Decision, name: str) -> cmd.Command:
        make = answers.get(name)
        if make is None:
            raise ValueError(f"the answer is one of {', '.join(repr(n) for n in answers)}")
        return make(d)

    return build


# The named points of the sequence a module may take over; the mode's base module gives every default.
HOOKS = (
    "round",  # one round of the battle: (battle) -> Resolution (FG-SEQ: reinforcements .. staff moves)
    "activation",  # a formation's activation starts: (battle, Activate) -> Resolution or None (FG-ACT-2..5)
    "charge",  # a charge order carried out: (battle, chargers, target) -> Resolution (FG-CHG)
    "fire",  # one shot: (battle, shooter, target, moved=, reaction=) -> Resolution (FG-FIRE)
    "fire_odds",  # the chance of each effect of a shot: (battle, shooter, target, moved=, reaction=, seen=)
    # how far a unit shoots, or None if it may not: (battle, unit) -> inches or None (FG-FIRE-1: its
    # category's range, none for cavalry); every rule, the AI and the range overlay ask this
    "shooting_range",
    # what a unit shoots with, for its hover box: (battle, unit) -> (locale key, name) or None (For Glory:
    # None, its category's own fire; clash-command: its missile weapon, CS-DEC-21)
    "shooting_weapon",
    # why a unit the `shooting_range` hook gives no range may not shoot: (battle, unit) -> the Reject
    # (For Glory: its category cannot, FG-FIRE-1; clash-command: its Discharged weapon thrown, CS-DEC-25)
    "no_shot",
    # the wounds a shot's hits leave after any saves the rules roll: (battle, shooter, target, hits) ->
    # wounds, and their exact odds (battle, shooter, target, hits) -> {wounds: chance} (For Glory: none,
    # every hit a wound; clash-command's missile weapons, CS-DEC-23)
    "fire_saves",
    "fire_saves_odds",
    "melee",  # contact resolved: (battle, ChargeState) -> Resolution (FG-CBT, FG-MELEE)
    "melee_odds",  # the chance of each result of contact: (battle, attacks, defenders) -> {result: chance}
    "reaction_window",  # reactions offered: (battle, Active, stage) -> Resolution (FG-REACT)
    "after_action",  # a unit's order is over: (battle, command) -> None or a Resolution (For Glory: nothing)
    # a unit's own move (a Move order's, a charge's approach) has ended where it stands, coming from
    # `came_from` (the start of its last straight leg): (battle, unit, came_from, how) -> None; it may
    # roll, hit and push it (dias-terrain's ice, DG-DEC-14). Not called for pushes, retreats or
    # flights, nor by a plan or an odds query (For Glory: nothing)
    "after_move",
    "movement_allowance",  # how far a unit may move: (battle, unit, difficult) -> inches or None (FG-MOVE)
    "move_cost",  # allowance a straight move uses: (battle, unit, Way) -> inches (FG: its length)
    "move_rules",  # the module's rules that priced a straight move: (battle, unit, Way) -> rule IDs
    "difficult_stop",  # does a unit stop on entering difficult ground: (battle, unit) -> bool (FG-MOVE-3)
    # does a unit's own move fly, over the ground and the bases in its way, to an end the rules still
    # check: (battle, unit) -> bool (For Glory: none; warhammer-terrain's flyers, WM-23)
    "flies",
    # may a unit move of its own will now (a move, a retreat, an extra move; a charge at `target`):
    # (battle, unit, target or None) -> None, raising Reject when not (For Glory forbids none here)
    "may_move",
    # where a unit's move may end: (battle, unit, point, facing) -> None, or raises Reject (FG: check_end)
    "move_end",
    # the movement class of terrain kinds agreed otherwise before the battle, which the battle's table
    # then answers with, and a random battle places its zones and objectives by: (rule stack) ->
    # {kind: "passable", "difficult" or "impassable"} (For Glory: none)
    "terrain_classes",
    "attacked_from",  # the side of a unit a charge or a shot comes from: (battle, unit, point) -> sector
    "action_cost",  # what an order costs the unit beyond its result, for an AI: (battle, unit, command)
    # a scripted battle's `command_points` at its start: (battle, {side: points}) -> None, as a module's
    # command phase would give them (clash-command, CS-DEC-18); For Glory has none and refuses them
    "command_points",
)
# Where modules add modifier lines: a source takes (battle, unit, other unit or None, **context).
MODIFIER_POINTS = ("fire", "melee", "morale", "leadership")


def unknown_names(
    file: str, named: Iterable[tuple[str, str, Iterable[str], Iterable[str]]]
) -> list[tuple[str, str, str]]:
    """For a rule module's `check`: each (key, what it names, the names, those the ruleset knows) gives
    a problem (file, key.name, words) for every name the ruleset does not know."""
    out = []
    for key, what, names, known in named:
        known = set(known)
        listed = ", ".join(sorted(known))
        out += [(file, f"{key}.{k}", f"no {what} {k!r} (known: {listed})") for k in names if k not in known]
    return out


@dataclass(frozen=True)
class RuleModule:
    id: str
    name: str
    description: str
    prefix: str  # its rule IDs start with this ("FG-", "WM-")
    mode: str  # the game mode it plays in
    orders: tuple[OrderKind, ...] = ()
    reactions: tuple[ReactionKind, ...] = ()
    decisions: tuple[DecisionKind, ...] = ()
    commands: tuple[type[cmd.Command], ...] = ()  # answers and other commands it adds
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    modifiers: Mapping[str, tuple[ModifierSource, ...]] = field(default_factory=dict)
    components: tuple[Callable[[Any, int], object], ...] = ()  # state for each new unit (battle, unit)
    dice: tuple[Die, ...] = ()  # the kinds of dice it rolls (a script's dice must fit one of them)
    # its events' words (game/running/narrate.py), by event kind, and "roll:<rule>" for its own rolls: each
    # (event) -> text, or (event, narrator) -> text in the player's language (narrator.say(key, ...)
    # with the texts of its locale's narration.toml)
    narration: Mapping[str, Callable[..., str]] = field(default_factory=dict)
    records: Mapping[str, type] = field(default_factory=dict)  # its numbers: <name>.toml -> record type
    folder: Path | None = None  # where its own files are: content/modules/<id> unless given
    # names its numbers take from the ruleset (categories, qualities, terrain kinds), checked once they
    # are loaded: (ruleset, records) -> (file name, key, problem) for each name the ruleset lacks
    check: Callable[[Any, Mapping[str, Any]], list[tuple[str, str, str]]] | None = None
    # what the client shows of its state: a short tag drawn on a unit, (battle, unit) -> text or "";
    # a line under the score, (battle) -> (key of its locale's ui.toml, the values it names) or None;
    # a value that is a mapping of side -> number is said with the sides' names ("Franceses 1  Españoles 7")
    requires: tuple[str, ...] = ()  # modules it builds on, which must be switched on with it
    badge: Callable[[Any, int], str] | None = None
    status: Callable[[Any], tuple[str, Mapping[str, object]] | None] | None = None

    def to_json(self, base: bool) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "prefix": self.prefix,
            "mode": self.mode,
            "base": base,
            "orders": [o.name for o in self.orders],
            "reactions": [r.name for r in self.reactions],
            "decisions": [d.name for d in self.decisions],
            "hooks": sorted(self.hooks) if not base else [],
            "modifiers": sorted(self.modifiers),
            "requires": list(self.requires),
        }


@dataclass(frozen=True)
class GameMode:
    id: str
    name: str
    description: str
    base: RuleModule  # the rules every battle of the mode runs, and every hook's default
    setup: Callable[[Any, Any, int | None], None]  # a scenario's game, up to its first decision
    score: Callable[[Any], Mapping[str, Any]]  # each side: an object with .total and .lines
    # a random battle or map of the mode (`python -m game generate --mode <id>`, the start screen's
    # "Random battle"): (For Glory's ruleset with the mods, the seed, RandomOptions) -> the data of its
    # scenario file, the same for the same seed and options; every mode has one
    generate: Callable[[Any, int, RandomOptions], dict[str, Any]]
    hooks: tuple[str, ...] = HOOKS  # the named points its sequence calls (its base gives each default)
    ruleset: str = "for-glory"  # the ruleset its scenarios name (`ruleset = "..."`)
    # a mode whose scenarios are not For Glory's opens its own: (scenario file, seed, round limit,
    # fixed dice, module ids, the refusals' English words) -> (the game, its scenario, its rules)
    open: Callable[..., tuple[Any, Any, Any]] | None = None
    load_rules: Callable[..., Any] | None = (
        None  # its ruleset: (the rulesets folder given, the mods laid over it)
    )
    load_scenario: Callable[[Path, Any], Any] | None = None  # one of its scenario files, checked
    # checks of a scenario that its rules make, after the loader's own: (scenario file, its ruleset)
    # yielding a ContentError at each key that is wrong (For Glory: every division can stand within
    # reach of its officer)
    check_scenario: Callable[[Any, Any], Iterable[Any]] | None = None
    # a mode whose events For Glory's narrator does not tell says them itself, in the language of the
    # texts given: (the game, its events, the texts, For Glory's `describe` for what it has no words
    # of its own for) -> the lines of its log (Open Wars: a run of one recruit's tokens in one line)
    log_lines: Callable[[Any, Sequence[Any], Any, Any], list[str]] | None = None
    # a mode that is not played on a table counts its own figures (`stats`): the game -> (each side's
    # game.model.figures.SideStats, the fates of its formations)
    stats: Callable[[Any], tuple[Any, Any]] | None = None
    # a mode whose sides and endings For Glory's words do not say words its result itself: (the game,
    # the texts) -> (who won, why the game ended, each side's name, each score line's label), in the
    # texts' language
    result: Callable[[Any, Any], tuple[str, str, Mapping[str, str], Mapping[str, str]]] | None = None
    # a mode whose commands For Glory's words do not say words what each ordered (a general's reasons):
    # (the game, a command, the texts) -> its words, or None for a command that is not its own
    order_words: Callable[[Any, Any, Any], str | None] | None = None


@dataclass(frozen=True)
class RandomOptions:
    """What a random battle or map is asked to be; each mode reads what it uses and refuses, in one
    line, what it cannot make."""

    points: int | None = None  # each side's army
    size: tuple[float, float] | None = None  # the table, width by depth in inches
    terrain: str | None = None  # how much ground: sparse, normal or dense


_MODES: dict[str, GameMode] = {}
_MODULES: dict[str, RuleModule] = {}
# modes registered by id, made when first asked for: the ruleset of the scenarios each opens, its maker
_LATER: dict[str, tuple[str | None, Callable[[], GameMode]]] = {}


def register_mode(mode: GameMode) -> None:
    check_id(mode.id, "game mode")
    missing = set(mode.hooks) - set(mode.base.hooks)
    if missing:
        raise ValueError(f"game mode {mode.id} gives no default for the hooks {', '.join(sorted(missing))}")
    _LATER.pop(mode.id, None)
    _MODES[mode.id] = mode
    _MODULES[mode.base.id] = mode.base


def register_mode_later(mode_id: str, make: Callable[[], GameMode], opens: str | None = None) -> None:
    """A game mode made (its rules imported) only when the registry is first asked about it, about the
    ruleset of the scenarios it opens (`opens`: Open Wars' "open-wars"; None for a mode that opens
    none, as the campaign, whose files are campaigns) or about every mode or module: a battle of
    another mode never pays for importing its rules."""
    check_id(mode_id, "game mode")
    if mode_id not in _MODES:
        _LATER[mode_id] = (opens, make)


def _make_later(mode_id: str | None = None) -> None:
    """Make the modes registered for later: the one of this id (None: every one)."""
    for later in list(_LATER) if mode_id is None else [mode_id]:
        found = _LATER.get(later)
        if found is None:
            continue
        opens, make = found
        mode = make()
        if mode.id != later or (mode.ruleset if mode.open is not None else None) != opens:
            raise ValueError(f"game mode {later} is not the mode registered for later")
        register_mode(mode)


def register(module: RuleModule) -> None:
    """Register an optional module (idempotent for the same object: modules register on import)."""
    check_id(module.id, "rule module")  # its id names its content folder and is recorded in replays
    known = _MODULES.get(module.id)
    if known is not None and known is not module:
        raise ValueError(f"two rule modules are called {module.id}")
    bad = set(module.hooks) - set(HOOKS)
    if bad:
        raise ValueError(f"module {module.id} replaces unknown hooks: {', '.join(sorted(bad))}")
    bad = set(module.modifiers) - set(MODIFIER_POINTS)
    if bad:
        raise ValueError(f"module {module.id} adds modifiers at unknown points: {', '.join(sorted(bad))}")
    _MODULES[module.id] = module


def unregister(module_id: str) -> None:
    """Forget an optional module (tests register toy modules)."""
    if module_id in _MODULES and not any(m.base.id == module_id for m in _MODES.values()):
        del _MODULES[module_id]


def game_mode(mode_id: str) -> GameMode | None:
    _make_later(mode_id)
    return _MODES.get(mode_id)


def mode_for_ruleset(ruleset_id: str) -> GameMode | None:
    """The game mode whose scenarios name this ruleset, when it opens them itself (not For Glory's)."""
    for mode_id, (opens, _make) in list(_LATER.items()):
        if opens == ruleset_id:
            _make_later(mode_id)
    return next((m for m in _MODES.values() if m.ruleset == ruleset_id and m.open is not None), None)


def other_rulesets() -> list[str]:
    """The rulesets of the game modes that open their own scenarios (Open Wars')."""
    later = [opens for opens, _make in _LATER.values() if opens is not None]
    return sorted([*(m.ruleset for m in _MODES.values() if m.open is not None), *later])


def modes() -> list[GameMode]:
    _make_later()
    return sorted(_MODES.values(), key=lambda m: m.id)


def modules() -> list[RuleModule]:
    _make_later()
    return sorted(_MODULES.values(), key=lambda m: (m.mode, m.id))


def unit_order_names() -> list[str]:
    """Every registered unit order (a script step's `order`), For Glory's first."""
    return list(dict.fromkeys(o.name for m in modules_by_mode() for o in m.orders if o.unit_order))


def order_kind(name: str) -> OrderKind:
    """A registered unit order by name (whichever module gives it)."""
    return next(o for m in modules_by_mode() for o in m.orders if o.unit_order and o.name == name)


def mode_ids() -> list[str]:
    """The modes a ruleset may name: those whose scenarios are played on For Glory's table, and those
    that open scenarios of their own (the campaign, whose files are campaigns, is neither)."""
    return [m.id for m in modes() if m.ruleset == "for-glory" or m.open is not None]


def optional_ids() -> list[str]:
    """The ids a scenario, a mod or `--module` may switch on."""
    return [m.id for m in modules_by_mode() if not is_base(m)]


# At most this many modules in one battle (each may add tables to every roll).
MAX_MODULES = 20
ModuleList = Annotated[list[Annotated[str, OneOf(optional_ids)]], Bounds(None, MAX_MODULES)]


def reaction_names() -> list[str]:
    return list(dict.fromkeys(r.name for m in modules_by_mode() for r in m.reactions))


def modules_by_mode() -> list[RuleModule]:
    """Each mode's base module, then its optional modules by id."""
    return sorted(modules(), key=lambda m: (m.mode, not is_base(m), m.id))


def is_base(module: RuleModule) -> bool:
    _make_later()
    return any(m.base is module for m in _MODES.values())


class RuleStack:
    """The rules one battle runs: its mode's base module, then each chosen module in order. Tables
    are built once here, so dispatch costs a dictionary lookup."""

    def __init__(self, mode: GameMode, chosen: tuple[RuleModule, ...]) -> None:
        self.mode = mode
        self.chosen = chosen
        self.modules = (mode.base, *chosen)
        self.orders: dict[type[cmd.Command], OrderKind] = {}
        self.order_names: dict[str, OrderKind] = {}
        self.reactions: dict[str, ReactionKind] = {}
        self.decisions: dict[str, DecisionKind] = {}
        self.commands: dict[str, type[cmd.Command]] = dict(cmd.COMMANDS)
        owner: dict[str, str] = {}
        hooks: dict[str, Callable[..., Any]] = dict(mode.base.hooks)
        modifiers: dict[str, list[ModifierSource]] = {}
        for m in self.modules:
            for o in m.orders:
                self.orders[o.command] = o
                self.order_names[o.name] = o
                self.commands[o.command.__name__] = o.command
            for r in m.reactions:
                self.reactions[r.name] = r
            for d in m.decisions:
                self.decisions[d.name] = d
            for c in m.commands:
                self.commands[c.__name__] = c
            if m is not mode.base:
                for h, fn in m.hooks.items():
                    if h in owner:
                        raise UserError(
                            f"the rule modules {owner[h]} and {m.id} both replace the {h} hook: "
                            "choose one of them"
                        )
                    owner[h] = m.id
                    hooks[h] = fn
            for point, sources in m.modifiers.items():
                modifiers.setdefault(point, []).extend(sources)
        self.hooks = MappingProxyType(hooks)
        self._modifiers = {k: tuple(v) for k, v in modifiers.items()}
        self.unit_orders = tuple(o.command for o in self.orders.values() if o.unit_order)
        self.components = tuple(c for m in self.modules for c in m.components)
        self.badges = tuple(m.badge for m in self.modules if m.badge is not None)
        self.statuses = tuple(m.status for m in self.modules if m.status is not None)
        self.dice = tuple(dict.fromkeys(d for m in self.modules for d in m.dice))
        # each module's numbers and their fingerprint, loaded by game/content/module_records.py
        self.records: dict[str, dict[str, Any]] = {}
        self.hashes: dict[str, str] = {}

    @property
    def ids(self) -> tuple[str, ...]:
        """The optional modules switched on (the base module goes with the mode)."""
        return tuple(m.id for m in self.chosen)

    def hook(self, name: str) -> Callable[..., Any]:
        return self.hooks[name]

    def odds(self, b: Any, c: cmd.Command) -> Mapping[str, Fraction] | None:
        """The exact outcomes of an order or a reaction, where its kind can tell (a pure query)."""
        if isinstance(c, cmd.React):
            reaction = self.reactions.get(c.action)
            if reaction is None or reaction.odds is None or b.pending is None:
                return None
            return reaction.odds(b, b.ids[c.unit], b.ids[b.pending.unit])
        kind = self.orders.get(type(c))
        return kind.odds(b, c) if kind is not None and kind.odds is not None else None

    def numbers(self, module_id: str, name: str) -> Any:
        """A module's record from its content file `name`.toml (as the mods leave it)."""
        return self.records[module_id][name]

    def modifier_lines(self, point: str, b: Any, unit: int, other: int | None, **ctx: Any) -> list[ModLine]:
        """The lines the chosen modules add at one point (fire, melee, morale, leadership)."""
        sources = self._modifiers.get(point)
        if not sources:
            return []
        return [line for source in sources for line in source(b, unit, other, **ctx)]


def command_label(stack: RuleStack, c: cmd.Command) -> str:
    """A module's command as a button shows it: its order's or reaction's label, then its arguments."""
    if isinstance(c, cmd.React):
        reaction = stack.reactions.get(c.action)
        return f"{c.unit}: {reaction.label if reaction is not None and reaction.label else c.action}"
    kind = stack.orders.get(type(c))
    name = (kind.label or kind.name.capitalize()) if kind is not None else type(c).__name__
    args = (getattr(c, f.name) for f in dataclasses.fields(c) if f.name != "unit")
    return " ".join([name, *(str(a) for a in args if a not in (None, (), ""))])


def rule_id_pattern(extra: Iterable[str] = ()) -> re.Pattern[str]:
    """The rule IDs a line of the log may cite: For Glory's (FG-ORD-3, AMB-21, EX-4), those of every
    registered module by its prefix (WM-12, WM-DEC-2), and any other id given (a mod's own rules)."""
    prefixes = {"AMB-", "EX-"} | {m.prefix for m in modules()}
    alternatives = [re.escape(p) + r"(?:[A-Z]+-)?\d+" for p in sorted(prefixes, key=len, reverse=True)]
    alternatives += [re.escape(x) for x in sorted(extra, key=len, reverse=True)]
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b")


def compose(mode_id: str = "for-glory", module_ids: Iterable[str] = ()) -> RuleStack:
    """The stack for a mode and the modules a scenario, a mod or the command line switches on.
    Unknown ids and two modules replacing one hook are refused in one line."""
    mode = game_mode(mode_id)
    if mode is None:
        _make_later()
        raise UserError(f"unknown game mode {mode_id!r}; known: {', '.join(sorted(_MODES))}")
    chosen: list[RuleModule] = []
    for mid in dict.fromkeys(module_ids):  # each once, in the order first named
        if mid not in _MODULES:
            _make_later()  # a mode's base module, refused below as any other mode's module is
        m = _MODULES.get(mid)
        if m is None or m is mode.base:
            optional = sorted(k for k, v in _MODULES.items() if v.mode == mode_id and not is_base(v))
            raise UserError(
                f"unknown rule module {mid!r} for {mode_id}; known: {', '.join(optional) or 'none'}"
            )
        if m.mode != mode_id:
            raise UserError(f"the rule module {mid} plays in {m.mode}, not in {mode_id}")
        chosen.append(m)
    ids = {m.id for m in chosen}
    for m in chosen:
        missing = [r for r in m.requires if r not in ids]
        if missing:
            raise UserError(f"the rule module {m.id} builds on {', '.join(missing)}: switch that on too")
    return RuleStack(mode, tuple(chosen))

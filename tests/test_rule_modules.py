"""Rule modules (game/model/modules.py): a toy module written here, in the tests, adds an order, a decision,
a reaction, modifier lines and a per-unit component to For Glory without touching an engine file, and
runs through every path a module must: direct orders, the round loop with AI players, replays and
scripted battles. Also: modules chosen by content, refused combinations, and the registry's listing."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import pytest

from game.ai.players import make_player
from game.cli.entry import main
from game.content.mods import Mod, load_mods
from game.content.module_records import load_records, rule_stack
from game.content.ruleset_files import load_ruleset
from game.model import commands as cmd
from game.model import modules as registry
from game.model.battle import Battle
from game.model.components import Status
from game.model.errors import ContentError, UserError
from game.model.events import ModLine, Note, Roll
from game.model.limits import Bounds
from game.model.modules import (
    HOOKS,
    Choice,
    DecisionKind,
    GameMode,
    OrderKind,
    ReactionKind,
    RuleModule,
    RuleStack,
    compose,
    register,
    unregister,
)
from game.model.resolution import Decision, Reject, Resolution
from game.running.match import load, new_match, play, save
from systems.for_glory.checks import morale_modifiers
from systems.for_glory.fire import fire_modifiers
from systems.for_glory.orders import orderable
from systems.for_glory.paths import Way
from systems.for_glory.reaction import Active
from systems.for_glory.vision import sight
from tests.helpers import kinds, of, order, run_toml, unit

ROOT = Path(__file__).resolve().parents[1]

# --- the toy module: drill ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cheer(cmd.Command):
    """DRILL-1: the unit cheers instead of acting; its side says how loudly."""

    unit: str


@dataclass(frozen=True, slots=True)
class Volume(cmd.Command):
    loud: bool


@dataclass(frozen=True)
class DrillNumbers:
    """tests/toy_module/drill.toml: the module's numbers are content, like For Glory's."""

    loud: Annotated[int, Bounds(1, 5)]
    quiet: Annotated[int, Bounds(1, 5)]
    bonus: int


def numbers(b: Battle) -> DrillNumbers:
    return b.stack.numbers("drill", "drill")  # type: ignore[no-any-return]


@dataclass
class Spirit:
    """Per-unit state the module attaches to every unit at creation."""

    cheers: int = 0


def cheer_order(b: Battle, c: Cheer) -> Resolution:
    e = orderable(b, c.unit)  # For Glory's own check: a unit of the activated formation, not yet ordered
    return _cheer(b, e)


def _cheer(b: Battle, e: int) -> Resolution:
    b.comp(e, Status).ordered = True
    answer = yield Decision("volume", b.side_of(e), b.name(e), ("loud", "quiet"))
    loud = isinstance(answer, Volume) and answer.loud  # Pass: the quiet default
    b.comp(e, Spirit).cheers += numbers(b).loud if loud else numbers(b).quiet
    b.emit(Note(rule="DRILL-1", text="cheers loudly" if loud else "cheers", unit=b.name(e)))
    yield from b.stack.hook("reaction_window")(b, Active(e), "after")


def check_jeer(b: Battle, r: int, mover: int, answer: cmd.React) -> None:
    if b.comp(mover, Spirit).cheers == 0:
        raise Reject("DRILL-2", f"{b.name(mover)} has not cheered: there is nothing to jeer at")


def jeer(b: Battle, r: int, act: Active) -> Resolution:
    b.comp(act.unit, Spirit).cheers = 0
    b.emit(Note(rule="DRILL-2", text="is jeered into silence", unit=b.name(act.unit)))
    return
    yield


def cheered_on(b: Battle, unit: int, other: int | None, **context: Any) -> list[ModLine]:
    """DRILL-3: +1 to shots and morale checks of a unit that has cheered."""
    spirit = b.comp(unit, Spirit) if b.is_unit(unit) else None
    return (
        [ModLine("DRILL-3", "cheered on", numbers(b).bonus)] if spirit is not None and spirit.cheers else []
    )


DRILL = RuleModule(
    id="drill",
    name="Drill",
    description="a toy module of the tests: units cheer, enemies jeer",
    prefix="DRILL-",
    mode="for-glory",
    orders=(
        OrderKind(
            "cheer",
            Cheer,
            cheer_order,
            "DRILL-1",
            from_step=lambda s: Cheer(s.unit),
            options=lambda b, e: [(0.25, Cheer(b.name(e)))],
            odds=lambda b, c: {"cheers": Fraction(1)},
        ),
    ),
    reactions=(ReactionKind("jeer", check_jeer, jeer, "DRILL-2", value=lambda b, r, mover: 2.0),),
    decisions=(
        DecisionKind(
            "volume",
            (Volume, cmd.Pass),
            ai=lambda b, d, judge: Volume(True),
            prompt="How loudly does {unit} cheer?",
            choices=lambda b, d: [
                Choice("Loud", Volume(True), "two cheers: DRILL-3 until jeered", "sure"),
                Choice("Quiet", Volume(False), "one cheer"),
            ],
        ),
    ),
    commands=(Volume,),
    modifiers={"fire": (cheered_on,), "morale": (cheered_on,)},
    components=(lambda b, e: Spirit(),),
    narration={"jeered": lambda e: f"{e['unit']} is jeered by {e['by']} (DRILL-2)"},
    records={"drill": DrillNumbers},
    folder=Path(__file__).parent / "toy_module",
)


def drilled(mods: Sequence[Mod] = ()) -> RuleStack:
    """The rules of a battle with the toy module on: For Glory, then drill with its numbers."""
    return rule_stack(load_ruleset(mods=mods), ["drill"], "tests")


@pytest.fixture(autouse=True)
def drill() -> Iterator[RuleModule]:
    register(DRILL)
    yield DRILL
    unregister("drill")


def facing_off(battle: Callable[..., Battle], **kw: Any) -> Battle:
    """a1 (side a) and b1 (side b) face each other 1" apart: each in the other's range and area."""
    b = battle(**kw)
    unit(b, "a1", "a", (30, 20), 90)
    unit(b, "b1", "b", (30, 22.2), 270)
    return b


# --- an order, a decision, a reaction and a modifier ----------------------------------------------


def test_a_module_adds_an_order_its_decision_a_reaction_and_a_modifier(battle: Callable[..., Battle]) -> None:
    b = facing_off(battle, dice=[6], stack=drilled())
    a1, b1 = b.ids["a1"], b.ids["b1"]
    assert b.comp(a1, Spirit).cheers == 0  # the component is attached at creation
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(Cheer("a1"))
    assert b.pending is not None and b.pending.kind == "volume" and b.pending.side == "a"
    refused = b.apply(cmd.React("b1", "jeer"))  # not an answer to this decision
    assert kinds(refused) == ["rejected"] and refused[0].rule == "FG-ACT-6"
    events = b.apply(Volume(loud=True))
    assert [e.text for e in of(events, "note")] == ["cheers loudly"]
    assert b.comp(a1, Spirit).cheers == 2
    assert b.pending is not None and b.pending.kind == "reaction" and b.pending.options == ("b1",)
    events = b.apply(cmd.React("b1", "jeer"))  # the reaction: a morale check (a 6), then the jeer
    declared = of(events, "reaction")[0]
    assert (declared.unit, declared.action, declared.target) == ("b1", "jeer", None)
    assert [r.purpose for r in of(events, "roll")] == ["reaction"]
    assert [(n.rule, n.unit) for n in of(events, "note")] == [("DRILL-2", "a1")]
    assert b.comp(a1, Spirit).cheers == 0
    assert b.pending is None
    # the modifier: a unit that has cheered shoots and checks morale with DRILL-3's +1
    b.comp(b1, Spirit).cheers = 1
    s = sight(b, b1, a1)
    assert ModLine("DRILL-3", "cheered on", 1) in fire_modifiers(b, b1, a1, s, moved=False, reaction=False)
    assert ModLine("DRILL-3", "cheered on", 1) in morale_modifiers(b, b1)
    assert ModLine("DRILL-3", "cheered on", 1) not in fire_modifiers(
        b, a1, b1, s, moved=False, reaction=False
    )


def test_the_module_line_is_in_the_roll_and_its_total(battle: Callable[..., Battle]) -> None:
    b = facing_off(battle, dice=[3], stack=drilled())
    b.comp(b.ids["a1"], Spirit).cheers = 1
    shot = of(order(b, cmd.Fire("a1", "b1")), "roll")[0]
    assert ModLine("DRILL-3", "cheered on", 1) in shot.modifiers
    assert shot.total == 3 + sum(m.value for m in shot.modifiers)


def test_without_the_module_its_order_and_reaction_are_refused(battle: Callable[..., Battle]) -> None:
    b = facing_off(battle, dice=[1])
    assert b.stack.ids == ()
    with pytest.raises(KeyError):
        b.comp(b.ids["a1"], Spirit)  # no module, no component
    b.apply(cmd.Activate("a1", leadership=False))
    (refused,) = b.apply(Cheer("a1"))
    assert (refused.kind, refused.rule) == ("rejected", "FG-ORD-5")
    b.apply(cmd.Fire("a1", "b1"))  # a miss, then b1 may react
    assert b.pending is not None and b.pending.kind == "reaction"
    (refused,) = b.apply(cmd.React("b1", "jeer"))
    assert refused.rule == "FG-REACT-3"
    assert refused.reason == "jeer is not a reaction: one of fire, charge, retreat, rally"


# --- the round loop, AI players, replays ----------------------------------------------------------


def test_ai_players_use_the_module_in_a_whole_battle_and_its_replay_reproduces_it(tmp_path: Path) -> None:
    m = new_match("default", 3, max_rounds=3, modules=["drill"])
    try:
        sides = m.battle.game.sides  # type: ignore[union-attr]
        play(m, {s: make_player("random", s, 3 + i) for i, s in enumerate(sides)})
        notes = [e for e in m.battle.events if isinstance(e, Note) and e.rule in ("DRILL-1", "DRILL-2")]
        assert any(n.rule == "DRILL-1" and n.text == "cheers loudly" for n in notes)  # order + AI's answer
        path = tmp_path / "drill.json"
        save(m, path)
        assert json.loads(path.read_text())["modules"] == ["drill"]
        again = load(path)
        try:
            assert [e.to_dict() for e in again.battle.events] == [e.to_dict() for e in m.battle.events]
            assert again.battle.stack.ids == ("drill",)
        finally:
            again.battle.close()
    finally:
        m.battle.close()


def test_a_replay_refuses_a_module_it_was_not_played_with(tmp_path: Path) -> None:
    m = new_match("default", 1, max_rounds=1)
    try:
        save(m, tmp_path / "plain.json")
    finally:
        m.battle.close()
    with pytest.raises(ContentError, match=r"modules: played with no rule module, not with drill"):
        load(tmp_path / "plain.json", modules=["drill"])


def test_a_scenario_switches_the_module_on(tmp_path: Path) -> None:
    text = (ROOT / "content" / "scenarios" / "default.toml").read_text()
    path = tmp_path / "drilled.toml"
    path.write_text('modules = ["drill"]\n' + text)
    m = new_match(str(path), 1, max_rounds=1)
    try:
        assert m.battle.stack.ids == ("drill",)
    finally:
        m.battle.close()
    path.write_text('modules = ["nope"]\n' + text)
    with pytest.raises(
        ContentError, match=r"drilled.toml: modules\[0\]: expected one of .*'drill'.*, found 'nope'"
    ):
        new_match(str(path), 1)


# --- scripted battles -----------------------------------------------------------------------------

SCRIPT = """
table = [48, 36]
dice = [6]
{modules}
officers = [{{ id = "A", side = "a", role = "division", experience = 3, at = [30, 14] }},
            {{ id = "B", side = "b", role = "division", experience = 3, at = [30, 30] }}]
units = [
{{ id = "a1", side = "a", division = "A", category = "LnInf", quality = "R", at = [30, 20], facing = 90 }},
{{ id = "b1", side = "b", division = "B", category = "LnInf", quality = "R", at = [30, 22.2], facing = 270 }},
]
[[steps]]
unit = "a1"
order = "cheer"
reactions = [{{ unit = "b1", action = "jeer" }}]
"""


def test_a_script_gives_the_module_order_and_reaction(tmp_path: Path) -> None:
    out = run_toml(tmp_path, SCRIPT.format(modules='modules = ["drill"]'))
    notes = [(e["rule"], e["text"]) for e in out["events"] if e["kind"] == "note"]
    assert notes == [("DRILL-1", "cheers"), ("DRILL-2", "is jeered into silence")]
    assert out["dice_used"] == 1


def test_a_script_without_the_module_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(
        ContentError, match=r"steps\[0\].order: the order cheer comes from the rule module drill"
    ):
        run_toml(tmp_path, SCRIPT.format(modules=""))


# --- composition ----------------------------------------------------------------------------------


def test_two_modules_replacing_one_hook_are_refused_naming_both() -> None:
    def other_fire(*args: Any, **kwargs: Any) -> Resolution:
        yield from ()

    a = RuleModule("volley-a", "A", "replaces fire", "VA-", "for-glory", hooks={"fire": other_fire})
    b = RuleModule("volley-b", "B", "replaces fire too", "VB-", "for-glory", hooks={"fire": other_fire})
    register(a)
    register(b)
    try:
        assert compose("for-glory", ["volley-a"]).hook("fire") is other_fire
        with pytest.raises(UserError) as e:
            compose("for-glory", ["volley-a", "volley-b"])
        assert (
            str(e.value)
            == "the rule modules volley-a and volley-b both replace the fire hook: choose one of them"
        )
    finally:
        unregister("volley-a")
        unregister("volley-b")


def test_a_mode_registered_for_later_is_made_when_first_asked_about(monkeypatch: pytest.MonkeyPatch) -> None:
    """How Open Wars and the campaign are registered (game/running/builtin_rules.py): made by the first
    question about the mode, about the ruleset of the scenarios it opens, or about every mode; the
    question every battle asks, which mode opens its scenario's ruleset, makes no other."""
    for kept in ("_MODES", "_MODULES", "_LATER"):
        monkeypatch.setattr(registry, kept, dict(getattr(registry, kept)))
    fg = registry.game_mode("for-glory")
    assert fg is not None
    made: list[str] = []

    def later(mode_id: str, opens: str | None = None) -> Callable[[], GameMode]:
        def make() -> GameMode:
            made.append(mode_id)
            base = dataclasses.replace(fg.base, id=mode_id, mode=mode_id)
            return dataclasses.replace(
                fg, id=mode_id, base=base, ruleset=opens or "for-glory", open=opens and print
            )

        return make

    registry.register_mode_later("toy-later", later("toy-later"))
    registry.register_mode_later("toy-opens", later("toy-opens", "toy-maps"), opens="toy-maps")
    assert registry.mode_for_ruleset("for-glory") is None and "toy-maps" in registry.other_rulesets()
    assert made == []
    mode = registry.game_mode("toy-later")
    assert mode is not None and mode.id == "toy-later" and made == ["toy-later"]
    assert compose("toy-later").mode is mode and made == ["toy-later"]
    opener = registry.mode_for_ruleset("toy-maps")
    assert opener is not None and opener.id == "toy-opens" and made == ["toy-later", "toy-opens"]
    registry.register_mode_later("toy-wrong", later("toy-wrong", "toy-maps"))  # it does open scenarios
    with pytest.raises(ValueError, match="game mode toy-wrong is not the mode registered for later"):
        registry.modes()


def test_unknown_modules_and_modes_are_one_line() -> None:
    known = r"known: clash-command, clash-melee, dias-combat, dias-terrain, drill, warhammer"
    with pytest.raises(UserError, match=r"unknown rule module 'nope' for for-glory; " + known):
        compose("for-glory", ["nope"])
    with pytest.raises(UserError, match=r"unknown game mode 'chess'"):
        compose("chess")
    with pytest.raises(ValueError, match="unknown hooks: flight"):
        register(RuleModule("bad", "Bad", "", "X-", "for-glory", hooks={"flight": print}))


def test_modules_json_lists_the_mode_and_the_modules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["modules", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["id"] for m in data["modes"]] == ["campaign", "for-glory", "open-wars"]
    modes = {m["id"]: m for m in data["modes"]}
    assert modes["campaign"]["hooks"] == []  # a war of turns: its battles are For Glory's
    assert (
        sorted(modes["for-glory"]["hooks"])
        == sorted(HOOKS)
        == [
            "action_cost",
            "activation",
            "after_action",
            "after_move",
            "attacked_from",
            "charge",
            "command_points",
            "difficult_stop",
            "fire",
            "fire_odds",
            "fire_saves",
            "fire_saves_odds",
            "flies",
            "may_move",
            "melee",
            "melee_odds",
            "move_cost",
            "move_end",
            "move_rules",
            "movement_allowance",
            "no_shot",
            "reaction_window",
            "round",
            "shooting_range",
            "shooting_weapon",
            "terrain_classes",
        ]
    )
    by_id = {m["id"]: m for m in data["modules"]}
    assert by_id["for-glory"]["base"] and by_id["for-glory"]["prefix"] == "FG-"
    assert set(by_id["for-glory"]["orders"]) >= {"move", "fire", "charge", "withdraw", "rally"}
    assert by_id["drill"]["orders"] == ["cheer"] and by_id["drill"]["reactions"] == ["jeer"]
    assert by_id["drill"]["modifiers"] == ["fire", "morale"] and not by_id["drill"]["base"]


def test_simulate_with_an_unknown_module_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--module", "nope", "--rounds", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "unknown rule module 'nope'" in err


# --- a module's numbers are content -----------------------------------------------------------------


def drill_mod(tmp_path: Path, numbers: str, name: str = "louder") -> Path:
    root = tmp_path / name
    (root / "modules" / "drill").mkdir(parents=True)
    (root / "mod.toml").write_text(f'id = "{name}"\nname = "Louder"\nversion = "1"\nmodules = ["drill"]\n')
    (root / "modules" / "drill" / "drill.toml").write_text(numbers)
    return root


def test_a_module_reads_its_numbers_and_a_mod_changes_them(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    b = facing_off(battle, stack=drilled())
    assert numbers(b) == DrillNumbers(loud=2, quiet=1, bonus=1)
    mods = load_mods([drill_mod(tmp_path, "bonus = 2\n")])
    b2 = facing_off(battle, stack=drilled(mods))
    assert numbers(b2) == DrillNumbers(loud=2, quiet=1, bonus=2)  # only what the mod changes
    b2.comp(b2.ids["a1"], Spirit).cheers = 1
    assert ModLine("DRILL-3", "cheered on", 2) in morale_modifiers(b2, b2.ids["a1"])


def test_a_mod_switches_the_module_on_with_its_numbers(tmp_path: Path) -> None:
    mods = load_mods([drill_mod(tmp_path, "loud = 3\n")])
    m = new_match("default", 2, max_rounds=1, rules=load_ruleset(mods=mods))
    try:
        assert m.battle.stack.ids == ("drill",) and m.battle.stack.numbers("drill", "drill").loud == 3
    finally:
        m.battle.close()


@pytest.mark.parametrize(
    ("text", "where", "problem"),
    [
        ('loud = "x"\n', "loud", "expected an integer"),
        ("loud = 9\n", "loud", "at most 5"),
        ("volume = 1\n", "volume", "unknown key"),
    ],
)
def test_a_mods_bad_number_is_one_line_naming_its_file_and_key(
    tmp_path: Path, text: str, where: str, problem: str
) -> None:
    root = drill_mod(tmp_path, text)
    with pytest.raises(ContentError) as e:
        load_records(DRILL, load_mods([root]))
    assert e.value.where.endswith(f"drill.toml: {where}") and problem in e.value.problem
    assert str(root) in str(e.value) or "with mods louder" in str(e.value)


def test_a_replay_holds_the_modules_numbers(tmp_path: Path) -> None:
    m = new_match("default", 4, max_rounds=1, modules=["drill"])
    try:
        path = tmp_path / "drill.json"
        save(m, path)
    finally:
        m.battle.close()
    data = json.loads(path.read_text())
    assert set(data["module_content"]) == {"drill"}
    load(path).battle.close()
    data["module_content"]["drill"] = "0" * 64
    path.write_text(json.dumps(data))
    with pytest.raises(
        ContentError, match="module_content: made with other numbers for the rule module drill"
    ):
        load(path)


def test_the_modules_numbers_have_a_schema_and_are_checked(tmp_path: Path) -> None:
    from game.modding.content_check import check_content
    from game.modding.schema import module_kinds, schema

    kinds = {k.name: k for k in module_kinds()}
    assert set(schema(kinds["module.drill.drill"])["properties"]) == {"loud", "quiet", "bonus"}
    assert kinds["module.drill.drill.partial"].partial
    good = check_content([drill_mod(tmp_path, "quiet = 2\n", "good")])
    assert not good.problems and good.checked["rule module"]
    bad = check_content([drill_mod(tmp_path, "quiet = 0\n", "bad")])
    where = str(tmp_path / "bad" / "modules" / "drill" / "drill.toml")
    assert bad.problems == [f"{where}: quiet: expected an integer at least 1 and at most 5, found 0"]
    stray = drill_mod(tmp_path, "quiet = 2\n", "stray")
    (stray / "modules" / "nope").mkdir()
    assert any("no rule module 'nope'" in p for p in check_content([stray]).problems)


# --- hooks: a module replaces a named point of the sequence --------------------------------------


def test_a_module_replaces_movement_after_action_and_round_hooks(battle: Callable[..., Battle]) -> None:
    from systems.for_glory.paths import movement_allowance
    from systems.for_glory.sequence import round_of_play

    seen: list[str] = []

    def half(b: Battle, e: int, difficult: bool) -> float | None:
        full = movement_allowance(b, e, difficult)
        return None if full is None else full / 2

    def after(b: Battle, c: cmd.Command) -> None:
        seen.append(type(c).__name__)

    def counted_round(b: Battle) -> Resolution:
        seen.append(f"round {b.game.round}")  # type: ignore[union-attr]
        yield from round_of_play(b)

    tired = RuleModule(
        "tired",
        "Tired",
        "half moves",
        "TI-",
        "for-glory",
        hooks={"movement_allowance": half, "after_action": after, "round": counted_round},
    )
    register(tired)
    try:
        b = battle(stack=compose("for-glory", ["tired"]))
        unit(b, "a1", "a", (30, 10), 90)  # line infantry: 4" and 4" more far from the enemy (FG-STRAT)
        (refused,) = [e for e in order(b, cmd.Move("a1", (30, 15))) if e.kind == "rejected"]
        assert refused.rule == "FG-UNIT-12" and 'may move 4"' in refused.reason  # 2" + 2" when tired
        assert seen == []  # a refused order never ran
        assert [e.kind for e in order(b, cmd.Move("a1", (30, 13)))].count("moved") == 1
        assert seen == ["Move"]
        m = new_match("default", 1, max_rounds=2, modules=["tired"])
        try:
            sides = m.battle.game.sides  # type: ignore[union-attr]
            play(m, {s: make_player("heuristic", s, 1) for s in sides})
            assert [s for s in seen if s.startswith("round")] == ["round 1", "round 2"]
        finally:
            m.battle.close()
    finally:
        unregister("tired")


def test_the_log_tells_a_modules_events_and_rolls_of_several_dice() -> None:
    from game.running.narrate import describe

    assert describe({"kind": "jeered", "unit": "a1", "by": "b1"}) == "a1 is jeered by b1 (DRILL-2)"
    roll = Roll(
        check="rally", unit="a1", die=9, dice=(4, 5), read="sum", modifiers=(), total=9, outcome="pass"
    )
    assert describe(roll.to_dict()) == "a1 rolls for rally: dice 4 5 (sum 9) = 9, passed"


def test_an_orders_odds_come_from_its_kind(battle: Callable[..., Battle]) -> None:
    from systems.for_glory.odds import fire_odds

    b = facing_off(battle, stack=drilled())
    a1, b1 = b.ids["a1"], b.ids["b1"]
    assert b.stack.odds(b, cmd.Fire("a1", "b1")) == fire_odds(b, a1, b1, reaction=False)
    assert b.stack.odds(b, Cheer("a1")) == {"cheers": 1}
    assert b.stack.odds(b, cmd.Withdraw("a1")) is None  # nothing to roll


def test_a_module_weighs_the_ground_a_move_crosses(battle: Callable[..., Battle]) -> None:
    """The move_cost hook: a toy module makes every inch cost two (in For Glory a move costs its length),
    for moves and charges alike."""

    def muddy(b: Battle, e: int, way: Way) -> float:
        return 2 * math.dist(way.points[0], way.points[-1])

    mud = RuleModule("mud", "Mud", "every inch costs two", "MUD-", "for-glory", hooks={"move_cost": muddy})
    register(mud)
    try:
        b = battle(stack=compose("for-glory", ["mud"]))
        unit(b, "a1", "a", (30, 10), 90)  # line infantry: 4", and 4" more far from the enemy
        (refused,) = [e for e in order(b, cmd.Move("a1", (30, 15))) if e.kind == "rejected"]
        assert refused.reason == 'the move is 5.00" and costs 10.00" and Line infantry may move 8" here'
        assert [e.kind for e in order(b, cmd.Move("a1", (30, 13)))].count("moved") == 1  # 3" costs 6"
        c = battle(stack=compose("for-glory", ["mud"]))
        unit(c, "h", "a", (30, 10), 90, cat="HC")
        unit(c, "t", "b", (30, 15.4), 270)  # 3.6" away: within the hussars' 6", not at twice that
        (refused,) = [e for e in order(c, cmd.Charge("h", "t")) if e.kind == "rejected"]
        assert (refused.rule, refused.reason) == (
            "FG-UNIT-14",
            'the charge to t would move 4.20" (it costs 8.40"); it reaches 6"',
        )
    finally:
        unregister("mud")


def test_two_modules_replacing_one_hook_are_refused_naming_where_they_were_chosen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The two terrain modules both price the ground: one line, naming the command line that chose
    them (not the scenario, which chose none)."""
    args = ["simulate", "--module", "dias-terrain", "--module", "warhammer-terrain", "--seed", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: --module: modules: the rule modules dias-terrain and warhammer-terrain")
    assert "\n" not in err and "default.toml" not in err

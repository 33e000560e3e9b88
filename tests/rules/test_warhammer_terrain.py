"""Module warhammer-terrain (systems/warhammer/terrain.py; decisions in docs/warhammer-decisions.md):
moves pay for the ground they cross and for turning, barded mounts move less."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli.entry import main
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.resolution import Reject
from game.running.log_texts import english
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.paths import Way, along, base_move
from systems.warhammer.terrain import ground_class, numbers
from tests.helpers import modded_stack, module_mod, of, officer, order, pos, refuses_numbers, rules, unit

WT = "warhammer-terrain"
PIVOT_90 = 2 * 2.0 * math.sin(math.radians(45))  # a 2" wide base pivoting 90 degrees on a front corner


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def wt_battle(
    battle: Callable[..., Battle], *terrain: tuple[str, object], modules: tuple[str, ...] = (WT,)
) -> Battle:
    """A battle with the module, and an enemy within XL of every mover (facing away from them), so no
    move gets For Glory's strategic extra (FG-STRAT-1)."""
    b = battle(terrain=list(terrain), stack=rule_stack(rules(), list(modules), "tests"))
    unit(b, "watch", "blue", (24, 22), 270)
    return b


def moved_to(b: Battle, command: cmd.Move) -> str | None:
    """The rule that refused the move, or None when it moved (to where it was asked)."""
    events = order(b, command)
    refused = of(events, "rejected")
    if refused:
        return refused[0].rule
    assert pos(b, command.unit) == pytest.approx(command.to)
    return None


def cost(b: Battle, name: str, to: tuple[float, float], facing: float | None = None, **kw: Any) -> float:
    e = b.ids[name]
    pose = b.pose(e)
    way = Way(tuple(along((pose.x, pose.y), to)), pose.facing if facing is None else facing, **kw)
    return b.stack.hook("move_cost")(b, e, way)


def test_WM_34_only_the_part_in_difficult_ground_is_halved(battle: Callable[..., Battle]) -> None:
    """WM-34, worked example 1: light cavalry (M 20 cm = 8") crosses 12 cm (4.8") of open ground, then
    spends its last 8 cm on a wood, which takes it 4 cm (1.6") in: 16 cm (6.4") in all. It does not stop
    at the wood's edge as For Glory's cavalry do (FG-MOVE-3)."""
    b = wt_battle(battle, ("wood", rect(24.8, 26, 40, 34)))
    unit(b, "c", "red", (20, 30), 0, cat="LC")
    assert cost(b, "c", (26.4, 30)) == pytest.approx(4.8 + 2 * 1.6)
    assert moved_to(b, cmd.Move("c", (26.5, 30))) == "FG-UNIT-15"
    events = order(b, cmd.Move("c", (26.4, 30)))
    (move,) = of(events, "moved")
    assert pos(b, "c") == pytest.approx((26.4, 30)) and move.stopped is None
    assert move.distance == pytest.approx(6.4)


def test_WM_35_very_difficult_ground_quarters_the_move(battle: Callable[..., Battle]) -> None:
    """WM-35, worked example 2: light cavalry (M 20 cm) crosses 10 cm (4") of open ground, spends 6 cm on
    sand (difficult: 3 cm, 1.2") and its last 4 cm in a river (very difficult: 1 cm, 0.4"): 14 cm (5.6").
    WM-DEC-13: a ford is very difficult ground."""
    b = wt_battle(battle, ("field", rect(24, 26, 25.2, 34)), ("ford", rect(25.2, 26, 30, 34)))
    unit(b, "c", "red", (20, 30), 0, cat="LC")
    assert cost(b, "c", (25.6, 30)) == pytest.approx(4 + 2 * 1.2 + 4 * 0.4)
    assert moved_to(b, cmd.Move("c", (25.7, 30))) == "FG-UNIT-15"
    assert moved_to(b, cmd.Move("c", (25.6, 30))) is None


def test_WM_36_nothing_is_rounded(battle: Callable[..., Battle]) -> None:
    """WM-36 (WM-DEC-15): the computer measures exactly, so no division is rounded to the centimetre:
    0.1" (a quarter of a centimetre) into a wood costs 0.2", not a rounded centimetre."""
    b = wt_battle(battle, ("wood", rect(23, 26, 40, 34)))
    unit(b, "i", "red", (20, 30), 0)
    assert cost(b, "i", (23.1, 30)) == pytest.approx(3.0 + 0.2, abs=1e-9)
    assert cost(b, "i", (23.0, 30)) == pytest.approx(3.0, abs=1e-9)


def test_WM_24_a_unit_moves_its_normal_move_wherever_it_goes(battle: Callable[..., Battle]) -> None:
    """WM-24: up to its Movement and no more; For Glory's difficult-ground allowance (light cavalry M in
    difficult ground) gives way to the normal move, the ground paying its part (WM-34): infantry (4")
    in a wood go 2"."""
    b = wt_battle(battle, ("wood", rect(18, 26, 40, 34)))
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "c", "red", (20, 38), 0, cat="LC")
    assert base_move(b, b.ids["c"], True) == base_move(b, b.ids["c"], False) == 8.0
    assert moved_to(b, cmd.Move("i", (22.05, 30))) == "FG-UNIT-12"
    assert moved_to(b, cmd.Move("i", (22, 30))) is None
    assert cost(b, "c", (28.05, 38)) == pytest.approx(8.05)  # open ground: its length, over its 8"


def flying_battle(battle: Callable[..., Battle], tmp_path: Path, text: str = 'flyers = ["LC"]\n') -> Battle:
    """A wood, a river and an enemy brigade between a light cavalry brigade at (20, 30) and (28, 30),
    with the module's numbers laid over by a mod (`text`)."""
    stack = modded_stack(module_mod(tmp_path, WT, "terrain", text), [WT])
    ground = [("wood", rect(21.5, 26, 23, 34)), ("river", (((26, 0), (26, 48)), 1.0))]
    b = battle(terrain=ground, stack=stack)
    unit(b, "watch", "blue", (24, 22), 270)
    unit(b, "c", "red", (20, 30), 0, cat="LC")
    unit(b, "e", "blue", (24.2, 30), 180)
    return b


def test_WM_23_WM_DEC_30_a_flyer_moves_over_the_ground_and_the_bases_in_its_way(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """WM-23 (WM-DEC-30): a category the numbers name flies. Its 8" move passes a wood without stopping
    or paying for it (WM-34), an enemy brigade (FG-MOVE-2) and a river (FG-TERR-2), and turns as it
    lands, for its length alone; the move, the ghost and the log name WM-23. The same light cavalry
    without the mod's line is refused at the river."""
    from game.ui.battle.ghosts import move_ghost

    walking = flying_battle(battle, tmp_path, "")
    assert numbers(walking).flyers == []  # For Glory's brigades never fly
    assert moved_to(walking, cmd.Move("c", (28, 30))) == "FG-TERR-2"
    b = flying_battle(battle, tmp_path)
    c = b.ids["c"]
    way = Way(tuple(along((20, 30), (28, 30))), 90.0)
    assert b.stack.hook("move_cost")(b, c, way) == pytest.approx(8.0)  # ground and turn free
    assert b.stack.hook("move_rules")(b, c, way) == ("WM-23",)
    assert moved_to(b, cmd.Move("c", (28.05, 30))) == "FG-UNIT-15"  # still only its normal move (LC)
    ghost = move_ghost(b, english(), "c", (28, 30), 90.0)
    assert ghost.ok and any("(WM-23)" in line for line in ghost.lines)
    legs = of(order(b, cmd.Move("c", (28, 30), 90.0)), "moved")  # cut where e may react (FG-REACT-1)
    assert pos(b, "c") == pytest.approx((28, 30)) and b.pose(c).facing == pytest.approx(90.0)
    assert legs[-1].path[-1] == pytest.approx((28, 30)) and all(leg.rules == ("WM-23",) for leg in legs)


def test_WM_23_WM_DEC_30_a_flyer_lands_where_the_rules_let_a_base_stand(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """WM-DEC-30: only the end of a flight is checked: not on the river (FG-TERR-2), not on a base
    (FG-MOVE-2), not nearer the enemy than 3 cm (WM-42); and a flyer charges along the ground, so a
    charge across the river is refused (FG-TERR-2)."""
    b = flying_battle(battle, tmp_path)
    assert moved_to(b, cmd.Move("c", (26, 30))) == "FG-TERR-2"
    assert moved_to(b, cmd.Move("c", (24.2, 30.5))) == "FG-MOVE-2"
    assert moved_to(b, cmd.Move("c", (22.4, 30))) == "WM-42"
    unit(b, "f", "red", (20, 42), 0, cat="LC")
    unit(b, "t", "blue", (29, 42), 180)  # beyond the river, in the open
    assert of(order(b, cmd.Charge("f", "t")), "rejected")[0].rule == "FG-TERR-2"


def test_WM_DEC_30_flyers_must_be_the_rulesets_categories(tmp_path: Path) -> None:
    """WM-DEC-30: a flyer the ruleset does not know is one line naming the file and the key."""
    numbers_file = module_mod(tmp_path, WT, "terrain", "")
    refuses_numbers(numbers_file, WT, [('flyers = ["Eagles"]\n', "flyers"), ('flyers = "LC"\n', "flyers")])


def test_WM_25_barded_mounts_move_2_cm_less(battle: Callable[..., Battle]) -> None:
    """WM-25 (WM-DEC-17): heavy cavalry (6") are barded and move 2 cm (0.8") less: 5.2"; light cavalry
    are not."""
    b = wt_battle(battle)
    unit(b, "h", "red", (20, 30), 0, cat="HC")
    unit(b, "l", "red", (20, 36), 0, cat="LC")
    assert base_move(b, b.ids["h"], False) == pytest.approx(5.2)
    assert base_move(b, b.ids["l"], False) == 8.0
    assert moved_to(b, cmd.Move("h", (25.3, 30))) == "FG-UNIT-14"
    assert moved_to(b, cmd.Move("h", (25.2, 30))) is None


def test_WM_26_a_move_is_a_straight_block(battle: Callable[..., Battle]) -> None:
    """WM-26: the unit moves straight ahead as a block: its centre's path is one straight line, its
    facing is kept, and in the open the move costs exactly its length."""
    b = wt_battle(battle)
    unit(b, "i", "red", (20, 30), 0)
    assert cost(b, "i", (23, 32)) == pytest.approx(math.hypot(3, 2))
    (move,) = of(order(b, cmd.Move("i", (23, 32))), "moved")
    assert move.path == ((20, 30), (23, 32)) and b.pose(b.ids["i"]).facing == 0


def test_WM_27_WM_28_a_pivot_costs_what_its_outer_corner_travels(battle: Callable[..., Battle]) -> None:
    """WM-27, WM-28: a pivot on a front corner costs the straight line the other front corner travels:
    60 degrees for a 2" base is 2" (cheaper than a quarter-move turn and a 30 degree pivot); For Glory's
    pivot was free (AMB-50)."""
    b = wt_battle(battle)
    unit(b, "i", "red", (20, 30), 0)
    assert cost(b, "i", (20, 30), facing=60) == pytest.approx(2.0)
    assert cost(b, "i", (20, 30), facing=300) == pytest.approx(2.0)  # either way round
    unit(b, "j", "red", (20, 20), 90)
    assert cost(b, "j", (20, 20), facing=150) == pytest.approx(2.0)  # the angle turned, from any facing
    assert moved_to(b, cmd.Move("i", (22.05, 30), 60)) == "FG-UNIT-12"
    assert moved_to(b, cmd.Move("i", (22, 30), 60)) is None
    assert b.pose(b.ids["i"]).facing == 60


def test_WM_29_a_turn_costs_a_quarter_of_the_move(battle: Callable[..., Battle]) -> None:
    """WM-29: facing a flank or the rear costs a quarter of the normal move (infantry: 1"), cheaper than
    pivoting 90 degrees (2.83"); other angles take the cheaper of a pivot and a turn with a pivot."""
    b = wt_battle(battle)
    unit(b, "i", "red", (20, 30), 0)
    assert cost(b, "i", (20, 30), facing=90) == pytest.approx(1.0)
    assert cost(b, "i", (20, 30), facing=180) == pytest.approx(1.0)
    assert cost(b, "i", (20, 30), facing=100) == pytest.approx(1.0 + 4 * math.sin(math.radians(5)))
    assert moved_to(b, cmd.Move("i", (20, 33.05), 90)) == "FG-UNIT-12"
    assert moved_to(b, cmd.Move("i", (20, 33), 90)) is None


def test_WM_17_WM_29_a_charger_pivots_and_its_pivot_counts(battle: Callable[..., Battle]) -> None:
    """WM-17, WM-28, WM-29: a charger may not turn, only pivot once, at the start, towards where it
    charges, and the pivot counts towards its charge (a 2" base pivoting 90 degrees pays 2.83"); a move
    may turn instead (a quarter move, WM-29)."""
    wm = battle(stack=rule_stack(rules(), [WT], "tests"))
    unit(wm, "a", "red", (30, 28), 0)
    unit(wm, "t", "blue", (40, 40), 180)
    t = wm.ids["t"]
    assert cost(wm, "a", (30, 31), facing=90, target=t) == pytest.approx(3.0 + PIVOT_90)  # WM-17: 90 to go
    assert cost(wm, "a", (30, 28), facing=90) == pytest.approx(1.0)  # a move may turn (WM-29)


def test_WM_18_aligning_at_contact_costs_nothing(battle: Callable[..., Battle]) -> None:
    """WM-18 (issue 24, deviation 2): once in contact the charger aligns with its target at no cost.
    Infantry (4") 2.70" from contact with a target facing them at 135 degrees pivot 25 degrees towards
    the point of contact (0.87") and align the other 45 free: For Glory allows the charge, so does the
    module (it was refused when the alignment was priced as a pivot: 4.23" of 4"). The move names both
    rules."""
    plain = battle()
    wm = battle(stack=rule_stack(rules(), [WT], "tests"))
    for b in (plain, wm):
        unit(b, "a", "red", (30, 28), 0)
        unit(b, "t", "blue", (34, 29), 135)
    charge = plan_charge(plain, plain.ids["a"], plain.ids["t"])
    assert (charge.length, charge.facing) == (pytest.approx(2.698, abs=1e-3), 315)
    wm_charge = plan_charge(wm, wm.ids["a"], wm.ids["t"])
    assert (wm_charge.end, wm_charge.facing) == (charge.end, charge.facing)
    pivot_25 = 2 * 2.0 * math.sin(math.radians(25.03) / 2)
    assert cost(wm, "a", wm_charge.end, facing=315, target=wm.ids["t"]) == pytest.approx(
        charge.length + pivot_25, abs=1e-3
    )
    assert cost(wm, "a", (33, 28), facing=90, target=wm.ids["t"]) == pytest.approx(
        3.0
    )  # straight on, aligned
    wm.apply(cmd.Activate("a", leadership=False))
    events = wm.apply(cmd.Charge("a", "t"))
    while wm.pending is not None:
        events += wm.apply(cmd.Pass())
    charged = [m for m in of(events, "moved") if m.how == "charge"]
    assert charged and all(m.rules == ("WM-17", "WM-18") for m in charged)


def test_WM_32_WM_33_each_terrain_kind_has_its_class_before_the_battle(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """WM-32, WM-33: the class of every kind of ground (open, difficult, very difficult) is agreed before
    the battle, in the module's content; a mod may agree otherwise (towns very difficult), and a class
    or a kind the game does not know is one line naming the file and the key."""
    rs = rules()
    n = numbers(wt_battle(battle))
    classes = {kind: ground_class(n, k) for kind, k in rs.terrain.items() if k.movement != "impassable"}
    assert classes == {
        "open": "open",
        "hill": "open",
        "road": "open",
        "wood": "difficult",
        "town": "difficult",
        "field": "difficult",
        "bridge": "difficult",
        "ford": "very_difficult",
        "orchard": "difficult",
        "marsh": "difficult",
        "pond": "difficult",
        "castle": "difficult",
        "track": "open",
        "stream": "difficult",
        "wall": "difficult",
        "fortification": "difficult",
    }
    numbers_file = module_mod(tmp_path, WT, "terrain", '[ground]\ntown = "very_difficult"\n')
    b = battle(terrain=[("town", rect(23, 26, 40, 34))], stack=modded_stack(numbers_file, [WT]))
    unit(b, "i", "red", (20, 30), 0)
    assert cost(b, "i", (23.5, 30)) == pytest.approx(3 + 4 * 0.5)
    refuses_numbers(
        numbers_file,
        WT,
        [('[ground]\ntown = "swampy"\n', "ground.town"), ('[ground]\nswamp = "difficult"\n', "ground.swamp")],
    )


def test_WM_DEC_13_foot_artillery_still_keeps_out_of_difficult_ground(battle: Callable[..., Battle]) -> None:
    """WM-DEC-13: the ground's cost replaces For Glory's difficult allowances, but what For Glory keeps
    out of difficult ground (foot artillery off the road, FG-UNIT-19) stays out."""
    b = wt_battle(battle, ("wood", rect(21, 26, 40, 34)), ("road", (((0, 36), (72, 36)), 0.5)))
    unit(b, "f", "red", (20, 35), 0, cat="FA")
    assert moved_to(b, cmd.Move("f", (21.5, 30))) == "FG-UNIT-19"


def test_WM_DEC_16_a_road_is_open_ground(battle: Callable[..., Battle]) -> None:
    """WM-DEC-16: along a road (For Glory's road move) the ground under it costs nothing more: a road
    through a wood is open ground."""
    b = wt_battle(battle, ("wood", rect(21, 26, 40, 34)), ("road", (((0, 30), (72, 30)), 0.5)))
    unit(b, "i", "red", (20, 30), 0)
    assert cost(b, "i", (24, 30), road=True) == pytest.approx(4.0)
    assert cost(b, "i", (24, 30)) == pytest.approx(1 + 2 * 3)


def test_modules_json_lists_warhammer_terrain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["modules", "--json"]) == 0
    listed = {m["id"]: m for m in json.loads(capsys.readouterr().out)["modules"]}
    assert listed[WT]["hooks"] == [
        "difficult_stop",
        "flies",
        "move_cost",
        "move_end",
        "move_rules",
        "movement_allowance",
        "terrain_classes",
    ]
    assert listed[WT]["prefix"] == "WM-" and "warhammer-charges" in listed


def test_whole_battles_play_to_an_end_with_both_warhammer_modules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both Warhammer modules at once: the computer players' moves pay for ground and turns, and the
    battles still end."""
    for seed in (3, 4):
        args = ["simulate", "--module", WT, "--module", "warhammer-charges", "--seed", str(seed), "--json"]
        assert main(args) == 0
        result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert result["end_reason"] and result["winner"] in ("fr", "es", None)


def test_WM_18_WM_34_the_modules_scripted_battle_names_its_rules() -> None:
    """warhammer-terrain's scripted battle: the charge pivots once and aligns free (WM-17, WM-18), the
    march into the wood pays twice for its last inch (WM-34): each move names its rules in its event
    and in the log."""
    from game.running.script import run

    out = run(
        Path(__file__).resolve().parents[2] / "content/modules" / WT / "scripts/charge-aligns-free.toml"
    )
    moved = [(e["how"], e.get("rules")) for e in out["events"] if e["kind"] == "moved"]
    assert moved[-1] == ("move", ["WM-34"]) and ("charge", ["WM-17", "WM-18"]) in moved
    assert out["units"]["charging"]["facing"] == 315 and out["units"]["marching"]["at"] == [23, 21]


def rules_of_move(
    b: Battle, name: str, to: tuple[float, float], facing: float | None = None, **kw: Any
) -> Any:
    e = b.ids[name]
    pose = b.pose(e)
    way = Way(tuple(along((pose.x, pose.y), to)), pose.facing if facing is None else facing, **kw)
    return b.stack.hook("move_rules")(b, e, way)


def test_WM_28_WM_29_a_move_names_the_turn_it_paid_for(battle: Callable[..., Battle]) -> None:
    """A move's events name how it turned: a pivot (WM-28) where pivoting is cheapest (60 degrees), a
    turn (WM-29) where a quarter-move turn is (90 degrees), neither without a turn; a road names
    WM-DEC-16 and nothing of the ground."""
    b = wt_battle(battle)
    unit(b, "i", "red", (20, 30), 0)
    assert rules_of_move(b, "i", (20, 30), facing=60) == ("WM-28",)
    assert rules_of_move(b, "i", (20, 30), facing=90) == ("WM-29",)
    assert rules_of_move(b, "i", (22, 30)) == ()
    assert rules_of_move(b, "i", (22, 30), road=True) == ("WM-DEC-16",)


def test_WM_17_WM_18_a_charge_pivots_towards_where_it_goes_from_its_first_point_to_its_last(
    battle: Callable[..., Battle],
) -> None:
    """WM-17: the charger's one pivot faces the way from where it starts to where it ends, whatever
    points the path is examined at; a charge that goes nowhere (only the alignment at contact, WM-18)
    costs nothing."""
    from systems.warhammer.terrain import heading, turning

    assert heading(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))) == pytest.approx(45.0)
    assert heading(((0.0, 0.0), (0.0, -1.0))) == pytest.approx(270.0)  # degrees 0..360
    assert heading(((5.0, 5.0), (5.0, 5.0))) is None
    assert heading(((0.0, 0.0), (0.01, 0.0))) is None  # within AMB-3's tolerance: in place
    b = wt_battle(battle)
    unit(b, "a", "red", (30, 28), 0)
    t = b.ids["watch"]
    assert turning(b, b.ids["a"], Way(((30.0, 28.0), (30.0, 28.0)), 90.0, target=t)).cost == 0.0


# --- WM-37 impassable ground, WM-42 the 3 cm distance, WM-31 reform, WM-41 march (WM-DEC-24..28) ----


def impassable_marsh(tmp_path: Path) -> Path:
    """A mod agreeing before the battle (WM-32) that marshes are impassable (WM-37, WM-DEC-24)."""
    return module_mod(tmp_path, WT, "terrain", '[ground]\nmarsh = "impassable"\n')


def test_WM_37_WM_DEC_24_ground_agreed_impassable_is_for_glorys_impassable_ground(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """WM-37 (WM-DEC-24): a kind the module's [ground] makes impassable is For Glory's impassable ground
    for the battle (FG-TERR-2): no move crosses it or ends on it, a road through it does not open it, a
    charge cannot cross it, a push stops at its edge, an officer crosses it but may not stop in it
    (AMB-12), and the ghost and the computer players' routes meet it through the same table. The
    shipped content makes no kind impassable (a river is impassable in For Glory already)."""
    from game.ai.routes import Grid
    from game.ui.battle.ghosts import move_ghost
    from systems.for_glory.officers import check_officer_move
    from systems.for_glory.paths import farthest
    from systems.warhammer.terrain import terrain_classes

    marsh = ("marsh", rect(22.5, 26, 23.5, 34))
    road = ("road", (((0, 30), (72, 30)), 0.5))
    plain = wt_battle(battle, marsh)  # the shipped numbers: the marsh is difficult
    assert terrain_classes(plain.stack) == {} and plain.table.movement_at((23, 30)) == "difficult"
    x, y = Grid(plain.table).cell((22.5, 30.5))  # the computer players' routes: difficult, then impassable
    assert Grid(plain.table).kind[x][y] == 1
    b = battle(terrain=[marsh, road], stack=modded_stack(impassable_marsh(tmp_path), [WT]))
    unit(b, "watch", "blue", (24, 22), 270)
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "t", "blue", (25, 30), 180)  # 3.8" away, beyond the marsh
    assert terrain_classes(b.stack) == {"marsh": "impassable"}
    assert b.table.movement_at((23, 30)) == "impassable"
    assert moved_to(b, cmd.Move("i", (23, 30))) == "FG-TERR-2"  # into it
    assert moved_to(b, cmd.Move("i", (22, 30))) == "FG-TERR-2"  # its base would end on it
    assert moved_to(b, cmd.Move("i", (23, 30), road=True)) == "FG-TERR-2"  # the road does not open it
    assert of(order(b, cmd.Charge("i", "t")), "rejected")[0].rule == "FG-TERR-2"
    end, blocked, _rule = farthest(b, b.ids["i"], (1.0, 0.0), 4.0, movement=False)  # a push
    assert blocked and end[0] <= 21.9 + 1e-9
    assert Grid(b.table).kind[x][y] == 2
    ghost = move_ghost(b, english(), "i", (23, 30), None)
    assert ghost.ok and ghost.at[0] <= 21.9 + 1e-9 and any("(FG-TERR-2)" in line for line in ghost.lines)
    officer(b, "o", "red", (21, 32.5))
    with pytest.raises(Reject) as stop:
        check_officer_move(b, b.ids["o"], (23, 32.5))
    assert stop.value.rule == "AMB-12"
    check_officer_move(b, b.ids["o"], (25.5, 32.5))  # over it, to the far side


def test_WM_DEC_24_a_bad_class_or_kind_in_the_numbers_is_one_line_and_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """WM-DEC-24: For Glory's impassable ground stays so, a road or a crossing cannot be made impassable,
    and a class the module does not know is refused: one line naming the file and the key, exit code 2."""
    numbers_file = impassable_marsh(tmp_path)
    refuses_numbers(
        numbers_file,
        WT,
        [
            ('[ground]\nford = "impassable"\n', "ground.ford"),
            ('[ground]\nroad = "impassable"\n', "ground.road"),
            ('[ground]\nriver = "difficult"\n', "ground.river"),
            ('[ground]\nmarsh = "impasable"\n', "ground.marsh"),
            ("keep_apart_cm = -1\n", "keep_apart_cm"),
        ],
    )
    numbers_file.write_text('[ground]\nbridge = "impassable"\n')
    args = ["simulate", "--mod", str(numbers_file.parents[2]), "--module", WT, "--rounds", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "terrain.toml" in err and "ground.bridge" in err and "WM-DEC-24" in err


def near_enemy(battle: Callable[..., Battle]) -> Battle:
    """Infantry at (20, 30) facing an enemy battalion whose front is 3.8" away (x = 24.4)."""
    b = wt_battle(battle)
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "e", "blue", (25, 30), 180)
    return b


def test_WM_42_WM_DEC_25_a_move_keeps_3_cm_from_the_enemy_but_a_charge(battle: Callable[..., Battle]) -> None:
    """WM-42 (WM-DEC-25): a move may not end within 3 cm (1.2") of an enemy unit: 1.0" away is refused
    with the reason the player reads, 1.5" is allowed; a charge into contact is allowed; a friend may
    stand beside it (For Glory's lines stand base to base)."""
    b = near_enemy(battle)
    unit(b, "f", "red", (22.0, 32.4), 0)  # a friend 0.4" beside where it goes
    events = order(b, cmd.Move("i", (22.8, 30)))
    (refused,) = of(events, "rejected")
    assert refused.rule == "WM-42"
    said = 'the move would end 1.00" from e: only a charge comes nearer than 1.2" to an enemy unit'
    assert refused.reason == said
    assert moved_to(b, cmd.Move("i", (22.3, 30))) is None  # 1.5" away
    c = near_enemy(battle)
    charged = [m for m in of(order(c, cmd.Charge("i", "e")), "moved") if m.how == "charge"]
    assert charged and charged[0].path[-1] == pytest.approx((23.8, 30))


def test_WM_42_a_unit_left_near_the_enemy_may_turn_or_step_back_but_come_no_nearer(
    battle: Callable[..., Battle],
) -> None:
    """WM-42 (WM-DEC-25): a unit a retreat, a push or a flight left nearer than 3 cm may end where it
    stands no nearer (about face, a step back), never nearer; what keeps the distance is the end."""
    b = wt_battle(battle)
    unit(b, "i", "red", (22.8, 30), 0)  # 1.0" from the enemy's front
    unit(b, "e", "blue", (25, 30), 180)
    unit(b, "j", "red", (22.8, 36), 0)
    unit(b, "g", "blue", (25, 36), 180)
    assert moved_to(b, cmd.Move("i", (23.1, 30))) == "WM-42"  # 0.7": nearer
    assert moved_to(b, cmd.Move("i", (22.6, 30), 180)) is None  # back to 1.2", turned about
    assert moved_to(b, cmd.Move("j", (22.8, 36), 180)) is None  # about face where it stands


def test_WM_42_the_move_preview_and_the_computer_players_meet_the_3_cm(
    battle: Callable[..., Battle], monkeypatch: pytest.MonkeyPatch
) -> None:
    """WM-42: the ghost of a drag to 1.0" from the enemy stops 1.2" away and says why, in English and
    in Spanish (the module's reasons.toml); the computer players' moves are weighed by the same query
    (plan_move), so a whole battle's generals try many moves it refuses and send none of them."""
    import systems.warhammer.terrain as terrain
    from game.ai.players import make_player
    from game.content.locale import Texts
    from game.content.module_records import module_locales
    from game.running.match import new_match, play
    from game.ui.battle.ghosts import move_ghost

    b = near_enemy(battle)
    for lang, words in (
        ("en", 'only a charge comes nearer than 1.2" to an enemy unit (WM-42)'),
        ("es", 'solo una carga se acerca a menos de 1,2" de una unidad enemiga (WM-42)'),
    ):
        ghost = move_ghost(b, Texts(lang, module_locales(b.stack)), "i", (22.8, 30), None)
        assert ghost.ok and ghost.at[0] == pytest.approx(22.6, abs=0.03), ghost
        assert any(words in line for line in ghost.lines), ghost.lines
    asked: list[str] = []
    real = terrain.refuse

    def counted(rule: str, key: str, **values: object) -> Reject:
        asked.append(rule)
        return real(rule, key, **values)

    monkeypatch.setattr(terrain, "refuse", counted)
    m = new_match("default", 3, max_rounds=3, modules=(WT,))
    sides = m.battle.game.sides  # type: ignore[union-attr]
    try:
        play(m, {sides[0]: make_player("easy", sides[0], 1), sides[1]: make_player("heuristic", sides[1], 2)})
        refused = [e for e in m.battle.events if e.kind == "rejected" and e.rule == "WM-42"]
    finally:
        m.battle.close()
    assert "WM-42" in asked and not refused


def test_WM_31_WM_DEC_26_a_reform_turns_in_place_for_the_whole_move(battle: Callable[..., Battle]) -> None:
    """WM-31 (WM-DEC-26): a unit that only turns where it stands may take any facing for its whole move,
    whatever the turn would cost. In a wood a turn costs twice (WM-34, WM-DEC-27): infantry turning 135
    degrees there would pay 2 x 2.53" of its 4"; it reforms for its 4" instead, and the move names
    WM-31. In the open the same turn costs 2.53" (WM-29): no reform. A move that goes anywhere is no
    reform: the same turn after half an inch is refused."""
    b = wt_battle(battle, ("wood", rect(10, 26, 40, 34)))
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "j", "red", (20, 12), 0)
    turn_135 = 1.0 + 4 * math.sin(math.radians(22.5))
    assert cost(b, "j", (20, 12), facing=135) == pytest.approx(turn_135)
    assert rules_of_move(b, "j", (20, 12), facing=135) == ("WM-29",)
    assert cost(b, "i", (20, 30), facing=135) == pytest.approx(4.0)
    assert rules_of_move(b, "i", (20, 30), facing=135) == ("WM-31",)
    assert moved_to(b, cmd.Move("i", (20.5, 30), 135)) == "FG-UNIT-12"
    (move,) = of(order(b, cmd.Move("i", (20, 30), 135)), "moved")
    assert move.rules == ("WM-31",) and move.how == "pivot" and b.pose(b.ids["i"]).facing == 135


def test_WM_DEC_27_a_turn_in_rough_ground_costs_as_its_ground(battle: Callable[..., Battle]) -> None:
    """WM-34, WM-35 (WM-DEC-27): turning is movement, so rough ground weighs it: a 60 degree pivot (2" in
    the open) costs 4" in a wood; a 90 degree turn (1") costs 4" in a ford, the whole move, which is
    still a turn; a move out of the wood turns at its end, in the open; a charger pivots where it
    starts (WM-17)."""
    b = wt_battle(battle, ("wood", rect(10, 26, 22, 34)), ("ford", rect(10, 8, 22, 16)))
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "f", "red", (20, 12), 0)
    assert cost(b, "i", (20, 30), facing=60) == pytest.approx(4.0)
    assert rules_of_move(b, "i", (20, 30), facing=60) == ("WM-34", "WM-28")
    assert cost(b, "f", (20, 12), facing=90) == pytest.approx(4.0)
    assert rules_of_move(b, "f", (20, 12), facing=90) == ("WM-35", "WM-29")
    assert cost(b, "i", (23, 30), facing=60) == pytest.approx(2 * 2.0 + 1.0 + 2.0)  # 2" wood, 1" open
    t = b.ids["watch"]
    assert cost(b, "i", (20, 28), facing=270, target=t) == pytest.approx(2 * 2.0 + 2 * PIVOT_90)


def test_WM_41_WM_DEC_28_a_march_is_for_glorys_strategic_move_and_officers_ignore_the_ground(
    battle: Callable[..., Battle],
) -> None:
    """WM-41 (WM-DEC-16, WM-DEC-28): the march is For Glory's strategic move: far from the enemy
    (FG-STRAT-1) infantry have twice their 4", the ground priced in it as in any move (7" with 1" of
    wood costs 8": allowed; 2" of wood more is not), and it may turn. The surviving paragraph is about
    characters: For Glory's are its officers, who move L ignoring the ground (FG-UNIT-20, AMB-12) and
    pay none of the module's prices: 8" through a wood and a ford is their whole L."""
    from systems.for_glory.officers import check_officer_move, move_officer

    b = battle(
        terrain=[
            ("wood", rect(26, 26, 40, 34)),
            ("wood", rect(22, 40, 25, 44)),
            ("ford", rect(25, 40, 28, 44)),
        ],
        stack=rule_stack(rules(), [WT], "tests"),
    )
    unit(b, "far", "blue", (66, 6), 90)  # beyond XL of every move here
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "j", "red", (20, 25), 0)
    assert cost(b, "i", (27, 30)) == pytest.approx(6 + 2 * 1)
    assert moved_to(b, cmd.Move("i", (28, 30))) == "FG-UNIT-12"  # 6 + 2 x 2 = 10" of 8"
    (march,) = of(order(b, cmd.Move("i", (27, 30))), "moved")
    assert (march.how, march.rules, march.distance) == ("strategic", ("WM-34",), pytest.approx(7.0))
    (turned,) = of(order(b, cmd.Move("j", (24, 25), 90)), "moved")  # 4" and a 1" turn: 5" of 8"
    assert turned.how == "strategic" and turned.rules == ("WM-29",)
    officer(b, "o", "red", (20, 42))
    check_officer_move(b, b.ids["o"], (28, 42))
    move_officer(b, cmd.MoveOfficer("o", (28, 42)))
    assert b.pose(b.ids["o"]).x == 28 and of(b.events, "moved")[-1].distance == pytest.approx(8.0)
    with pytest.raises(Reject):
        check_officer_move(b, b.ids["o"], (36.05, 42))  # beyond L: his allowance, not the ground's


def test_WM_31_WM_42_the_modules_scripted_battle_reforms_and_keeps_apart() -> None:
    """warhammer-terrain's second scripted battle: infantry in a wood reform for their whole move (WM-31),
    a move to 1" from the enemy is refused (WM-42) and one to 1.5" is made: the same commands as a
    player's or a computer's, refused by the same rule."""
    from game.running.script import run

    out = run(
        Path(__file__).resolve().parents[2] / "content/modules" / WT / "scripts/reform-and-keep-apart.toml"
    )
    moved = [(e["unit"], e["how"], e.get("rules")) for e in out["events"] if e["kind"] == "moved"]
    assert moved == [("reforming", "pivot", ["WM-31"]), ("advancing", "move", None)]
    assert [e["rule"] for e in out["events"] if e["kind"] == "rejected"] == ["WM-42"]
    assert out["units"]["reforming"]["facing"] == 135 and out["units"]["advancing"]["at"] == [22.3, 22]


def test_every_wm_rule_the_terrain_module_cites_has_its_text_for_the_log_in_both_languages() -> None:
    """With only warhammer-terrain on, every WM rule its code cites (a `rule="..."`, a "WM-..." string:
    its moves' events, its ghost, its refusals), every one its reasons.toml names and every decision of
    its section of docs/warhammer-decisions.md has a title and a text to hover in the battle log, in
    English and in Spanish, from the module's own rules.toml; the two files have the same IDs and the
    Spanish is translated. Both Warhammer modules at once, in either order, still read."""
    import re

    from game.content.records import read_toml
    from game.content.rulesref import load_reference
    from game.model.modules import compose

    root = Path(__file__).resolve().parents[2]
    folder = root / "content" / "modules" / WT / "locale"
    code = (root / "systems" / "warhammer" / "terrain.py").read_text(encoding="utf-8")
    cited = set(re.findall(r"rule=\"(WM-[A-Z0-9-]+)\"", code)) | set(
        re.findall(r"\"(WM-(?:DEC-)?\d+)\"", code)
    )
    for language in ("en", "es"):
        reasons = read_toml(folder / language / "reasons.toml")
        cited |= {r for text in reasons.values() for r in re.findall(r"WM-(?:DEC-)?\d+", str(text))}
    assert {f"WM-{n}" for n in (17, 18, 25, 28, 29, 31, 34, 35, 42, "DEC-16")} <= cited  # the code is read
    decisions = (root / "docs" / "warhammer-decisions.md").read_text(encoding="utf-8")
    section = decisions.split("## Module `warhammer-terrain`")[1].split("\n## ")[0]
    decided = set(re.findall(r"\*\*(WM-DEC-\d+)", section))
    assert {"WM-DEC-13", "WM-DEC-18", "WM-DEC-24", "WM-DEC-28"} <= decided  # the section is read
    own = {language: read_toml(folder / language / "rules.toml") for language in ("en", "es")}
    assert own["en"].keys() == own["es"].keys(), sorted(own["en"].keys() ^ own["es"].keys())
    needed = cited | decided
    assert needed <= own["en"].keys(), sorted(needed - own["en"].keys())
    untranslated = [r for r in own["en"] if own["en"][r]["text"] == own["es"][r]["text"]]
    assert not untranslated, untranslated
    alone = compose("for-glory", [WT]).chosen
    for language in ("en", "es"):
        texts = load_reference(language, modules=alone)
        assert needed <= texts.keys(), (language, sorted(needed - texts.keys()))
        assert {r: (texts[r].title, texts[r].text) for r in own[language]} == {
            r: (t["title"].strip(), t["text"].strip()) for r, t in own[language].items()
        }
    both = load_reference(modules=compose("for-glory", ["warhammer-charges", WT]).chosen)
    assert both["WM-9"].title == "Flee" and both["WM-34"].title == "Difficult ground"
    assert (
        load_reference(modules=compose("for-glory", [WT, "warhammer-charges"]).chosen).keys() == both.keys()
    )

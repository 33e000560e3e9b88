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
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.paths import Way, along, base_move
from systems.warhammer.terrain import ground_class, numbers
from tests.helpers import modded_stack, module_mod, of, order, pos, refuses_numbers, rules, unit

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
    assert listed[WT]["hooks"] == ["difficult_stop", "move_cost", "move_rules", "movement_allowance"]
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
    from systems.warhammer.terrain import heading, turned

    assert heading(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))) == pytest.approx(45.0)
    assert heading(((0.0, 0.0), (0.0, -1.0))) == pytest.approx(270.0)  # degrees 0..360
    assert heading(((5.0, 5.0), (5.0, 5.0))) is None
    assert heading(((0.0, 0.0), (0.01, 0.0))) is None  # within AMB-3's tolerance: in place
    b = wt_battle(battle)
    unit(b, "a", "red", (30, 28), 0)
    t = b.ids["watch"]
    assert turned(b, b.ids["a"], Way(((30.0, 28.0), (30.0, 28.0)), 90.0, target=t)) == 0.0

"""Module dias-terrain (systems/dias/terrain.py; decisions in docs/dias-decisions.md): the ground as
Días de Gloria's terrain table prices it for each arm."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli.entry import main
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Status
from game.model.resolution import Reject
from game.running.match import new_match
from systems.dias.terrain import numbers
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.paths import Way, along
from tests.helpers import (
    hits,
    modded_stack,
    module_mod,
    of,
    officer,
    order,
    pos,
    refuses_numbers,
    rules,
    unit,
    write_scenario,
)

DT = "dias-terrain"
STREAM = ("stream", (((22, 0), (22, 48)), 0.3))


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def dt_battle(
    battle: Callable[..., Battle], *terrain: tuple[str, object], dice: list[int] | None = None
) -> Battle:
    """A battle with the module, and an enemy within XL of every mover (facing away from them), so no
    move gets For Glory's strategic extra (FG-STRAT-1); `dice`: its dice, exactly."""
    b = battle(dice, terrain=list(terrain), stack=rule_stack(rules(), [DT], "tests"))
    unit(b, "watch", "blue", (24, 22), 270)
    return b


def refused(b: Battle, command: cmd.Move) -> str | None:
    """The rule that refused the move, or None when it moved where it was asked."""
    events = order(b, command)
    if of(events, "rejected"):
        return str(of(events, "rejected")[0].rule)
    assert pos(b, command.unit) == pytest.approx(command.to)
    return None


def cost(b: Battle, name: str, to: tuple[float, float], **kw: Any) -> float:
    e = b.ids[name]
    pose = b.pose(e)
    return float(b.stack.hook("move_cost")(b, e, Way(tuple(along((pose.x, pose.y), to)), pose.facing, **kw)))


def test_DG_2_a_wood_costs_each_arm_its_own_points(battle: Callable[..., Battle]) -> None:
    """DG-2: woods cost infantry 2 points, cavalry 3, artillery 3, against clear ground's 1, 1 and 2:
    an inch in the wood costs infantry 2", cavalry 3", artillery 1.5"."""
    b = dt_battle(battle, ("wood", rect(22, 26, 40, 46)))
    unit(b, "i", "red", (20, 28), 0)
    unit(b, "c", "red", (20, 36), 0, cat="LC")
    unit(b, "h", "red", (20, 44), 0, cat="HA")
    assert cost(b, "i", (23, 28)) == pytest.approx(2 + 2 * 1)
    assert cost(b, "c", (24, 36)) == pytest.approx(2 + 3 * 2)
    assert cost(b, "h", (24, 44)) == pytest.approx(2 + 1.5 * 2)
    assert refused(b, cmd.Move("i", (23.05, 28))) == "FG-UNIT-12"
    assert refused(b, cmd.Move("i", (23, 28))) is None


def test_DG_3_ground_an_arm_may_not_enter(battle: Callable[..., Battle]) -> None:
    """DG-3 "NA": artillery may not enter a marsh, nor cavalry cross a fortification; infantry may."""
    fort = ("fortification", (((22, 34), (22, 48)), 0.3))
    b = dt_battle(battle, ("marsh", rect(22, 26, 40, 32)), fort)
    unit(b, "h", "red", (20, 28), 0, cat="HA")
    unit(b, "c", "red", (20, 38), 0, cat="LC")
    unit(b, "i", "red", (20, 30.5), 0)
    with pytest.raises(Reject) as no:
        cost(b, "h", (23, 28))
    assert (no.value.rule, b.reason(no.value)) == (
        "DG-3",
        "Horse artillery may not enter marsh (DG-2: not allowed)",
    )
    assert refused(b, cmd.Move("c", (24, 38))) == "DG-3"
    assert refused(b, cmd.Move("i", (22.5, 30.5))) is None


def test_DG_6_a_crossing_costs_a_surcharge_a_road_cancels(battle: Callable[..., Battle]) -> None:
    """DG-2, DG-6: crossing a stream costs infantry 1 point more (1", DG-DEC-1), artillery 2 points
    (1" of its 2-point inches); along a road the surcharge is cancelled."""
    road = ("road", (((0, 28), (72, 28)), 0.5))
    b = dt_battle(battle, STREAM, road)
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "h", "red", (20, 36), 0, cat="HA")
    unit(b, "r", "red", (20, 28), 0)
    assert cost(b, "i", (23, 30)) == pytest.approx(3 + 1)
    assert cost(b, "h", (23, 36)) == pytest.approx(3 + 1)
    assert cost(b, "r", (23, 28), road=True) == pytest.approx(3)
    assert cost(b, "r", (23, 28)) == pytest.approx(3 + 1)
    assert refused(b, cmd.Move("i", (23.05, 30))) == "FG-UNIT-12"
    assert refused(b, cmd.Move("i", (23, 30))) is None


def test_DG_2_a_wall_costs_artillery_most(battle: Callable[..., Battle]) -> None:
    """DG-2 (rampart or wall): +1 infantry, +2 cavalry, +3 artillery: 1", 2" and 1.5"."""
    b = dt_battle(battle, ("wall", (((22, 0), (22, 48)), 0.2)))
    unit(b, "i", "red", (20, 30), 0)
    unit(b, "c", "red", (20, 36), 0, cat="LC")
    unit(b, "h", "red", (20, 42), 0, cat="HA")
    assert [cost(b, n, (23, y)) for n, y in (("i", 30), ("c", 36), ("h", 42))] == pytest.approx([4, 5, 4.5])


def test_DG_8_no_cavalry_charge_into_rough_ground(battle: Callable[..., Battle]) -> None:
    """DG-8 (note [e]): cavalry may not charge a unit in a wood, even from outside it; infantry may
    (DG-DEC-4: For Glory's infantry charge is the sheet's shock, which [e] does not forbid). For Glory
    alone lets the cavalry charge (they meet the target at the wood's edge)."""
    wood = ("wood", rect(30.2, 20, 40, 40))
    for stack, allowed in ((None, True), (rule_stack(rules(), [DT], "tests"), False)):
        b = battle(terrain=[wood], stack=stack)
        unit(b, "c", "red", (28, 30), 0, cat="HC")
        unit(b, "t", "blue", (31.2, 30), 180)
        if allowed:
            assert plan_charge(b, b.ids["c"], b.ids["t"]).target == b.ids["t"]
            continue
        with pytest.raises(Reject) as no:
            plan_charge(b, b.ids["c"], b.ids["t"])
        assert no.value.rule == "DG-8" and "wood" in b.reason(no.value)
    b = battle(terrain=[wood], stack=rule_stack(rules(), [DT], "tests"))
    unit(b, "i", "red", (29, 30), 0)
    unit(b, "t", "blue", (31.2, 30), 180)
    assert plan_charge(b, b.ids["i"], b.ids["t"]).target == b.ids["t"]


def test_DG_5_a_unit_in_a_town_has_only_fronts(battle: Callable[..., Battle]) -> None:
    """DG-5 (note [b]): a unit in a town or a castle has six fronts: a charge or a shot from behind
    meets a front; outside, For Glory's sides stand (AMB-59)."""
    for kind, (x, y), side in (("town", (30, 30), "front"), ("open", (50, 30), "rear")):
        b = battle(terrain=[("town", rect(25, 25, 35, 35))], stack=rule_stack(rules(), [DT], "tests"))
        e = unit(b, "u", "red", (x, y), 90)
        assert b.stack.hook("attacked_from")(b, e, (x, y - 3)) == side, kind


def test_DG_2_cavalry_ride_on_into_rough_ground_paying_its_price(battle: Callable[..., Battle]) -> None:
    """DG-2 (DG-DEC-3): cavalry ride on into a field paying 2 points an inch instead of stopping at its
    edge (FG-MOVE-3)."""
    b = dt_battle(battle, ("field", rect(23, 26, 40, 34)))
    unit(b, "c", "red", (20, 30), 0, cat="LC")
    (move,) = of(order(b, cmd.Move("c", (25.5, 30))), "moved")
    assert move.stopped is None and pos(b, "c") == pytest.approx((25.5, 30))


def test_a_mod_changes_the_table_and_a_bad_kind_is_one_line(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    numbers_file = module_mod(
        tmp_path, DT, "terrain", "[ground.field]\ncost = { infantry = 3, cavalry = 3, artillery = 4 }\n"
    )
    b = battle(terrain=[("field", rect(22, 26, 40, 34))], stack=modded_stack(numbers_file, [DT]))
    unit(b, "i", "red", (20, 30), 0)
    assert cost(b, "i", (22.5, 30)) == pytest.approx(2 + 3 * 0.5)
    refuses_numbers(
        numbers_file,
        DT,
        [
            ("[ground.swamp]\ncost = {}\n", "ground.swamp"),
            ("[ground.wall]\ncost = {}\ncrossing = false\n", "ground.wall.crossing"),
            ("[ground.wood]\ncost = { horse = 2 }\n", "ground.wood.cost"),
            ("[zone]\ndepth = 0\n", "zone.depth"),  # DG-DEC-12: a zone is some ground
            ("[pond]\nbreaks_on = [10]\n", "pond.breaks_on"),  # DG-DEC-14: a face of the d10, 0-9
            ('[pond]\nbreaks_on = "0"\n', "pond.breaks_on"),
        ],
    )


def test_whole_battles_play_to_an_end_with_dias_terrain_and_its_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["modules", "--json"]) == 0
    listed = {m["id"]: m for m in json.loads(capsys.readouterr().out)["modules"]}
    assert listed[DT]["prefix"] == "DG-" and "attacked_from" in listed[DT]["hooks"]
    m = new_match("castle-of-montalban", 1, max_rounds=1)  # the scenario switches the module on
    try:
        kinds = {f.kind.kind for f in m.battle.table.features}
        assert m.battle.stack.ids == (DT,) and kinds >= set(numbers(m.battle).ground) - {
            "bridge",
            "ford",
            "pond",
        }
    finally:
        m.battle.close()
    for seed, how in ((3, ["--module", DT]), (4, ["--scenario", "castle-of-montalban"])):
        assert main(["simulate", *how, "--seed", str(seed), "--json"]) == 0
        result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert result["end_reason"] and result["winner"] in ("fr", "es", None)


def test_DG_2_DG_6_a_move_names_the_rules_that_priced_it(battle: Callable[..., Battle]) -> None:
    """Issue 24, deviation 7: a move the module priced names DG-2 and DG-DEC-1 in its events (and so
    in --events, the log's hover); a move over clear ground names none, as in For Glory."""
    b = dt_battle(battle, ("wood", rect(22, 26, 40, 46)), ("stream", (((30, 0), (30, 20)), 0.3)))
    unit(b, "i", "red", (20, 28), 0)
    unit(b, "j", "red", (28, 10), 0)
    unit(b, "k", "red", (10, 10), 0)
    events = order(b, cmd.Move("i", (23, 28)))  # 1" into the wood
    assert [m.rules for m in of(events, "moved")] == [("DG-2", "DG-DEC-1")]
    events = order(b, cmd.Move("j", (31, 10)))  # across the stream
    assert [m.rules for m in of(events, "moved")] == [("DG-2", "DG-DEC-1")]
    events = order(b, cmd.Move("k", (13, 10)))  # clear ground
    assert [m.rules for m in of(events, "moved")] == [None]


def test_DG_rules_appear_in_a_whole_battles_events() -> None:
    """Issue 24, deviation 7: in a whole battle with dias-terrain, the moves over priced ground name DG
    rules in --events (there were none)."""
    from game.ai.players import make_player
    from game.running.audit import rules_of
    from game.running.match import play

    m = new_match("castle-of-montalban", seed=1, max_rounds=3)
    try:
        sides = m.battle.game.sides  # type: ignore[union-attr]
        play(m, {s: make_player("heuristic", s, seed=1) for s in sides})
        named = {r for e in m.battle.events for r in rules_of(e.to_dict())}
        assert {"DG-2", "DG-DEC-1"} <= named
    finally:
        m.battle.close()


def test_DG_2_DG_DEC_1_the_modules_scripted_battle_names_the_priced_moves() -> None:
    """dias-terrain's through-the-wood.toml: light cavalry ride 2" open and 2" into a wood (8" of
    their 8"), line infantry cross a stream (3" and 1 point): both moves name DG-2 and DG-DEC-1."""
    from game.running.script import run

    out = run(Path(__file__).resolve().parents[2] / "content/modules" / DT / "scripts/through-the-wood.toml")
    moved = [(e["unit"], e.get("rules")) for e in out["events"] if e["kind"] == "moved"]
    assert moved == [("hussars", ["DG-2", "DG-DEC-1"]), ("line", ["DG-2", "DG-DEC-1"])]
    assert out["units"]["hussars"]["at"] == [24, 11] and out["units"]["line"]["at"] == [31, 22]


def disorganise(b: Battle, name: str, value: bool = True) -> None:
    """A pure question's disorganisation (FG-DIS-1): an order's activation assesses it again."""
    b.comp(b.ids[name], Status).detached = value


def detached(b: Battle, name: str, at: tuple[float, float], facing: float) -> int:
    """A brigade far from its division's officer: a detachment, disorganised (FG-DIS-1) when ordered."""
    officer(b, "far-div", "red", (2, 46))
    return unit(b, name, "red", at, facing, division="far-div")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "ground: an enemy's zone of control, left or entered (DG-7, DG-DEC-12)"),
        ("es", "terreno: la zona de control de un enemigo, al salir o al entrar (DG-7, DG-DEC-12)"),
    ],
)
def test_DG_7_the_move_s_ghost_says_the_zone_it_pays_for(
    battle: Callable[..., Battle], lang: str, words: str
) -> None:
    """DG-7: a disorganised brigade's drag into an enemy's zone over clear ground shows the point it
    pays as the zone's, in the player's language (not as a turn or a line crossed)."""
    from game.content.locale import Texts
    from game.content.module_records import module_locales
    from game.ui.battle.ghosts import move_ghost

    b = dt_battle(battle)
    unit(b, "t", "blue", (40, 30), 180)  # its front edge at x = 39.4: the zone begins at 38.4
    unit(b, "i", "red", (36, 30), 0)
    disorganise(b, "i")
    ghost = move_ghost(b, Texts(lang, module_locales(b.stack)), "i", (38.5, 30), None)
    assert ghost.ok and words in ghost.lines, ghost.lines


def test_DG_2_DG_DEC_15_each_friendly_unit_passed_through_costs_a_point(
    battle: Callable[..., Battle],
) -> None:
    """DG-2 "Hex containing a friendly unit" (+1 infantry, cavalry, artillery; DG-DEC-15): a move whose
    centre passes through a friend's base pays a point for it, once: 1" for infantry, 0.5" for guns
    (whose clear ground is 2 points); the same move with no friend there, or going round it, does not;
    the move's rules and its ghost say so."""
    from game.content.locale import Texts
    from game.content.module_records import module_locales
    from game.ui.battle.ghosts import move_ghost

    b = dt_battle(battle)
    unit(b, "i", "red", (30, 30), 0)
    assert cost(b, "i", (33, 30)) == pytest.approx(3)
    unit(b, "f", "red", (31.5, 30), 0)  # a friend across the way: its base from x = 31 to 32
    assert cost(b, "i", (33, 30)) == pytest.approx(3 + 1)
    assert cost(b, "i", (30, 33)) == pytest.approx(3)  # not through it
    unit(b, "g", "red", (30, 26), 0, cat="FA")
    unit(b, "f2", "red", (31.5, 26), 0)
    assert cost(b, "g", (33, 26)) == pytest.approx(3 + 0.5)
    ghost = move_ghost(b, Texts("es", module_locales(b.stack)), "i", (33, 30), None)
    assert ghost.ok and "terreno: unidades amigas atravesadas (DG-2, DG-DEC-15)" in ghost.lines, ghost.lines
    (moved,) = [m for m in of(order(b, cmd.Move("i", (33, 30))), "moved") if m.unit == "i"]
    assert moved.rules is not None and "DG-DEC-15" in moved.rules


def test_DG_7_a_disorganised_unit_pays_a_point_more_to_enter_an_enemy_zone(
    battle: Callable[..., Battle],
) -> None:
    """DG-7 (note [d]), DG-DEC-12: an enemy's zone of control is the ground within a hex (1") before
    its front. Moving 3.6" until its centre is 0.8" from the enemy's front costs an organised brigade
    3.6", a disorganised one a point (1") more: 4.6", more than its S (4"), so it may not go there;
    the same move towards the enemy's rear enters no zone. A disorganised cavalry charge into the
    target's front pays the point too; artillery pays it at its 2 points an inch of clear (0.5")."""
    b = dt_battle(battle)
    unit(b, "t", "blue", (40, 30), 180)  # front edge at x = 39.4, facing the mover
    unit(b, "i", "red", (35, 30), 0)
    assert cost(b, "i", (38.6, 30)) == pytest.approx(3.6)
    disorganise(b, "i")
    assert cost(b, "i", (38.6, 30)) == pytest.approx(3.6 + 1)
    disorganise(b, "i", False)
    (move,) = of(order(b, cmd.Move("i", (38.6, 30))), "moved")
    assert move.rules is None  # organised: the zone costs it nothing
    detached(b, "d", (35, 34), 0)
    unit(b, "u", "blue", (40, 34), 180)
    assert refused(b, cmd.Move("d", (38.6, 34))) == "FG-UNIT-12"
    b = dt_battle(battle)
    unit(b, "t", "blue", (40, 30), 0)  # its rear towards the mover: no zone there
    unit(b, "i", "red", (35, 30), 0)
    disorganise(b, "i")
    assert cost(b, "i", (38.6, 30)) == pytest.approx(3.6)
    b = dt_battle(battle)
    t = unit(b, "t", "blue", (40, 30), 180)
    unit(b, "c", "red", (33, 30), 0, cat="LC")
    unit(b, "h", "red", (35, 36), 0, cat="HA")
    unit(b, "u", "blue", (40, 36), 180)
    for name in ("c", "h"):
        disorganise(b, name)
    assert cost(b, "c", (38.8, 30), target=t) == pytest.approx(5.8 + 1)
    assert cost(b, "h", (38.6, 36)) == pytest.approx(3.6 + 0.5)


def test_DG_7_a_move_that_starts_in_a_zone_and_stays_pays_nothing_and_leaving_pays(
    battle: Callable[..., Battle],
) -> None:
    """DG-DEC-12: "enter" is going from outside every enemy zone into one: a disorganised brigade
    sliding along an enemy's front within its zone pays nothing for it. Leaving the zone costs every
    unit a point (DG-2 "Leaving a ZOC", the row note [d] belongs to), and the move names DG-7."""
    b = dt_battle(battle)
    unit(b, "t", "blue", (40, 30), 180)
    detached(b, "i", (38.6, 29.4), 0)
    assert cost(b, "i", (38.6, 30.6)) == pytest.approx(1.2)
    (move,) = of(order(b, cmd.Move("i", (38.6, 30.6))), "moved")
    assert move.rules is None and b.comp(b.ids["i"], Status).detached
    assert cost(b, "i", (35.6, 30.6)) == pytest.approx(3 + 1)
    disorganise(b, "i", False)
    assert cost(b, "i", (35.6, 30.6)) == pytest.approx(3 + 1)
    unit(b, "j", "red", (38.6, 34), 0)
    unit(b, "u", "blue", (40, 34), 180)
    (move,) = of(order(b, cmd.Move("j", (35.6, 34))), "moved")
    assert move.rules == ("DG-7", "DG-DEC-12")


def test_DG_7_a_unit_in_a_town_has_a_zone_all_round(battle: Callable[..., Battle]) -> None:
    """DG-5, DG-7: a unit in a town has six fronts, so its zone of control reaches its rear too: a
    disorganised brigade coming up behind it pays the point it would not pay in the open."""
    for town, paid in ((True, 1.6 + 1), (False, 0)):  # the town costs 2" an inch (DG-2), the zone 1"
        b = dt_battle(battle, *([("town", rect(38, 26, 44, 34))] if town else []))
        unit(b, "t", "blue", (41, 30), 0)  # its rear edge at x = 40.4, towards the mover
        unit(b, "i", "red", (36, 30), 0)
        disorganise(b, "i")
        assert cost(b, "i", (39.6, 30)) == pytest.approx(3.6 + paid), town


STEEP = ("steep", (((30, 0), (30, 48)), 0.2))


def test_DG_12_no_move_charge_or_shot_crosses_a_steep_slope(battle: Callable[..., Battle]) -> None:
    """DG-12 (note [i]), DG-DEC-13: a steep slope between levels 3 or more apart is a line a scenario
    draws (For Glory's hills have no heights): no move crosses it, no charge, no shot (no unit sees
    across it). With Días de Gloria's modules on, and For Glory alone the same; without it, all three
    may be made."""
    dias = rule_stack(rules(), [DT, "dias-combat"], "tests")
    for stack, terrain in ((dias, [STEEP]), (None, [STEEP]), (dias, [])):
        b = battle(terrain=terrain, stack=stack)
        unit(b, "i", "red", (28, 10), 0)
        c = unit(b, "c", "red", (27, 22), 0, cat="LC")
        t = unit(b, "t", "blue", (32.5, 22), 180)
        unit(b, "h", "red", (27, 36), 0, cat="FA")
        unit(b, "u", "blue", (34, 36), 180)
        if not terrain:
            assert plan_charge(b, c, t).target == t
            assert of(order(b, cmd.Fire("h", "u")), "roll")
            assert refused(b, cmd.Move("i", (31.5, 10))) is None
            continue
        for vision in (True, False):  # it sees no target across; told it did, its way is barred
            with pytest.raises(Reject) as no:
                plan_charge(b, c, t, vision=vision)
            assert no.value.rule == ("FG-CHG-2" if vision else "FG-TERR-2")
        assert refused(b, cmd.Fire("h", "u")) == "FG-VIS-1"
        assert refused(b, cmd.Move("i", (31.5, 10))) == "FG-TERR-2"


def test_DG_12_a_steep_slope_is_a_line_and_a_bad_one_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DG-DEC-13: a steep slope is given as a path with a width; given as an area, the scenario is
    refused in one line naming its file and the key. The module's scenario draws one and plays."""
    path = write_scenario(tmp_path, terrain=[("steep", ((10.0, 10.0), (20.0, 10.0), (20.0, 12.0)))])
    assert main(["simulate", "--scenario", str(path), "--rounds", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "terrain[0].polygon" in err, err
    m = new_match("castle-of-montalban", 1, max_rounds=1)
    try:
        assert "steep" in {f.kind.kind for f in m.battle.table.features}
    finally:
        m.battle.close()


# --- DG-13, DG-DEC-14: frozen ponds ----------------------------------------------------------------

POND = ("pond", rect(22, 26, 40, 34))


def test_DG_13_DG_DEC_14_a_frozen_pond_is_priced_and_fought_as_a_marsh(battle: Callable[..., Battle]) -> None:
    """DG-2 "Marsh / Frozen pond", DG-13: infantry 2, cavalry 3, guns not allowed, no charge, and the
    marsh's -2 to the shock (dias-combat's ground_shock)."""
    b = dt_battle(battle, POND, ("marsh", rect(22, 2, 40, 10)))
    unit(b, "i", "red", (20, 28), 0)
    unit(b, "c", "red", (20, 32), 0, cat="LC")
    unit(b, "mi", "red", (20, 4), 0)
    unit(b, "mc", "red", (20, 8), 0, cat="LC")
    assert cost(b, "i", (24, 28)) == pytest.approx(cost(b, "mi", (24, 4))) == pytest.approx(2 + 2 * 2)
    assert cost(b, "c", (24, 32)) == pytest.approx(cost(b, "mc", (24, 8))) == pytest.approx(2 + 3 * 2)
    n = numbers(b)
    assert n.ground["pond"] == n.ground["marsh"] and n.pond.breaks_on == [0]
    combat = rule_stack(rules(), ["dias-combat"], "tests").numbers("dias-combat", "combat")
    assert combat.ground_shock["pond"] == combat.ground_shock["marsh"] == -2


def pond_move(
    battle: Callable[..., Battle], dice: list[int], cat: str, **kw: Any
) -> tuple[Battle, list[Any]]:
    """A unit of the category moving 1" onto the pond, its centre ending on the ice, the dice given."""
    b = kw.pop("made", None) or dt_battle(battle, POND, dice=dice)
    unit(b, "c", "red", (20, 30), 0, cat=cat)
    return b, order(b, cmd.Move("c", (23, 30)))


def test_DG_13_DG_DEC_14_the_ice_gives_way_under_cavalry_on_a_0(battle: Callable[..., Battle]) -> None:
    """DG-DEC-14: cavalry ending its move on a frozen pond roll the d10: on 0 (`[pond] breaks_on`) the
    ice gives way: one hit, and pushed XS back the way it came; the roll is an event of DG-13, told
    in English and Spanish."""
    from game.running.log_texts import texts_for
    from game.running.narrate import narrate

    b, events = pond_move(battle, [0], "LC")
    (roll,) = of(events, "roll")
    assert (roll.rule, roll.die, roll.outcome, roll.unit) == ("DG-13", 0, "the ice gives way", "c")
    assert hits(b, "c") == 1
    xs = b.rules.length("XS")
    assert pos(b, "c") == pytest.approx((23 - xs, 30)) and of(events, "pushed")
    english = narrate([roll.to_dict()], texts_for("en", [DT]))[0].text
    spanish = narrate([roll.to_dict()], texts_for("es", [DT]))[0].text
    assert english == "The ice gives way under c: 0 on the d10 (DG-13, DG-DEC-14)"
    assert spanish == "El hielo cede bajo c: 0 en el d10 (DG-13, DG-DEC-14)"
    (pushed,) = of(events, "pushed")
    told = {lang: narrate([pushed.to_dict()], texts_for(lang, [DT]))[0].text for lang in ("en", "es")}
    assert told == {"en": 'c is pushed back 2" by the ice', "es": 'El hielo empuja a c 2" hacia atrás'}  # XS


def test_DG_13_DG_DEC_14_the_ice_holds_on_a_5(battle: Callable[..., Battle]) -> None:
    """DG-DEC-14: on any face not in `breaks_on` (a 5) the roll is made and nothing happens."""
    b, events = pond_move(battle, [5], "LC")
    (roll,) = of(events, "roll")
    assert (roll.rule, roll.die, roll.outcome) == ("DG-13", 5, "the ice holds")
    assert hits(b, "c") == 0 and pos(b, "c") == pytest.approx((23, 30)) and not of(events, "pushed")


def test_DG_13_DG_DEC_14_infantry_never_roll_for_the_ice(battle: Callable[..., Battle]) -> None:
    """DG-DEC-14: infantry spread their weight: ending on a pond rolls nothing (no die is given)."""
    b, events = pond_move(battle, [], "LnInf")
    assert not of(events, "roll") and hits(b, "c") == 0 and pos(b, "c") == pytest.approx((23, 30))


def test_DG_13_DG_DEC_14_asking_is_not_doing(battle: Callable[..., Battle]) -> None:
    """DG-DEC-14: a plan or the move's price rolls nothing; only the move itself does."""
    from systems.for_glory.paths import plan_move

    b = dt_battle(battle, POND)  # no dice: any roll would fail
    unit(b, "c", "red", (20, 30), 0, cat="LC")
    b.enter()
    plan_move(b, b.ids["c"], (23, 30), 0)
    assert cost(b, "c", (23, 30)) == pytest.approx(2 + 3 * 1)


def test_DG_13_DG_DEC_14_for_glory_alone_plays_a_pond_as_a_marsh_and_never_rolls(
    battle: Callable[..., Battle],
) -> None:
    """Without the module a frozen pond is For Glory's marsh (difficult, no cover, sight open;
    docs/rules-decisions.md) and cavalry ending on it roll nothing."""
    pond, marsh = rules().terrain["pond"], rules().terrain["marsh"]
    assert (pond.name, pond.movement, pond.dense, pond.blocks_sight) == (
        "Frozen pond",
        "difficult",
        False,
        False,
    )
    assert (marsh.movement, marsh.dense, marsh.blocks_sight) == (pond.movement, pond.dense, pond.blocks_sight)
    b = battle([], terrain=[POND])
    unit(b, "watch", "blue", (24, 22), 270)
    _b, events = pond_move(battle, [], "LC", made=b)
    assert (of(events, "moved")[-1].stopped, pos(b, "c")) == ("FG-MOVE-3", (22, 30))  # as at a marsh
    unit(b, "d", "red", (26, 30), 0, cat="LC")  # on the ice already, and ending on it
    events = order(b, cmd.Move("d", (28, 30)))
    assert pos(b, "d") == pytest.approx((28, 30)) and not of(events, "roll") and hits(b, "d") == 0

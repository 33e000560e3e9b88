"""Module clash-command (systems/clash/; decisions in docs/clash-decisions.md): the round as Clash of
Spears plays it, command points, activation and reaction checks, rest and rally, fatigue."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from game.cli.entry import main
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.errors import UserError
from game.model.modules import compose
from game.model.resolution import Decision
from game.running.match import Match, new_match
from systems.clash.command_players import reaction_unit_choices, turn_ai, turn_unit_choices
from systems.clash.command_records import ActivateUnit, ReactWith, Rest, check_chance, points
from systems.clash.fatigue import Fatigue, add_fatigue, fatigue, numbers
from systems.for_glory.checks import morale_modifiers
from tests.helpers import deploy_all, hits, of, rules, status, unit, write_scenario

CS = "clash-command"


def cs_battle(battle: Callable[..., Battle], dice: list[int] | None = None, **kw: object) -> Battle:
    b = battle(
        dice=dice, seed=None if dice is not None else 1, stack=rule_stack(rules(), [CS], "tests"), **kw
    )
    return b


def fatigue_of(b: Battle, name: str) -> Fatigue:
    return fatigue(b, b.ids[name])


# --- whole rounds ------------------------------------------------------------------------------


def cs_match(matches: list[Match], tmp_path: Path, dice: list[int]) -> Match:
    """The default test scenario (red r1, r2 south; blue b1, b2 north, two line brigades each, 48x40)
    with clash-command, deployed (a roll-off, 3 to 4, picks who deploys first); `dice` fixed from the
    first round on."""
    m = new_match(str(write_scenario(tmp_path)), 0, None, None, dice=[3, 4, *dice], modules=[CS])
    matches.append(m)
    deploy_all(m)
    return m


def test_CS_1_strategy_gives_command_points_per_officer_and_a_roll_off_picks_the_first_player(
    matches: list[Match], tmp_path: Path
) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)  # roll-off: red 2, blue 5
    b = m.battle
    n = numbers(b)
    assert points(b) == {s: 2 * n.points["division"] + n.points["staff"] for s in ("red", "blue")}
    d = b.pending
    assert d is not None and d.kind == "clash_turn" and d.side == "blue"  # CS-1: the roll-off winner
    assert set(d.options) == {"b1a", "b1b", "b2a", "b2b"}  # CS-2: any unit that may act


def test_CS_5_pass_swaps_roles_and_two_passes_end_the_phase_CS_1_final_phase_recovers(
    matches: list[Match], tmp_path: Path
) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    b = m.battle
    m.apply(Rest("b1a"))  # a free option: blue's turn is over
    assert fatigue_of(b, "b1a").markers == 1
    assert b.pending is not None and (b.pending.kind, b.pending.side) == ("clash_turn", "red")
    passed = m.apply(cmd.Pass())
    assert [n.text for n in of(passed, "note") if n.rule == "CS-5"] == ["red passes"]
    assert b.pending is not None and b.pending.side == "blue"  # one pass does not end the phase
    m.apply(cmd.Pass())
    d = b.pending  # two passes in a row: the final phase, where officers may move
    assert d is not None and d.kind == "officer_move"
    assert fatigue_of(b, "b1a").markers == 0  # CS-1 (CS-DEC-5): markers come off


def test_CS_3_activation_costs_one_cp_in_command_then_up_to_three_actions(
    matches: list[Match], tmp_path: Path
) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    b = m.battle
    before = points(b)["blue"]
    m.apply(ActivateUnit("b1a"))
    assert points(b)["blue"] == before - numbers(b).cost_within
    for i in range(3):
        d = b.pending
        if i:  # CS-3: before the 2nd and 3rd action red may react (its units are in command)
            assert d is not None and d.kind == "clash_reaction" and d.side == "red" and d.unit == "b1a"
            m.apply(cmd.Pass())
            d = b.pending
        assert d is not None and d.kind == "order" and d.options == ("b1a",)
        m.apply(cmd.Withdraw("b1a"))
        assert fatigue_of(b, "b1a").markers == i + 1
    assert b.pending is not None and b.pending.kind == "clash_turn" and b.pending.side == "red"
    assert "b1a" not in _blue_options(m)  # three markers: it cannot act again this round


def _blue_options(m: Match) -> tuple[str, ...]:
    m.apply(cmd.Pass())
    d = m.battle.pending
    assert d is not None and d.side == "blue"
    return d.options


def test_CS_3_beyond_command_distance_costs_two(matches: list[Match], tmp_path: Path) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    b = m.battle
    b.place(b.ids["b1"], 2.0, 20.0)  # the general far away; the estado mayor is far too
    b.place(b.ids["blue-staff"], 46.0, 20.0)
    before = points(b)["blue"]
    m.apply(ActivateUnit("b1a"))
    assert points(b)["blue"] == before - numbers(b).cost_beyond


def test_CS_3_an_activation_with_no_action_still_leaves_a_marker(
    matches: list[Match], tmp_path: Path
) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    m.apply(ActivateUnit("b1a"))
    m.apply(cmd.EndActivation())
    assert fatigue_of(m.battle, "b1a").markers == 1  # CS-DEC-4: every turn brings the end nearer


def test_CS_7_a_reaction_costs_a_cp_a_1d6_check_then_one_action(matches: list[Match], tmp_path: Path) -> None:
    # roll-off 2/5; then red's reaction check: 4 at courage 4+ passes
    m = cs_match(matches, tmp_path, [2, 5, 4] + [6] * 50)
    b = m.battle
    m.apply(ActivateUnit("b1a"))
    m.apply(cmd.Withdraw("b1a"))
    red = points(b)["red"]
    m.apply(ReactWith("r1a"))
    assert points(b)["red"] == red - numbers(b).reaction_cost
    roll = of(b.events, "roll")[-1]
    assert (roll.check, roll.rule, roll.die) == ("reaction", "CS-7", 1)
    d = b.pending
    assert d is not None and (d.kind, d.side, d.options) == ("order", "red", ("r1a",))
    m.apply(cmd.Withdraw("r1a"))
    assert fatigue_of(b, "r1a").markers == 1
    d = b.pending  # one action only: back to blue's unit
    assert d is not None and (d.kind, d.options) == ("order", ("b1a",))


def test_CS_7_a_failed_reaction_check_gives_no_action(matches: list[Match], tmp_path: Path) -> None:
    m = cs_match(matches, tmp_path, [2, 5, 3] + [6] * 50)  # 3 below courage 4
    b = m.battle
    m.apply(ActivateUnit("b1a"))
    m.apply(cmd.Withdraw("b1a"))
    m.apply(ReactWith("r1a"))
    d = b.pending
    assert d is not None and (d.kind, d.options) == ("order", ("b1a",))


def test_CS_8_a_commanders_die_costs_a_cp_and_adds_a_die(matches: list[Match], tmp_path: Path) -> None:
    m = cs_match(matches, tmp_path, [2, 5, 1, 4] + [6] * 50)  # check dice 1 and 4 (courage 4)
    b = m.battle
    fatigue_of(b, "b1a").points = 2  # tired: it must pass an activation check
    before = points(b)["blue"]
    m.apply(ActivateUnit("b1a", support=True))
    assert points(b)["blue"] == before - numbers(b).cost_within - numbers(b).support_cost
    roll = of(b.events, "roll")[-1]
    assert (roll.check, roll.rule, roll.dice) == ("activation", "CS-6", (1, 4, 6))  # 2D6 + 1
    assert b.pending is not None and b.pending.kind == "order"


def test_CS_6_a_tired_unit_that_fails_its_activation_check_does_nothing(
    matches: list[Match], tmp_path: Path
) -> None:
    m = cs_match(matches, tmp_path, [2, 5, 1, 3] + [6] * 50)  # both dice under courage 4
    b = m.battle
    fatigue_of(b, "b1a").points = 1
    m.apply(ActivateUnit("b1a"))
    roll = of(b.events, "roll")[-1]
    assert (roll.check, roll.die, roll.dice) == ("activation", 0, (1, 3))
    assert b.pending is not None and (b.pending.kind, b.pending.side) == ("clash_turn", "red")
    assert fatigue_of(b, "b1a").markers == 1  # CS-DEC-4


def test_CS_6_a_fresh_unit_needs_no_check(matches: list[Match], tmp_path: Path) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [1] * 50)
    m.apply(ActivateUnit("b1a"))
    assert not [r for r in of(m.battle.events, "roll") if r.check == "activation"]
    assert m.battle.pending is not None and m.battle.pending.kind == "order"


def test_CS_4_rest_takes_a_fatigue_point_off_and_rally_dice_take_more(
    matches: list[Match], tmp_path: Path
) -> None:
    m = cs_match(matches, tmp_path, [2, 5, 4, 3] + [6] * 50)  # rally dice 4 (>= 4) and 3
    b = m.battle
    fatigue_of(b, "b1a").points = 4
    before = points(b)["blue"]
    m.apply(Rest("b1a", 2))
    assert fatigue_of(b, "b1a").points == 4 - 1 - 1
    assert fatigue_of(b, "b1a").markers == 1 and points(b)["blue"] == before - 2
    roll = of(b.events, "roll")[-1]
    assert (roll.check, roll.rule, roll.dice) == ("rally", "CS-4", (4, 3))


def test_CS_4_rally_needs_a_commander_and_the_points(matches: list[Match], tmp_path: Path) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    b = m.battle
    ev = m.apply(Rest("b1a", numbers(b).rally_points + 1))
    assert of(ev, "rejected")[0].rule == "CS-4"
    b.place(b.ids["b1"], 2.0, 20.0)
    b.place(b.ids["blue-staff"], 46.0, 20.0)
    ev = m.apply(Rest("b1a", 1))
    assert "no commander" in of(ev, "rejected")[0].reason
    ev = m.apply(ActivateUnit("b1a", support=True))
    assert of(ev, "rejected")[0].rule == "CS-8"


def test_CS_3_not_enough_points_is_refused(matches: list[Match], tmp_path: Path) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    points(m.battle)["blue"] = 0
    ev = m.apply(ActivateUnit("b1a"))
    assert of(ev, "rejected")[0].rule == "CS-3" and "has 0" in of(ev, "rejected")[0].reason


# --- fatigue -----------------------------------------------------------------------------------


def test_CS_9_CS_10_an_action_adds_its_modifier_and_the_tables(battle: Callable[..., Battle]) -> None:
    b = cs_battle(battle, [6] * 20)
    unit(b, "a1", "a", (20, 10), 90, cat="HC")  # save 4: the "4 or 5" row
    unit(b, "b1", "b", (20, 30), 270)
    gained = []
    for _ in range(3):
        b.apply(cmd.Activate("a1", leadership=False))
        b.apply(cmd.Withdraw("a1"))  # a move: no modifier of its own
        gained.append(fatigue_of(b, "a1").points)
    assert gained == [0, 0, 1]  # CS-9 open ground, 1, 2, 3 markers: 0, 0, 1


def test_CS_10_a_shot_adds_one_and_rough_ground_more(battle: Callable[..., Battle]) -> None:
    wood = [(10, 5), (30, 5), (30, 15), (10, 15)]
    b = cs_battle(battle, [1] * 20, terrain=[("wood", wood)])
    unit(b, "a1", "a", (20, 10), 90, cat="LnInf")  # save 5, in a wood: rough
    unit(b, "b1", "b", (20, 12.7), 270)
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Fire("a1", "b1"))
    assert fatigue_of(b, "a1").points == 1 + 0  # shoot +1, rough 1 marker (4 or 5): 0
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Fire("a1", "b1"))
    assert fatigue_of(b, "a1").points == 1 + 2  # +1, rough 2 markers: 1
    note = [n for n in of(b.events, "note") if n.rule == "CS-9"][-1]
    assert "rough ground, 2 markers" in note.text


def test_CS_10_a_prepare_action_never_tires(battle: Callable[..., Battle]) -> None:
    b = cs_battle(battle, [6] * 20)
    unit(b, "a1", "a", (20, 10), 90, hits=2)
    unit(b, "b1", "b", (20, 40), 270)
    fatigue_of(b, "a1").markers = 2  # the third action of the "4 or 5" row would cost 1 in the open
    b.apply(cmd.Activate("a1", leadership=False))
    events = b.apply(cmd.Rally("a1"))
    assert fatigue_of(b, "a1").points == 0 and fatigue_of(b, "a1").markers == 3
    assert [n.rule for n in of(events, "note")] == ["CS-10"]  # a Prepare action: no fatigue


def test_CS_15_fatigue_lowers_shooting_and_courage(battle: Callable[..., Battle]) -> None:
    b = cs_battle(battle, [1] * 20)
    a1 = unit(b, "a1", "a", (20, 10), 90)
    unit(b, "b1", "b", (20, 12.7), 270)
    fatigue_of(b, "a1").points = 5
    assert {m.rule: m.value for m in morale_modifiers(b, a1)}["CS-15"] == -1
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Fire("a1", "b1"))
    shot = [r for r in of(b.events, "roll") if r.check == "fire"][-1]
    assert {m.rule: m.value for m in shot.modifiers}["CS-15"] == -2
    fatigue_of(b, "a1").points = 1
    assert "CS-15" not in {m.rule for m in morale_modifiers(b, a1)}
    fatigue_of(b, "a1").points = 3  # courage 4 is now 5: one die of 2 must show 5 or 6
    assert check_chance(b, a1, 2) == 1 - Fraction(4, 6) ** 2


def test_CS_16_fatigue_above_six_is_two_wounds_a_point(battle: Callable[..., Battle]) -> None:
    b = cs_battle(battle, [6] * 20)
    a1 = unit(b, "a1", "a", (20, 10), 90)
    fatigue_of(b, "a1").points = 6
    add_fatigue(b, a1, 1, "CS-9", "test")
    assert fatigue_of(b, "a1").points == 6 and hits(b, "a1") == 2
    assert [n for n in of(b.events, "note") if n.rule == "CS-16"]
    assert status(b, "a1").destroyed  # CS-17: 6 fatigue is more than twice its last model


def test_CS_17_a_unit_whose_fatigue_passes_twice_its_models_is_removed(battle: Callable[..., Battle]) -> None:
    b = cs_battle(battle, [6] * 20)
    a1 = unit(b, "a1", "a", (20, 10), 90, hits=1)  # two models left: removed above 4
    add_fatigue(b, a1, 4, "CS-9", "test")
    assert status(b, "a1").in_play
    add_fatigue(b, a1, 1, "CS-9", "test")
    assert status(b, "a1").destroyed and [n for n in of(b.events, "note") if n.rule == "CS-17"]


# --- players -----------------------------------------------------------------------------------


class Sees:
    """A judge that values every unit's best order at a fixed worth."""

    def __init__(self, worth: float) -> None:
        self.worth = worth

    def best(self, b: Battle, e: int) -> tuple[float, cmd.Command] | None:
        return self.worth, cmd.Withdraw(b.name(e))


def test_the_ai_activates_what_is_worth_it_and_otherwise_rests_the_tired(
    matches: list[Match], tmp_path: Path
) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    b = m.battle
    d = b.pending
    assert d is not None
    assert isinstance(turn_ai(b, d, Sees(1.0)), ActivateUnit)
    fatigue_of(b, "b2b").points = 3
    assert turn_ai(b, d, Sees(0.0)) == Rest("b2b", 2)  # a commander near: he rallies it
    fatigue_of(b, "b2b").points = 0
    assert turn_ai(b, d, Sees(0.0)) == cmd.Pass()


def test_the_panel_offers_each_units_choices_with_their_odds(matches: list[Match], tmp_path: Path) -> None:
    m = cs_match(matches, tmp_path, [2, 5] + [6] * 50)
    b = m.battle
    d = b.pending
    assert d is not None
    fatigue_of(b, "b1a").points = 1
    choices = turn_unit_choices(b, d, "b1a")
    answers = [c.answer for c in choices]
    assert answers[:2] == [ActivateUnit("b1a"), ActivateUnit("b1a", True)]
    assert choices[0].odds == f"{float(1 - Fraction(1, 2) ** 2):.0%}"  # courage 4: 1 - (3/6)^2
    assert Rest("b1a") in answers and Rest("b1a", 2) in answers
    react = reaction_unit_choices(b, Decision("clash_reaction", "red", "b1a", ("r1a",)), "r1a")
    assert [c.odds for c in react] == ["50%", "75%"]


# --- the module as a whole ---------------------------------------------------------------------


def test_clash_command_and_warhammer_charges_are_refused_together() -> None:
    with pytest.raises(UserError) as e:
        compose("for-glory", [CS, "warhammer-charges"])
    assert "warhammer-charges" in str(e.value) and CS in str(e.value) and "activation" in str(e.value)


def test_modules_json_lists_clash_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["modules", "--json"]) == 0
    listed = {m["id"]: m for m in json.loads(capsys.readouterr().out)["modules"]}
    assert set(listed[CS]["decisions"]) == {"clash_turn", "clash_reaction", "clash_morale_support"}
    assert "round" in listed[CS]["hooks"]


@pytest.mark.parametrize("seed", [1, 4])
def test_whole_battles_play_to_an_end(seed: int, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Seed 1 also shows CS-12 and CS-13 in play: units hit by fire check morale, and a commander spends
    a command point on a die more, the worst dropped (scripted battles have no command points)."""
    events = tmp_path / "events.jsonl"
    argv = ["simulate", "--seed", str(seed), "--module", CS, "--a", "heuristic", "--b", "heuristic", "--json"]
    assert main([*argv, "--events", str(events)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"] >= 1 and out["end_reason"] != ""
    if seed == 1:
        lines = [json.loads(line) for line in events.read_text().splitlines()]
        supported = [e for e in lines if e.get("details", {}).get("say") == "cs_morale_support"]
        checks = [e for e in lines if e["kind"] == "roll" and e.get("purpose") == "hit by fire"]
        assert supported and any("the worst dropped" in c["outcome"] for c in checks)
        assert {e["unit"] for e in supported} <= {e["unit"] for e in checks}


# --- morale after fire (CS-12) and the commander's die (CS-13) --------------------------------------


def volley(b: Battle, answers: list[cmd.Command] | None = None) -> list:
    """a1 shoots at b1 2" away (For Glory's fire, XS); the decisions after it answered in turn."""
    b.apply(cmd.Activate("a1", leadership=False))
    events = b.apply(cmd.Fire("a1", "b1"))
    queue = list(answers or [])
    while b.pending is not None:
        events += b.apply(queue.pop(0) if queue else cmd.Pass())
    return events


def shooters(battle: Callable[..., Battle], dice: list[int]) -> Battle:
    b = cs_battle(battle, dice)
    unit(b, "a1", "a", (30, 10), 90)
    unit(b, "b1", "b", (30, 13.2), 270)
    return b


def test_CS_12_a_unit_hit_by_fire_checks_morale(battle: Callable[..., Battle]) -> None:
    """CS-12: a unit that receives hits checks morale, those of fire included: one die and one per
    wound (For Glory's fire has no saves), each below its Courage (regular 4) a fatigue point (CS-13);
    a shot that misses calls for none."""
    b = shooters(battle, [6, 1, 2])
    events = volley(b)
    assert hits(b, "b1") == 1
    (check,) = [r for r in of(events, "roll") if r.check == "morale" and r.rule == "CS-13"]
    assert (check.unit, check.dice, check.purpose, check.total) == ("b1", (1, 2), "hit by fire", 2)
    assert fatigue_of(b, "b1").points == 2 and fatigue_of(b, "b1").paralysed  # CS-14: two from one check
    missed = shooters(battle, [1])
    assert not [r for r in of(volley(missed), "roll") if r.rule == "CS-13"]
    level = shooters(battle, [6, 4, 4])  # a die equal to Courage is no failure (below it is)
    (held,) = [r for r in of(volley(level), "roll") if r.rule == "CS-13"]
    assert held.total == 0 and fatigue_of(level, "b1").points == 0


def test_CS_13_CS_DEC_18_a_commander_spends_a_point_for_a_die_more_and_the_worst_is_dropped(
    battle: Callable[..., Battle],
) -> None:
    """CS-13: a commander within Command Distance may spend 1 CP to add a die to the check, then the
    worst result is dropped: 1, 2 and 5 keep 2 and 5, one fatigue point (no paralysis). Without
    points, or declined, the unit checks alone."""
    from systems.clash.command_records import ClashRound
    from systems.clash.morale import SupportCheck

    b = shooters(battle, [6, 1, 2, 5])
    b.module_state[CS] = ClashRound({"a": 3, "b": 3})
    events = volley(b, [SupportCheck("b1")])
    (check,) = [r for r in of(events, "roll") if r.rule == "CS-13"]
    assert check.dice == (1, 2, 5) and check.total == 1 and "the worst dropped" in check.outcome
    assert points(b)["b"] == 2 and fatigue_of(b, "b1").points == 1 and not fatigue_of(b, "b1").paralysed
    declined = shooters(battle, [6, 1, 2])
    declined.module_state[CS] = ClashRound({"a": 3, "b": 3})
    (alone,) = [r for r in of(volley(declined), "roll") if r.rule == "CS-13"]
    assert alone.dice == (1, 2) and points(declined)["b"] == 3


def test_CS_13_the_chances_and_the_ai(battle: Callable[..., Battle]) -> None:
    """The paralysis chance is exact (two dice at Courage 4: 1/4; a die more, the worst dropped: 1/8)
    and the AI pays for a die that takes a tenth or more off it."""
    from systems.clash.command_players import support_ai, support_choices
    from systems.clash.command_records import ClashRound
    from systems.clash.morale import SupportCheck, paralysis_chance

    b = shooters(battle, [6])
    e = b.ids["b1"]
    assert paralysis_chance(b, e, 2, False) == Fraction(1, 4)
    assert paralysis_chance(b, e, 2, True) == Fraction(1, 8)
    b.module_state[CS] = ClashRound({"a": 3, "b": 3})
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Fire("a1", "b1"))
    d = b.pending
    assert d is not None and d.kind == "clash_morale_support"
    assert support_ai(b, d) == SupportCheck("b1")
    assert [c.odds for c in support_choices(b, d)] == ["12%", "25%"]


def test_CS_12_CS_14_the_modules_scripted_battle_shakes_a_line_by_fire() -> None:
    """clash-command's volley-shakes-the-line.toml: a volley's hit calls for a morale check of two dice
    (CS-12, CS-13), two below Courage: two fatigue points, and the unit is paralysed (CS-14)."""
    from game.running.script import run

    out = run(
        Path(__file__).resolve().parents[2]
        / "content/modules/clash-command/scripts/volley-shakes-the-line.toml"
    )
    (check,) = [e for e in out["events"] if e["kind"] == "roll" and e["rule"] == "CS-13"]
    assert (check["unit"], check["dice"], check["total"]) == ("shaken", [2, 1], 2)
    assert [e["rule"] for e in out["events"] if e["kind"] == "note"][-1] == "CS-14"


# --- scripted battles with command points (CS-DEC-18) ------------------------------------------------

SCRIPTS = Path(__file__).resolve().parents[2] / "content/modules/clash-command/scripts"


def test_CS_13_CS_DEC_18_the_modules_scripted_battle_shows_the_commanders_die() -> None:
    """the-commanders-die.toml: with `command_points`, the hit unit's commander spends 1 CP (CS-13's note,
    2 left) for a die more: 1, 2 and 5, the worst dropped, one below Courage, so one fatigue point and no
    paralysis, where the same 1 and 2 alone paralyse (volley-shakes-the-line.toml)."""
    from game.running.script import run

    events = run(SCRIPTS / "the-commanders-die.toml")["events"]
    (spent,) = [e for e in events if e["kind"] == "note" and e["details"].get("say") == "cs_morale_support"]
    assert (spent["unit"], spent["details"]["side"], spent["details"]["points"]) == ("steadied", "b", 2)
    (check,) = [e for e in events if e["kind"] == "roll" and e["rule"] == "CS-13"]
    assert (check["unit"], check["dice"], check["total"]) == ("steadied", [1, 2, 5], 1)
    assert "the worst dropped" in check["outcome"]
    assert not [e for e in events if e.get("rule") == "CS-14"]
    assert events.index(spent) < events.index(check)


def test_CS_14_CS_DEC_17_the_modules_scripted_battle_a_paralysed_unit_sits_out_one_reaction(
    tmp_path: Path,
) -> None:
    """paralysed-sits-out.toml: paralysed by fire while its side is reactive (CS-14), "shaken" is not
    offered in the reaction window before the shooter's 2nd action (named, it is refused: only "reserve"
    may react, CS-7), and the flag is lifted there: before the 3rd it reacts, 1 CP, and its check fails."""
    from game.running.script import run

    out = run(SCRIPTS / "paralysed-sits-out.toml")
    events = out["events"]
    assert [e["step"] for e in events if e.get("rule") == "CS-14"] == [0]
    (refused,) = [e for e in events if e["kind"] == "rejected"]
    assert (refused["step"], refused["rule"]) == (1, "CS-7")
    assert "reserve" in refused["reason"] and "shaken" not in refused["reason"]
    assert not [e for e in events if e["step"] == 1 and e.get("unit") == "shaken"]
    reacts = [e for e in events if e["kind"] == "note" and e.get("rule") == "CS-7" and e["step"] == 2]
    assert reacts[0]["unit"] == "shaken" and reacts[0]["details"]["points"] == 2
    (check,) = [e for e in events if e["kind"] == "roll" and e.get("rule") == "CS-7"]
    assert (check["step"], check["unit"], check["total"]) == (2, "shaken", 0) and out["dice_used"] == 4
    assert [e["step"] for e in events if e["kind"] == "moved" and e["unit"] == "volley"] == [1, 2]
    passed = tmp_path / "passed.toml"  # a reaction check that passes: the script gives it no action
    text = (SCRIPTS / "paralysed-sits-out.toml").read_text()
    passed.write_text(text.replace("[6, 1, 2, 2]", "[6, 1, 2, 5]"))
    again = run(passed)["events"]
    assert [e["outcome"] for e in again if e["kind"] == "roll" and e.get("rule") == "CS-7"] == [
        "1 at 4+ (courage 4+): passes"
    ]
    assert [e["kind"] for e in again if e["step"] == 2 and e.get("unit") == "shaken"] == ["note", "roll"]


def test_CS_DEC_18_a_scripts_command_points_only_with_a_module_that_has_them(tmp_path: Path) -> None:
    """`command_points` is checked as every key: a side of the script, 0 to 99, and only with a module
    whose rules give command points; without the key a script has none and never asks (CS-DEC-18)."""
    from game.model.errors import ContentError
    from game.running.script import run

    text = (SCRIPTS / "the-commanders-die.toml").read_text()
    cases = {
        "command_points = { a = 3, c = 3 }": "command_points.c: unknown side",
        "command_points = { a = 100 }": "command_points.a: expected an integer at least 0 and at most 99",
        "command_points = 3": "command_points: expected a table",
    }
    for line, problem in cases.items():
        bad = tmp_path / "bad.toml"
        bad.write_text(text.replace("command_points = { a = 3, b = 3 }", line))
        with pytest.raises(ContentError, match=problem):
            run(bad)
    bad.write_text(text.replace('modules = ["clash-command"]\n', "").replace("decisions = {", "# {"))
    with pytest.raises(ContentError, match="command_points: For Glory has no command points"):
        run(bad)
    alone = tmp_path / "alone.toml"
    alone.write_text(text.replace("command_points = { a = 3, b = 3 }\n", "").replace("6, 1, 2, 5", "6, 1, 2"))
    events = run(alone)["events"]
    assert not [e for e in events if e.get("details", {}).get("say") == "cs_morale_support"]
    (check,) = [e for e in events if e["kind"] == "roll" and e.get("rule") == "CS-13"]
    assert check["dice"] == [1, 2] and [e.get("rule") for e in events][-1] == "CS-14"

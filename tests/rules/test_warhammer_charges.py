"""Module warhammer-charges (systems/warhammer/charges.py, rally.py, charges_module.py; decisions in
docs/warhammer-decisions.md): a charged unit holds, stands and shoots, or flees before the charger moves."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from game.cli.entry import main
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.running.audit import rules_of
from systems.for_glory.measure import gap
from systems.warhammer.charges import (
    Charged,
    ChargeReaction,
    Fled,
    KeepFleeing,
    RallyFacing,
    Redirect,
    choices,
    choose,
    escape_chance,
    flee_dice,
    numbers,
    redirect_choices,
)
from systems.warhammer.rally import rally_chance, rally_facing_choice, rally_facing_choices
from tests.helpers import modded_stack, module_mod, of, officer, pos, rules, status, unit

WM = "warhammer-charges"


def wm_battle(
    battle: Callable[..., Battle], gap_y: float, dice: list[int] | None = None, **kw: object
) -> Battle:
    """Hussars a1 (side a) facing b1's front; the bases' near edges `gap_y` - 2.4" apart."""
    b = battle(
        dice=dice, seed=None if dice is not None else 1, stack=rule_stack(rules(), [WM], "tests"), **kw
    )
    unit(b, "a1", "a", (30, 10), 90, cat="HC")
    unit(b, "b1", "b", (30, 10 + gap_y), 270)
    return b


def charge_and_wait(b: Battle) -> None:
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Charge("a1", "b1"))
    assert b.pending is not None and b.pending.kind == "charge_reaction"


def test_WM_5_the_charged_unit_answers_before_the_charger_moves(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 4.0)  # 2.8" apart: half the hussars' 6" or less
    charge_and_wait(b)
    d = b.pending
    assert d is not None and (d.side, d.unit, d.options) == ("b", "b1", ("hold", "flee"))
    assert d.payload == Charged("a1") and pos(b, "a1") == (30, 10)  # nothing has moved yet


def test_WM_5_a_unit_in_close_combat_may_only_hold(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 5.5)
    unit(b, "a2", "a", (32.0, 16.7), 270)  # touching b1's flank side
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Charge("a1", "b1"))
    assert b.pending is not None and b.pending.options == ("hold",)
    (refused,) = b.apply(ChargeReaction("b1", "flee"))
    assert refused.rule == "WM-5" and "close combat" in refused.reason and b.pending.kind == "charge_reaction"


def test_WM_8_WM_DEC_29_hold_takes_the_for_glory_charge(battle: Callable[..., Battle]) -> None:
    """WM-8: a unit that holds stays where it is and receives the charge: For Glory's charge follows,
    and For Glory's reaction windows of that charge no longer offer it a reaction (WM-DEC-29): it was
    offered one twice, a volley that WM-6's distance had refused."""
    b = wm_battle(battle, 4.0)
    charge_and_wait(b)
    events = b.apply(ChargeReaction("b1", "hold"))
    assert status(b, "b1").reacted
    asked = []
    while b.pending is not None:
        asked.append(b.pending.options)
        events += b.apply(cmd.Pass())
    assert not any("b1" in options for options in asked)
    assert of(events, "contact") and of(events, "melee")  # For Glory's contact and melee follow


@pytest.mark.parametrize(("start", "allowed"), [(25.0, True), (20.0, False), (15.0, False)])
def test_WM_7_WM_DEC_2_the_worked_example_at_for_glorys_charge_reach(
    battle: Callable[..., Battle], start: float, allowed: bool
) -> None:
    """WM-7's example: mounted scouts (M 20 cm) charge 40 cm, twice their move; the Thunderers may stand
    and shoot at 25 cm (more than half, 20 cm), not at 15 cm, nor at exactly 20. For Glory's light
    cavalry (L = 8" = 20 cm) charges its move, not twice it (FG-CHG): WM-DEC-2 keeps WM-7's proportion,
    half the charge the charger can really make, so the same fractions of its reach give the same
    answers (25/40 of 8" = 5": yes; 20/40 = 4": no, strictly; 15/40 = 3": no)."""
    b = battle(seed=1, stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "a1", "a", (30, 10), 90, cat="LC")
    gap_inches = start / 40.0 * 8.0
    unit(b, "b1", "b", (30, 10 + 1.2 + gap_inches), 270)  # 1.2": the two bases' half depths
    assert abs(gap(b, b.ids["a1"], b.ids["b1"]) - gap_inches) < 1e-9
    charge_and_wait(b)
    assert ("stand_and_shoot" in b.pending.options) is allowed  # type: ignore[union-attr]


@pytest.mark.parametrize(("gap_y", "allowed"), [(5.5, True), (4.2, False)])
def test_WM_6_WM_7_stand_and_shoot_only_beyond_half_the_charge_distance(
    battle: Callable[..., Battle], gap_y: float, allowed: bool
) -> None:
    """WM-7: hussars charge 6"; 4.3" away is more than half (3"), 3.0" is not (WM-DEC-2: no FG range)."""
    b = wm_battle(battle, gap_y)
    charge_and_wait(b)
    assert ("stand_and_shoot" in b.pending.options) is allowed  # type: ignore[union-attr]
    events = b.apply(ChargeReaction("b1", "stand_and_shoot"))
    if not allowed:
        (refused,) = events
        assert refused.rule == "WM-6" and b.pending is not None  # asked again
        return
    shot = [r for r in of(events, "roll") if r.check == "fire"]
    assert [(r.unit, r.target) for r in shot] == [("b1", "a1")]  # line infantry's XS range ignored
    reaction_line = rules().modifiers.combat["reaction"]
    assert any(m.rule == reaction_line.rule and m.label == reaction_line.label for m in shot[0].modifiers)
    assert status(b, "b1").reacted  # WM-DEC-2: its reaction to this charge


def test_WM_9_WM_20_flee_turns_away_and_runs_5d6_cm_and_the_charge_fails(
    battle: Callable[..., Battle],
) -> None:
    """WM-9: the unit turns its back and flees 5D6 cm; WM-20 (WM-DEC-5): the charger cannot reach it."""
    b = wm_battle(battle, 4.0, dice=[6, 6, 6, 6, 6])  # 30 cm = 12"
    charge_and_wait(b)
    events = b.apply(ChargeReaction("b1", "flee"))
    (roll,) = of(events, "roll")
    assert (roll.check, roll.dice, roll.read, roll.total, roll.rule) == (
        "flee",
        (6, 6, 6, 6, 6),
        "sum",
        30,
        "WM-9",
    )
    (moved,) = [m for m in of(events, "moved") if m.unit == "b1"]
    assert moved.how == "flee" and moved.distance == pytest.approx(12.0) and moved.facing == 90
    assert pos(b, "b1") == (30, 26)
    # WM-DEC-5: the hussars cannot reach it now: the charge fails, they stay, their order is spent
    assert [n.rule for n in of(events, "note")] == ["WM-5", "WM-DEC-5"]
    assert pos(b, "a1") == (30, 10) and status(b, "a1").ordered and b.pending is None


def test_WM_DEC_5_the_failed_charge_is_told_with_its_reason_in_the_log_s_language(
    battle: Callable[..., Battle],
) -> None:
    """WM-DEC-5: the note of a charge that fails says why in Spanish too (the refusal it records is the
    English of reasons.toml, read back as the other refusals are)."""
    from game.running.log_texts import texts_for
    from game.running.narrate import narrate

    b = wm_battle(battle, 4.0, dice=[6, 6, 6, 6, 6])  # flees 12": out of the hussars' reach
    charge_and_wait(b)
    (note,) = [n for n in of(b.apply(ChargeReaction("b1", "flee")), "note") if n.rule == "WM-DEC-5"]
    english = narrate([note.to_dict()], texts_for("en", [WM]))[0].text
    spanish = narrate([note.to_dict()], texts_for("es", [WM]))[0].text
    assert english == f"a1: the charge fails (WM-DEC-5): {note.details['reason']}"
    assert spanish.startswith("a1: la carga fracasa (WM-DEC-5): ") and "charge" not in spanish
    assert spanish.removeprefix("a1: la carga fracasa (WM-DEC-5): ") != note.details["reason"]


def test_WM_DEC_4_a_caught_fugitive_is_destroyed(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 4.0, dice=[1, 1, 1, 1, 1])  # 5 cm = 2": 4.8" away, within the hussars' 6"
    charge_and_wait(b)
    events = b.apply(ChargeReaction("b1", "flee"))
    (destroyed,) = of(events, "destroyed")
    assert (destroyed.unit, destroyed.rule, destroyed.by) == ("b1", "WM-DEC-4", "a1")
    assert not status(b, "b1").in_play and pos(b, "a1") != (30, 10)


def test_WM_9_WM_DEC_1_flee_dice_by_speed(battle: Callable[..., Battle]) -> None:
    """Line infantry (10 cm) and heavy cavalry (15 cm) flee 5D6 cm; light cavalry (20 cm) 8D6."""
    b = wm_battle(battle, 4.0)
    unit(b, "c1", "b", (50, 30), 270, cat="LC")
    assert [flee_dice(b, b.ids[n]) for n in ("b1", "a1", "c1")] == [5, 5, 8]
    assert numbers(b).inches_per_cm == 0.4


def test_the_escape_chance_is_exact(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 4.0)  # 2.8" apart, the hussars reach 6": the fugitive needs more than 3.2" (8 cm)
    every = list(itertools.product(range(1, 7), repeat=5))
    brute = Fraction(sum(1 for roll in every if sum(roll) * 0.4 > 3.2), len(every))
    assert escape_chance(b, b.ids["a1"], b.ids["b1"]) == brute


def test_the_ai_answers_by_the_odds_and_the_client_shows_them(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 4.0)
    charge_and_wait(b)
    d = b.pending
    assert d is not None
    shown = {c.label: c for c in choices(b, d)}
    assert set(shown) == {"Hold", "Flee"}
    escape = escape_chance(b, b.ids["a1"], b.ids["b1"])
    assert shown["Flee"].odds == f"escapes {float(escape):.0%}" and "WM-9" in shown["Flee"].hint
    assert shown["Hold"].odds.startswith("holds its ground ") and shown["Hold"].odds.endswith("%")
    answer = choose(b, d)
    assert isinstance(answer, ChargeReaction) and answer.reaction == "flee"  # it escapes 99% of the time


def test_a_mod_changes_the_flight(battle: Callable[..., Battle], tmp_path: Path) -> None:
    stack = modded_stack(module_mod(tmp_path, WM, "charges", "flee_dice_slow = 3\n", switch_on=True), [])
    assert stack.ids == (WM,) and stack.numbers(WM, "charges").flee_dice_slow == 3


def test_whole_battles_play_to_an_end_with_the_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = set()
    for seed in (2, 5, 20):
        events = tmp_path / f"{seed}.jsonl"
        assert main(["simulate", "--module", WM, "--seed", str(seed), "--json", "--events", str(events)]) == 0
        result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert result["end_reason"] and result["winner"] in ("fr", "es", None)
        for line in events.read_text().splitlines():
            e = json.loads(line)
            if e.get("rule") == "WM-5" and e["kind"] == "note":
                answers.add(e["text"].rsplit(": ", 1)[1])
    assert answers == {"Hold", "Flee", "Stand and shoot"}  # the AI chooses by the odds: each in some


def test_modules_json_lists_warhammer_charges(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["modules", "--json"]) == 0
    listed = {m["id"]: m for m in json.loads(capsys.readouterr().out)["modules"]}
    assert listed[WM]["hooks"] == ["activation", "charge", "may_move"] and listed[WM]["prefix"] == "WM-"
    assert listed[WM]["decisions"] == ["rally", "rally_facing", "redirect", "charge_reaction"]


def test_WM_21_a_charge_whose_target_fled_may_turn_on_the_nearest_enemy_once(
    battle: Callable[..., Battle],
) -> None:
    b = wm_battle(battle, 4.0, dice=[6] * 10)  # b1 and then b2 flee 30 cm (12") each
    unit(b, "b2", "b", (30, 17), 270, division="b-div")  # behind b1: in reach once b1 has gone
    charge_and_wait(b)
    b.apply(ChargeReaction("b1", "flee"))
    d = b.pending
    assert d is not None and (d.kind, d.side, d.unit, d.options) == ("redirect", "a", "a1", ("b2",))
    shown = {c.label: c for c in redirect_choices(b, d)}
    assert set(shown) == {"Charge b2", "Stop"} and shown["Stop"].answer == cmd.Pass()
    events = b.apply(Redirect("a1"))
    assert [n.rule for n in of(events, "note")] == ["WM-21"]
    assert b.pending is not None and (b.pending.kind, b.pending.unit) == (
        "charge_reaction",
        "b2",
    )  # it answers too
    events = b.apply(ChargeReaction("b2", "flee"))
    assert [n.rule for n in of(events, "note")] == ["WM-5", "WM-DEC-5"]  # no second redirect (WM-21)
    assert b.pending is None and pos(b, "a1") == (30, 10)


def test_WM_21_the_charger_may_choose_not_to_charge(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 4.0, dice=[6] * 5)
    unit(b, "b2", "b", (30, 17), 270, division="b-div")
    charge_and_wait(b)
    b.apply(ChargeReaction("b1", "flee"))
    events = b.apply(cmd.Pass())
    assert [n.rule for n in of(events, "note")] == ["WM-DEC-5"] and b.pending is None


def fled(b: Battle, name: str) -> None:
    b.comp(b.ids[name], Fled).fled = True


def test_WM_10_WM_12_a_fled_unit_that_rallies_does_nothing_else(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 8.0, dice=[3, 4])  # 7: at or under a regular unit's Leadership 7 (WM-DEC-7)
    fled(b, "b1")
    b.apply(cmd.Activate("b1", leadership=False))
    assert b.pending is not None and (b.pending.kind, b.pending.unit) == ("rally", "b1")
    events = b.apply(cmd.Pass())  # test to rally
    (roll,) = of(events, "roll")
    assert (roll.check, roll.dice, roll.rule) == ("rally", (3, 4), "WM-10") and roll.outcome.startswith(
        "rallies"
    )
    assert not b.comp(b.ids["b1"], Fled).fled
    assert b.pending is not None and b.pending.kind == "rally_facing"
    b.apply(cmd.Pass())  # it keeps its facing (WM-12)
    (refused,) = b.apply(cmd.Withdraw("b1"))
    assert refused.rule == "FG-ORD-2"  # WM-12: nothing else this activation


def test_WM_12_WM_DEC_19_a_rallied_unit_takes_any_facing(battle: Callable[..., Battle]) -> None:
    """WM-12: rallied, a unit may take any facing: it turns in place about its centre, and the move
    names the rule; a way its base cannot turn to is refused and asked again."""
    b = wm_battle(battle, 8.0, dice=[3, 4])
    fled(b, "b1")
    b.place(b.ids["b1"], 30, 18, 90)  # it fled: its back to a1
    b.apply(cmd.Activate("b1", leadership=False))
    b.apply(cmd.Pass())
    assert b.pending is not None and b.pending.kind == "rally_facing"
    (refused,) = b.apply(RallyFacing("b1", "north-ish"))
    assert refused.rule == "WM-12" and b.pending is not None and b.pending.kind == "rally_facing"
    events = b.apply(RallyFacing("b1", "enemy"))
    (moved,) = of(events, "moved")
    assert moved.how == "rally" and moved.rules == ("WM-12",) and moved.distance == 0
    assert pos(b, "b1") == (30, 18) and round(b.pose(b.ids["b1"]).facing) == 270  # facing a1
    assert "WM-12" in rules_of(moved.to_dict()) and b.pending is None


def test_WM_12_the_ai_faces_the_nearest_enemy_and_offers_every_way(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 8.0, dice=[3, 4])
    fled(b, "b1")
    b.place(b.ids["b1"], 30, 18, 90)
    b.apply(cmd.Activate("b1", leadership=False))
    b.apply(cmd.Pass())
    d = b.pending
    assert d is not None
    assert rally_facing_choice(b, d) == RallyFacing("b1", "enemy")
    labels = [(c.key, c.odds) for c in rally_facing_choices(b, d)]
    assert labels == [("wm_face_enemy", "270"), ("wm_face_about", "270"), ("wm_face_keep", "")]


def test_WM_10_WM_15_a_unit_that_fails_flees_again(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 8.0, dice=[6, 5, 1, 1, 1, 1, 1])  # 11 > 7, then 5D6 cm away from a1
    fled(b, "b1")
    b.apply(cmd.Activate("b1", leadership=False))
    events = b.apply(cmd.Pass())
    rally, run = of(events, "roll")
    assert rally.outcome.startswith("flees on") and (run.check, run.rule) == ("flee", "WM-15")
    assert b.comp(b.ids["b1"], Fled).fled and pos(b, "b1") == (30, 20)  # 5 cm = 2" further from a1


def test_WM_10_the_general_within_30_cm_lends_his_leadership(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 8.0, dice=[4, 4])  # 8: over 7, under the General's 9
    officer(b, "b-staff", "b", (30, 26), role="staff")  # within 12" (30 cm)
    fled(b, "b1")
    b.apply(cmd.Activate("b1", leadership=False))
    (roll,) = of(b.apply(cmd.Pass()), "roll")
    assert roll.outcome == "rallies: 8 against the General's Leadership (WM-10) 9"
    assert rally_chance(b, b.ids["b1"]) == Fraction(30, 36)  # 2D6 at or under 9


def test_WM_11_the_rally_example_at_for_glorys_leadership(battle: Callable[..., Battle]) -> None:
    """WM-11, whose image is missing: "the Arquebusiers flee because their result, 10, is higher than
    their Leadership; the other units rally, because their result is lower than their modified
    Leadership". At For Glory's (WM-DEC-7): b1, regulars (7) beyond 12" of the General, rolls 10 and
    flees on (WM-15); b2, regulars too, rolls 8, over its own 7 but under the General's 9 (within 12"),
    and rallies."""
    b = wm_battle(battle, 8.0, dice=[6, 4, 1, 1, 1, 1, 1, 4, 4])  # b1's 2D6, its 5D6 cm, b2's 2D6
    unit(b, "b2", "b", (36, 22), 270)  # b1's division, within L of its officer
    officer(b, "b-staff", "b", (46, 24), role="staff")  # 9" from b2's base, 15" from b1's
    fled(b, "b1")
    fled(b, "b2")
    b.apply(cmd.Activate("b1", leadership=False))
    assert b.pending is not None and (b.pending.kind, b.pending.unit) == ("rally", "b1")
    events = b.apply(cmd.Pass())  # b1 tests
    assert b.pending is not None and (b.pending.kind, b.pending.unit) == ("rally", "b2")
    events += b.apply(cmd.Pass())  # b2 tests
    events += b.apply(cmd.Pass())  # b2 keeps its facing (WM-12)
    rolls = [(r.unit, r.check, r.rule, r.outcome) for r in of(events, "roll")]
    assert rolls == [
        ("b1", "rally", "WM-10", "flees on: 10 against its Leadership (WM-DEC-7) 7"),
        ("b1", "flee", "WM-15", '2.0" (5 cm)'),
        ("b2", "rally", "WM-10", "rallies: 8 against the General's Leadership (WM-10) 9"),
    ]
    assert b.comp(b.ids["b1"], Fled).fled and pos(b, "b1") == (30, 20)  # it ran on, away from a1
    assert not b.comp(b.ids["b2"], Fled).fled and pos(b, "b2") == (36, 22)


def test_WM_22_WM_DEC_23_after_a_charge_the_formations_other_units_take_their_orders(
    battle: Callable[..., Battle],
) -> None:
    """WM-22, the fifth step: after the charges the rest move. For Glory has no movement phase
    (WM-DEC-23): in the activation in which the hussars charged, the formation's line infantry still
    moves and fires (FG-ORD-7), For Glory's orders unchanged."""
    b = wm_battle(battle, 4.0, dice=[3, 3, 4])  # the melee's two dice (a draw), then a2's shot
    unit(b, "a2", "a", (36, 10), 90)  # a1's division
    unit(b, "b2", "b", (36, 14), 270, division="b-div")
    charge_and_wait(b)
    formation = b.activation.formation.key  # type: ignore[union-attr]
    events = b.apply(ChargeReaction("b1", "hold"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    assert of(events, "melee") and status(b, "a1").ordered
    events = b.apply(cmd.Move("a2", (36, 11.5), fire="b2"))
    while b.pending is not None:
        assert b.pending.kind == "reaction"
        events += b.apply(cmd.Pass())
    (moved,) = of(events, "moved")
    (shot,) = of(events, "roll")
    assert (moved.unit, moved.how, pos(b, "a2")) == ("a2", "move", (36, 11.5))
    assert (shot.check, shot.unit, shot.target) == ("fire", "a2", "b2") and not of(events, "rejected")
    assert b.activation is not None and b.activation.formation.key == formation and status(b, "a2").ordered


def test_WM_10_a_units_own_rally_chance_is_exact(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 8.0)
    assert rally_chance(b, b.ids["b1"]) == Fraction(21, 36)  # 2D6 at or under 7


def test_WM_4_a_charge_needs_the_target_in_sight(battle: Callable[..., Battle]) -> None:
    """WM-4: a charge may be declared only on a unit the charger sees (For Glory's vision area)."""
    b = wm_battle(battle, 4.0)
    unit(b, "b2", "b", (40, 14), 270, division="b-div")  # beside, out of the hussars' vision
    b.apply(cmd.Activate("a1", leadership=False))
    (refused,) = b.apply(cmd.Charge("a1", "b2"))
    assert refused.rule == "FG-CHG-2" and b.pending is None  # no answer is asked for an illegal charge


def test_WM_17_WM_18_the_charger_turns_once_at_the_start_and_ends_flush(
    battle: Callable[..., Battle],
) -> None:
    b = battle(seed=3, stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "a1", "a", (30, 10), 60, cat="HC")  # turned 30 degrees away from square
    unit(b, "b1", "b", (31, 14.5), 270)
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Charge("a1", "b1"))
    events = b.apply(ChargeReaction("b1", "hold"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    charge_moves = [m for m in of(events, "moved") if m.unit == "a1" and m.how == "charge"]
    assert charge_moves and {m.facing for m in charge_moves} == {90}  # one turn, at the start (WM-17)
    (contact,) = of(events, "contact")
    assert contact.sector == "front" and b.pose(b.ids["a1"]).facing == 90  # squarely in contact (WM-18)


def test_WM_14_a_fled_unit_may_flee_on_instead(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 8.0, dice=[1, 1, 1, 1, 1])
    fled(b, "b1")
    b.apply(cmd.Activate("b1", leadership=False))
    events = b.apply(KeepFleeing("b1"))
    assert [r.check for r in of(events, "roll")] == ["flee"]  # no rally test
    assert [n.rule for n in of(events, "note")] == ["WM-14"] and pos(b, "b1") == (30, 20)


def test_WM_13_fast_cavalry_rallies_and_may_still_move(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 8.0, dice=[1, 1])
    unit(b, "c1", "b", (50, 30), 270, cat="LC", division="b-div")
    fled(b, "c1")
    b.apply(cmd.Activate("c1", leadership=False))
    b.apply(cmd.Pass())
    events = b.apply(cmd.Pass())  # rallied, it keeps its facing (WM-12)
    assert [n.rule for n in of(events, "note")] == ["WM-13"]
    assert not status(b, "c1").ordered and b.pending is None  # its order is still to come


def test_WM_1_rallying_comes_before_the_formations_orders(battle: Callable[..., Battle]) -> None:
    """WM-1: the rally step comes before the moves: no order is taken until the fled unit has tested."""
    b = wm_battle(battle, 8.0, dice=[3, 3])
    unit(b, "b2", "b", (33, 18), 270)  # the same division as b1, within L of its officer
    fled(b, "b1")
    b.apply(cmd.Activate("b2", leadership=False))
    (refused,) = b.apply(cmd.Withdraw("b2"))
    assert refused.rule == "FG-ACT-6" and b.pending is not None and b.pending.kind == "rally"


def test_WM_2_charging_is_never_compulsory(battle: Callable[..., Battle]) -> None:
    """WM-2: a unit that could charge may do anything else."""
    b = wm_battle(battle, 4.0)
    b.apply(cmd.Activate("a1", leadership=False))
    events = b.apply(cmd.Move("a1", (27, 10)))  # the charge was possible; it moves away instead
    while b.pending is not None:
        assert b.pending.kind == "reaction"  # For Glory's reactions to the move, no charge reaction
        events += b.apply(cmd.Pass())
    assert not of(events, "rejected") and pos(b, "a1") == (27, 10)


def test_WM_16_a_charge_meets_the_side_where_the_charger_mostly_is(battle: Callable[..., Battle]) -> None:
    """For Glory decides the side by the charger's centre where it makes contact (AMB-59): the side
    where more of the charging unit is, as WM-16 says for unclear cases."""
    b = battle(seed=2, stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "a1", "a", (26.5, 15.5), 0, cat="HC")  # off b1's side (b1 faces down the table)
    unit(b, "b1", "b", (30, 15), 270)
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Charge("a1", "b1"))
    events = b.apply(ChargeReaction("b1", "hold"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    (contact,) = of(events, "contact")
    assert contact.sector in ("left", "right")


MODULE_SCRIPTS = Path(__file__).resolve().parents[2] / "content" / "modules" / WM / "scripts"


def test_the_modules_scripted_battles_do_what_they_say() -> None:
    from game.running.script import run

    caught = run(MODULE_SCRIPTS / "caught-fleeing.toml")
    kinds = [(e["kind"], e.get("rule")) for e in caught["events"]]
    assert ("roll", "WM-9") in kinds and ("destroyed", "WM-DEC-4") in kinds
    assert caught["units"]["line"]["destroyed"] and caught["dice_used"] == 5
    volley = run(MODULE_SCRIPTS / "stand-and-shoot.toml")
    rolls = [(e["check"], e.get("purpose"), e["outcome"]) for e in volley["events"] if e["kind"] == "roll"]
    assert rolls == [("fire", None, "one hit"), ("morale", "obey", "fail")]  # WM-DEC-10
    assert volley["units"]["hussars"]["hits"] == 1 and volley["units"]["skirmishers"]["hits"] == 0


def test_a_script_answers_a_modules_decision_by_name(tmp_path: Path) -> None:
    from game.running.script import run

    text = (MODULE_SCRIPTS / "caught-fleeing.toml").read_text()
    held = tmp_path / "held.toml"
    held.write_text(
        text.replace('charge_reaction = "flee"', '"charge_reaction:line" = "hold"').replace(
            "dice = [1, 1, 1, 1, 1]", "dice = [6, 1]"
        )
    )
    out = run(held)
    assert [e["kind"] for e in out["events"]].count("melee") == 1  # held: For Glory's melee
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('charge_reaction = "flee"', 'charge_reaction = "dance"'))
    events = run(wrong)["events"]
    refused = [e for e in events if e["kind"] == "rejected"]
    assert (
        refused
        and refused[0]["rule"] == "WM-5"
        and "'dance' is no answer to the charge_reaction of line" in refused[0]["reason"]
    )


def test_WM_DEC_11_a_fleeing_unit_does_not_react(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 4.0)
    fled(b, "b1")
    b.apply(cmd.Activate("a1", leadership=False))
    events = b.apply(cmd.Move("a1", (30, 11)))  # into b1's reaction area
    assert b.pending is None and not of(events, "reaction")
    b2 = wm_battle(battle, 4.0)
    b2.apply(cmd.Activate("a1", leadership=False))
    b2.apply(cmd.Move("a1", (30, 11)))
    assert b2.pending is not None and b2.pending.kind == "reaction"  # the same move, b1 not fleeing


def test_every_wm_rule_the_module_cites_has_its_text_for_the_log() -> None:
    import re

    from game.content.rulesref import load_reference
    from game.model.modules import compose

    folder = Path(__file__).resolve().parents[2] / "systems" / "warhammer"
    code = "".join(
        (folder / f).read_text() for f in ("charges.py", "rally.py", "charges_module.py", "close_combat.py")
    )
    cited = set(re.findall(r"rule=\"(WM-[A-Z0-9-]+)\"", code)) | set(re.findall(r"\"(WM-DEC-\d+)\"", code))
    texts = load_reference(modules=compose("for-glory", [WM]).chosen)
    assert cited and cited <= set(texts), cited - set(texts)
    assert texts["WM-9"].title == "Flee" and "FG-ORD-3" in texts  # For Glory's own texts are still there


def test_WM_19_the_tolerance_on_a_charge_is_agreed_beforehand(battle: Callable[..., Battle]) -> None:
    """WM-19: the players agree beforehand how much tolerance they accept on measured distances: here
    For Glory's 0.01" (AMB-3), the same for both sides: hussars (6") reach a unit 6.005" away and fall
    short of one 6.02" away."""
    near = wm_battle(battle, 1.2 + 6.005)
    charge_and_wait(near)
    far = wm_battle(battle, 1.2 + 6.02)
    far.apply(cmd.Activate("a1", leadership=False))
    (refused,) = far.apply(cmd.Charge("a1", "b1"))
    assert refused.rule == "FG-UNIT-14" and 'would move 6.02"' in refused.reason and far.pending is None


def test_FG_ACT_6_WM_10_a_step_answers_the_rally_its_activation_raises() -> None:
    """Issue 24, deviation 1: a decision a module raises when a step's formation activates (WM-10's
    rally test, before any order: WM-1) is answered from that step's `decisions`, and its order then
    goes through instead of being refused with FG-ACT-6; the rallied unit faces the enemy (WM-12)."""
    from game.running.script import run

    out = run(MODULE_SCRIPTS / "rally-and-face.toml")
    events = [e for e in out["events"] if e["step"] == 1]
    assert [(e["kind"], e.get("rule"), e.get("how")) for e in events] == [
        ("roll", "WM-10", None),
        ("moved", None, "rally"),
        ("moved", None, "move"),
    ]
    assert not [e for e in out["events"] if e["kind"] == "rejected"]
    assert out["units"]["line"]["facing"] == 270 and out["units"]["second-line"]["at"] == [42, 20]

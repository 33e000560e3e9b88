"""Module warhammer-charges: the way into close combat and what holds there (systems/warhammer/charges.py,
close_combat.py; decisions in docs/warhammer-decisions.md): a move into contact is a charge the target
answers (WM-3), the exceptions to the answers (WM-39, WM-DEC-20), the flank and rear bonus of a charge
(WM-40, WM-DEC-21) and units locked in close combat (WM-38, WM-DEC-22)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.ai import common
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.events import Event
from game.running.log_texts import reason_said, texts_for
from systems.for_glory.targets import contacts
from systems.warhammer.charges import ChargeReaction, choices, choose
from tests.helpers import of, pos, roll_mods, rules, status, unit
from tests.rules.test_warhammer_charges import MODULE_SCRIPTS, WM, charge_and_wait, fled, wm_battle


def held_to_the_end(b: Battle) -> list[Event]:
    """The charged unit holds (WM-8); every other decision is declined."""
    events = b.apply(ChargeReaction("b1", "hold"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    return events


# --- WM-3: charging is the way into close combat --------------------------------------------------


def test_WM_3_a_move_into_contact_is_a_charge_the_target_answers(battle: Callable[..., Battle]) -> None:
    """WM-3: a move that would end touching the enemy is refused (FG-CHG-1: it is a charge, to be
    ordered as one); ordered as a charge, the target answers it first (WM-5): there is no other way in."""
    b = wm_battle(battle, 4.0)
    b.apply(cmd.Activate("a1", leadership=False))
    (refused,) = b.apply(cmd.Move("a1", (30, 12.8)))  # its front edge would touch b1's
    assert refused.rule == "FG-CHG-1" and "is a charge" in refused.reason
    assert pos(b, "a1") == (30, 10) and b.pending is None and not status(b, "a1").ordered
    b.apply(cmd.Charge("a1", "b1"))
    d = b.pending
    assert d is not None and (d.kind, d.unit, d.options) == ("charge_reaction", "b1", ("hold", "flee"))
    assert pos(b, "a1") == (30, 10)  # answered before the charger moves
    events = held_to_the_end(b)
    (contact,) = of(events, "contact")
    assert (contact.unit, contact.target) == ("a1", "b1") and of(events, "melee")


def test_WM_3_a_reaction_charge_stays_for_glorys(battle: Callable[..., Battle]) -> None:
    """WM-3 (the decision "Ways into close combat"): For Glory's reaction charge is the charged side's
    own answer to a move; the unit it hits is the active side's, which answers nothing in Warhammer:
    it goes into contact and the melee follows with no charge_reaction asked."""
    b = battle(dice=[4, 6, 1], stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "a1", "a", (30, 10), 90)
    unit(b, "b1", "b", (30, 18), 270, cat="HC")
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Move("a1", (30, 12)))
    assert b.pending is not None and (b.pending.kind, b.pending.options) == ("reaction", ("b1",))
    events = b.apply(cmd.React("b1", "charge"))
    kinds = []
    while b.pending is not None:
        kinds.append(b.pending.kind)
        events += b.apply(cmd.Pass())
    assert "charge_reaction" not in kinds and not of(events, "note")
    (contact,) = of(events, "contact")
    assert (contact.unit, contact.target) == ("b1", "a1") and of(events, "melee")


# --- WM-39: the exceptions to the answers (WM-DEC-20) ---------------------------------------------


def test_WM_39_WM_DEC_20_a_fleeing_unit_that_is_charged_may_only_flee_again(
    battle: Callable[..., Battle],
) -> None:
    """WM-39 (WM-DEC-20): a unit that fled and has not rallied answers a charge only by fleeing: the
    decision offers nothing else, the computer and the client choose among that alone, another answer
    is refused and asked again, and Pass is that flight."""
    b = wm_battle(battle, 4.0, dice=[1] * 5)  # the flight: 5 cm = 2", still within the hussars' 6"
    fled(b, "b1")
    charge_and_wait(b)
    d = b.pending
    assert d is not None and d.options == ("flee",)
    assert choose(b, d) == ChargeReaction("b1", "flee") and [c.label for c in choices(b, d)] == ["Flee"]
    for answer in ("hold", "stand_and_shoot"):
        (refused,) = b.apply(ChargeReaction("b1", answer))  # type: ignore[arg-type]
        assert (
            refused.rule == "WM-DEC-20"
            and refused.reason == "b1 is fleeing: charged, it may only flee again (WM-39)"
        )
        assert b.pending == d  # asked again
    events = b.apply(cmd.Pass())
    (note,) = [n for n in of(events, "note") if n.unit == "b1"]
    assert note.rule == "WM-DEC-20" and note.details["choice"] == "flee"
    assert [(r.check, r.rule) for r in of(events, "roll")] == [("flee", "WM-9")]
    (destroyed,) = of(events, "destroyed")
    assert (destroyed.unit, destroyed.rule) == ("b1", "WM-DEC-4")  # caught as it fled again


def test_WM_39_WM_6_a_unit_that_cannot_shoot_is_never_offered_the_volley(
    battle: Callable[..., Battle],
) -> None:
    """WM-39 (WM-DEC-20, WM-6): cavalry cannot shoot, so even beyond half the charger's reach (4.3"
    from hussars that charge 6") it may hold or flee, not stand and shoot; line infantry there may."""
    b = battle(seed=1, stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "a1", "a", (30, 10), 90, cat="HC")
    unit(b, "b1", "b", (30, 15.5), 270, cat="HC")
    charge_and_wait(b)
    assert b.pending is not None and b.pending.options == ("hold", "flee")
    (refused,) = b.apply(ChargeReaction("b1", "stand_and_shoot"))
    assert refused.rule == "WM-6" and refused.reason.startswith("b1 cannot stand and shoot: it must be able")
    infantry = wm_battle(battle, 5.5)
    charge_and_wait(infantry)
    assert infantry.pending is not None and "stand_and_shoot" in infantry.pending.options


def test_WM_39_the_scripted_battle_flee_again() -> None:
    """content/modules/warhammer-charges/scripts/flee-again.toml: the script's "hold" for the fleeing line
    is refused (WM-DEC-20); the line flees again and the lancers catch it."""
    from game.running.script import run

    out = run(MODULE_SCRIPTS / "flee-again.toml")
    second = [(e["kind"], e.get("rule")) for e in out["events"] if e["step"] == 1]
    assert second[:3] == [("rejected", "WM-DEC-20"), ("note", "WM-DEC-20"), ("roll", "WM-9")]
    assert ("destroyed", "WM-DEC-4") in second and out["units"]["line"]["destroyed"]
    assert out["dice_used"] == 10


def test_WM_39_the_refusals_are_said_in_spanish(battle: Callable[..., Battle]) -> None:
    b = wm_battle(battle, 4.0)
    fled(b, "b1")
    charge_and_wait(b)
    (refused,) = b.apply(ChargeReaction("b1", "hold"))
    said = reason_said(texts_for("es", [WM]), refused.reason)
    assert said == "b1 huye: si la cargan, solo puede volver a huir (WM-39)"


# --- WM-40: flank and rear charges (WM-DEC-21) ----------------------------------------------------


@pytest.mark.parametrize(
    ("at", "facing", "sector", "bonus"),
    [
        ((30, 10), 90, "front", {"FG-CBT-7": -1}),  # straight at b1's front
        ((26.5, 15.5), 0, "side", {"FG-CBT-2": 2}),  # off its side (WM-16's test)
        ((30, 20), 270, "rear", {"FG-CBT-2": 2}),  # from behind it
    ],
)
def test_WM_40_WM_DEC_21_a_flank_or_rear_charge_gets_for_glorys_bonus(
    battle: Callable[..., Battle], at: tuple[float, float], facing: float, sector: str, bonus: dict[str, int]
) -> None:
    """WM-40 (WM-DEC-21): where the charger strikes is WM-16's side (For Glory's sector at contact);
    the bonus is For Glory's: +2 by the flank or rear (FG-CBT-2), -1 for a frontal charge (FG-CBT-7),
    read from the charger's melee roll."""
    b = battle(dice=[3, 3], stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "a1", "a", at, facing, cat="HC")
    unit(b, "b1", "b", (30, 15), 270)
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Charge("a1", "b1"))
    events = held_to_the_end(b)
    (contact,) = of(events, "contact")
    assert contact.sector == sector or (sector == "side" and contact.sector in ("left", "right"))
    charger = next(r for r in of(events, "roll") if r.check == "melee" and r.unit == "a1")
    mods = roll_mods(charger)
    assert {k: v for k, v in mods.items() if k in ("FG-CBT-2", "FG-CBT-7")} == bonus


# --- WM-38: units in close combat (WM-DEC-22) -----------------------------------------------------


def locked(battle: Callable[..., Battle]) -> Battle:
    """b1 stands with its rear on the table's edge; the hussars charge it and win by 5 (two hits and a
    push XS): the push is blocked by the edge, so the two stay in contact after the melee."""
    b = battle(dice=[6, 3], stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "a1", "a", (30, 44), 90, cat="HC")
    unit(b, "b1", "b", (30, 47.4), 270)  # table 48" deep: its rear edge on the table's
    unit(b, "b2", "b", (36.5, 44.5), 90, division="b-div")  # beside, in sight of nobody in contact
    b.apply(cmd.Activate("a1", leadership=False))
    b.apply(cmd.Charge("a1", "b1"))
    b.apply(ChargeReaction("b1", "hold"))
    while b.pending is not None and b.pending.kind == "reaction":  # b2 does not react to the charge
        b.apply(cmd.Pass())
    return b


def test_WM_38_contact_outlasts_a_melee_whose_push_is_blocked(battle: Callable[..., Battle]) -> None:
    """WM-38 is a heading: the rule is ours (WM-DEC-22) because contact does persist in this engine:
    a push stops at what blocks it (AMB-64), and the winner stays where it fought."""
    b = locked(battle)
    events = list(b.events)
    (melee,) = of(events, "melee")
    (pushed,) = of(events, "pushed")
    assert (melee.winner, melee.margin, pushed.unit, pushed.blocked) == ("attackers", 5, "b1", True)
    assert [b.name(o) for o in contacts(b, b.ids["a1"])] == ["b1"]
    assert b.pending is not None and b.pending.kind == "extra_move"  # still touching b1, a1 may not ride on
    (refused,) = b.apply(cmd.ExtraMove("a1", to=(30, 42)))
    assert refused.rule == "WM-DEC-22" and b.pending is not None and b.pending.kind == "extra_move"
    b.apply(cmd.Pass())
    assert [b.name(o) for o in contacts(b, b.ids["b1"])] == ["a1"]  # and so into b1's activation


LOCKED = (
    "a1 is in close combat with b1: it may not move, retreat or turn, only charge an enemy it touches (WM-38)"
)


def test_WM_38_WM_DEC_22_a_unit_in_close_combat_may_only_charge_an_enemy_it_touches(
    battle: Callable[..., Battle],
) -> None:
    """WM-38 (WM-DEC-22): touching an enemy unit, a unit may not move, turn or retreat, nor charge an
    enemy it does not touch; it may charge the one it touches (which, in close combat, may only hold,
    WM-5). The computer and the client offer only that (they ask the same rules)."""
    b = locked(battle)
    b.apply(cmd.Pass())  # no extra move
    a1, b1 = b.ids["a1"], b.ids["b1"]
    b.apply(cmd.Activate("a1", leadership=False))  # a1's formation again, a1 still touching b1
    for order in (cmd.Move("a1", (30, 42)), cmd.Move("a1", (30, 46.2), facing=60), cmd.Withdraw("a1")):
        (refused,) = b.apply(order)
        assert refused.rule == "WM-DEC-22", order
        assert refused.reason == LOCKED
    (refused,) = b.apply(cmd.Charge("a1", "b2"))
    assert refused.rule == "WM-DEC-22" and "not b2" in refused.reason and pos(b, "a1") == (30, 46.2)
    assert common.charge_targets(b, a1) == [b1] and not common.can_withdraw(b, a1)
    assert common.legal_move(b, a1, (30, 42)) is None
    b.apply(cmd.Charge("a1", "b1"))  # the enemy it touches: a new melee
    assert b.pending is not None and (b.pending.kind, b.pending.options) == ("charge_reaction", ("hold",))


def test_WM_38_a_unit_in_close_combat_may_not_retreat_as_a_reaction(battle: Callable[..., Battle]) -> None:
    """WM-DEC-22 holds in the enemy's activation too: b1, touched on its flank by a1, may not retreat in
    reaction to a2 moving into its reaction area; the computer and the panel do not offer it."""
    b = battle(seed=1, stack=rule_stack(rules(), [WM], "tests"))
    unit(b, "b1", "b", (30, 20), 270)
    unit(b, "a1", "a", (31.6, 20), 180, cat="HC")  # touching b1's side
    unit(b, "a2", "a", (30, 12), 90, division="a2-div")
    b1 = b.ids["b1"]
    assert contacts(b, b1) == [b.ids["a1"]] and not common.can_withdraw(b, b1)
    assert common.withdraw_refusal(b, b1).rule == "WM-DEC-22"  # type: ignore[union-attr]
    b.apply(cmd.Activate("a2", leadership=False))
    b.apply(cmd.Move("a2", (30, 15)))  # 3.8" from b1's front: inside its reaction area
    assert b.pending is not None and b.pending.kind == "reaction" and b.pending.options == ("b1",)
    (refused,) = b.apply(cmd.React("b1", "retreat"))
    assert refused.rule == "WM-DEC-22" and b.pending is not None and b.pending.kind == "reaction"


def test_WM_38_the_refusal_is_said_in_spanish(battle: Callable[..., Battle]) -> None:
    b = locked(battle)
    b.apply(cmd.Pass())
    b.apply(cmd.Activate("b1", leadership=False))
    (refused,) = b.apply(cmd.Withdraw("b1"))
    said = reason_said(texts_for("es", [WM]), refused.reason)
    assert said.startswith("b1 está en combate cuerpo a cuerpo con a1: no puede mover, retirarse ni girar")

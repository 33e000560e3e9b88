"""The client shows what a rule module adds, with no code of its own: its orders among a unit's
buttons, its reactions among the reactions, its decisions as a prompt with one button per choice
(label and odds), its rule IDs hoverable in the log, and a switch for it on the start screen."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.modules import register, unregister
from game.model.resolution import Decision
from game.ui.battle.human import HumanInput
from game.ui.start.screen import Setup, StartScreen
from game.ui.widgets.log_panel import LogPanel
from tests.helpers import make_battle, unit
from tests.test_rule_modules import DRILL, Cheer, Volume, drilled
from tests.ui.test_start_screen import press


@pytest.fixture(autouse=True)
def drill() -> Iterator[None]:
    register(DRILL)
    yield
    unregister("drill")


def test_a_module_order_its_decision_and_its_reaction_are_buttons() -> None:
    b = make_battle([6], stack=drilled())
    try:
        unit(b, "a1", "a", (30, 20), 90)
        unit(b, "b1", "b", (30, 22.2), 270)
        b.apply(cmd.Activate("a1", leadership=False))
        human = HumanInput(b)
        human.start(Decision("order", "a", "a-div", ("a1",)))
        human.selected = "a1"
        cheer = next(bt for bt in human.buttons() if bt.label == "Cheer")
        assert cheer.enabled and cheer.hint == "cheers 100%" and human.press(cheer.key) == Cheer("a1")
        b.apply(Cheer("a1"))
        assert b.pending is not None
        human.start(b.pending)
        assert human.info == ["How loudly does a1 cheer?"]
        labels = {bt.label: bt for bt in human.buttons()}
        assert set(labels) == {"Loud  (sure)", "Quiet"}
        assert labels["Loud  (sure)"].hint.startswith("two cheers")
        assert human.press(labels["Loud  (sure)"].key) == Volume(True)
        b.apply(Volume(True))
        assert b.pending is not None and b.pending.kind == "reaction"
        human.start(b.pending)
        jeer = next(bt for bt in human.buttons() if bt.label == "b1: jeer")
        assert human.press(jeer.key) == cmd.React("b1", "jeer")
    finally:
        b.close()


def test_a_module_rule_id_is_hoverable_in_the_log(window: pygame.Surface) -> None:
    log = LogPanel(pygame.Rect(0, 0, 600, 300))
    log.add("a1 cheers loudly (DRILL-1); AMB-21 and FG-ORD-3 still apply")
    log.draw(window)
    cited = [rid for _rect, rid in log._spans]
    assert cited == ["DRILL-1", "AMB-21", "FG-ORD-3"]


def test_the_start_screen_switches_a_module_on_and_off(window: pygame.Surface) -> None:
    setup = Setup()
    screen = StartScreen(window.get_size(), setup)
    (button,) = [b for b, mid in screen.module_switches.items() if mid == "drill"]
    assert button.text.startswith("[ ] Drill")
    assert press(screen, button) == "mods" and setup.modules == ["drill"]
    again = StartScreen(window.get_size(), setup)
    (button,) = [b for b, mid in again.module_switches.items() if mid == "drill"]
    assert button.text.startswith("[x] Drill")
    assert press(again, button) == "mods" and setup.modules == []


def test_the_modules_choices_in_spanish(battle: Callable[..., Battle]) -> None:
    """A module's words come from its locale: Spanish prompts, labels and odds, its chances written as
    every Spanish percentage is ("58\u00a0%": they kept the English "58%")."""
    from game.content.locale import Texts
    from game.content.module_records import module_locales
    from systems.warhammer.charges import escape_chance
    from tests.rules.test_warhammer_charges import charge_and_wait, wm_battle

    b = wm_battle(battle, 4.0)
    charge_and_wait(b)
    d = b.pending
    assert d is not None
    human = HumanInput(b, t=Texts("es", module_locales(b.stack)))
    human.start(d)
    assert human.info == ["b1 recibe una carga: ¿cómo responde? (WM-5)"]
    labels = [bt.label for bt in human.buttons()]
    escape = round(100 * float(escape_chance(b, b.ids["a1"], b.ids["b1"])))
    assert labels[1] == f"Huir  (escapa {escape}\u00a0%)"
    assert labels[0].startswith("Mantener la posición  (aguanta ") and labels[0].endswith("\u00a0%)")
    english = HumanInput(b, t=Texts("en", module_locales(b.stack)))
    english.start(d)
    assert [bt.label for bt in english.buttons()][1] == f"Flee  (escapes {escape}%)"


def test_a_move_ghost_says_what_the_move_costs_when_a_module_weighs_it() -> None:
    """warhammer-terrain: 2" of open ground and 1" into a wood cost infantry all its 4", and
    the unit card gives the allowances of the rules in play (light cavalry: 8" in a wood too)."""
    from game.content.module_records import rule_stack
    from game.ui.battle.unit_words import unit_lines
    from tests.helpers import rules

    wood = ((22.0, 10.0), (40.0, 10.0), (40.0, 30.0), (22.0, 30.0))
    b = make_battle(terrain=[("wood", wood)], stack=rule_stack(rules(), ["warhammer-terrain"], "tests"))
    try:
        unit(b, "u", "a", (20.0, 20.0), 0.0)
        unit(b, "c", "a", (20.0, 40.0), 0.0, cat="LC")
        ghost = HumanInput(b)._move_ghost("u", (23.0, 20.0))
        assert ghost.ok and ghost.lines[0] == 'move: 3" costing 4" of 4", 0" left'
        # issue 24: the ground it crosses, what that stretch costs, and the module's rule (WM-34)
        assert ghost.lines[1] == 'ground: wood 1" (WM-34)'
        assert any('move 8", difficult 8"' in line for line in unit_lines(b, "c"))
    finally:
        b.close()


def test_the_fire_and_charge_odds_shown_are_the_dias_tables() -> None:
    """dias-combat: the odds under the mouse are read on the Días de Gloria tables (d10), not For
    Glory's: a point-blank shot of line infantry routs (two hits) on a 9 only: 10%."""
    from game.content.module_records import rule_stack
    from tests.helpers import rules

    b = make_battle(stack=rule_stack(rules(), ["dias-combat"], "tests"))
    try:
        unit(b, "a", "a", (10.0, 10.0), 0.0)
        unit(b, "t", "b", (12.4, 10.0), 180.0)
        b.apply(cmd.Activate("a", leadership=False))
        human = HumanInput(b)
        human.start(Decision("order", "a", "a-div", ("a",)))
        human.selected, human.hover_target, human.mode = "a", "t", "fire"
        (fire,) = human.odds_lines()
        assert "two hits 10%" in fire
        human.mode = "charge"
        charge = human.odds_lines()[0]
        assert "wins, hits the enemy once" in charge and "wins, pushes the enemy back" in charge
    finally:
        b.close()


def test_a_module_decision_about_a_unit_shows_its_choices_once_it_is_picked_on_the_table(
    tmp_path: pytest.TempPathFactory,
) -> None:
    from pathlib import Path

    from game.content.locale import Texts
    from game.content.module_records import module_locales
    from game.running.match import new_match
    from systems.clash.command_players import badge
    from systems.clash.command_records import ActivateUnit
    from systems.clash.fatigue import fatigue
    from tests.helpers import deploy_all, write_scenario

    m = new_match(
        str(write_scenario(Path(str(tmp_path)))),
        0,
        None,
        None,
        dice=[3, 4, 2, 5] + [6] * 20,
        modules=["clash-command"],
    )
    try:
        b = m.battle
        deploy_all(m)
        d = b.pending
        assert d is not None and d.kind == "clash_turn" and d.side == "blue"
        human = HumanInput(b, t=Texts("en", module_locales(b.stack)))  # the module's words, as in the window
        human.start(d)
        assert human.info == ["blue: pick a unit to activate, rest or rally, or pass (CS-2)"]
        assert [bt.label for bt in human.buttons()] == ["Pass"]  # nothing picked yet: only the pass
        pose = b.pose(b.ids["b1a"])
        assert human.click((pose.x, pose.y)) is None and human.selected == "b1a"
        labels = {bt.label: bt for bt in human.buttons()}
        assert "Activate b1a (1 CP)" in labels and "Rest b1a" in labels  # a fresh unit: no check, no odds
        assert human.press(labels["Activate b1a (1 CP)"].key) == ActivateUnit("b1a")
        fatigue(b, b.ids["b1a"]).points, fatigue(b, b.ids["b1a"]).markers = 2, 1
        assert badge(b, b.ids["b1a"]) == "F2 M1"  # drawn on the base
    finally:
        m.battle.close()


def test_a_unit_in_close_combat_is_offered_no_retreat(battle: Callable[..., Battle]) -> None:
    """warhammer-charges, WM-38 (WM-DEC-22): the panel greys Retreat for a unit touching an enemy,
    saying why in the player's language, and offers no retreat among its reactions."""
    from game.content.locale import Texts
    from game.content.module_records import module_locales, rule_stack
    from tests.helpers import rules

    b = battle(seed=1, stack=rule_stack(rules(), ["warhammer-charges"], "tests"))
    unit(b, "b1", "b", (30, 20), 270)
    unit(b, "a1", "a", (31.6, 20), 180, cat="HC")  # touching b1's side
    unit(b, "a2", "a", (30, 13.5), 90, division="a2-div")
    b.apply(cmd.Activate("b1", leadership=False))
    human = HumanInput(b, t=Texts("es", module_locales(b.stack)))
    human.start(Decision("order", "b", "b-div", ("b1",)))
    human.selected = "b1"
    (retreat,) = [bt for bt in human.buttons() if bt.key == "retreat"]
    assert not retreat.enabled and "en combate cuerpo a cuerpo con a1" in retreat.hint
    assert retreat.hint.endswith("(WM-DEC-22)")
    b.apply(cmd.EndActivation())
    b.apply(cmd.Activate("a2", leadership=False))
    b.apply(cmd.Move("a2", (30, 17)))  # into b1's reaction area
    b.apply(cmd.Pass())  # as it enters the area; at the end of the move, within b1's range (XS)
    assert b.pending is not None and (b.pending.kind, b.pending.stage) == ("reaction", "end")
    human.start(b.pending)
    keys = [bt.key for bt in human.buttons()]
    assert "react:b1:fire" in keys and "react:b1:retreat" not in keys

"""Saving from the window (Ctrl+S, the Esc menu, an autosave each round), the Esc menu's choices and
the question before quitting a battle in progress."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.running.saves import load_game, saves_dir
from game.ui.battle.help_page import help_lines
from game.ui.battle.hud import draw_hover
from game.ui.battle.pause_menu import MENUS
from game.ui.playing.settings_menu import menu_label
from tests.ui.driver import answer_until, frame, key, menu_click, open_screen, settle


def test_ctrl_s_saves_a_battle_that_resumes_at_the_same_decision(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="heuristic")
    settle(screen, window)
    key(pygame.K_s, pygame.KMOD_CTRL)
    frame(screen, window)
    (path,) = saves_dir().glob("save-default-*.json")
    assert any(ln.text == f"Saved: {path.name}" for ln in screen.log.lines)  # its name, not its folder
    m, players = load_game(path)
    assert m.battle.pending == screen.battle.pending and m.commands == screen.match.commands
    assert players == screen.controllers
    m.battle.close()
    screen.close()


def test_the_esc_menu(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    settle(screen, window)
    key(pygame.K_ESCAPE)
    frame(screen, window)
    assert screen.menu == "menu"
    assert [k for _r, k in screen.menu_buttons] == [k for k, _label in MENUS["menu"]]
    assert menu_click(screen, window, "save") is None and screen.menu is None
    assert len(list(saves_dir().glob("save-*.json"))) == 1
    key(pygame.K_ESCAPE)
    frame(screen, window)
    assert menu_click(screen, window, "resume") is None and screen.menu is None
    key(pygame.K_ESCAPE)
    frame(screen, window)
    assert menu_click(screen, window, "end") == "end"
    screen.close()


def test_quitting_a_battle_in_progress_asks_first(window: pygame.Surface) -> None:
    screen = open_screen(window, a="heuristic", b="heuristic")
    assert screen.ask_quit() == "quit"  # nothing played yet: nothing to lose
    for _ in range(60):
        screen.display.skip()
        frame(screen, window)
        if screen.match.commands:
            break
    assert screen.match.commands
    assert screen.ask_quit() is None and screen.menu == "quit"
    assert menu_click(screen, window, "resume") is None and screen.menu is None
    screen.ask_quit()
    assert menu_click(screen, window, "quit-now") == "quit"  # as it stands, unsaved
    screen.ask_quit()
    assert menu_click(screen, window, "save-quit") == "quit"
    assert len(list(saves_dir().glob("save-*.json"))) == 1
    assert screen.ask_quit() == "quit"  # saved: nothing left to lose, nothing asked
    screen.close()


def test_an_autosave_at_each_new_round(window: pygame.Surface) -> None:
    screen = open_screen(window, a="heuristic", b="heuristic")
    for _ in range(3000):
        screen.display.skip()
        screen.ai.wait = 0
        frame(screen, window)
        g = screen.battle.game
        if g is not None and g.round >= 2 and screen.ai.thinking is None:
            frame(screen, window)
            break
    names = sorted(p.name for p in saves_dir().glob("autosave-default-*.json"))
    assert [n.rsplit("-r", 1)[1] for n in names] == ["1.json", "2.json"]
    screen.close()


def test_play_load_resumes_a_save(window: pygame.Surface, tmp_path: Path) -> None:
    from game.cli.entry import main

    screen = open_screen(window, a="human", b="heuristic")
    settle(screen, window)
    key(pygame.K_s, pygame.KMOD_CTRL)
    frame(screen, window)
    screen.close()
    (path,) = saves_dir().glob("save-*.json")
    shot = tmp_path / "resumed.png"
    assert main(["play", "--load", str(path), "--demo", "--frames", "3", "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 0
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["play", "--load", str(bad), "--demo", "--frames", "3"]) == 2


def test_f1_shows_the_keys_and_the_rules_of_the_decision_in_hand(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    settle(screen, window)
    key(pygame.K_F1)
    frame(screen, window)
    assert screen.help
    lines = help_lines(screen)
    assert any("Ctrl+S" in line.text for line in lines)
    rules = [line.rule for line in lines if line.rule]
    assert rules[:2] == ["FG-DEP-5", "FG-DEP-7"]  # the decision in hand is a deployment
    assert all(line.text for line in lines if line.rule)  # each with its title and text from the reference
    key(pygame.K_F1)
    frame(screen, window)
    assert not screen.help
    screen.close()


def test_esc_closes_the_f1_help_before_it_opens_the_menu(window: pygame.Surface) -> None:
    """Issue 38: Esc over the F1 help opened the pause menu on top of it; it closes the help first."""
    screen = open_screen(window, a="human", b="human")
    settle(screen, window)
    key(pygame.K_F1)
    frame(screen, window)
    key(pygame.K_ESCAPE)
    frame(screen, window)
    assert not screen.help and screen.menu is None
    key(pygame.K_ESCAPE)  # the next one opens the menu, as without the help
    frame(screen, window)
    assert screen.menu == "menu"
    screen.close()


def test_the_settings_menu(window: pygame.Surface) -> None:
    from game.running.settings import load_settings
    from game.ui.palette import COLOUR_BLIND

    screen = open_screen(window, a="human", b="human")
    settle(screen, window)
    key(pygame.K_ESCAPE)
    frame(screen, window)
    assert menu_click(screen, window, "settings") is None and screen.menu == "settings"
    before = dict(screen.renderer.colours)
    menu_click(screen, window, "colour-blind")
    assert screen.settings.colour_blind and list(screen.renderer.colours.values()) == list(COLOUR_BLIND[:2])
    menu_click(screen, window, "colour-blind")
    assert screen.renderer.colours == before
    volume = screen.settings.sound
    menu_click(screen, window, "sound")
    assert screen.settings.sound > volume and screen.sounds.volume == screen.settings.sound
    assert menu_label(screen, "sound", "set_sound") == f"Sound: {round(screen.settings.sound * 100)}%"
    key(pygame.K_ESCAPE)  # out of the menu: the keys reach the battle again
    key(pygame.K_PLUS, unicode="+")
    frame(screen, window)
    assert screen.menu is None and screen.settings.speed == 2.0
    screen.settings.save()
    assert load_settings()[0] == screen.settings
    screen.close()


def test_the_activation_buttons_show_the_leadership_chance(window: pygame.Surface) -> None:
    from game.model.words import percent
    from systems.for_glory.odds import leadership_odds

    screen = open_screen(window, a="human", b="human")
    answer_until(screen, window, "activate")
    for button in screen.human.buttons():
        formation = button.key.split(":")[1]
        officer = screen.battle.ids.get(formation)
        if officer is not None and not formation.startswith("det:"):
            chance = percent(float(leadership_odds(screen.battle, officer)), screen.t)
            assert button.label.endswith(f", leadership {chance})"), button.label
    screen.close()


def test_a_greyed_fire_or_charge_says_why(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    answer_until(screen, window, "order")
    d = screen.battle.pending
    assert d is not None
    screen.human.selected = d.options[0]  # as a click on the unit does
    by_key = {b.key: b for b in screen.human.buttons()}
    charge = by_key["charge"]
    assert not charge.enabled  # nobody is within reach in the first round: the rules' refusal, and rule
    assert "(FG-" in charge.hint or "(AMB-" in charge.hint, charge.hint
    fire = by_key["fire"]
    assert fire.enabled or "(FG-" in fire.hint, fire.hint
    screen.buttons = [(pygame.Rect(0, 0, 400, 400), by_key["charge"])]
    screen.mouse = (10, 10)
    draw_hover(screen, window)  # the hint is drawn as a tooltip over the button
    screen.close()


@pytest.mark.parametrize(
    ("size", "scale"),
    [((1280, 720), 1.0), ((1280, 800), 1.0), ((1920, 1080), 1.0), ((1920, 1080), 1.25), ((1920, 1080), 1.5)],
)
def test_nothing_in_the_panel_covers_anything_else(
    window: pygame.Surface, size: tuple[int, int], scale: float
) -> None:
    """The buttons, the overlay toggles and the log never overlap, at 1280x720 and up and at the larger
    UI scales, even with a unit selected (the most buttons an order has); the text fits its button."""
    from game.ui import theme

    surf = pygame.display.set_mode(size)
    screen = open_screen(surf, a="human", b="human")
    screen.settings.ui_scale = scale
    screen.layout(size)
    assert scale == theme.SCALE and screen.panel.w == round(360 * scale)
    answer_until(screen, surf, "order")
    screen.human.selected = screen.battle.pending.options[0]  # type: ignore[union-attr]
    screen.draw(surf)
    rects = [r for r, _b in screen.buttons] + [screen.log.rect]
    assert len(rects) > 10 and screen.log.rect.h >= 120
    for i, a in enumerate(rects):
        assert screen.panel.contains(a), a
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), a
    for rect, button in screen.buttons:  # the words of a button, at this scale, within it
        assert theme.font(15).get_linesize() <= rect.h + 2, button.key
    screen.close()


def test_a_window_too_small_for_the_chosen_scale_gets_the_largest_that_fits(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    screen.settings.ui_scale = 2.0
    screen.layout((1280, 720))
    from game.ui import theme

    assert 1.0 <= theme.SCALE < 1.1  # 720 rows hold the panel's rows at scale 1 and little more
    screen.layout((1920, 1080))
    assert 1.6 < theme.SCALE < 1.7
    screen.close()


def test_the_ui_scale_is_chosen_in_the_settings_menu(window: pygame.Surface) -> None:
    """Esc, Settings, the interface size: each press grows the text and panel, and the choice is kept."""
    from game.running.settings import load_settings
    from game.ui import theme

    surf = pygame.display.set_mode((1920, 1080))
    screen = open_screen(surf, a="human", b="human")
    screen.menu = "settings"
    small = theme.font(20).get_linesize()
    menu_click(screen, surf, "ui-scale")
    assert screen.settings.ui_scale == 1.25 and theme.SCALE == 1.25
    assert theme.font(20).get_linesize() > small and screen.panel.w == 450
    assert screen.menu == "settings"
    assert menu_label(screen, "ui-scale", "set_ui_scale") == "Interface size: 125%"
    screen.settings.save()
    assert load_settings()[0].ui_scale == 1.25
    screen.close()
    # a window too small for the size chosen says the size it holds (session 25: 200% at 1280x720 drew
    # the panel at about 102% and the menu said 200%)
    pygame.display.set_mode((1280, 720))
    screen = open_screen(pygame.display.get_surface(), a="human", b="human")
    screen.settings.ui_scale = 2.0
    used = theme.fit_scale(2.0, (1280, 720))
    assert used < 2.0
    assert menu_label(screen, "ui-scale", "set_ui_scale") == (
        f"Interface size: 200% ({round(used * 100)}% in this window)"
    )
    screen.close()


def test_the_computer_generals_thinking_time_is_a_setting(window: pygame.Surface) -> None:
    """Esc, Settings, the generals' thinking time: the AI's process is made again with the new budget."""
    screen = open_screen(window, a="human", b="hard")
    screen.menu = "settings"
    before = screen.ai.worker
    menu_click(screen, window, "ai-think")
    assert screen.settings.ai_think == 2.0 and screen.ai.think == 2.0 and screen.ai.worker is not before
    assert menu_label(screen, "ai-think", "set_ai_think") == "Computer thinking time: x2"
    screen.close()


def test_an_officer_is_dragged_then_confirmed(window: pygame.Surface) -> None:
    """FG-ACT-7: a press on the officer moves nobody; dragged and let go, his ghost waits for Confirm."""
    from tests.ui.driver import at, hover

    screen = open_screen(window, a="human", b="human")
    answer_until(screen, window, "officer_move", prefer="end")  # every activation ended at once
    d = screen.battle.pending
    assert d is not None
    pose = screen.battle.pose(screen.battle.ids[d.unit])
    start = (pose.x, pose.y)
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(screen, start), button=1))
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(screen, start), button=1))
    assert screen.battle.pending is d and not screen.human.placed  # a press alone: no move
    to = (start[0] + 1.5, start[1])
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(screen, start), button=1))
    hover(at(screen, to))
    frame(screen, window)
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(screen, to), button=1))
    assert screen.human.placed and screen.human.ghost is not None
    assert screen.human.ghost.at == pytest.approx(to, abs=0.1)
    confirm = next(b for b in screen.human.buttons() if b.key == "confirm")
    assert confirm.enabled
    screen._button("confirm")
    moved = screen.battle.pose(screen.battle.ids[d.unit])
    assert (moved.x, moved.y) == pytest.approx(to, abs=0.1)
    screen.close()

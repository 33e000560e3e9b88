"""Issue 22: Settings in both languages: every label inside its button (the computer's thinking time
overflowed, in Spanish out of the dialog); the window's size (1280x720 ... 1920x1080) and full screen,
applied at once by the window's loop and kept in settings.json."""

from __future__ import annotations

import pygame
import pytest

from game.running.match import new_match
from game.running.settings import WINDOWS, Settings, load_settings, next_window
from game.ui import theme
from game.ui.app import open_window
from game.ui.battle.pause_menu import MENUS
from game.ui.battle.screen import BattleScreen
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.playing.settings_menu import menu_label
from systems.open_wars.state import Campaign
from tests.ui.driver import menu_click, open_screen


@pytest.mark.parametrize("scenario", ["default", "ow-four-winds"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_settings_label_fits_its_button(window720, language, scenario):
    """The battle's Settings and Open Wars' (the same page, session 13)."""
    m = new_match(scenario, 3)
    settings = Settings(language=language)
    if isinstance(m.battle, Campaign):
        screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), (1280, 720), settings)
    else:
        sides = m.battle.game.sides  # type: ignore[union-attr]
        screen = BattleScreen(m, dict.fromkeys(sides, "human"), (1280, 720), settings)
    screen.menu = "settings"
    screen.draw(window720)
    for rect, key in screen.menu_buttons:
        label = menu_label(screen, key, dict(MENUS["settings"])[key])
        room = rect.w - 2 * (rect.h - theme.px(12) + theme.px(14))  # as draw_menu leaves it beside an icon
        assert theme.font(18).size(label)[0] <= room, (language, label)  # whole, no ellipsis
        assert window720.get_rect().contains(rect)
    screen.close()


def test_the_window_size_and_full_screen_are_chosen_in_settings(window):
    screen = open_screen(window)
    screen.menu = "settings"
    screen.settings.window = (1280, 800)
    assert menu_click(screen, window, "window") == "window"  # the window's loop opens it again, at once
    assert screen.settings.window == next_window((1280, 800), pygame.display.get_desktop_sizes()[0])
    assert screen.menu == "settings" and menu_label(screen, "window", "set_window").startswith("Window: ")
    assert menu_click(screen, window, "fullscreen") == "window" and screen.settings.fullscreen
    assert menu_label(screen, "fullscreen", "set_fullscreen") == "Full screen: on"
    screen.settings.save()
    assert load_settings()[0].fullscreen
    screen.close()


def test_the_sizes_offered_cycle_and_fit_the_screen():
    assert next_window((1280, 720)) == (1280, 800)
    assert next_window(WINDOWS[-1]) == WINDOWS[0]  # after the largest, the smallest
    assert next_window((1366, 768)) == (1600, 900)  # a size of the player's own: the next one offered
    assert next_window((1280, 800), fits=(1440, 900)) == (1280, 720)  # 1600x900 would not fit


def test_open_window_gives_the_size_chosen(window):
    s = Settings(window=(1280, 720))
    assert open_window(s).get_size() == (1280, 720)
    s.window = (1600, 900)
    assert open_window(s).get_size() == (1600, 900)


def test_a_hand_edited_fullscreen_is_checked(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"fullscreen": 1, "window": [1920, 1080]}')
    s, problems = load_settings(path)
    assert not s.fullscreen and s.window == (1920, 1080) and "fullscreen" in problems[0]
    path.write_text('{"fullscreen": true}')
    assert load_settings(path)[0].fullscreen


@pytest.mark.parametrize(
    ("language", "said"), [("en", "Window: 1280x720 (at once)"), ("es", "Ventana: 1280x720")]
)
def test_the_window_s_label_says_the_size_opened_on_a_smaller_screen(window720, monkeypatch, language, said):
    """Session 12: on a 1280x720 screen the window opens at 1280x720 (fitted_window), but Settings said
    the 1280x800 chosen."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    m = new_match("default", 3)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    settings = Settings(language=language, window=(1280, 800))
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), (1280, 720), settings)
    try:
        assert menu_label(screen, "window", "set_window").startswith(said)
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
        assert "1280x800" in menu_label(screen, "window", "set_window")  # the size chosen, where it fits
    finally:
        screen.close()

"""The Esc menu's Settings, one page for every game screen (For Glory's battle and an Open Wars game):
its entries and their words with their values, a setting cycled and remembered when the game closes
(the screen shows it at once: `GameView.settings_changed`), and the menu drawn with its entries'
values."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.content.locale import LANGUAGES
from game.running.settings import THINK, UI_SCALES, VOLUMES, fitted_window, next_window
from game.ui.playing.game_view import GameView
from game.ui.widgets.menu import draw_menu

SETTINGS = (
    ("language", "set_language"),
    ("colour-blind", "set_colour_blind"),
    ("sound", "set_sound"),
    ("music", "set_music"),
    ("ui-scale", "set_ui_scale"),
    ("ai-think", "set_ai_think"),
    ("window", "set_window"),
    ("fullscreen", "set_fullscreen"),
    ("menu", "menu_back"),
)
SETTING_KEYS = frozenset(key for key, _label in SETTINGS if key != "menu")
SETTINGS_WIDTH = 480  # pixels at UI scale 1: the settings' words and values fit in both languages


def menu_label(v: GameView, key: str, text: str) -> str:
    """A menu button's words; a setting's shows its value."""
    st, t = v.settings, v.t
    if key == "colour-blind":
        return t(text, state=t("on") if st.colour_blind else t("off"))
    if key == "ui-scale":
        return t(text, value=f"{round(st.ui_scale * 100)}%")
    if key == "ai-think":
        return t(text, value=f"{st.ai_think:g}")
    if key == "window":  # the size opened: the one chosen, or the largest the screen holds (app.py)
        w, h = fitted_window(st.window, pygame.display.get_desktop_sizes())
        return t(text, value=f"{w}x{h}")
    if key == "fullscreen":
        return t(text, state=t("on") if st.fullscreen else t("off"))
    if key == "end" and v.from_editor:  # leaving goes back to the editor the battle was tried from
        return t("menu_end_editor")
    if key in ("sound", "music"):
        value = getattr(st, key)
        return t(text, value=f"{round(value * 100)}%" if value else t("off"))
    return t(text)


def draw_game_menu(
    v: GameView,
    surf: pygame.Surface,
    menus: Mapping[str, tuple[tuple[str, str], ...]],
    titles: Mapping[str, str],
) -> None:
    """The screen's open menu (`menus[v.menu]`: the Esc menu, Settings, a question before leaving)
    over a darkened window, or the saves to load; where each button is, for the clicks."""
    v.menu_buttons = []
    if v.menu is None:
        return
    if v.menu == "load" and v.browser is not None:
        v.browser.draw(surf, v.mouse)
        return
    items = [(key, menu_label(v, key, label)) for key, label in menus[v.menu]]
    width = SETTINGS_WIDTH if v.menu == "settings" else 380  # settings say their values too
    v.menu_buttons = draw_menu(surf, v.t(titles[v.menu]), items, v.mouse, width)


def change_setting(v: GameView, key: str) -> str | None:
    """Cycle one setting of SETTING_KEYS (remembered when the game closes) and show it at once; the
    Settings page stays open. "window" when the window's loop must make the window again (its size,
    full screen), else None."""
    st = v.settings
    if key == "language":
        names = list(LANGUAGES)
        st.language = names[(names.index(st.language) + 1) % len(names)]
    elif key == "colour-blind":
        st.colour_blind = not st.colour_blind
    elif key == "ui-scale":
        st.ui_scale = UI_SCALES[(UI_SCALES.index(st.ui_scale) + 1) % len(UI_SCALES)]
    elif key == "window":
        desktop = pygame.display.get_desktop_sizes()
        st.window, st.fullscreen = next_window(st.window, desktop[0] if desktop else None), False
    elif key == "fullscreen":
        st.fullscreen = not st.fullscreen
    elif key == "ai-think":
        st.ai_think = THINK[(THINK.index(st.ai_think) + 1) % len(THINK)]
        v.ai.think = st.ai_think
        v.ai.restart(v.match)  # its players are made with their budget
    else:
        now = getattr(st, key)
        setattr(st, key, next((x for x in VOLUMES if x > now + 1e-9), VOLUMES[0]))
    v.menu = "settings"
    v.settings_changed(key)
    return "window" if key in ("window", "fullscreen") else None

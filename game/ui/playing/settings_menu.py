"""Settings, one page for every screen: the Esc menu's of For Glory's battle and of an Open Wars game,
and the start screen's (`SettingsPage`). Its entries and their words with their values, a setting
cycled and remembered when the game closes (a game screen shows it at once:
`GameView.settings_changed`), and the page drawn with its entries' values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import pygame

from game.content.locale import LANGUAGES, Texts
from game.model.words import percent
from game.running.settings import THINK, UI_SCALES, VOLUMES, Settings, fitted_window, next_window
from game.ui.playing.game_view import GameView
from game.ui.theme import fit_scale
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


class Shows(Protocol):
    """A screen that shows Settings: the settings, and the words it says them in."""

    settings: Settings
    t: Texts


def scale_words(chosen: float, t: Texts) -> str:
    """The UI size chosen, and the one the window holds when that is less ("150% (103% in this window)":
    the panel's rows must fit its height, theme.fit_scale), so that a choice that seems to do nothing
    says why."""
    window = pygame.display.get_surface()
    used = fit_scale(chosen, window.get_size()) if window is not None else chosen
    if used < chosen - 0.005:
        return t("ui_scale_capped", chosen=percent(chosen, t), used=percent(used, t))
    return percent(chosen, t)


def menu_label(v: Shows, key: str, text: str) -> str:
    """A menu button's words; a setting's shows its value."""
    st, t = v.settings, v.t
    if key == "colour-blind":
        return t(text, state=t("on") if st.colour_blind else t("off"))
    if key == "ui-scale":
        return t(text, value=scale_words(st.ui_scale, t))
    if key == "ai-think":
        return t(text, value=f"{st.ai_think:g}")
    if key == "window":  # the size opened: the one chosen, or the largest the screen holds (app.py)
        w, h = fitted_window(st.window, pygame.display.get_desktop_sizes())
        return t(text, value=f"{w}x{h}")
    if key == "fullscreen":
        return t(text, state=t("on") if st.fullscreen else t("off"))
    if key in ("sound", "music"):
        value = getattr(st, key)
        return t(text, value=percent(value, t) if value else t("off"))
    return t(text)


def game_menu_items(v: GameView, entries: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """A game screen's menu entries with their words: leaving a battle tried from the editor goes back
    to the editor, and says so."""
    return [
        (key, v.t("menu_end_editor") if key == "end" and v.from_editor else menu_label(v, key, label))
        for key, label in entries
    ]


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
    items = game_menu_items(v, menus[v.menu])
    width = SETTINGS_WIDTH if v.menu == "settings" else 380  # settings say their values too
    v.menu_buttons = draw_menu(surf, v.t(titles[v.menu]), items, v.mouse, width)


def cycle(st: Settings, key: str) -> None:
    """One setting of SETTING_KEYS to its next value (remembered when the game closes)."""
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
    else:
        now = getattr(st, key)
        setattr(st, key, next((x for x in VOLUMES if x > now + 1e-9), VOLUMES[0]))


def change_setting(v: GameView, key: str) -> str | None:
    """Cycle one setting of SETTING_KEYS and show it at once; the Settings page stays open. "window"
    when the window's loop must make the window again (its size, full screen), else None."""
    cycle(v.settings, key)
    if key == "ai-think":
        v.ai.think = v.settings.ai_think
        v.ai.restart(v.match)  # its players are made with their budget
    v.menu = "settings"
    v.settings_changed(key)
    return "window" if key in ("window", "fullscreen") else None


class SettingsPage:
    """Settings over a screen that plays no game (the start screen): the game's page, drawn and
    clicked as in a game; the screen shows what changed (its words, the window)."""

    def __init__(self, settings: Settings, t: Texts) -> None:
        self.settings, self.t = settings, t
        self.buttons: list[tuple[pygame.Rect, str]] = []  # as last drawn

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int]) -> None:
        items = [(key, menu_label(self, key, label)) for key, label in SETTINGS]
        self.buttons = draw_menu(surf, self.t("menu_settings"), items, mouse, SETTINGS_WIDTH)

    def handle(self, ev: pygame.event.Event) -> str | None:
        """ "close" (Esc, Back), the key of a setting changed, or None."""
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return "close"
        if ev.type != pygame.MOUSEBUTTONDOWN or ev.button != 1:
            return None
        key = next((k for rect, k in self.buttons if rect.collidepoint(ev.pos)), None)
        if key == "menu":
            return "close"
        if key in SETTING_KEYS:
            cycle(self.settings, key)
        return key

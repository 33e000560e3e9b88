"""The battle's Esc menu: its entries, the settings it changes (each remembered when the game closes)
and the questions before leaving; the saves to load are browsed over it (game/ui/load_list.py)."""

from __future__ import annotations

import pygame

from game.content.locale import LANGUAGES, Texts
from game.content.rulesref import reference_for
from game.running.names import named
from game.running.narrate import names_of
from game.running.settings import COLOUR_BLIND, THINK, UI_SCALES, VOLUMES, fitted_window, next_window
from game.ui.battle_view import BattleView
from game.ui.menu import draw_menu

# the Esc menu and the questions before leaving: (what a button does, its label); the saves to load
# are browsed when it opens (game/ui/load_list.py)
MENUS = {
    "menu": (
        ("resume", "menu_resume"),
        ("save", "menu_save"),
        ("load", "menu_load"),
        ("settings", "menu_to_settings"),
        ("rules", "menu_rules"),
        ("end", "menu_end"),
        ("quit", "menu_quit"),
    ),
    "settings": (
        ("language", "set_language"),
        ("colour-blind", "set_colour_blind"),
        ("sound", "set_sound"),
        ("music", "set_music"),
        ("ui-scale", "set_ui_scale"),
        ("ai-think", "set_ai_think"),
        ("window", "set_window"),
        ("fullscreen", "set_fullscreen"),
        ("menu", "menu_back"),
    ),
    "quit": (
        ("save-quit", "menu_save_quit"),
        ("quit-now", "menu_quit_now"),
        ("resume", "menu_cancel"),
    ),
    "load-ask": (
        ("save-load", "menu_save_load"),
        ("load-now", "menu_load_now"),
        ("load", "menu_cancel"),
    ),
}
SETTINGS_WIDTH = 480  # pixels at UI scale 1: the settings' words and values fit in both languages
MENU_TITLES = {
    "menu": "menu_paused",
    "settings": "menu_settings",
    "quit": "menu_quit_title",
    "load-ask": "menu_load_title",
}


def menu_label(v: BattleView, key: str, text: str) -> str:
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
    if key in ("sound", "music"):
        value = getattr(st, key)
        return t(text, value=f"{round(value * 100)}%" if value else t("off"))
    return t(text)


def draw_battle_menu(v: BattleView, surf: pygame.Surface) -> None:
    """The Esc menu, or the question before quitting, over a darkened window."""
    v.menu_buttons = []
    if v.menu is None:
        return
    if v.menu == "load" and v.browser is not None:
        v.browser.draw(surf, v.mouse)
        return
    items = [(key, menu_label(v, key, label)) for key, label in MENUS[v.menu]]
    width = SETTINGS_WIDTH if v.menu == "settings" else 380  # settings say their values too
    v.menu_buttons = draw_menu(surf, v.t(MENU_TITLES[v.menu]), items, v.mouse, width)


def change_setting(v: BattleView, key: str) -> None:
    """Cycle one setting; it is remembered when the game closes."""
    st = v.settings
    if key == "language":
        names = list(LANGUAGES)
        st.language = names[(names.index(st.language) + 1) % len(names)]
        v.t = v.display.t = v.human.t = named(Texts(st.language, v.t.extra), v.match)
        v.names, v.objective_names = names_of(v.match.scenario.spec, st.language)
        v.log.sides, v.log.objectives = v.names, v.objective_names
        v.log.retell(v.t)
        v.human.info = v.human.describe()  # the decision in hand, in the new language
        b = v.battle
        v.reference = reference_for(st.language, b.rules.loaded_mods, b.stack.chosen)
    elif key == "colour-blind":
        st.colour_blind = not st.colour_blind
        spec = v.match.scenario.spec
        own = {s.id: s.colour for s in spec.sides}
        v.renderer.colours = dict(zip(own, COLOUR_BLIND, strict=False)) if st.colour_blind else own
        v._looks_key = None  # redraw the bases in their new colours
    elif key == "ui-scale":
        st.ui_scale = UI_SCALES[(UI_SCALES.index(st.ui_scale) + 1) % len(UI_SCALES)]
        v.layout(v.size)
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
        after = next((v for v in VOLUMES if v > now + 1e-9), VOLUMES[0])
        setattr(st, key, after)
        v.sounds.volume, v.sounds.music_volume = st.sound, st.music

"""The battle's Esc menu: its entries (Settings: game/ui/playing/settings_menu.py, the page every game
screen shares) and the questions before leaving; the saves to load are browsed over it
(game/ui/widgets/load_list.py)."""

from __future__ import annotations

import pygame

from game.ui.battle.view import BattleView
from game.ui.playing.settings_menu import SETTINGS, draw_game_menu

# the Esc menu and the questions before leaving: (what a button does, its label); the saves to load
# are browsed when it opens (game/ui/widgets/load_list.py)
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
    "settings": SETTINGS,
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
MENU_TITLES = {
    "menu": "menu_paused",
    "settings": "menu_settings",
    "quit": "menu_quit_title",
    "load-ask": "menu_load_title",
}


# a campaign's battle is saved, loaded and left with its war (its save is the campaign's): said so
IN_A_WAR = {
    "menu_save": "campaign_menu_save",
    "menu_load": "campaign_menu_load",
    "menu_quit_title": "campaign_quit_title",
    "menu_load_title": "campaign_load_title",
}


def draw_battle_menu(v: BattleView, surf: pygame.Surface) -> None:
    """The Esc menu, its Settings, or the question before quitting, over a darkened window."""
    if v.war is None:
        draw_game_menu(v, surf, MENUS, MENU_TITLES)
        return
    menus = {k: tuple((key, IN_A_WAR.get(said, said)) for key, said in items) for k, items in MENUS.items()}
    draw_game_menu(v, surf, menus, {k: IN_A_WAR.get(said, said) for k, said in MENU_TITLES.items()})

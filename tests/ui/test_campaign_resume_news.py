"""The Peninsular War resumed from a save made while its first battle is fought on the table: it opens
on that battle, not on turn 1's news again; quitting asks first while commands given are not saved,
and right after Ctrl+S (or the save's opening) leaves at once: nothing would be lost."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.running.saves import browse_saves
from game.running.settings import Settings
from game.ui.campaign.screen import CampaignScreen
from game.ui.opening import open_game
from game.ui.start.screen import Setup
from tests.ui.campaign_driver import frame, open_war, press, read_pages

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"


def ctrl_s(s: CampaignScreen) -> None:
    s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL))


def to_the_table(s: CampaignScreen, surf: pygame.Surface) -> None:
    """Turn 1's news read, orders and marches ended, the first battle stood and fought on the table."""
    for _ in range(400):
        frame(s, surf)
        read_pages(s, surf)
        if s.wants_table:
            return
        d = s.human_turn()
        if d is not None and d.kind in ("camp_orders", "camp_move"):
            press(s, surf, "pass")
        elif d is not None and d.kind == "camp_withdraw":
            press(s, surf, "stand")
        elif d is not None and d.kind == "camp_resolve":
            press(s, surf, "fight")
    raise AssertionError("no battle on the table")


def test_a_mid_battle_save_opens_on_its_battle_and_quits_at_once_once_saved(window: pygame.Surface) -> None:
    s = open_war(window, "human", "normal", path=PENINSULAR)
    try:
        assert s.ask_quit() == "quit"  # nothing given yet
        to_the_table(s, window)
        assert s.ask_quit() is None and s.menu == "quit"  # orders and marches given, not saved
        s.menu = None
        ctrl_s(s)
        assert s.ask_quit() == "quit" and s.menu is None
        (saved,) = [x for x in browse_saves() if not x.autosave]
        again = open_game(Setup(load=saved.path), window.get_size(), Settings())
        try:
            assert isinstance(again, CampaignScreen)
            frame(again, window)
            assert again.page is None and again.wants_table  # on the battle, turn 1's news not again
            assert again.ask_quit() == "quit"  # as it was saved
        finally:
            again.close()
    finally:
        s.close()

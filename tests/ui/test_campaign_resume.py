"""Issue 36: a campaign resumed exactly: a new turn's autosave is the start screen's Continue, which opens
the war where it stood (the same events, question and players, its battles' reports not told again);
a war saved while a battle of it is fought on the table opens on that battle at the command it stood."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.ai.players import make_player
from game.running.saves import browse_saves
from game.running.settings import Settings
from game.ui.campaign.screen import CampaignScreen
from game.ui.opening import open_game, table_screen
from game.ui.start.screen import Setup, StartScreen
from tests.ui.campaign_driver import (
    border_mod,
    fight_on_the_table,
    frame,
    march_on_the_enemy,
    open_war,
    press,
    until_human,
)


def test_a_new_turns_autosave_is_continued_from_the_start_screen_where_it_stood(
    window: pygame.Surface, tmp_path: Path
) -> None:
    mod = border_mod(tmp_path)
    s = open_war(window, al="heuristic", mod=mod)
    try:
        for _ in range(20):  # the first turn played (its battles resolved), the second begun
            until_human(s, window, "camp_orders")
            if s.war.turn >= 2:
                break
            press(s, window, "pass")
        frame(s, window)
        (auto,) = [x for x in browse_saves() if x.autosave and x.scenario == "border" and x.round == 2]
        start = StartScreen(window.get_size(), Setup(mods=[mod]))
        (button,) = start.resumes
        assert start.resumes[button] == auto.path and "turn 2" in button.text
        assert start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)) == "start"
        again = open_game(start.setup, window.get_size(), Settings())
        try:
            assert isinstance(again, CampaignScreen)
            done = again.play.campaign.commands  # the war as it stood when the turn began (its digest
            assert done == s.play.campaign.commands[: len(done)] and again.war.turn == 2  # checked by load)
            assert again.controllers == s.controllers == {"fr": "human", "al": "heuristic"}
            assert again.reported == s.reported  # a battle's report is not told again
            assert again.autosaved_turn == 2  # nor is the turn autosaved again on opening
        finally:
            again.close()
    finally:
        s.close()


def test_a_war_saved_mid_battle_on_the_table_opens_on_that_battle(
    window: pygame.Surface, tmp_path: Path
) -> None:
    mod = border_mod(tmp_path)
    s = open_war(window, al="heuristic", mod=mod)
    try:
        march_on_the_enemy(s, window)
        fight_on_the_table(s, window)
        b = table_screen(s, window.get_size(), Settings())
        me = make_player("heuristic", "fr", 3)
        for _ in range(40):  # a few of the battle's decisions, the player's and the computer's
            d = b.battle.pending
            if d.side == "fr":
                b.send(me.decide(b.battle, d))
            else:
                b.ai.wait_for_answer(30)
                b.update(0.05)
            b.display.skip()
        assert s.play.save(s.log)  # as Ctrl+S does on the battle screen
        (saved,) = [x for x in browse_saves() if x.scenario == "border" and not x.autosave]
        again = open_game(Setup(load=saved.path, mods=[mod]), window.get_size(), Settings())
        try:
            assert isinstance(again, CampaignScreen) and again.wants_table
            table = table_screen(again, window.get_size(), Settings())
            assert [e.to_dict() for e in table.battle.events] == [e.to_dict() for e in b.battle.events]
            assert table.battle.pending == b.battle.pending
            table.close()
        finally:
            again.close()
        b.close()
    finally:
        s.close()

"""Watching an Open Wars game again (a replay or a save): the file's commands sent one by one to an Open
Wars screen nobody plays; play and pause (Space), a command back and forth (Left, Right), a turn back
and forth (Page Up, Page Down), the start and the end (Home, End), a click on the bar to seek; the log
of the game so far in the panel, Tab its figures (game/ui/playing/replaying.py, as the battle's viewer)."""

from __future__ import annotations

from typing import Any

import pygame

from game.content.locale import ModeWords
from game.running.match import Match
from game.running.settings import SPEEDS
from game.ui import theme
from game.ui.open_wars.screen import AI_PAUSE, OpenWarsScreen
from game.ui.playing.replaying import REPLAY, Replaying
from game.ui.widgets.stats_view import draw_figures

STRIP_KEY = "ow_replay_strip"  # its words: turns, not rounds


class OpenWarsReplay(Replaying):
    screen: OpenWarsScreen

    def make_screen(self, m: Match, old: Any | None) -> OpenWarsScreen:
        sides = m.battle.game.sides if m.battle.game else []
        screen = OpenWarsScreen(m, dict.fromkeys(sides, REPLAY), self.size, self.settings)
        screen.autosaves = False  # watching writes nothing: its turns would rotate the player's autosaves out
        screen.reserved_top = self._strip_height(screen)  # the strip over the map hides none of it
        screen.layout(self.size)
        if isinstance(old, OpenWarsScreen):
            screen.speed_index = old.speed_index
        return screen

    def pause(self) -> float:
        return AI_PAUSE / SPEEDS[self.screen.speed_index]

    def strip_area(self) -> pygame.Rect:
        area = self.screen.area
        return pygame.Rect(area.x, area.y - self.screen.reserved_top, area.w, self.screen.reserved_top)

    def _strip_height(self, screen: OpenWarsScreen) -> int:
        width = screen.size[0] - theme.RIGHT_PANEL
        lines = self.words(screen.t, width, STRIP_KEY, longest=True)
        return 8 + len(lines) * theme.font(19).get_linesize() + 10 + 8

    def draw(self, surf: pygame.Surface) -> None:
        self.screen.draw(surf)
        self.draw_strip(surf, self.words(self.screen.t, self.strip_area().w, STRIP_KEY))
        if self.showing_figures:
            self.shade(surf)
            sc = self.screen
            t = ModeWords(sc.t, sc.campaign.stack.mode.base.prefix)  # tokens and turns, not units
            draw_figures(surf, self.figures, t, sc.names, sc.colours, sc.t("replay_figures_hint"))

    def handle(self, ev: pygame.event.Event) -> str | None:
        took = self.handle_keys(ev)
        if took is not None:
            return None if took == "done" else took
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            return None  # nobody plays: Enter sends nothing, Esc was the viewer's
        self.screen.handle(ev)  # the log's wheel, the hover boxes, F1
        return None

"""Watching a replay or a finished battle: play, pause, step and seek to any round in both directions,
at any speed (game/ui/playing/replaying.py). The viewer sends the replay's own commands to a battle
screen nobody plays; its strip stands over the table."""

from __future__ import annotations

from typing import Any

import pygame

from game.running.match import Match
from game.ui import theme
from game.ui.battle.screen import AI_PAUSE, SPEEDS, BattleScreen
from game.ui.playing.replaying import REPLAY, Replaying
from game.ui.widgets.stats_view import draw_figures


class ReplayViewer(Replaying):
    screen: BattleScreen

    def make_screen(self, m: Match, old: Any | None) -> BattleScreen:
        sides = m.battle.game.sides if m.battle.game else []
        screen = BattleScreen(m, dict.fromkeys(sides, REPLAY), self.size, self.settings)
        screen.autosaves = (
            False  # watching writes nothing: its rounds would rotate the player's autosaves out
        )
        screen.why_none = "why_replay"  # the file keeps the generals' orders, not their reasons
        screen.reserved_top = self._strip_height(screen)  # the strip over the table hides none of it
        screen.layout(self.size)
        screen.camera.fit(m.battle.table.width, m.battle.table.depth)
        if isinstance(old, BattleScreen):
            screen.camera, screen.speed_index = old.camera, old.speed_index
            screen.display.speed = old.display.speed
        return screen

    def pause(self) -> float:
        return AI_PAUSE / SPEEDS[self.screen.speed_index]

    def ready(self) -> bool:
        return not self.screen.display.busy

    def skip(self) -> None:
        self.screen.display.skip()

    def strip_area(self) -> pygame.Rect:
        x, y, w, _h = self.screen.camera.view
        return pygame.Rect(int(x), int(y) - self.screen.reserved_top, int(w), self.screen.reserved_top)

    def _strip_height(self, screen: BattleScreen) -> int:
        """The strip's room over the table: its words at their longest, the progress bar, margins."""
        lines = self.words(screen.t, int(screen.camera.view[2]), longest=True)
        return 8 + len(lines) * theme.font(19).get_linesize() + 10 + 8

    def _bar(self) -> pygame.Rect:
        return self.bar()

    def _words(self) -> list[str]:
        """Where the replay stands and its keys, wrapped to the table's width."""
        return self.words(self.screen.t, int(self.screen.camera.view[2]))

    def draw(self, surf: pygame.Surface) -> None:
        self.screen.draw(surf)
        self.draw_strip(surf, self._words())
        if self.showing_figures:
            self.shade(surf)
            sc = self.screen
            draw_figures(surf, self.figures, sc.t, sc.names, sc.renderer.colours, sc.t("replay_figures_hint"))

    def handle(self, ev: pygame.event.Event) -> str | None:
        took = self.handle_keys(ev)
        if took is not None:
            return None if took == "done" else took
        self.screen.handle(ev)
        return None

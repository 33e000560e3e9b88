"""Watching a replay or a finished battle: play, pause, step and seek to any round in both directions,
at any speed. The viewer sends the replay's own commands to a battle screen nobody plays; going back
is building the battle again from its start, as loading a save does."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import pygame

from game.content.mods import Mod
from game.model import commands as cmd
from game.running.match import Match, load, restart
from game.running.settings import Settings
from game.running.stats import figures
from game.ui import theme
from game.ui.battle.screen import AI_PAUSE, SPEEDS, BattleScreen
from game.ui.pacing import SOON, sooner
from game.ui.widgets.stats_view import draw_figures

REPLAY = "replay"  # the controller of every side: the file decides


class ReplayViewer:
    def __init__(
        self,
        source: Path | Match,
        mods: tuple[Mod, ...],
        size: tuple[int, int],
        settings: Settings | None = None,
    ) -> None:
        """`source`: a replay or save file, or a whole battle (a campaign's: campaign_battles.py)."""
        self.settings = settings or Settings()  # the player's language, palette, sound
        full = source if isinstance(source, Match) else load(source, mods)  # checked whole before shown
        self.commands: list[cmd.Command] = list(full.commands)
        self.first = full  # its identity (content, seed, modules) starts every fresh copy
        self.figures = figures(full)  # the whole file's, whichever point the viewer stands at
        self.showing_figures = False  # Tab
        full.battle.close()
        self.size = size
        self.round_at: list[int] = []  # the round each command was given in
        probe = self._fresh()
        for c in self.commands:
            self.round_at.append(probe.battle.game.round if probe.battle.game else 0)
            probe.apply(c)
        probe.battle.close()
        self.screen = self._screen(self._fresh())
        self.cursor = 0  # the next command to play
        self.playing = True
        self.wait = 0.0

    def _fresh(self) -> Match:
        return restart(self.first)

    def _screen(self, m: Match) -> BattleScreen:
        sides = m.battle.game.sides if m.battle.game else []
        screen = BattleScreen(m, dict.fromkeys(sides, REPLAY), self.size, self.settings)
        screen.autosaves = (
            False  # watching writes nothing: its rounds would rotate the player's autosaves out
        )
        screen.why_none = "why_replay"  # the file keeps the generals' orders, not their reasons
        screen.reserved_top = self._strip_height(screen)  # the strip over the table hides none of it
        screen.layout(self.size)
        screen.camera.fit(m.battle.table.width, m.battle.table.depth)
        return screen

    # --- the battle screen's interface, for the window's loop -------------------------------------

    @property
    def over(self) -> bool:
        return False  # a replay is left with Esc, whatever point it stands at

    def ask_quit(self) -> str:
        return "quit"  # nothing to lose: the file stays as it was

    def close(self) -> None:
        self.screen.close()

    def update(self, dt: float) -> None:
        self.screen.update(dt)
        if not self.playing or self.screen.display.busy or self.cursor >= len(self.commands):
            return
        self.wait -= dt
        if self.wait <= 0:
            self.step()
            self.wait = AI_PAUSE / SPEEDS[self.screen.speed_index]

    def pace(self) -> float | None:
        """The battle screen's, and while it plays, the pause before the next command."""
        playing = self.playing and self.cursor < len(self.commands) and not self.screen.display.busy
        return sooner(self.screen.pace(), max(SOON, self.wait) if playing else None)

    def stamp(self) -> Hashable:
        return id(self.screen), self.screen.stamp(), self.cursor, self.playing, self.showing_figures

    def draw(self, surf: pygame.Surface) -> None:
        self.screen.draw(surf)
        self._strip(surf)
        if self.showing_figures:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
            surf.blit(shade, (0, 0))
            sc = self.screen
            draw_figures(surf, self.figures, sc.t, sc.names, sc.renderer.colours, sc.t("replay_figures_hint"))

    def handle(self, ev: pygame.event.Event) -> str | None:
        if ev.type == pygame.VIDEORESIZE:  # the battle screens built by a seek take the new size too
            self.size = (ev.w, ev.h)
        if self.showing_figures and (
            (ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_ESCAPE))
            or (ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1)
        ):  # the figures put away, back to the replay where it stood (Esc left the replay)
            self.showing_figures = False
            return None
        if ev.type == pygame.KEYDOWN:
            k = ev.key
            seeks = {
                pygame.K_LEFT: self.cursor - 1,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.commands),
                pygame.K_PAGEUP: self.round_start(self.round_now() - 1),
                pygame.K_PAGEDOWN: self.round_start(self.round_now() + 1),
            }
            if k == pygame.K_ESCAPE:
                return "end"
            if k == pygame.K_TAB:
                self.showing_figures = not self.showing_figures
                return None
            if k == pygame.K_SPACE:
                self.playing = not self.playing
                return None
            if k == pygame.K_RIGHT:
                self.playing = False
                self.screen.display.skip()
                self.step()
                return None
            if k in seeks:
                self.seek(seeks[k])
                return None
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self._bar().collidepoint(ev.pos):
            bar = self._bar()
            self.seek(round((ev.pos[0] - bar.x) / bar.w * len(self.commands)))
            return None
        self.screen.handle(ev)
        return None

    # --- moving through the replay -----------------------------------------------------------------

    def step(self) -> None:
        if self.cursor < len(self.commands):
            self.screen.send(self.commands[self.cursor])
            self.cursor += 1

    def seek(self, index: int) -> None:
        """Stand just before command `index`: the battle is built again from its start."""
        index = max(0, min(len(self.commands), index))
        m = self._fresh()
        for c in self.commands[:index]:
            m.apply(c)
        old = self.screen
        self.screen = self._screen(m)
        self.screen.camera, self.screen.speed_index = old.camera, old.speed_index
        self.screen.display.speed = old.display.speed
        old.close()
        self.cursor, self.playing = index, False

    def round_now(self) -> int:
        g = self.screen.battle.game
        return g.round if g is not None else 0

    def round_start(self, rnd: int) -> int:
        """The first command given in a round (or the end, past the last round)."""
        return next((i for i, r in enumerate(self.round_at) if r >= rnd), len(self.commands))

    def _words(self, screen: BattleScreen | None = None, longest: bool = False) -> list[str]:
        """Where the replay stands and its keys, wrapped to the table's width (they ran into the panel);
        `longest`: as long as they may grow (the strip's room is kept for them)."""
        sc = screen or self.screen
        last = self.round_at[-1] if self.round_at else 0
        t = sc.t
        if longest:
            state = max(t("playing"), t("paused"), key=len)
        else:
            state = t("playing" if self.playing else "paused")
        text = t(
            "replay_strip",
            state=state,
            round=last if longest else self.round_now(),
            rounds=last,
            done=len(self.commands) if longest else self.cursor,
            total=len(self.commands),
        )
        return theme.wrap(text, theme.font(19), int(sc.camera.view[2]) - 20)

    def _strip_height(self, screen: BattleScreen) -> int:
        """The strip's room over the table: its words at their longest, the progress bar, margins."""
        return 8 + len(self._words(screen, longest=True)) * theme.font(19).get_linesize() + 10 + 8

    def _bar(self) -> pygame.Rect:
        x, y, w, _h = self.screen.camera.view
        return pygame.Rect(int(x) + 10, int(y) - 18, int(w) - 20, 10)

    def _strip(self, surf: pygame.Surface) -> None:
        """Where the replay stands, and how to move in it, in the room kept over the table (the dice
        show below it); its words wrap within the table's width."""
        x, y, w, _h = self.screen.camera.view
        strip = pygame.Rect(int(x), int(y) - self.screen.reserved_top, int(w), self.screen.reserved_top)
        pygame.draw.rect(surf, (15, 16, 20), strip)
        font = theme.font(19)
        for i, line in enumerate(self._words()):
            surf.blit(
                font.render(line, True, theme.TEXT), (strip.x + 10, strip.y + 6 + i * font.get_linesize())
            )
        bar = self._bar()
        pygame.draw.rect(surf, theme.PANEL_EDGE, bar, border_radius=4)
        done = bar.copy()
        done.w = int(bar.w * self.cursor / max(1, len(self.commands)))
        pygame.draw.rect(surf, theme.ACCENT, done, border_radius=4)

"""What both replay viewers do alike (For Glory's battle, game/ui/battle/replay.py; an Open Wars game,
game/ui/open_wars/replay.py): the file's commands sent one by one to a game screen nobody plays,
play and pause, step, seek to any command or turn in both directions (going back is building the game
again from its start, as loading a save does), the figures of the whole file (Tab), and the strip that
says where the replay stands with its progress bar. Each viewer says how its game screen is made and
where its strip goes."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pygame

from game.content.mods import Mod
from game.model import commands as cmd
from game.running.match import Match, load, restart
from game.running.settings import Settings
from game.running.stats import Figures, figures
from game.ui import theme
from game.ui.pacing import SOON, sooner

REPLAY = "replay"  # the controller of every side: the file decides


class Replaying:
    """A replay viewer over a game screen (`screen`, made by `make_screen`); `wait_done()` says when the
    screen has shown what the last command did (an animation, a pause)."""

    screen: Any  # the game screen the commands are sent to (BattleScreen, OpenWarsScreen)

    def __init__(
        self,
        source: Path | Match,
        mods: tuple[Mod, ...],
        size: tuple[int, int],
        settings: Settings | None = None,
    ) -> None:
        """`source`: a replay or save file, or a whole game (a campaign's battle: campaign_battles.py)."""
        self.settings = settings or Settings()  # the player's language, palette, sound
        full = source if isinstance(source, Match) else load(source, mods)  # checked whole before shown
        self.commands: list[cmd.Command] = list(full.commands)
        self.first = full  # its identity (content, seed, modules) starts every fresh copy
        self.figures: Figures = figures(full)  # the whole file's, whichever point the viewer stands at
        self.showing_figures = False  # Tab
        full.battle.close()
        self.size = size
        self.round_at: list[int] = []  # the round (turn) each command was given in
        probe = self._fresh()
        for c in self.commands:
            self.round_at.append(probe.battle.game.round if probe.battle.game else 0)
            probe.apply(c)
        probe.battle.close()
        self.screen = self.make_screen(self._fresh(), None)
        self.cursor = 0  # the next command to play
        self.playing = True
        self.wait = 0.0

    # --- what each viewer gives --------------------------------------------------------------------

    def make_screen(self, m: Match, old: Any | None) -> Any:
        """The game screen for the match, nobody playing it (`old`: the screen it replaces, whose view
        it keeps)."""
        raise NotImplementedError

    def pause(self) -> float:
        """Seconds between two commands at the screen's speed."""
        raise NotImplementedError

    def ready(self) -> bool:
        """Whether the screen has shown what the last command did."""
        return True

    def strip_area(self) -> pygame.Rect:
        """Where the strip goes (its words and its bar)."""
        raise NotImplementedError

    def draw(self, surf: pygame.Surface) -> None:
        """The game screen, the strip, and the figures when shown."""
        raise NotImplementedError

    def handle(self, ev: pygame.event.Event) -> str | None:
        """An event: the viewer's (`handle_keys`), else the game screen's; "end" to leave."""
        raise NotImplementedError

    # --- the window's interface --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return False  # a replay is left with Esc, whatever point it stands at

    def ask_quit(self) -> str:
        return "quit"  # nothing to lose: the file stays as it was

    def close(self) -> None:
        self.screen.close()

    def update(self, dt: float) -> None:
        self.screen.update(dt)
        if not self.playing or not self.ready() or self.cursor >= len(self.commands):
            return
        self.wait -= dt
        if self.wait <= 0:
            self.step()
            self.wait = self.pause()

    def pace(self) -> float | None:
        """The game screen's, and while it plays, the pause before the next command (game/ui/pacing.py)."""
        playing = self.playing and self.cursor < len(self.commands) and self.ready()
        return sooner(self.screen.pace(), max(SOON, self.wait) if playing else None)

    def stamp(self) -> Hashable:
        return id(self.screen), self.screen.stamp(), self.cursor, self.playing, self.showing_figures

    def handle_keys(self, ev: pygame.event.Event) -> str | None:
        """The viewer's keys and clicks: "end" (Esc), "done" for one it took, None for one it leaves to
        the game screen."""
        if ev.type == pygame.VIDEORESIZE:  # the screens built by a seek take the new size too
            self.size = (ev.w, ev.h)
        if self.showing_figures and (
            (ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_ESCAPE))
            or (ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1)
        ):  # the figures put away, back to the replay where it stood (Esc left the replay)
            self.showing_figures = False
            return "done"
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
                for box in ("why", "help"):  # a box over the replay is put away first, as in a battle
                    if getattr(self.screen, box, False):
                        setattr(self.screen, box, False)
                        return "done"
                return "end"
            if k == pygame.K_TAB:
                self.showing_figures = not self.showing_figures
                return "done"
            if k == pygame.K_SPACE:
                self.playing = not self.playing
                return "done"
            if k == pygame.K_RIGHT:
                self.playing = False
                self.skip()
                self.step()
                return "done"
            if k in seeks:
                self.seek(seeks[k])
                return "done"
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.bar().collidepoint(ev.pos):
            bar = self.bar()
            self.seek(round((ev.pos[0] - bar.x) / bar.w * len(self.commands)))
            return "done"
        return None

    def skip(self) -> None:
        """The screen's show of the last command cut short (a step forward by hand)."""

    # --- moving through the replay -----------------------------------------------------------------

    def _fresh(self) -> Match:
        return restart(self.first)

    def step(self) -> None:
        if self.cursor < len(self.commands):
            self.screen.send(self.commands[self.cursor])
            self.cursor += 1

    def seek(self, index: int) -> None:
        """Stand just before command `index`: the game is built again from its start."""
        index = max(0, min(len(self.commands), index))
        m = self._fresh()
        for c in self.commands[:index]:
            m.apply(c)
        old = self.screen
        self.screen = self.make_screen(m, old)
        old.close()
        self.cursor, self.playing = index, False

    def round_now(self) -> int:
        g = self.screen.match.battle.game
        return g.round if g is not None else 0

    def round_start(self, rnd: int) -> int:
        """The first command given in a round (or the end, past the last round)."""
        return next((i for i, r in enumerate(self.round_at) if r >= rnd), len(self.commands))

    # --- the strip -----------------------------------------------------------------------------------

    def words(self, t: Any, width: int, key: str = "replay_strip", longest: bool = False) -> list[str]:
        """Where the replay stands and its keys, wrapped to `width`; `longest`: as long as they may grow
        (the room a strip keeps for them)."""
        last = self.round_at[-1] if self.round_at else 0
        if longest:
            state = max(t("playing"), t("paused"), key=len)
        else:
            state = t("playing" if self.playing else "paused")
        text = t(
            key,
            state=state,
            round=last if longest else self.round_now(),
            rounds=last,
            done=len(self.commands) if longest else self.cursor,
            total=len(self.commands),
        )
        return theme.wrap(text, theme.font(19), width - 20)

    def bar(self) -> pygame.Rect:
        area = self.strip_area()
        return pygame.Rect(area.x + 10, area.bottom - 18, area.w - 20, 10)

    def draw_strip(self, surf: pygame.Surface, lines: list[str]) -> None:
        """The strip: its words and the progress bar, filled as far as the replay stands."""
        strip = self.strip_area()
        pygame.draw.rect(surf, (15, 16, 20), strip)
        font = theme.font(19)
        for i, line in enumerate(lines):
            surf.blit(
                font.render(line, True, theme.TEXT), (strip.x + 10, strip.y + 6 + i * font.get_linesize())
            )
        bar = self.bar()
        pygame.draw.rect(surf, theme.PANEL_EDGE, bar, border_radius=4)
        done = bar.copy()
        done.w = int(bar.w * self.cursor / max(1, len(self.commands)))
        pygame.draw.rect(surf, theme.ACCENT, done, border_radius=4)

    def shade(self, surf: pygame.Surface) -> None:
        """The game dimmed under the figures (Tab)."""
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surf.blit(shade, (0, 0))

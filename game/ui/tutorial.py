"""The first battle that teaches: a battle screen against the computer with a prompt over the table
saying what to do next. The prompt waits: it moves on only when the commands the player sent and the
events they brought show he has done it (game/running/tutorial.py), or, for a step that only tells, when he
presses Next (or Enter). The battle itself is never changed."""

from __future__ import annotations

import pygame

from game.running.match import new_match
from game.running.settings import Settings
from game.running.tutorial import Lessons, Progress, Step, load_lessons
from game.ui import theme
from game.ui.battle_screen import BattleScreen

HUMAN, COMPUTER = "human", "heuristic"


class TutorialScreen:
    """The battle screen's interface for the window's loop, with the lessons laid over it."""

    def __init__(
        self, size: tuple[int, int], settings: Settings | None = None, lessons: Lessons | None = None
    ):
        self.lessons = lessons or load_lessons()
        m = new_match(self.lessons.scenario, self.lessons.seed)
        sides = m.battle.game.sides  # type: ignore[union-attr]
        self.screen = BattleScreen(m, {sides[0]: HUMAN, sides[1]: COMPUTER}, size, settings)
        self.progress = Progress(self.lessons, sides[0])
        self.seen = 0  # the commands already read
        self.next_button: pygame.Rect | None = None
        self.shown = ""  # the prompt's words as last drawn

    # --- the battle screen's interface ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.screen.over

    @property
    def speed_index(self) -> int:
        return self.screen.speed_index

    @speed_index.setter
    def speed_index(self, value: int) -> None:
        self.screen.speed_index = value

    def ask_quit(self) -> str | None:
        return self.screen.ask_quit()

    def close(self) -> None:
        self.screen.close()

    def update(self, dt: float) -> None:
        self.screen.update(dt)
        self.read()

    def handle(self, ev: pygame.event.Event) -> str | None:
        step = self.step
        if step is not None and step.next:
            clicked = (
                ev.type == pygame.MOUSEBUTTONDOWN
                and ev.button == 1
                and self.next_button is not None
                and self.next_button.collidepoint(ev.pos)
            )
            if clicked or (ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
                self.progress.press_next()
                return None
        return self.screen.handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        self.screen.draw(surf)
        self._prompt(surf)

    # --- the lessons ---------------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        return self.progress.current(self.screen.battle.pending)

    def read(self) -> None:
        """Read the commands sent since the last frame with the events each brought (an undo takes
        commands back: they are read again when sent again)."""
        sc = self.screen
        commands = sc.match.commands
        self.seen = min(self.seen, len(commands))
        for i in range(self.seen, len(commands)):
            start = sc.marks[i - 1] if i > 0 else sc.first_event
            self.progress.observe(commands[i], sc.sent_by[i], sc.battle.events[start : sc.marks[i]])
        self.seen = len(commands)

    def _prompt(self, surf: pygame.Surface) -> None:
        """The step's words in a box at the top of the table, with Next when the step only tells. Under
        the mouse the box all but fades, so the table below it can be seen and clicked."""
        step = self.step
        self.next_button, self.shown = None, ""
        if step is None:
            return
        t = self.screen.t
        self.shown = t(f"tutorial_{step.id}")
        x, y, w, _h = (int(v) for v in self.screen.camera.view)
        width = min(720, w - 40)
        font, head = theme.font(19), theme.font(17)
        lines = theme.wrap(self.shown, font, width - 32)
        title = t("tutorial_step", n=self.progress.number, total=len(self.lessons.steps))
        height = 20 + head.get_height() + len(lines) * (font.get_height() + 2) + (44 if step.next else 10)
        box = pygame.Rect(x + (w - width) // 2, y + 56, width, height)
        card = pygame.Surface(box.size, pygame.SRCALPHA)
        card.fill((20, 22, 26, 235))
        pygame.draw.rect(card, theme.ACCENT, card.get_rect(), 2, border_radius=8)
        card.blit(head.render(title, True, theme.ACCENT), (16, 10))
        ty = 14 + head.get_height()
        for line in lines:
            card.blit(font.render(line, True, theme.TEXT), (16, ty))
            ty += font.get_height() + 2
        if step.next:
            label = font.render(t("tutorial_next"), True, theme.BACKGROUND)
            button = label.get_rect(bottomright=(width - 16, height - 10)).inflate(24, 10)
            pygame.draw.rect(card, theme.ACCENT, button, border_radius=6)
            card.blit(label, label.get_rect(center=button.center))
            self.next_button = button.move(box.topleft)
        mouse = pygame.mouse.get_pos()
        if box.collidepoint(mouse) and not (self.next_button and self.next_button.collidepoint(mouse)):
            card.set_alpha(50)
        surf.blit(card, box)

"""The first battle that teaches: a battle screen against the computer with the lesson in a strip of
its own under the table, so it never covers the table (the deployment zones, the officers, the round's
banner) and every menu, the help and the references cover it in turn. The lesson waits: it moves on
only when the commands the player sent and the events they brought show he has done it
(game/running/tutorial.py), or, for a step that only tells, when he presses Next (or Enter). H folds the strip
to one line, giving its room back to the table. The battle itself is never changed."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.content.glossary import Term, glossary
from game.model.words import decimal
from game.running.match import Match, new_match
from game.running.settings import Settings
from game.running.tutorial import LESSONS, Lessons, Progress, Step, load_lessons
from game.ui import theme
from game.ui.battle.screen import BattleScreen
from game.ui.palette import colour_name

HUMAN, COMPUTER = "human", "heuristic"
PAD = 8  # pixels inside the strip's card, at UI scale 1


class TutorialScreen:
    """The battle screen's interface for the window's loop, with the lessons laid over it."""

    def __init__(
        self,
        size: tuple[int, int],
        settings: Settings | None = None,
        lessons: Lessons | None = None,
        resumed: tuple[Match, dict[str, str], set[str]] | None = None,
    ):
        """A new first battle, or one `resumed` from its save: its battle, players and lessons done."""
        self.lessons = lessons or load_lessons()
        if resumed is None:
            m = new_match(self.lessons.scenario, self.lessons.seed)
            sides = m.battle.game.sides  # type: ignore[union-attr]
            players, done = {sides[0]: HUMAN, sides[1]: COMPUTER}, set[str]()
        else:
            m, players, done = resumed
            sides = m.battle.game.sides  # type: ignore[union-attr]
        self.screen = BattleScreen(m, players, size, settings)
        self.progress = Progress(self.lessons, sides[0], done)
        self.screen.kept = lambda: {LESSONS: sorted(self.progress.done)}  # a save resumes the lessons
        self.seen = 0  # the commands of this screen already read
        self.next_button: pygame.Rect | None = None
        self.fold_button: pygame.Rect | None = None
        self.folded = False  # the strip shows its title line only
        self.shown = ""  # the prompt's words as last drawn
        self._room: tuple[tuple[object, ...], int] | None = None  # the strip's height, by what sizes it
        self.screen.under_modals.append(self._prompt)
        self.make_room(fit=True)

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

    def pace(self) -> float | None:
        return self.screen.pace()

    def stamp(self) -> Hashable:
        """The battle's, and the lessons done (a lesson moves on with the commands read)."""
        return self.screen.stamp(), len(self.progress.done)

    def handle(self, ev: pygame.event.Event) -> str | None:
        sc = self.screen
        if ev.type == pygame.VIDEORESIZE:  # the strip's room, then the table fitted above it
            left = sc.handle(ev)
            self.make_room(fit=True)
            return left
        modal = sc.menu is not None or sc.rules is not None
        clicked = ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and not modal
        typed = ev.type == pygame.KEYDOWN and not modal
        if (clicked and self.fold_button and self.fold_button.collidepoint(ev.pos)) or (
            typed and ev.key == pygame.K_h
        ):
            self.folded = not self.folded
            self.make_room()
            return None
        step = self.step
        if step is not None and step.next and not self.folded:
            on_next = clicked and self.next_button is not None and self.next_button.collidepoint(ev.pos)
            if on_next or (typed and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
                self.progress.press_next()
                return None
        return sc.handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        self.screen.draw(surf)  # the lesson's strip is drawn in it, under its menus (self._prompt)

    # --- the lessons ---------------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        return self.progress.current(self.screen.battle.pending)

    def read(self) -> None:
        """Read the commands sent since the last frame with the events each brought and the decision
        each answered (an undo takes commands back: they are read again when sent again)."""
        sc = self.screen
        commands = sc.match.commands[sc.first_command :]  # a save's were read before it was saved
        self.seen = min(self.seen, len(commands))
        for i in range(self.seen, len(commands)):
            start = sc.marks[i - 1] if i > 0 else sc.first_event
            events = sc.battle.events[start : sc.marks[i]]
            self.progress.observe(commands[i], sc.sent_by[i], events, sc.answered[i])
        self.seen = len(commands)

    def words(self, step: Step) -> tuple[str, list[Term]]:
        """A step's prompt, its measures in the ruleset's inches, and the glossary's terms it names."""
        sc = self.screen
        measures = sc.battle.rules.core.measures
        inches = {code: decimal(v, sc.t) for code, v in measures.items()}
        terms = {g.key: g for g in glossary(sc.t.language, measures)}
        # the player's side by the colour it is drawn in (the colour-blind palette's when it is on)
        colour = sc.t(f"colour_{colour_name(sc.renderer.colours[self.progress.side])}")
        return sc.t(f"tutorial_{step.id}", colour=colour, **inches), [terms[k] for k in step.terms]

    def _lines(self, step: Step, width: int) -> list[tuple[str, pygame.font.Font, theme.Colour]]:
        prompt, terms = self.words(step)
        font, small = theme.font(19), theme.font(17)
        out = [(line, font, theme.TEXT) for line in theme.wrap(prompt, font, width)]
        for g in terms:
            out += [(line, small, theme.TEXT_DIM) for line in theme.wrap(f"{g.term}: {g.text}", small, width)]
        return out

    def make_room(self, fit: bool = False) -> None:
        """Keep the strip's room under the table: as tall as the longest lesson in this language and
        width (so the table does not jump from step to step), or one line when folded."""
        sc = self.screen
        width = sc.size[0] - theme.RIGHT_PANEL - 2 * theme.px(PAD) - 12
        key = (sc.t.language, width, theme.SCALE, self.folded)
        if self._room is None or self._room[0] != key:
            head = theme.font(17).get_linesize() + 2 * theme.px(PAD) + 12
            button = theme.font(19).get_linesize() + 14  # Next, under the words of a step that tells
            tallest = max(
                sum(f.get_linesize() for _l, f, _c in self._lines(s, width)) + (button if s.next else 0)
                for s in self.lessons.steps
            )
            self._room = (key, head if self.folded else head + tallest + theme.px(PAD))
        room = 0 if self.progress.current() is None else self._room[1]  # the lessons over: all table
        if sc.reserved != room:
            sc.reserved = room
            sc.layout(sc.size)
            if fit:
                sc.camera.fit(sc.battle.table.width, sc.battle.table.depth)

    def _prompt(self, surf: pygame.Surface) -> None:
        """The step's words in the strip under the table, with Next when the step only tells, and the
        fold button; the glossary's terms it names under them."""
        step = self.step
        self.next_button, self.fold_button, self.shown = None, None, ""
        if step is None:
            return
        sc = self.screen
        self.make_room()
        t, pad = sc.t, theme.px(PAD)
        x, y, w, h = (int(v) for v in sc.camera.view)
        box = pygame.Rect(x + 6, y + h + 6, w - 12, sc.reserved - 12)
        pygame.draw.rect(surf, (20, 22, 26), box, border_radius=8)
        pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=8)
        head = theme.font(17)
        title = t("tutorial_step", done=self.progress.done_count(), total=len(self.lessons.steps))
        surf.blit(head.render(title, True, theme.ACCENT), (box.x + pad, box.y + pad))
        fold = head.render(t("tutorial_show" if self.folded else "tutorial_hide"), True, theme.TEXT_DIM)
        self.fold_button = fold.get_rect(topright=(box.right - pad, box.y + pad)).inflate(12, 4)
        pygame.draw.rect(surf, (45, 47, 52), self.fold_button, border_radius=4)
        surf.blit(fold, fold.get_rect(center=self.fold_button.center))
        self.shown = self.words(step)[0]
        if self.folded:
            return
        ty = box.y + pad + head.get_linesize() + 4
        for line, font, colour in self._lines(step, box.w - 2 * pad):
            surf.blit(font.render(line, True, colour), (box.x + pad, ty))
            ty += font.get_linesize()
        if step.next:
            label = theme.font(19).render(t("tutorial_next"), True, theme.BACKGROUND)
            button = label.get_rect().inflate(24, 10)
            button.bottomright = (box.right - pad, box.bottom - pad)
            pygame.draw.rect(surf, theme.ACCENT, button, border_radius=6)
            surf.blit(label, label.get_rect(center=button.center))
            self.next_button = button

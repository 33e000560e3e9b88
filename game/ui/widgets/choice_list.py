"""A panel's choices as buttons in the rows it has room for (Open Wars' and the campaign's): all when
they fit; else the end of the phase kept at the bottom, always reachable, and the others scrolled by the
mouse wheel over them or Page Up/Down, with a line saying how many more are above and below."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

import pygame

from game.content.locale import Texts
from game.model import commands as cmd
from game.ui import theme

PINNED = "pass"  # the key of the choice that ends the phase: never scrolled away
BUTTON_H, BUTTON_STEP = 28, 32  # a button's height and the step to the next, before theme.px


@dataclass(frozen=True)
class Choice:
    """A button of a panel: what it sends (or, without a command, what it selects), its words, why it
    is greyed or what it does."""

    key: str
    label: str
    command: cmd.Command | None = None
    hint: str = ""
    enabled: bool = True


@dataclass(frozen=True)
class Labels:
    """How a panel's buttons fit their words: the font sizes, largest first, and the margin each side."""

    sizes: tuple[int, ...]
    margin: int


class Keyed(Protocol):
    @property
    def key(self) -> str: ...


C = TypeVar("C", bound=Keyed)


def in_rows(choices: Sequence[C], rows: int, first: int, t: Texts) -> tuple[list[C | str], int]:
    """What to draw in `rows` rows, the line of what is above and below as a string; and the first of
    the scrolled choices shown, `first` brought within range (the wheel moves it without knowing)."""
    if len(choices) <= max(1, rows):
        return list(choices), 0
    pinned = [ch for ch in choices if ch.key == PINNED]
    rest = [ch for ch in choices if ch.key != PINNED]
    room = max(1, rows - len(pinned) - 1)  # a row for the line of what is above and below
    first = max(0, min(first, len(rest) - room))
    more = more_line(t, first, max(0, len(rest) - first - room))
    return [*rest[first : first + room], more, *pinned], first


def more_line(t: Texts, above: int, below: int) -> str:
    """How many more are above and below, each side said only where there are some."""
    if above and below:
        return t("choices_more", above=above, below=below)
    return t("choices_more_above", above=above) if above else t("choices_more_below", below=below)


@dataclass
class ChoiceList:
    """Where a panel's choices were last drawn (the wheel over them scrolls them) and the first of the
    scrolled ones shown (0 for a new question: the screen's to say when it is one)."""

    area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    first: int = 0

    def lay_out(
        self, choices: Sequence[C], area: pygame.Rect, button: tuple[int, int], t: Texts
    ) -> list[C | str]:
        """What to draw in `area`, a row each of `button`'s (height, step), the last needing no gap
        under it (`in_rows`)."""
        height, step = button
        self.area = area
        shown, self.first = in_rows(choices, max(1, (area.h - height) // step + 1), self.first, t)
        return shown

    def draw(
        self,
        surf: pygame.Surface,
        choices: Sequence[Choice],
        area: pygame.Rect,
        mouse: tuple[int, int],
        labels: Labels,
        t: Texts,
    ) -> tuple[list[tuple[pygame.Rect, Choice]], int]:
        """The choices as buttons in `area`, all in one size, scrolled when they do not all fit: the
        buttons drawn with their rects, and the y under the last row."""
        step = theme.px(BUTTON_STEP)
        shown = self.lay_out(choices, area, (theme.px(BUTTON_H), step), t)
        room = area.w - 2 * labels.margin
        one = replace(labels, sizes=theme.one_size(((ch.label, room) for ch in choices), labels.sizes))
        drawn: list[tuple[pygame.Rect, Choice]] = []
        row = pygame.Rect(area.x, area.y - step, area.w, theme.px(BUTTON_H))
        for ch in shown:
            row = row.move(0, step)
            if isinstance(ch, str):
                draw_more(surf, ch, row.inflate(-2 * labels.margin, 0))
            else:
                draw_button(surf, ch, row, mouse, one)
                drawn.append((row, ch))
        return drawn, max(area.y, row.bottom)

    def handle(self, ev: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """The wheel over the choices, or Page Up/Down, scrolls them a choice a step (drawing keeps
        them within: `in_rows`). Whether it took the event."""
        if ev.type == pygame.MOUSEWHEEL and self.area.collidepoint(mouse):
            self.first = max(0, self.first - ev.y)
            return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.first = max(0, self.first + (1 if ev.key == pygame.K_PAGEDOWN else -1))
            return True
        return False


def draw_more(surf: pygame.Surface, line: str, row: pygame.Rect) -> None:
    """The line of what is above and below, in the row of a button."""
    text = theme.font(16).render(theme.cut(line, theme.font(16), row.w), True, theme.TEXT_DIM)
    surf.blit(text, text.get_rect(midleft=(row.x, row.centery)))


def button_label(label: str, width: int, sizes: tuple[int, ...]) -> tuple[pygame.font.Font, str]:
    """A button's label in the largest of `sizes` that holds it whole, else cut after its last whole
    word that fits, with an ellipsis (its hover box then says it whole)."""
    for size in sizes:
        font = theme.font(size)
        if font.size(label)[0] <= width:
            return font, label
    return font, theme.cut(label, font, width)


def draw_button(
    surf: pygame.Surface, ch: Choice, rect: pygame.Rect, mouse: tuple[int, int], labels: Labels
) -> None:
    """A choice's button: lit under the mouse, greyed when it cannot be taken."""
    hover = rect.collidepoint(mouse) and ch.enabled
    colour = (95, 100, 110) if hover else (70, 74, 82) if ch.enabled else (48, 50, 55)
    pygame.draw.rect(surf, colour, rect, border_radius=5)
    font, label = button_label(ch.label, rect.w - 2 * labels.margin, labels.sizes)
    text = font.render(label, True, theme.TEXT if ch.enabled else theme.TEXT_DIM)
    surf.blit(text, text.get_rect(midleft=(rect.x + labels.margin, rect.centery)))

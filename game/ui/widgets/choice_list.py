"""A panel's choices in the rows it has room for (Open Wars' and the campaign's): all when they fit;
else the end of the phase kept at the bottom, always reachable, and the others scrolled by the mouse
wheel over them or Page Up/Down, with a line saying how many more are above and below."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

import pygame

from game.content.locale import Texts
from game.ui import theme

PINNED = "pass"  # the key of the choice that ends the phase: never scrolled away


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
    more = t("choices_more", above=first, below=max(0, len(rest) - first - room))
    return [*rest[first : first + room], more, *pinned], first


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

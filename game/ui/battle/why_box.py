""" "Why?": the box of a computer general's reasons for its decision (their words:
game/running/why_words.py)."""

from __future__ import annotations

import pygame

from game.ui import theme


def draw_why(surf: pygame.Surface, view: pygame.Rect, lines: list[str], hint: str) -> pygame.Rect:
    """The box at the bottom left of the table, as tall as its lines; returns where it was drawn."""
    font = theme.font(18)
    width = min(view.w - 40, 760)
    indent = 24
    wrapped = []  # (line number, detail line?, text): a detail line is indented and dimmer
    for n, line in enumerate(lines):
        detail = line.startswith("    ")
        room = width - 24 - (indent if detail else 0)
        wrapped += [(n, detail, part) for part in theme.wrap(line.strip(), font, room)]
    height = (len(wrapped) + 1) * font.get_linesize() + 24
    box = pygame.Rect(view.x + 20, view.bottom - height - 20, width, height)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((20, 22, 26, 235))
    surf.blit(shade, box)
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=6)
    y = box.y + 12
    for n, detail, part in wrapped:
        colour = theme.ACCENT if n == 0 else theme.TEXT_DIM if detail else theme.TEXT
        surf.blit(font.render(part, True, colour), (box.x + 12 + (indent if detail else 0), y))
        y += font.get_linesize()
    surf.blit(font.render(hint, True, theme.TEXT_DIM), (box.x + 12, y))
    return box

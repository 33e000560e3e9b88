"""A menu over the darkened window (the Esc menu, the question before quitting), for every screen."""

from __future__ import annotations

import pygame

from game.ui import theme


def draw_menu(
    surf: pygame.Surface, title: str, items: list[tuple[str, str]], mouse: tuple[int, int]
) -> list[tuple[pygame.Rect, str]]:
    """Draw `items` (what a button does, its words) as buttons under `title`; returns where each is."""
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 160))
    surf.blit(shade, (0, 0))
    box = pygame.Rect(0, 0, 380, 90 + 46 * len(items))
    box.center = surf.get_rect().center
    pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
    head = theme.font(36).render(title, True, theme.ACCENT)
    surf.blit(head, head.get_rect(midtop=(box.centerx, box.y + 18)))
    out = []
    for i, (key, label) in enumerate(items):
        rect = pygame.Rect(box.x + 30, box.y + 70 + 46 * i, box.w - 60, 36)
        hover = rect.collidepoint(mouse)
        pygame.draw.rect(surf, (95, 100, 110) if hover else (70, 74, 82), rect, border_radius=5)
        text = theme.font(22).render(label, True, theme.TEXT)
        surf.blit(text, text.get_rect(center=rect.center))
        out.append((rect, key))
    return out

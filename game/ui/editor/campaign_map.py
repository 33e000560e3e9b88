"""A place of a campaign on the editor's map, as the campaign's own screen draws it (game/ui/campaign/
war_map.py): a marker of its ground's colour ringed in the colour of the side that holds it at the
start, battlements over a fortress and its walls' strength (CAMP-DEC-20), its gold, a flag where a
historical battle's ground is (CAMP-DEC-7), a chip beside it for each army standing there at the
start, and its name under it. Thirty-five places of Spain and Portugal fit where cards would hide one
another."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.drawing.map_cards import GOLD, GROUND
from game.ui.editor import drawn

MARKER = 26  # a marker's side, in pixels
PICKED = 10  # pixels around a marker that still pick it
NAME_ROOM = 120  # a name's width under its marker at most (its whole name is in the panel)
ARMIES_SHOWN = 6  # chips drawn beside a marker at most: more stand there than room
INK = (20, 20, 20)
NEUTRAL = (90, 90, 90)


def marker(
    surf: pygame.Surface,
    loc: dict[str, Any],
    rect: pygame.Rect,
    holder: theme.Colour | None,
    armies: list[theme.Colour],
) -> None:
    ring = holder or NEUTRAL
    walls = loc.get("fortress")
    if type(walls) is int and walls:  # battlements over it, the walls' strength over them
        step = max(3, rect.w // 5)
        for x in range(rect.left, rect.right - step + 1, step * 2):
            pygame.draw.rect(surf, ring, (x, rect.top - step + 1, step, step))
        tag = theme.font(13, scaled=False).render(drawn.figure(walls), True, theme.TEXT)
        box = tag.get_rect(bottomright=(rect.left - 2, rect.top))
        pygame.draw.rect(surf, (25, 28, 30), box.inflate(4, 0), border_radius=3)
        surf.blit(tag, box)
    pygame.draw.rect(surf, GROUND.get(str(loc.get("type")), (110, 110, 110)), rect, border_radius=4)
    pygame.draw.rect(surf, ring, rect, 3 if holder else 1, border_radius=4)
    gold = loc.get("gold")
    if type(gold) is int and gold:
        pygame.draw.circle(surf, GOLD, rect.center, rect.w // 3)
        figure = theme.font(12, scaled=False).render(drawn.figure(gold), True, INK)
        surf.blit(figure, figure.get_rect(center=rect.center))
    if loc.get("battlefield"):  # a flag on its top right corner
        pole = (rect.right - 2, rect.top - 12)
        pygame.draw.line(surf, INK, pole, (pole[0], rect.top + 4), 2)
        pygame.draw.polygon(surf, theme.ACCENT, [pole, (pole[0] + 10, pole[1] + 4), (pole[0], pole[1] + 8)])
    for k, colour in enumerate(armies[:ARMIES_SHOWN]):
        chip = pygame.Rect(rect.right + 4 + (k // 2) * 13, rect.top + (k % 2) * 13, 11, 11)
        pygame.draw.rect(surf, colour, chip, border_radius=3)
        pygame.draw.rect(surf, theme.TEXT, chip, 1, border_radius=3)


def name_under(surf: pygame.Surface, name: str, rect: pygame.Rect) -> None:
    """A place's name under its marker, shadowed so it reads over links; cut to its room."""
    font = theme.font(13, scaled=False)
    words = theme.cut(name[:200], font, NAME_ROOM, whole_words=False)
    label = font.render(words, True, theme.TEXT)
    at = label.get_rect(midtop=(rect.centerx, rect.bottom + 2))
    surf.blit(font.render(words, True, (10, 10, 10)), at.move(1, 1))
    surf.blit(label, at)

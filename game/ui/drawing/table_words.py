"""Words laid on the table around their pieces (objectives' names, officers' initiative, the rule
modules' tags, units' names): each in the first place around its piece that covers nothing drawn,
keeps clear of the words already laid and stays on the table and in the view."""

from __future__ import annotations

import pygame

from game.ui import theme

WORD_GAP = 8  # pixels between two words laid on the table (4 each side)
OPPOSITE = {
    "midtop": "midbottom",
    "midbottom": "midtop",
    "midleft": "midright",
    "midright": "midleft",
    "bottomleft": "topright",
    "bottomright": "topleft",
    "topleft": "bottomright",
    "topright": "bottomleft",
}
PLACES = {  # the corner or side of a word that touches its piece, best first
    "side": ("midtop", "midbottom", "midleft", "midright"),  # a unit's name: below, above, right, left
    "objective": ("midtop", "midbottom", "midleft", "midright"),
    "corner": ("bottomleft", "bottomright", "topleft", "topright"),  # a tag: outside a corner
    "officer": ("bottomleft", "midleft", "topleft", "bottomright", "midright", "topright"),
}

# a word to lay: its rendered text, its piece's rect on screen, where it goes (a key of PLACES), and
# the colour of the plate's edge it sits on (None: no plate)
Word = tuple[pygame.Surface, pygame.Rect, str, theme.Colour | None]


def lay_words(
    surf: pygame.Surface, view: pygame.Rect, words: list[Word], blocked: list[pygame.Rect]
) -> list[pygame.Rect]:
    """Draw the words in their order, each where it covers nothing of `blocked` nor a word laid before
    it; a word with no such place is left out, but an objective's is always laid (further out, with a
    line to its star, if need be). Returns where each word went."""
    placed: list[pygame.Rect] = []
    for text, piece, where, plate in words:
        if not piece.colliderect(view):  # scrolled out of sight (or, in a hostile file, far off the table)
            continue
        box = text.get_rect().inflate(6, 2) if plate else text.get_rect()
        gaps = (2, 24, 48, 80) if where == "objective" else (2,)
        around = [c for gap in gaps for c in _around(box, piece, where, gap)]
        spot = next(
            (
                c
                for c in around
                # a word keeps a few pixels from the next, so two names never read as one
                if view.contains(c)
                and c.collidelist(blocked) < 0
                and c.inflate(WORD_GAP, WORD_GAP // 2).collidelist(placed) < 0
            ),
            around[0].clamp(view) if where == "objective" else None,
        )
        if spot is None:
            continue
        if not spot.inflate(8, 8).colliderect(piece):  # laid further out: a line back to its star
            end = (
                min(max(piece.centerx, spot.left), spot.right),
                min(max(piece.centery, spot.top), spot.bottom),
            )
            pygame.draw.line(surf, theme.TEXT_DIM, piece.center, end, 1)
        if plate is not None:  # a dark plate: readable on any colour under it
            pygame.draw.rect(surf, theme.PANEL, spot, border_radius=3)
            pygame.draw.rect(surf, plate, spot, 1, border_radius=3)
        surf.blit(text, text.get_rect(center=spot.center))
        placed.append(spot)
    return placed


def _around(box: pygame.Rect, piece: pygame.Rect, where: str, gap: int = 2) -> list[pygame.Rect]:
    """The places for a word of box's size around a piece, best first, each just clear of it."""
    out = []
    for anchor in PLACES[where]:
        x, y = getattr(piece, OPPOSITE[anchor])
        dx = gap if "left" in anchor else -gap if "right" in anchor else 0
        dy = gap if "top" in anchor else -gap if "bottom" in anchor else 0
        spot = box.copy()
        setattr(spot, anchor, (x + dx, y + dy))
        out.append(spot)
    return out

"""Words laid on the table around their pieces (objectives' names, officers' initiative, the rule
modules' tags, units' names): each in the first place around its piece that covers nothing drawn,
keeps clear of the words already laid and stays on the table and in the view. A unit's name is laid
only where it reads as that unit's: clear of every other piece by more than it is from its own, so a
name under a line of bases never reads as its neighbour's; a name with no such place is left out
(hovering the unit names it)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme

WORD_GAP = (16, 6)  # pixels kept between two words laid on the table, across and up: never read as one
CLEAR = 8  # pixels a unit's name keeps from every piece but its own (it is 2 from its own)
# the places of a word around its piece, best first: (the word's point, the piece's point it touches)
PLACES = {
    "side": (  # a unit's name: below, above, right, left; then below or above, flush with an end
        ("midtop", "midbottom"),
        ("midbottom", "midtop"),
        ("midleft", "midright"),
        ("midright", "midleft"),
        ("topleft", "bottomleft"),
        ("topright", "bottomright"),
        ("bottomleft", "topleft"),
        ("bottomright", "topright"),
    ),
    "objective": (
        ("midtop", "midbottom"),
        ("midbottom", "midtop"),
        ("midleft", "midright"),
        ("midright", "midleft"),
        ("topleft", "bottomright"),
        ("topright", "bottomleft"),
        ("bottomleft", "topright"),
        ("bottomright", "topleft"),
    ),
    "corner": (  # a tag: outside a corner
        ("bottomleft", "topright"),
        ("bottomright", "topleft"),
        ("topleft", "bottomright"),
        ("topright", "bottomleft"),
    ),
    "officer": (
        ("bottomleft", "topright"),
        ("midleft", "midright"),
        ("topleft", "bottomright"),
        ("bottomright", "topleft"),
        ("midright", "midleft"),
        ("topright", "bottomleft"),
    ),
}
OBJECTIVE_GAPS = (2, 24, 48, 80)  # an objective's name goes further out, with a line to its star

# a word to lay: its rendered text, its piece's rect on screen, where it goes (a key of PLACES), and
# the colour of the plate's edge it sits on (None: no plate)
Word = tuple[pygame.Surface, pygame.Rect, str, theme.Colour | None]


@dataclass(frozen=True)
class Laid:
    """Where a word went, beside which piece, as what (a key of PLACES)."""

    rect: pygame.Rect
    piece: pygame.Rect
    where: str


def lay_words(
    surf: pygame.Surface, view: pygame.Rect, words: list[Word], blocked: list[pygame.Rect]
) -> list[Laid]:
    """Draw the words in their order, each where it covers nothing of `blocked` nor a word laid before
    it (a unit's name also keeping CLEAR of every piece of `blocked` but its own); a word with no such
    place is left out, but an objective's is always laid (further out, with a line to its star, if
    need be). Returns where each word went."""
    laid: list[Laid] = []
    placed: list[pygame.Rect] = []
    for text, piece, where, plate in words:
        if not piece.colliderect(view):  # scrolled out of sight (or, in a hostile file, far off the table)
            continue
        box = text.get_rect().inflate(6, 2) if plate else text.get_rect()
        gaps = OBJECTIVE_GAPS if where == "objective" else (2,)
        around = [c for gap in gaps for c in _around(box, piece, where, gap)]
        spot = next(
            (
                c
                for c in around
                if view.contains(c)
                and c.collidelist(blocked) < 0
                and c.inflate(*WORD_GAP).collidelist(placed) < 0
                and (where != "side" or _clear(c, piece, blocked))
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
        laid.append(Laid(spot, piece, where))
    return laid


def _clear(spot: pygame.Rect, piece: pygame.Rect, blocked: list[pygame.Rect]) -> bool:
    """A unit's name here reads as its piece's: no other piece within CLEAR pixels of it."""
    near = spot.inflate(2 * CLEAR, 2 * CLEAR).collidelistall(blocked)
    return all(blocked[i] == piece for i in near)


def _around(box: pygame.Rect, piece: pygame.Rect, where: str, gap: int = 2) -> list[pygame.Rect]:
    """The places for a word of box's size around a piece, best first, each `gap` pixels clear of it."""
    out = []
    for anchor, point in PLACES[where]:
        x, y = getattr(piece, point)
        dx = (
            gap
            if "left" in anchor and "right" in point
            else -gap
            if "right" in anchor and "left" in point
            else 0
        )
        dy = (
            gap
            if "top" in anchor and "bottom" in point
            else -gap
            if "bottom" in anchor and "top" in point
            else 0
        )
        spot = box.copy()
        setattr(spot, anchor, (x + dx, y + dy))
        out.append(spot)
    return out

"""The campaign's map on screen: its places where the campaign file puts them (a marker of the place's
ground, ringed in the colour of the side that holds it; a fortress with its battlements, a siege
ringed in red), the roads between them (game/ui/drawing/map_cards.py, as Open Wars draws its links),
each place's name, the garrison (its brigades on a tower beside the marker), and the armies (a chip
in the side's colour: its brigades and its commander) beside it where they cover least of the rest.
What the player may click is lit, with a badge (a march's movement); the army in hand is outlined.
Where each army's chip was drawn is kept, for the clicks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.drawing.map_cards import GROUND, NEUTRAL, badge, draw_links, swords
from game.ui.palette import ink_on
from systems.campaign.forces import Army
from systems.campaign.state import War

MARGIN = 0.07  # of the area kept free at each side: the names and chips of the outer places
CHIP_H = 16  # pixels: an army's chip
NAME_SIZE, CHIP_SIZE = 14, 14  # the places' names, the chips' words
SMALL, LARGE = 14, 30  # a place's marker, in pixels, as the area grows


@dataclass
class WarMap:
    war: War
    colours: dict[str, theme.Colour]  # side -> colour
    place_name: Callable[[str], str]  # a place's name in the player's language
    chip_name: Callable[[Army], str]  # what an army's chip says besides its brigades (its commander)
    centres: dict[str, tuple[int, int]] = field(default_factory=dict)
    size: int = SMALL  # a marker's side
    chips: list[tuple[pygame.Rect, Army]] = field(default_factory=list)  # as last drawn
    area: pygame.Rect = field(default_factory=pygame.Rect)  # the map's: a chip keeps within it
    # words drawn before, by (text, size, colour): a frame of the map draws the same names again
    rendered: dict[tuple[str, int, theme.Colour], pygame.Surface] = field(default_factory=dict)

    def words(self, text: str, size: int, colour: theme.Colour) -> pygame.Surface:
        key = (text, size, colour)
        if key not in self.rendered:
            if len(self.rendered) > 2000:  # a long war's changing chips: never without bound
                self.rendered.clear()
            self.rendered[key] = theme.font(size, scaled=False).render(text, True, colour)
        return self.rendered[key]

    def layout(self, area: pygame.Rect) -> None:
        """The places over the area, the campaign's own extent (0..100 each way) stretched to it."""
        places = list(self.war.places.values())
        inner = area.inflate(-int(area.w * MARGIN * 2), -int(area.h * MARGIN * 2))
        xs, ys = [p.at[0] for p in places], [p.at[1] for p in places]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        self.centres = {
            p.id: (
                int(inner.x + inner.w * ((p.at[0] - x0) / (x1 - x0) if x1 > x0 else 0.5)),
                int(inner.y + inner.h * ((p.at[1] - y0) / (y1 - y0) if y1 > y0 else 0.5)),
            )
            for p in places
        }
        self.size = max(SMALL, min(LARGE, min(area.w, area.h) // 36))
        self.area = area

    def marker(self, loc: str) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.size, self.size)
        r.center = self.centres[loc]
        return r

    def place_at(self, pos: tuple[int, int]) -> str | None:
        """The place whose marker (or its name's row under it) is under `pos`."""
        for loc in self.centres:
            r = self.marker(loc).inflate(12, 12)
            if r.collidepoint(pos):
                return loc
        return None

    def army_at(self, pos: tuple[int, int]) -> Army | None:
        return next((a for r, a in reversed(self.chips) if r.collidepoint(pos)), None)

    def draw(
        self,
        surf: pygame.Surface,
        marked: dict[str, str],
        path: tuple[str, ...] = (),
        selected: str | None = None,
        chosen: Army | None = None,
        fighting: str | None = None,
        hover: str | None = None,
    ) -> None:
        """`marked`: the places the player may click, each with its badge ("" for none); `chosen`: the
        army in hand; `fighting`: the place of the battle being fought or about to be."""
        w = self.war
        draw_links(surf, w, self.centres, path, width=3)
        for loc in self.centres:
            self._place(surf, loc, loc in marked, loc in (selected, hover))
        towers = {loc: tower for loc in self.centres if (tower := self._garrison(surf, loc)) is not None}
        taken = [
            *(self.marker(loc).inflate(8, 12) for loc in self.centres),  # with the battlements
            *towers.values(),
            *(self.name_box(loc) for loc in self.centres),
        ]
        self.chips = []
        for loc in self.centres:  # after every place and tower: a chip is never drawn over
            self._armies(surf, loc, chosen, towers.get(loc), taken)
        for loc in self.centres:  # over the chips of the places around: the name is always read
            self._name(surf, loc, loc == hover)
        if fighting is not None and fighting in self.centres:
            m = self.marker(fighting)
            swords(surf, (m.right + 2, m.top - 2))
        for loc, text in marked.items():
            if text:
                m = self.marker(loc)
                badge(surf, text, (m.right - 2, m.top - 22))

    def _place(self, surf: pygame.Surface, loc: str, lit: bool, selected: bool) -> None:
        w = self.war
        p = w.places[loc]
        m = self.marker(loc)
        holder = w.control.get(loc)
        ring = self.colours.get(holder, NEUTRAL) if holder else NEUTRAL
        if lit:
            pygame.draw.rect(surf, theme.ACCENT, m.inflate(10, 10), border_radius=6)
        if selected:
            pygame.draw.rect(surf, theme.TEXT, m.inflate(8, 8), 2, border_radius=6)
        pygame.draw.rect(surf, GROUND[p.type], m, border_radius=4)
        pygame.draw.rect(surf, ring, m, 3 if holder else 1, border_radius=4)
        if p.fortress:  # battlements over the marker, the walls' strength inside it
            step = max(3, m.w // 5)
            for x in range(m.left, m.right - step + 1, step * 2):
                pygame.draw.rect(surf, ring, (x, m.top - step + 1, step, step))
            label = self.words(str(p.fortress), 12, ink_on(GROUND[p.type]))
            surf.blit(label, label.get_rect(center=m.center))
        if loc in w.sieges:
            pygame.draw.circle(surf, theme.BAD, m.center, m.w, 3)

    def name_box(self, loc: str) -> pygame.Rect:
        """Where the place's name is, under its marker."""
        m = self.marker(loc)
        return self.words(self.place_name(loc), NAME_SIZE, theme.TEXT).get_rect(
            midtop=(m.centerx, m.bottom + 2)
        )

    def _name(self, surf: pygame.Surface, loc: str, hover: bool) -> None:
        text = self.place_name(loc)
        at = self.name_box(loc)
        surf.blit(self.words(text, NAME_SIZE, (10, 10, 10)), at.move(1, 1))
        surf.blit(self.words(text, NAME_SIZE, theme.ACCENT if hover else theme.TEXT), at)

    def _armies(
        self,
        surf: pygame.Surface,
        loc: str,
        chosen: Army | None,
        tower: pygame.Rect | None,
        taken: list[pygame.Rect],
    ) -> None:
        """The armies there, a chip each, one under the other, beside the marker where they cover least
        of what is `taken` (the places, towers and names, the chips drawn before; the map's edge): to
        its right, its left (beyond the garrison's tower), above it, under its name."""
        armies = self.war.armies_at(loc)
        if not armies:
            return
        shown = []
        for a in armies:
            colour = self.colours.get(a.side, NEUTRAL)
            fill = theme.darker(colour, 0.55) if a.moved or a.rested or a.fought else colour
            shown.append(
                (a, colour, fill, self.words(f"{a.size()} {self.chip_name(a)}", CHIP_SIZE, ink_on(fill)))
            )
        column = pygame.Rect(
            0, 0, max(label.get_width() for *_x, label in shown) + 8, len(armies) * (CHIP_H + 2) - 2
        )
        spot, align = min(self._spots(loc, column, tower), key=lambda s: self._covered(s[0], taken))
        taken.append(spot)
        y = spot.y
        for a, colour, fill, label in shown:
            chip = pygame.Rect(0, y, label.get_width() + 8, CHIP_H)
            setattr(chip, align, getattr(spot, align))  # towards the marker
            pygame.draw.rect(surf, fill, chip, border_radius=4)
            pygame.draw.rect(surf, theme.darker(colour, 0.45), chip, 1, border_radius=4)
            if a is chosen:
                pygame.draw.rect(surf, theme.ACCENT, chip.inflate(4, 4), 2, border_radius=5)
            surf.blit(label, label.get_rect(midleft=(chip.x + 4, chip.centery)))
            self.chips.append((chip, a))
            y += CHIP_H + 2

    def _spots(
        self, loc: str, column: pygame.Rect, tower: pygame.Rect | None
    ) -> list[tuple[pygame.Rect, str]]:
        """Where a place's column of chips may go, in the order tried, each with the side its chips keep
        to."""
        m = self.marker(loc)
        left = tower.left if tower is not None else m.left
        beside = m.inflate(0, 12)  # clear of the battlements
        return [
            (column.move_to(midleft=(m.right + 4, m.centery)), "left"),
            (column.move_to(midright=(left - 4, m.centery)), "right"),
            (column.move_to(midbottom=(m.centerx, beside.top - 2)), "centerx"),
            (column.move_to(midtop=(m.centerx, self.name_box(loc).bottom + 2)), "centerx"),
        ]

    def _covered(self, r: pygame.Rect, taken: list[pygame.Rect]) -> int:
        """How much of what is drawn a rectangle would cover, and how much of it is off the map."""
        inside = r.clip(self.area)
        off = r.w * r.h - inside.w * inside.h
        return 2 * off + sum(c.w * c.h for t in taken if (c := r.clip(t)).w)

    def _garrison(self, surf: pygame.Surface, loc: str) -> pygame.Rect | None:
        """The garrison's tower to the marker's left, its brigades on it; where it is."""
        g = self.war.garrison_at(loc)
        if g is None:
            return None
        m = self.marker(loc)
        colour = self.colours.get(g.side, NEUTRAL)
        label = self.words(str(len(g.brigades)), CHIP_SIZE, ink_on(colour))
        tower = pygame.Rect(0, 0, label.get_width() + 8, CHIP_H)
        tower.midright = (m.left - 4, m.centery)
        pygame.draw.rect(surf, colour, tower)
        for x in range(tower.left, tower.right - 2, 5):  # its battlements
            pygame.draw.rect(surf, colour, (x, tower.top - 3, 3, 3))
        surf.blit(label, label.get_rect(center=tower.center))
        return tower.inflate(0, 6)

"""The campaign's map on screen: its places where the campaign file puts them (a marker of the place's
ground, ringed in the colour of the side that holds it; a fortress with its battlements, a siege
ringed in red), the roads between them (game/ui/drawing/map_cards.py, as Open Wars draws its links),
each place's name, the garrison (its brigades on a tower beside the marker), and the armies (a chip
in the side's colour: its brigades and its commander) beside it where they cover nothing else, a line
to the marker where they stand off its side; a side's armies that fit nowhere free stand in one stacked
chip (their brigades, a commander and how many more), fanned out under the mouse. What the player may
click is lit, with a badge (a march's movement) beside it where it covers least; the army in hand is
outlined. Where each army's chip was drawn is kept, for the clicks."""

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
STACK = 4  # pixels: how far a stack's cards show behind its chip
NAME_SIZE, CHIP_SIZE = 14, 14  # the places' names, the chips' words
SMALL, LARGE = 14, 30  # a place's marker, in pixels, as the area grows


@dataclass(frozen=True)
class Chip:
    """An army's chip, or a side's armies stacked at a place in one: its words and its size."""

    armies: tuple[Army, ...]
    colour: theme.Colour
    fill: theme.Colour  # dimmed once every army of it has marched, rested or fought this turn
    label: pygame.Surface
    size: pygame.Rect


@dataclass
class WarMap:
    war: War
    colours: dict[str, theme.Colour]  # side -> colour
    place_name: Callable[[str], str]  # a place's name in the player's language
    chip_name: Callable[[Army], str]  # what an army's chip says besides its brigades (its commander)
    centres: dict[str, tuple[int, int]] = field(default_factory=dict)
    size: int = SMALL  # a marker's side
    chips: list[tuple[pygame.Rect, Army]] = field(default_factory=list)  # as last drawn, a fan's last
    stacks: list[tuple[pygame.Rect, Chip]] = field(default_factory=list)  # a side's armies in one chip
    fan: tuple[pygame.Rect, tuple[Army, ...]] | None = None  # the stack fanned out: where, its armies
    badges: dict[str, pygame.Rect] = field(default_factory=dict)  # the marches' badges, as last drawn
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
        mouse: tuple[int, int] | None = None,
    ) -> None:
        """`marked`: the places the player may click, each with its badge ("" for none); `chosen`: the
        army in hand; `fighting`: the place of the battle being fought or about to be; `mouse`: where the
        mouse is on the map (a stack under it fans out), None when it is elsewhere or covered."""
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
        columns = [
            (loc, self._armies(loc, chips, chosen, towers.get(loc), taken))
            for loc, chips in self._columns(chosen)
        ]
        placed = [placing for _loc, column in columns for placing in column]
        self.chips = [(r, c.armies[0]) for r, c in placed if len(c.armies) == 1]
        self.stacks = [(r, c) for r, c in placed if len(c.armies) > 1]
        for loc, column in columns:  # a column off its marker's side points to it
            self._tie(surf, self.marker(loc), column)
        for rect, c in placed:  # after every place and tower: a chip is never drawn over
            self._draw_chip(surf, rect, c, chosen)
        for loc in self.centres:  # over the chips of the places around: the name is always read
            self._name(surf, loc, loc == hover)
        if fighting is not None and fighting in self.centres:
            m = self.marker(fighting)
            swords(surf, (m.right + 2, m.top - 2))
        taken += [r for r, _c in placed]
        self.badges = {}
        for loc, text in marked.items():
            if text:
                self._badge(surf, loc, text, taken)
        self._fan(surf, mouse, chosen)

    def _badge(self, surf: pygame.Surface, loc: str, text: str, taken: list[pygame.Rect]) -> None:
        """A march's badge beside its marker where it covers least of the other places, the names, the
        chips and the badges before it (over the marker's top right where that is free)."""
        m = self.marker(loc)
        box = theme.font(18).render(text, True, theme.TEXT).get_rect().inflate(10, 4)
        spots = [
            box.move_to(bottomleft=(m.right - 7, m.top + 4)),
            box.move_to(bottomright=(m.left + 7, m.top + 4)),
            box.move_to(midbottom=(m.centerx, m.top - 4)),
            box.move_to(topleft=(m.right + 2, m.bottom - 4)),
            box.move_to(topright=(m.left - 2, m.bottom - 4)),
            box.move_to(midleft=(m.right + 2, m.centery)),
            box.move_to(midright=(m.left - 2, m.centery)),
        ]
        others = [r for r in taken if not r.colliderect(m)]
        at = min(spots, key=lambda r: self._covered(r, others))
        badge(surf, text, (at.x + 5, at.y + 2))
        self.badges[loc] = at
        taken.append(at)

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

    def _columns(self, chosen: Army | None) -> list[tuple[str, list[Chip]]]:
        """Each place's chips, the most crowded places first (they have the fewest spots that fit)."""
        out = []
        for loc in self.centres:
            armies = self.war.armies_at(loc)
            if armies:
                out.append((loc, [self._chip([a], chosen) for a in armies]))
        return sorted(out, key=lambda c: -len(c[1]))

    def _chip(self, armies: list[Army], chosen: Army | None) -> Chip:
        """A chip of one army (its brigades and commander), or of a side's armies stacked at a place (their
        brigades, the commander of the one in hand or of the largest, and how many more there are)."""
        first = chosen if chosen in armies else max(armies, key=lambda a: a.size())
        colour = self.colours.get(first.side, NEUTRAL)
        spent = all(a.moved or a.rested or a.fought for a in armies)
        fill = theme.darker(colour, 0.55) if spent else colour
        said = f"{sum(a.size() for a in armies)} {self.chip_name(first)}"
        if len(armies) > 1:
            said += f" +{len(armies) - 1}"
        label = self.words(said, CHIP_SIZE, ink_on(fill))
        extra = STACK if len(armies) > 1 else 0  # the cards drawn behind a stack
        return Chip(
            tuple(armies),
            colour,
            fill,
            label,
            pygame.Rect(0, 0, label.get_width() + 8 + extra, CHIP_H + extra),
        )

    def _armies(
        self,
        loc: str,
        chips: list[Chip],
        chosen: Army | None,
        tower: pygame.Rect | None,
        taken: list[pygame.Rect],
    ) -> list[tuple[pygame.Rect, Chip]]:
        """Where a place's chips go, one under the other, beside the marker where they cover least of what
        is `taken` (the places, towers and names, the chips placed before; the map's edge). A place whose
        armies fit nowhere free stacks each side's armies in one chip: the mouse over it fans them out."""
        spot, align = self._spot(loc, chips, tower, taken)
        sides = self._sides(chips)
        if self._covered(spot, taken) and any(len(same) > 1 for same in sides.values()):
            chips = [self._chip([a for c in same for a in c.armies], chosen) for same in sides.values()]
            spot, align = self._spot(loc, chips, tower, taken)
        taken.append(spot)
        out, y = [], spot.y
        for c in chips:
            rect = c.size.move(0, y)
            setattr(rect, align, getattr(spot, align))  # towards the marker
            out.append((rect, c))
            y += rect.h + 2
        return out

    def _spot(
        self, loc: str, chips: list[Chip], tower: pygame.Rect | None, taken: list[pygame.Rect]
    ) -> tuple[pygame.Rect, str]:
        column = pygame.Rect(0, 0, max(c.size.w for c in chips), sum(c.size.h + 2 for c in chips) - 2)
        return min(self._spots(loc, column, tower), key=lambda s: self._covered(s[0], taken))

    @staticmethod
    def _sides(chips: list[Chip]) -> dict[str, list[Chip]]:
        """A place's chips by side, in the order the sides' first armies came."""
        out: dict[str, list[Chip]] = {}
        for c in chips:
            out.setdefault(c.armies[0].side, []).append(c)
        return out

    @staticmethod
    def _tie(surf: pygame.Surface, m: pygame.Rect, column: list[tuple[pygame.Rect, Chip]]) -> None:
        """A line from a marker to its chips where they stand off it (at a corner, over its name)."""
        box = column[0][0].unionall([r for r, _c in column])
        to = (min(max(m.centerx, box.left), box.right), min(max(m.centery, box.top), box.bottom))
        start = (min(max(to[0], m.left), m.right), min(max(to[1], m.top), m.bottom))
        if abs(to[0] - start[0]) + abs(to[1] - start[1]) > 8:
            pygame.draw.line(surf, theme.TEXT_DIM, start, to, 2)

    def _draw_chip(self, surf: pygame.Surface, rect: pygame.Rect, c: Chip, chosen: Army | None) -> None:
        face = rect
        if len(c.armies) > 1:  # the stack's cards behind its face, up and to the right
            face = pygame.Rect(rect.x, rect.y + STACK, rect.w - STACK, rect.h - STACK)
            for step in (STACK, STACK // 2):
                card = face.move(step, -step)
                pygame.draw.rect(surf, c.fill, card, border_radius=4)
                pygame.draw.rect(surf, theme.darker(c.colour, 0.45), card, 1, border_radius=4)
        pygame.draw.rect(surf, c.fill, face, border_radius=4)
        pygame.draw.rect(surf, theme.darker(c.colour, 0.45), face, 1, border_radius=4)
        if chosen in c.armies:
            pygame.draw.rect(surf, theme.ACCENT, face.inflate(4, 4), 2, border_radius=5)
        surf.blit(c.label, c.label.get_rect(midleft=(face.x + 4, face.centery)))

    def _fan(self, surf: pygame.Surface, mouse: tuple[int, int] | None, chosen: Army | None) -> None:
        """The stack under the mouse (or the fan it opened, while the mouse stays on it) fanned out over
        the map: a chip for each of its armies, on a backdrop, within the map."""
        if mouse is None:
            self.fan = None
            return
        if self.fan is None or not self.fan[0].collidepoint(mouse):
            stack = next((c for r, c in self.stacks if r.collidepoint(mouse)), None)
            self.fan = None if stack is None else (self._fanned(stack), stack.armies)
        if self.fan is None:
            return
        box, armies = self.fan
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surf, theme.ACCENT, box, 1, border_radius=6)
        y = box.y + 4
        for a in armies:
            c = self._chip([a], chosen)
            rect = c.size.move(box.x + 4, y)
            self._draw_chip(surf, rect, c, chosen)
            self.chips.append((rect, a))
            y += CHIP_H + 2

    def _fanned(self, stack: Chip) -> pygame.Rect:
        """Where a stack's fan opens: from the stack's place, down (up where the map ends), within it."""
        at = next(r for r, c in self.stacks if c is stack)
        width = max(self._chip([a], None).size.w for a in stack.armies) + 8
        box = pygame.Rect(at.x - 4, at.y - 4, max(width, at.w + 8), len(stack.armies) * (CHIP_H + 2) + 6)
        if box.bottom > self.area.bottom:
            box.bottom = at.bottom + 4
        return box.clamp(self.area)

    def _spots(
        self, loc: str, column: pygame.Rect, tower: pygame.Rect | None
    ) -> list[tuple[pygame.Rect, str]]:
        """Where a place's column of chips may go, in the order tried, each with the side its chips keep
        to: to its right, its left (beyond the garrison's tower), above it, under its name, then at its
        corners."""
        m = self.marker(loc)
        left = tower.left if tower is not None else m.left
        beside = m.inflate(0, 12)  # clear of the battlements
        name = self.name_box(loc)
        return [
            (column.move_to(midleft=(m.right + 4, m.centery)), "left"),
            (column.move_to(midright=(left - 4, m.centery)), "right"),
            (column.move_to(midbottom=(m.centerx, beside.top - 2)), "centerx"),
            (column.move_to(midtop=(m.centerx, name.bottom + 2)), "centerx"),
            (column.move_to(bottomleft=(m.right + 2, beside.top)), "left"),
            (column.move_to(bottomright=(left - 2, beside.top)), "right"),
            (column.move_to(topleft=(max(m.right, name.right) + 4, m.bottom)), "left"),
            (column.move_to(topright=(min(left, name.left) - 4, m.bottom)), "right"),
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

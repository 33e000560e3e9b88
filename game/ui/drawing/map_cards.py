"""The Open Wars map on screen: location cards where the map file places them, the links between
them, who holds each, the stacks on it with their counts; and what the player is choosing among
(highlighted cards with a badge: a path's cost, a city to recruit in) and a path being weighed. The
campaign's map (game/ui/campaign/war_map.py) draws its places, links, badges and figures with these."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.palette import ink_on
from systems.open_wars.state import Campaign, Stack

GROUND: dict[str, theme.Colour] = {
    "plain": (150, 168, 92),
    "city": (168, 158, 146),
    "forest": (62, 110, 64),
    "mountain": (128, 114, 96),
    "desert": (206, 182, 120),
    "water": (70, 118, 178),
}
NEUTRAL = (95, 95, 95)
GOLD = (236, 196, 70)
MANA = (120, 170, 255)
SHIELD = (190, 196, 208)  # an army's value
SEAL = (150, 92, 196)  # a special card's mark (OW-LOC-7)
ICON = 15  # a figure's icon and the room after it
LINK = (118, 112, 96)
WATER_LINK = (96, 142, 198)
CARD_SHAPE = 0.85  # a card's height over its width
CARD_GAP = 10  # pixels kept between two cards at least
SMALLEST, LARGEST = 96, 210  # a card's width
# a location's name on its card: the first (size, most lines) that holds it whole, a little smaller on
# one line, else on two, else a single long word smaller still (theme.fitted_lines)
NAME_FITS = ((18, 1), (16, 1), (16, 2), (14, 2), (13, 1), (12, 1))
NAME_PAD = 4  # pixels between a card's name and its head's edge or its entry cost
ROW = 19  # a row of stack chips, 16 pixels high
MORE = 22  # the room "+n" takes after a row's last chip


def initials(name: str) -> str:
    """A token's short label: the first letters of its name's words, its little words left out (Dwarf
    warriors: DW; Jinetes de lobo: JL)."""
    words = [w for w in name.split() if len(w) > 3 or not w.islower()] or name.split()
    return "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else name[:2].capitalize()


@dataclass
class MapView:
    campaign: Campaign
    colours: dict[str, theme.Colour]  # player -> colour
    names: dict[str, str]  # location -> its name in the player's language
    language: str = "en"  # the player's: the units' labels are made from their names in it
    cards: dict[str, pygame.Rect] = field(default_factory=dict)
    chips: list[tuple[pygame.Rect, Stack]] = field(default_factory=list)  # where each stack is drawn
    unshown: dict[str, int] = field(default_factory=dict)  # location -> stacks without room, said "+n"

    def layout(self, area: pygame.Rect) -> None:
        """Cards as large as they can be without touching, their centres where the map file puts
        them (0..100 each way)."""
        for w in range(LARGEST, SMALLEST - 1, -4):
            self.cards = self._cards(area, w, int(w * CARD_SHAPE))
            rects = list(self.cards.values())
            gap = [r.inflate(CARD_GAP, CARD_GAP) for r in rects]
            if all(a.collidelist(gap[i + 1 :]) < 0 for i, a in enumerate(gap)):
                return

    def _cards(self, area: pygame.Rect, w: int, h: int) -> dict[str, pygame.Rect]:
        """The map's own extent (its cards' places) stretched over the area."""
        inner = area.inflate(-w - 24, -h - 24)
        places = [loc.at for loc in self.campaign.map.spec.locations]
        x0, x1 = min(p[0] for p in places), max(p[0] for p in places)
        y0, y1 = min(p[1] for p in places), max(p[1] for p in places)
        out = {}
        for loc in self.campaign.map.spec.locations:
            x, y = loc.at
            fx = (x - x0) / (x1 - x0) if x1 > x0 else 0.5
            fy = (y - y0) / (y1 - y0) if y1 > y0 else 0.5
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (int(inner.x + inner.w * fx), int(inner.y + inner.h * fy))
            out[loc.id] = rect
        return out

    def card_at(self, pos: tuple[int, int]) -> str | None:
        return next((loc for loc, r in self.cards.items() if r.collidepoint(pos)), None)

    def chip_at(self, pos: tuple[int, int]) -> Stack | None:
        return next((s for r, s in self.chips if r.collidepoint(pos)), None)

    def draw(
        self,
        surf: pygame.Surface,
        marked: dict[str, str],
        path: tuple[str, ...] = (),
        selected: str | None = None,
        fighting: str | None = None,
        chosen: Stack | None = None,
        dim: bool = False,
    ) -> None:
        """`marked`: the cards the player may click, each with its badge ("" for none); `dim`: grey
        the others (a stack is choosing where to go)."""
        draw_links(surf, self.campaign, {loc: r.center for loc, r in self.cards.items()}, path)
        self.chips = []
        for loc, rect in self.cards.items():
            self._card(surf, loc, rect, loc in marked, dim and loc not in marked and loc != selected, chosen)
            if loc == fighting:
                pygame.draw.rect(surf, theme.BAD, rect.inflate(12, 12), 4, border_radius=12)
                swords(surf, (rect.right - 4, rect.top + 4))
            if loc == selected:
                pygame.draw.rect(surf, theme.TEXT, rect.inflate(10, 10), 3, border_radius=12)
            if marked.get(loc):
                badge(surf, marked[loc], (rect.left + 4, rect.top - 12))

    def _card(
        self, surf: pygame.Surface, loc: str, rect: pygame.Rect, marked: bool, dim: bool, chosen: Stack | None
    ) -> None:
        c = self.campaign
        spec = c.location(loc)
        ground = GROUND[spec.type]
        holder = c.control[loc]
        if marked:
            pygame.draw.rect(surf, theme.ACCENT, rect.inflate(8, 8), border_radius=11)
        pygame.draw.rect(surf, theme.darker(ground, 0.75) if dim else ground, rect, border_radius=8)
        edge = self.colours.get(holder, NEUTRAL) if holder else NEUTRAL
        pygame.draw.rect(surf, edge, rect, 4 if holder else 2, border_radius=8)
        cost = spec.entry_cost if spec.entry_cost is not None else c.rules.entry(spec.type)
        tag = theme.font(16).render(str(cost), True, theme.TEXT_DIM)
        head = pygame.Rect(rect.x + 4, rect.y + 4, rect.w - 8, 20)
        font, lines = name_lines(self.names[loc], head.w - NAME_PAD - tag.get_width())
        step = font.get_linesize()
        head.h = max(head.h, len(lines) * step + 5)  # a name in two lines: a taller head
        pygame.draw.rect(surf, (25, 28, 30), head, border_radius=4)
        for i, line in enumerate(lines):
            surf.blit(font.render(line, True, theme.TEXT), (head.x + NAME_PAD, head.y + 3 + i * step))
        surf.blit(tag, tag.get_rect(topright=(head.right - NAME_PAD, head.y + 4)))
        x, y = rect.x + 8, head.bottom + 4
        gold, mana = c.yields(loc)  # its special card's too (OW-LOC-7)
        for kind, n in (("gold", gold), ("mana", mana)):
            if n:
                figure(surf, kind, n, (x, y), theme.font(18), (20, 20, 20))
                x += 34
        if spec.card:
            card_mark(surf, (x, y))
            x += ICON + 4
        stacks = sorted(c.stacks_at(loc), key=lambda s: (c.sides.index(s.player), s.unit))
        labels = [f"{initials(c.rules.unit_name(s.unit, self.language))}{s.count}" for s in stacks]
        # the stacks under the gold and mana; from their row on when the card has no room for them so
        chips, unshown = chip_places(stacks, labels, rect, (rect.x + 5, y + 18))
        if unshown:
            along = chip_places(stacks, labels, rect, (x + 2 if x > rect.x + 8 else rect.x + 5, y))
            chips, unshown = min((chips, unshown), along, key=lambda placed: placed[1])
        self._chips(surf, chips, labels, unshown, rect, chosen)
        self.unshown[loc] = unshown

    def _chips(
        self,
        surf: pygame.Surface,
        chips: list[tuple[pygame.Rect, Stack]],
        labels: list[str],
        unshown: int,
        rect: pygame.Rect,
        chosen: Stack | None,
    ) -> None:
        """A chip a stack: the player's colour, the unit's initials and the count; dimmed in the
        movement phase once all its tokens have moved, outlined when it is the stack in hand; "+n"
        after the last for the n the card has no room for."""
        c = self.campaign
        font = theme.font(16)
        moving = c.game is not None and c.game.phase == "movement"
        for (chip, s), label in zip(chips, labels, strict=False):
            colour = self.colours.get(s.player, NEUTRAL)
            spent = moving and (s.moved >= s.count or s.held)
            fill = theme.darker(colour, 0.55) if spent else colour
            pygame.draw.rect(surf, fill, chip, border_radius=4)
            pygame.draw.rect(surf, theme.darker(colour, 0.45), chip, 1, border_radius=4)
            if s is chosen:
                pygame.draw.rect(surf, theme.ACCENT, chip.inflate(4, 4), 2, border_radius=5)
            surf.blit(font.render(label, True, ink_on(fill)), (chip.x + 4, chip.y + 2))
            self.chips.append((chip, s))
        if unshown:
            x, y = (chips[-1][0].right + 3, chips[-1][0].y) if chips else (rect.x + 5, rect.bottom - 18)
            surf.blit(font.render(f"+{unshown}", True, theme.TEXT), (x, y + 1))


def draw_links(
    surf: pygame.Surface,
    c: Campaign,
    centres: dict[str, tuple[int, int]],
    path: tuple[str, ...] = (),
    width: int = 4,
) -> None:
    """The map's links between the places' centres (a link to water in its colour), and over them a
    path being weighed, in the accent colour (the Open Wars map's and the campaign's)."""
    for a, near in c.map.neighbours.items():
        for b in near:
            if a < b:
                water = "water" in (c.location(a).type, c.location(b).type)
                pygame.draw.line(surf, WATER_LINK if water else LINK, centres[a], centres[b], width)
    for a, b in itertools.pairwise(path):
        pygame.draw.line(surf, theme.ACCENT, centres[a], centres[b], width + 3)


def chip_places(
    stacks: list[Stack], labels: list[str], rect: pygame.Rect, start: tuple[int, int]
) -> tuple[list[tuple[pygame.Rect, Stack]], int]:
    """Where each stack's chip goes on a card, from `start` (its first row's left end): a row a player
    while the card has room for rows, then on along the last row, room kept at its end for "+n" when
    some will not fit; and how many have no room (n)."""
    font = theme.font(16)
    left, right = rect.x + 5, rect.right - 4

    def room_below(y: int) -> bool:
        return y + ROW + 16 <= rect.bottom - 2

    def fits(x: int, y: int, w: int, rest: int) -> bool:
        return y + 16 <= rect.bottom - 2 and x + w + (0 if room_below(y) or not rest else MORE) <= right

    out: list[tuple[pygame.Rect, Stack]] = []
    x, y = start
    for i, (s, label) in enumerate(zip(stacks, labels, strict=True)):
        w = font.size(label)[0] + 8
        if i and s.player != stacks[i - 1].player and room_below(y):
            x, y = left, y + ROW  # the next player's row
        rest = len(stacks) - i - 1
        if not fits(x, y, w, rest) and x > left and room_below(y):
            x, y = left, y + ROW  # this player's stacks go on in the next row
        if not fits(x, y, w, rest):
            return out, len(stacks) - i
        out.append((pygame.Rect(x, y, w, 16), s))
        x += w + 3
    return out, 0


def name_lines(name: str, width: int) -> tuple[pygame.font.Font, list[str]]:
    """A location's name on a card's head, beside its entry cost: `width` pixels of the head that the
    cost and its margin leave; whole, in one line or two (NAME_FITS), NAME_PAD kept each side."""
    return theme.fitted_lines(name, width - 2 * NAME_PAD, NAME_FITS)


def figure(
    surf: pygame.Surface, kind: str, n: int, at: tuple[int, int], f: pygame.font.Font, colour: theme.Colour
) -> int:
    """A figure with its icon at `at` (its top left), as the cards and the top bar show them: gold a
    coin, mana a crystal, an army's value a shield. Returns its right edge."""
    x, y = at
    if kind == "gold":
        pygame.draw.circle(surf, GOLD, (x + 6, y + 7), 6)
    elif kind == "mana":
        pygame.draw.polygon(surf, MANA, [(x + 6, y), (x + 12, y + 7), (x + 6, y + 14), (x, y + 7)])
    else:
        pygame.draw.polygon(
            surf, SHIELD, [(x, y + 1), (x + 12, y + 1), (x + 12, y + 7), (x + 6, y + 14), (x, y + 7)]
        )
    label = f.render(str(n), True, colour)
    return surf.blit(label, label.get_rect(midleft=(x + ICON, y + 7))).right  # beside the icon's middle


def card_mark(surf: pygame.Surface, at: tuple[int, int]) -> None:
    """A special card's mark (OW-LOC-7) at `at` (its top left, a figure's size): a star on a seal, the
    same on the game's map and the editor's."""
    x, y = at[0] + 7, at[1] + 7
    pygame.draw.circle(surf, SEAL, (x, y), 8)
    pygame.draw.circle(surf, (30, 20, 40), (x, y), 8, 1)
    points = []
    for i in range(10):
        r = 6 if i % 2 == 0 else 2.6
        angle = math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(angle), y - r * math.sin(angle)))
    pygame.draw.polygon(surf, GOLD, points)


def badge(surf: pygame.Surface, text: str, at: tuple[int, int]) -> None:
    """A word in the accent colour over a place: what a choice of it costs, what it is."""
    label = theme.font(18).render(text, True, (20, 20, 20))
    box = label.get_rect(topleft=at).inflate(10, 4)
    pygame.draw.rect(surf, theme.ACCENT, box, border_radius=6)
    surf.blit(label, label.get_rect(center=box.center))


def swords(surf: pygame.Surface, at: tuple[int, int]) -> None:
    """Two crossed blades: a combat is fought here."""
    x, y = at
    pygame.draw.circle(surf, theme.BAD, (x, y), 13)
    pygame.draw.line(surf, theme.TEXT, (x - 7, y - 7), (x + 7, y + 7), 3)
    pygame.draw.line(surf, theme.TEXT, (x + 7, y - 7), (x - 7, y + 7), 3)

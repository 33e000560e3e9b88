"""The Open Wars map editor's map: location cards where the map places them (0 to 100 each way), the
links between them (water links blue: a water location at either end), the players' home cities in
their colours; the mouse places, picks, drags and links cards through the editor's model.

Mouse: with "Pick", a click picks a card and a drag moves it (one step of undo); with "Place", a
click on an empty spot places a card of the type chosen; with "Link", a click on one card and then
on another, or a drag from one to the other, links them, or unlinks them if they were linked."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.content.locale import Texts
from game.editing import maps
from game.editing.battle import within
from game.editing.document import Document, Path
from game.ui import theme
from game.ui.drawing.map_cards import GOLD, GROUND, LINK, MANA, WATER_LINK, card_mark
from game.ui.editor import drawn
from game.ui.editor.campaign_map import MARKER, PICKED, marker, name_under

CARD = (120, 78)  # a card at its largest; the area cards are placed in leaves room for it
NARROWEST, GAP = 64, 6  # a card's least width; pixels kept between two cards
SHORTEST = 64  # a card's least height: its name, its gold and mana, its type, one under the other
# a card's name: the first (size, most lines) that holds it whole, as the game's map does; else cut at a
# word (its whole name is in the form's Name field when it is chosen)
NAME_FITS = ((16, 1), (14, 1), (14, 2), (13, 2), (12, 2))
NAME_MOST = (
    200  # letters of a name measured at most (a file's name may be of any length; its problem says so)
)


@dataclass
class MapTool:
    kind: str = "select"  # select, place, link
    ground: str = "plain"


@dataclass
class MapCanvas:
    doc: Document
    view: pygame.Rect
    tool: MapTool = field(default_factory=MapTool)
    selected: Path | None = None
    compact: bool = False  # a campaign's map: a marker for each place, its name under it (docs/campaigns.md)
    linking: str | None = None  # the first card of a link being made
    problems: set[Path] = field(default_factory=set)
    # the card dragged, where from, where now, and the document's version then (a drag whose card was
    # removed or moved under it, Delete or Ctrl+Z with the mouse held, is dropped)
    dragging: tuple[int, tuple[int, int], tuple[int, int], int] | None = None
    _size: tuple[object, tuple[int, int]] = (None, CARD)  # the cards' size, for the document's version shown

    def area(self) -> pygame.Rect:
        if self.compact:  # room for a name under a marker, and for the chips beside it
            return self.view.inflate(-MARKER * 4, -MARKER * 3)
        return self.view.inflate(-CARD[0] - 16, -CARD[1] - 16)

    def to_screen(self, at: list[float] | tuple[float, float]) -> tuple[int, int]:
        """A place of the map on the screen; one off the map (a file's mistake) at its edge."""
        a = self.area()
        x, y = (within(v, 0.0, maps.MAP_SIZE, maps.MAP_SIZE / 2) for v in at)
        return (int(a.x + a.w * x / maps.MAP_SIZE), int(a.y + a.h * y / maps.MAP_SIZE))

    def to_map(self, pos: tuple[int, int]) -> tuple[float, float]:
        a = self.area()
        return ((pos[0] - a.x) / a.w * maps.MAP_SIZE, (pos[1] - a.y) / a.h * maps.MAP_SIZE)

    def _centres(self) -> list[tuple[int, int]]:
        """Each card's centre where the file places it."""
        out = []
        for loc in self.doc.get(("locations",)) or []:
            at = loc.get("at") if isinstance(loc.get("at"), list) and len(loc.get("at")) == 2 else [50, 50]
            out.append(self.to_screen(at))
        return out

    def card_size(self) -> tuple[int, int]:
        """The largest a card can be with no two cards touching, GAP pixels kept between them: first
        as tall as cards one above the other that no width parts allow, down to SHORTEST (Four Winds'
        meres under their cities: the link between them was hidden), then, at that height, as wide as
        cards side by side allow, down to NARROWEST (a random map's eight columns: cards of full width
        hid one another). Worked out from the file's places, so a card dragged does not change it; two
        cards nearer than that (a file's mistake) still touch."""
        if self.compact:
            return (MARKER, MARKER)
        key = (self.doc.version, tuple(self.view))
        if self._size[0] != key:
            centres = self._centres()
            pairs = [
                (abs(a[0] - b[0]), abs(a[1] - b[1])) for k, a in enumerate(centres) for b in centres[k + 1 :]
            ]
            high = [dy - GAP for dx, dy in pairs if dx < NARROWEST + GAP and dy >= SHORTEST + GAP]
            h = min([CARD[1], *high])
            wide = [dx - GAP for dx, dy in pairs if dy < h + GAP and dx >= NARROWEST + GAP]
            self._size = (key, (min([CARD[0], *wide]), h))
        return self._size[1]

    def cards(self) -> list[tuple[int, dict, pygame.Rect]]:
        out = []
        size = self.card_size()
        for i, (loc, centre) in enumerate(
            zip(self.doc.get(("locations",)) or [], self._centres(), strict=True)
        ):
            if self.dragging is not None and self.dragging[0] == i:
                _i, start, now, _version = self.dragging
                centre = (centre[0] + now[0] - start[0], centre[1] + now[1] - start[1])
            rect = pygame.Rect(0, 0, *size)
            rect.center = centre
            out.append((i, loc, rect))
        return out

    def card_at(self, pos: tuple[int, int]) -> tuple[int, dict] | None:
        for i, loc, rect in reversed(self.cards()):
            if rect.inflate(*((PICKED, PICKED) if self.compact else (0, 0))).collidepoint(pos):
                return i, loc
        return None

    def draw(
        self,
        surf: pygame.Surface,
        names: dict[str, str],
        colours: dict[str, theme.Colour],
        t: Texts,
        armies: dict[str, list[theme.Colour]] | None = None,
    ) -> None:
        """`names`: the cards' names in the language being edited; `colours`: each home city's player
        (a campaign's: the side that holds it); `t`: the words of the screen (the cards' types);
        `armies`: a campaign's, the colours of the armies standing at each place."""
        surf.set_clip(self.view)
        pygame.draw.rect(surf, (34, 38, 42), self.view)
        edge = (MARKER * 2, MARKER * 2) if self.compact else CARD
        pygame.draw.rect(surf, theme.PANEL_EDGE, self.area().inflate(*edge), 1)
        cards = {str(loc.get("id")): rect for _i, loc, rect in self.cards()}
        for i, link in enumerate(self.doc.get(("links",)) or []):
            if isinstance(link, list) and len(link) == 2 and link[0] in cards and link[1] in cards:
                water = maps.link_kind(self.doc, link[0], link[1]) == "water"
                colour = theme.BAD if ("links", i) in self.problems else WATER_LINK if water else LINK
                pygame.draw.line(surf, colour, cards[link[0]].center, cards[link[1]].center, 4)
        if self.linking in cards:
            pygame.draw.line(surf, theme.ACCENT, cards[self.linking].center, pygame.mouse.get_pos(), 3)
        for i, loc, rect in self.cards():
            ident = str(loc.get("id"))
            if self.compact:
                marker(surf, loc, rect, colours.get(ident), (armies or {}).get(ident, []))
            else:
                self._card(surf, loc, rect, names, colours, t)
            if ("locations", i) in self.problems:
                pygame.draw.rect(surf, theme.BAD, rect.inflate(10, 10), 3, border_radius=10)
            if self.selected == ("locations", i) or loc.get("id") == self.linking:
                pygame.draw.rect(surf, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
        if self.compact:  # over the markers and links around: a name is always read
            for _i, loc, rect in self.cards():
                name_under(surf, names.get(str(loc.get("id")), str(loc.get("name", ""))), rect)
        surf.set_clip(None)

    def _card(
        self,
        surf: pygame.Surface,
        loc: dict,
        rect: pygame.Rect,
        names: dict[str, str],
        colours: dict[str, theme.Colour],
        t: Texts,
    ) -> None:
        kind_of = str(loc.get("type", ""))
        pygame.draw.rect(surf, GROUND.get(kind_of, (110, 110, 110)), rect, border_radius=8)
        home = colours.get(str(loc.get("id")))
        pygame.draw.rect(surf, home or (70, 70, 70), rect, 5 if home else 2, border_radius=8)
        head = pygame.Rect(rect.x + 4, rect.y + 4, rect.w - 8, 20)
        font = theme.font(16)
        cost = loc.get("entry_cost")
        tag = font.render(drawn.figure(cost), True, theme.ACCENT) if isinstance(cost, int) else None
        room = head.w - 8 - (tag.get_width() + 4 if tag is not None else 0)
        name = names.get(str(loc.get("id")), str(loc.get("name", "")))  # whole, in two lines if need be
        name_font, lines = theme.fitted_lines(name[:NAME_MOST], room, NAME_FITS)
        step = name_font.get_linesize()
        head.h = max(head.h, len(lines) * step + 4)
        pygame.draw.rect(surf, (25, 28, 30), head, border_radius=4)
        if tag is not None:
            surf.blit(tag, tag.get_rect(topright=(head.right - 3, head.y + 3)))
        for i, line in enumerate(lines):
            surf.blit(name_font.render(line, True, theme.TEXT), (head.x + 4, head.y + 2 + i * step))
        x, y = rect.x + 8, head.bottom + 6
        said = t(f"ow_type_{kind_of}") if t.has(f"ow_type_{kind_of}") else kind_of
        kind = font.render(said, True, (20, 20, 20))
        surf.blit(kind, (x, rect.bottom - kind.get_height() - 4))
        for value, colour in ((loc.get("gold"), GOLD), (loc.get("mana"), MANA)):
            if isinstance(value, int) and value:
                pygame.draw.circle(surf, colour, (x + 6, y + 7), 6)
                surf.blit(font.render(drawn.figure(value), True, (20, 20, 20)), (x + 15, y))
                x += 34
        if loc.get("card"):
            card_mark(surf, (x, y))  # a special card, as the game's map marks it (OW-LOC-7)
        if loc.get("text"):
            pygame.draw.circle(surf, theme.TEXT, (rect.right - 12, rect.bottom - 12), 6, 2)  # a special text

    def _link(self, other: str) -> None:
        """Link the card being linked from to another (or unlink them), and end the link."""
        assert self.linking is not None
        maps.toggle_link(self.doc, self.linking, other)
        self.linking = None

    def handle(self, ev: pygame.event.Event) -> bool:
        """A mouse event over the map: True if the choice or the document changed."""
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.view.collidepoint(ev.pos):
            hit = self.card_at(ev.pos)
            if self.tool.kind == "place" and hit is None:
                self.selected = maps.add_location(self.doc, self.tool.ground, self.to_map(ev.pos))
                return True
            if self.tool.kind == "link":
                if hit is None:
                    self.linking = None
                elif self.linking is None:
                    self.linking = str(hit[1].get("id"))
                else:
                    self._link(str(hit[1].get("id")))
                return True
            self.selected = ("locations", hit[0]) if hit is not None else None
            if hit is not None:
                self.dragging = (hit[0], ev.pos, ev.pos, self.doc.version)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.tool.kind == "link" and self.linking:
            hit = self.card_at(ev.pos)  # a link dragged from one card to another is made as it lands
            if hit is None:
                self.linking = None  # dropped on no card: no line left following the mouse
            elif str(hit[1].get("id")) != self.linking:
                self._link(str(hit[1].get("id")))
            return True
        if ev.type == pygame.MOUSEMOTION and self.dragging is not None:
            index, start, _now, version = self.dragging
            self.dragging = (index, start, ev.pos, version)
        if ev.type == pygame.MOUSEBUTTONUP and self.dragging is not None:
            index, start, now, version = self.dragging
            self.dragging = None
            if now != start and version == self.doc.version:
                at = self.doc.get(("locations", index, "at")) or [50, 50]
                centre = self.to_screen(at)
                maps.move_location(
                    self.doc,
                    index,
                    self.to_map((centre[0] + now[0] - start[0], centre[1] + now[1] - start[1])),
                )
                return True
        return False

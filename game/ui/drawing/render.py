"""Drawing the table: terrain, objectives, markers, bases and officers, and the overlays.

Bases are drawn from sprites cached per side, category, zoom and 3-degree facing step, so a frame of
two thousand bases is mostly blits (notes/stack.md: a cached blit is ~1.5 us, a rotation ~6 us). The
counters and terrain patterns are the pictures of assets/art/ tinted to their colours; a category or
terrain without a picture (a mod's) gets a drawn symbol or a plain fill.

Words on the table (unit names, officers' initiative, the rule modules' tags, objectives' names) are
laid last, each in the first place around its piece that covers no base, officer, objective or other
word; a unit's name that finds none is left out (hovering the unit names it)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from game.model.geometry import heading, rect_corners
from game.model.table import Feature, Table
from game.ui import theme
from game.ui.drawing.camera import Camera
from game.ui.drawing.display import Display, Effect, Shown
from game.ui.drawing.table_words import Laid, Word, lay_words
from game.ui.palette import ink_on

FACING_STEP = 3  # degrees between cached sprite rotations
LABEL_SIZE = 16  # the least font size of a unit's name on the table (grown by the interface size)


@dataclass(frozen=True)
class BaseLook:
    """What the renderer needs to know of a unit besides its displayed pose."""

    name: str
    side: str
    category: str
    kind: str  # infantry, cavalry, artillery
    disorganised: bool = False
    selected: bool = False
    label: str = ""
    badge: str = ""  # the rule modules' tags (fatigue, action markers)
    quality: str = ""  # its quality's code: a mark on the counter (content/rulesets/*/qualities.toml)


@dataclass(frozen=True)
class OfficerLook:
    name: str
    side: str
    staff: bool
    experience: int
    initiative: int | None = None
    dead: bool = False


class Renderer:
    def __init__(
        self,
        table: Table,
        colours: dict[str, theme.Colour],
        unit_size: tuple[float, float],
        officer_radius: float,
    ) -> None:
        self.table = table
        self._sprites: dict[tuple[str, str, str, int, int, bool], pygame.Surface] = {}
        self.colours = colours
        self.unit_w, self.unit_d = unit_size
        self.officer_r = officer_radius
        self._terrain_key: tuple[float, ...] | None = None
        self._terrain: pygame.Surface | None = None
        self._labels: dict[tuple[str, int, theme.Colour], pygame.Surface] = {}
        # this frame's pieces on screen, and the words waiting to be laid around them (draw_labels)
        self.taken: list[pygame.Rect] = []
        self.words: list[Word] = []
        self.laid: list[Laid] = []  # where the last frame's words went, beside which piece
        self.placed: list[pygame.Rect] = []  # and their rects alone
        self.objective_words: list[Word] = []

    @property
    def colours(self) -> dict[str, theme.Colour]:
        """The sides' colours as shown (their own or the colour-blind palette's: game/ui/palette.py)."""
        return self._colours

    @colours.setter
    def colours(self, colours: dict[str, theme.Colour]) -> None:
        """New colours (the palette switched on mid-battle): the bases' sprites, cached by side, are drawn
        again in them."""
        self._colours = colours
        self._sprites.clear()

    # --- terrain --------------------------------------------------------------------------------

    def draw_table(self, surf: pygame.Surface, cam: Camera) -> None:
        key = (cam.x, cam.y, cam.scale, *cam.view)
        if key != self._terrain_key or self._terrain is None:
            self._terrain = self._render_terrain(cam)
            self._terrain_key = key
        surf.blit(self._terrain, cam.view[:2])

    def _render_terrain(self, cam: Camera) -> pygame.Surface:
        left, top, w, h = cam.view
        s = pygame.Surface((w, h))
        s.fill(theme.BACKGROUND)

        def local(p: tuple[float, float]) -> tuple[float, float]:
            x, y = cam.to_screen(p)
            return (x - left, y - top)

        corners = [
            local(p)
            for p in (
                (0, 0),
                (self.table.width, 0),
                (self.table.width, self.table.depth),
                (0, self.table.depth),
            )
        ]
        pygame.draw.polygon(s, theme.TABLE, corners)
        # areas first, then the lines (rivers, then roads), then crossings on top
        order = sorted(self.table.features, key=lambda f: (f.linear, f.kind.crossing, f.kind.road))
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        s.set_clip(
            pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        )  # nothing past the edge
        for f in order:
            self._draw_feature(s, f, local, cam.scale)
        s.set_clip(None)
        pygame.draw.polygon(s, theme.TABLE_EDGE, corners, 2)
        return s

    def _draw_feature(self, s: pygame.Surface, f: Feature, local, scale: float) -> None:  # type: ignore[no-untyped-def]
        colour = theme.TERRAIN.get(f.kind.kind, (150, 150, 150))
        if f.linear:
            pts = [local(p) for p in f.path]
            width = max(2, int(f.width * scale))
            pygame.draw.lines(s, colour, False, pts, width)
            for p in pts:
                pygame.draw.circle(s, colour, p, width / 2)
            if f.kind.road:
                pygame.draw.lines(s, theme.darker(colour, 0.85), False, pts, 1)
            elif f.kind.kind == "fortification":  # a rampart: ticks on its line
                for a, c in itertools.pairwise(pts):
                    n = max(1, int(math.dist(a, c) / max(4, width * 3)))
                    for k in range(n + 1):
                        x, y = a[0] + (c[0] - a[0]) * k / n, a[1] + (c[1] - a[1]) * k / n
                        pygame.draw.circle(s, theme.darker(colour), (x, y), width)
            elif f.kind.kind == "steep":  # a map's hachures: short strokes across the line, to one side
                spacing, reach = max(4.0, width * 2), max(4.0, width * 3)
                for a, c in itertools.pairwise(pts):
                    length = math.dist(a, c)
                    if length > 0:
                        ux, uy = (c[0] - a[0]) / length, (c[1] - a[1]) / length
                        for k in range(int(length / spacing) + 1):
                            x, y = a[0] + ux * k * spacing, a[1] + uy * k * spacing
                            pygame.draw.line(
                                s, theme.darker(colour), (x, y), (x + uy * reach, y - ux * reach), 1
                            )
            return
        pts = [local(p) for p in f.polygon]
        pygame.draw.polygon(s, colour, pts)
        outline = theme.TERRAIN_OUTLINE.get(f.kind.kind, theme.darker(colour))
        pygame.draw.polygon(s, outline, pts, 2)
        self._texture(s, f, pts, outline, scale, local((0, 0)))
        if f.kind.movement == "impassable" and f.kind.kind != "impassable":  # barred by the rules in play
            _masked(s, pts, lambda pattern, box: _hatch(pattern, box, theme.TERRAIN_OUTLINE["impassable"]))

    def _texture(
        self,
        s: pygame.Surface,
        f: Feature,
        pts: list[tuple[float, float]],
        ink: theme.Colour,
        scale: float,
        origin: tuple[float, float],
    ) -> None:
        """The kind's tile (trees, houses, furrows ...) in its outline colour over the area, fixed to
        the table so it does not swim when the view pans; hills add contour lines of their own shape."""
        side = max(8, round(theme.TILE_INCHES * scale))
        tile = theme.tinted(f"terrain/{f.kind.kind}.png", (side, side), ink)

        def draw(pattern: pygame.Surface, box: pygame.Rect) -> None:
            if tile is not None:
                x0 = box.x - (box.x - origin[0]) % side
                y0 = box.y - (box.y - origin[1]) % side
                for x in range(int(x0), box.right, side):
                    for y in range(int(y0), box.bottom, side):
                        pattern.blit(tile, (x - box.x, y - box.y))
            if f.kind.kind == "hill":
                for k in range(1, 4):
                    inner = _shrink(pts, 1 - 0.22 * k)
                    if len(inner) >= 3:
                        shifted = [(x - box.x, y - box.y) for x, y in inner]
                        pygame.draw.polygon(pattern, (*ink, 160), shifted, 1)

        _masked(s, pts, draw)

    # --- pieces ---------------------------------------------------------------------------------

    def _sprite(self, look: BaseLook, scale: float, facing: float) -> pygame.Surface:
        step = round(facing / FACING_STEP) % (360 // FACING_STEP)
        key = (look.side, look.category, look.quality, int(scale * 4), step, look.disorganised)
        cached = self._sprites.get(key)
        if cached is not None:
            return cached
        upright = self._upright(look, scale)
        # the upright sprite faces up the screen (+y on the table, facing 90)
        sprite = pygame.transform.rotate(upright, step * FACING_STEP - 90)
        self._sprites[key] = sprite
        return sprite

    def _upright(self, look: BaseLook, scale: float) -> pygame.Surface:
        """The counter facing up: the side's colour, the category's symbol (assets/art/counters, the
        bold one when small), the quality's mark, the front edge; disorganised, dark stripes across."""
        w, d = max(4, int(self.unit_w * scale)), max(3, int(self.unit_d * scale))
        s = pygame.Surface((w, d), pygame.SRCALPHA)
        colour = self.colours.get(look.side, theme.SIDE_FALLBACK[0])
        s.fill((*colour, 255))
        ink = ink_on(colour)  # dark on a light colour (the palette's orange), light on a dark one
        name = f"counters/{look.category}{'-small' if w < 120 else ''}.png"
        symbol = theme.tinted(name, (w, d), ink)
        if symbol is not None:
            s.blit(symbol, (0, 0))
        else:  # a category without a picture (a mod's): its arm's symbol, drawn
            _symbol(s, look.category, look.kind, ink, scale)
        mark = theme.tinted(f"quality/{look.quality}.png", (w // 5, w // 10), ink) if w >= 40 else None
        if mark is not None:  # in the margin right of the symbol
            s.blit(mark, mark.get_rect(midright=(w - max(2, w // 40), d // 2)))
        if look.disorganised:  # dark stripes: seen on every side's colour
            stripes = pygame.Surface((w, d), pygame.SRCALPHA)
            gap = max(5, w // 8)
            for x in range(-d, w + d, gap):
                pygame.draw.line(stripes, (0, 0, 0, 180), (x, d), (x + d, 0), max(2, gap // 2))
            s.blit(stripes, (0, 0))
        pygame.draw.rect(s, theme.darker(colour), s.get_rect(), max(1, int(scale / 10)))
        # the front edge: a bright band along the top
        pygame.draw.line(s, theme.ACCENT, (0, 0), (w - 1, 0), max(2, int(scale / 6)))
        return s

    def draw_units(
        self,
        surf: pygame.Surface,
        cam: Camera,
        looks: Iterable[BaseLook],
        display: Display,
        labels: bool = True,
    ) -> None:
        """The bases; their names and tags wait for draw_labels. Starts the frame's words."""
        self.taken, self.words = [], []
        vx0, vy0, vx1, vy1 = cam.visible_box()
        pad = self.unit_w
        font = theme.font(max(LABEL_SIZE, min(20, int(cam.scale * 1.1))))
        for look in looks:
            sh = display.shown.get(look.name)
            if sh is None or not sh.on_table or sh.alpha <= 0.01:
                continue
            if not (vx0 - pad <= sh.x <= vx1 + pad and vy0 - pad <= sh.y <= vy1 + pad):
                continue  # off screen
            sprite = self._sprite(look, cam.scale, sh.facing)
            cx, cy = cam.to_screen((sh.x, sh.y))
            rect = sprite.get_rect(center=(cx, cy))
            self.taken.append(rect)
            if sh.alpha < 1.0:
                sprite = sprite.copy()
                sprite.set_alpha(int(255 * sh.alpha))
            surf.blit(sprite, rect)
            if sh.flash > 0:
                pygame.draw.polygon(surf, theme.HIT, self.corners_px(cam, sh), 3)
            if look.selected:  # a white frame a little outside the base: unmistakable at any zoom
                frame = rect_corners(sh.x, sh.y, sh.facing, self.unit_w + 0.5, self.unit_d + 0.5)
                pygame.draw.polygon(surf, (255, 255, 255), [cam.to_screen(p) for p in frame], 3)
            if sh.hits:
                self._hit_tokens(surf, cam, sh)
            if look.badge and cam.scale >= 6:
                badge = theme.font(14).render(look.badge, True, theme.ACCENT)
                self.words.append((badge, rect, "corner", theme.ACCENT))
            if labels and cam.scale >= 9 and look.label:  # on a plate edged in its side's colour
                plate = self.colours.get(look.side, theme.SIDE_FALLBACK[0])
                self.words.append((self._label(look.label, font, theme.TEXT), rect, "side", plate))

    def draw_labels(self, surf: pygame.Surface, cam: Camera, avoid: Sequence[pygame.Rect] = ()) -> None:
        """Lay the frame's words, objectives' names first, then officers' initiative, the modules' tags
        and the units' names: each in the first place around its piece that covers nothing drawn nor
        `avoid` (the ghosts a player is placing, drawn over the words) and stays on the table and in the
        view; a tag or name with no such place is left out (game/ui/drawing/table_words.py)."""
        order = {"objective": 0, "officer": 1, "corner": 2, "side": 3}
        stars = [piece for _t, piece, _w, _p in self.objective_words]
        blocked = [*self.taken, *stars, *avoid]
        words = sorted([*self.objective_words, *self.words], key=lambda w: order[w[2]])
        self.laid = lay_words(surf, self.table_in_view(cam), words, blocked)
        self.placed = [w.rect for w in self.laid]

    def table_in_view(self, cam: Camera) -> pygame.Rect:
        """The part of the view the table fills, in screen pixels."""
        (x0, y0), (x1, y1) = cam.to_screen((0, self.table.depth)), cam.to_screen((self.table.width, 0))
        return pygame.Rect(cam.view).clip(pygame.Rect(int(x0), int(y0), int(x1 - x0), int(y1 - y0)))

    def corners_px(self, cam: Camera, sh: Shown) -> list[tuple[float, float]]:
        return [cam.to_screen(p) for p in self.corners(sh)]

    def corners(self, sh: Shown) -> tuple[tuple[float, float], ...]:
        """A base's corners on the table, where it is shown."""
        return rect_corners(sh.x, sh.y, sh.facing, self.unit_w, self.unit_d)

    def _hit_tokens(self, surf: pygame.Surface, cam: Camera, sh: Shown) -> None:
        fx, fy = heading(sh.facing)
        lx, ly = -fy, fx
        r = max(2, int(cam.scale * 0.2))
        for i in range(sh.hits):  # on the base along its rear edge, so they never cover a neighbour
            across = (i - (sh.hits - 1) / 2) * 0.45
            p = (
                sh.x - fx * (self.unit_d / 2 - 0.25) + lx * across,
                sh.y - fy * (self.unit_d / 2 - 0.25) + ly * across,
            )
            c = cam.to_screen(p)
            pygame.draw.circle(surf, (15, 15, 15), c, r + 2)  # a dark rim, then white: seen on any colour
            pygame.draw.circle(surf, (255, 255, 255), c, r + 1)
            pygame.draw.circle(surf, theme.HIT, c, r)

    def draw_officers(
        self, surf: pygame.Surface, cam: Camera, looks: Iterable[OfficerLook], display: Display
    ) -> None:
        font = theme.font(max(12, min(22, int(cam.scale * 1.2))))
        for look in looks:
            sh = display.shown.get(look.name)
            if sh is None or not sh.on_table or sh.alpha <= 0.01:
                continue
            c = cam.to_screen((sh.x, sh.y))
            r = max(4, int(self.officer_r * cam.scale))
            self.taken.append(pygame.Rect(c[0] - r - 2, c[1] - r - 2, 2 * r + 4, 2 * r + 4))
            colour = self.colours.get(look.side, theme.SIDE_FALLBACK[0])
            pygame.draw.circle(surf, theme.darker(colour, 0.45), c, r + 2)
            pygame.draw.circle(surf, colour, c, r)
            pygame.draw.circle(surf, theme.ACCENT if look.staff else theme.lighter(colour), c, r, 2)
            if look.staff:
                _star(surf, c, r * 0.7, theme.ACCENT)
            else:
                text = self._label(str(look.experience), font, ink_on(colour))
                surf.blit(text, text.get_rect(center=c))
            if look.initiative is not None:
                tag = self._label(
                    f"{look.initiative}", theme.font(max(14, int(cam.scale * 1.1))), theme.ACCENT
                )
                disc = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
                self.words.append((tag, disc, "officer", theme.ACCENT))

    def draw_objectives(
        self,
        surf: pygame.Surface,
        cam: Camera,
        objectives: Iterable[tuple[str, tuple[float, float], str | None]],
    ) -> None:
        """Under the pieces, as ground is (a base on an objective is never hidden by it): a star in the
        holder's colour (white when nobody's) in a dark rim. Its name is laid with the frame's words, first
        of them and always, after a small star of the holder's colour, so who holds it is seen even
        while a base stands on it."""
        font = theme.font(16)
        room = cam.view[2] // 2  # a name of thousands of letters would hide its star and the table
        self.objective_words = []
        for name, at, holder in objectives:
            c = cam.to_screen(at)
            r = max(7, int(cam.scale * 0.6))
            colour = self.colours.get(holder, (240, 240, 240)) if holder else (240, 240, 240)
            _star(surf, c, r + 2, (20, 20, 20))
            _star(surf, c, r * 0.8, colour)
            star = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
            words = self._marked(theme.cut(name, font, room), font, colour)
            self.objective_words.append((words, star, "objective", theme.TEXT_DIM))

    def _marked(self, text: str, font: pygame.font.Font, colour: theme.Colour) -> pygame.Surface:
        """An objective's name after a star of its holder's colour."""
        words = self._label(text, font, theme.TEXT)
        h = words.get_height()
        key = (f"*{text}", h, colour)
        s = self._labels.get(key)
        if s is None:
            s = pygame.Surface((h + 3 + words.get_width(), h), pygame.SRCALPHA)
            _star(s, (h / 2, h / 2), h / 2, (20, 20, 20))
            _star(s, (h / 2, h / 2), h / 2 * 0.75, colour)
            s.blit(words, (h + 3, 0))
            self._labels[key] = s
        return s

    def draw_zones(
        self, surf: pygame.Surface, cam: Camera, zones: dict[str, list[tuple[float, float]]]
    ) -> None:
        """Deployment zones in the sides' colours, and the centre line no officer may cross (FG-DEP-8)."""
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for side, poly in zones.items():
            colour = self.colours.get(side, theme.SIDE_FALLBACK[0])
            pts = [cam.to_screen(p) for p in poly]
            pygame.draw.polygon(layer, (*colour, 40), pts)
            pygame.draw.polygon(layer, (*colour, 160), pts, 2)
        mid = self.table.depth / 2
        a, b = cam.to_screen((0, mid)), cam.to_screen((self.table.width, mid))
        pygame.draw.line(layer, (255, 255, 255, 110), a, b, 1)
        surf.blit(layer, (0, 0))

    def draw_markers(self, surf: pygame.Surface, cam: Camera, markers: Iterable[tuple[float, float]]) -> None:
        r = max(3, int(cam.scale * 0.3))
        for m in markers:
            c = cam.to_screen(m)
            pygame.draw.circle(surf, theme.MARKER, c, r)
            pygame.draw.circle(surf, (230, 120, 40), c, r, 2)

    def draw_effects(self, surf: pygame.Surface, cam: Camera, effects: Iterable[Effect]) -> None:
        for e in effects:
            c = cam.to_screen(e.at)
            f = e.age / e.life
            if e.kind == "smoke":
                for k in range(5):
                    ang = k * 1.3
                    off = (
                        math.cos(ang) * f * cam.scale * 1.2,
                        -math.sin(ang) * f * cam.scale * 1.2 - f * cam.scale,
                    )
                    r = max(3, int(cam.scale * (0.4 + f * 0.8)))
                    puff = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
                    pygame.draw.circle(puff, (*theme.SMOKE, int(200 * (1 - f))), (r, r), r)
                    surf.blit(puff, (c[0] + off[0] - r, c[1] + off[1] - r))
            elif e.kind == "clash":
                r = max(6, int(cam.scale * (0.6 + f)))
                for k in range(8):
                    a = k * math.pi / 4
                    pygame.draw.line(
                        surf, theme.ACCENT, c, (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r), 2
                    )

    def _label(self, text: str, font: pygame.font.Font, colour: theme.Colour) -> pygame.Surface:
        key = (text, font.get_height(), colour)
        s = self._labels.get(key)
        if s is None:
            s = font.render(text, True, colour)
            self._labels[key] = s
        return s


def _symbol(s: pygame.Surface, category: str, kind: str, ink: theme.Colour, scale: float) -> None:
    """Map symbols: a cross for infantry, a diagonal for cavalry, a ball for artillery; light troops
    drawn thinner, horse artillery with the cavalry diagonal."""
    w, d = s.get_size()
    box = pygame.Rect(int(w * 0.28), int(d * 0.22), int(w * 0.44), int(d * 0.56))
    heavy = max(1, int(scale / 8))
    light = max(1, heavy // 2)
    if kind == "infantry":
        t = light if category == "LI" else heavy
        pygame.draw.line(s, ink, box.topleft, box.bottomright, t)
        pygame.draw.line(s, ink, box.bottomleft, box.topright, t)
        if category == "LI":
            pygame.draw.line(s, ink, (box.left, box.centery), (box.right, box.centery), light)
    elif kind == "cavalry":
        pygame.draw.line(s, ink, box.bottomleft, box.topright, heavy if category == "HC" else light)
        if category == "HC":
            pygame.draw.line(
                s, ink, (box.left, box.bottom - heavy * 2), (box.right - heavy * 2, box.top), light
            )
    else:
        pygame.draw.circle(s, ink, box.center, max(2, int(min(box.w, box.h) * 0.35)))
        if category == "HA":
            pygame.draw.line(s, ink, box.bottomleft, box.topright, light)
    pygame.draw.rect(s, ink, box, 1)


def _star(surf: pygame.Surface, c: tuple[float, float], r: float, colour: theme.Colour) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr))
    pygame.draw.polygon(surf, colour, pts)


def _shrink(pts: list[tuple[float, float]], f: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in pts]


def _masked(
    s: pygame.Surface,
    pts: list[tuple[float, float]],
    draw: Callable[[pygame.Surface, pygame.Rect], None],
) -> None:
    """What `draw` puts on a surface the size of the area's box (given that box, in `s`'s pixels),
    kept inside the area's polygon and laid over `s`."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    pattern = pygame.Surface(box.size, pygame.SRCALPHA)
    draw(pattern, box)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(pattern, box.topleft)


HATCH_SPACING = 7  # pixels between the strokes that bar an area


def _hatch(pattern: pygame.Surface, box: pygame.Rect, ink: theme.Colour) -> None:
    """Diagonal strokes across the whole box: ground the rules in play make impassable (WM-37)."""
    w, h = box.size
    for k in range(-h, w, HATCH_SPACING):
        pygame.draw.line(pattern, (*ink, 220), (k, h), (k + h, 0), 2)

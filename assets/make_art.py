"""Make the game's pictures: every PNG in assets/art/ comes out of this script, the same bytes every time
(`python assets/make_art.py`). pygame draws them (this is no part of the model), four times larger than
kept, and its generic smoothscale brings them down: smooth edges, the same pixels on every machine.

All are white ink on transparency; the game tints them (a side's colour, a terrain's outline colour, the
panel's text colour), so a scenario's colours and the colour-blind palette need no files of their own.

- counters/<code>.png and <code>-small.png: a unit category's counter (its frame and map symbol) at
  120 px an inch (2" x 1.2"), and a bolder one for far zooms (80 x 48). Line troops draw a solid frame,
  light troops a dashed one; heavy cavalry's diagonal is a solid wedge, light cavalry's a thin line.
- quality/<code>.png: a quality's mark, drawn at the counter's rear corner (none for Regular).
- terrain/<kind>.png: a seamless tile of an area terrain's pattern, TILE_INCHES of table a side.
- icons/<name>.png: the buttons' pictures, 64 px.
"""

from __future__ import annotations

import math
import os
import random
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # after the headless driver is chosen

OUT = Path(__file__).resolve().parent / "art"
SS = 4  # supersampling: drawn this many times larger, then smoothscaled down
INK = (255, 255, 255, 255)
COUNTER, COUNTER_SMALL = (240, 144), (80, 48)
TILE = 256  # pixels of a terrain tile
TS = SS * TILE // 128  # a pixel of the 128-pixel tile the terrain's drawings are measured in
TILE_INCHES = 6.0  # inches of table a tile covers (the game scales it with the zoom)
ICON = 64

Point = tuple[float, float]


# --- files ----------------------------------------------------------------------------------------


def write_png(path: Path, surf: pygame.Surface) -> None:
    """An RGBA PNG written by hand (no time stamp, no library's own chunks): the same bytes for the
    same pixels, whatever SDL_image is installed."""
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    rows = b"".join(b"\x00" + raw[y * w * 4 : (y + 1) * w * 4] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def canvas(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
    s.fill((255, 255, 255, 0))
    return s


def down(s: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(s, size)


# --- counters -------------------------------------------------------------------------------------


def dashed_rect(s: pygame.Surface, r: pygame.Rect, width: int, dash: int) -> None:
    edges = [(r.topleft, r.topright), (r.topright, r.bottomright), (r.bottomright, r.bottomleft)]
    edges.append((r.bottomleft, r.topleft))
    for a, b in edges:
        length = math.dist(a, b)
        n = max(1, int(length // (2 * dash)))
        for k in range(n):
            t0, t1 = (2 * k + 0.5) / (2 * n), (2 * k + 1.5) / (2 * n)
            p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(s, INK, p, q, width)


def thick_line(s: pygame.Surface, a: Point, b: Point, width: float) -> None:
    """A line as a polygon, its ends square: pygame's wide lines are ragged at an angle."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * width / 2, dx / n * width / 2
    pygame.draw.polygon(
        s,
        INK,
        [(a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), (b[0] - ox, b[1] - oy), (a[0] - ox, a[1] - oy)],
    )


def counter(code: str, size: tuple[int, int], bold: bool) -> pygame.Surface:
    """The NATO-style map symbol of a category in a box at the counter's centre."""
    w, h = size[0] * SS, size[1] * SS
    s = canvas(size)
    box = pygame.Rect(int(w * 0.25), int(h * 0.2), int(w * 0.5), int(h * 0.6))
    if bold:  # far away: the box fills the counter, the strokes are thick
        box = pygame.Rect(int(w * 0.12), int(h * 0.16), int(w * 0.76), int(h * 0.68))
    heavy = h * (0.09 if bold else 0.055)
    light = heavy * (0.55 if bold else 0.5)
    frame = max(SS, int(heavy * 0.6))
    light_troops = code in ("LI", "LC")
    if light_troops:
        dashed_rect(s, box, frame, int(box.h / (3 if bold else 4)))
    else:
        pygame.draw.rect(s, INK, box, frame)
    tl, tr, bl, br = box.topleft, box.topright, box.bottomleft, box.bottomright
    s.set_clip(box)  # the strokes end square at the frame, not past it
    if code in ("LnInf", "LI"):  # infantry: crossed diagonals
        t = light if code == "LI" else heavy
        thick_line(s, tl, br, t)
        thick_line(s, bl, tr, t)
        if code == "LI":  # skirmishers: an open ring at the crossing
            pygame.draw.circle(s, INK, box.center, box.h * 0.2, max(SS, int(light)))
    elif code == "HC":  # heavy cavalry: a solid wedge under the diagonal
        pygame.draw.polygon(s, INK, [bl, tr, br])
    elif code == "LC":  # light cavalry: one thin diagonal
        thick_line(s, bl, tr, light)
    elif code in ("FA", "HA"):  # artillery: the gun's ball; horse artillery with the cavalry diagonal
        pygame.draw.circle(s, INK, box.center, box.h * 0.26)
        if code == "HA":
            thick_line(s, bl, tr, light)
    s.set_clip(None)
    return down(s, size)


def quality(code: str) -> pygame.Surface:
    """Marks of quality, 48 x 24: filled chevrons above Regular, open rings below it."""
    size = (48, 24)
    s = canvas(size)
    h = size[1] * SS
    if code in ("V", "E"):
        for k in range(1 if code == "V" else 2):
            x = (6 + k * 20) * SS
            pygame.draw.polygon(
                s,
                INK,
                [(x, h * 0.85), (x + 9 * SS, h * 0.2), (x + 18 * SS, h * 0.85), (x + 9 * SS, h * 0.55)],
            )
    else:
        for k in range(1 if code == "I" else 2):
            pygame.draw.circle(s, INK, ((12 + k * 22) * SS, h / 2), 8 * SS, 3 * SS)
    return down(s, size)


# --- terrain tiles --------------------------------------------------------------------------------


def wrapped(draw: Callable[[float, float], None], x: float, y: float) -> None:
    """Draw at (x, y) and at its copies a tile away, so the tile joins its neighbours seamlessly."""
    side = TILE * SS
    for dx in (-side, 0, side):
        for dy in (-side, 0, side):
            draw(x + dx, y + dy)


def scatter(rng: random.Random, cells: int) -> list[Point]:
    """One point in each cell of a cells x cells grid, jittered: even, but not in rows."""
    step = TILE * SS / cells
    return [
        ((i + 0.5 + rng.uniform(-0.3, 0.3)) * step, (j + 0.5 + rng.uniform(-0.3, 0.3)) * step)
        for i in range(cells)
        for j in range(cells)
    ]


def wood(s: pygame.Surface, rng: random.Random) -> None:
    for x, y in scatter(rng, 6):
        r = rng.uniform(6, 9) * TS
        wrapped(lambda a, b, r=r: pygame.draw.circle(s, (255, 255, 255, 200), (a, b), r), x, y)
        wrapped(lambda a, b, r=r: pygame.draw.circle(s, INK, (a, b), r, TS * 2), x, y)


def town(s: pygame.Surface, rng: random.Random) -> None:
    for x, y in scatter(rng, 4):
        w, h = rng.uniform(12, 20) * TS, rng.uniform(9, 14) * TS

        def house(a: float, b: float, w: float = w, h: float = h) -> None:
            pygame.draw.rect(s, (255, 255, 255, 210), (a - w / 2, b - h / 2, w, h))
            pygame.draw.line(s, (255, 255, 255, 255), (a - w / 2, b), (a + w / 2, b), TS * 2)  # the ridge

        wrapped(house, x, y)


def field(s: pygame.Surface, _rng: random.Random) -> None:
    for k in range(16):  # furrows
        y = (k + 0.5) * TILE * SS / 16
        pygame.draw.line(s, (255, 255, 255, 150), (0, y), (TILE * SS, y), TS * 2)


def orchard(s: pygame.Surface, _rng: random.Random) -> None:
    step = TILE * SS / 5
    for i in range(5):
        for j in range(5):
            pygame.draw.circle(s, (255, 255, 255, 210), ((i + 0.5) * step, (j + 0.5) * step), 5 * TS)


def marsh(s: pygame.Surface, rng: random.Random) -> None:
    for x, y in scatter(rng, 5):

        def reeds(a: float, b: float) -> None:
            for ang in (-0.5, 0.0, 0.5):
                tip = (a + math.sin(ang) * 9 * TS, b - math.cos(ang) * 9 * TS)
                pygame.draw.line(s, (255, 255, 255, 200), (a, b), tip, TS * 2)
            pygame.draw.line(
                s, (255, 255, 255, 150), (a - 9 * TS, b + 4 * TS), (a + 9 * TS, b + 4 * TS), TS * 2
            )

        wrapped(reeds, x, y)


def pond(s: pygame.Surface, rng: random.Random) -> None:
    """Ice: a few thin cracks, each a short zigzag, and a glint beside it."""
    for x, y in scatter(rng, 3):
        pts = [(0.0, 0.0)]
        for _ in range(4):
            a = rng.uniform(-0.9, 0.9)
            pts.append((pts[-1][0] + math.cos(a) * 7 * TS, pts[-1][1] + math.sin(a) * 7 * TS))

        def crack(a: float, b: float, pts: list[Point] = pts) -> None:
            pygame.draw.lines(s, (255, 255, 255, 190), False, [(a + px, b + py) for px, py in pts], TS)
            pygame.draw.line(s, (255, 255, 255, 120), (a + 4 * TS, b - 6 * TS), (a + 10 * TS, b - 9 * TS), TS)

        wrapped(crack, x, y)


def castle(s: pygame.Surface, _rng: random.Random) -> None:
    rows, cols = 8, 4
    bh, bw = TILE * SS / rows, TILE * SS / cols
    for j in range(rows):  # masonry: courses of blocks, every other course offset by half
        y = j * bh
        pygame.draw.line(s, (255, 255, 255, 220), (0, y), (TILE * SS, y), TS * 2)
        for i in range(cols):
            x = i * bw + (bw / 2 if j % 2 else 0)
            pygame.draw.line(s, (255, 255, 255, 220), (x, y), (x, y + bh), TS * 2)


def hill(s: pygame.Surface, rng: random.Random) -> None:
    for x, y in scatter(rng, 8):  # a light stipple; the contour lines follow each hill's shape
        wrapped(lambda a, b: pygame.draw.circle(s, (255, 255, 255, 150), (a, b), 1.5 * TS), x, y)


def impassable(s: pygame.Surface, rng: random.Random) -> None:
    for x, y in scatter(rng, 4):
        pts = [
            (math.cos(a) * rng.uniform(7, 12) * TS, math.sin(a) * rng.uniform(7, 12) * TS)
            for a in (k * math.tau / 7 for k in range(7))
        ]

        def rock(a: float, b: float, pts: list[Point] = pts) -> None:
            pygame.draw.polygon(s, (255, 255, 255, 200), [(a + px, b + py) for px, py in pts], TS * 2)

        wrapped(rock, x, y)


TERRAIN: dict[str, Callable[[pygame.Surface, random.Random], None]] = {
    "wood": wood,
    "town": town,
    "field": field,
    "orchard": orchard,
    "marsh": marsh,
    "castle": castle,
    "hill": hill,
    "impassable": impassable,
    "pond": pond,  # last: each tile's random draw follows its place here
}


# --- icons ----------------------------------------------------------------------------------------


def arrow(s: pygame.Surface, a: Point, b: Point, width: float, head: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    neck = (b[0] - ux * head, b[1] - uy * head)
    thick_line(s, a, neck, width)
    pygame.draw.polygon(
        s,
        INK,
        [
            b,
            (neck[0] - uy * head * 0.7, neck[1] + ux * head * 0.7),
            (neck[0] + uy * head * 0.7, neck[1] - ux * head * 0.7),
        ],
    )


def icon(name: str) -> pygame.Surface:
    s = canvas((ICON, ICON))
    u = SS  # one icon pixel
    c = ICON * u / 2
    if name == "save":  # a floppy disk
        pygame.draw.rect(s, INK, (10 * u, 10 * u, 44 * u, 44 * u), border_radius=4 * u)
        pygame.draw.rect(s, (0, 0, 0, 0), (20 * u, 10 * u, 22 * u, 14 * u))
        pygame.draw.rect(s, (0, 0, 0, 0), (18 * u, 34 * u, 28 * u, 16 * u), border_radius=2 * u)
    elif name == "menu":
        for y in (18, 32, 46):
            pygame.draw.rect(s, INK, (12 * u, (y - 3) * u, 40 * u, 6 * u), border_radius=3 * u)
    elif name == "settings":  # a cog
        for k in range(8):
            a = k * math.tau / 8
            thick_line(s, (c, c), (c + math.cos(a) * 25 * u, c + math.sin(a) * 25 * u), 9 * u)
        pygame.draw.circle(s, INK, (c, c), 19 * u)
        pygame.draw.circle(s, (0, 0, 0, 0), (c, c), 8 * u)
    elif name == "fire":  # a musket's flash
        pts = []
        for k in range(16):
            a = k * math.tau / 16
            r = (26 if k % 2 == 0 else 11) * u
            pts.append((c + math.cos(a) * r, c + math.sin(a) * r))
        pygame.draw.polygon(s, INK, pts)
    elif name == "charge":  # two chevrons and an arrow: at the gallop
        arrow(s, (8 * u, c), (58 * u, c), 7 * u, 18 * u)
        for x in (12, 24):
            pygame.draw.lines(s, INK, False, [(x * u, 16 * u), ((x + 9) * u, c), (x * u, 48 * u)], 5 * u)
    elif name == "move":
        arrow(s, (10 * u, 46 * u), (54 * u, 18 * u), 7 * u, 18 * u)
    elif name == "retreat":
        arrow(s, (54 * u, c), (10 * u, c), 7 * u, 18 * u)
        pygame.draw.rect(s, INK, (52 * u, 14 * u, 6 * u, 36 * u))
    elif name == "rally":  # a flag
        pygame.draw.rect(s, INK, (16 * u, 8 * u, 5 * u, 50 * u))
        pygame.draw.polygon(s, INK, [(21 * u, 10 * u), (52 * u, 18 * u), (21 * u, 30 * u)])
    elif name == "end":  # a tick: done
        pygame.draw.lines(s, INK, False, [(12 * u, 34 * u), (26 * u, 48 * u), (52 * u, 16 * u)], 8 * u)
    elif name == "undo":
        pygame.draw.arc(s, INK, (14 * u, 14 * u, 38 * u, 38 * u), -math.pi / 2, math.pi, 7 * u)
        pygame.draw.polygon(s, INK, [(4 * u, 30 * u), (27 * u, 30 * u), (15 * u, 44 * u)])
    elif name == "speed":
        for x in (10, 32):
            pygame.draw.polygon(s, INK, [(x * u, 14 * u), ((x + 22) * u, c), (x * u, 50 * u)])
    elif name == "skip":
        pygame.draw.polygon(s, INK, [(12 * u, 14 * u), (40 * u, c), (12 * u, 50 * u)])
        pygame.draw.rect(s, INK, (44 * u, 14 * u, 8 * u, 36 * u))
    elif name == "quit":
        thick_line(s, (16 * u, 16 * u), (48 * u, 48 * u), 8 * u)
        thick_line(s, (16 * u, 48 * u), (48 * u, 16 * u), 8 * u)
    return down(s, (ICON, ICON))


ICONS = ("save", "menu", "settings", "fire", "charge", "move", "retreat", "rally", "end", "undo")
ICONS += ("speed", "skip", "quit")
CATEGORIES = ("LnInf", "LI", "HC", "LC", "FA", "HA")  # content/rulesets/for-glory/units.toml
QUALITIES = ("M", "I", "V", "E")  # content/rulesets/for-glory/qualities.toml; Regular has no mark


def make(out: Path = OUT) -> list[Path]:
    pygame.display.init()
    pygame.transform.set_smoothscale_backend("GENERIC")  # the same arithmetic on every processor
    made: list[tuple[Path, pygame.Surface]] = []
    for code in CATEGORIES:
        made.append((out / "counters" / f"{code}.png", counter(code, COUNTER, bold=False)))
        made.append((out / "counters" / f"{code}-small.png", counter(code, COUNTER_SMALL, bold=True)))
    made += [(out / "quality" / f"{code}.png", quality(code)) for code in QUALITIES]
    for k, (kind, draw) in enumerate(TERRAIN.items()):
        s = canvas((TILE, TILE))
        draw(s, random.Random(k))
        made.append((out / "terrain" / f"{kind}.png", down(s, (TILE, TILE))))
    made += [(out / "icons" / f"{name}.png", icon(name)) for name in ICONS]
    for path, surf in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_png(path, surf)
    return [p for p, _s in made]


if __name__ == "__main__":
    for p in make(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(f"{p}: {p.stat().st_size} bytes")

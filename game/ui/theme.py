"""Colours and sizes of the client, in one place; the font, and the UI scale that sizes the text and the
panels (a player's setting, fitted to the window)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import pygame

from game import ASSETS
from game.content.glyphs import FONT
from game.model.errors import one_line
from game.ui.markup import PATH_SEPARATORS, drawable, path_pieces, words

Colour = tuple[int, int, int]

TABLE = (196, 190, 150)
TABLE_EDGE = (90, 80, 60)
BACKGROUND = (40, 44, 48)
PANEL = (28, 31, 35)
PANEL_EDGE = (70, 74, 80)
TEXT = (230, 230, 225)
TEXT_DIM = (160, 162, 165)
ACCENT = (240, 200, 90)
GOOD = (110, 200, 120)
BAD = (225, 80, 70)
HIT = (200, 30, 30)
MARKER = (40, 30, 25)
SMOKE = (235, 235, 230)

TERRAIN: dict[str, Colour] = {
    "open": (196, 190, 150),
    "wood": (70, 120, 65),
    "town": (160, 120, 100),
    "field": (205, 185, 95),
    "hill": (170, 150, 105),
    "impassable": (110, 105, 100),
    "river": (80, 130, 190),
    "bridge": (120, 100, 80),
    "ford": (130, 170, 200),
    "road": (215, 200, 160),
    "orchard": (140, 165, 90),
    "marsh": (120, 150, 135),
    "pond": (205, 222, 232),  # pale ice (a frozen pond), not a marsh's green
    "castle": (150, 145, 140),
    "track": (165, 135, 95),
    "stream": (95, 150, 200),
    "wall": (120, 110, 100),
    "fortification": (105, 85, 65),
    "steep": (125, 100, 70),
}
TERRAIN_OUTLINE: dict[str, Colour] = {
    "wood": (45, 85, 45),
    "town": (110, 75, 60),
    "field": (170, 150, 70),
    "hill": (135, 115, 80),
    "impassable": (70, 65, 60),
    "orchard": (85, 115, 55),
    "marsh": (70, 105, 110),
    "pond": (130, 160, 185),
    "castle": (80, 75, 72),
}

SIDE_FALLBACK: list[Colour] = [(44, 82, 170), (190, 40, 40)]

# the game's font, FONT: Noto Sans Bold (SIL OFL 1.1, assets/CREDITS.md), every accent and sign of Spanish;
# the Latin, Greek and Cyrillic alphabets (game/content/glyphs.py)
FONT_FACTOR = 0.6875  # a size here is pygame's default-font size: pygame shrinks that font by this much

TOP_BAR_BASE, RIGHT_PANEL_BASE = 56, 360
SCALE = 1.0  # the UI scale in force (set_scale): fonts, the top bar and the right panel grow with it
TOP_BAR = TOP_BAR_BASE
RIGHT_PANEL = RIGHT_PANEL_BASE
# the height the right panel needs at scale 1 above its log (what is asked, ten buttons, details,
# overlay toggles) plus the top bar, and the least log left under it: what a window must hold
PANEL_NEEDS, LOG_LEAST = 580, 126


def fit_scale(chosen: float, size: tuple[int, int]) -> float:
    """The chosen UI scale, or less when the window cannot hold the panel at that scale (never below 1):
    the panel's rows and a log of a few lines in its height, and at least 60% of its width for the table."""
    w, h = size
    room = min((h - LOG_LEAST) / PANEL_NEEDS, 0.4 * w / RIGHT_PANEL_BASE)
    return max(1.0, min(chosen, room))


PAGE = (1280, 720)  # the size a page of fixed layout (the start screen, the end of a battle) is laid out for


def page_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280x720 a page of fixed layout is drawn: as much as the window holds,
    from 1 to 2 (1920x1080: 1.5)."""
    return max(1.0, min(2.0, size[0] / PAGE[0], size[1] / PAGE[1]))


# a page's pygame-gui widgets (the start screen's, the lobby's, the editor's): laid out for 1280x720 and
# grown with the window (page_scale), their words too
GUI_FONT = 14  # a page's widgets' font at 1280x720 (the size a page is laid out for: theme.page_scale)
STYLES = ("bold", "italic")  # of the text boxes' markup
GUI_KINDS = ("button", "label", "drop_down_menu", "text_entry_line", "text_box", "tool_tip", "selection_list")


def gui_theme(scale: float) -> dict[str, Any]:
    """pygame-gui's theme for a page: every widget's words grown with it."""
    font = {"name": "noto_sans", "size": str(round(GUI_FONT * scale))}
    arrows = {"name": "fira_code_symbols", "size": font["size"]}  # a drop-down's arrow
    return {kind: {"font": font} for kind in GUI_KINDS} | {"drop_down_menu.#expand_button": {"font": arrows}}


def gui_fonts(scale: float) -> list[dict[str, str | int | float]]:
    """The bold and italic fonts a page's text boxes use, loaded before they are asked for."""
    size = round(GUI_FONT * scale)
    return [
        {"name": "noto_sans", "point_size": size, "style": s, "antialiased": "1"} for s in ("bold", "italic")
    ]


def set_scale(scale: float) -> None:
    global SCALE, TOP_BAR, RIGHT_PANEL
    SCALE = scale
    TOP_BAR, RIGHT_PANEL = px(TOP_BAR_BASE), px(RIGHT_PANEL_BASE)


@contextmanager
def at_scale(scale: float) -> Iterator[None]:
    """Draw a screen of fixed layout (the end of a battle) at its own scale, then go back."""
    before = SCALE
    set_scale(scale)
    try:
        yield
    finally:
        set_scale(before)


def px(n: float) -> int:
    """A length of the interface at the UI scale in force."""
    return round(n * SCALE)


def darker(c: Colour, f: float = 0.6) -> Colour:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def lighter(c: Colour, f: float = 0.5) -> Colour:
    return (int(c[0] + (255 - c[0]) * f), int(c[1] + (255 - c[1]) * f), int(c[2] + (255 - c[2]) * f))


_fonts: dict[int, pygame.font.Font] = {}  # by size in quarter pixels


class GameFont(pygame.font.Font):
    """The game's font: it draws any text (markup.drawable), whatever a content file or a save holds."""

    def render(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: Any,
        bgcolor: Any = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        try:
            return super().render(drawable(text or ""), antialias, color, bgcolor, wraplength)
        except pygame.error:  # a text of glyphs this font draws with no width: nothing to see
            return pygame.Surface((1, self.get_linesize()), pygame.SRCALPHA)

    def size(self, text: str | bytes) -> tuple[int, int]:
        return super().size(drawable(text))


def font(size: int, scaled: bool = True) -> pygame.font.Font:
    """The game's font at `size` (in pygame's default-font sizes), grown by the UI scale unless it is
    text sized to fit a drawing of fixed size. Without the font file, pygame's bundled font (never a
    crash). Fonts die with pygame.quit(), so a cached one is checked and made again after a restart."""
    px_size = size * (SCALE if scaled else 1.0)
    key = round(px_size * 4)
    f = _fonts.get(key)
    if f is not None:
        try:
            f.get_height()
            return f
        except pygame.error:
            _fonts.clear()
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        f = GameFont(FONT, max(4, round(px_size * FONT_FACTOR)))
    except (OSError, pygame.error):
        f = GameFont(None, max(6, round(px_size)))
    _fonts[key] = f
    return f


ART = ASSETS / "art"  # made by assets/make_art.py: white ink on transparency, tinted here
TILE_INCHES = 6.0  # inches of table a terrain tile covers (assets/make_art.py)
# the pictures of the battle panel's buttons and of the menu's, by what the button does
BUTTON_ICONS = {
    "move": "move",
    "fire": "fire",
    "charge": "charge",
    "retreat": "retreat",
    "rally": "rally",
    "end": "end",
    "confirm": "end",
    "undo": "undo",
    "speed": "speed",
    "skip": "skip",
}
MENU_ICONS = {"save": "save", "save-quit": "save", "settings": "settings", "menu": "menu", "quit": "quit"}
MENU_ICONS |= {"quit-now": "quit"}
_art: dict[str, pygame.Surface | None] = {}
_tinted: dict[tuple[str, tuple[int, int], Colour], pygame.Surface | None] = {}


def art(name: str) -> pygame.Surface | None:
    """A picture of assets/art/ by its path there ("counters/HC.png"), or None when it is missing or
    unreadable: every caller draws something plainer instead."""
    if name not in _art:
        try:
            _art[name] = pygame.image.load(ART / name)
        except (OSError, pygame.error):
            _art[name] = None
    return _art[name]


def tinted(name: str, size: tuple[int, int], colour: Colour) -> pygame.Surface | None:
    """A picture at `size`, its white ink in `colour` (kept: the same one is asked for every frame)."""
    key = (name, size, colour)
    if key not in _tinted:
        if len(_tinted) > 300:  # terrain tiles come in a size per zoom: keep only the recent ones
            _tinted.clear()
        source = art(name)
        if source is None or min(size) < 1:
            _tinted[key] = None
        else:
            s = pygame.transform.smoothscale(source, size)
            s.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            _tinted[key] = s
    return _tinted[key]


def icon(key: str, size: int, colour: Colour, icons: dict[str, str] = BUTTON_ICONS) -> pygame.Surface | None:
    """The picture of a button that does `key`, if it has one."""
    name = icons.get(key)
    return tinted(f"icons/{name}.png", (size, size), colour) if name else None


def fitted(text: str, colour: Colour, width: int, sizes: tuple[int, ...] = (19, 17, 15)) -> pygame.Surface:
    """Words in the largest of `sizes` that fits `width` pixels (a button's label, a line of a list),
    shortened with an ellipsis only when even the smallest does not (measured, and drawn once)."""
    for size in sizes:
        if len(text) <= width and font(size).size(text)[0] <= width:  # a letter is a pixel wide at least
            return font(size).render(text, True, colour)
    last = font(sizes[-1])
    return last.render(cut(text, last, width, whole_words=False), True, colour)


def one_size(labels: Iterable[tuple[str, int]], sizes: tuple[int, ...] = (19, 17, 15)) -> tuple[int]:
    """One size for a row of buttons (their words and the room each has): the largest of `sizes` in
    which every label fits, else the smallest, so neighbours never differ; for `fitted`, which cuts a
    label even that does not hold."""
    labels = list(labels)
    for size in sizes:
        f = font(size)
        if all(f.size(text)[0] <= room for text, room in labels):
            return (size,)
    return (sizes[-1],)


def fitted_lines(
    text: str, width: int, fits: tuple[tuple[int, int], ...]
) -> tuple[pygame.font.Font, list[str]]:
    """Words in the first of `fits` (a size, the most lines) that holds them whole, broken between words
    into lines no wider than `width` pixels; else in the last size and the most lines of any, the words
    that do not fit replaced by an ellipsis (a word wider than the line cut inside, with one)."""
    for size, most in fits:
        f = font(size)
        lines = wrap(text, f, width)
        if len(lines) <= most and all(f.size(line)[0] <= width for line in lines):
            return f, lines
    f, most = font(fits[-1][0]), max(most for _size, most in fits)
    lines = wrap(text, f, width)
    kept = lines[:most]
    if len(lines) > most:
        kept[-1] += "…"
    return f, [cut(line, f, width) for line in kept]


def begun(text: str) -> str:
    """A line begun with a capital letter: words made to follow others ("los Franceses han perdido
    ...") standing first on a line of their own."""
    return text[:1].upper() + text[1:]


class Measure(Protocol):
    """What measures text: a pygame font, or pygame-gui's."""

    def size(self, text: str, /) -> tuple[int, int]: ...


def cut(text: str, f: Measure, width: int, whole_words: bool = True) -> str:
    """The text if it is no wider than `width` pixels, else shortened with an ellipsis: after its last
    whole word that fits (inside a single word only when no whole word fits), or with `whole_words`
    off after as many letters as fit (a name that must say as much as it can in little room). Cut in
    one step: no more letters are measured than there are pixels, the most that fit found by halves."""
    head = text[: width + 1]  # no letter is narrower than a pixel: the rest never fits
    if head == text and f.size(text)[0] <= width:
        return text
    head = head.rstrip("…")
    low = most_that_fit(len(head), lambda n: f.size(head[:n].rstrip() + "…")[0] <= width)
    kept = head[:low]
    if whole_words and " " in kept.strip() and low < len(head) and head[low] != " ":
        kept = kept[: kept.rstrip().rfind(" ")]  # the word cut goes whole
    return kept.rstrip() + "…"


def cut_start(text: str, f: Measure, width: int) -> str:
    """The text if it is no wider than `width` pixels, else its end after an ellipsis: a folder's path
    says most in its last names."""
    tail = text[-(width + 1) :]  # no letter is narrower than a pixel: the rest never fits
    if tail == text and f.size(text)[0] <= width:
        return text
    kept = most_that_fit(len(tail), lambda n: f.size("…" + tail[len(tail) - n :])[0] <= width)
    return "…" + tail[len(tail) - kept :]


def most_that_fit(most: int, fits: Callable[[int], bool]) -> int:
    """The largest count from 1 to `most` that `fits` (1 if none does), found by halves: `fits` holds for
    every count below one that fits."""
    low, high = 1, most
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def say_on(label: Any, text: str, keep_end: bool = False) -> None:
    """A pygame-gui label's line: the text (untrusted: made one line) cut with an ellipsis at the
    label's width in its own font (pygame-gui would draw it clipped, and warn); a folder keeps its end."""
    said, f, room = one_line(text), label.font, label.relative_rect.width - 4
    if f is not None:
        said = cut_start(said, f, room) if keep_end else cut(said, f, room)
    label.set_text(said)


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Break text into lines no wider than width pixels; a word wider than a line (a path) is broken
    after its separators (markup.path_pieces), a piece still too wide keeping its own line."""
    out, line = [], ""
    for word in words(text):
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            out.append(line)
            line = word
        if f.size(line)[0] > width and any(c in PATH_SEPARATORS for c in line):
            *whole, line = path_pieces(line, lambda piece: f.size(piece)[0] <= width)
            out += whole
    out.append(line)
    return out


def text_lines(
    surf: pygame.Surface, text: str, at: tuple[int, int], width: int, colour: Colour, size: int = 19
) -> int:
    """Text wrapped to `width` pixels and drawn from `at`; returns the y under it."""
    f = font(size)
    x, y = at
    for line in wrap(text, f, width):
        surf.blit(f.render(line, True, colour), (x, y))
        y += f.get_linesize()
    return y


def draw_die(
    surf: pygame.Surface,
    rect: pygame.Rect,
    face: int,
    numbered: bool = False,
    edge: Colour = (60, 60, 60),
    width: int = 2,
) -> None:
    """A die showing `face`: its spots, or its number for a die of other faces; `edge` marks it."""
    pygame.draw.rect(surf, (245, 242, 230), rect, border_radius=8)
    pygame.draw.rect(surf, edge, rect, width, border_radius=8)
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
    }
    if numbered or face not in spots:  # a die of other faces (a D10 read 0-9): its number
        number = font(int(rect.h * 0.6), scaled=False).render(str(face), True, (30, 30, 30))
        surf.blit(number, number.get_rect(center=rect.center))
        return
    step = rect.w / 4
    for cx, cy in spots.get(face, []):
        pygame.draw.circle(
            surf, (30, 30, 30), (rect.x + step * (cx + 1), rect.y + step * (cy + 1)), rect.w / 11
        )

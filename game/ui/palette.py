"""The sides' colours as the screens show them: their own, or with the colour-blind palette on, the
palette's colour that stands for their own colour's hue, so a nation keeps one colour in every battle
(the French, blue in every scenario, are the palette's blue; the Spanish and the Allies, red, its
orange), whichever seat it sits in. A colour's name (the first battle's lesson says the player's), and
the ink that reads on a colour (a chip's words, a counter's symbol)."""

from __future__ import annotations

import colorsys

Colour = tuple[int, int, int]

# Okabe and Ito's blue, orange, reddish purple and bluish green, told apart by every common
# colour-vision deficiency; each stands for the sides whose own colour has a hue near its own hue of
# the scenarios (degrees): blues, reds, purples, greens
COLOUR_BLIND: tuple[Colour, ...] = ((0, 114, 178), (230, 159, 0), (204, 121, 167), (0, 158, 115))
STANDS_FOR = (220.0, 0.0, 290.0, 140.0)
GREY = 0.15  # a colour of less saturation than this has no hue to speak of

# the names of colours by hue (degrees, the upper bound of each), content/locale's colour_<name>
HUE_NAMES = ((15, "red"), (45, "orange"), (70, "yellow"), (170, "green"), (260, "blue"), (345, "purple"))

DARK_INK: Colour = (20, 20, 20)
LIGHT_INK: Colour = (245, 245, 240)


def hue(c: Colour) -> float | None:
    """A colour's hue in degrees, None for a grey."""
    h, s, v = colorsys.rgb_to_hsv(*(x / 255 for x in c))
    return None if s < GREY or v < GREY else h * 360


def _apart(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def shown_colours(own: dict[str, Colour], colour_blind: bool) -> dict[str, Colour]:
    """Each side's (or player's) colour on screen: its own, or with the colour-blind palette on, the
    palette's that stands for its own colour's hue. Two sides of one hue (an orange and a red player of
    a map) share no colour: the nearer takes it, the other the nearest left; a grey side takes what is
    left in order, and past four sides a side keeps its own colour."""
    if not colour_blind:
        return dict(own)
    pairs = sorted(
        (_apart(h, STANDS_FOR[k]), n, k)
        for n, c in enumerate(own.values())
        if (h := hue(c)) is not None
        for k in range(len(COLOUR_BLIND))
    )
    given: dict[int, int] = {}  # side's place -> palette's
    for _d, n, k in pairs:
        if n not in given and k not in given.values():
            given[n] = k
    free = [k for k in range(len(COLOUR_BLIND)) if k not in given.values()]
    for n in range(len(own)):
        if n not in given and free:
            given[n] = free.pop(0)
    return {side: COLOUR_BLIND[given[n]] if n in given else c for n, (side, c) in enumerate(own.items())}


def colour_name(c: Colour) -> str:
    """What a colour is called (the key of its word is colour_<name>): by its hue, grey without one."""
    h = hue(c)
    if h is None:
        return "grey"
    return next((name for most, name in HUE_NAMES if h < most), "red")


def _luminance(c: Colour) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(x: int) -> float:
        v = x / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(x) for x in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The contrast ratio of two colours (WCAG 2): 1 (none) to 21 (black on white)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(background: Colour) -> Colour:
    """The ink that reads on a colour: dark on a light one (the palette's orange), light on a dark one."""
    return DARK_INK if contrast(DARK_INK, background) > contrast(LIGHT_INK, background) else LIGHT_INK


def legible(colour: Colour, background: Colour, least: float = 4.5) -> Colour:
    """A side's colour for words on `background` (a panel): the colour itself when it reads there,
    else made lighter (or darker, on a light background) until it does."""
    toward = LIGHT_INK if contrast(LIGHT_INK, background) >= contrast(DARK_INK, background) else DARK_INK
    shown = colour
    for step in range(1, 11):
        if contrast(shown, background) >= least:
            break
        f = step / 10
        shown = tuple(round(c + (t - c) * f) for c, t in zip(colour, toward, strict=True))  # type: ignore[assignment]
    return shown

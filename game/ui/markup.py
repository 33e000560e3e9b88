"""Text from content and saves meets the screen. pygame_gui's text boxes and tooltips read their text
as HTML, so a name such as `<font pixel_size=900000>` would be obeyed (a huge font: the process
dies); every text that is not the game's own markup goes through `plain` before such a widget sees it.
Labels, buttons and a drop-down's list draw their text as it is. And no font draws a NUL, half of a
surrogate pair (a save's JSON may hold either) or a text of zero width: `drawable` makes any text one
a font can draw; the game's font (theme.GameFont), `plain` and the start screen's widgets apply it.
A path is broken into lines after its separators (`path_pieces`), never inside a name; a line breaks at
a space, never at a no-break space (`words`: Spanish "20 %")."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable

# where a line may break: any white space but the no-break ones (U+00A0, U+202F), which str.split takes
BREAKS = re.compile(r"[^\S\u00a0\u202f]+")


def drawable(text: object) -> str:
    """Text any font can draw: a NUL, which pygame refuses, and a lone surrogate, which cannot be
    encoded, become U+FFFD (the replacement character); format characters (zero-width spaces and
    joiners, byte-order marks, bidi overrides) are left out, and a text left with nothing of any width
    (only combining marks) is U+FFFD: SDL_ttf refuses to draw a text of zero width."""
    s = str(text)
    if "\x00" in s:
        s = s.replace("\x00", "\ufffd")
    if s.isascii():
        return s
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        s = s.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    s = "".join(c for c in s if unicodedata.category(c) != "Cf")
    if s and all(unicodedata.category(c) in ("Mn", "Me") for c in s):
        return "\ufffd"
    return s


def words(text: str) -> list[str]:
    """A text's words for wrapping: split where a line may break, a no-break space kept inside a word."""
    return [w for w in BREAKS.split(text) if w]


def plain(text: object, cut: int | None = None) -> str:
    """Text shown as written in a widget that parses markup: <, > and & are escaped. `cut`: words
    longer than so many characters are cut (at a space put in, never before a combining mark)."""
    s = drawable(text)
    if cut is not None:
        s = " ".join(_cut(word, cut) for word in s.split(" "))
    return html.escape(s, quote=False)


def _cut(word: str, most: int) -> str:
    parts, start = [], 0
    while len(word) - start > most:
        end = start + most
        while end < len(word) and unicodedata.combining(word[end]):
            end += 1  # a mark stays with its letter
        parts.append(word[start:end])
        start = end
    return " ".join([*parts, word[start:]])


PATH_SEPARATORS = "/\\"


def path_pieces(path: str, fits: Callable[[str], bool]) -> list[str]:
    """A path broken after its separators into pieces each of which `fits` (a line of a box), as few
    as may be: never inside a name unless that name alone does not fit (then it keeps a piece of its
    own, for the box to cut)."""
    names, name = [], ""
    for c in path:
        name += c
        if c in PATH_SEPARATORS:
            names.append(name)
            name = ""
    names += [name] if name else []
    pieces: list[str] = []
    for name in names:
        if pieces and fits(pieces[-1] + name):
            pieces[-1] += name
        else:
            pieces.append(name)
    return pieces

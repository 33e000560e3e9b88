"""The letters the game's one font draws, read from the font file's character map (its cmap table)
with no pygame, so check-content can tell a mod's author which of his words would show as boxes.
The font (assets/fonts, assets/CREDITS.md) draws the Latin, Greek and Cyrillic alphabets; CJK,
kana, Hangul, Arabic, Hebrew, Thai and the other scripts it lacks are drawn as empty boxes, and
Devanagari, whose letters it has, without its vowel signs and conjuncts joined (the game does not
shape text), so it counts as not drawn."""

from __future__ import annotations

import struct
import unicodedata
from functools import cache
from pathlib import Path

from game import ASSETS

FONT = ASSETS / "fonts" / "NotoSans-Bold.ttf"  # the game's font (game/ui/theme.py draws with it)
UNSEEN = {"Cc", "Cf", "Zl", "Zp", "Zs"}  # controls, format characters and spaces: nothing to draw
UNSHAPED = (range(0x0900, 0x0980), range(0xA8E0, 0xA900))  # Devanagari: glyphs, but drawn unjoined


@cache
def drawn(font: Path = FONT) -> frozenset[int]:
    """The code points the font has a glyph for; none when the file is missing or is no font (a broken
    install: the game then draws with pygame's own font)."""
    try:
        data = font.read_bytes()
        return frozenset(c for c in _cmap(data) if not any(c in r for r in UNSHAPED))
    except (OSError, struct.error, ValueError, KeyError):
        return frozenset()


def undrawn(text: str, font: Path = FONT) -> str:
    """The letters of `text` the font has no glyph for, each once, in their order (none when the font
    cannot be read: what it lacks is then unknown, not everything)."""
    have = drawn(font)
    if not have:
        return ""
    out = dict.fromkeys(c for c in text if ord(c) not in have and unicodedata.category(c) not in UNSEEN)
    return "".join(out)


def scripts(letters: str) -> list[str]:
    """The scripts of these letters by their Unicode names' first word ("CJK", "Hiragana", "Arabic")."""
    names = (unicodedata.name(c, "").split(" ")[0] for c in letters)
    return list(dict.fromkeys(n if n == "CJK" else n.capitalize() for n in names if n))


def _cmap(data: bytes) -> set[int]:
    """The code points of the font's Unicode character map: its format 12 subtable (every plane)
    when it has one, else its format 4 (the first plane)."""
    (tables,) = struct.unpack_from(">H", data, 4)
    where: dict[bytes, int] = {}
    for i in range(tables):
        tag, _sum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        where[tag] = offset
    cmap = where[b"cmap"]
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    subtables: dict[int, int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        (fmt,) = struct.unpack_from(">H", data, cmap + offset)
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3)):
            subtables.setdefault(fmt, cmap + offset)
    if 12 in subtables:
        return _format12(data, subtables[12])
    if 4 in subtables:
        return _format4(data, subtables[4])
    raise ValueError("no Unicode character map")


def _format12(data: bytes, at: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    out: set[int] = set()
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        out.update(c for c in range(start, end + 1) if glyph + c - start)  # glyph 0: no glyph
    return out


def _format4(data: bytes, at: int) -> set[int]:
    (seg2,) = struct.unpack_from(">H", data, at + 6)
    segs = seg2 // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + seg2)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 2 * seg2)
    ranges_at = at + 16 + 3 * seg2
    offsets = struct.unpack_from(f">{segs}H", data, ranges_at)
    out: set[int] = set()
    for i, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, offsets, strict=True)):
        for c in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (c + delta) & 0xFFFF
            else:  # the glyph's index in the array after the offsets, from this segment's offset
                (glyph,) = struct.unpack_from(">H", data, ranges_at + 2 * i + offset + 2 * (c - start))
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                out.add(c)
    return out

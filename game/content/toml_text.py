"""Content written back as TOML (the scenario and map editor, the random battles): a table of strings,
numbers, booleans, lists and tables, laid out the way the shipped files are written, so that a file
saved by the game reads like one written by hand and reads back (tomllib) as exactly the same data.

Layout: a table's plain values first, then its tables (`[a.b]`), then its lists of tables
(`[[a.b]]`). A list of tables whose items hold no list or table (a division's units, a player's
tokens) is written inline, one item a line; so is a small table of plain values (`sides = {...}`)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
INLINE_WIDTH = 100  # a table of plain values at most this long is written on one line
LONG_TEXT = 90  # a text longer than this, or with line breaks, is written as a multi-line string
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def key(k: str) -> str:
    return k if BARE_KEY.fullmatch(k) else string(k)


def string(s: str) -> str:
    """A basic string: quotes, backslashes and control characters escaped."""
    return '"' + "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04x}" if _control(c) else c) for c in s) + '"'


def _control(c: str) -> bool:
    return ord(c) < 0x20 or ord(c) == 0x7F


def _text(s: str) -> str:
    """A long text as a multi-line string: its own line breaks kept, a long line wrapped at its spaces
    (a line ending in a backslash joins the next), so that the file reads like one written by hand."""
    if (len(s) <= LONG_TEXT and "\n" not in s) or any(_control(c) and c not in "\n\t" for c in s):
        return string(s)
    body = "".join('\\"' if c == '"' else "\\\\" if c == "\\" else c for c in s)
    return (
        '"""\n' + "\n".join(_wrapped(line) for line in body.split("\n")) + '"""'
    )  # the reader drops the line break after the opening quotes


def _wrapped(line: str) -> str:
    """A line cut after a space every LONG_TEXT characters or so, each cut a backslash and a break."""
    out, start = [], 0
    while len(line) - start > LONG_TEXT:
        cut = line.rfind(" ", start + 1, start + LONG_TEXT)
        if cut < 0 or line[cut + 1 : cut + 2] in (" ", "\t", ""):
            break  # no single space to cut at: the line stays long
        out.append(line[start : cut + 1] + "\\")
        start = cut + 1
    out.append(line[start:])
    return "\n".join(out)


def _number(x: float) -> str:
    if not math.isfinite(x):
        raise ValueError(f"TOML has no {x}")
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") and abs(x) < 1e15 else text


def unwritable(data: Any, where: str = "") -> str | None:
    """The key (`table[0]`) of the first value `dumps` cannot write, if any: a number TOML has no
    digits for (inf, nan), or what is no string, number, boolean, list or table (a date)."""
    if isinstance(data, Mapping):
        found = (unwritable(v, f"{where}.{k}" if where else str(k)) for k, v in data.items())
    elif isinstance(data, Sequence) and not isinstance(data, str):
        found = (unwritable(v, f"{where}[{i}]") for i, v in enumerate(data))
    else:
        plain = isinstance(data, str | int) or (isinstance(data, float) and math.isfinite(data))
        return None if plain else where
    return next((w for w in found if w is not None), None)


def value(v: Any, long_text: bool = True) -> str:
    """One value written inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return _number(v)
    if isinstance(v, str):
        return _text(v) if long_text else string(v)
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(x, False)}" for k, x in v.items()) + " }"
    if isinstance(v, Sequence):
        return "[" + ", ".join(value(x, False) for x in v) + "]"
    raise TypeError(f"no TOML for {type(v).__name__}")


def _plain(v: Any) -> bool:
    return not isinstance(v, Mapping) and not (isinstance(v, Sequence) and not isinstance(v, str))


def _tables(v: Any) -> bool:
    """A non-empty list of tables."""
    return (
        isinstance(v, Sequence)
        and not isinstance(v, str)
        and bool(v)
        and all(isinstance(x, Mapping) for x in v)
    )


def _inline_items(v: Sequence[Mapping[str, Any]]) -> bool:
    return all(all(_plain(x) for x in item.values()) for item in v)


def _inline_table(v: Mapping[str, Any]) -> bool:
    return all(_plain(x) for x in v.values()) and len(value(v)) <= INLINE_WIDTH


def inline(k: str, v: Any) -> str | None:
    """The text of `k = v` where a table writes it among its own values (a list of small tables one
    item a line); None for a table or list of tables written under headers of its own."""
    if (isinstance(v, Mapping) and not _inline_table(v)) or (_tables(v) and not _inline_items(v)):
        return None
    if _tables(v):
        return "\n".join([f"{key(k)} = [", *(f"  {value(item)}," for item in v), "]"])
    return f"{key(k)} = {value(v)}"


def dumps(data: Mapping[str, Any]) -> str:
    """The text of a TOML file holding `data`."""
    lines: list[str] = []
    _table(data, [], lines)
    return "\n".join(lines).strip("\n") + "\n"


def _table(data: Mapping[str, Any], path: list[str], lines: list[str], header: bool = True) -> None:
    """A table's lines under its header (none for the file's own, nor for an item of a list of tables,
    whose [[path]] is written), then its tables and lists of tables. A table holding only tables needs
    no header of its own."""
    own: list[str] = []
    later: list[tuple[str, Any]] = []
    for k, v in data.items():
        text = inline(k, v)
        if text is None:
            later.append((k, v))
        else:
            own.append(text)
    if header and path and (own or not later):
        lines.extend(["", f"[{'.'.join(path)}]"])
    lines.extend(own)
    for k, v in later:
        inner = [*path, key(k)]
        if isinstance(v, Mapping):
            _table(v, inner, lines)
        else:
            for item in v:
                lines.extend(["", f"[[{'.'.join(inner)}]]"])
                _table(item, inner, lines, header=False)

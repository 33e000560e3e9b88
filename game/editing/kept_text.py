"""A file saved again as its author wrote it: the text it was opened from, with only what the editor
changed made in it (tomlkit keeps every comment, blank line and key in its place), each new or changed
value laid out as a fresh file lays it out (game/content/toml_text.py). Sound or nothing: the text made
is read back, and unless it holds exactly the data a fresh file would, the file is written fresh."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from difflib import SequenceMatcher
from typing import Any

import tomlkit
from tomlkit.container import Container
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, Array, Comment, InlineTable, Item, Table

from game.content.toml_text import inline, value
from game.editing.fields import clean

Node = Container | Table | InlineTable


def kept(source: str, data: dict[str, Any], target: dict[str, Any], record: type) -> str | None:
    """`source` (the file's text) holding `data` (the document's) as `target` (`data` cleaned for
    `record`: what a fresh file writes); None when it cannot."""
    try:
        old = tomllib.loads(source)
        doc = tomlkit.parse(source)
        _merge(doc, old, data, target)
        text = doc.as_string()
        if text.endswith("\n\n") and not source.endswith("\n\n"):  # a table added last: no header after it
            text = text.rstrip("\n") + "\n"
        back = tomllib.loads(text)
    # a change tomlkit cannot make in place (a table defined out of order, dotted keys ...)
    except (TOMLKitError, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None
    return text if _same(clean(back, record), target) else None


def _same(a: Any, b: Any) -> bool:
    """Equal as TOML data: a boolean is no number (True == 1 to Python), keys in any order."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return bool(a == b)  # 7 and 7.0 alike, as a fresh file writes 7.0


def _unchanged(old: dict[str, Any], new: dict[str, Any], k: str) -> bool:
    return k in old and k in new and _same(old[k], new[k])


def _merge(node: Node, old: dict[str, Any], new: dict[str, Any], target: dict[str, Any]) -> None:
    """The table `node` (read from `old`) made to hold `target`; what did not change from `old` to `new`
    is left as written, even a key the fresh file would leave out (an empty name)."""
    for k in [k for k in node if k not in target and not _unchanged(old, new, k)]:
        _delete(node, k)
    for k, v in target.items():
        if _unchanged(old, new, k):
            continue
        if k not in node:
            _add(node, k, v)
            continue
        here = node[k]
        if isinstance(v, dict) and isinstance(old[k], dict) and isinstance(here, Table | InlineTable):
            _merge(here, old[k], new[k], v)
        elif isinstance(v, list) and isinstance(old[k], list) and isinstance(here, Array | AoT):
            _merge_list(here, old[k], new[k], v)
        else:
            node[k] = _inline(v) if isinstance(node, InlineTable) else _made(k, v)


def _merge_list(items: Array | AoT, old: list[Any], new: list[Any], target: list[Any]) -> None:
    """A list made to hold `target`: its items matched with the old ones, a table by its id, anything
    else by its value (difflib), so that a unit removed takes its own comment away and leaves its
    neighbours' where they are; a matched item that changed is changed where it stands, as is each
    of a run of items with no id that changed one for one (a polygon's moved points)."""
    matched = SequenceMatcher(None, [_tag(x) for x in old], [_tag(x) for x in new], autojunk=False)
    for op, a, b, c, d in reversed(matched.get_opcodes()):  # from the end: the indices before stay
        if op == "equal" or (op == "replace" and b - a == d - c and not any(map(_named, old[a:b]))):
            for i, j in zip(range(a, b), range(c, d), strict=True):
                if not _same(old[i], new[j]):
                    _changed(items, i, old[i], new[j], target[j])
            continue
        if isinstance(items, AoT):
            _drop_tables(items, a, b)
        else:
            for _ in range(a, b):
                del items[a]
        for i, v in enumerate(target[c:d], a):
            if isinstance(items, AoT):
                items.insert(i, _table(v))
            else:
                items.insert(i, _inline(v))


def _named(x: Any) -> bool:
    return isinstance(x, dict) and isinstance(x.get("id"), str)


def _tag(x: Any) -> str:
    return f"id {x['id']}" if _named(x) else repr(x)


def _changed(items: Array | AoT, i: int, old: Any, new: Any, target: Any) -> None:
    """The item `i` made to hold `target` where it stands."""
    here = items[i]
    if isinstance(target, dict) and isinstance(old, dict) and isinstance(here, Table | InlineTable):
        _merge(here, old, new, target)
    elif isinstance(target, list) and isinstance(old, list) and isinstance(here, Array):
        _merge_list(here, old, new, target)
    elif isinstance(items, Array):  # a list of tables holds only tables, merged above
        items[i] = _inline(target)
    else:
        raise TypeError(f"no table for {target!r}")


def _inline(v: Any) -> Item:
    """A value written inline, as a fresh file writes it."""
    return _read(f"v = {value(v, long_text=False)}", "v")


def _made(k: str, v: Any) -> Item:
    """The value of `k` in a table, as a fresh file writes it: inline, a table or a list of tables."""
    text = inline(k, v)
    if text is not None:
        return _read(text, k)
    if isinstance(v, Mapping):
        return _table(v)
    return AoT([_table(x) for x in v])


def _read(text: str, k: str) -> Item:
    """The value of `k` read from the text of `k = ...`, with its layout."""
    made = tomlkit.parse(text + "\n").item(k)
    if not isinstance(made, Item):  # a table of parts out of order: no single line makes one
        raise TypeError(text)
    return made


def _table(v: Mapping[str, Any]) -> Table:
    """A table, its own values before its tables, a blank line after it (before the next header)."""
    made = tomlkit.table()
    for k, x in sorted(v.items(), key=lambda kv: inline(*kv) is None):
        made.append(k, _made(k, x))
    made.add(tomlkit.nl())
    return made


def _add(node: Node, k: str, v: Any) -> None:
    """A key the table did not have: a value after its last value (not after a comment that heads its
    first table), a table or list of tables after all."""
    if isinstance(node, InlineTable):
        node.append(k, _inline(v))
        return
    made = _made(k, v)
    body = node if isinstance(node, Container) else node.value
    values = [key for key, x in body.body if key is not None and not isinstance(x, Table | AoT)]
    if values and not isinstance(made, Table | AoT):
        body._insert_after(values[-1], k, made)  # tomlkit's own place for it is after that comment
    else:
        node.append(k, made)


# --- a table removed, the comments that head the next one kept -------------------------------------


def _delete(node: Node, k: str) -> None:
    """The key `k` removed from a table; the comment lines a table of it ends with stay where they stood
    (in tomlkit they are its own, in the text they head the table after it)."""
    if isinstance(node, InlineTable):
        del node[k]
        return
    body = (node if isinstance(node, Container) else node.value).body
    at = next(i for i, (key, _v) in enumerate(body) if key is not None and key.key == k)
    keyed = [v for key, v in body if key is not None]
    place = next(i for i, v in enumerate(keyed) if v is body[at][1])
    tail = _tail(body[at][1])
    after = keyed[place + 1] if place + 1 < len(keyed) else None
    before = keyed[place - 1] if place > 0 else None
    del node[k]
    _put_back(tail, after, before)


def _drop_tables(items: AoT, a: int, b: int) -> None:
    """The tables a to b of a list removed, as `_delete` removes one."""
    tail = _tail(items[b - 1])
    after = items[b] if b < len(items) else None
    before = items[a - 1] if a > 0 else None
    for _ in range(a, b):
        del items[a]
    _put_back(tail, after, before)


def _tail(x: Any) -> list[Item]:
    """The comment lines (and the blank lines between them) that end a table or its last table."""
    if isinstance(x, AoT):
        return _tail(x[-1]) if len(x) else []
    if not isinstance(x, Table):
        return []
    body = x.value.body
    keyed = [i for i, (key, _v) in enumerate(body) if key is not None]
    if keyed and isinstance(body[keyed[-1]][1], Table | AoT):
        return _tail(body[keyed[-1]][1])
    rest = [v for _key, v in body[keyed[-1] + 1 if keyed else 0 :]]
    first = next((i for i, v in enumerate(rest) if isinstance(v, Comment)), len(rest))
    return rest[first:]


def _put_back(tail: list[Item], after: Any, before: Any) -> None:
    """Comment lines before the header of the table `after`, else at the end of the table `before`."""
    if not tail:
        return
    if isinstance(after, AoT) and len(after):
        after = after[0]
    if isinstance(after, Table):
        after.trivia.indent = "".join(v.as_string() for v in tail) + after.trivia.indent
        return
    while isinstance(before, AoT | Table):
        if isinstance(before, AoT):
            before = before[-1] if len(before) else None
            continue
        body = before.value.body
        last = next((v for key, v in reversed(body) if key is not None), None)
        if not isinstance(last, Table | AoT):
            for v in tail:
                before.value.append(None, v)
            return
        before = last

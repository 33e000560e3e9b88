"""The document being edited: a scenario's or a map's data as its TOML file holds it (tables, lists,
strings, numbers), changed only by edits, each one step of undo and redo.

An edit is a list of changes at paths into the data (`("terrain", 2, "polygon", 0)`): set a key or an
item, insert an item into a list, delete a key or an item. Applying a change records its inverse, so
undoing an edit applies the inverses backwards; a new edit clears what was undone."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Key = str | int
Path = tuple[Key, ...]
MAX_UNDO = 500  # edits kept for undo: enough for a long session, bounded memory


@dataclass(frozen=True)
class Change:
    """Set `path` to `value`, insert `value` at `path` (a list's index), or delete what is at `path`."""

    op: Literal["set", "insert", "delete"]
    path: Path
    value: Any = None


def put(path: Path, value: Any) -> Change:
    return Change("set", path, value)


def insert(path: Path, value: Any) -> Change:
    return Change("insert", path, value)


def delete(path: Path) -> Change:
    return Change("delete", path)


@dataclass
class Edit:
    label: str  # what the edit did, in the words the screens use (a key of ui.toml)
    undo: list[Change] = field(default_factory=list)  # the inverses, in the order they were made
    redo: list[Change] = field(default_factory=list)


class Document:
    """`data` is the file's content; `kind` says which (`scenario` or `map`)."""

    def __init__(self, data: dict[str, Any], kind: str) -> None:
        self.data = data
        self.kind = kind
        self.done: list[Edit] = []
        self.undone: list[Edit] = []
        self.version = 0  # grows with every change: the screen redraws what depends on the data
        self.saved_version = 0
        self._merging: str | None = None  # the merge key of the last edit, while edits may join it
        self.source: str | None = None  # the file's text as opened or last saved: a save keeps its layout

    @property
    def dirty(self) -> bool:
        return self.version != self.saved_version

    def get(self, path: Path, default: Any = None) -> Any:
        node: Any = self.data
        for k in path:
            if isinstance(node, dict) and isinstance(k, str):
                if k not in node:
                    return default
                node = node[k]
            elif isinstance(node, list) and isinstance(k, int):
                if not -len(node) <= k < len(node):
                    return default
                node = node[k]
            else:
                return default
        return node

    def apply(self, label: str, changes: Sequence[Change], merge: str | None = None) -> None:
        """Make the changes as one edit (one step of undo); nothing is recorded when there are none.
        Edits of the same `merge` made one after another are one step (typing a name letter by
        letter is undone at once)."""
        if not changes:
            return
        inverses = [self._change(c) for c in changes]
        if merge is not None and merge == self._merging and self.done:
            self.done[-1].redo += changes
            self.done[-1].undo += inverses
        else:
            self.done.append(Edit(label, inverses, list(changes)))
            del self.done[:-MAX_UNDO]
        self._merging = merge
        self.undone.clear()

    def undo(self) -> str | None:
        """Undo the last edit: its label, or None when there is nothing to undo."""
        if not self.done:
            return None
        self._merging = None
        edit = self.done.pop()
        for c in reversed(edit.undo):
            self._change(c)
        self.undone.append(edit)
        return edit.label

    def redo(self) -> str | None:
        if not self.undone:
            return None
        self._merging = None
        edit = self.undone.pop()
        edit.undo = [self._change(c) for c in edit.redo]
        self.done.append(edit)
        return edit.label

    def _change(self, c: Change) -> Change:
        """Make one change; its inverse."""
        *parents, last = c.path
        node = self.get(tuple(parents))
        self.version += 1
        if isinstance(node, dict):
            assert isinstance(last, str), c
            had = last in node
            old = node.get(last)
            if c.op == "delete":
                del node[last]
                return put(c.path, old)
            node[last] = copy.deepcopy(c.value)
            return put(c.path, old) if had else delete(c.path)
        assert isinstance(node, list) and isinstance(last, int), c
        if c.op == "insert":
            node.insert(last, copy.deepcopy(c.value))
            return delete(c.path)
        if c.op == "delete":
            return insert(c.path, node.pop(last))
        old = node[last]
        node[last] = copy.deepcopy(c.value)
        return put(c.path, old)


def parse_key(key: str) -> Path:
    """A problem's key (`sides[0].divisions[1].units`, `locale.es.units.fr-1a`) as a path."""
    out: list[Key] = []
    for part in key.split("."):
        name, _, rest = part.partition("[")
        if name:
            out.append(name)
        for index in rest.replace("]", "").split("[") if rest else []:
            if index.isdigit():
                out.append(int(index))
    return tuple(out)

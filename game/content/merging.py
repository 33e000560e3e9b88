"""Laying mods' files over the game's: a file of the game with each mod's file of the same path merged
into it (tables key by key, records of a keyed list by their id), remembering for every entry a mod
gave the file and the place in it where the mod gave it. A problem found in the merged table (a missing
key, a spell in the wrong phase) is then said in the mod's own file, at the key and index its author
wrote, never at the game's file or at an index into the merged list.

Two mods that set the same value differently are a conflict, reported with both names, unless one
depends on the other (then it wins): the loader never guesses which one the player meant.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from game.content.mods import Mod, requires
from game.content.records import build, check_partial, read_toml
from game.model.errors import ContentError

T = TypeVar("T")

# arrays of tables whose records are matched by a key, so a mod can change one record of them
KEYED = {
    "category": "code",
    "quality": "code",
    "terrain": "kind",
    "fire": "at_least",
    "melee": "at_least",
    "units": "id",
    "spells": "id",
    "cards": "id",
}  # fmt: skip  (the last three: Open Wars' files)

Step = str | int  # a key of a table or an index of a list
_STEP = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def steps(where: str) -> tuple[Step, ...]:
    """A key path as the records' checks write it ("spells[3].effect.kind") in steps."""
    return tuple(int(i) if i else key for i, key in _STEP.findall(where))


def spelt(path: Sequence[Step]) -> str:
    """Steps as a key path: ("spells", 3, "effect") is "spells[3].effect"."""
    out = ""
    for s in path:
        out += f"[{s}]" if isinstance(s, int) else (f".{s}" if out else s)
    return out


@dataclass(frozen=True)
class Origin:
    """Where a mod gave an entry of a merged table: its file, its place in that file, and the list it
    adds a record to (None: it changes one, or sets a value)."""

    file: Path
    at: tuple[Step, ...]
    adds: str | None = None


@dataclass
class Layered:
    """A file of the game with the mods' files laid over it: the merged table, the files read, and the
    origin of every entry a mod gave, by its place in the merged table."""

    data: dict[str, Any]
    base: Path  # the game's file; a mod's own when the game has none (a new faction)
    read: list[Path] = field(default_factory=list)
    origins: dict[tuple[Step, ...], Origin] = field(default_factory=dict)
    same: list[Origin] = field(default_factory=list)  # values a mod sets to what they already were

    def place(self, path: Sequence[Step]) -> str:
        """'file: key path' for a place in the merged table: the mod's file and its own place for what a
        mod gave (the innermost entry a mod gave or changed that holds it), else the game's file."""
        file, at, _adds = self._origin(tuple(path))
        return f"{file}: {spelt(at)}" if at else str(file)

    def blamed(self, e: ContentError) -> ContentError:
        """A problem of the merged table (its key path in e.where) said where its author wrote it."""
        file, at, adds = self._origin(steps(e.where))
        problem = e.problem
        if adds is not None and problem.startswith("missing key"):  # or its id is misspelt: it changes none
            problem += f" (a new {adds.removesuffix('s')} needs every key)"
        return ContentError(f"{file}: {spelt(at)}" if at else str(file), problem)

    def _origin(self, path: tuple[Step, ...]) -> tuple[Path, tuple[Step, ...], str | None]:
        for n in range(len(path), 0, -1):
            o = self.origins.get(path[:n])
            if o is not None:
                return o.file, (*o.at, *path[n:]), o.adds
        return self.base, path, None


@dataclass
class Merge:
    """Layering mods' tables over a base table, remembering which mod set each value (by the ids of the
    records holding it: conflicts) and where each entry came from (by its place: origins)."""

    data: dict[str, Any]
    mods: Sequence[Mod]
    owner: dict[tuple[Any, ...], str] = field(default_factory=dict)
    origins: dict[tuple[Step, ...], Origin] = field(default_factory=dict)
    same: list[Origin] = field(default_factory=list)

    def add(self, mod: Mod, over: dict[str, Any], file: Path) -> None:
        _no_repeats(over, file, ())
        self._merge(self.data, over, mod, file, (), (), ())

    def _merge(
        self,
        base: dict[str, Any],
        over: dict[str, Any],
        mod: Mod,
        file: Path,
        path: tuple[Any, ...],
        here: tuple[Step, ...],
        there: tuple[Step, ...],
    ) -> None:
        """`path`: the value's name by record ids (conflicts); `here`: its place in the merged table;
        `there`: its place in the mod's file."""
        for k, v in over.items():
            at, to, name = (*here, k), (*there, k), (*path, k)
            key = KEYED.get(k)
            if key is not None and isinstance(v, list) and isinstance(base.get(k), list):
                self._merge_records(base[k], v, key, mod, file, name, at, to)
            elif isinstance(v, dict) and isinstance(base.get(k), dict):
                self.origins[at] = Origin(file, to)
                self._merge(base[k], v, mod, file, name, at, to)
            else:
                if k in base and base[k] == v:  # legal, and almost surely not what was meant
                    self.same.append(Origin(file, to))
                self._claim(name, mod, file, base.get(k), v)
                self.origins[at] = Origin(file, to)
                base[k] = copy.deepcopy(v)

    def _merge_records(
        self,
        base: list[Any],
        items: list[Any],
        key: str,
        mod: Mod,
        file: Path,
        path: tuple[Any, ...],
        here: tuple[Step, ...],
        there: tuple[Step, ...],
    ) -> None:
        # a broken id in the base (a list, a table) matches nothing: building the result reports it
        index = {
            item.get(key): i
            for i, item in enumerate(base)
            if isinstance(item, dict) and isinstance(item.get(key), Hashable)
        }
        for j, item in enumerate(items):
            if not isinstance(item, dict) or key not in item:
                raise ContentError(
                    f"{file}: {spelt((*there, j))}", f"needs its {key} to say which record it adds or changes"
                )
            i = index.get(item[key]) if isinstance(item[key], Hashable) else None
            if i is not None:
                self.origins[(*here, i)] = Origin(file, (*there, j))
                changes = {k: v for k, v in item.items() if k != key}  # its id only says which it is
                self._merge(base[i], changes, mod, file, (*path, item[key]), (*here, i), (*there, j))
            else:
                base.append(copy.deepcopy(item))
                i = len(base) - 1
                self.origins[(*here, i)] = Origin(file, (*there, j), str(path[-1]))
                if isinstance(item[key], Hashable):
                    index[item[key]] = i
                    self._claim((*path, item[key]), mod, file, None, item)

    def _claim(self, path: tuple[Any, ...], mod: Mod, file: Path, old: Any, new: Any) -> None:
        prev = self.owner.get(path)
        if prev is not None and prev != mod.id and old != new and not requires(mod, prev, self.mods):
            name = ".".join(str(p) for p in path)
            raise ContentError(
                f"{file}: {name}",
                f"conflicts with the mod {prev!r}, which sets it differently: make one depend on the other",
            )
        self.owner[path] = mod.id


def _no_repeats(table: dict[str, Any], file: Path, path: tuple[Step, ...]) -> None:
    """A mod's file names each record once: laid over the base, a second record of one id would merge
    into the first unseen (two spells "x", the second's numbers winning)."""
    for k, v in table.items():
        here = (*path, k)
        if isinstance(v, dict):
            _no_repeats(v, file, here)
        elif isinstance(v, list):
            key, seen = KEYED.get(k), set()
            for j, item in enumerate(v):
                if not isinstance(item, dict):
                    continue
                mark = item.get(key) if key is not None else None
                if isinstance(mark, Hashable) and mark is not None:
                    if mark in seen:
                        raise ContentError(
                            f"{file}: {spelt((*here, j, str(key)))}", f"duplicate {key} {mark!r} in this file"
                        )
                    seen.add(mark)
                _no_repeats(item, file, (*here, j))


def layered(rel: str, base: Path, mods: Sequence[Mod]) -> Layered:
    """The base file's table with every mod's file of the same path (`rel` in the mod) laid over it."""
    given = [m for m in mods if m.file(rel).is_file()]
    exists = base.is_file()
    merge = Merge(read_toml(base) if exists else {}, mods)
    out = Layered(merge.data, base if exists or not given else given[0].file(rel), [base] if exists else [])
    for m in given:
        merge.add(m, read_toml(m.file(rel)), m.file(rel))
        out.read.append(m.file(rel))
    out.origins, out.same = merge.origins, merge.same
    return out


def load_layered(cls: type[T], rel: str, base: Path, mods: Sequence[Mod]) -> tuple[T, Layered]:
    """A record of the game's file at `base` with the mods' files of the same path laid over it. Each
    mod's file is checked alone first (its keys and their types), then the merged table is built; any
    problem is one ContentError naming the file that holds it (a mod's, at its own place) and the key."""
    for m in mods:
        if m.file(rel).is_file():
            data = read_toml(m.file(rel))  # its problems name the file already
            try:
                check_partial(cls, data, "")
            except ContentError as e:
                raise ContentError(f"{m.file(rel)}: {e.where}", e.problem) from None
    merged = layered(rel, base, mods)
    try:
        return build(cls, merged.data, ""), merged
    except ContentError as e:
        raise merged.blamed(e) from None

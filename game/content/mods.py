"""Mods: folders of content of the same shape as content/, with a mod.toml, that add records by id or
change fields of existing ones. Data only: nothing in a mod runs, and no path in it leads outside it.

    my-mod/
      mod.toml                         id, name, version, the ruleset it targets, mods it depends on
      rulesets/for-glory/units.toml    only what it adds or changes (records matched by their id)
      scenarios/my-battle.toml         new scenarios (or a scenario of the same id, replaced)
      locale/en/rules.toml             texts of new or changed rules

Mods load in dependency order, then in the order given. Two mods that set the same value differently
are a conflict, reported with both names, unless one depends on the other (then it wins): the loader
never guesses which one the player meant.
"""

from __future__ import annotations

import copy
import hashlib
import os
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from game.content.files import read_regular
from game.content.records import load_record, read_toml
from game.model.errors import ContentError
from game.model.limits import Id
from game.model.modules import ModuleList

MAX_TEXT = 2000  # characters of a mod's name, version or description
TOP_LEVEL = {
    "mod.toml",
    "rulesets",
    "modules",  # modules/<id>/<name>.toml: what the mod changes in a rule module's numbers
    "scenarios",
    "campaigns",  # campaigns/<id>.toml: campaigns it adds (docs/campaigns.md)
    "locale",
    "scripts",
    "ai",  # ai/temperaments/<id>.toml: the computer generals' temperaments it adds
    "README.md",
    "README.txt",
    "LICENSE",
}
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


@dataclass(frozen=True)
class ModFile:
    """mod.toml"""

    id: Id
    name: str
    version: str
    ruleset: Id = "for-glory"
    ruleset_version: str | None = None  # the version of the ruleset it was made for, if it matters
    depends: list[Id] = field(default_factory=list)
    description: str = ""
    modules: ModuleList = field(default_factory=list)  # rule modules it switches on (game/model/modules.py)


@dataclass(frozen=True)
class Mod:
    spec: ModFile
    root: Path
    content_hash: str

    @property
    def id(self) -> str:
        return self.spec.id

    def file(self, rel: str) -> Path:
        return self.root / rel


def user_data_dir() -> Path:
    """The game's folder in the platform's user data folder: mods, saves, crash reports."""
    return Path(platformdirs.user_data_dir("forglory", appauthor=False, roaming=True))


def user_mods_dir() -> Path:
    """Where a player's own mods live."""
    return user_data_dir() / "mods"


def _contained(root: Path) -> list[Path]:
    """Every file of a mod; a link or path that leads outside the mod, or anything but a file or a
    folder (a broken link, a pipe, a device), is an error."""
    real_root = root.resolve()
    files = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            try:
                p.resolve().relative_to(real_root)
            except ValueError:
                raise ContentError(
                    str(p), "points outside the mod: a mod's files must stay in its folder"
                ) from None
            except (OSError, RuntimeError):  # a link that leads back to itself
                raise ContentError(str(p), "a link that leads nowhere") from None
            if not (p.is_file() or p.is_dir()):
                raise ContentError(str(p), "not a file or a folder (a broken link, a pipe or a device)")
        files += [Path(dirpath) / f for f in filenames]
    return sorted(files)


def load_mod(path: Path) -> Mod:
    root = Path(path)
    if not root.is_dir():
        raise ContentError(str(root), "a mod is a folder holding a mod.toml")
    files = _contained(root)  # first: nothing outside the mod is ever read, not even its mod.toml
    spec = load_record(ModFile, root / "mod.toml")
    for entry in sorted(os.listdir(root)):
        if entry not in TOP_LEVEL and not entry.startswith("."):
            raise ContentError(
                str(root / entry), f"not part of a mod (a mod holds: {', '.join(sorted(TOP_LEVEL))})"
            )
    digest = hashlib.sha256()
    for f in files:
        digest.update(os.fsencode(f.relative_to(root)) + b"\0" + read_regular(f) + b"\0")  # any file name
    manifest = root / "mod.toml"
    for key in ("name", "version", "description"):
        text = getattr(spec, key)
        if len(text) > MAX_TEXT or not text.replace("\n", " ").isprintable():
            raise ContentError(f"{manifest}: {key}", f"printable text of at most {MAX_TEXT} characters")
    return Mod(spec, root, digest.hexdigest())


def load_mods(paths: Iterable[Path]) -> list[Mod]:
    """Load mods and put them in load order: each after the mods it depends on (all of which must be
    given), otherwise in the order given."""
    mods = [load_mod(p) for p in paths]
    by_id: dict[str, Mod] = {}
    for m in mods:
        if m.id in by_id:
            raise ContentError(str(m.root), f"mod {m.id!r} is given twice (also {by_id[m.id].root})")
        by_id[m.id] = m
    ordered: list[Mod] = []
    state: dict[str, str] = {}

    def visit(m: Mod, chain: list[str]) -> None:
        if state.get(m.id) == "done":
            return
        if state.get(m.id) == "visiting":
            raise ContentError(
                f"{m.root / 'mod.toml'}: depends", f"circular dependency: {' -> '.join([*chain, m.id])}"
            )
        state[m.id] = "visiting"
        for dep in m.spec.depends:
            if dep not in by_id:
                raise ContentError(
                    f"{m.root / 'mod.toml'}: depends", f"needs the mod {dep!r}, which is not loaded"
                )
            visit(by_id[dep], [*chain, m.id])
        state[m.id] = "done"
        ordered.append(m)

    for m in mods:
        visit(m, [])
    return ordered


def requires(mod: Mod, other: str, mods: Sequence[Mod]) -> bool:
    """Does mod depend on other, directly or through other mods?"""
    by_id = {m.id: m for m in mods}
    seen, todo = set(), list(mod.spec.depends)
    while todo:
        d = todo.pop()
        if d == other:
            return True
        if d not in seen and d in by_id:
            seen.add(d)
            todo += by_id[d].spec.depends
    return False


@dataclass
class Merge:
    """Layering mods' tables over a base table, remembering which mod set each value."""

    data: dict[str, Any]
    mods: Sequence[Mod]
    owner: dict[tuple[Any, ...], str] = field(default_factory=dict)

    def add(self, mod: Mod, over: dict[str, Any], where: str) -> None:
        self._merge(self.data, over, mod, where, ())

    def _merge(
        self, base: dict[str, Any], over: dict[str, Any], mod: Mod, where: str, path: tuple[Any, ...]
    ) -> None:
        for k, v in over.items():
            here = (*path, k)
            key = KEYED.get(k)
            if key is not None and isinstance(v, list) and isinstance(base.get(k), list):
                self._merge_records(base[k], v, key, mod, where, here)
            elif isinstance(v, dict) and isinstance(base.get(k), dict):
                self._merge(base[k], v, mod, where, here)
            else:
                self._set(base, k, v, mod, where, here)

    def _merge_records(
        self, base: list[Any], items: list[Any], key: str, mod: Mod, where: str, path: tuple[Any, ...]
    ) -> None:
        # a broken id in the base (a list, a table) matches nothing: building the result reports it
        index = {
            item.get(key): item
            for item in base
            if isinstance(item, dict) and isinstance(item.get(key), Hashable)
        }
        for j, item in enumerate(items):
            name = ".".join(str(p) for p in path)
            if not isinstance(item, dict) or key not in item:
                raise ContentError(
                    f"{where}: {name}[{j}]", f"needs its {key} to say which record it adds or changes"
                )
            if isinstance(item[key], Hashable) and item[key] in index:
                self._merge(index[item[key]], item, mod, where, (*path, item[key]))
            else:
                base.append(copy.deepcopy(item))
                index[item[key]] = base[-1]
                self._claim((*path, item[key]), mod, where, None, item)

    def _set(self, base: dict[str, Any], k: str, v: Any, mod: Mod, where: str, path: tuple[Any, ...]) -> None:
        self._claim(path, mod, where, base.get(k), v)
        base[k] = copy.deepcopy(v)

    def _claim(self, path: tuple[Any, ...], mod: Mod, where: str, old: Any, new: Any) -> None:
        prev = self.owner.get(path)
        if prev is not None and prev != mod.id and old != new and not requires(mod, prev, self.mods):
            name = ".".join(str(p) for p in path)
            raise ContentError(
                f"{where}: {name}",
                f"conflicts with the mod {prev!r}, which sets it differently: make one depend on the other",
            )
        self.owner[path] = mod.id


def layered(rel: str, base: Path, mods: Sequence[Mod]) -> tuple[dict[str, Any], list[Path]]:
    """The base file's table with every mod's file of the same name laid over it, and the files read."""
    data = read_toml(base) if base.is_file() else {}
    merge = Merge(data, mods)
    read = [base] if base.is_file() else []
    for mod in mods:
        f = mod.file(rel)
        if f.is_file():
            merge.add(mod, read_toml(f), str(f))
            read.append(f)
    return merge.data, read

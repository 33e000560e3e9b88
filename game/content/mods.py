"""Mods: folders of content of the same shape as content/, with a mod.toml, that add records by id or
change fields of existing ones. Data only: nothing in a mod runs, and no path in it leads outside it.

    my-mod/
      mod.toml                         id, name, version, the ruleset it targets, mods it depends on
      rulesets/for-glory/units.toml    only what it adds or changes (records matched by their id)
      scenarios/my-battle.toml         new scenarios (or a scenario of the same id, replaced)
      locale/en/rules.toml             texts of new or changed rules

Mods load in dependency order, then in the order given; game/content/merging.py lays their files over
the game's.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from game.content.files import read_regular
from game.content.records import load_record
from game.content.versions import Requirement, requirement
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
    "puzzles",  # puzzles/<id>.toml: tactical positions (docs/puzzles.md)
    "ai",  # ai/temperaments/<id>.toml: the computer generals' temperaments it adds
    "README.md",
    "README.txt",
    "LICENSE",
}


@dataclass(frozen=True)
class ModFile:
    """mod.toml"""

    id: Id
    name: str
    version: str
    ruleset: Id = "for-glory"
    ruleset_version: str | None = None  # the version of the ruleset it was made for, if it matters
    depends: list[str] = field(default_factory=list)  # mods it builds on: "id" or "id >=1.2, <2"
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

    @property
    def needs(self) -> list[Requirement]:
        """The mods it depends on, each with the range of versions it accepts (checked by load_mod)."""
        return [
            requirement(d, f"{self.root / 'mod.toml'}: depends[{i}]") for i, d in enumerate(self.spec.depends)
        ]

    def file(self, rel: str) -> Path:
        return self.root / rel


def user_data_dir() -> Path:
    """The game's folder in the platform's user data folder: mods, saves, crash reports."""
    return Path(platformdirs.user_data_dir("forglory", appauthor=False, roaming=True))


def user_mods_dir() -> Path:
    """Where a player's own mods live."""
    return user_data_dir() / "mods"


def mod_folders(folder: Path | None = None) -> list[Path]:
    """The mods of a mods folder (the player's by default), in name order; hidden folders left out (a
    mod being installed, one being replaced: game/modding/package.py)."""
    folder = user_mods_dir() if folder is None else folder
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))


def _hidden(rel: Path) -> bool:
    return any(part.startswith(".") for part in rel.parts)


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
    rulesets = root / "rulesets"  # another ruleset's folder would be ignored: a change that "does nothing"
    for entry in sorted(os.listdir(rulesets)) if rulesets.is_dir() else []:
        if entry != spec.ruleset and not entry.startswith("."):
            raise ContentError(
                str(rulesets / entry),
                f"not the ruleset of the mod: its mod.toml says ruleset = {spec.ruleset!r}",
            )
    digest = hashlib.sha256()
    for f in (f for f in files if not _hidden(f.relative_to(root))):  # .git and the like: not content
        digest.update(os.fsencode(f.relative_to(root)) + b"\0" + read_regular(f) + b"\0")  # any file name
    manifest = root / "mod.toml"
    for key in ("name", "version", "description"):
        text = getattr(spec, key)
        if len(text) > MAX_TEXT or not text.replace("\n", " ").isprintable():
            raise ContentError(f"{manifest}: {key}", f"printable text of at most {MAX_TEXT} characters")
    for i, text in enumerate(spec.depends):  # each one the game reads, or one line naming it
        requirement(text, f"{manifest}: depends[{i}]")
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
        for i, dep in enumerate(m.needs):
            where = f"{m.root / 'mod.toml'}: depends" + (f"[{i}]" if len(m.needs) > 1 else "")
            if dep.id not in by_id:
                raise ContentError(where, f"needs the mod {dep.id!r}, which is not loaded")
            found = by_id[dep.id].spec.version
            if not dep.allows(found):
                raise ContentError(where, f"needs the mod {dep.id!r} {dep.text}, which is {found!r}")
            visit(by_id[dep.id], [*chain, m.id])
        state[m.id] = "done"
        ordered.append(m)

    for m in mods:
        visit(m, [])
    return ordered


def requires(mod: Mod, other: str, mods: Sequence[Mod]) -> bool:
    """Does mod depend on other, directly or through other mods?"""
    by_id = {m.id: m for m in mods}
    seen, todo = set(), [r.id for r in mod.needs]
    while todo:
        d = todo.pop()
        if d == other:
            return True
        if d not in seen and d in by_id:
            seen.add(d)
            todo += [r.id for r in by_id[d].needs]
    return False

"""A rule module's numbers: its own TOML files (content/modules/<id>/<name>.toml), read into the typed
records it declares, with each mod's file of the same path laid over them, and fingerprinted so a
replay made with other numbers is refused. Numbers live in content; a module's code only reads them."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game import CONTENT
from game.content.files import read_regular
from game.content.locale import Texts
from game.content.merging import layered, load_layered, steps
from game.content.mods import Mod
from game.model.errors import ContentError, UserError
from game.model.modules import RuleModule, RuleStack, compose
from game.model.ruleset import Ruleset


def folder_of(module: RuleModule, root: Path | None = None) -> Path:
    return module.folder or (root or CONTENT / "modules") / module.id


def module_words(module: RuleModule, language: str) -> tuple[str, str]:
    """A module's name and description in a language: module_<id>_name and module_<id>_description of
    its locale's ui.toml (whose English a test holds to its own fields), its fields where it has none."""
    t = Texts(language, (folder_of(module) / "locale",))
    key = "module_" + module.id.replace("-", "_")
    if not t.has(f"{key}_name"):
        return module.name, module.description
    return t(f"{key}_name"), t(f"{key}_description")


def module_locales(stack: RuleStack) -> tuple[Path, ...]:
    """The locale folders of the chosen modules that have one (their words for the screens)."""
    return tuple(f for m in stack.chosen if (f := folder_of(m) / "locale").is_dir())


def load_records(
    module: RuleModule, mods: Sequence[Mod] = (), root: Path | None = None
) -> tuple[dict[str, Any], str]:
    """The module's records by file name, and a fingerprint of its own files (the mods' are in their
    own hashes). Any problem is a ContentError naming the file and the key."""
    folder = folder_of(module, root)
    digest = hashlib.sha256()
    out: dict[str, Any] = {}
    for name, cls in module.records.items():
        path = folder / f"{name}.toml"
        if not path.is_file():
            raise ContentError(str(path), f"the rule module {module.id} needs this file")
        digest.update(f"{name}.toml".encode() + b"\0" + read_regular(path) + b"\0")
        out[name] = load_layered(cls, f"modules/{module.id}/{name}.toml", path, mods)[0]
    return out, digest.hexdigest()


def chosen_in(path: Path | str, in_file: Sequence[str], on_command_line: Sequence[str]) -> str:
    """Where the modules of a battle were chosen, for a message about them: its file, the command
    line, or both (the ruleset's mods name their own)."""
    places = [str(path)] if in_file or not on_command_line else []
    return " and ".join([*places, *(["--module"] if on_command_line else [])])


def rule_stack(rules: Ruleset, ids: Sequence[str], where: str) -> RuleStack:
    """The rules a battle runs: its ruleset's mode with the modules its mods and `ids` switch on, each
    module's numbers loaded with the mods laid over them. `where` names the file that chose them."""
    try:
        stack = compose(rules.mode, [*rules.module_ids, *ids])
    except ContentError:
        raise
    except UserError as e:
        raise ContentError(f"{where}: modules", str(e)) from None
    for m in stack.modules:
        if m.records:
            stack.records[m.id], stack.hashes[m.id] = load_records(m, rules.loaded_mods)
        check_names(m, rules, stack.records.get(m.id, {}))
    return stack


def check_names(
    module: RuleModule, rules: Ruleset, records: dict[str, Any], root: Path | None = None
) -> None:
    """The names a module's numbers take from the ruleset (categories, qualities, terrain) must be in it;
    one that is not is said in the file that gave it (a mod's, at its own place)."""
    for name, key, problem in module.check(rules, records) if module.check else ():
        path = folder_of(module, root) / f"{name}.toml"
        given = layered(f"modules/{module.id}/{name}.toml", path, rules.loaded_mods)
        raise ContentError(given.place(steps(key)), problem)

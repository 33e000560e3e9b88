"""A ruleset's folder (content/rulesets/<id>/*.toml), with the mods laid over it, read into the
model's records of the rules' numbers (game/model/ruleset.py) and checked across its files."""

from __future__ import annotations

import dataclasses
import hashlib
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import get_args, get_origin

from game import CONTENT
from game.content.files import read_regular
from game.content.merging import Layered, Step, load_layered
from game.content.mod_words import check_mod_words
from game.content.mods import Mod
from game.content.records import hints, load_record
from game.model.errors import ContentError
from game.model.limits import check_id
from game.model.modules import mode_for_ruleset
from game.model.ruleset import (
    SUPPLIED,
    Distance,
    GameFile,
    ModifiersFile,
    QualitiesFile,
    ResultsFile,
    Ruleset,
    RulesetFile,
    TerrainFile,
    UnitsFile,
)
from game.model.words import slug

RULESET_FILES: dict[str, type] = {
    "ruleset.toml": RulesetFile,
    "modifiers.toml": ModifiersFile,
    "units.toml": UnitsFile,
    "qualities.toml": QualitiesFile,
    "results.toml": ResultsFile,
    "terrain.toml": TerrainFile,
    "game.toml": GameFile,
}


def _check_distance(rs: Ruleset, value: Distance | None, where: str) -> None:
    if isinstance(value, str) and value not in rs.core.measures:
        known = ", ".join(rs.core.measures)
        raise ContentError(where, f"unknown measure {value!r} (known: {known})")
    if isinstance(value, float) and value < 0:
        raise ContentError(where, f"a distance cannot be negative, found {value}")


def _names_measure(hint: object) -> bool:
    """A Distance field (a measure code or inches): a union that takes a string."""
    return get_origin(hint) in (typing.Union, types.UnionType) and str in get_args(hint)


def _check_distances(rs: Ruleset, record: object, file: Layered, path: tuple[Step, ...]) -> None:
    """Every distance of a record, and of the records inside it, names a measure of the ruleset."""
    for f in dataclasses.fields(record):  # type: ignore[arg-type]
        value = getattr(record, f.name)
        if dataclasses.is_dataclass(value):
            _check_distances(rs, value, file, (*path, f.name))
        elif isinstance(value, str) and _names_measure(hints(type(record))[f.name]):
            _check_distance(rs, value, file.place((*path, f.name)))


def _by_key(items: list, key: str, file: Layered, name: str) -> dict:
    out: dict = {}
    for i, item in enumerate(items):
        k = getattr(item, key)
        if k in out:
            raise ContentError(file.place((name, i, key)), f"duplicate {key} {k!r}")
        out[k] = item
    return out


def load_ruleset(
    ruleset_id: str = "for-glory", root: Path | None = None, mods: Sequence[Mod] = ()
) -> Ruleset:
    """Load and validate a ruleset folder with the given mods laid over it (in load order); any
    problem is a ContentError naming the file and key."""
    check_id(ruleset_id, "ruleset")  # never a path: nothing outside the rulesets folder is looked at
    folder = (root or CONTENT / "rulesets") / ruleset_id
    if not folder.is_dir():
        known = (
            sorted(p.name for p in folder.parent.iterdir() if p.is_dir()) if folder.parent.is_dir() else []
        )
        raise ContentError(
            str(folder), f"no ruleset {ruleset_id!r} here (known: {', '.join(known) or 'none'})"
        )
    for m in mods:
        if m.spec.ruleset != ruleset_id and mode_for_ruleset(m.spec.ruleset) is None:
            raise ContentError(
                f"{m.root / 'mod.toml'}: ruleset", f"the mod is for {m.spec.ruleset!r}, not {ruleset_id!r}"
            )
    every, mods = tuple(mods), [m for m in mods if m.spec.ruleset == ruleset_id]  # another mode's: its own
    digest = hashlib.sha256()
    parts: dict[str, object] = {}
    files: dict[str, Layered] = {}
    for name, cls in RULESET_FILES.items():
        path = folder / name
        raw = read_regular(path) if path.is_file() else b""
        digest.update(name.encode() + b"\0" + raw + b"\0")
        if mods:
            parts[name], files[name] = load_layered(cls, f"rulesets/{ruleset_id}/{name}", path, mods)
        else:
            parts[name], files[name] = load_record(cls, path), Layered({}, path)
    for m in mods:
        digest.update(f"mod {m.id} {m.content_hash}".encode())
    core: RulesetFile = parts["ruleset.toml"]  # type: ignore[assignment]
    for m in mods:
        wanted = m.spec.ruleset_version
        if wanted is not None and wanted != core.version:
            raise ContentError(
                f"{m.root / 'mod.toml'}: ruleset_version", f"made for {wanted}, the ruleset is {core.version}"
            )
    units: UnitsFile = parts["units.toml"]  # type: ignore[assignment]
    quals: QualitiesFile = parts["qualities.toml"]  # type: ignore[assignment]
    results: ResultsFile = parts["results.toml"]  # type: ignore[assignment]
    terr: TerrainFile = parts["terrain.toml"]  # type: ignore[assignment]
    rs = Ruleset(
        core=core,
        modifiers=parts["modifiers.toml"],  # type: ignore[arg-type]
        categories=_by_key(units.category, "code", files["units.toml"], "category"),
        officer=units.officer,
        qualities=_by_key(quals.quality, "code", files["qualities.toml"], "quality"),
        fire_results=tuple(sorted(results.fire, key=lambda b: b.at_least)),
        melee_results=tuple(sorted(results.melee, key=lambda b: b.at_least)),
        terrain=_by_key(terr.terrain, "kind", files["terrain.toml"], "terrain"),
        game=parts["game.toml"],  # type: ignore[arg-type]
        content_hash=digest.hexdigest(),
        loaded_mods=every,  # another game mode's mods too: its maps are found, its games use them
    )
    _validate(rs, files, units)
    check_mod_words(rs, mods)
    return rs


def _check_codes(rs: Ruleset, files: dict[str, Layered]) -> None:
    """A category's, quality's or terrain's code is the key of its words (category_<code>, in lower
    case, a run of other characters one _): it needs a letter or a digit, and gives no other's key."""
    for name, records, file, key in (
        ("category", rs.categories, "units.toml", "code"),
        ("quality", rs.qualities, "qualities.toml", "code"),
        ("terrain", rs.terrain, "terrain.toml", "kind"),
    ):
        seen: dict[str, str] = {}
        for i, code in enumerate(records):  # in the merged list's order: its index is the record's
            words = slug(code)
            where = files[file].place((name, i, key))
            if not words:
                raise ContentError(where, f"expected a letter or a digit, found {code!r}")
            if words in seen:
                raise ContentError(
                    where, f"{code!r} and {seen[words]!r} would share their words ({name}_{words})"
                )
            seen[words] = code


def _validate(rs: Ruleset, files: dict[str, Layered], units: UnitsFile) -> None:
    """Checks across keys and files of the merged ruleset; a problem names the file that holds the
    value (a mod's, at its own place in it, for a value a mod gave)."""
    _check_codes(rs, files)
    ruleset = files["ruleset.toml"]
    for code in ("XS", "S", "M", "L", "XL"):
        if code not in rs.core.measures:
            raise ContentError(ruleset.place(("measures", code)), "missing measure")
    _check_distances(rs, rs.core, ruleset, ())
    _check_distances(rs, rs.game, files["game.toml"], ())
    _check_distances(rs, rs.officer, files["units.toml"], ("officer",))
    for i, cat in enumerate(units.category):
        _check_distances(rs, cat, files["units.toml"], ("category", i))
        if cat.range is not None and cat.fire is None:
            raise ContentError(
                files["units.toml"].place(("category", i, "fire")),
                "a unit with a range needs a fire modifier",
            )
    for table in ("morale", "leadership", "combat"):
        for key, modifier in getattr(rs.modifiers, table).items():
            where = files["modifiers.toml"].place((table, key, "value"))
            if key in SUPPLIED and modifier.value is not None:
                raise ContentError(where, "this value comes from the unit or officer: remove it")
            if key not in SUPPLIED and modifier.value is None:
                raise ContentError(where, "missing key: expected an integer")
    if not rs.fire_results or not rs.melee_results:
        raise ContentError(files["results.toml"].place(()), "needs at least one fire and one melee band")
    for kind in ("open",):
        if kind not in rs.terrain:
            raise ContentError(files["terrain.toml"].place(("terrain",)), f"missing the {kind!r} kind")

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
from game.content.mods import KEYED, Mod, layered
from game.content.records import build, check_partial, hints, load_record, read_toml, unbounded
from game.model.errors import ContentError
from game.model.limits import check_id
from game.model.modules import mode_for_ruleset
from game.model.ruleset import (
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


def _check_distances(rs: Ruleset, record: object, where: str) -> None:
    """Every distance of a record, and of the records inside it, names a measure of the ruleset."""
    for f in dataclasses.fields(record):  # type: ignore[arg-type]
        value = getattr(record, f.name)
        if dataclasses.is_dataclass(value):
            _check_distances(rs, value, f"{where}{f.name}.")
        elif isinstance(value, str) and _names_measure(hints(type(record))[f.name]):
            _check_distance(rs, value, f"{where}{f.name}")


def _by_key(items: list, key: str, where: str) -> dict:
    out: dict = {}
    for i, item in enumerate(items):
        k = getattr(item, key)
        if k in out:
            raise ContentError(f"{where}[{i}].{key}", f"duplicate {key} {k!r}")
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
    for name, cls in RULESET_FILES.items():
        path = folder / name
        raw = read_regular(path) if path.is_file() else b""
        digest.update(name.encode() + b"\0" + raw + b"\0")
        if not mods:
            parts[name] = load_record(cls, path)
            continue
        rel = f"rulesets/{ruleset_id}/{name}"
        for m in mods:
            if m.file(rel).is_file():
                given = read_toml(m.file(rel))
                try:
                    check_partial(cls, given, "")
                except ContentError as e:
                    raise ContentError(f"{m.file(rel)}: {e.where}", e.problem) from None
        _check_new_records(cls, path, rel, mods)
        data, _read = layered(rel, path, mods)
        try:
            parts[name] = build(cls, data, "")
        except ContentError as e:
            raise ContentError(
                f"{path} with mods {', '.join(m.id for m in mods)}: {e.where}", e.problem
            ) from None
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
        categories=_by_key(units.category, "code", str(folder / "units.toml") + ": category"),
        officer=units.officer,
        qualities=_by_key(quals.quality, "code", str(folder / "qualities.toml") + ": quality"),
        fire_results=tuple(sorted(results.fire, key=lambda b: b.at_least)),
        melee_results=tuple(sorted(results.melee, key=lambda b: b.at_least)),
        terrain=_by_key(terr.terrain, "kind", str(folder / "terrain.toml") + ": terrain"),
        game=parts["game.toml"],  # type: ignore[arg-type]
        content_hash=digest.hexdigest(),
        loaded_mods=every,  # another game mode's mods too: its maps are found, its games use them
    )
    _validate(rs, folder, mods)
    return rs


def _check_new_records(cls: type, base: Path, rel: str, mods: Sequence[Mod]) -> None:
    """A record a mod adds (a new id in a keyed list) must be complete: checked in the mod's own file,
    so a missing key is reported where it is missing."""
    plain = {k: unbounded(t) for k, t in hints(cls).items()}
    lists = {k: get_args(t)[0] for k, t in plain.items() if k in KEYED and get_origin(t) is list}
    if not lists:
        return
    data = read_toml(base) if base.is_file() else {}
    known = {
        k: {i.get(KEYED[k]) for i in data.get(k, []) if isinstance(i, dict) and _an_id(i.get(KEYED[k]))}
        for k in lists
    }
    for m in mods:
        f = m.file(rel)
        if not f.is_file():
            continue
        for k, element in lists.items():
            items = read_toml(f).get(k, [])
            for j, item in enumerate(items if isinstance(items, list) else []):
                key = item.get(KEYED[k]) if isinstance(item, dict) else None
                if not _an_id(key) or key in known[k]:
                    continue
                try:
                    build(element, item, f"{k}[{j}]")
                except ContentError as e:
                    raise ContentError(
                        f"{f}: {e.where}", f"{e.problem} (a new {k} needs every key)"
                    ) from None
                known[k].add(key)


def _an_id(value: object) -> bool:
    """A value that can name a record (a broken one is reported when the whole file is built)."""
    return isinstance(value, str | int | float) and not isinstance(value, bool)


SUPPLIED = ("quality", "category", "experience")  # modifiers whose value the unit or officer gives


def _validate(rs: Ruleset, folder: Path, mods: Sequence[Mod] = ()) -> None:
    """Checks across keys and files of the merged ruleset; a problem names the file and, when mods
    are laid over it, the mods whose values it holds."""
    merged = f" with mods {', '.join(m.id for m in mods)}" if mods else ""

    def at(name: str) -> str:
        return f"{folder / name}{merged}"

    for code in ("XS", "S", "M", "L", "XL"):
        if code not in rs.core.measures:
            raise ContentError(f"{at('ruleset.toml')}: measures.{code}", "missing measure")
    _check_distances(rs, rs.core, f"{at('ruleset.toml')}: ")
    _check_distances(rs, rs.game, f"{at('game.toml')}: ")
    _check_distances(rs, rs.officer, f"{at('units.toml')}: officer.")
    for code, cat in rs.categories.items():
        _check_distances(rs, cat, f"{at('units.toml')}: category {code}.")
        if cat.range is not None and cat.fire is None:
            raise ContentError(
                f"{at('units.toml')}: category {code}.fire", "a unit with a range needs a fire modifier"
            )
    required = {
        "morale": ("quality", "officer_near", "lost_brigades", "hits", "disorganised"),
        "leadership": ("experience", "staff_near", "lost_brigades", "distance"),
        "combat": (
            "category",
            "quality",
            "flank",
            "road_target",
            "cover",
            "disorganised",
            "moved",
            "frontal_charge",
            "hits",
            "reaction",
            "artillery_close",
            "artillery_markers",
        ),
    }
    for table, keys in required.items():
        have = getattr(rs.modifiers, table)
        for key in keys:
            where = f"{at('modifiers.toml')}: {table}.{key}"
            if key not in have:
                raise ContentError(where, "missing modifier")
            if key in SUPPLIED and have[key].value is not None:
                raise ContentError(f"{where}.value", "this value comes from the unit or officer: remove it")
            if key not in SUPPLIED and have[key].value is None:
                raise ContentError(f"{where}.value", "missing key: expected an integer")
    if not rs.fire_results or not rs.melee_results:
        raise ContentError(str(folder / "results.toml"), "needs at least one fire and one melee band")
    for kind in ("open",):
        if kind not in rs.terrain:
            raise ContentError(f"{at('terrain.toml')}: terrain", f"missing the {kind!r} kind")

"""Hostile text planted in every text field of content: a mod whose manifest, scenario, Open Wars map
and rules reference say what `make` gives, field by field. The markup test (tests/ui/test_markup.py)
and the fuzzer's window cases (tests/fuzzing.py) both build their mods here."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import CONTENT

# the keys of content that hold words a player reads (a unit's, a division's and the estado mayor's
# `name`, a division's `officer` among them), and the tables of words by id ([locale.es] too)
TEXT_KEYS = {"name", "description", "history", "text", "authored", "title", "version", "officer"}
WORD_TABLES = {"sides", "objectives", "players", "locations", "divisions", "units", "officers"}
# the longest text each kind of field takes (the others take 5000): names (a unit's: 80; Open Wars'
# 60), a card's text
ROOM = {"name": 60, "officer": 60, "text": 200}
RULES = ("FG-MOVE-1", "FG-CHG-1", "FG-FIRE-1", "FG-ACT-1", "FG-VIC-1", "FG-MOR-1", "OW-MOVE-1")

Make = Callable[[str, int], str]  # (where the text goes, its room) -> the text


def _bare(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _value(key)


def _escaped(c: str) -> str:
    if c in '"\\':
        return "\\" + c
    return f"\\u{ord(c):04x}" if ord(c) < 0x20 or ord(c) == 0x7F else c


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):  # a basic string: quotes, backslashes and control characters escaped
        return '"' + "".join(_escaped(c) for c in v) + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_bare(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML for {v!r}")


def toml_text(data: dict[str, Any]) -> str:
    """A table as TOML, every value inline (enough for content files)."""
    return "".join(f"{_bare(k)} = {_value(v)}\n" for k, v in data.items())


def plant(node: Any, make: Make, where: str = "") -> Any:
    """The content with every text field replaced by make(its path, its room)."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            at = f"{where}.{k}" if where else k
            if k == "grammar":  # a name's grammar tags are no text a player reads (docs/spanish.md)
                out[k] = v
            elif k in TEXT_KEYS and isinstance(v, str):
                out[k] = make(at, ROOM.get(k, 5000))
            elif k in WORD_TABLES and isinstance(v, dict):
                out[k] = {i: make(f"{at}.{i}", ROOM["name"]) for i in v}
            else:
                out[k] = plant(v, make, at)
        return out
    if isinstance(node, list):
        return [plant(v, make, f"{where}[{i}]") for i, v in enumerate(node)]
    return node


def named(node: Any) -> Any:
    """A scenario with a name for every unit (those it leaves out would be made from their division and
    arm), so that a name is planted in each."""
    if isinstance(node, dict):
        out = {k: named(v) for k, v in node.items()}
        if "category" in out and "quality" in out and "id" in out:
            out.setdefault("name", "x")
        return out
    if isinstance(node, list):
        return [named(v) for v in node]
    return node


def hostile_mod(folder: Path, make: Make, scenario: str = "default", game_map: str = "ow-twin-fords") -> Path:
    """A mod at folder/evil whose every text is planted: mod.toml, the scenario `evil` (a copy of
    `scenario`, every unit named; its [locale.es] names too), the Open Wars map `evil-map` (of
    `game_map`) and its rules reference's entries."""
    mod = folder / "evil"
    (mod / "scenarios" / "open-wars").mkdir(parents=True)
    (mod / "locale" / "en").mkdir(parents=True)
    manifest = plant({"id": "evil", "name": "x", "version": "x", "description": "x"}, make, "mod")
    (mod / "mod.toml").write_text(toml_text(manifest), encoding="utf-8")
    maps = "scenarios/open-wars"
    for source, target, new_id in (
        (CONTENT / "scenarios" / f"{scenario}.toml", mod / "scenarios" / "evil.toml", "evil"),
        (CONTENT / maps / f"{game_map}.toml", mod / maps / "evil-map.toml", "evil-map"),
    ):
        data = plant(named(tomllib.loads(source.read_text(encoding="utf-8"))), make, target.stem)
        target.write_text(toml_text({**data, "id": new_id}), encoding="utf-8")
    entries = {
        r: {"title": make(f"rules.{r}.title", 80), "text": make(f"rules.{r}.text", 500)} for r in RULES
    }
    (mod / "locale" / "en" / "rules.toml").write_text(toml_text(entries), encoding="utf-8")
    return mod

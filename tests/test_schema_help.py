"""Issue 40, item 2: the JSON Schemas describe every key (an editor's hover help was empty) and refuse an
unknown name where the loader does (a misspelt modifier such as [combat.flanks] was accepted by both)."""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any, get_args, get_origin

import jsonschema

from game.content.records import hints
from game.modding.key_help import KEYS
from game.modding.schema import KINDS, render
from game.model.limits import Keys

BY_NAME = {k.name: k for k in KINDS}


def _properties(node: Any, at: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every property of a schema document, with where it is."""
    out = []
    if isinstance(node, dict):
        for key, prop in (node.get("properties") or {}).items():
            out.append((f"{at}.{key}", prop))
        for key, value in node.items():
            out += _properties(value, f"{at}/{key}")
    elif isinstance(node, list):
        for value in node:
            out += _properties(value, at)
    return out


def test_every_key_of_every_schema_is_described() -> None:
    bare = [
        f"{kind.name}{at}"
        for kind in KINDS
        for at, prop in _properties(json.loads(render(kind)))
        if not prop.get("description")
    ]
    assert bare == []


def _records() -> dict[str, type]:
    """Every record the schemas are made of, by the names key_help uses."""
    found: list[type] = []

    def visit(tp: Any) -> None:
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            if tp not in found:
                found.append(tp)
                for f in dataclasses.fields(tp):
                    visit(hints(tp)[f.name])
            return
        for a in get_args(tp):
            visit(a)

    for kind in KINDS:
        visit(kind.record)
    names = [c.__name__ for c in found]
    return {c.__name__ if names.count(c.__name__) == 1 else f"{c.__module__}.{c.__name__}": c for c in found}


def test_no_words_for_a_key_no_record_has() -> None:
    records = _records()
    stale = []
    for name, words in KEYS.items():
        record = records.get(name)
        if record is None:
            stale.append(name)
            continue
        fields = {f.name: hints(record)[f.name] for f in dataclasses.fields(record)}
        for key in words:
            field, _, held = key.partition(".")
            tp = fields.get(field)
            names = (
                [b for b in get_args(tp)[1:] if isinstance(b, Keys)] if get_origin(tp) is Annotated else []
            )
            if tp is None or (held and not any(held in n.names for n in names)):
                stale.append(f"{name}.{key}")
    assert stale == []


def test_a_misspelt_modifier_is_refused_by_the_schemas() -> None:
    flanks = {"combat": {"flanks": {"rule": "FG-CBT-2", "label": "flank", "value": 3}}}
    for name in ("modifiers.partial", "modifiers"):
        validator = jsonschema.Draft202012Validator(json.loads(render(BY_NAME[name])))
        assert any("'flanks' was unexpected" in e.message for e in validator.iter_errors(flanks)), name
    partial = jsonschema.Draft202012Validator(json.loads(render(BY_NAME["modifiers.partial"])))
    assert list(partial.iter_errors({"combat": {"flank": {"value": 3}}})) == []


def test_a_language_the_game_lacks_is_refused_by_the_schemas() -> None:
    validator = jsonschema.Draft202012Validator(json.loads(render(BY_NAME["open-wars-spells.partial"])))
    assert list(validator.iter_errors({"locale": {"es": {"names": {"x": "y"}}}})) == []
    assert any("'fr' was unexpected" in e.message for e in validator.iter_errors({"locale": {"fr": {}}}))

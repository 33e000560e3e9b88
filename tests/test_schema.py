"""The JSON Schemas of the content files (game/modding/schema.py, shipped in content/schema/): current, valid,
matching every shipped file, refusing corrupted ones, and agreeing with the loader."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import CONTENT
from game.cli.entry import main
from game.content.records import collect, collect_partial, read_toml
from game.modding.schema import KINDS, Kind, file_name, render, write_schemas

SHIPPED = CONTENT / "schema"
BY_NAME = {k.name: k for k in KINDS}


def validator(kind: Kind) -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(
        json.loads((SHIPPED / file_name(kind)).read_text(encoding="utf-8"))
    )


def files_of(kind: Kind) -> list[Path]:
    return sorted(p for pattern in kind.files for p in CONTENT.glob(pattern))


def problems(kind: Kind, data: Any) -> list[str]:
    return [e.message for e in validator(kind).iter_errors(data)]


# --- the shipped schemas ------------------------------------------------------------------------------


def test_the_shipped_schemas_are_current(tmp_path: Path) -> None:
    stale = "content/schema/ is stale: run `python -m game schema --out content/schema`"
    written = write_schemas(tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in SHIPPED.glob("*.schema.json")), stale
    for path in written:
        assert path.read_text(encoding="utf-8") == (SHIPPED / path.name).read_text(encoding="utf-8"), (
            f"{path.name}: {stale}"
        )


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_each_schema_is_a_valid_draft_2020_12_schema(kind: Kind) -> None:
    schema = json.loads(render(kind))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["additionalProperties"] is False
    assert render(kind).endswith("}\n")


def test_the_readme_names_every_schema() -> None:
    readme = (SHIPPED / "README.md").read_text(encoding="utf-8")
    for kind in KINDS:
        stem = kind.name.removesuffix(".partial")
        assert f"{stem}.schema.json" in readme or f"{stem}.partial.schema.json" in readme, kind.name


def test_every_shipped_content_file_has_exactly_one_kind() -> None:
    kinds: dict[Path, list[str]] = {}
    for kind in KINDS:
        for path in files_of(kind):
            kinds.setdefault(path, []).append(kind.name)
    every = {p for p in CONTENT.rglob("*.toml")}
    assert set(kinds) == every
    assert {p: k for p, k in kinds.items() if len(k) != 1} == {}


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_the_shipped_content_validates_against_its_schema(kind: Kind) -> None:
    for path in files_of(kind):
        assert problems(kind, read_toml(path)) == [], path


# --- what the schemas say -------------------------------------------------------------------------------


def test_required_keys_defaults_enums_and_descriptions() -> None:
    units = json.loads(render(BY_NAME["units"]))
    category = units["$defs"]["Category"]
    assert category["required"] == ["code", "name", "type", "rule", "move", "melee", "points"]
    assert category["properties"]["type"]["enum"] == ["infantry", "cavalry", "artillery"]
    assert "measure code" in category["properties"]["move"]["description"]
    scenario = json.loads(render(BY_NAME["scenario"]))
    side = {"type": "number", "minimum": 12, "maximum": 240}
    assert scenario["properties"]["table"]["prefixItems"] == [side, side]
    assert scenario["properties"]["table"]["minItems"] == scenario["properties"]["table"]["maxItems"] == 2
    assert scenario["$defs"]["SideSpec"]["properties"]["colour"]["default"] == [128, 128, 128]
    assert scenario["$defs"]["SideSpec"]["properties"]["edge"]["enum"] == ["south", "north"]
    rules = json.loads(render(BY_NAME["ruleset"]))
    assert rules["properties"]["measures"]["additionalProperties"] == {
        "exclusiveMinimum": 0,
        "maximum": 240,
        "type": "number",
    }
    assert rules["properties"]["measures"]["minProperties"] == 1
    hits = rules["$defs"]["HitRules"]["properties"]["destroyed_at"]
    assert hits == {
        "minimum": 1,
        "maximum": 10,
        "type": "integer",
        "description": "FG-LOST-1: hits that destroy a unit",
    }
    assert "Modifier" in json.loads(render(BY_NAME["modifiers"]))["$defs"]
    assert (
        "One line of a roll" in json.loads(render(BY_NAME["modifiers"]))["$defs"]["Modifier"]["description"]
    )


def test_a_partial_schema_needs_only_the_id_of_a_record_in_a_list() -> None:
    partial = json.loads(render(BY_NAME["units.partial"]))
    assert partial["$defs"]["Category"]["required"] == ["code"]
    assert "required" not in partial
    assert problems(BY_NAME["units.partial"], {"category": [{"code": "LI", "range": "M"}]}) == []
    assert problems(BY_NAME["units.partial"], {"category": [{"range": "M"}]}) == [
        "'code' is a required property"
    ]
    assert problems(BY_NAME["ruleset.partial"], {"measures": {"S": 2.0}}) == []
    assert problems(BY_NAME["rules-reference.partial"], {"GUARD-1": {"text": "x"}}) == []
    assert problems(BY_NAME["rules-reference"], {"GUARD-1": {"title": "x", "text": "x"}}) != []


@pytest.mark.parametrize(
    ("kind", "change", "expected"),
    [
        ("units", lambda d: d["category"][0].update(bogus=1), "Additional properties are not allowed"),
        ("units", lambda d: d["category"][0].pop("name"), "'name' is a required property"),
        ("units", lambda d: d["category"][0].update(type="dragoons"), "is not one of"),
        ("units", lambda d: d["category"][0].update(melee="2"), "is not of type 'integer'"),
        ("ruleset", lambda d: d["bases"].update(unit_width=0), "less than or equal to the minimum"),
        ("scenario", lambda d: d.update(table=[72]), "is too short"),
        ("scenario", lambda d: d["sides"][0].update(edge=1), "is not one of"),
        ("script", lambda d: d["steps"][0].update(order="dance"), "is not one of"),
        ("mod", lambda d: d.update(depends="other"), "is not of type 'array'"),
        ("rules-reference", lambda d: d.update({"FG-1": {"title": "t", "text": "x"}}), "does not match any"),
    ],
)
def test_a_corrupted_file_fails_validation(kind: str, change: Any, expected: str) -> None:
    data = copy.deepcopy(read_toml(files_of(BY_NAME[kind])[0]))
    change(data)
    found = problems(BY_NAME[kind], data)
    assert found and any(expected in p for p in found), found


# --- the schemas and the loader agree -------------------------------------------------------------------

# values of every TOML type; an integral float is left out, since JSON Schema counts 1.0 as an integer
OTHER = st.sampled_from(
    ["x", "", "XS", 0, 7, -3, 0.5, -2.5, True, False, [], [1, 2], [[1, 2]], {}, {"a": 1}]
).map(
    copy.deepcopy  # a list or table drawn may be changed later: never the sampled one itself
)


def _containers(node: Any) -> list[Any]:
    """Every table and list of a parsed document, the document first."""
    if isinstance(node, dict):
        return [node, *(c for v in node.values() for c in _containers(v))]
    if isinstance(node, list):
        return [node, *(c for v in node for c in _containers(v))]
    return []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind=st.sampled_from([k for k in KINDS if files_of(k)]))
def test_the_schema_accepts_exactly_what_the_loader_accepts(data: st.DataObject, kind: Kind) -> None:
    """Random changes to a shipped file (a value of another type, a key removed or added): the schema
    finds a problem exactly when the loader's type check does (cross-key checks aside)."""
    doc = copy.deepcopy(read_toml(data.draw(st.sampled_from(files_of(kind)), label="file")))
    for _ in range(data.draw(st.integers(1, 2), label="changes")):
        where = data.draw(st.sampled_from(_containers(doc)), label="in")
        keys = list(where) if isinstance(where, dict) else list(range(len(where)))
        how = data.draw(st.sampled_from(["value", "remove", "add"] if keys else ["add"]), label="how")
        if how == "add" and isinstance(where, dict):
            where[data.draw(st.sampled_from(["zz", "name", "id", "value", "code"]), label="key")] = data.draw(
                OTHER
            )
        elif how == "add":
            where.append(data.draw(OTHER, label="value"))
        elif how == "value":
            where[data.draw(st.sampled_from(keys), label="key")] = data.draw(OTHER, label="value")
        else:
            del where[data.draw(st.sampled_from(keys), label="key")]
    if kind.record is str:  # screen texts: each key a name, each value a text
        assert kind.keys is not None
        loader = [k for k, v in doc.items() if not isinstance(v, str) or not kind.keys.fullmatch(k)]
    elif kind.keys is not None:  # a rules reference: the entries' keys are checked by their pattern
        loader = [e for rule_id, table in doc.items() for e in _entry_problems(kind, table, rule_id)]
        loader += [f"{k}: not a rule ID" for k in doc if not kind.keys.fullmatch(k)]
    elif kind.partial:
        loader = [str(e) for e in collect_partial(kind.record, doc)]
        loader += _keyless_records(doc)
    else:
        loader = [str(e) for e in collect(kind.record, doc)[1]]
    assert bool(problems(kind, doc)) == bool(loader), (problems(kind, doc), loader)


def _entry_problems(kind: Kind, table: Any, rule_id: str) -> list[str]:
    if kind.partial:
        return [str(e) for e in collect_partial(kind.record, table, rule_id)]
    return [str(e) for e in collect(kind.record, table, rule_id)[1]]


def _keyless_records(doc: Any) -> list[str]:
    """A mod's record in a keyed list without its id (the merge refuses it: game.content.merging.KEYED)."""
    from game.content.merging import KEYED

    return [
        f"{name}[{i}]"
        for name, key in KEYED.items()
        if isinstance(doc, dict) and isinstance(doc.get(name), list)
        for i, item in enumerate(doc[name])
        if isinstance(item, dict) and key not in item
    ]


# --- the command -----------------------------------------------------------------------------------------


def test_the_schema_command_writes_every_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deep" / "schemas"
    assert main(["schema", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(file_name(k) for k in KINDS)  # no temp files left
    assert f"wrote {len(KINDS)} schemas" in capsys.readouterr().out


def test_the_schema_command_refuses_a_file_as_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "a-file"
    target.write_text("keep me")
    assert main(["schema", "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(target) in err
    assert target.read_text() == "keep me"
    assert main(["schema"]) == 2

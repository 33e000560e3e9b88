"""The scenario editor's model driven headless (issue 26): from an empty table to a small battle,
with undo and redo, names in both languages, every problem at its element, saved as a mod that
check-content passes and played to its end by `simulate`."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.content.locale import Texts
from game.content.ruleset_files import load_ruleset
from game.editing import battle as edit
from game.editing import maps
from game.editing.document import Document, parse_key
from game.editing.elements import remove, set_field, set_id, set_number
from game.editing.files import open_document, save_as_mod, save_file, to_toml
from game.editing.problems import scenario_problems_of
from game.editing.texts import first_names, set_text, text
from game.modding.content_check import check_content
from game.model.errors import UserError
from game.model.ruleset import Ruleset


def small_battle(rules: Ruleset) -> Document:
    """A small battle made as a player would make it in the editor."""
    doc = edit.new_scenario(rules, (60, 40))
    set_field(doc, (), "id", "hill-fight")
    set_text(doc, (), "name", "en", "The Fight for the Hill")
    set_text(doc, (), "name", "es", "La lucha por el cerro")
    set_text(doc, (), "description", "en", "Two brigades a division, one hill between them.")
    set_field(doc, (), "max_rounds", 4)
    edit.add_terrain(doc, rules, "hill", [(24, 16), (36, 16), (38, 24), (22, 24)], "Cerro Pelado")
    edit.add_terrain(doc, rules, "wood", [(4, 18), (12, 18), (12, 24)])
    edit.add_terrain(doc, rules, "road", [(30, 0), (30, 40)], "Camino real")
    hill = edit.add_objective(doc, (30, 20), "Cerro Pelado")
    set_text(doc, hill, "name", "es", "Cerro Pelado")
    for side, zone in (
        (0, [(2, 2), (58, 2), (58, 12), (2, 12)]),
        (1, [(2, 28), (58, 28), (58, 38), (2, 38)]),
    ):
        edit.set_zone(doc, side, zone)
        for n in range(2):
            dv = edit.add_division(doc, side, f"Division {n + 1}")
            edit.add_unit(doc, dv, "LnInf", "R", "Line brigade")
            edit.add_unit(doc, dv, "FA" if n == 0 else "LC", "V")
    set_text(doc, ("sides", 0), "name", "es", "Ejército azul")
    set_text(doc, ("sides", 0, "divisions", 0), "officer", "es", "General Azul")
    return doc


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset()


def test_an_empty_table_says_what_it_lacks_at_each_side(rules: Ruleset) -> None:
    doc = edit.new_scenario(rules)
    found = scenario_problems_of(doc, rules)
    assert {p.element for p in found} == {("sides", 0), ("sides", 1)}
    assert all("two divisions or more (FG-PREP-1)" in p.text for p in found)


def test_a_small_battle_from_an_empty_table_is_saved_as_a_mod_that_plays(
    rules: Ruleset, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    doc = small_battle(rules)
    assert scenario_problems_of(doc, rules) == []
    written = save_as_mod(doc, tmp_path / "mods", "my-battles", "My battles")
    assert written == tmp_path / "mods" / "my-battles" / "scenarios" / "hill-fight.toml"
    assert not doc.dirty
    report = check_content([tmp_path / "mods" / "my-battles"])
    assert report.problems == []
    data = tomllib.loads(written.read_text(encoding="utf-8"))
    assert data["locale"]["es"]["name"] == "La lucha por el cerro"
    assert data["locale"]["es"]["officers"] == {"blue-1": "General Azul"}
    assert [t["kind"] for t in data["terrain"]] == ["hill", "wood", "road"]
    assert data["terrain"][2]["path"] == [[30, 0], [30, 40]]  # a road is a line
    assert main(["simulate", "--scenario", str(written), "--json"]) == 0
    result = json.loads(capfd.readouterr().out)
    assert result["scenario"] == "hill-fight" and result["end_reason"]  # played to its end
    assert 1 <= result["rounds"] <= 4


def test_undo_and_redo_step_through_every_edit(rules: Ruleset) -> None:
    doc = small_battle(rules)
    final = to_toml(doc)
    steps = len(doc.done)
    while doc.undo() is not None:
        pass
    assert doc.data == edit.new_scenario(rules, (60, 40)).data
    for _ in range(steps):
        assert doc.redo() is not None
    assert doc.redo() is None and to_toml(doc) == final
    doc.undo()
    set_field(doc, (), "max_rounds", 5)  # a new edit forgets what was undone
    assert doc.redo() is None


def test_each_problem_is_shown_at_the_element_that_causes_it(rules: Ruleset) -> None:
    doc = small_battle(rules)
    lone = edit.add_division(doc, 1)
    edit.add_unit(doc, lone, "HC", "R")
    far = edit.add_objective(doc, (70, 20))
    bad = edit.add_terrain(doc, rules, "wood", [(1, 1), (2, 2)])
    by_element = {p.element: p for p in scenario_problems_of(doc, rules)}
    assert set(by_element) == {lone, far, bad}
    assert "two units or more (FG-PREP-2)" in by_element[lone].text
    assert by_element[far].key == "objectives[1].at" and "off the table" in by_element[far].text
    assert by_element[bad].path == ("terrain", 3, "polygon")
    remove(doc, far)
    remove(doc, bad)
    edit.add_unit(doc, lone, "HC", "R")
    assert scenario_problems_of(doc, rules) == []


def test_a_key_or_type_the_record_refuses_is_shown_at_its_element(rules: Ruleset) -> None:
    doc = small_battle(rules)
    set_field(doc, ("sides", 1, "divisions", 0), "experience", 9)
    doc.apply("edit", [edit.put(("sides", 0, "divisions", 1, "units", 0, "quality"), 3)])
    found = scenario_problems_of(doc, rules)
    assert {p.element for p in found} == {("sides", 0, "divisions", 1, "units", 0)}  # types first
    doc.undo()
    (only,) = scenario_problems_of(doc, rules)
    assert only.element == ("sides", 1, "divisions", 0) and "D6 result" in only.text


def test_ids_carry_their_words_and_references_along(rules: Ruleset) -> None:
    doc = small_battle(rules)
    set_field(doc, ("objectives", 0), "held_by", "red")
    set_id(doc, ("sides", 1), "rojo")
    set_id(doc, ("objectives", 0), "pelado")
    set_text(doc, ("sides", 1, "staff"), "name", "es", "Cuartel general")
    assert doc.get(("objectives", 0, "held_by")) == "rojo"
    assert doc.get(("locale", "es", "objectives")) == {"pelado": "Cerro Pelado"}
    assert doc.get(("locale", "es", "officers", "rojo-staff")) == "Cuartel general"
    assert text(doc, ("objectives", 0), "name", "es") == "Cerro Pelado"
    remove(doc, ("objectives", 0))
    assert doc.get(("locale", "es", "objectives")) == {}
    assert scenario_problems_of(doc, rules) == []


def test_vertices_move_come_and_go(rules: Ruleset) -> None:
    doc = small_battle(rules)
    hill = ("terrain", 0, "polygon")
    edit.move_point(doc, (*hill, 0), edit.snap((23.2, 15.9), 0.5))
    assert doc.get((*hill, 0)) == [23, 16]
    where = edit.nearest_edge(doc.get(hill), (30, 15), closed=True)
    edit.insert_point(doc, (*hill, where), (30, 15))
    assert doc.get(hill)[1] == [30, 15] and len(doc.get(hill)) == 5
    edit.remove_point(doc, (*hill, 1))
    edit.move_by(doc, ("terrain", 0), 1, -1)
    assert doc.get(hill)[0] == [24, 15]
    edit.move_by(doc, ("objectives", 0), 0.5, 0)
    assert doc.get(("objectives", 0, "at")) == [30.5, 20]


def test_a_shipped_scenario_opens_as_a_copy_and_saves_the_same(rules: Ruleset, tmp_path: Path) -> None:
    source = CONTENT / "scenarios" / "bailen.toml"
    doc = open_document(source)
    assert doc.get(("id",)) == "bailen-copy" and doc.dirty
    assert scenario_problems_of(doc, rules) == []
    with pytest.raises(UserError, match="not changed"):
        save_file(doc, source)
    copy = save_file(doc, tmp_path / "bailen-copy.toml")
    original = tomllib.loads(source.read_text(encoding="utf-8"))
    saved = tomllib.loads(copy.read_text(encoding="utf-8"))
    assert {**saved, "id": "bailen"} == original


def test_a_mod_id_or_scenario_id_that_is_no_file_name_is_refused(rules: Ruleset, tmp_path: Path) -> None:
    doc = small_battle(rules)
    with pytest.raises(UserError, match="mod's id"):
        save_as_mod(doc, tmp_path, "../escape")
    set_field(doc, (), "id", "../escape")
    assert [p.key for p in scenario_problems_of(doc, rules)] == ["id"]
    with pytest.raises(UserError, match="needs an id"):
        save_as_mod(doc, tmp_path, "fine")
    assert not any(tmp_path.iterdir())


def test_problem_keys_read_as_paths() -> None:
    assert parse_key("sides[0].divisions[12].units") == ("sides", 0, "divisions", 12, "units")
    assert parse_key("table[1]") == ("table", 1)
    assert parse_key("locale.es.units.fr-1a") == ("locale", "es", "units", "fr-1a")


def test_typing_a_name_is_one_step_of_undo(rules: Ruleset) -> None:
    doc = small_battle(rules)
    steps = len(doc.done)
    for n in range(1, 6):
        set_text(doc, ("sides", 1), "name", "es", "Rojos"[:n], merge=True)
    set_field(doc, (), "max_rounds", 6)
    assert len(doc.done) == steps + 2
    doc.undo()
    assert text(doc, ("sides", 1), "name", "es") == "Rojos"
    doc.undo()
    assert text(doc, ("sides", 1), "name", "es") == ""
    doc.redo()
    set_text(doc, ("sides", 1), "name", "es", "Rojo", merge=True)  # after an undo or redo: a step of its own
    assert len(doc.done) == steps + 2


def test_the_battles_end_and_points_are_options_of_its_own(rules: Ruleset, tmp_path: Path) -> None:
    doc = small_battle(rules)
    set_field(doc, ("victory",), "divisions_removed", 3)
    set_field(doc, ("victory",), "all_objectives", False)
    set_field(doc, ("scoring",), "objective_held", 2)
    assert scenario_problems_of(doc, rules) == []
    data = tomllib.loads(save_file(doc, tmp_path / "b.toml").read_text(encoding="utf-8"))
    assert data["victory"] == {"divisions_removed": 3, "all_objectives": False}
    assert data["scoring"] == {"objective_held": 2}
    set_field(doc, ("victory",), "divisions_removed", 0)
    (wrong,) = scenario_problems_of(doc, rules)
    assert wrong.key == "victory.divisions_removed" and wrong.element == ("victory",)


def test_a_new_battle_and_map_are_named_in_every_language(rules: Ruleset) -> None:
    words = {lang: Texts(lang) for lang in ("en", "es")}
    doc = first_names(edit.new_scenario(rules), words)
    said = [(text(doc, p, "name", lang)) for lang in ("en", "es") for p in ((), ("sides", 0), ("sides", 1))]
    assert said == [
        "A new battle",
        "Blue army",
        "Red army",
        "Una batalla nueva",
        "Ejército azul",
        "Ejército rojo",
    ]
    assert not doc.dirty and doc.undo() is None  # where it starts, not an edit
    ow = first_names(maps.new_map(), words)
    assert (text(ow, (), "name", "en"), text(ow, (), "name", "es")) == ("A new map", "Un mapa nuevo")
    assert scenario_problems_of(doc, rules) == scenario_problems_of(edit.new_scenario(rules), rules)


@pytest.mark.parametrize(
    ("field", "typed", "kind", "said", "table"),
    [
        (1, "", "float", "needed", [72, 48]),  # an item of a list emptied: the list keeps its length
        (0, " ", "float", "needed", [72, 48]),
        (0, "1e999", "float", "number", [72, 48]),  # no file can hold these
        (1, "nan", "float", "number", [72, 48]),
        (1, "-inf", "float", "number", [72, 48]),
        (1, "4.5", "float", "", [72, 4.5]),
        (0, "60", "float", "", [60, 48]),
    ],
)
def test_a_number_typed_is_taken_or_refused_with_its_reason(
    rules: Ruleset, field: int, typed: str, kind: str, said: str, table: list[float]
) -> None:
    doc = edit.new_scenario(rules)
    assert set_number(doc, ("table",), field, typed, kind) == said
    assert doc.get(("table",)) == table and "table = [" in to_toml(doc)


def test_a_whole_number_field_emptied_is_left_out_and_takes_no_fraction(rules: Ruleset) -> None:
    doc = edit.new_scenario(rules)
    assert set_number(doc, (), "max_rounds", "7", "int") == "" and doc.get(("max_rounds",)) == 7
    assert set_number(doc, (), "max_rounds", "7.5", "int") == "whole" and doc.get(("max_rounds",)) == 7
    assert set_number(doc, (), "max_rounds", "", "int") == "" and doc.get(("max_rounds",)) is None

"""The editor's problems in Spanish (session 10): each problem a check words in English is found among
the English `problem_...` texts of ui.toml, its values read back, and said with the Spanish ones; the
type a key expects too. English is shown as the check wrote it; a text no pattern knows stays as it is."""

from __future__ import annotations

import pytest

from game.content.locale import Texts
from game.content.ruleset_files import load_ruleset
from game.editing import battle as edit
from game.editing.elements import set_field
from game.editing.problem_words import problem_said
from game.editing.problems import scenario_problems_of
from game.model.ruleset import Ruleset
from tests.test_editor_model import small_battle

ES, EN = Texts("es"), Texts("en")


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset()


def test_an_empty_tables_problems_are_said_in_spanish(rules: Ruleset) -> None:
    found = scenario_problems_of(edit.new_scenario(rules), rules)
    assert found and {problem_said(ES, p.text) for p in found} == {
        "un ejército tiene dos divisiones o más (FG-PREP-1), o da sus puntos en [sides.army]"
    }
    assert all(problem_said(EN, p.text) == p.text for p in found)


def test_every_problem_of_a_battle_made_wrong_is_said_in_spanish(rules: Ruleset) -> None:
    """A lone brigade, an objective off the table, a wood of two points, an experience of 9, a
    duplicate id: each check's words have their Spanish."""
    doc = small_battle(rules)
    lone = edit.add_division(doc, 1)
    edit.add_unit(doc, lone, "HC", "R")
    edit.add_objective(doc, (70, 20))
    edit.add_terrain(doc, rules, "wood", [(1, 1), (2, 2)])
    set_field(doc, ("sides", 1, "divisions", 0), "experience", 9)
    said = {p.key: problem_said(ES, p.text) for p in scenario_problems_of(doc, rules)}
    english = {p.key: p.text for p in scenario_problems_of(doc, rules)}
    assert all(said[k] != english[k] for k in said), [k for k in said if said[k] == english[k]]
    assert said["sides[1].divisions[0].experience"] == "la experiencia es un resultado de D6, de 1 a 6"
    assert said["objectives[1].at"] == "el objetivo está fuera de la mesa"
    assert said["terrain[3].polygon"] == "un polígono necesita tres puntos o más"
    assert "una división tiene dos unidades o más (FG-PREP-2)" in said.values()


def test_a_type_the_record_refuses_is_said_in_spanish(rules: Ruleset) -> None:
    doc = small_battle(rules)
    set_field(doc, (), "max_rounds", "many")
    (p,) = scenario_problems_of(doc, rules)
    assert (p.text, problem_said(ES, p.text)) == (
        "expected an integer, found 'many'",
        "se esperaba un entero; hay 'many'",
    )
    set_field(doc, (), "max_rounds", 0)
    (p,) = scenario_problems_of(doc, rules)
    assert p.text.startswith("expected an integer at least 1 and at most ") and p.text.endswith(", found 0")
    assert problem_said(ES, p.text).startswith("se esperaba un entero de 1 a ")
    assert problem_said(ES, p.text).endswith("; hay 0")


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("duplicate id 'b1'", "id repetido 'b1'"),
        ("unknown key (known keys: a, b)", "clave desconocida (claves conocidas: a, b)"),
        ("missing key: expected a number at least 0", "falta la clave: se esperaba un número de 0 o más"),
        ("expected one of 'north', 'south', found 'up'", "se esperaba uno de 'north', 'south'; hay 'up'"),
        ("expected a table of points, found 3", "se esperaba a table of points; hay 3"),  # a type it lacks
        ("the map is upside down", "the map is upside down"),  # no text: as written
    ],
)
def test_a_text_is_read_back_with_its_values(english: str, spanish: str) -> None:
    assert problem_said(ES, english) == spanish


def test_every_problem_text_has_its_spanish_with_the_same_names() -> None:
    from game import CONTENT
    from game.content.locale import placeholders, read_ui

    en, es = (read_ui(CONTENT / "locale" / lang / "ui.toml") for lang in ("en", "es"))
    keys = [k for k in en if k.startswith("problem_")]
    assert len(keys) > 50
    for k in keys:
        assert placeholders(es[k]) == placeholders(en[k]), k
        assert es[k] != en[k] or k == "problem_what_bool", k

"""A file written by hand, opened in the editor and saved again, keeps its comments and the layout of
what was not changed (saving rewrote it whole: every comment lost, every key moved)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game import CONTENT
from game.content.ruleset_files import load_ruleset
from game.content.scenario import ScenarioFile, load_scenario
from game.editing import battle as edit
from game.editing.elements import remove
from game.editing.files import open_document, save_file, to_toml
from game.editing.kept_text import kept
from game.editing.texts import set_text
from game.model.ruleset import Ruleset

HAND = """\
# My first battle: two divisions a side and a hill between them.
# Written by hand; the editor must keep these lines.
name="Hill fight"   # its name, before its id: my order
id = "hill-fight"
table = [60, 40]
max_rounds = 6  # short

# --- the ground ---
[[terrain]]
kind = "hill"
name = "Cerro Pelado"  # the hill everybody wants
polygon = [[24, 16], [36, 16], [38, 24], [22, 24]]

[[objectives]]
id = "hill"
name = "Cerro Pelado"
at = [30, 20]   # the top of the hill

# --- the French ---
[[sides]]
id = "fr"
name = "French"
edge = "north"
deployment = [[2, 2], [58, 2], [58, 12], [2, 12]]

[[sides.divisions]]
id = "fr-1"
units = [
  { id = "fr-1a", category = "LnInf", quality = "R" },  # the line
  # the guns come next
  { id = "fr-1b", category = "FA", quality = "V" },
]

[[sides.divisions]]
id = "fr-2"
units = [{id = "fr-2a", category = "LnInf", quality = "R"}, {id = "fr-2b", category = "LC", quality = "I"}]

# --- the Spanish ---
[[sides]]
id = "es"
name = "Spanish"
edge = "south"
deployment = [[2, 28], [58, 28], [58, 38], [2, 38]]

[[sides.divisions]]
id = "es-1"
units = [{id = "es-1a", category = "LnInf", quality = "R"}, {id = "es-1b", category = "LC", quality = "V"}]

[[sides.divisions]]
id = "es-2"
units = [{id = "es-2a", category = "LnInf", quality = "R"}, {id = "es-2b", category = "LC", quality = "I"}]
"""


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset()


def comments(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if "#" in line]


def test_moving_one_thing_changes_its_line_alone(tmp_path: Path, rules: Ruleset) -> None:
    path = tmp_path / "hill.toml"
    path.write_text(HAND, encoding="utf-8")
    doc = open_document(path)
    edit.move_by(doc, ("objectives", 0), 2, 1)
    save_file(doc, path)
    saved = path.read_text(encoding="utf-8").splitlines()
    assert len(saved) == len(HAND.splitlines())
    assert [(a, b) for a, b in zip(HAND.splitlines(), saved, strict=True) if a != b] == [
        ("at = [30, 20]   # the top of the hill", "at = [32, 21]   # the top of the hill")
    ]
    assert load_scenario(str(path), rules).spec.objectives[0].at == (32, 21)


def test_what_is_added_and_removed_leaves_every_other_comment(tmp_path: Path, rules: Ruleset) -> None:
    """A brigade added where the division's list stands, in the form the editor writes; the objective
    removed with its own comment but not the one that heads the French; a name in Spanish added as a
    table of its own; saved twice, each save from the file as the last left it."""
    path = tmp_path / "hill.toml"
    path.write_text(HAND, encoding="utf-8")
    doc = open_document(path)
    edit.add_unit(doc, ("sides", 0, "divisions", 0), "LnInf", "R")
    save_file(doc, path)
    remove(doc, ("objectives", 0))
    set_text(doc, ("sides", 1), "name", "es", "Españoles")
    save_file(doc, path)
    text = path.read_text(encoding="utf-8")
    assert comments(text) == [c for c in comments(HAND) if c != "at = [30, 20]   # the top of the hill"]
    guns, added = (
        '{ id = "fr-1b", category = "FA", quality = "V" }',
        '{ id = "fr-1c", category = "LnInf", quality = "R" }',
    )
    assert f"  {guns},\n  {added},\n]" in text  # where the list stands, as the editor writes one
    assert "\n\n# --- the French ---\n[[sides]]\n" in text and "[[objectives]]" not in text
    assert text.endswith('\n[locale.es]\nsides = { es = "Españoles" }\n')
    spec = load_scenario(str(path), rules).spec
    assert [u.id for u in spec.sides[0].divisions[0].units] == ["fr-1a", "fr-1b", "fr-1c"]
    assert spec.objectives == [] and spec.locale["es"].sides == {"es": "Españoles"}


def test_a_shipped_battle_opened_as_a_copy_keeps_its_comments() -> None:
    source = (CONTENT / "scenarios" / "bailen.toml").read_text(encoding="utf-8")
    text = to_toml(open_document(CONTENT / "scenarios" / "bailen.toml"))
    assert text == source.replace('id = "bailen"', 'id = "bailen-copy"', 1)


def test_a_text_that_would_not_read_back_as_the_data_is_not_written() -> None:
    """The layout is kept only when the text made reads back as exactly what a fresh file would hold:
    here what is asked (a name) is not what the document holds (no name), and nothing is kept."""
    data = tomllib.loads(HAND)
    assert kept(HAND, data, {**data, "name": "Another"}, ScenarioFile) is None
    assert kept(HAND, data, data, ScenarioFile) == HAND

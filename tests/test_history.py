"""The battles of history (issue 26) are made with the scenario editor's model: each module of
tests/history/ drives it, and what the editor saves is, byte for byte, the file that ships; each
names its divisions, generals and brigades in both languages, and tells its history in both."""

from __future__ import annotations

import pytest

from game import CONTENT
from game.content.ruleset_files import load_ruleset
from game.content.scenario import load_scenario
from game.editing.files import to_toml
from game.editing.problems import scenario_problems_of
from game.model.ruleset import Ruleset
from tests.history import BATTLES


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset()


@pytest.mark.parametrize("battle", BATTLES, ids=[m.__name__.rsplit(".", 1)[-1] for m in BATTLES])
def test_each_battle_is_what_the_editor_saves(battle: object, rules: Ruleset) -> None:
    doc = battle.build(rules)  # type: ignore[attr-defined]
    assert scenario_problems_of(doc, rules) == []
    shipped = CONTENT / "scenarios" / f"{doc.get(('id',))}.toml"
    assert shipped.read_text(encoding="utf-8") == to_toml(doc), "run `python -m tests.history`"


@pytest.mark.parametrize("battle", BATTLES, ids=[m.__name__.rsplit(".", 1)[-1] for m in BATTLES])
def test_each_battle_names_its_army_and_tells_its_history(battle: object, rules: Ruleset) -> None:
    spec = load_scenario(battle.build(rules).get(("id",)), rules).spec  # type: ignore[attr-defined]
    spanish = spec.words("es")
    assert spec.history and spanish.history != spec.history and spanish.name != spec.name
    for side in spec.sides:
        assert side.staff.name and spanish.officers[f"{side.id}-staff"]
        for dv in side.divisions:
            assert dv.name and dv.officer and spanish.divisions[dv.id] != ""
            brigades = [u for u in dv.units if rules.categories[u.category].type != "artillery"]
            assert all(u.name and spanish.units[u.id] for u in brigades)
    assert battle.__doc__ and "Sources:" in battle.__doc__  # type: ignore[attr-defined]

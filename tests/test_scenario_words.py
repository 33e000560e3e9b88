"""A scenario's words in other languages ([locale.<language>], docs/scenarios.md): every shipped
scenario has them in Spanish, the loader refuses what does not fit in one line naming file and key,
and the battle log names the sides and objectives in the player's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import CONTENT
from game.content.scenario import load_scenario
from game.model.errors import ContentError
from game.model.ruleset import Ruleset
from game.running.log_texts import texts_for
from game.running.narrate import names_of, narrate

SHIPPED = sorted((CONTENT / "scenarios").glob("*.toml"))  # For Glory's (the Open Wars maps are apart)
# words that give away an English text on a Spanish screen (none of them is also Spanish)
ENGLISH = re.compile(
    r"\b(the|of|and|French|Spanish|Anglo|Portuguese|village|mill|ford|farm|inn|hill|bridge|battle|"
    r"first|quick|crossroads|castle|division|divisions|move|fire|charge|hits|experience|range|"
    r"destroyed|won|lost|ruler|vision|reactions|ranges|command|disorganised|difficult|left|cannot)\b",
    re.IGNORECASE,
)


def english_words(text: str) -> list[str]:
    return ENGLISH.findall(text)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_scenario_has_its_words_in_spanish(path: Path, rules: Ruleset) -> None:
    spec = load_scenario(str(path), rules).spec
    own = spec.locale["es"]
    assert own.name and own.description
    assert bool(own.history) == bool(spec.history)
    assert set(own.sides) == {s.id for s in spec.sides}
    assert set(own.objectives) == {o.id for o in spec.objectives}
    es = spec.words("es")
    shown = " ".join([es.name, es.description, es.history, *es.sides.values(), *es.objectives.values()])
    assert english_words(shown) == []
    assert spec.words("en").name == spec.name  # English: the file's own words


def test_words_fall_back_to_the_file_for_what_a_language_leaves_out(tmp_path: Path, rules: Ruleset) -> None:
    text = (CONTENT / "scenarios" / "default.toml").read_text(encoding="utf-8")
    text = text.split("[locale.es]")[0] + '[locale.es]\nsides = { fr = "Franceses" }\n'
    path = tmp_path / "part.toml"
    path.write_text(text, encoding="utf-8")
    spec = load_scenario(str(path), rules).spec
    es = spec.words("es")
    assert es.name == spec.name
    assert es.sides == {"fr": "Franceses", "es": "Spanish"}
    assert es.objectives["mill"] == "The mill at the ford"


@pytest.mark.parametrize(
    ("table", "key", "words"),
    [
        ('[locale.es]\nsides = { xx = "A" }', "locale.es.sides.xx", "no such id"),
        ('[locale.es]\nobjectives = { tower = "Torre" }', "locale.es.objectives.tower", "no such id"),
        ('[locale.es]\nnombre = "x"', "locale.es.nombre", "unknown key"),
        ('[locale.fr]\nname = "Le village"', "locale.fr", "unknown language 'fr'"),
        ('[locale.en]\nname = "The village"', "locale.en", "unknown language 'en'"),
        ("[locale.es]\nname = 3", "locale.es.name", "expected a string"),
    ],
)
def test_bad_words_are_one_line_naming_file_and_key(
    tmp_path: Path, rules: Ruleset, table: str, key: str, words: str
) -> None:
    text = (CONTENT / "scenarios" / "default.toml").read_text(encoding="utf-8")
    path = tmp_path / "bad.toml"
    path.write_text(text.split("[locale.es]")[0] + table + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_scenario(str(path), rules)
    assert err.value.where == f"{path}: {key}"
    assert words in err.value.problem
    assert "\n" not in str(err.value)


def test_the_spanish_log_names_sides_and_objectives_in_spanish(rules: Ruleset) -> None:
    spec = load_scenario("bailen", rules).spec
    sides, objectives = names_of(spec, "es")
    events = [
        {"kind": "objective", "side": "fr", "objective": "norias", "rule": "FG-VIC-1"},
        {"kind": "game_over", "rule": "FG-VIC-9", "reason": "x", "winner": "es", "score": {"fr": 1, "es": 4}},
    ]
    lines = [line.text for line in narrate(events, texts_for("es"), sides, objectives)]
    assert lines[0].startswith("Los franceses toman las norias")  # a nationality in lower case (RAE)
    assert "vencen los españoles" in lines[1] and "Franceses 1" in lines[1]
    assert names_of(spec, "en") == (
        {"fr": "French", "es": "Spanish"},
        {o.id: o.name for o in spec.objectives},
    )


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_description_names_the_orders_as_the_buttons_do(path: Path, rules: Ruleset) -> None:
    """The first battle's description lists the orders a newcomer will press: in the buttons' words
    (Shoot, as the rules name it, not Fire)."""
    from game.content.locale import Texts

    spec = load_scenario(str(path), rules).spec
    shoot = Texts("en")("btn_fire").lower()
    assert shoot == "shoot"
    assert not re.search(r"\bfire\b", f"{spec.name} {spec.description}", re.IGNORECASE)

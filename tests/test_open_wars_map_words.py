"""An Open Wars map's words in other languages ([locale.<language>], docs/scenarios.md): every shipped
map has them in Spanish, what a table leaves out stays as the file says, and the loader refuses what
does not fit in one line naming file and key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import CONTENT
from game.model.errors import ContentError
from systems.open_wars.map_files import load_map
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules

MAPS = sorted((CONTENT / "scenarios" / "open-wars").glob("*.toml"))
TWIN = CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml"


@pytest.fixture(scope="module")
def ow_rules() -> OpenWarsRules:
    return load_rules()


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_every_shipped_map_has_its_words_in_spanish(path: Path, ow_rules: OpenWarsRules) -> None:
    spec = load_map(path, ow_rules).spec
    own = spec.locale["es"]
    assert own.name and own.description and own.name != spec.name
    assert own.authored and own.authored != spec.authored  # who made it, said in Spanish too
    assert set(own.players) == {p.id for p in spec.players}
    assert set(own.locations) == {loc.id for loc in spec.locations}
    assert spec.words("en").name == spec.name  # English: the file's own words
    assert spec.words("en").locations == {loc.id: loc.name for loc in spec.locations}


def test_words_fall_back_to_the_file_for_what_a_language_leaves_out(
    tmp_path: Path, ow_rules: OpenWarsRules
) -> None:
    path = tmp_path / "part.toml"
    text = TWIN.read_text(encoding="utf-8").split("[locale.es]")[0]
    path.write_text(text + '[locale.es]\nlocations = { river = "El río" }\n', encoding="utf-8")
    es = load_map(path, ow_rules).spec.words("es")
    assert es.name == "The Twin Fords"
    assert es.players == {"north": "Northern clan", "south": "Southern horde"}
    assert es.locations["river"] == "El río" and es.locations["west-ford"] == "West Ford"


@pytest.mark.parametrize(
    ("table", "key", "words"),
    [
        ('[locale.es]\nplayers = { xx = "A" }', "locale.es.players.xx", "no such id"),
        ('[locale.es]\nlocations = { tower = "Torre" }', "locale.es.locations.tower", "no such id"),
        ('[locale.es]\nnombre = "x"', "locale.es.nombre", "unknown key"),
        ('[locale.fr]\nname = "Les gués"', "locale.fr", "unknown language 'fr'"),
        ('[locale.en]\nname = "The fords"', "locale.en", "unknown language 'en'"),
        ("[locale.es]\nname = 3", "locale.es.name", "expected a string"),
    ],
)
def test_bad_words_are_one_line_naming_file_and_key(
    tmp_path: Path, ow_rules: OpenWarsRules, table: str, key: str, words: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(TWIN.read_text(encoding="utf-8").split("[locale.es]")[0] + table + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_map(path, ow_rules)
    assert err.value.where == f"{path}: {key}"
    assert words in err.value.problem
    assert "\n" not in str(err.value)


def test_every_unit_has_its_spanish_name(ow_rules: OpenWarsRules) -> None:
    """OW-UNIT-1: the factions file gives each unit and faction its Spanish name (the map's labels are
    made from it, game/ui/drawing/map_cards.py)."""
    spanish = ow_rules.locale["es"]
    assert set(spanish.units) == set(ow_rules.units) and set(spanish.factions) == set(ow_rules.factions)
    for unit in ow_rules.units:
        assert ow_rules.unit_name(unit, "en") == ow_rules.units[unit].name
        assert ow_rules.unit_name(unit, "es") == spanish.units[unit]


@pytest.mark.parametrize(
    ("table", "key"),
    [
        ('[locale.es.units]\nbogus = "Nadie"', "locale.es.units.bogus"),
        ('[locale.es]\nnombre = "Orcos"', "locale.es.nombre"),
        ('[locale.fr.units]\ntroll = "Troll"', "locale.fr"),
    ],
)
def test_a_bad_unit_name_is_one_line(tmp_path: Path, table: str, key: str) -> None:
    folder = tmp_path / "open-wars"
    shutil.copytree(CONTENT / "rulesets" / "open-wars", folder)
    orcs = folder / "factions" / "orcs.toml"
    orcs.write_text(orcs.read_text(encoding="utf-8").split("[locale.es]")[0] + table + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_rules(tmp_path)
    assert err.value.where == f"{orcs}: {key}"

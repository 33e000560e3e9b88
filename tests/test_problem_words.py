"""The editor's problems in Spanish (session 10): each problem a check words in English is found among
the English `problem_...` texts of ui.toml, its values read back, and said with the Spanish ones; the
type a key expects too. English is shown as the check wrote it; a text no pattern knows stays as it is."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, get_args, get_origin, get_type_hints

import pytest

from game.ai.generals import Temperament
from game.content.locale import Texts
from game.content.mods import ModFile
from game.content.records import type_name
from game.content.ruleset_files import load_ruleset
from game.content.scenario import ScenarioFile
from game.editing import battle as edit
from game.editing.elements import set_field
from game.editing.problem_words import FIELDS, ITEMS, PARTS, place_said, problem_said, refusal_said
from game.editing.problems import scenario_problems_of
from game.model.errors import ContentError
from game.model.limits import Bounds
from game.model.ruleset import Ruleset
from game.running.puzzle import PuzzleFile
from game.running.script import ScriptFile
from systems.open_wars.maps import MapFile
from tests.test_editor_model import small_battle

ES, EN = Texts("es"), Texts("en")


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset()


def test_an_empty_tables_problems_are_said_in_spanish(rules: Ruleset) -> None:
    found = scenario_problems_of(edit.new_scenario(rules), rules)
    assert found and {problem_said(ES, p.text) for p in found} == {
        "un ejército necesita dos divisiones o más (FG-PREP-1), o da sus puntos en [sides.army]"
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
    assert said["sides[1].divisions[0].experience"] == (
        "la experiencia es un resultado de D6, de 1 a 6, o 0 para un sucesor (FG-OFF-10)"
    )
    assert said["objectives[1].at"] == "el objetivo está fuera de la mesa"
    assert said["terrain[3].polygon"] == "un polígono necesita tres puntos o más"
    assert "una división necesita dos unidades o más (FG-PREP-2)" in said.values()


def test_a_division_beyond_its_radius_says_its_measures_as_every_measure_is(rules: Ruleset) -> None:
    """FG-DEP-9's problem said '3.0"' where 3" was meant, and in Spanish kept the English point in its
    measures: it writes them as the screens and the log do (a tenth, a whole one without '.0')."""
    command = dataclasses.replace(rules.core.command, division_radius=2.5)
    tight = dataclasses.replace(rules, core=dataclasses.replace(rules.core, command=command))
    doc = small_battle(rules)
    five = edit.add_division(doc, 0, "Division 3")
    for _ in range(5):  # in line, the farthest stands 3" from its officer
        edit.add_unit(doc, five, "LnInf", "R")
    (p,) = [p for p in scenario_problems_of(doc, tight) if "FG-DEP-9" in p.text]
    assert 'stand up to 3" from their officer, beyond the division radius of 2.5"' in p.text
    spanish = problem_said(ES, p.text)
    assert 'quedan hasta a 3" de su oficial, más allá del radio de división de 2,5"' in spanish


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
        (  # a decimal in the Spanish decimal mark (it kept the English point)
            "expected a number at least 0.5 and at most 2.5, found 3.75",
            "se esperaba un número de 0,5 a 2,5; hay 3,75",
        ),
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


def _types(tp: object, seen: set[object]) -> Iterator[object]:
    """Every type a key of a record can expect, down through its lists, tables and records."""
    yield tp
    base = get_args(tp)[0] if get_origin(tp) is Annotated else tp
    if dataclasses.is_dataclass(base):
        if base not in seen:
            seen.add(base)
            for hint in get_type_hints(base, include_extras=True).values():  # type: ignore[arg-type]
                yield from _types(hint, seen)
    else:
        for arg in get_args(base):
            if arg is not Ellipsis and arg is not type(None):
                yield from _types(arg, seen)


# the English of the types (not "a": Spanish has its own, "de 0 a 5")
ENGLISH = re.compile(
    r"\b(an|lists?|tables?|integers?|numbers?|strings?|items|characters|at|one of|values|among|lowercase"
    r"|ids)\b"
)


@pytest.mark.parametrize("record", [ScenarioFile, MapFile, ModFile, Temperament, PuzzleFile, ScriptFile])
def test_every_type_a_battle_or_map_key_expects_is_said_in_spanish(record: type) -> None:
    """What the editor shows of a value of the wrong type, or missing: the type it expects in the
    screen's words, the lists of points, a string's size and an id too."""
    names = {type_name(tp) for tp in _types(record, set())}
    assert "a list of lists of 2 items with at most 1000 items" in names or record is not ScenarioFile
    for name in names:
        for text in (f"expected {name}, found 3", f"missing key: expected {name}"):
            said = problem_said(ES, text)
            assert not ENGLISH.search(re.sub(r"'[^']*'", "", said)), (text, said)  # the names as they are


def test_a_list_says_its_items_in_the_plural_and_a_range_of_each_reads_back_whole() -> None:
    """Issue: "expected a list of a string"; and a range inside another read back in two halves of
    English ("de 0 a 80 characters with at least 0 and at most 20 elementos")."""
    assert type_name(list[str]) == "a list of strings"
    assert type_name(list[tuple[float, float]]) == "a list of lists of 2 items"
    assert type_name(list[Annotated[int, Bounds(0, 10)]]) == "a list of integers at least 0 and at most 10"
    text = (
        "expected a list of strings with at least 0 and at most 80 characters with at most 20 items, found 3"
    )
    assert (
        problem_said(ES, text)
        == "se esperaba una lista de textos de 0 a 80 caracteres, de 20 elementos como mucho; hay 3"
    )


def test_a_count_is_a_number_and_a_list_of_lists_reads_back_inside_out() -> None:
    assert problem_said(ES, "expected a list of lists of 2 items with at most 1000 items, found 3") == (
        "se esperaba una lista de listas de 2 elementos, de 1000 elementos como mucho; hay 3"
    )
    assert problem_said(ES, "missing key: expected a string with at least 1 and at most 60 characters") == (
        "falta la clave: se esperaba un texto de 1 a 60 caracteres"
    )


def _random_map_made_wrong() -> Iterator[tuple[str, dict]]:
    """The game's random map (ow-random) broken each way its settings can be: every [random] key of
    the wrong type, each check of its own (systems/open_wars/maps.py read_map), and the choices that
    are the game's, not the file's (factions, seed)."""
    import copy

    from game.content.records import read_toml
    from systems.open_wars.map_files import RANDOM_SPEC
    from systems.open_wars.maps import RandomSpec

    base = read_toml(RANDOM_SPEC)

    def made(change: Callable[[dict], object]) -> dict:
        data = copy.deepcopy(base)
        change(data)
        return data

    for f in dataclasses.fields(RandomSpec):
        data = copy.deepcopy(base)
        data["random"][f.name] = 7 if f.name == "size" else "x"
        yield f"random.{f.name}", data
    yield "players 7", made(lambda d: d["random"].__setitem__("players", 7))
    yield "size", made(lambda d: d["random"].__setitem__("size", "huge"))
    yield "factions", made(lambda d: d["random"].__setitem__("factions", ["elves"]))
    yield "seed", made(lambda d: d["random"].__setitem__("seed", 3))
    yield "laid", made(lambda d: d.__setitem__("links", [["a", "b"]]))
    yield "language", made(lambda d: d.__setitem__("locale", {"fr": {"name": "Carte"}}))
    yield "named", made(lambda d: d.__setitem__("locale", {"es": {"players": {"p1": "Uno"}}}))
    yield "type", made(lambda d: d["random"]["names"].__setitem__("castle", d["random"]["names"]["city"]))
    yield "four", made(lambda d: d["random"]["names"].pop("desert"))
    yield "name language", made(lambda d: d["random"]["names"]["city"][0]["locale"].__setitem__("en", "X"))
    yield "not laid, not random", made(lambda d: d.pop("random"))


def test_every_problem_of_the_random_maps_settings_is_said_in_spanish() -> None:
    """The map editor's list on a Spanish screen showed the random map's own checks in English."""
    from game.editing.document import Document
    from game.editing.problems import map_problems_of
    from systems.open_wars.ruleset_files import load_rules

    ow = load_rules()
    for label, data in _random_map_made_wrong():
        found = map_problems_of(Document(data, "map"), ow)
        assert found, label
        for p in found:
            said = problem_said(ES, p.text)
            values = re.sub(r"'[^']*'|\((claves )?conocid[oa]s: [^)]*\)", "", said)  # the ids as they are
            assert said != p.text and not ENGLISH_WORDS.search(values), (label, said)


# English a Spanish problem would keep if a check had no Spanish text
ENGLISH_WORDS = re.compile(r"\b(the|an|of|or|not|to|known|expected|found|map|key|names|type|language|each)\b")


def test_a_count_of_items_takes_the_singular_after_one() -> None:
    """'hay 1 elementos' on the random map's yields: the check and both languages count as they should;
    a long text's size is said in Spanish too."""
    from game.content.records import convert

    for value, english, spanish in (
        ([1], "found 1 item", "hay 1 elemento"),
        ([1, 2, 3], "found 3 items", "hay 3 elementos"),
    ):
        with pytest.raises(ContentError) as e:
            convert(tuple[int, int], value, "gold")
        assert e.value.problem.endswith(english) and problem_said(ES, e.value.problem).endswith(spanish)
    with pytest.raises(ContentError) as e:
        convert(
            get_type_hints(MapFile, include_extras=True)["name"], "x" * 95, "name"
        )  # a map's name: 1 to 80 characters
    assert problem_said(ES, e.value.problem) == "se esperaba un texto de 1 a 80 caracteres; hay 95 caracteres"


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        ("no such id in the map (known: a, b)", "no hay ese id en el mapa (conocidos: a, b)"),
        ("no such id in the scenario (known: red)", "no hay ese id en el escenario (conocidos: red)"),
    ],
)
def test_a_translation_naming_an_id_the_file_lacks_is_said_in_spanish(english: str, spanish: str) -> None:
    assert problem_said(ES, english) == spanish


# --- where a problem is, in words (issue 38: "sides[0].divisions" shown to the player) ---------------


@pytest.mark.parametrize(
    ("path", "element", "english", "spanish"),
    [
        (("sides", 0, "divisions"), (), "Side 1 › Divisions", "Bando 1 › Divisiones"),
        (("sides", 1, "divisions", 0, "units", 2, "quality"), (), "Side 2 › Division 1 › Brigade 3 › Quality",
         "Bando 2 › División 1 › Brigada 3 › Calidad"),
        (("table", 0), (), "Table width", "Ancho de la mesa"),
        (("terrain", 3, "polygon", 1, 0), (), "Terrain feature 4 › Point 2 › x",
         "Elemento de terreno 4 › Punto 2 › x"),
        (("links", 1, 0), (), "Link 2 › First end", "Enlace 2 › Primer extremo"),
        (("players", 0, "units", 1, "count"), (), "Player 1 › Troops 2 › Count",
         "Jugador 1 › Tropas 2 › Cantidad"),
        (("sides", 0, "colour", 2), (), "Side 1 › Colour: blue", "Bando 1 › Color: azul"),
        (("locale", "es", "name"), (), "Name (in Spanish)", "Nombre (en español)"),
        (("locale", "es", "units", "fr-1a"), ("sides", 0, "divisions", 0, "units", 1),
         "Side 1 › Division 1 › Brigade 2 (in Spanish)", "Bando 1 › División 1 › Brigada 2 (en español)"),
        (("nmae",), (), "nmae", "nmae"),  # a key the game does not know: as the file writes it
        (("links, players",), (), "Links, Players", "Enlaces, Jugadores"),  # a check of two keys
    ],
)  # fmt: skip
def test_a_problem_is_placed_in_words(
    path: tuple[str | int, ...], element: tuple[str | int, ...], english: str, spanish: str
) -> None:
    assert place_said(EN, path, element) == english
    assert place_said(ES, path, element) == spanish


def _keys(record: type, seen: set[type]) -> Iterator[str]:
    """Every key of a record and of the records in it."""
    for name, hint in get_type_hints(record, include_extras=True).items():
        yield name
        for inner in _records(hint):
            if inner not in seen:
                seen.add(inner)
                yield from _keys(inner, seen)


def _records(hint: object) -> Iterator[type]:
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        yield hint
    for arg in get_args(hint):
        yield from _records(arg)


@pytest.mark.parametrize("record", [ScenarioFile, MapFile])
@pytest.mark.parametrize("t", [EN, ES], ids=["en", "es"])
def test_every_key_of_a_battle_or_a_map_has_its_words(record: type, t: Texts) -> None:
    unsaid = {k for k in _keys(record, set()) if not any(t.has(f"{p}{k}") for p in FIELDS)}
    assert not unsaid
    assert all(
        t.has(f"editor_place_{w}") for w in [*ITEMS.values(), *(p for ps in PARTS.values() for p in ps)]
    )


def test_a_refusal_is_said_in_the_players_language_with_its_place() -> None:
    from game.editing.files import Refused

    refused = Refused("misshapen", path="x.toml", where="sides[0].divisions", problem="expected a list")
    assert str(refused).startswith(
        "x.toml: sides[0].divisions: expected a list: fix it"
    )  # the command line's
    assert refusal_said(ES, refused).startswith(
        "x.toml: Bando 1 › Divisiones: se esperaba una lista: arréglalo"
    )


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "cannot write: No such file or directory"),
        ("es", "no se puede escribir: no existe la carpeta"),
    ],
)
def test_a_file_a_command_cannot_write_is_said_in_the_language_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """`generate --out` into a folder that is not there, with --lang es: the line was English
    ('cannot write: No such file or directory'), the one error of a command that writes not read back."""
    from game.cli.entry import main

    out = tmp_path / "none" / "x.toml"
    assert main(["generate", "--seed", "1", "--out", str(out), "--lang", lang]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"error: {out}: {said}"
    assert not out.parent.exists()

"""Issue 38, item 4: names carry their grammar (game/model/grammar.py, docs/spanish.md) and the texts of
the log and the screens use it: masculine, feminine and plural names, names with and without an
article, contractions, names said together, counts of one and of two, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import CONTENT
from game.content.locale import Names, Texts, placeholders
from game.content.scenario import load_scenario
from game.model.errors import ContentError
from game.model.grammar import (
    Grammar,
    Name,
    default_grammar,
    form,
    grammar_of,
    listed,
    said_name,
    tag_problem,
)
from game.model.ruleset import Ruleset
from game.running.narrate import describe, narrate

ES, EN = Texts("es"), Texts("en")


def es(text: str, kind: str = "unit", tag: str = "") -> Name:
    return said_name(text, tag, kind, "es")


def en(text: str, kind: str = "unit", tag: str = "") -> Name:
    return said_name(text, tag, kind, "en")


# the names the issue's reader met, with the grammar each must take
GRANADEROS = es("Granaderos provinciales")  # m. pl., by its first word
GUARDIAS = es("Guardias Valonas")  # f. pl.
REGIMIENTO = es("Regimiento suizo de Reding")  # m. sg.
BRIGADA = es("Brigada Chabert")  # f. sg.
DUPONT = es("general Dupont", "officer")  # a title: takes "el"
JOSE = es("José I", "officer", "m")  # a name of his own: no article
CASTILLA = es("Ejército de Castilla", "division")
HERMANDAD = es("Hermandad Amazona", "player")
FRANCESES = es("franceses", "side")


def test_a_name_s_grammar_comes_from_its_first_word_and_its_kind() -> None:
    assert GRANADEROS.grammar == Grammar("m", True, "los")
    assert GUARDIAS.grammar == Grammar("f", True, "las")
    assert REGIMIENTO.grammar == Grammar("m", False, "el")
    assert BRIGADA.grammar == Grammar("f", False, "la")
    assert es("1.ª División (Reding)", "division").grammar == Grammar("f", False, "la")  # past the ordinal
    assert es("Legión de Ceniza", "player").grammar.gender == "f"  # -ión
    assert es("Bailén", "objective").grammar.article == ""  # a place's own name: no article
    assert en("1st Division", "division").grammar.article == "the"
    assert en("Lapisse's Division", "division").grammar.article == ""  # a possessive: a name of its own
    assert en("Dessolles' Division", "division").grammar.article == ""
    assert en("French", "side").grammar.plural  # English sides are peoples


def test_a_tag_says_what_the_default_cannot() -> None:
    assert grammar_of("los") == Grammar("m", True, "los")
    assert grammar_of("las") == Grammar("f", True, "las")
    assert grammar_of("f pl") == Grammar("f", True, "")
    assert grammar_of("m", Grammar("f", True, "las")) == Grammar("m", True, "")  # no article given: none
    assert es("Garrochistas", tag="los").grammar == Grammar("m", True, "los")  # -as, but men
    assert JOSE.grammar == Grammar("m", False, "")
    assert tag_problem("lso") is not None and tag_problem("la f") is None and tag_problem("") is None
    with pytest.raises(ValueError):
        grammar_of("los plural")


def test_the_forms_a_text_asks_for() -> None:
    assert (format(DUPONT, "el"), format(DUPONT, "El"), str(DUPONT)) == (
        "el general Dupont", "El general Dupont", "General Dupont",
    )  # fmt: skip
    assert (format(DUPONT, "del"), format(DUPONT, "al")) == ("del general Dupont", "al general Dupont")
    assert (format(BRIGADA, "del"), format(BRIGADA, "al")) == (
        "de la Brigada Chabert",
        "a la Brigada Chabert",
    )
    assert (format(JOSE, "del"), format(JOSE, "El")) == ("de José I", "José I")
    assert format(GRANADEROS, "mueve|mueven") == "mueven" and format(BRIGADA, "mueve|mueven") == "mueve"
    agree = "desorganizado|desorganizada|desorganizados|desorganizadas"
    assert [format(n, agree) for n in (REGIMIENTO, BRIGADA, GRANADEROS, GUARDIAS)] == agree.split("|")
    assert format(en("1st Division", "division"), "The") == "The 1st Division"
    # a plain value (an id the game has no name for): as it is, masculine singular, no article
    assert ES("log_move_move", unit="es-9z", distance="3") == 'es-9z mueve 3"'


@pytest.mark.parametrize(
    ("unit", "moved", "destroyed"),
    [
        (REGIMIENTO, 'El Regimiento suizo de Reding mueve 3"', "El Regimiento suizo de Reding es destruido"),
        (BRIGADA, 'La Brigada Chabert mueve 3"', "La Brigada Chabert es destruida"),
        (GRANADEROS, 'Los Granaderos provinciales mueven 3"', "Los Granaderos provinciales son destruidos"),
        (GUARDIAS, 'Las Guardias Valonas mueven 3"', "Las Guardias Valonas son destruidas"),
    ],
)
def test_the_log_agrees_with_masculine_feminine_and_plural_names(
    unit: Name, moved: str, destroyed: str
) -> None:
    assert ES("log_move_move", unit=unit, distance="3") == moved
    assert ES("log_destroyed", unit=unit, rule="FG-CBT-16") == f"{destroyed} (FG-CBT-16)"


def test_the_issue_s_lines_read_as_spanish() -> None:
    """What the native reader found: "General Dupont saca un 2", "El estado mayor de El rey José",
    "Granaderos provinciales mueve", "Ejército de Castilla queda desorganizada", "gana Hermandad Amazona"."""
    assert ES("log_roll_experience", who=DUPONT, die=2, total=2, rule="FG-PREP-3").startswith(
        "El general Dupont saca un 2 de experiencia"
    )
    jose = es("rey José y el mariscal Jourdan", "officer", "el pl")
    assert ES("log_staff_placed", officer=jose, rule="FG-DEP-11") == (
        "El estado mayor del rey José y el mariscal Jourdan entra en el campo (FG-DEP-11)"
    )
    assert ES("log_disorganised", division=CASTILLA, rule="FG-ACT-4") == (
        "El Ejército de Castilla queda desorganizado (FG-ACT-4)"
    )
    ow = Texts("es", (CONTENT / "modules" / "open-wars" / "locale",))
    assert ow("ow_won", side=HERMANDAD) == "gana la Hermandad Amazona"
    assert ES("log_winner", side=FRANCESES) == "vencen los franceses"
    red, first = es("Ejército rojo", "side"), es("1.ª División", "division")  # a new battle's of the editor
    deployed = ES("log_deployed", side=red, division=first, count=4, rule="FG-DEP-7")
    assert (
        deployed == "El Ejército rojo despliega la 1.ª División: 4 unidades (FG-DEP-7)"
    )  # not "Los Ejército rojo despliegan"
    assert EN("log_winner", side=en("French", "side")) == "French win"


def test_names_said_together_each_with_its_article() -> None:
    both = listed([es("Dragones (Privé)"), BRIGADA], " y ")
    assert format(both, "el") == "los Dragones (Privé) y la Brigada Chabert" and both.grammar.plural
    assert format(listed([BRIGADA, GUARDIAS], " y "), "mueve|mueven") == "mueven"
    assert listed([GUARDIAS, BRIGADA], " y ").grammar.gender == "f"  # all feminine
    # after "de" or "a", the first name's article contracts (session 25: "de el Regimiento de Burgos")
    regimiento = es("Regimiento de Burgos")
    assert (
        format(listed([regimiento, BRIGADA], " y "), "del") == "del Regimiento de Burgos y la Brigada Chabert"
    )
    assert (
        format(listed([BRIGADA, regimiento], " y "), "al") == "a la Brigada Chabert y el Regimiento de Burgos"
    )
    melee = {
        "kind": "melee", "attackers": ["a", "b"], "defenders": ["c"], "attack": 9, "defence": 2,
        "margin": 7, "winner": "attackers", "outcome": "destroyed", "rule": "FG-CBT-16",
    }  # fmt: skip
    named = ES.with_names(Names({"a": es("Dragones (Privé)"), "b": BRIGADA, "c": GUARDIAS}))
    assert describe(melee, named).startswith(
        "Cuerpo a cuerpo: los Dragones (Privé) y la Brigada Chabert (9) contra las Guardias Valonas (2)"
    )


@pytest.mark.parametrize(
    ("n", "english", "spanish"), [(1, "1 hit", "1 impacto"), (2, "2 hits", "2 impactos")]
)
def test_counts_pick_singular_or_plural_in_both_languages(n: int, english: str, spanish: str) -> None:
    assert EN("script_hits_one" if n == 1 else "script_hits_many", n=n) == english
    assert ES("script_hits_one" if n == 1 else "script_hits_many", n=n) == spanish
    hit = {"kind": "hit", "unit": "u", "added": n, "hits": n}
    said = describe(hit, ES.with_names(Names({"u": BRIGADA})))
    assert said == (
        "La Brigada Chabert recibe un impacto (ya tiene 1)"
        if n == 1
        else "La Brigada Chabert recibe 2 impactos (ya tiene 2)"
    )
    ow = Texts("es", (CONTENT / "modules" / "open-wars" / "locale",))
    key = "reason_ow_gold_one" if n == 1 else "reason_ow_gold_many"
    gold = ow(key, count=n, unit="Girocóptero", price=5 * n, gold=1)
    assert gold.startswith(("1 ficha de Girocóptero cuesta 5", "2 fichas de Girocóptero cuestan 10")[n - 1])
    en_ow = Texts("en", (CONTENT / "modules" / "open-wars" / "locale",))
    assert en_ow(key, count=n, unit="Gyrocopter", price=5 * n, gold=1).startswith(
        ("1 token of Gyrocopter costs 5", "2 tokens of Gyrocopter cost 10")[n - 1]
    )


def test_english_divisions_take_the_article_unless_they_are_a_possessive() -> None:
    """The end screen said "French lost the Lapisse's Division"; the log "The Lapisse's Division is
    disorganised"."""
    french = en("French", "side")
    lapisse = en("Lapisse's Division (I Corps)", "division")
    first = en("1st Division (Ruffin)", "division")
    assert (
        EN("lost_division", side=french, division=lapisse, why="x")
        == "French lost Lapisse's Division (I Corps) (x)"
    )
    assert (
        EN("lost_division", side=french, division=first, why="x")
        == "French lost the 1st Division (Ruffin) (x)"
    )
    assert (
        EN("log_disorganised", division=lapisse, rule="R")
        == "Lapisse's Division (I Corps) is disorganised (R)"
    )
    assert EN("log_disorganised", division=first, rule="R") == "The 1st Division (Ruffin) is disorganised (R)"


def test_an_activation_names_its_side(rules: Ruleset) -> None:
    """Issue 38: both sides' divisions are often called alike: the line says whose."""
    event = {"kind": "activated", "formation": "d", "side": "fr", "initiative": 7, "units": []}
    names = Names(divisions={"d": es("1.ª División (Barbou)", "division")})
    sides = {"fr": FRANCESES}
    [line] = narrate([event], ES.with_names(names), sides)
    assert line.text == "Franceses: se activa la 1.ª División (Barbou), iniciativa 7 (FG-ACT-1)"


def test_a_text_may_ask_only_for_the_forms_there_are() -> None:
    assert placeholders("{unit:El} {unit:mueve|mueven} {division:a|b|c|d}") == {"unit", "division"}
    for bad in ("{unit:los}", "{unit:a|b|c}", "{unit:>200}"):
        with pytest.raises(ValueError):
            placeholders(bad)


def test_a_scenario_s_bad_tag_is_one_line(tmp_path: Path, rules: Ruleset) -> None:
    text = (CONTENT / "scenarios" / "bailen.toml").read_text(encoding="utf-8")
    for table, key in (('rumblar = "el"', "rumblar"),):
        bad = tmp_path / "bad.toml"
        bad.write_text(text.replace(table, f'{key} = "lso"'), encoding="utf-8")
        with pytest.raises(ContentError) as err:
            load_scenario(str(bad), rules)
        assert err.value.where.endswith(f"locale.es.grammar.objectives.{key}") and "lso" in err.value.problem
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(text + '\n[grammar.units]\nxx-9 = "the"\n', encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_scenario(str(unknown), rules)
    assert err.value.where.endswith("grammar.units.xx-9") and "no such id" in err.value.problem


def test_the_shipped_scenarios_names_in_spanish_running_text(rules: Ruleset) -> None:
    """Bailén's names as the log says them, each with its article and its number."""
    words = load_scenario("bailen", rules).spec.words("es")
    said = {i: format(n, "El") for i, n in {**words.units, **words.officers, **words.sides}.items() if n}
    assert said["es-3b"] == "Los Garrochistas (lanceros de Utrera y Jerez)"
    assert said["es-1a"] == "Las Guardias Valonas" and said["fr-1c"] == "Los Regimientos suizos"
    assert said["fr-staff"] == "El general Dupont" and said["es"] == "Los españoles"
    assert str(words.objectives["norias"]) == "Las norias"  # a place shown alone with its article


def test_the_english_possessive_takes_no_second_s() -> None:
    """`{unit:'s}`: the puzzle said "hussars's first order", the log "Dragoons's action is interrupted"."""
    assert form("hussars", "'s") == "hussars'"
    assert form(Name("2nd Dragoons", default_grammar("2nd Dragoons", "unit", "en")), "'s") == "2nd Dragoons'"
    assert form(Name("General Cole"), "'s") == "General Cole's"
    t = Texts("en")
    assert t("puzzle_order_order", unit="hussars", orders="charges").startswith("hussars' first order")


@pytest.mark.parametrize(
    ("name", "kind", "owner"),
    [
        ("General Castaños", "officer", "General Castaños's"),  # as the battles write "Ellis's Brigade"
        ("Dessolles", "officer", "Dessolles's"),
        ("Court of Bones", "player", "Court of Bones'"),  # its last word a plural: "the Bones'"
        ("Army of the Andes", "side", "Army of the Andes'"),
        ("2nd Dragoons", "unit", "2nd Dragoons'"),
        ("House of Silverglade", "player", "House of Silverglade's"),
    ],
)
def test_the_english_possessive_of_a_name_ending_in_s(name: str, kind: str, owner: str) -> None:
    """A singular name ending in s takes 's (Chicago's and Oxford's style, and the game's own battles':
    "Castaños's Army", "Ellis's Brigade"); a plural, or a name ending in a plural past its first phrase,
    the apostrophe alone: the log said "General Castaños' successor", "Ellis' action"."""
    named = Name(name, default_grammar(name, kind, "en"))
    assert form(named, "'s") == owner
    said = Texts("en")("log_officer_relocated", officer=named, rule="R")
    assert said == f"{owner} successor takes his place by the division (R)"

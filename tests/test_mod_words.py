"""Issue 40, item 4: a mod translates what it adds and cites its own rules. A mod's locale/es/ui.toml
gives its category's Spanish words (it was refused, and the Spanish log said "2ª Guerrillas"); its
category's rule (GUER-1) is what the log cites for the category's modifier and what the hover card names;
an Open Wars ability may cite the mod's own rule id (only OW-... was taken)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.modding.content_check import check_content
from game.model.errors import ContentError
from game.running.log_texts import texts_for
from game.running.match import Match, new_match
from game.running.names import named
from game.ui.battle.unit_words import unit_lines
from systems.for_glory.checks import category_line
from systems.open_wars.ruleset_files import load_rules
from tests.mod_lab import GUERRILLAS, SEA_RAIDERS, write_mod


@pytest.fixture
def guerrillas(tmp_path: Path) -> Path:
    return write_mod(tmp_path / "guerrillas", GUERRILLAS)


@pytest.fixture
def match(guerrillas: Path) -> Iterator[Match]:
    m = new_match("guerrilla-ambush", 3, 1, load_ruleset(mods=load_mods([guerrillas])))
    yield m
    m.battle.close()


def test_a_mods_spanish_words_pass_the_check(guerrillas: Path) -> None:
    report = check_content([guerrillas])
    assert report.problems == [] and report.warnings == []
    assert guerrillas / "locale/es/ui.toml" in report.files


def test_the_spanish_log_names_the_mods_brigades_in_spanish(match: Match) -> None:
    spanish, english = named(texts_for("es"), match), named(texts_for("en"), match)
    assert spanish.names("es-1a") == "1.ª Partida de Guerrilleros, 1.ª División"  # was "1.ª Guerrillas, ..."
    assert english.names("es-1a") == "1st Guerrillas, 1st Division"  # English: the category's own name
    assert spanish.names("es-1b").startswith("1.ª Brigada de Línea")  # the game's words stand


def test_the_hover_card_names_the_categorys_own_rule(match: Match) -> None:
    t = named(texts_for("es"), match)
    assert unit_lines(match.battle, "es-1a", t)[0] == "Guerrilleros (Guer, GUER-1), Irregular -1"
    assert unit_lines(match.battle, "es-1b", t)[0].startswith("Infantería de línea (LnInf, FG-UNIT-12), ")


def test_a_mods_category_cites_its_own_rule_in_the_log(match: Match) -> None:
    """FG-UNIT-5: the rulebook's categories cite FG-UNIT-5; the mod's its own rule, which its rules
    reference explains (the log's link shows its text)."""
    rules = match.rules
    modifier = rules.modifiers.combat["category"]
    assert category_line(modifier, rules.categories["Guer"], -1).rule == "GUER-1"
    assert category_line(modifier, rules.categories["LnInf"], 1).rule == "FG-UNIT-5"


def test_a_mods_words_for_what_it_does_not_have_are_refused(tmp_path: Path) -> None:
    root = write_mod(tmp_path / "g", GUERRILLAS, ("locale/es/ui.toml", None, 'category_guer = "{nth} x"\n'))
    with pytest.raises(
        ContentError, match=r"locale/es/ui.toml: category_guer: takes only these \{names\}: none"
    ):
        load_ruleset(mods=load_mods([root]))


def test_an_open_wars_ability_cites_the_mods_own_rule(tmp_path: Path) -> None:
    root = write_mod(
        tmp_path / "sea-raiders",
        SEA_RAIDERS,
        ("rulesets/open-wars/factions/raiders.toml", 'rule = "OW-FAC-1"', 'rule = "SEA-1"'),
    )
    (root / "locale/en").mkdir(parents=True)
    (root / "locale/en/rules.toml").write_text('["SEA-1"]\ntitle = "Boarding"\ntext = "Corsairs board."\n')
    (root / "locale/es").mkdir(parents=True)
    (root / "locale/es/rules.toml").write_text(
        '["SEA-1"]\ntitle = "Abordaje"\ntext = "Los corsarios abordan."\n'
    )
    report = check_content([root])
    assert report.problems == [] and report.warnings == []
    rules = load_rules(None, load_mods([root]))
    assert rules.units["corsairs"].abilities[0].rule == "SEA-1"

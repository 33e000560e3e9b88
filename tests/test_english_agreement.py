"""English verbs agree with the names they follow (issue 38's leftover: "Tirailleurs moves"): a unit's,
a division's or a side's name carries its number in English too (game/model/grammar.py), and the
English log, the W box, the previews and the reports ask it for the verb ("{unit:moves|move}"), as
the Spanish texts do (docs/spanish.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import CONTENT
from game.content.locale import Texts, read_ui
from game.content.mod_words import word_problems
from game.content.mods import load_mod, load_mods
from game.content.ruleset_files import load_ruleset
from game.content.scenario import ScenarioFile, load_record, load_scenario
from game.model.grammar import said_name
from game.model.ruleset import Ruleset
from game.running.names import battle_names
from tests.mod_lab import GUERRILLAS, write_mod

EN = Texts("en")


def en(text: str, kind: str = "unit") -> object:
    return said_name(text, "", kind, "en")


@pytest.mark.parametrize(
    ("name", "kind", "plural"),
    [
        ("Tirailleurs", "unit", True),
        ("Polish lancers", "unit", True),  # the noun is the last word of the first phrase
        ("Chasseurs à cheval (Dupré)", "unit", True),
        ("Cazadores de Olivenza", "unit", True),
        ("Riflemen", "unit", True),
        ("62nd and 101st of the Line", "unit", True),  # two joined by "and"
        ("Boyer's dragoons", "unit", True),  # past the possessive
        ("Regimiento de Burgos", "unit", False),
        ("Brigade Burgos", "unit", False),  # opens with the body it names
        ("Guards Brigade (H. Campbell)", "unit", False),
        ("Guard battery", "unit", False),
        ("2nd Line Brigade, 1st Division", "unit", False),  # a made name
        ("3rd and 4th Divisions (Mackenzie, A. Campbell)", "division", True),
        ("Marquis of Portago", "officer", False),  # one man, whatever his first word
        ("King Joseph and Marshal Jourdan", "officer", True),
        ("French", "side", True),  # a people
        ("Anglo-Portuguese", "side", True),
        ("Blue army", "side", False),  # a new battle's of the editor
        ("Army of Castile", "side", False),
        ("Portuguese and Germans", "side", True),
    ],
)
def test_an_english_name_s_number(name: str, kind: str, plural: bool) -> None:
    assert said_name(name, "", kind, "en").grammar.plural is plural


def test_the_log_says_a_plural_unit_s_verb_in_the_plural() -> None:
    """The leftover as the player met it, in the first battle."""
    assert EN("log_move_move", unit=en("Tirailleurs"), distance="4") == 'Tirailleurs move 4"'
    assert (
        EN("log_move_move", unit=en("Regimiento de Burgos"), distance="4") == 'Regimiento de Burgos moves 4"'
    )
    assert EN("log_move_extra", unit=en("Dragoons"), distance="2") == 'Dragoons make their extra move of 2"'
    assert EN("log_disorganised", division=en("3rd and 4th Divisions", "division"), rule="FG-ACT-4") == (
        "The 3rd and 4th Divisions are disorganised (FG-ACT-4)"
    )
    assert EN("why_charge", unit=en("Hussars"), target="x") == "Hussars charge x"
    assert EN("puzzle_faces", unit=en("Voltigeurs"), target="x") == "Voltigeurs end facing x"
    # a side of more words than a people's: "Blue army wins", not "win"; a tag says what it cannot
    assert EN("log_winner", side=en("Blue army", "side")) == "Blue army wins"
    assert EN("log_winner", side=said_name("Royal Navy", "pl", "side", "en")) == "Royal Navy win"
    assert EN("log_winner", side=en("French", "side")) == "French win"


# For Glory's log and screens, and its rule modules' (Open Wars' and the campaign's players and armies
# are named as one: their texts are written so; reasons.toml's English is read back and kept as it is)
SUBJECT = re.compile(r'^"?\{(unit|side|division|who|by|winner)(?::The)?\} (?:is|has|was|\w+s)\b')
LOCALES = [
    CONTENT / "locale" / "en",
    *(
        CONTENT / "modules" / m / "locale" / "en"
        for m in ("clash-command", "clash-melee", "warhammer-charges")
    ),
]


@pytest.mark.parametrize("folder", LOCALES, ids=lambda p: p.parts[-3])
def test_no_english_text_says_a_name_s_verb_only_in_the_singular(folder: Path) -> None:
    found = [
        f"{path.name}: {key} = {text}"
        for path in sorted(folder.glob("*.toml"))
        if path.name in ("narration.toml", "ui.toml")
        for key, text in read_ui(path).items()
        if SUBJECT.match(text) and not key.startswith(("campaign_", "fate_side_"))
    ]
    assert not found, "\n".join(found)


def test_a_unit_type_may_say_its_brigades_names_are_plural(tmp_path: Path) -> None:
    """A mod's category whose brigades' names do not show their number ("2nd Landwehr") says it in its
    words (`grammar_unit_<code>`, docs/modding.md); a bad tag is one line naming the file and key."""
    words = 'name_unit_guer = "{nth} Landwehr"\ngrammar_unit_guer = "pl"\n'
    root = write_mod(tmp_path / "guerrillas", GUERRILLAS, ("locale/en/ui.toml", None, words))
    rules = load_ruleset(mods=load_mods([root]))
    spec = load_record(ScenarioFile, root / "scenarios" / "guerrilla-ambush.toml")
    t = Texts("en", (root / "locale",))
    names = battle_names(spec, rules, t)
    assert str(names.full["es-1a"]) == "1st Landwehr, 1st Division"
    assert t("log_move_move", unit=names.full["es-1a"], distance="3") == '1st Landwehr, 1st Division move 3"'
    assert t("log_move_move", unit=names.full["es-1b"], distance="3").endswith(' moves 3"')
    bad = write_mod(
        tmp_path / "bad", GUERRILLAS, ("locale/en/ui.toml", None, 'grammar_unit_guer = "plural"\n')
    )
    [problem] = word_problems(load_mod(bad), rules)
    assert problem.where.endswith("locale/en/ui.toml: grammar_unit_guer") and "plural" in problem.problem


def test_the_shipped_battles_plural_names(rules: Ruleset) -> None:
    """The names of shipped battles that are plural in English, as their log says them."""
    words = load_scenario("first-battle", rules).spec.words("en")
    assert EN("log_move_move", unit=words.units["fr-2b"], distance="4") == 'Tirailleurs move 4"'
    talavera = load_scenario("talavera", rules).spec.words("en")
    assert EN("log_roll_experience", who=talavera.officers["fr-staff"], die=3, total=3, rule="R").startswith(
        "King Joseph and Marshal Jourdan roll 3"
    )

"""Issue 40, item 3: `check-content --strict`. What a mod may hold but almost surely did not mean is a
warning, one line naming the mod's file and key: a plain check prints it and passes (exit 0), --strict
fails (exit 2). Each case is one of the mistakes the issue found silent, made in one of the two mods a
modder made (tests/mod_lab.py), which pass --strict as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.entry import main
from game.modding.content_check import check_content
from tests.mod_lab import GUERRILLAS, SEA_RAIDERS, write_mod

FG = "rulesets/for-glory/"
OW = "rulesets/open-wars/"
BATTLE = "scenarios/guerrilla-ambush.toml"
MAP = "scenarios/open-wars/ow-three-seas.toml"

CASES = [
    (  # a rule id with no text: its link in the log shows nothing
        GUERRILLAS,
        (FG + "units.toml", 'rule = "GUER-1"', 'rule = "GUER-2"'),
        FG + "units.toml: category[0].rule: the rule 'GUER-2' has no text: its link in the log shows nothing "
        "(give it a title and a text in locale/en/rules.toml)",
    ),
    (  # a Spanish text for a rule id nothing has in English
        GUERRILLAS,
        ("locale/es/rules.toml", '["GUER-1"]', '["GUER-1"]\ntitle = "x"\ntext = "y"\n\n["GEUR-1"]'),
        "locale/es/rules.toml: GEUR-1: no rule of this id has an English text: nothing cites it "
        "(a misspelt id?)",
    ),
    (  # AMB-38: a deployment zone running off its table
        GUERRILLAS,
        (
            BATTLE,
            "deployment = [[2, 26], [46, 26], [46, 34], [2, 34]]",
            "deployment = [[2, 26], [46, 26], [46, 40], [2, 40]]",
        ),
        BATTLE + ': sides[1].deployment[2]: (46, 40) is off the table (48" by 36"): the zone runs off it',
    ),
    (  # two objectives on one point
        GUERRILLAS,
        (BATTLE, "at = [12, 30]", "at = [24, 18.5]"),
        BATTLE + ": objectives[2].at: on the point of objectives[0] (mill): less than 1 inches apart",
    ),
    (  # a mod battle with the id of the game's Bailén replaced it without a word
        GUERRILLAS,
        (BATTLE, 'id = "guerrilla-ambush"', 'id = "bailen"'),
        BATTLE
        + ": id: replaces the game's own 'Bailén, 19 July 1808' (bailen): give it an id of its own, unless "
        "replacing it is what you mean",
    ),
    (  # names with no Spanish words: a battle's
        GUERRILLAS,
        (
            BATTLE,
            'objectives = { mill = "El molino", bridge = "El puente", farm = "La granja" }',
            'objectives = { mill = "El molino" }',
        ),
        BATTLE + ": locale.es.objectives: no Spanish name for bridge, farm",
    ),
    (  # a category the mod adds
        GUERRILLAS,
        ("locale/es/ui.toml", 'category_guer = "Guerrilleros"\n', ""),
        FG + "units.toml: category[0]: no Spanish name: the Spanish screens call it 'Guerrillas' "
        "(category_guer in locale/es/ui.toml)",
    ),
    (  # its rule
        GUERRILLAS,
        ("locale/es/rules.toml", None, ""),
        "locale/en/rules.toml: GUER-1: no Spanish text: a Spanish player reads it in English "
        "(locale/es/rules.toml)",
    ),
    (  # a faction's units
        SEA_RAIDERS,
        (OW + "factions/raiders.toml", 'kraken = "Kraken"\n', ""),
        OW + "factions/raiders.toml: locale.es.units: no Spanish name for kraken",
    ),
    (  # a map's
        SEA_RAIDERS,
        (MAP, 'name = "Los Tres Mares"\n', ""),
        MAP + ": locale.es.name: missing: no Spanish words for it",
    ),
    (  # a spell
        SEA_RAIDERS,
        (OW + "spells.toml", ', fog-wall = "Muro de niebla"', ""),
        OW + "spells.toml: spells[1]: no Spanish name for fog-wall ([locale.es.names])",
    ),
    (  # a spell no unit knows: no one casts it
        SEA_RAIDERS,
        (OW + "factions/raiders.toml", 'spells = ["tidal-wave", "fog-wall"]', 'spells = ["tidal-wave"]'),
        OW + "spells.toml: spells[1]: no unit knows this spell: no one can cast it",
    ),
    (  # a change that changes nothing
        GUERRILLAS,
        (FG + "modifiers.toml", "value = 3", "value = 2"),
        FG + "modifiers.toml: combat.flank.value: already has this value: the change changes nothing",
    ),
    (  # a battle's name in Japanese: the game's font draws it as boxes
        GUERRILLAS,
        (BATTLE, 'name = "Ambush at the mill"', 'name = "水車小屋の待ち伏せ"'),
        BATTLE + ": name: the game's font cannot draw '水車小屋の待ち伏せ' (CJK, Hiragana): they show as "
        "boxes; texts may use the Latin, Greek and Cyrillic alphabets (docs/modding.md)",
    ),
    (  # a location's in Arabic, among a map's others
        SEA_RAIDERS,
        (MAP, 'name = "Field"', 'name = "Field (حقل)"'),
        MAP + ": locations[4].name: the game's font cannot draw 'حقل' (Arabic): they show as boxes; "
        "texts may use the Latin, Greek and Cyrillic alphabets (docs/modding.md)",
    ),
    (  # two locations of a map on one point
        SEA_RAIDERS,
        (MAP, "at = [70, 50]", "at = [30, 50.5]"),
        MAP
        + ": locations[5].at: on the point of locations[4] (field): less than 1 hundredths of the map apart",
    ),
]


@pytest.mark.parametrize(("files", "change", "line"), CASES, ids=lambda c: str(c)[:30])
def test_what_is_almost_surely_a_mistake_is_a_warning(
    tmp_path: Path, files: dict[str, str], change: tuple[str, str | None, str], line: str
) -> None:
    root = write_mod(tmp_path / "mod", files, change)
    report = check_content([root])
    assert report.problems == [] and report.warnings == [f"{root}/{line}"]


def test_a_plain_check_says_a_warning_and_passes_strict_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files, change, line = CASES[4]  # the battle whose id is the game's Bailén
    root = write_mod(tmp_path / "mod", files, change)
    assert main(["check-content", str(root)]) == 0
    out, err = capsys.readouterr()
    assert err == f"warning: {root}/{line}\n" and out.startswith("ok: ") and out.endswith("(1 warning)\n")
    assert main(["check-content", "--strict", str(root)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"warning: {root}/{line}\n")


@pytest.mark.parametrize("files", [SEA_RAIDERS, GUERRILLAS], ids=["sea-raiders", "guerrillas"])
def test_the_modders_mods_pass_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], files: dict[str, str]
) -> None:
    root = write_mod(tmp_path / "mod", files)
    assert main(["check-content", "--strict", str(root)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("ok: ") and "warning" not in out


def test_the_shipped_content_and_examples_pass_strict(capsys: pytest.CaptureFixture[str]) -> None:
    """The example mods are what modders copy: they give their Spanish words and change what they change."""
    assert main(["check-content", "--strict"]) == 0
    assert capsys.readouterr().err == ""


def test_a_game_battle_the_mods_modules_cannot_play_is_a_warning(tmp_path: Path) -> None:
    """warhammer-terrain replaces the movement hook Castillo de Montalbán's dias-terrain replaces too: the
    battle is refused when chosen with the mod, which is no mistake of the mod's (it was an error)."""
    root = write_mod(tmp_path / "mod", GUERRILLAS, ("mod.toml", '"warhammer-charges"', '"warhammer-terrain"'))
    report = check_content([root])
    assert report.problems == []
    assert report.warnings == [
        f"{root}/mod.toml: modules: the game's battle castle-of-montalban cannot be played with them: the "
        "rule modules warhammer-terrain and dias-terrain both replace the movement_allowance hook: choose "
        "one of them"
    ]


def test_greek_and_cyrillic_names_are_drawn_and_pass(tmp_path: Path) -> None:
    """The font draws the Latin, Greek and Cyrillic alphabets: no warning for them."""
    greek = (BATTLE, 'name = "Ambush at the mill"', 'name = "Засада у мельницы (Ενέδρα στον μύλο)"')
    report = check_content([write_mod(tmp_path / "mod", GUERRILLAS, greek)])
    assert report.problems == [] and report.warnings == []


def test_warnings_wait_for_the_problems(tmp_path: Path) -> None:
    """A mod with a problem is told the problem alone: its warnings come once it loads."""
    root = write_mod(tmp_path / "mod", GUERRILLAS, (BATTLE, 'id = "guerrilla-ambush"', 'id = "bailen"'))
    (root / FG / "units.toml").write_text("[[category]]\ncode = 3\n")
    report = check_content([root])
    assert len(report.problems) == 1 and report.warnings == []

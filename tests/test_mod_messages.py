"""Issue 40, item 1: every message of check-content names the mod's own file and entry (the key, and the
entry's index in that file), never the game's content nor an index into the merged list; one mistake
is one message, with no follow-on (no "no card" after an unrelated error). Each case makes one mistake in
one of the two mods a modder made (tests/mod_lab.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.modding.content_check import check_content
from game.model.errors import ContentError
from tests.mod_lab import GUERRILLAS, SEA_RAIDERS, write_mod

OW = "rulesets/open-wars/"
FG = "rulesets/for-glory/"
MODIFIERS = (
    "known: category, quality, flank, road_target, cover, disorganised, moved, frontal_charge, hits, "
    "reaction, artillery_close, artillery_markers"
)

SEA_CASES = [
    (  # a spell the mod adds without its effect's kind: its index in the mod's file (two spells), not 19
        (OW + "spells.toml", 'effect = { kind = "barrier" }', "effect = { amount = 1 }"),
        OW
        + "spells.toml: spells[1].effect.kind: missing key: expected one of 'hits', 'attack', 'initiative', "
        "'defence', 'movement', 'entry', 'barrier', 'terrain', 'gold', 'drain', 'summon' (a new spell needs "
        "every key)",
    ),
    (  # OW-MAGIC-5: a barrier in the combat phase reads as a mistake of the mod's file, not the game's
        (OW + "spells.toml", 'phase = "movement"', 'phase = "combat"'),
        OW + "spells.toml: spells[1].phase: a barrier spell is cast in a strategic phase (collection or "
        "movement) (OW-MAGIC-5)",
    ),
    (
        (OW + "factions/raiders.toml", '"tidal-wave", "fog-wall"', '"tidal-wave", "fog-wal"'),
        OW + "factions/raiders.toml: units[3].spells[1]: no spell 'fog-wal' in spells.toml",
    ),
    (
        (OW + "factions/raiders.toml", '"armour", amount = 2', '"armour", amount = 6'),
        OW + "factions/raiders.toml: units[2].abilities[0].amount: armour works on a D6 at or under amount: "
        "1 to 5",
    ),
    (
        (OW + "factions/raiders.toml", "count = 3 }]", 'count = 3 }, { unit = "krakens", count = 1 }]'),
        OW + "factions/raiders.toml: start[1].unit: no unit 'krakens' in the faction",
    ),
    (
        (OW + "factions/raiders.toml", 'sea-witch = "Bruja', 'sea-witc = "Bruja'),
        OW + "factions/raiders.toml: locale.es.units.sea-witc: no such id in the faction (known: corsairs, "
        "kraken, marines, reavers, sea-witch)",
    ),
    (  # issue 35: two spells of one id in a mod's file (the second changed the first, silently)
        (OW + "spells.toml", 'id = "fog-wall"', 'id = "tidal-wave"'),
        OW + "spells.toml: spells[1].id: duplicate id 'tidal-wave' in this file",
    ),
    (
        (OW + "cards.toml", "amount = -1", "amount = 0"),
        OW + "cards.toml: cards[0].traits[0].amount: an entry of 0 does nothing",
    ),
    (  # a file that is not TOML: its path once (it was said twice, and in a second line)
        (OW + "spells.toml", None, "[[spells]\n"),
        OW + "spells.toml: invalid TOML: Expected ']]' at the end of an array declaration "
        "(at line 1, column 9)",
    ),
]

GUERRILLA_CASES = [
    (  # a misspelt modifier given whole was a new modifier that nothing applies
        (FG + "modifiers.toml", None, '[combat.flanks]\nrule = "FG-CBT-2"\nlabel = "flank"\nvalue = 3\n'),
        FG + f"modifiers.toml: combat.flanks: unknown modifier 'flanks' ({MODIFIERS})",
    ),
    (  # given with only a value, it blamed the game's own file ("missing key: rule")
        (FG + "modifiers.toml", None, "[combat.flanks]\nvalue = 3\n"),
        FG + f"modifiers.toml: combat.flanks: unknown modifier 'flanks' ({MODIFIERS})",
    ),
    (  # a category the mod changes, at its index in the mod's file (not "category LI" of the game's)
        (FG + "units.toml", 'range = "L"', 'range = "XXL"'),
        FG + "units.toml: category[1].range: unknown measure 'XXL' (known: XS, S, M, L, XL)",
    ),
    (
        (FG + "units.toml", 'type = "infantry"\n', ""),
        FG + "units.toml: category[0].type: missing key: expected one of 'infantry', 'cavalry', 'artillery' "
        "(a new category needs every key)",
    ),
    (  # a rule module's numbers in the mod name a category the ruleset lacks: the mod's file
        ("modules/clash-melee/melee.toml", None, "[attacks]\nGuerx = 2\n"),
        "modules/clash-melee/melee.toml: attacks.Guerx: no unit category 'Guerx' (known: FA, Guer, HA, HC, "
        "LC, LI, LnInf)",
    ),
    (  # a code of no letter or digit: its words' key (category_<code>) would be category_
        (FG + "units.toml", 'code = "Guer"', 'code = "-"'),
        FG + "units.toml: category[0].code: expected a letter or a digit, found '-'",
    ),
    (  # two codes of one key of words: one name in Spanish for both
        (FG + "units.toml", 'code = "Guer"', 'code = "li"'),
        FG + "units.toml: category[0].code: 'li' and 'LI' would share their words (category_li)",
    ),
    (  # a file that is not TOML: its path once, in one line
        (FG + "ruleset.toml", None, "[measures\n"),
        FG + "ruleset.toml: invalid TOML: Expected ']' at the end of a table declaration "
        "(at line 1, column 10)",
    ),
    (
        ("locale/es/ui.toml", "short_unit_guer", "short_unit_guerx"),
        "locale/es/ui.toml: short_unit_guerx: not a word of a category, quality or terrain of the ruleset "
        "(category_<code>, name_unit_<code>, short_unit_<code>, grammar_unit_<code>, quality_<code>, "
        "terrain_<code>)",
    ),
]


@pytest.mark.parametrize(("change", "line"), SEA_CASES, ids=lambda c: str(c)[:40])
def test_an_open_wars_mistake_is_one_line_in_the_mods_own_file(
    tmp_path: Path, change: tuple[str, str | None, str], line: str
) -> None:
    root = write_mod(tmp_path / "sea-raiders", SEA_RAIDERS, change)
    # whole: the report keeps a line whole, to be said in the reader's language before it is cut
    assert check_content([root]).problems == [f"{root}/{line}"]  # no "no card 'smugglers-cove'" after


@pytest.mark.parametrize(("change", "line"), GUERRILLA_CASES, ids=lambda c: str(c)[:40])
def test_a_for_glory_mistake_is_one_line_in_the_mods_own_file(
    tmp_path: Path, change: tuple[str, str | None, str], line: str
) -> None:
    root = write_mod(tmp_path / "guerrillas", GUERRILLAS, change)
    assert check_content([root]).problems == [f"{root}/{line}"]


def test_the_loader_names_the_mods_file_too(tmp_path: Path) -> None:
    """The game's own loader (a battle started with the mod) says the same line as the check."""
    root = write_mod(tmp_path / "guerrillas", GUERRILLAS, (FG + "units.toml", 'range = "L"', 'range = "XXL"'))
    with pytest.raises(ContentError) as e:
        load_ruleset(mods=load_mods([root]))
    assert (
        str(e.value)
        == f"{root}/{FG}units.toml: category[1].range: unknown measure 'XXL' (known: XS, S, M, L, XL)"
    )
    assert str(CONTENT) not in str(e.value)


def test_the_loader_names_a_broken_ruleset_file_once(tmp_path: Path) -> None:
    """A mod's ruleset file that is not UTF-8 stops a battle in one line naming it once."""
    root = write_mod(tmp_path / "guerrillas", GUERRILLAS)
    (root / FG / "units.toml").write_bytes("# Señor\n".encode("latin-1"))
    with pytest.raises(ContentError) as e:
        load_ruleset(mods=load_mods([root]))
    assert str(e.value) == f"{root}/{FG}units.toml: not UTF-8 text (byte 4 is 0xf1)"


def test_numbers_that_break_the_games_battles_are_one_line_naming_the_mods_folder(tmp_path: Path) -> None:
    """One change (XL made 60") breaks every battle of the game alike: one line, naming the mod's ruleset
    folder, the first battle's problem and how many more it breaks; never eleven lines of the game's."""
    root = write_mod(
        tmp_path / "guerrillas", GUERRILLAS, (FG + "ruleset.toml", None, "[measures]\nXL = 60.0\n")
    )
    root.joinpath("scenarios/guerrilla-ambush.toml").unlink()
    (line,) = check_content([root]).problems
    assert line == (
        f"{root}/{FG.rstrip('/')}: under these numbers the game's battle albuera and 10 more no longer load: "
        'table: a table 48" deep leaves no room to deploy XL (60") apart'
    )


def test_the_summary_counts_add_up(tmp_path: Path) -> None:
    """Each file once: the mod's five, and the seven maps of the game's checked under its rules."""
    root = write_mod(tmp_path / "sea-raiders", SEA_RAIDERS)
    report = check_content([root])
    assert report.problems == [] and report.warnings == []
    assert report.summary(Texts("en")) == (
        "ok: 12 files checked: 1 mod, 1 scenario, 7 of the game's scenarios under the mods' rules"
    )
    mine = {p for p in report.files if p.is_relative_to(root)}
    assert len(mine) == 5 and len(report.files - mine) == len(report.checked["game's scenario"]) == 7


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "no battle or map of this id in the game or the mods loaded"),
        ("es", "no hay ninguna batalla ni mapa con este id en el juego ni en los mods cargados"),
    ],
)
def test_a_battle_of_a_mod_not_loaded_is_refused_by_its_id_not_by_a_game_file(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """`simulate --scenario qa-rifles` without the mod that holds it: it said
    '.../content/scenarios/qa-rifles.toml: no such file', a file of the game's that never was."""
    from game.cli.entry import main

    assert main(["simulate", "--scenario", "qa-rifles", "--rounds", "1", "--lang", lang]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: qa-rifles: {said}"), line
    assert str(CONTENT) not in line

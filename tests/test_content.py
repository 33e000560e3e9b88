"""The ruleset content (content/rulesets/for-glory/*.toml): the numbers of the rulebook, and what the
loader says about a broken copy: a ContentError naming the file and the key, never a traceback."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game import CONTENT
from game.content.records import load_record
from game.content.ruleset_files import load_ruleset
from game.content.scenario import ScenarioFile
from game.model.errors import ContentError
from game.model.modules import RuleModule, register, unregister
from game.model.ruleset import Ruleset

SOURCE = CONTENT / "rulesets" / "for-glory"


# --- the numbers ----------------------------------------------------------------------------------


def test_FG_MEAS_1_to_5_the_five_measures(rules: Ruleset) -> None:
    """FG-MEAS-1."""
    assert [rules.length(c) for c in ("XS", "S", "M", "L", "XL")] == [2.0, 4.0, 6.0, 8.0, 10.0]


def test_FG_UNIT_12_to_17_unit_profiles(rules: Ruleset) -> None:
    """FG-UNIT-12."""
    table = {
        code: (cat.type, cat.range and rules.length(cat.range), cat.fire, cat.melee, rules.length(cat.move))
        for code, cat in rules.categories.items()
    }
    assert table == {
        "LnInf": ("infantry", 2.0, 0, 0, 4.0),
        "LI": ("infantry", 4.0, 1, -1, 4.0),
        "HC": ("cavalry", None, None, 3, 6.0),
        "LC": ("cavalry", None, None, 2, 8.0),
        "FA": ("artillery", 8.0, -1, -2, 4.0),
        "HA": ("artillery", 6.0, -2, -1, 6.0),
    }
    difficult = {
        c: cat.difficult_move and rules.length(cat.difficult_move) for c, cat in rules.categories.items()
    }
    assert difficult == {"LnInf": 4.0, "LI": 4.0, "HC": 4.0, "LC": 6.0, "FA": None, "HA": 4.0}  # FG-UNIT-19
    assert rules.length(rules.officer.move) == 8.0  # FG-UNIT-18


def test_FG_UNIT_21_to_25_qualities(rules: Ruleset) -> None:
    """FG-UNIT-21."""
    assert {q: v.modifier for q, v in rules.qualities.items()} == {"M": -2, "I": -1, "R": 0, "V": 1, "E": 2}


def test_FG_CBT_2_to_11_combat_modifiers(rules: Ruleset) -> None:
    values = {name: (m.rule, m.value) for name, m in rules.modifiers.combat.items()}
    assert values == {
        "category": ("FG-UNIT-5", None),
        "quality": ("FG-UNIT-26", None),
        "flank": ("FG-CBT-2", 2),
        "road_target": ("FG-CBT-3", 1),
        "cover": ("FG-CBT-4", -1),
        "disorganised": ("FG-CBT-5", -1),
        "moved": ("FG-CBT-6", -1),
        "frontal_charge": ("FG-CBT-7", -1),
        "hits": ("FG-CBT-8", -1),
        "reaction": ("FG-CBT-9", -2),
        "artillery_close": ("FG-CBT-10", 2),
        "artillery_markers": ("FG-CBT-11", 1),
    }


def test_FG_CBT_13_to_17_results_table(rules: Ruleset) -> None:
    """FG-CBT-13."""
    fire = {t: rules.band(rules.fire_results, t).label for t in (-3, 0, 2, 3, 4, 6, 7, 9, 10, 14)}
    assert fire == {
        -3: "miss",  # AMB-61
        0: "miss",
        2: "miss",
        3: "pushed",
        4: "one hit",
        6: "one hit",
        7: "two hits",
        9: "two hits",
        10: "destroyed",
        14: "destroyed",
    }
    melee = {m: rules.band(rules.melee_results, m) for m in (0, 2, 3, 4, 6, 7)}
    assert [(m, b.label, b.hits, b.push, b.destroyed) for m, b in melee.items()] == [
        (0, "draw", 1, True, False),
        (2, "draw", 1, True, False),
        (3, "pushed", 0, True, False),
        (4, "two hits", 2, True, False),
        (6, "two hits", 2, True, False),
        (7, "destroyed", 0, False, True),
    ]


def test_FG_MOR_and_FG_LDR_check_numbers(rules: Ruleset) -> None:
    c = rules.core.checks
    assert (c.fail_at_or_below, c.natural_fail, c.natural_pass) == (3, 1, 6)  # FG-MOR-6/7, FG-LDR-5/6
    assert {k: m.value for k, m in rules.modifiers.morale.items()} == {
        "quality": None,
        "officer_near": 2,  # FG-MOR-2
        "lost_brigades": -1,  # FG-MOR-3
        "hits": -1,  # FG-MOR-4
        "disorganised": -1,  # FG-MOR-5
    }
    assert rules.length(rules.core.leadership.band) == 10.0 and rules.core.leadership.min_bands == 1  # AMB-32


# --- a broken copy --------------------------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(SOURCE, tmp_path / "for-glory")
    return tmp_path / "for-glory"


def _edit(folder: Path, name: str, change: Callable[[str], str]) -> None:
    f = folder / name
    before = f.read_text(errors="surrogateescape")
    after = change(before)
    assert after != before, "the corruption did not apply"
    f.write_text(after, errors="surrogateescape")  # "\udcff" is written as the byte 0xff


def _replace(old: str, new: str) -> Callable[[str], str]:
    return lambda s: s.replace(old, new, 1)


def _drop_table(header: str) -> Callable[[str], str]:
    """Remove a [table] and its keys, up to the next header."""

    def change(s: str) -> str:
        start = s.index(header)
        end = s.find("\n[", start + len(header))
        return s[:start] + (s[end + 1 :] if end != -1 else "")

    return change


def _duplicate_first_category(s: str) -> str:
    start = s.index("[[category]]")
    end = s.index("[[category]]", start + 1)
    return s + "\n" + s[start:end]


CORRUPTIONS = [
    ("bad-toml", "units.toml", _replace("[[category]]", "[[category]"), "units.toml: invalid TOML"),
    (
        "wrong-type",
        "ruleset.toml",
        _replace("unit_width = 2.0", 'unit_width = "wide"'),
        "ruleset.toml: bases.unit_width: expected a number, found 'wide'",
    ),
    (
        "wrong-type-in-list",
        "qualities.toml",
        _replace("modifier = -2", "modifier = -2.5"),
        "qualities.toml: quality[0].modifier: expected an integer",
    ),
    (
        "unknown-key",
        "qualities.toml",
        _replace('name = "Militia"', 'name = "Militia"\ncolour = "grey"'),
        "qualities.toml: quality[0].colour: unknown key",
    ),
    (
        "unknown-top-key",
        "terrain.toml",
        lambda s: "season = 'winter'\n" + s,
        "terrain.toml: season: unknown key",
    ),
    (
        "unknown-measure",
        "units.toml",
        _replace('move = "S"', 'move = "XXL"'),
        "units.toml: category[0].move: unknown measure 'XXL'",
    ),
    (
        "unknown-measure-in-rules",
        "ruleset.toml",
        _replace('division_radius = "L"', 'division_radius = "LL"'),
        "ruleset.toml: command.division_radius: unknown measure 'LL'",
    ),
    (
        "missing-modifier",
        "modifiers.toml",
        _drop_table("[combat.flank]"),
        "modifiers.toml: combat.flank: missing modifier",
    ),
    (
        "modifier-without-value",
        "modifiers.toml",
        _replace('label = "frontal charge"\nvalue = -1', 'label = "frontal charge"'),
        "modifiers.toml: combat.frontal_charge.value: missing key",
    ),
    (
        "duplicate-category",
        "units.toml",
        _duplicate_first_category,
        "units.toml: category[6].code: duplicate code 'LnInf'",
    ),
    ("missing-table", "ruleset.toml", _drop_table("[hits]"), "ruleset.toml: hits: missing key"),
    (
        "missing-key",
        "results.toml",
        _replace('label = "miss"\n', ""),
        "results.toml: fire[0].label: missing key: expected a string",
    ),
    (
        "bad-literal",
        "terrain.toml",
        _replace('movement = "difficult"', 'movement = "slow"'),
        "terrain.toml: terrain[1].movement: expected one of 'passable', 'difficult', 'impassable'",
    ),
    ("not-utf8", "units.toml", lambda s: s + "# \udcff\n", "units.toml: not UTF-8"),
]


@pytest.mark.parametrize(
    ("file", "change", "message"), [c[1:] for c in CORRUPTIONS], ids=[c[0] for c in CORRUPTIONS]
)
def test_a_broken_ruleset_names_file_and_key(
    copy: Path, file: str, change: Callable[[str], str], message: str
) -> None:
    _edit(copy, file, change)
    with pytest.raises(ContentError) as e:
        load_ruleset("for-glory", root=copy.parent)
    assert str(copy / file) in str(e.value)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_a_missing_file(copy: Path) -> None:
    (copy / "terrain.toml").unlink()
    with pytest.raises(ContentError, match=r"terrain\.toml: no such file"):
        load_ruleset("for-glory", root=copy.parent)


def test_an_unknown_ruleset(copy: Path) -> None:
    with pytest.raises(ContentError, match=r"no ruleset 'napoleonic' here \(known: for-glory\)"):
        load_ruleset("napoleonic", root=copy.parent)


def test_an_untouched_copy_loads_the_same_rules(copy: Path, rules: Ruleset) -> None:
    assert load_ruleset("for-glory", root=copy.parent).content_hash == rules.content_hash


def test_a_battle_loaded_again_is_checked_against_the_modules_known_then(tmp_path: Path) -> None:
    """load_record keeps a record by its file's text and by the names known only at run time that it was
    checked against: a battle switching a module on is refused while no such module is registered, loads
    once one is, and is refused again once it is gone, the same text each time."""
    path = tmp_path / "battle.toml"
    path.write_text('modules = ["cache-toy"]\n' + (CONTENT / "scenarios" / "default.toml").read_text("utf-8"))
    with pytest.raises(ContentError, match=r"modules\[0\]: expected one of .*found 'cache-toy'"):
        load_record(ScenarioFile, path)
    register(RuleModule("cache-toy", "Toy", "a toy module of the tests", "CT-", "for-glory"))
    try:
        assert load_record(ScenarioFile, path).modules == ["cache-toy"]
    finally:
        unregister("cache-toy")
    with pytest.raises(ContentError, match=r"modules\[0\]: expected one of .*found 'cache-toy'"):
        load_record(ScenarioFile, path)

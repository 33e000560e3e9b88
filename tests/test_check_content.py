"""`python -m game check-content [DIR ...]`: the shipped content and mods checked the way the game reads
them; exit 0 with a summary, or exit 2 with one line per problem naming the file and the key, for any
input at all."""

from __future__ import annotations

import os
import pickle
import re
import shutil
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.modding.content_check import check_content
from game.modding.new_mod import new_mod
from game.model.errors import ContentError

STARTER = CONTENT / "mods" / "starter"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, list[str]]:
    code = main(["check-content", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def mod(tmp_path: Path, ident: str = "broken", files: dict[str, str | bytes | None] | None = None) -> Path:
    """A copy of the starter mod with the given files written over it (None: that folder taken away)."""
    folder = tmp_path / ident
    shutil.copytree(STARTER, folder)
    manifest = folder / "mod.toml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace('"starter"', f'"{ident}"'), encoding="utf-8"
    )
    for rel, text in (files or {}).items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        if text is None:
            shutil.rmtree(folder / rel)
        elif isinstance(text, bytes):
            (folder / rel).write_bytes(text)
        else:
            (folder / rel).write_text(text, encoding="utf-8")
    return folder


def failing(capsys: pytest.CaptureFixture[str], *args: str | Path) -> list[str]:
    code, out, lines = run(capsys, *args)
    assert code == 2 and out == ""
    assert lines and all(line.startswith("error: ") for line in lines), lines
    return [line.removeprefix("error: ") for line in lines]


# --- what passes ---------------------------------------------------------------------------------------


def test_the_shipped_content_passes_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (0, [])
    assert out.count("\n") == 1
    assert out.startswith("ok: ") and "files checked" in out
    for what in ("2 rulesets", "scenarios", "scripted battles", "rules reference", "mods"):
        assert what in out


@pytest.mark.parametrize("name", sorted(p.name for p in (CONTENT / "mods").iterdir()))
def test_each_example_mod_passes(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, CONTENT / "mods" / name)
    assert (code, err) == (0, [])
    assert out.startswith("ok: ") and "1 mod" in out


def test_a_new_mod_passes_and_mods_are_checked_together(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = new_mod(tmp_path / "mine")
    assert run(capsys, mine)[0] == 0
    assert run(capsys, mine, CONTENT / "mods" / "guard-and-lancers")[2] == []


def test_a_mod_may_translate_its_names_without_rule_texts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A mod whose locale folders hold only its names (ui.toml, or nothing yet) passes, as the game plays
    it; it was refused with 'locale/es/rules.toml: no such file', a file the mod never named."""
    mine = mod(tmp_path, "names-only")
    (mine / "locale" / "es" / "rules.toml").unlink()
    (mine / "locale" / "fr").mkdir()
    code, out, err = run(capsys, mine)
    assert code == 0 and out.startswith("ok: ") and "1 rules reference" in out  # the English one
    assert [line.split(": ", 2)[2] for line in err] == [  # only the strict check's word about it
        "STARTER-1: no Spanish text: a Spanish player reads it in English (locale/es/rules.toml)"
    ]


def test_a_mod_may_hold_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A mod's puzzles/ (docs/puzzles.md) is part of the mod: it was refused as 'not part of a mod' by
    the game and by check-content, which then checks each puzzle."""
    mine = mod(
        tmp_path,
        "with-puzzles",
        {"puzzles/guns.toml": (CONTENT / "puzzles" / "charge-the-guns.toml").read_text()},
    )
    assert [m.id for m in load_mods([mine])] == ["with-puzzles"]
    code, out, err = run(capsys, mine)
    assert (code, err) == (0, []) and "1 puzzle" in out
    (mine / "puzzles" / "guns.toml").write_text("[puzzle]\nside = 7\n", encoding="utf-8")
    assert any(line.startswith(f"{mine}/puzzles/guns.toml: ") for line in failing(capsys, mine))


# --- every problem, one line each ------------------------------------------------------------------------


def test_every_problem_of_a_mod_is_reported_with_its_file_and_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = mod(
        tmp_path,
        files={
            "rulesets/for-glory/units.toml": '[[category]]\ncode = "LI"\nrange = [2]\nmelee = "x"\nbogus = 1',
            "rulesets/for-glory/game.toml": "[scoring]\nunit_destroyed = 1.5\n",
            "scenarios/starter-skirmish.toml": 'id = 3\nname = "x"\ntable = [48, "y"]\nsides = []\nzz = 1\n',
            "locale/en/rules.toml": '["STARTER-1"]\ntitle = 2\n',
        },
    )
    lines = failing(capsys, folder)
    units, game = folder / "rulesets/for-glory/units.toml", folder / "rulesets/for-glory/game.toml"
    scenario, rules = folder / "scenarios/starter-skirmish.toml", folder / "locale/en/rules.toml"
    assert lines == [
        f"{units}: category[0].range: expected a string or a number at least 0 and at most 240, found a list",
        f"{units}: category[0].melee: expected an integer, found 'x'",
        f"{units}: category[0].bogus: unknown key (known keys: code, difficult_move, fire, melee, move, "
        "must_end_near_road, name, points, range, rule, type)",
        f"{game}: scoring.unit_destroyed: expected an integer, found 1.5",
        f"{scenario}: zz: unknown key (known keys: description, grammar, history, id, locale, max_rounds, "
        "modules, name, objectives, ruleset, scoring, sides, table, terrain, victory)",
        f"{scenario}: id: expected a string, found 3",
        f"{scenario}: table[1]: expected a number, found 'y'",
        f"{rules}: STARTER-1.title: expected a string, found 2",
    ]


def test_problems_across_the_merged_content_are_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = mod(
        tmp_path,
        files={
            "rulesets/for-glory/units.toml": '[[category]]\ncode = "Gren"\nname = "G"\n',
            "rulesets/for-glory/ruleset.toml": '[morale]\nofficer_near = "XXL"\n',
        },
    )
    lines = failing(capsys, folder)
    assert len(lines) == 1
    # named in the mod's own file, where the key is missing
    assert "broken/rulesets/for-glory/units.toml: category[0].type: missing key" in lines[0]


def test_a_broken_scenario_and_script_of_a_mod(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = (CONTENT / "scripts" / "fire-at-line.toml").read_text(encoding="utf-8")
    folder = mod(
        tmp_path,
        files={
            "scripts/fine.toml": script,
            "scripts/broken.toml": script.replace('category = "LnInf"', 'category = "Gren2"', 1),
            "scenarios/starter-skirmish.toml": (STARTER / "scenarios/starter-skirmish.toml")
            .read_text(encoding="utf-8")
            .replace('category = "Gren"', 'category = "Grenadier"'),
        },
    )
    lines = failing(capsys, folder)
    assert lines == [
        f"{folder / 'scenarios/starter-skirmish.toml'}: sides[0].divisions[0].units[0].category: "
        "unknown category 'Grenadier'",
        f"{folder / 'scripts/broken.toml'}: units[0].category: unknown category 'Gren2' "
        "(known: LnInf, LI, HC, LC, FA, HA, Gren)",
    ]


def test_a_division_without_units_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A division the editor has just added holds no units yet: its problem is a line, not a traceback
    of FG-DEP-9's check of how far its line reaches."""
    text = (STARTER / "scenarios/starter-skirmish.toml").read_text(encoding="utf-8")
    start = text.index("units = [", text.index('id = "fr-1"'))
    emptied = text[:start] + "units = []" + text[text.index("]\n", start) + 1 :]
    folder = mod(tmp_path, files={"scenarios/starter-skirmish.toml": emptied})
    (line,) = failing(capsys, folder)
    assert line.startswith(f"{folder / 'scenarios/starter-skirmish.toml'}: sides[0]")
    assert "two units or more (FG-PREP-2)" in line


def test_dependencies_are_given_together(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    base = mod(tmp_path, "base")
    child = mod(
        tmp_path, "child", {"mod.toml": 'id = "child"\nname = "c"\nversion = "1"\ndepends = ["base"]\n'}
    )
    shutil.rmtree(child / "scenarios")
    shutil.rmtree(child / "rulesets")
    (lines,) = [failing(capsys, child)]
    assert lines == [f"{child / 'mod.toml'}: depends: needs the mod 'base', which is not loaded"]
    assert run(capsys, child, base)[0] == 0


def test_two_mods_in_conflict(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a = mod(tmp_path, "a", {"rulesets/for-glory/ruleset.toml": "[measures]\nS = 3.0\n"})
    b = mod(tmp_path, "b", {"rulesets/for-glory/ruleset.toml": "[measures]\nS = 5.0\n"})
    shutil.rmtree(b / "scenarios")
    (line,) = failing(capsys, a, b)
    assert "measures.S" in line and "conflicts with the mod 'a'" in line


def test_the_shipped_content_with_several_broken_files(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    (content / "rulesets/for-glory/qualities.toml").write_text('[[quality]]\ncode = 1\nzz = "x"\n')
    (content / "scripts/road-march.toml").write_bytes(b"\x00\x01")
    (content / "locale/en/rules.toml").write_text('["FG-CBT-2"]\ntitle = "x"\n')
    report = check_content(content=content)
    q, s, r = (
        content / p
        for p in ("rulesets/for-glory/qualities.toml", "scripts/road-march.toml", "locale/en/rules.toml")
    )
    assert report.problems[:4] == [
        f"{q}: quality[0].zz: unknown key (known keys: code, modifier, name, rule)",
        f"{q}: quality[0].code: expected a string, found 1",
        f"{q}: quality[0].name: missing key: expected a string",
        f"{q}: quality[0].modifier: missing key: expected an integer at least -20 and at most 20",
    ]
    assert any(p.startswith(f"{s}: invalid TOML") for p in report.problems)
    assert f"{r}: FG-CBT-2.text: missing key: expected a string" in report.problems
    # scenarios and scripts that need the broken ruleset are not blamed for it
    assert not any("default.toml" in p for p in report.problems)


def test_a_broken_id_in_the_shipped_ruleset_under_a_mod(tmp_path: Path) -> None:
    """A base record whose id is a list could not be matched with a mod's records (it crashed)."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    units = content / "rulesets/for-glory/units.toml"
    units.write_text(units.read_text(encoding="utf-8").replace('code = "LnInf"', 'code = ["LnInf"]'))
    mods = load_mods([content / "mods" / "guard-and-lancers"])
    with pytest.raises(ContentError, match=rf"^{re.escape(str(units))}: category\[0\].code: expected"):
        load_ruleset("for-glory", content / "rulesets", mods)
    assert check_content(content=content).problems == [
        f"{units}: category[0].code: expected a string, found a list"
    ]


# --- any input at all -----------------------------------------------------------------------------------


def _link_out(folder: Path) -> None:
    (folder / "scenarios" / "out.toml").symlink_to(CONTENT / "scenarios" / "default.toml")


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / "scenarios" / "pipe.toml")


def _broken_link(folder: Path) -> None:
    (folder / "scenarios" / "gone.toml").symlink_to(folder / "scenarios" / "nowhere.toml")


def _link_loop(folder: Path) -> None:
    (folder / "scenarios" / "loop.toml").symlink_to(folder / "scenarios" / "loop.toml")


def _not_utf8_name(folder: Path) -> None:
    (folder / "scenarios" / os.fsdecode(b"\xff.toml")).write_text("id = 1\n")


BAD: dict[str, tuple[dict[str, str | bytes | None], str]] = {
    "empty mod.toml": ({"mod.toml": ""}, "mod.toml: id: missing key"),
    "binary mod.toml": ({"mod.toml": bytes(range(256))}, "mod.toml: not UTF-8 text"),
    "latin-1 scenario": (
        {"scenarios/starter-skirmish.toml": 'name = "Castaños"'.encode("latin-1")},
        "not UTF-8",
    ),
    "byte-order mark": ({"rulesets/for-glory/units.toml": b"\xef\xbb\xbf[officer]\n"}, "byte-order mark"),
    "syntax error with its line": ({"mod.toml": 'id = "x"\nname = \n'}, "(at line 2, column 8)"),
    "huge integer": (
        {"rulesets/for-glory/game.toml": "[scoring]\nunit_destroyed = " + "9" * 5000},
        "4300 digits",
    ),
    "huge float": ({"rulesets/for-glory/ruleset.toml": "[measures]\nXS = 1e999\n"}, "found inf"),
    "integer too large for a float": (
        {"rulesets/for-glory/ruleset.toml": "[measures]\nXS = " + "9" * 400 + "\n"},
        "measures.XS: expected a number, found 99999",
    ),
    "nested too deeply": ({"locale/en/rules.toml": "a = " + "[" * 5000 + "]" * 5000}, "nested too deeply"),
    "a folder for a file": ({"scenarios/dir.toml/x": "x"}, "dir.toml: is a folder, not a file"),
    "a stray file": ({"notes.txt": "x"}, "notes.txt: not part of a mod"),
    "an unknown ruleset file": ({"rulesets/for-glory/unit.toml": ""}, "unit.toml: not a ruleset file"),
    "another ruleset's folder": ({"rulesets/other/units.toml": ""}, "other: not the ruleset of the mod"),
    "not a scenario": ({"scenarios/readme.md": "x"}, "readme.md: not a scenario"),
    "a misspelt temperaments folder": (
        {"ai/temperament/stubborn.toml": ""},
        "ai/temperament: not the temperaments folder",
    ),
    "the AI's levels, which are the game's": ({"ai/levels.toml": ""}, "levels.toml: not the temperaments"),
    "a temperament that is not TOML": (
        {"ai/temperaments/stubborn.txt": ""},
        "stubborn.txt: not a temperament (.toml)",
    ),
    "a misspelt numbers file of a rule module": (
        {"modules/warhammer-terrain/terain.toml": 'flyers = ["Gren"]\n'},
        "warhammer-terrain/terain.toml: not a numbers file of the module (terrain.toml)",
    ),
    "a bad locale name": ({"locale/EN!/rules.toml": ""}, "EN!: not a locale name"),
    "a stray locale file": ({"locale/en/units.toml": ""}, "en/units.toml: not a locale file"),
    "a bad mod id": (
        {"mod.toml": 'id = "my mod"\nname = "x"\nversion = "1"\n'},
        "id: expected an id: 1 to 64",
    ),
    "another ruleset": (
        {"mod.toml": 'id = "x"\nname = "x"\nversion = "1"\nruleset = "nope"\n'},
        "rulesets/for-glory: not the ruleset of the mod: its mod.toml says ruleset = 'nope'",
    ),
    "an unknown ruleset": (
        {"mod.toml": 'id = "x"\nname = "x"\nversion = "1"\nruleset = "nope"\n', "rulesets/for-glory": None},
        "no ruleset 'nope' here",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line_per_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    files, expected = BAD[case]
    folder = mod(tmp_path, files=files)
    lines = failing(capsys, folder)
    assert any(expected in line for line in lines), lines
    assert all(line.startswith(str(folder)) or line.startswith(str(CONTENT)) for line in lines), lines


@pytest.mark.parametrize(
    "make",
    [_link_out, _fifo, _broken_link, _link_loop, _not_utf8_name],
    ids=["a link out of the mod", "a named pipe", "a broken link", "a link to itself", "a name not in UTF-8"],
)
def test_links_special_files_and_odd_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object
) -> None:
    folder = mod(tmp_path)
    make(folder)  # type: ignore[operator]
    lines = failing(capsys, folder)
    assert lines and all(line.startswith(str(folder / "scenarios")) for line in lines), lines


def test_a_link_in_place_of_mod_toml_is_never_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = mod(tmp_path)
    (folder / "mod.toml").unlink()
    (folder / "mod.toml").symlink_to("/dev/zero")  # reading it would never end
    assert failing(capsys, folder) == [
        f"{folder / 'mod.toml'}: points outside the mod: a mod's files must stay in its folder"
    ]


@pytest.mark.parametrize(
    "target",
    ["missing", "a-file", "no-manifest"],
    ids=["no such folder", "a file", "a folder without mod.toml"],
)
def test_a_folder_that_is_not_a_mod(capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str) -> None:
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "no-manifest").mkdir()
    (line,) = failing(capsys, tmp_path / target)
    assert line.startswith(str(tmp_path / target)) and "mod.toml" in line


def test_a_mods_manifest_given_for_its_folder_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`check-content my-mod/mod.toml` was read as a battle: three lines about a scenario's keys."""
    folder = mod(tmp_path)
    assert failing(capsys, folder / "mod.toml") == [
        f"{folder}/mod.toml: a mod is a folder holding a mod.toml: give its folder ({folder})"
    ]


def test_unknown_options_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-content", "--bogus"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


# --- a battle that cannot begin --------------------------------------------------------------------


def _cramped(tmp_path: Path, army: bool = False) -> Path:
    """The starter mod with its battle on a 12x24 table: each side's two-unit divisions find no room
    at L of their officer and XL from the enemy (FG-DEP-6..10). `army`: both armies as 20 points."""
    text = (STARTER / "scenarios/starter-skirmish.toml").read_text(encoding="utf-8")
    for old, new in [
        ("table = [48, 36]", "table = [12, 24]"),
        ("[[2, 2], [46, 2], [46, 10], [2, 10]]", "[[1, 1], [11, 1], [11, 5], [1, 5]]"),
        ("[[2, 26], [46, 26], [46, 34], [2, 34]]", "[[1, 19], [11, 19], [11, 23], [1, 23]]"),
        ("[[22, 16], [26, 16], [26, 20], [22, 20]]", "[[5, 10], [7, 10], [7, 12], [5, 12]]"),
        ("[[6, 14], [12, 13], [13, 20], [7, 21]]", "[[1, 8], [3, 8], [3, 10], [1, 10]]"),
        ("at = [24, 18]", "at = [6, 11]"),
        ("at = [36, 6]", "at = [9, 6]"),
        ("at = [12, 30]", "at = [3, 18]"),
    ]:
        assert old in text
        text = text.replace(old, new)
    if army:
        text = re.sub(r"\[\[sides\.divisions\]\]\n(.*\n)*?\]\n", "", text)
        text = re.sub(r"(deployment = .*\n)", r"\1[sides.army]\npoints = 20\n", text)
    return mod(tmp_path, files={"scenarios/starter-skirmish.toml": text})


def test_a_battle_whose_divisions_cannot_deploy_is_refused_as_the_battle_refuses_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue: a 12x24 table with two-unit divisions passed check-content (and --strict), yet the
    battle refused to begin ('side es cannot deploy es-2 ...', exit 2). The check deploys it as the
    battle does (game/running/deployment_check.py) and says the battle's reason at the division's key."""
    monkeypatch.chdir(tmp_path)  # a short path: the whole line is said
    folder = _cramped(Path("."))
    path = folder / "scenarios/starter-skirmish.toml"
    assert main(["simulate", "--scenario", str(path), "--mod", str(folder)]) == 2
    (refusal,) = capsys.readouterr().err.splitlines()
    reason = refusal.removeprefix("error: ")
    # the side and the division by the names the player reads, not their ids ("side es ... es-2")
    assert reason.startswith('side "Spanish" cannot deploy "2nd Division": no room for its 2 units')
    assert failing(capsys, folder) == [f"{path}: sides[1].divisions[1]: {reason}"]
    assert failing(capsys, "--strict", folder) == [f"{path}: sides[1].divisions[1]: {reason}"]
    (spanish,) = failing(capsys, "--lang", "es", folder)
    # the names the scenario gives in Spanish (its side's; its division has none: the game's Spanish)
    assert spanish == (
        f"{path}: sides[1].divisions[1]: el bando «Españoles» no puede desplegar «2.ª División»: no hay "
        "sitio para sus 2 "
        "unidades en su mitad, a L de su oficial y a XL del enemigo (FG-DEP-6..10): una mesa mayor o "
        "divisiones más pequeñas"
    )


def test_a_battle_that_cannot_begin_names_its_side_and_division_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal was worded in English and read back: in Spanish it kept the scenario's English names
    ('el bando «Spanish» no puede desplegar «2nd Division»'). It now carries the names the scenario
    gives in each language, for check-content and for the battle that refuses to begin."""
    monkeypatch.chdir(tmp_path)
    folder = _cramped(Path("."))
    path = folder / "scenarios/starter-skirmish.toml"
    with path.open("a", encoding="utf-8") as f:  # [locale.es] is the file's last table
        f.write('divisions = { es-2 = "División de Reding" }\n')
    said = "el bando «Españoles» no puede desplegar «División de Reding»: no hay sitio para sus 2 unidades"
    (checked,) = failing(capsys, "--lang", "es", folder)
    assert checked.startswith(f"{path}: sides[1].divisions[1]: {said}")
    assert main(["simulate", "--scenario", str(path), "--mod", str(folder), "--lang", "es"]) == 2
    assert capsys.readouterr().err.startswith(f"error: {said}")
    assert main(["simulate", "--scenario", str(path), "--mod", str(folder)]) == 2
    assert capsys.readouterr().err.startswith('error: side "Spanish" cannot deploy "2nd Division": no room')


def test_a_tournaments_processes_say_why_a_battle_cannot_begin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With --jobs 2 the refusal came back from the process that played the game and could not be made
    again from its line alone: the tournament said the process 'ended abruptly (killed, or out of
    memory)'. A content error crosses between processes whole, with its file, key and names."""
    monkeypatch.chdir(tmp_path)
    folder = _cramped(Path("."))
    path = folder / "scenarios/starter-skirmish.toml"
    argv = ["tournament", "--scenario", str(path), "--mod", str(folder), "--games", "2", "--jobs", "2"]
    assert main([*argv, "--rounds", "1"]) == 2
    assert capsys.readouterr().err.startswith('error: side "Spanish" cannot deploy "2nd Division": no room')
    sent = pickle.loads(pickle.dumps(ContentError("a.toml: sides", "a problem")))
    assert type(sent) is ContentError and (sent.where, sent.problem) == ("a.toml: sides", "a problem")


def test_a_points_army_that_cannot_deploy_is_named_by_its_points(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An army bought at the start (FG-ARMY-3) has no divisions in the file: its points are the key."""
    folder = _cramped(tmp_path, army=True)
    (line,) = failing(capsys, folder)
    path = re.escape(str(folder / "scenarios/starter-skirmish.toml"))
    assert re.match(rf"{path}: sides\[[01]\]\.army: side ", line)
    assert "cannot deploy" in line and "(FG-DEP-6..10)" in line


# --- its words --------------------------------------------------------------------------------------

SCRIPT = (CONTENT / "scripts" / "fire-at-line.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("files", "english", "spanish"),
    [
        (
            {"mod.toml": (STARTER / "mod.toml").read_text(encoding="utf-8") + 'depends = "other"\n'},
            "mod.toml: depends: expected a list of strings, found 'other'",
            "mod.toml: depends: se esperaba una lista de textos; hay 'other'",
        ),
        (
            {"rulesets/for-glory/unit.toml": ""},
            "rulesets/for-glory/unit.toml: not a ruleset file (ruleset.toml, modifiers.toml, units.toml, "
            "qualities.toml, results.toml, terrain.toml, game.toml)",
            "rulesets/for-glory/unit.toml: no es un archivo del reglamento (ruleset.toml, modifiers.toml, "
            "units.toml, qualities.toml, results.toml, terrain.toml, game.toml)",
        ),
        (
            {"modules/nomodule/terrain.toml": ""},
            "modules/nomodule: no rule module 'nomodule'",
            "modules/nomodule: no hay módulo de reglas 'nomodule'",
        ),
        (
            {"scripts/x.toml": SCRIPT.replace('category = "LnInf"', 'category = "Zz"', 1)},
            "scripts/x.toml: units[0].category: unknown category 'Zz' (known: LnInf, LI, HC, LC, FA, HA, "
            "Gren)",
            "scripts/x.toml: units[0].category: categoría desconocida 'Zz' (conocidas: LnInf, LI, HC, LC, "
            "FA, HA, Gren)",
        ),
        (
            {
                "ai/temperaments/Bold.toml": (CONTENT / "ai/temperaments/aggressive.toml").read_text(
                    encoding="utf-8"
                )
            },
            "ai/temperaments/Bold.toml: its name: expected an id: 1 to 64 lowercase letters, digits, - and "
            "_, starting with a letter or a digit (never a path), found 'Bold'",
            "ai/temperaments/Bold.toml: su nombre: se esperaba un id: de 1 a 64 minúsculas, cifras, - y _, "
            "que empiece por una letra o una cifra (nunca una ruta); hay 'Bold'",
        ),
    ],
)
def test_a_broken_mod_is_said_whole_in_spanish(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    files: dict[str, str],
    english: str,
    spanish: str,
) -> None:
    """Issue: 'a list of a string'; and with --lang es, problems half in English ('categoría desconocida
    'Zz' (known: ...)', 'its name: se esperaba ...') or wholly ('not a ruleset file (...)')."""
    monkeypatch.chdir(tmp_path)
    folder = mod(Path("."), files=files)
    assert failing(capsys, folder) == [f"{folder / english}"]
    assert failing(capsys, "--lang", "es", folder) == [f"{folder / spanish}"]


def test_a_battle_whose_estado_mayor_finds_no_place_is_a_problem_of_the_file_not_a_stop(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A fuzz draw (officer_diameter 0.8 -> 12): no estado mayor can stand clear of the bases, so each
    battle refuses to begin (FG-DEP-11). check-content stopped at the first battle, with the battle's
    refusal; it says it as that battle's problem and goes on to the game's battles under the numbers."""
    folder = mod(tmp_path, files={"rulesets/for-glory/ruleset.toml": "[bases]\nofficer_diameter = 12.0\n"})
    lines = failing(capsys, folder)
    why = "finds no command the rules accept for the place_staff of fr-staff"
    scenario = folder / "scenarios/starter-skirmish.toml"
    assert any(line.startswith(f"{scenario}: the fr player {why}") for line in lines), lines
    shipped = [line for line in lines if "under these numbers the game's battle albuera" in line]
    assert len(shipped) == 1 and f"no longer load: the fr player {why}" in shipped[0], lines


def test_a_refusal_to_begin_kept_for_later_holds_no_battle(tmp_path: Path) -> None:
    """deployment_check keeps a battle's refusal (up to 512, for the editor, the mod manager and
    check-content to ask again): kept with the frames it was raised through, each would hold the whole
    battle that refused (its world, its physics space) for as long as the game runs."""
    import gc

    from game.content.scenario import load_scenario
    from game.model.battle import Battle
    from game.running.deployment_check import Undeployable, deployment_problem

    folder = _cramped(tmp_path)
    rules = load_ruleset("for-glory", mods=load_mods([folder]))
    sc = load_scenario(str(folder / "scenarios/starter-skirmish.toml"), rules)
    gc.collect()
    before = sum(1 for o in gc.get_objects() if isinstance(o, Battle))
    found = deployment_problem(sc, rules)
    assert isinstance(found, Undeployable)
    assert found.refusal.__traceback__ is None and found.refusal.__context__ is None
    del found
    gc.collect()
    assert sum(1 for o in gc.get_objects() if isinstance(o, Battle)) == before

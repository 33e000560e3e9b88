"""Mods: loading, adding and overriding records by id, dependencies, conflicts, containment, the
example mods, new-mod, and mods recorded in replays."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import CONTENT
from game.content.mods import load_mod, load_mods, user_mods_dir
from game.content.ruleset_files import load_ruleset
from game.content.rulesref import load_reference
from game.content.scenario import list_scenarios, load_any_scenario, load_scenario
from game.modding.new_mod import new_mod
from game.model.errors import ContentError, UserError
from game.running.match import load, new_match, play, save, summary
from game.running.script import run

MODS = CONTENT / "mods"
ROOT = Path(__file__).resolve().parents[1]


def make_mod(root: Path, ident: str, files: dict[str, str], depends: list[str] | None = None) -> Path:
    folder = root / ident
    folder.mkdir(parents=True)
    deps = f"depends = {json.dumps(depends)}\n" if depends else ""
    (folder / "mod.toml").write_text(f'id = "{ident}"\nname = "{ident}"\nversion = "1"\n{deps}')
    for rel, text in files.items():
        f = folder / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
    return folder


UNITS = "rulesets/for-glory/units.toml"
RULES = "rulesets/for-glory/ruleset.toml"


def test_a_mod_adds_a_category_by_data_alone():
    mods = load_mods([MODS / "guard-and-lancers"])
    rs = load_ruleset(mods=mods)
    guard, lancers = rs.categories["GdInf"], rs.categories["Lan"]
    assert (guard.type, guard.fire, guard.melee, rs.length(guard.move)) == ("infantry", 1, 1, 4.0)
    assert (lancers.type, lancers.melee, rs.length(lancers.move)) == ("cavalry", 3, 8.0)
    assert set(load_ruleset().categories) == {"LnInf", "LI", "HC", "LC", "FA", "HA"}  # the base is untouched


def test_a_mod_changes_only_the_fields_it_gives(tmp_path):
    mod = make_mod(tmp_path, "longshot", {UNITS: '[[category]]\ncode = "LI"\nrange = "M"\n'})
    rs = load_ruleset(mods=load_mods([mod]))
    li, base = rs.categories["LI"], load_ruleset().categories["LI"]
    assert rs.length(li.range) == 6.0
    assert (li.fire, li.melee, li.move, li.points) == (base.fire, base.melee, base.move, base.points)


def test_a_mod_changes_rule_numbers_and_the_outcome_of_a_scripted_battle():
    """The v3.0 measures make M 4": the same charge that lands under v3.1 is refused."""
    script = CONTENT / "scripts" / "charge-at-five-inches.toml"
    base = run(script)
    older = run(script, mods=load_mods([MODS / "v30-measures"]))
    assert base["units"]["line"]["hits"] == 2 and base["dice_used"] == 2
    assert older["units"]["line"]["hits"] == 0 and older["dice_used"] == 0
    refused = [e for e in older["events"] if e["kind"] == "rejected"]
    assert refused and refused[0]["rule"] == "FG-UNIT-14"


def test_the_v30_mod_through_the_command_line():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "script",
            str(CONTENT / "scripts" / "charge-at-five-inches.toml"),
            "--json",
            "--mod",
            str(MODS / "v30-measures"),
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert json.loads(out.stdout)["units"]["line"]["hits"] == 0


def test_a_mod_adds_scenarios_and_rule_texts():
    mods = load_mods([MODS / "guard-and-lancers"])
    rs = load_ruleset(mods=mods)
    ids = [p.stem for p in list_scenarios(mods)]
    assert "sierra-ridge" in ids and "default" in ids
    sc = load_scenario("sierra-ridge", rs)
    assert any(u.category == "GdInf" for s in sc.spec.sides for d in s.divisions for u in d.units)
    ref = load_reference(mods=mods)
    assert ref["GUARD-1"].title == "Guard infantry" and "FG-CBT-2" in ref
    with pytest.raises(ContentError, match=r"^sierra-ridge: no battle or map of this id in the game"):
        load_scenario("sierra-ridge", load_ruleset())  # without the mod there is no such scenario
    with pytest.raises(ContentError, match="unknown category 'GdInf'"):
        load_scenario(str(MODS / "guard-and-lancers" / "scenarios" / "sierra-ridge.toml"), load_ruleset())


def test_a_mod_scenario_plays_to_an_end():
    from game.ai.players import make_player

    rs = load_ruleset(mods=load_mods([MODS / "guard-and-lancers"]))
    m = new_match("sierra-ridge", 3, 6, rs)
    sides = m.battle.game.sides
    play(m, {s: make_player("heuristic", s, 3) for s in sides})
    assert m.battle.pending is None and summary(m)["rounds"] <= 6
    m.battle.close()


def test_dependencies_load_first_and_may_override(tmp_path):
    base = make_mod(tmp_path, "base-mod", {UNITS: '[[category]]\ncode = "LI"\nmelee = 0\n'})
    child = make_mod(tmp_path, "child-mod", {UNITS: '[[category]]\ncode = "LI"\nmelee = 2\n'}, ["base-mod"])
    ordered = load_mods([child, base])  # given child first: it still loads after what it needs
    assert [m.id for m in ordered] == ["base-mod", "child-mod"]
    assert load_ruleset(mods=ordered).categories["LI"].melee == 2


def test_a_missing_or_circular_dependency_is_reported(tmp_path):
    lone = make_mod(tmp_path, "lone", {}, ["absent"])
    with pytest.raises(ContentError, match="needs the mod 'absent'"):
        load_mods([lone])
    a = make_mod(tmp_path, "a", {}, ["b"])
    b = make_mod(tmp_path, "b", {}, ["a"])
    with pytest.raises(ContentError, match="circular"):
        load_mods([a, b])


def test_two_mods_setting_one_value_differently_conflict(tmp_path):
    one = make_mod(tmp_path, "one", {RULES: "[measures]\nS = 3.0\n"})
    two = make_mod(tmp_path, "two", {RULES: "[measures]\nS = 5.0\n"})
    with pytest.raises(ContentError) as err:
        load_ruleset(mods=load_mods([one, two]))
    message = str(err.value)
    assert "measures.S" in message and "'one'" in message and str(two) in message
    agree = make_mod(tmp_path, "agree", {RULES: "[measures]\nS = 3.0\n"})
    assert load_ruleset(mods=load_mods([one, agree])).length("S") == 3.0  # the same value is no conflict


def test_a_mod_file_with_a_wrong_type_or_unknown_key_names_the_mod_file(tmp_path):
    bad = make_mod(tmp_path, "bad", {UNITS: '[[category]]\ncode = "LI"\nmelee = "lots"\n'})
    with pytest.raises(ContentError) as err:
        load_ruleset(mods=load_mods([bad]))
    assert str(bad / "rulesets") in str(err.value) and "melee" in str(err.value)
    typo = make_mod(tmp_path, "typo", {UNITS: '[[category]]\ncode = "LI"\nmele = 2\n'})
    with pytest.raises(ContentError, match="unknown key"):
        load_ruleset(mods=load_mods([typo]))


def test_a_new_record_must_be_complete(tmp_path):
    half = make_mod(tmp_path, "half", {UNITS: '[[category]]\ncode = "Pike"\nname = "Pikemen"\n'})
    with pytest.raises(ContentError, match="missing key"):
        load_ruleset(mods=load_mods([half]))


def test_a_mod_for_another_ruleset_or_version_is_refused(tmp_path):
    other = make_mod(tmp_path, "other", {})
    (other / "mod.toml").write_text('id = "other"\nname = "x"\nversion = "1"\nruleset = "clash-of-spears"\n')
    with pytest.raises(ContentError, match="clash-of-spears"):
        load_ruleset(mods=load_mods([other]))
    old = make_mod(tmp_path, "old", {})
    (old / "mod.toml").write_text('id = "old"\nname = "x"\nversion = "1"\nruleset_version = "2.0"\n')
    with pytest.raises(ContentError, match=r"made for 2\.0"):
        load_ruleset(mods=load_mods([old]))


def test_a_mod_holding_another_rulesets_folder_is_refused(tmp_path):
    """An Open Wars mod whose mod.toml lost its `ruleset` line reads as For Glory's: its
    rulesets/open-wars/ would be ignored without a word, so the game refuses it, naming the folder."""
    folder = make_mod(tmp_path, "raiders", {"rulesets/open-wars/numbers.toml": ""})
    with pytest.raises(ContentError, match="not the ruleset of the mod") as caught:
        load_mods([folder])
    assert caught.value.where == str(folder / "rulesets" / "open-wars")
    (folder / "mod.toml").write_text('id = "raiders"\nname = "x"\nversion = "1"\nruleset = "open-wars"\n')
    assert load_mods([folder])[0].spec.ruleset == "open-wars"


def test_nothing_in_a_mod_may_lead_outside_it(tmp_path):
    mod = make_mod(tmp_path, "sneaky", {})
    (mod / "rulesets").mkdir()
    os.symlink(CONTENT / "rulesets" / "for-glory", mod / "rulesets" / "for-glory")
    with pytest.raises(ContentError, match="outside the mod"):
        load_mod(mod)


def test_stray_files_and_bad_ids_are_reported(tmp_path):
    mod = make_mod(tmp_path, "stray", {"units.toml": ""})
    with pytest.raises(ContentError, match="not part of a mod"):
        load_mod(mod)
    (tmp_path / "spaced").mkdir()
    (tmp_path / "spaced" / "mod.toml").write_text('id = "has space"\nname = "x"\nversion = "1"\n')
    with pytest.raises(ContentError, match="id: expected an id"):
        load_mod(tmp_path / "spaced")
    with pytest.raises(ContentError, match="a mod is a folder"):
        load_mod(tmp_path / "nowhere")


def test_the_same_mod_twice_is_reported(tmp_path):
    mod = make_mod(tmp_path, "twice", {})
    with pytest.raises(ContentError, match="given twice"):
        load_mods([mod, mod])


def test_new_mod_writes_a_working_mod(tmp_path):
    target = new_mod(tmp_path / "my-house-rules")
    mod = load_mod(target)
    assert mod.id == "my-house-rules"
    rs = load_ruleset(mods=[mod])
    assert "Gren" in rs.categories
    load_scenario("starter-skirmish", rs)
    with pytest.raises(UserError, match="already exists"):
        new_mod(target)
    with pytest.raises(UserError, match="lowercase"):
        new_mod(tmp_path / "Not A Name")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no half-written leftovers


def test_a_replay_records_its_mods_and_needs_them_unchanged(tmp_path):
    from game.ai.players import make_player

    mod = make_mod(tmp_path, "house", {UNITS: '[[category]]\ncode = "LI"\nmelee = 1\n'})
    rs = load_ruleset(mods=load_mods([mod]))
    m = new_match("default", 5, 2, rs)
    play(m, {s: make_player("random", s, 5) for s in m.battle.game.sides})
    file = tmp_path / "r.json"
    save(m, file)
    data = json.loads(file.read_text())
    assert data["mods"][0]["id"] == "house" and data["mods"][0]["hash"] == load_mod(mod).content_hash
    with pytest.raises(ContentError, match="mods\\[0\\]: needs the mod 'house': give its folder with --mod"):
        load(file)  # a replay never opens a folder by itself outside the game's and the user's mods
    again = load(file, load_mods([mod]))
    assert summary(again) == summary(m)
    again.battle.close()
    m.battle.close()
    (mod / UNITS).write_text('[[category]]\ncode = "LI"\nmelee = 2\n')
    with pytest.raises(ContentError, match="has changed"):
        load(file, load_mods([mod]))


def test_the_user_mods_folder_is_the_platform_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert user_mods_dir() == tmp_path / "forglory" / "mods"


def test_every_example_mod_loads_with_its_scenarios():
    for folder in sorted(p for p in MODS.iterdir() if p.is_dir()):
        mods = load_mods([folder])
        rs = load_ruleset(mods=mods)
        for path in list_scenarios(mods):
            load_any_scenario(path, rs)

"""The user's folders against hostile content and a tampered saves folder: an id from content is one
pattern, checked at loading and by check-content; every file the game writes by itself is named from a
sanitised stem inside its folder; the autosave rotation removes only its own files, by exact name; a
read-only file is never replaced; links, loops and odd files in the saves folder are skipped with a
line, never a crash."""

from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path

import pytest

from game import CONTENT
from game.ai.players import make_player
from game.cli.entry import main
from game.content.files import inside, remove_inside, stem, write_text
from game.model.errors import ContentError, UserError
from game.model.limits import check_id
from game.running.match import Match, new_match, play
from game.running.recovery import recover
from game.running.saves import AUTOSAVES_KEPT, Skipped, browse_saves, save_game, saves_dir

HOSTILE = "../../../../victim/*"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A player's folder beside the game's, full of files that must survive."""
    v = tmp_path / "victim"
    v.mkdir()
    for name in ("thesis.json", "autosave-x.json", "photo.json", "notes.txt", "a.json"):
        (v / name).write_text("precious")
    return v


def mod_with_scenario(tmp_path: Path, scenario_id: str, folder: str = "scenarios") -> Path:
    mod = tmp_path / "evil"
    (mod / folder).mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "evil"\nname = "Evil"\nversion = "1"\n')
    text = (CONTENT / "scenarios" / "default.toml").read_text()
    if folder != "scenarios":
        text = (CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml").read_text()
    head, sep, rest = text.partition('\nid = "')
    if not sep:  # the id is on the first line
        head, sep, rest = "", 'id = "', text.partition('id = "')[2]
    rest = rest.partition('"')[2]
    (mod / folder / "evil.toml").write_text(f'{head}\nid = "{scenario_id}"{rest}')
    return mod


def part_played(matches: list[Match]) -> Match:
    m = new_match("default", 4, 6)
    matches.append(m)
    players = {s: make_player("heuristic", s, 4) for s in m.battle.game.sides}  # type: ignore[union-attr]
    play(m, players, until=lambda x: x.battle.game is not None and x.battle.game.round >= 1)
    return m


def relabelled(m: Match, scenario_id: str) -> Match:
    """The match as if its scenario's id had slipped past every check."""
    spec = dataclasses.replace(m.scenario.spec, id=scenario_id)
    m.scenario = dataclasses.replace(m.scenario, spec=spec)  # type: ignore[arg-type]
    return m


# --- ids ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [HOSTILE, "..", "a/b", "A", "-x", "x" * 65, "", "x*", "é", "a b", "x.json"])
def test_an_id_is_one_pattern(bad: str) -> None:
    with pytest.raises(ContentError, match=r"^where: expected an id: 1 to 64 lowercase"):
        check_id(bad, "where")
    assert check_id("bailen-1808_b", "where") == "bailen-1808_b"


@pytest.mark.parametrize("folder", ["scenarios", "scenarios/open-wars"])
def test_a_scenario_or_map_id_that_is_a_path_is_refused_at_loading_and_by_check_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: str
) -> None:
    mod = mod_with_scenario(tmp_path, HOSTILE, folder)
    assert main(["check-content", str(mod)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert any(line.startswith("error: ") and "evil.toml: id: expected an id" in line for line in err), err
    assert main(["simulate", "--mod", str(mod), "--scenario", "evil", "--rounds", "1"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "evil.toml: id: expected an id" in line


def test_unit_and_temperament_ids_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = mod_with_scenario(tmp_path, "evil")
    scenario = mod / "scenarios" / "evil.toml"
    scenario.write_text(scenario.read_text().replace('id = "fr-1a"', 'id = "../fr"', 1))
    (mod / "ai" / "temperaments").mkdir(parents=True)
    temperament = (CONTENT / "ai" / "temperaments" / "balanced.toml").read_text()
    (mod / "ai" / "temperaments" / "Bad Name.toml").write_text(temperament)
    assert main(["check-content", str(mod)]) == 2
    err = capsys.readouterr().err
    assert "units[0].id: expected an id" in err and "Bad Name.toml: its name: expected an id" in err


# --- the files the game writes -----------------------------------------------------------------------


def test_a_stem_is_a_plain_name() -> None:
    assert stem(HOSTILE) == "victim"
    assert stem("Bailén, 1808") == "bail-n-1808"
    assert stem("../..") == "battle" and stem("") == "battle"
    assert len(stem("x" * 500)) == 64


@pytest.mark.parametrize("name", ["../x.json", "a/b.json", "..", ".", "", "x\0.json"])
def test_inside_refuses_what_is_not_a_plain_name(tmp_path: Path, name: str) -> None:
    with pytest.raises(UserError, match="not a plain file name"):
        inside(tmp_path, name)


def test_inside_refuses_a_link_that_leads_out(tmp_path: Path, victim: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "out.json").symlink_to(victim / "thesis.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    with pytest.raises(UserError, match="leads outside"):
        inside(folder, "out.json")
    with pytest.raises(UserError, match=r"leads nowhere|leads outside"):
        inside(folder, "loop.json")
    with pytest.raises(UserError, match="leads outside"):
        remove_inside(folder, "out.json")
    assert (victim / "thesis.json").read_text() == "precious"


def test_saves_and_crash_reports_of_a_hostile_id_stay_in_the_saves_folder(
    matches: list[Match], victim: Path
) -> None:
    m = relabelled(part_played(matches), HOSTILE)
    paths = [save_game(m, {}), save_game(m, {}, autosave=True)]
    saved, report, _said = recover(m, {}, RuntimeError("planted"))
    paths += [saved, report]
    assert all(p is not None and p.parent == saves_dir() for p in paths), paths
    assert {p.name.split("-")[0] for p in paths if p} == {"save", "autosave", "recovered", "crash"}
    assert all("victim" in p.name for p in paths[:3] if p)
    assert sorted(p.name for p in victim.iterdir()) == sorted(
        ["thesis.json", "autosave-x.json", "photo.json", "notes.txt", "a.json"]
    )


def test_the_rotation_removes_only_the_games_own_autosaves_by_exact_name(
    matches: list[Match], tmp_path: Path, victim: Path
) -> None:
    m = part_played(matches)
    folder = saves_dir()
    folder.mkdir(parents=True)
    own = [folder / f"autosave-default-2020010{k}-120000-r{k}.json" for k in range(1, 6)]
    for p in own:
        save_game(m, {}, p)
    others = {  # named nearly so, but not as the game names its autosaves: never removed
        "autosave-default-notes.json": "mine",
        "autosave-default-20200101-120000-r1.json.bak": "mine",
        "autosave-default-2-20200101-120000-r1.json": "mine",
        "autosave-defaults-20200101-120000-r1.json": "mine",
        "save-default-20200101-120000-r1.json": "mine",
    }
    for name, text in others.items():
        (folder / name).write_text(text)
    link = folder / "autosave-default-20190101-120000-r1.json"  # the oldest by name: a link out
    link.symlink_to(victim / "thesis.json")
    notes: list[str] = []
    newest = save_game(m, {}, autosave=True, notes=notes)
    assert notes == []
    left = sorted(p.name for p in folder.glob("autosave-default-20*-r*.json") if not p.is_symlink())
    assert newest.name in left and len(left) == AUTOSAVES_KEPT
    assert left[:-1] == [p.name for p in own[-(AUTOSAVES_KEPT - 1) :]]  # the newest by their time
    assert all((folder / name).read_text() == text for name, text in others.items())
    assert link.is_symlink() and (victim / "thesis.json").read_text() == "precious"


def test_a_read_only_save_is_not_replaced(matches: list[Match], tmp_path: Path) -> None:
    m = part_played(matches)
    target = tmp_path / "kept.json"
    target.write_text("the player's own")
    target.chmod(0o444)
    with pytest.raises(UserError, match=r"kept.json: cannot write: read-only: not replaced"):
        save_game(m, {}, target)
    assert target.read_text() == "the player's own"
    with pytest.raises(UserError, match="read-only: not replaced"):
        write_text(target, "x")
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


# --- the saves folder --------------------------------------------------------------------------------


def odd_saves_folder(matches: list[Match], victim: Path) -> tuple[Path, Path]:
    """A saves folder holding one real save among links, loops, a pipe, a folder and junk."""
    m = part_played(matches)
    real = save_game(m, {"fr": "human", "es": "heuristic"})
    folder = real.parent
    (folder / "dangling.json").symlink_to(folder / "gone.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "a-to-b.json").symlink_to(folder / "b-to-a.json")
    (folder / "b-to-a.json").symlink_to(folder / "a-to-b.json")
    (folder / "out.json").symlink_to(victim / "thesis.json")
    (folder / "copy.json").symlink_to(real)
    (folder / "folder.json").mkdir()
    os.mkfifo(folder / "pipe.json")
    (folder / "broken.json").write_text("{")
    (folder / "list.json").write_text("[1, 2]")
    (folder / "locked.json").write_text(real.read_text())
    (folder / "locked.json").chmod(0o444)
    return folder, real


def test_links_loops_and_odd_files_in_the_saves_folder_are_skipped_with_a_line(
    matches: list[Match], victim: Path
) -> None:
    _folder, real = odd_saves_folder(matches, victim)
    skipped: list[Skipped] = []
    listed = {i.path.name for i in browse_saves(skipped=skipped)}
    assert listed == {real.name, "locked.json"}  # a read-only save is listed: it loads
    said = {s.path.name: str(s) for s in skipped}
    for name in ("dangling.json", "loop.json", "a-to-b.json", "out.json", "copy.json"):
        assert "a link: not listed" in said[name], said
    assert "not a regular file" in said["folder.json"] and "not a regular file" in said["pipe.json"]
    assert "not a saved battle" in said["broken.json"] and "not a saved battle" in said["list.json"]
    assert all("\n" not in str(line) for line in skipped)
    m = part_played(matches)
    save_game(m, {}, autosave=True)  # the rotation walks the same folder
    assert (victim / "thesis.json").read_text() == "precious"


def test_a_settings_file_that_is_a_link_is_refused_with_exit_code_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], victim: Path
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "config" / "forglory"
    folder.mkdir(parents=True)
    (folder / "settings.json").symlink_to(victim / "thesis.json")
    assert main(["play", "--demo", "--frames", "1"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("error: ") and "settings.json" in line and "link" in line
    assert (victim / "thesis.json").read_text() == "precious"

"""Saved games: a save is a replay with its players and round, kept in the user's saves folder;
loading it replays the commands to the very decision where it was saved."""

from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path

import pytest

from game import CONTENT
from game.ai.players import make_player
from game.model.errors import ContentError
from game.running.match import Match, new_match, play, save
from game.running.saves import AUTOSAVES_KEPT, browse_saves, load_game, save_game, saves_dir


def part_played(matches: list[Match], rounds: int = 2) -> Match:
    m = new_match("default", 4, 6)
    matches.append(m)
    players = {s: make_player("heuristic", s, 4) for s in m.battle.game.sides}  # type: ignore[union-attr]
    play(m, players, until=lambda x: x.battle.game is not None and x.battle.game.round >= rounds)
    return m


def test_a_save_resumes_at_the_same_decision(matches: list[Match], data_home: Path) -> None:
    m = part_played(matches)
    players = {"fr": "human", "es": "random"}
    path = save_game(m, players)
    assert path.parent == data_home / "forglory" / "saves" == saves_dir()
    again, who = load_game(path)
    matches.append(again)
    assert who == players
    assert again.commands == m.commands and again.battle.pending == m.battle.pending
    assert len(again.battle.events) == len(m.battle.events)


def test_the_list_of_saves_newest_first_with_scenario_and_round(matches: list[Match]) -> None:
    m = part_played(matches)
    older = save_game(m, {"fr": "human", "es": "heuristic"})
    os.utime(older, (time.time() - 60, time.time() - 60))
    newer = save_game(m, {"fr": "human", "es": "heuristic"}, saves_dir() / "mine.json")
    (saves_dir() / "notes.json").write_text('{"not": "a save"}')
    (saves_dir() / "broken.json").write_text("{")
    infos = browse_saves()
    assert [i.path for i in infos] == [newer, older]
    assert infos[0].scenario == "default" and infos[0].round == 2 and infos[0].saved


def test_autosaves_keep_only_the_newest(matches: list[Match]) -> None:
    m = part_played(matches, 1)
    made = []
    for k in range(AUTOSAVES_KEPT + 2):  # older autosaves, named as the game names them
        made.append(save_game(m, {}, saves_dir() / f"autosave-default-2020010{k + 1}-120000-r{k}.json"))
    save_game(m, {}, autosave=True)
    left = sorted(saves_dir().glob("autosave-default-*.json"))
    assert len(left) == AUTOSAVES_KEPT and not any(p.exists() for p in made[:3])


def test_a_save_is_named_safely_whatever_its_scenario_id(tmp_path: Path, matches: list[Match]) -> None:
    """A scenario file may not call itself a path (issue 21: one id pattern, at loading); and were such
    an id to slip past, its save would stay in the saves folder, named plainly."""
    text = (CONTENT / "scenarios" / "default.toml").read_text(encoding="utf-8")
    odd = tmp_path / "odd.toml"
    odd.write_text(text.replace('id = "default"', 'id = "../../x y/é"', 1), encoding="utf-8")
    with pytest.raises(ContentError, match=r"odd\.toml: id: expected an id"):
        new_match(str(odd), 1)
    m = new_match("default", 1)
    matches.append(m)
    m.scenario = dataclasses.replace(m.scenario, spec=dataclasses.replace(m.scenario.spec, id="../../x y/é"))
    for autosave in (False, True):
        path = save_game(m, {}, autosave=autosave)
        assert path.parent == saves_dir() and path.name.split("-")[1:3] == ["x", "y"]
    assert {p.name.split("-")[0] for p in saves_dir().iterdir()} == {"save", "autosave"}


@pytest.mark.parametrize("players", [{"fr": "god"}, {"xx": "human"}, {"fr": ["human"]}])
def test_a_save_with_unknown_players_is_one_line(matches: list[Match], players: dict[str, object]) -> None:
    m = part_played(matches, 1)
    path = save_game(m, {})
    data = json.loads(path.read_text())
    data["players"] = players
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"players\.\w+: a side of the battle: human or an AI"):
        load_game(path)


# --- the save browser's questions (issue 22) ------------------------------------------------------


def test_a_saves_description_says_when_who_and_whether_the_game_made_it(matches: list[Match]) -> None:
    from game.running.saves import browse_saves, save_meta

    m = part_played(matches)
    mine = save_game(m, {"fr": "human", "es": "hard"})
    auto = save_game(m, {"fr": "human", "es": "hard"}, autosave=True)
    meta = save_meta(mine)
    assert (meta.scenario, meta.round, meta.players, meta.autosave, meta.name) == (
        "default",
        2,
        {"fr": "human", "es": "hard"},
        False,
        "",
    )
    assert len(meta.saved) == 16 and meta.saved[4] == "-" and meta.saved[13] == ":"  # date and time
    assert save_meta(auto).autosave
    listed = browse_saves()
    assert {s.path for s in listed} == {mine, auto}
    with pytest.raises(ContentError, match="not a saved battle"):
        (saves_dir() / "notes.json").write_text('{"not": "a save"}')
        save_meta(saves_dir() / "notes.json")


def test_the_browser_lists_newest_first_by_the_time_saved(matches: list[Match]) -> None:
    from game.running.saves import browse_saves

    m = part_played(matches, 1)
    paths = [save_game(m, {"fr": "human", "es": "normal"}, saves_dir() / f"s{n}.json") for n in range(3)]
    for n, p in enumerate(paths):  # saved at 10:02, 10:01, 10:00; the files' times say otherwise
        data = json.loads(p.read_text())
        p.write_text(json.dumps({**data, "saved": f"2030-05-01 10:0{2 - n}"}))
        os.utime(p, (1000 + n, 1000 + n))
    assert [s.path for s in browse_saves()] == paths


@pytest.mark.parametrize("saved", ["\ufeff\x00", "9999-99-99 99:99 and more", 20300501, None, "z"])
def test_a_save_that_says_it_was_saved_otherwise_is_listed_by_its_files_time(
    matches: list[Match], saved: object
) -> None:
    """A save's "saved" is text from a file: only a date and time as the game writes them is taken (an
    odd one would be drawn as it is, and sort itself above every other save); else the file's time."""
    from game.running.saves import browse_saves

    m = part_played(matches, 1)
    odd = save_game(m, {}, saves_dir() / "odd.json")
    data = json.loads(odd.read_text())
    odd.write_text(json.dumps({**data, "saved": saved}))
    os.utime(odd, (time.time() - 86400 * 400, time.time() - 86400 * 400))
    newer = save_game(m, {}, saves_dir() / "newer.json")
    listed = browse_saves()
    assert [s.path for s in listed] == [newer, odd]
    assert listed[1].saved == time.strftime("%Y-%m-%d %H:%M", time.localtime(odd.stat().st_mtime))


def test_renaming_a_save_names_it_and_keeps_its_battle_and_place(matches: list[Match]) -> None:
    from game.running.saves import NAME_LENGTH, browse_saves, rename_save

    m = part_played(matches)
    older = save_game(m, {"fr": "human", "es": "normal"})
    os.utime(older, (time.time() - 600, time.time() - 600))
    data = json.loads(older.read_text())
    older.write_text(json.dumps({**data, "saved": "2020-01-01 09:00"}))
    newer = save_game(m, {"fr": "human", "es": "normal"}, saves_dir() / "newer.json")
    meta = rename_save(older, "  The hill\nheld\tat dusk  ")
    assert meta.name == "The hill held at dusk"
    assert [s.path for s in browse_saves()] == [newer, older]  # renaming does not make it the newest
    again, _players = load_game(older)  # the battle in it is the same
    matches.append(again)
    assert again.commands == m.commands
    assert rename_save(older, "x" * 200).name == "x" * NAME_LENGTH
    assert "name" not in json.loads(rename_save(older, "   ").path.read_text())  # empty: no name


def test_only_a_save_of_the_saves_folder_is_renamed_or_deleted(matches: list[Match], tmp_path: Path) -> None:
    from game.model.errors import UserError
    from game.running.saves import delete_save, rename_save

    m = part_played(matches, 1)
    mine = save_game(m, {"fr": "human", "es": "normal"})
    elsewhere = save_game(m, {"fr": "human", "es": "normal"}, tmp_path / "elsewhere.json")
    link = saves_dir() / "link.json"
    link.symlink_to(elsewhere)
    for path in (elsewhere, link, saves_dir() / "missing.json"):
        with pytest.raises(UserError, match="not a save of"):
            delete_save(path)
        with pytest.raises(UserError, match="not a save of"):
            rename_save(path, "x")
    assert elsewhere.exists() and link.is_symlink()
    delete_save(mine)
    assert not mine.exists()


def test_a_replay_of_four_players_without_players_gives_every_seat_one(
    matches: list[Match], tmp_path: Path
) -> None:
    """Session 12: a replay of four players (`simulate --save-replay`) opened with `play --load` gave
    only its first two seats a player: the others' were unknown, "(?)" on the top bar."""
    m = new_match("ow-random", 4, options={"players": 4})
    matches.append(m)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    play(m, {s: make_player("heuristic", s, 4) for s in sides}, until=lambda x: len(x.commands) > 5)
    path = tmp_path / "four.json"
    save(m, path)
    again, who = load_game(path)
    matches.append(again)
    assert len(sides) == 4 and who == {sides[0]: "human", **dict.fromkeys(sides[1:], "heuristic")}

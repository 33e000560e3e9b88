"""Saved games: a save is a replay with its players and round, kept in the user's saves folder;
loading it replays the commands to the very decision where it was saved."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.ai import make_player
from game.errors import ContentError
from game.match import Match, new_match, play
from game.saves import AUTOSAVES_KEPT, list_saves, load_game, save_game, saves_dir


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path


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
    infos = list_saves()
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


@pytest.mark.parametrize("players", [{"fr": "god"}, {"xx": "human"}, {"fr": ["human"]}])
def test_a_save_with_unknown_players_is_one_line(matches: list[Match], players: dict[str, object]) -> None:
    m = part_played(matches, 1)
    path = save_game(m, {})
    data = json.loads(path.read_text())
    data["players"] = players
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"players\.\w+: a side of the battle: human or an AI"):
        load_game(path)

"""A replay or save too long to play in seconds is refused in one line before anything is played
(issue 35, item 6): by `replay`, `stats`, the window's replay viewer, and Load (the start screen's and
the saves browser's); every honest game fits (bench/replay_lengths.py: the longest holds about 1,250
commands, the limit is 20,000)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game.running.match
from game.ai.players import make_player
from game.cli.entry import main
from game.model.errors import UserError
from game.running.match import MAX_REPLAY_COMMANDS, load, new_match, play, replay_data
from game.running.saves import load_game


@pytest.fixture(scope="module")
def replay() -> dict[str, Any]:
    m = new_match("default", 5, 1)
    play(m, {s: make_player("random", s, 5) for s in m.battle.game.sides})  # type: ignore[union-attr]
    data = replay_data(m)
    m.battle.close()
    return data


def _too_long(tmp_path: Path, replay: dict[str, Any], count: int) -> Path:
    """The replay with `count` short commands (500,000 make 8 MB, under the size limit)."""
    f = tmp_path / "long.json"
    f.write_text(json.dumps({**replay, "commands": [{"type": "Pass"}] * count}, separators=(",", ":")))
    return f


def _nothing_played(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a battle was set up for a replay that is too long")

    monkeypatch.setattr(game.running.match, "new_match", refuse)


def test_a_replay_over_the_limit_is_refused_by_replay_and_stats_before_playing(
    tmp_path: Path,
    replay: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    f = _too_long(tmp_path, replay, MAX_REPLAY_COMMANDS + 1)
    _nothing_played(monkeypatch)
    for command in ("replay", "stats"):
        assert main([command, str(f)]) == 2
        lines = capsys.readouterr().err.splitlines()
        assert lines == [
            f"error: {f}: commands: {MAX_REPLAY_COMMANDS + 1} commands, more than a replay or save may "
            f"hold ({MAX_REPLAY_COMMANDS})"
        ]


def test_a_save_over_the_limit_is_refused_by_load_and_the_replay_viewer(
    tmp_path: Path, replay: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.battle.replay import ReplayViewer

    f = _too_long(tmp_path, replay, 500_000)  # the 8 MB replay
    _nothing_played(monkeypatch)
    for opening in (lambda: load_game(f), lambda: ReplayViewer(f, (), (1280, 800))):
        with pytest.raises(UserError) as e:
            opening()
        assert str(e.value).startswith(f"{f}: commands: 500000 commands, more than a replay or save may hold")


def test_a_replay_at_the_limit_is_played(
    tmp_path: Path, replay: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(replay))
    n = len(replay["commands"])
    monkeypatch.setattr(game.running.match, "MAX_REPLAY_COMMANDS", n)
    m = load(f)
    assert len(m.commands) == n
    m.battle.close()
    monkeypatch.setattr(game.running.match, "MAX_REPLAY_COMMANDS", n - 1)
    with pytest.raises(UserError, match="more than a replay or save may hold"):
        load(f)

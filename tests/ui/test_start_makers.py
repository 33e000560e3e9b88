"""The start screen's ways to make battles (issue 26): New battle and Edit open the editor (on the
battle chosen), Random battle makes one of the seed typed, names it by its seed and starts it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game.ui.start_screen import Setup, StartScreen
from tests.ui.test_start_screen import name_of, press


def maker(screen: StartScreen, what: str) -> object:
    return next(b for b, w in screen.makers.items() if w == what)


def test_new_battle_and_edit_open_the_editor(window: pygame.Surface) -> None:
    setup = Setup(scenario="bailen")
    screen = StartScreen(window.get_size(), setup)
    assert press(screen, maker(screen, "new")) == "edit" and setup.edit == "scenario"
    assert screen.scenario.selected_option[0] == name_of(screen, "bailen")
    assert press(screen, maker(screen, "edit")) == "edit"
    assert isinstance(setup.edit, Path) and setup.edit.name == "bailen.toml"


def test_random_battle_is_made_from_the_seed_typed_and_started(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.running.match.user_data_dir", lambda: tmp_path)
    setup = Setup()
    screen = StartScreen(window.get_size(), setup)
    screen.seed.set_text("4242")
    assert press(screen, maker(screen, "random")) == "start"
    path = Path(setup.scenario)
    assert path == tmp_path / "battles" / "random-4242.toml" and setup.seed == 4242
    assert tomllib.loads(path.read_text(encoding="utf-8"))["name"] == "Random battle 4242"


@pytest.mark.parametrize("typed", ["-5", "9" * 30, "9" * 5000, "x"])
def test_a_seed_no_replay_could_keep_is_one(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    monkeypatch.setattr("game.running.match.user_data_dir", lambda: tmp_path)
    setup = Setup()
    screen = StartScreen(window.get_size(), setup)
    screen.seed.set_text(typed)
    assert press(screen, maker(screen, "random")) == "start"
    assert setup.seed == 1 and Path(setup.scenario).name == "random-1.toml"

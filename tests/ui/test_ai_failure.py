"""If the computer player raises in its worker thread, the player sees it in the window, the battle is
saved as a file that loads, and the window stays usable: the player takes over the side."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.battle import Battle, Decision
from game.match import load
from tests.ui.driver import frame, open_screen, settle


class Broken:
    def decide(self, b: Battle, d: Decision) -> object:
        raise ZeroDivisionError("the AI divided by zero")


def test_an_ai_that_raises_is_reported_saved_and_handed_to_the_player(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    screen = open_screen(window, a="heuristic", b="heuristic")
    side = screen.battle.pending.side  # type: ignore[union-attr]
    screen.players[side] = Broken()  # type: ignore[assignment]
    for _ in range(200):  # the worker thread reports back within a few frames
        frame(screen, window)
        if screen.alert:
            break
        time.sleep(0.005)
    assert screen.alert is not None and "ZeroDivisionError: the AI divided by zero" in screen.alert
    assert screen.thinking is None and screen.controllers[side] == "human"
    saves = sorted((tmp_path / "forglory" / "saves").glob("recovered-default-*.json"))
    reports = sorted((tmp_path / "forglory" / "saves").glob("crash-*.txt"))
    assert len(saves) == 1 and len(reports) == 1
    assert "ZeroDivisionError" in reports[0].read_text() and "Traceback" in reports[0].read_text()
    again = load(saves[0])
    assert again.commands == screen.match.commands and again.battle.pending == screen.battle.pending
    again.battle.close()
    settle(screen, window)  # the player now has the decision in hand: the window is usable
    assert screen.human_turn()
    pixel = window.get_at((int(screen.camera.view[0]) + 30, int(screen.camera.view[1]) + 20))
    assert (pixel.r, pixel.g, pixel.b) == (60, 20, 20)  # the alert box across the table
    screen.close()

"""If the computer player fails in its own process (it raises, or the process dies), the player sees
it in the window, the battle is saved as a file that loads, and the window stays usable: the player
takes over the side."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.running.match import load
from tests.ui.driver import frame, open_screen, settle


def fail_and_recover(window: pygame.Surface, tmp_path: Path, fail: str) -> tuple[str, str]:
    """Make the AI fail while it thinks; returns the alert and the crash report."""
    screen = open_screen(window, a="heuristic", b="heuristic")
    side = screen.battle.pending.side  # type: ignore[union-attr]
    frame(screen, window)  # the AI is asked
    assert screen.ai.thinking is not None and screen.ai.worker is not None
    if fail == "raise":
        screen.ai.worker.wait(30)
        screen.ai.worker.answer(screen.battle.stack.commands)  # its real answer, dropped
        screen.ai.worker.ask("no-such-side")  # the copy refuses a question it cannot answer: it raises
    else:
        if fail == "kill after answering":  # its answer waits in the pipe: applied, then told to a dead copy
            screen.ai.worker.wait(30)
        screen.ai.worker.kill()
    for _ in range(400):  # the failure comes back within a few frames
        frame(screen, window)
        if screen.alert:
            break
        time.sleep(0.01)
    assert screen.alert is not None
    assert screen.ai.thinking is None and screen.controllers[side] == "human"
    saves = sorted((tmp_path / "forglory" / "saves").glob("recovered-default-*.json"))
    reports = sorted((tmp_path / "forglory" / "saves").glob("crash-*.txt"))
    assert len(saves) == 1 and len(reports) == 1
    again = load(saves[0])
    assert again.commands == screen.match.commands and again.battle.pending == screen.battle.pending
    again.battle.close()
    settle(screen, window)  # the player now has the decision in hand: the window is usable
    assert screen.human_turn()
    table = screen.renderer.table_in_view(screen.camera)
    pixel = window.get_at((table.x + 30, table.y + 20))
    assert (pixel.r, pixel.g, pixel.b) == (60, 20, 20)  # the alert box across the table
    alert = screen.alert
    screen.close()
    return alert, reports[0].read_text()


def test_an_ai_that_raises_in_its_process_is_reported_saved_and_handed_to_the_player(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    alert, report = fail_and_recover(window, tmp_path, "raise")
    assert "AssertionError" in alert
    assert "Traceback" in report and "game/running/ai_process.py" in report  # the traceback from its process


@pytest.mark.parametrize("fail", ["kill", "kill after answering"])
def test_an_ai_process_that_dies_is_reported_saved_and_handed_to_the_player(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail: str
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    alert, report = fail_and_recover(window, tmp_path, fail)
    assert "ProcessEnded" in alert and "exit code -9" in alert
    assert "ProcessEnded" in report

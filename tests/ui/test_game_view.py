"""Both game screens (For Glory's battle, an Open Wars game) share game/ui/playing/game_view.py: the same
tooltips (a button's hint, a rule ID's title and text from the log), and a computer player that fails
in an Open Wars game is handled as in a battle (tests/ui/test_ai_failure.py): saved, told, handed over."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.playing.game_view import GameView
from tests.ui.driver import open_screen, settle
from tests.ui.test_open_wars_screen import hotseat


def _tip_at(v: GameView, window: pygame.Surface, pos: tuple[int, int], buttons: list) -> bool:
    v.mouse = pos
    before = window.copy()
    drawn = v.button_or_rule_tip(window, buttons)
    changed = pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(window, "RGB")
    assert drawn == changed  # True exactly when a box was drawn
    return drawn


def test_a_rule_id_in_either_screens_log_shows_its_rule(window: pygame.Surface) -> None:
    fg = open_screen(window)
    settle(fg, window)
    fg.draw(window)
    ow = hotseat(window)
    ow.draw(window)
    for v in (fg, ow):
        (rect, rid), *_ = v.log._spans
        assert _tip_at(v, window, rect.center, v.buttons), rid
        assert not _tip_at(v, window, (2, 700), v.buttons)  # the table's corner: nothing to tell
    fg.close()
    ow.close()


def test_a_greyed_button_says_why(window: pygame.Surface) -> None:
    ow = hotseat(window)
    ow.draw(window)
    rect, _choice = next((r, ch) for r, ch in ow.buttons if ch.hint and not ch.enabled)
    assert _tip_at(ow, window, rect.center, ow.buttons)
    assert not _tip_at(ow, window, rect.center, [(r, ch) for r, ch in ow.buttons if not ch.hint])
    ow.close()


def test_an_open_wars_ai_that_dies_is_saved_told_and_handed_to_the_player(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    m = new_match("ow-twin-fords", 2)
    sides = m.battle.sides
    screen = OpenWarsScreen(m, dict.fromkeys(sides, "heuristic"), window.get_size(), Settings())
    side = screen.campaign.pending.side  # type: ignore[union-attr]
    screen.update(0.05)  # the AI is asked
    assert screen.ai.thinking is not None and screen.ai.worker is not None
    screen.ai.worker.kill()
    for _ in range(400):  # the failure comes back within a few frames
        screen.update(0.05)
        if screen.alert:
            break
        time.sleep(0.01)
    assert screen.alert is not None and screen.names[side] in screen.alert
    assert screen.controllers[side] == "human" and side not in screen.ai.players
    assert len(list((tmp_path / "forglory" / "saves").glob("recovered-ow-twin-fords-*.json"))) == 1
    screen.draw(window)  # the window stays usable
    screen.close()

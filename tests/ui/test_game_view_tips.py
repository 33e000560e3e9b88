"""Both game screens (For Glory's battle, an Open Wars game) show the same tooltips from one place
(game/ui/game_view.py): a button's hint, and a rule ID's title and text from the log."""

from __future__ import annotations

import pygame

from game.ui.game_view import GameView
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

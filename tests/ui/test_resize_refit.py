"""Issue 38: after the window was resized the table kept its old scale (a small table in a large
window, or cut in a smaller one) until F fitted it; it is fitted to the new window at once."""

from __future__ import annotations

import pygame

from game.ui.battle.tutorial import TutorialScreen
from game.ui.drawing.camera import Camera
from tests.ui.driver import open_screen


def fitted(view: tuple[int, int, int, int], width: float, depth: float) -> Camera:
    cam = Camera(view)
    cam.fit(width, depth)
    return cam


def test_the_table_refits_when_the_window_is_resized(window: pygame.Surface) -> None:
    screen = open_screen(window)
    table = screen.battle.table
    try:
        for size in ((1920, 1080), (1280, 720)):
            screen.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))
            want = fitted(screen.camera.view, table.width, table.depth)
            assert (screen.camera.scale, screen.camera.x, screen.camera.y) == (want.scale, want.x, want.y)
    finally:
        screen.close()


def test_the_first_battle_refits_above_its_lesson(window: pygame.Surface) -> None:
    tutorial = TutorialScreen(window.get_size())
    sc = tutorial.screen
    try:
        tutorial.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080))
        want = fitted(sc.camera.view, sc.battle.table.width, sc.battle.table.depth)
        assert sc.camera.scale == want.scale > 0 and sc.reserved > 0
    finally:
        tutorial.close()

"""An Open Wars map's hover boxes (a location's, a stack's) stand over the map alone: a QA pass saw a
location's box cover the log beside the map. At 1280x720, on every card of the maps, each box is
inside the window, under the top bar, off the right panel (the choices and the log) and off the card
it is about."""

from __future__ import annotations

import pygame
import pytest

import game.ui.open_wars.panels as panels
from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.open_wars.screen import OpenWarsScreen


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("scenario", ["ow-three-crowns", "ow-four-winds", "ow-twin-fords"])
def test_a_map_hover_box_covers_neither_the_log_nor_the_top_bar(
    window720: pygame.Surface, scenario: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    boxes: list[pygame.Rect] = []
    real = panels.tooltip

    def drawn(*args: object, **kwargs: object) -> pygame.Rect:
        box = real(*args, **kwargs)  # type: ignore[arg-type]
        boxes.append(box)
        return box

    monkeypatch.setattr(panels, "tooltip", drawn)
    m = new_match(scenario, 2)
    screen = OpenWarsScreen(
        m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), Settings(language=language)
    )
    try:
        screen.draw(window720)  # the cards and their stacks laid out
        chips = [r for r, _stack in screen.view.chips]
        assert chips  # the stacks of the seats' starting armies are hovered too
        inner = [r.inflate(-6, -6) for r in screen.view.cards.values()]  # its corners, by its edges
        spots = [p for r in inner for p in (r.center, r.topright, r.bottomright, r.bottomleft)]
        for at in [*spots, *(r.center for r in chips)]:
            screen.mouse = at
            boxes.clear()
            screen.draw(window720)
            [box] = boxes
            loc = screen.view.card_at(screen.mouse)
            assert not box.colliderect(screen.log.rect) and not box.colliderect(screen.panel)
            assert window720.get_rect().contains(box) and box.top >= theme.TOP_BAR
            assert loc is None or not box.colliderect(screen.view.cards[loc])
    finally:
        screen.close()

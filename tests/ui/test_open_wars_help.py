"""Open Wars' F1 help hides the part of the map it covers: a location or stack under it gives no hover
box over the help's words; one outside it still does."""

from __future__ import annotations

import pygame
import pytest

import game.ui.open_wars.panels as panels
from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen


def test_the_help_covers_the_map_under_it(window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    m = new_match("ow-border-march", 2)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), Settings())
    shown: list[str] = []
    monkeypatch.setattr(panels, "tooltip", lambda surf, pos, title, *a, **k: shown.append(title))
    screen.help = True
    screen.draw(window)
    under = [loc for loc, card in screen.view.cards.items() if screen.help_box.collidepoint(card.center)]
    clear = [
        loc
        for loc, card in screen.view.cards.items()
        if not card.colliderect(screen.help_box) and screen.view.chip_at(card.center) is None
    ]
    assert under and clear
    screen.mouse = screen.view.cards[under[0]].center
    screen.draw(window)
    assert shown == []
    screen.mouse = screen.view.cards[clear[0]].center
    screen.draw(window)
    assert shown == [screen.words.locations[clear[0]]]
    screen.close()

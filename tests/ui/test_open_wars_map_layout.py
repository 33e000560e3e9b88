"""Every Open Wars map, laid out by hand or made at random (OW-LOC-1, OW-DEC-21), fits the default window:
the screen finds a card size at which no two location cards touch (the random maps' places are set on
a grid for it, systems/open_wars/generate.py)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import CONTENT
from game.running.match import new_match
from game.ui.drawing.map_cards import CARD_GAP
from game.ui.open_wars.screen import OpenWarsScreen

HAND_MADE = sorted(
    p.stem for p in (CONTENT / "scenarios" / "open-wars").glob("*.toml") if p.stem != "ow-random"
)
RANDOM = [{"players": n, "size": size} for n in (2, 3, 4) for size in ("small", "medium", "large")]


def touching(screen: OpenWarsScreen) -> list[tuple[str, str]]:
    cards = screen.view.cards
    return [
        (a, b)
        for a, b in itertools.combinations(cards, 2)
        if cards[a].inflate(CARD_GAP, CARD_GAP).colliderect(cards[b].inflate(CARD_GAP, CARD_GAP))
    ]


@pytest.mark.parametrize(
    ("scenario", "options"),
    [(s, None) for s in HAND_MADE] + [("ow-random", o) for o in RANDOM],
    ids=[*HAND_MADE, *(f"random-{o['players']}-{o['size']}" for o in RANDOM)],
)
def test_no_two_location_cards_touch_in_the_default_window(
    window: pygame.Surface, scenario: str, options: dict[str, object] | None
) -> None:
    m = new_match(scenario, 3, options=options)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), (1280, 720))
    assert len(screen.view.cards) == len(m.battle.locations)
    assert touching(screen) == []

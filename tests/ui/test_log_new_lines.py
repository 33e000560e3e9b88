"""The log scrolled up to read back keeps still as lines come (a tester's pass: a manual save's
"Saved: ..." went unseen, some 30 wheel notches below): its last row then says how many new lines
wait below, and End or a click on that row brings the newest back, on the battle, campaign and Open
Wars screens alike, in English and Spanish."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.running.match import new_match
from game.running.settings import Settings
from game.ui.battle.screen import BattleScreen
from game.ui.campaign.screen import CampaignScreen
from game.ui.open_wars.screen import OpenWarsScreen
from tests.ui.campaign_driver import open_war
from tests.ui.tour import recording

Screen = BattleScreen | CampaignScreen | OpenWarsScreen


def battle(window: pygame.Surface, language: str) -> Screen:
    m = new_match("default", 3)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    return BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings(language=language))


def open_wars(window: pygame.Surface, language: str) -> Screen:
    m = new_match("ow-twin-fords", 2)
    return OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), Settings(language))


def campaign(window: pygame.Surface, language: str) -> Screen:
    return open_war(window, language=language)


NEW = {"en": "3 new lines below: End or click to jump", "es": "3 líneas nuevas abajo: Fin o clic para ir"}


def read_back(screen: Screen, window: pygame.Surface) -> None:
    """Enough lines to scroll, the mouse over the log, the wheel turned up a notch."""
    for k in range(30):
        screen.log.add(f"an older line {k}")
    screen.draw(window)
    screen.mouse = screen.log.rect.center
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.log.rect.center, rel=(0, 0), buttons=()))
    screen.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert screen.log.scroll > 0


def newest_shown(screen: Screen, window: pygame.Surface) -> list[str]:
    with recording() as said:
        screen.draw(window)
    return said


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("make", [battle, campaign, open_wars])
def test_new_lines_below_are_said_and_end_or_a_click_brings_them(
    window720: pygame.Surface, make: Callable[[pygame.Surface, str], Screen], language: str
) -> None:
    screen = make(window720, language)
    try:
        read_back(screen, window720)
        for k in range(3):
            screen.log.add(f"Saved: save-{k}.json")
        said = newest_shown(screen, window720)
        assert NEW[language] in said and "Saved: save-2.json" not in said
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
        said = newest_shown(screen, window720)
        assert "Saved: save-2.json" in said and NEW[language] not in said
        read_back(screen, window720)
        screen.log.add("Saved: save-3.json")
        said = newest_shown(screen, window720)
        assert any(t.startswith(("1 new line below", "1 línea nueva abajo")) for t in said)
        row = pygame.Rect(screen.log.rect.x, screen.log.rect.bottom - 20, screen.log.rect.w, 10)
        screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
        assert "Saved: save-3.json" in newest_shown(screen, window720)
    finally:
        screen.close()

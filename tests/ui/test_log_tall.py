"""The log grows over the whole right panel to read the game back (a player's pass at 1280x720: six
rows of log under an empty panel): L or a click on its title's hint makes it tall and shows older
lines; while tall it takes the clicks on it, so no button under it is pressed unseen; L again, Esc or
the hint bring it back to its size; on the battle, campaign and Open Wars screens, in both languages."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from tests.ui.test_log_new_lines import Screen, battle, campaign, newest_shown, open_wars

HINT = {"en": ("[L] taller", "[L] shorter"), "es": ("[L] ampliar", "[L] reducir")}


def key(screen: Screen, k: int) -> None:
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=pygame.key.name(k)))


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("make", [battle, campaign, open_wars])
def test_l_makes_the_log_tall_over_the_panel_and_back(
    window720: pygame.Surface, make: Callable[[pygame.Surface, str], Screen], language: str
) -> None:
    screen = make(window720, language)
    taller, shorter = HINT[language]
    try:
        for k in range(40):
            screen.log.add(f"line {k:02}")
        said = newest_shown(screen, window720)
        assert taller in said and "line 39" in said
        short = max(int(t.removeprefix("line ")) for t in said if t.startswith("line ")) - min(
            int(t.removeprefix("line ")) for t in said if t.startswith("line ")
        )
        key(screen, pygame.K_l)
        said = newest_shown(screen, window720)
        shown = [int(t.removeprefix("line ")) for t in said if t.startswith("line ")]
        assert shorter in said and max(shown) == 39
        assert max(shown) - min(shown) >= 2 * short  # at least twice the rows it had
        assert screen.log.shown.h > 2 * screen.log.rect.h and screen.log.shown.top < screen.log.rect.top
        inside = screen.log.shown.midtop[0], screen.log.rect.top - 40  # over what it covers
        click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=inside, button=1)
        assert screen.log.handle(click, inside) and screen.log.tall  # taken: the screen goes no further
        key(screen, pygame.K_ESCAPE)
        assert not screen.log.tall and taller in newest_shown(screen, window720)
        hint = screen.log._hint
        screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hint.center, button=1))
        assert screen.log.tall
        key(screen, pygame.K_l)
        assert not screen.log.tall
    finally:
        screen.close()


def test_a_tall_log_covers_the_battle_buttons_and_a_click_there_presses_none(
    window720: pygame.Surface,
) -> None:
    screen = battle(window720, "en")
    try:
        screen.draw(window720)
        chip = next(rect for rect, b in screen.buttons if b.key == "overlay:ruler")
        key(screen, pygame.K_l)
        screen.draw(window720)
        screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1))
        assert "ruler" not in screen.overlays.on and screen.log.tall
        key(screen, pygame.K_l)
        screen.draw(window720)
        screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip.center, button=1))
        assert "ruler" in screen.overlays.on  # the same click, the log short: the chip is pressed
    finally:
        screen.close()

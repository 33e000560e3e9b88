"""Issue 40, item 5: the mods page, opened from the start screen's Mods button: a mod switched on there
plays when the page closes (the start screen made again with it); its problems shown under the list."""

from __future__ import annotations

import pygame
import pygame_gui

from game.content.locale import Texts
from game.content.mods import user_mods_dir
from game.ui.start.screen import Setup, StartScreen
from tests.mod_lab import GUERRILLAS, write_mod


def _click(screen: StartScreen, what: str, row: int = -1) -> str | None:
    page = screen.mods_page
    assert page is not None
    rect = next(r for r, w, i in page.buttons if w == what and i == row)
    return screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))


def test_a_mod_switched_on_in_the_page_plays_when_it_closes(window720: pygame.Surface) -> None:
    write_mod(user_mods_dir() / "guerrillas", GUERRILLAS)
    setup = Setup()
    screen = StartScreen((1280, 720), setup, t=Texts("es"))
    assert screen.mods_button.text == "Mods" and window720.get_rect().contains(screen.mods_button.rect)
    assert not screen.mods_button.rect.colliderect(screen.settings_button.rect)
    assert (
        screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.mods_button)) is None
    )
    screen.update(0.05)
    screen.draw(window720)
    assert _click(screen, "switch", 0) is None
    screen.update(0.05)
    screen.draw(window720)
    assert screen.mods_page is not None and screen.mods_page.mods.checked.ok
    assert _click(screen, "back") == "mods"  # the start screen made again, with the mod on
    assert screen.mods_page is None and [p.name for p in setup.mods] == ["guerrillas"]


def test_its_problems_are_shown_in_the_players_words(window720: pygame.Surface) -> None:
    write_mod(
        user_mods_dir() / "guerrillas",
        GUERRILLAS,
        ("rulesets/for-glory/modifiers.toml", None, "[combat.flanks]\nvalue = 1\n"),
    )
    screen = StartScreen((1280, 720), Setup(), t=Texts("es"))
    screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.mods_button))
    screen.update(0.05)
    screen.draw(window720)
    _click(screen, "switch", 0)
    page = screen.mods_page
    assert page is not None
    (line,) = page.mods.checked.problems
    assert "combat.flanks: unknown modifier 'flanks'" in line
    assert page._lines()[0][1].startswith("Problema: ")
    assert screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)) == "mods"

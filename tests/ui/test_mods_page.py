"""Issue 40, item 5: the mods page, opened from the start screen's Mods button: a mod switched on there
plays when the page closes (the start screen made again with it); its problems shown under the list."""

from __future__ import annotations

import pygame
import pygame_gui

from game.content.locale import Texts
from game.content.mods import user_mods_dir
from game.ui.start.screen import Setup, StartScreen
from tests.mod_lab import GUERRILLAS, write_mod


def _mods_page(window: pygame.Surface, language: str) -> StartScreen:
    """The start screen in `language` with its Mods page open and drawn."""
    screen = StartScreen((1280, 720), Setup(), t=Texts(language))
    screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.mods_button))
    screen.update(0.05)
    screen.draw(window)
    return screen


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
    screen = _mods_page(window720, "es")
    _click(screen, "switch", 0)
    page = screen.mods_page
    assert page is not None
    (line,) = page.mods.checked.problems
    assert "combat.flanks: unknown modifier 'flanks'" in line
    assert page._lines()[0][1].startswith("Problema: ")
    assert "modificador desconocido 'flanks'" in page._lines()[0][1]  # the check in the player's words
    assert screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)) == "mods"


def test_a_mod_is_shown_by_its_name_and_its_game_mode_s_its_id_small(window720: pygame.Surface) -> None:
    """Issue 40's leftover: the row said "Guerrillas 1.0.0 (guerrillas, for-glory)": ids where a player
    expects names."""
    write_mod(user_mods_dir() / "guerrillas", GUERRILLAS)
    write_mod(user_mods_dir() / "broken", {"mod.toml": 'id = "broken"\n'})
    for language in ("en", "es"):
        screen = _mods_page(window720, language)
        page = screen.mods_page
        assert page is not None
        i = next(n for n, row in enumerate(page.mods.rows) if row.mod is not None)
        assert page.row_words(i) == ("Guerrillas 1.0.0 (For Glory)", "id: guerrillas")
        broken = next(n for n, row in enumerate(page.mods.rows) if row.mod is None)
        said = page._said(page.mods.rows[broken].problem)
        assert said.endswith(
            "falta la clave: se esperaba un texto" if language == "es" else "expected a string"
        )


def test_a_battle_that_cannot_begin_is_said_with_its_spanish_names(window720: pygame.Surface) -> None:
    """The check's line was read back from its English: the Spanish page kept the scenario's English
    names of the side and the division with no room to deploy."""
    from tests.test_check_content import _cramped

    folder = _cramped(user_mods_dir())
    with (folder / "scenarios/starter-skirmish.toml").open("a", encoding="utf-8") as f:
        f.write('divisions = { es-2 = "División de Reding" }\n')  # [locale.es] is the file's last table
    screen = _mods_page(window720, "es")
    _click(screen, "switch", 0)
    page = screen.mods_page
    assert page is not None
    said = page._lines()[0][1]
    assert said.startswith("Problema: broken/scenarios/starter-skirmish.toml: sides[1].divisions[1]: ")
    assert "el bando «Españoles» no puede desplegar «División de Reding»: no hay sitio" in said

"""The rule modules by name and description in the player's language: the start screen's switches
say them from each module's locale ui.toml, whose English is the module's own fields word for word."""

from __future__ import annotations

import pygame
import pygame_gui

from game.content.locale import Texts
from game.content.module_records import module_words
from game.model.modules import modules
from game.ui.start.screen import Setup, StartScreen


def test_the_english_words_are_the_modules_own() -> None:
    for m in modules():
        assert module_words(m, "en") == (m.name, m.description), m.id


def test_every_optional_module_has_spanish_words() -> None:
    said = {m.id: module_words(m, "es") for m in modules() if m.id not in ("for-glory", "open-wars")}
    assert said["clash-command"][0] == "Mando de Clash of Spears"
    assert all(es != (m.name, m.description) for m in modules() if (es := said.get(m.id)) is not None)


def test_the_spanish_start_screen_names_the_modules_in_spanish(window: pygame.Surface) -> None:
    setup = Setup(modules=["dias-terrain"])
    screen = StartScreen(window.get_size(), setup, t=Texts("es"))
    labels = {mid: b.text for b, mid in screen.module_switches.items()}
    assert labels["dias-terrain"].startswith("[x] Terreno de Días de Gloria: el terreno cuesta según el arma")
    assert labels["clash-command"].startswith("[ ] Mando de Clash of Spears: las unidades se activan")
    (button,) = [b for b, mid in screen.module_switches.items() if mid == "clash-command"]
    screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    assert "clash-command" in setup.modules
    english = StartScreen(window.get_size(), Setup(), t=Texts("en"))
    assert any(b.text.startswith("[ ] Clash of Spears command: units") for b in english.module_switches)

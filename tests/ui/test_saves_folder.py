"""A tampered saves folder (links, a loop, a link out, a pipe, a folder, damaged and read-only files)
as the window meets it: the start screen's newest save to go on with and the save browser (from the
start screen and from the Esc menu) show the saves that load, say in one line what they left out, and
never crash."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.running.match import Match
from game.ui.start_screen import Setup, StartScreen
from tests.test_user_folders import odd_saves_folder
from tests.ui.driver import frame, key, menu_click, open_screen, settle
from tests.ui.tour import recording


@pytest.fixture
def odd(matches: list[Match], tmp_path: Path) -> Path:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "thesis.json").write_text("precious")
    _folder, real = odd_saves_folder(matches, victim)
    return real


def test_the_start_screen_lists_what_loads_and_says_what_it_left_out(
    window: pygame.Surface, odd: Path
) -> None:
    screen = StartScreen(window.get_size(), Setup())
    assert {p.name for p in screen.resumes.values()} <= {odd.name, "locked.json"}  # the newest that loads
    assert "not listed" in screen.problem and "files of the saves folder" in screen.problem
    screen.draw(window, 0.05)
    screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.saves_button))
    assert screen.saves is not None
    with recording() as drawn:
        screen.draw(window, 0.05)
    assert {s.path.name for s in screen.saves.saves} == {odd.name, "locked.json"}
    said = " ".join(drawn)
    assert "files of the saves folder not listed; the first:" in said and "not listed" in said


def test_the_load_list_of_the_esc_menu_says_what_it_left_out(window: pygame.Surface, odd: Path) -> None:
    screen = open_screen(window)
    settle(screen, window)
    key(pygame.K_ESCAPE)
    frame(screen, window)
    assert menu_click(screen, window, "load") is None and screen.menu == "load"
    assert screen.browser is not None
    with recording() as drawn:
        screen.draw(window)
    assert {s.path.name for s in screen.browser.saves} == {odd.name, "locked.json"}
    assert len(screen.browser.skipped) == 10  # six links, a folder, a pipe, two damaged files
    assert any("files of the saves folder not listed" in text for text in drawn)
    screen.close()

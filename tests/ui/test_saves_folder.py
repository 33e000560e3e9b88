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
from game.ui.start.screen import Setup, StartScreen
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
    assert screen.problem.startswith("10 files not listed; the first: ")
    screen.update(0.05)
    screen.draw(window)
    screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.saves_button))
    assert screen.saves is not None
    with recording() as drawn:
        screen.update(0.05)
        screen.draw(window)
    assert {s.path.name for s in screen.saves.saves} == {odd.name, "locked.json"}
    said = " ".join(drawn)
    assert "files not listed; the first:" in said


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
    assert any("files not listed; the first: " in text for text in drawn)
    screen.close()


def test_a_damaged_save_is_said_by_its_name_in_the_players_language(
    window720: pygame.Surface, matches: list[Match]
) -> None:
    """A damaged file in the saves folder: the line said "/home/.../forglory/saves/x.json: not a saved
    battle: not listed", English words on a Spanish screen, its end (the file's name, the reason) cut
    off at the start screen's edge. It names the file and gives the reason in the player's words."""
    from game.content.locale import Texts
    from game.running.saves import saves_dir

    saves_dir().mkdir(parents=True)
    (saves_dir() / "save-truncated.json").write_text('{"format": "forglory-replay", "comm')
    for language, why in (("en", "damaged, or not a save"), ("es", "dañado, o no es una partida")):
        screen = StartScreen(window720.get_size(), Setup(), t=Texts(language))
        assert screen.problem.endswith(f"save-truncated.json ({why})"), screen.problem
        assert str(saves_dir()) not in screen.problem and "not listed" not in screen.problem.split(":")[-1]
        shown = screen.problem_label.text
        assert (
            shown == screen.problem
            and screen.problem_label.font.size(shown)[0] <= screen.problem_label.rect.w
        )
        screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.saves_button))
        with recording() as drawn:
            screen.update(0.05)
            screen.draw(window720)
        assert any(text.endswith(f"({why})") for text in drawn)
        assert language == "en" or not any("not a saved battle" in text for text in drawn)

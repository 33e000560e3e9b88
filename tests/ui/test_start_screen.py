"""The start screen: choosing a battle, and coming back to it after one (the scenario list used to
crash then: the setup held the scenario's path while the list looked it up by id)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import CONTENT
from game.ui.start.screen import Setup, StartScreen


def press(screen: StartScreen, element: object) -> str | None:
    ev = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)
    return screen.handle(ev)


def name_of(screen: StartScreen, scenario_id: str) -> str:
    return next(name for name, sc in screen.scenarios.items() if sc.id == scenario_id)


def open_list(screen: StartScreen, surf: pygame.Surface) -> None:
    """Click the scenario list open and draw it, as a player does."""
    centre = screen.scenario.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle(pygame.event.Event(kind, pos=centre, button=1))
    screen.update(0.05)
    screen.draw(surf)
    screen.update(0.05)
    screen.draw(surf)


def test_back_to_the_start_screen_after_a_battle(window: pygame.Surface) -> None:
    setup = Setup(scenario="bailen")
    first = StartScreen(window.get_size(), setup)
    assert first.scenario.selected_option[0] == name_of(first, "bailen")
    assert press(first, first.start) == "start"
    assert setup.scenario == "bailen"  # an id, found again below
    again = StartScreen(window.get_size(), setup)  # what the window does after the battle
    open_list(again, window)
    assert again.scenario.selected_option[0] == name_of(again, "bailen")
    assert press(again, again.start) == "start" and setup.scenario == "bailen"


def test_a_scenario_given_by_path_is_chosen(window: pygame.Surface) -> None:
    setup = Setup(scenario=str(CONTENT / "scenarios" / "river-crossing.toml"))
    screen = StartScreen(window.get_size(), setup)
    assert screen.scenario.selected_option[0] == name_of(screen, "river-crossing")
    open_list(screen, window)


def test_an_unknown_scenario_falls_back_to_the_first(window: pygame.Surface) -> None:
    screen = StartScreen(window.get_size(), Setup(scenario="no-such-battle"))
    assert screen.scenario.selected_option[0] == next(iter(screen.scenarios))
    open_list(screen, window)


def test_the_start_screen_in_spanish(window: pygame.Surface) -> None:
    from game.content.locale import Texts

    screen = StartScreen(window.get_size(), Setup(), t=Texts("es"))
    assert screen.start.text == "Empezar la batalla" and screen.quit.text == "Salir"
    assert "IA (heurística)" in screen.players and screen.players["Humano"] == "human"
    assert press(screen, screen.start) == "start" and screen.setup.a == "human"
    screen.update(0.05)
    screen.draw(window)


def test_lang_chooses_the_language_of_the_screens(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import game.ui.app
    from game.cli.entry import main

    seen = {}
    monkeypatch.setattr(game.ui.app, "run", lambda setup, **_: seen.setdefault("setup", setup) and 0)
    assert main(["play", "--lang", "es"]) == 0 and seen["setup"].language == "es"
    assert main(["play", "--lang", "xx"]) == 2


def test_a_long_problem_is_cut_at_the_lines_width_with_an_ellipsis(window: pygame.Surface) -> None:
    """A save that will not open was said cut at 90 characters, still 21 pixels wider than its line in
    Spanish: pygame-gui drew it clipped (and warned). Now cut at the line's width in its own font."""
    from game.content.locale import Texts

    long = "No se ha cargado: save-default-20261129-041714-r1.json: " + "sus órdenes están dañadas " * 6
    screen = StartScreen(window.get_size(), Setup(), long, Texts("es"))
    label = screen.problem_label
    shown = label.text
    assert shown.endswith("…") and shown.startswith("No se ha cargado: save-default")
    assert label.font.size(shown)[0] <= label.relative_rect.width


def test_a_battle_file_of_its_own_given_by_path_is_listed_chosen_and_played(
    window: pygame.Surface, tmp_path: Path
) -> None:
    """Session 25: `generate --out x.toml` says "play it with `play --scenario x.toml`", which opened the
    start screen on La Albuera, the first of the list, and started it: a file outside the game's and the
    battles folder was never listed. It is now listed, chosen, and its battle is the one started."""
    from game.ui.opening import open_battle

    made = tmp_path / "mine.toml"
    text = (CONTENT / "scenarios" / "default.toml").read_text(encoding="utf-8")
    made.write_text(text.replace('id = "default"', 'id = "mine"', 1), encoding="utf-8")
    setup = Setup(scenario=str(made))
    screen = StartScreen(window.get_size(), setup)
    assert screen.scenarios[screen.scenario.selected_option[0]].id == "mine"
    assert press(screen, screen.start) == "start" and setup.scenario == str(made)
    battle = open_battle(setup, window.get_size())
    assert battle.match.scenario.id == "mine"
    battle.close()

    broken = tmp_path / "broken.toml"
    broken.write_text('id = "broken"\ntable = "wide"\n', encoding="utf-8")
    screen = StartScreen(window.get_size(), Setup(scenario=str(broken)))
    assert "broken.toml" in screen.problem  # why it is not there, rather than another battle silently


def test_play_refuses_an_id_no_folder_holds_before_the_window_opens(
    window: pygame.Surface,
    data_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Session 31: `play --scenario quick` (the game's id is quick-battle) opened the start screen on La
    Albuera, the first of the list, without a word. An id that neither the game, a mod nor the window's
    battles folder holds is refused in one line before the window opens, as `simulate` refuses it; the
    ids they hold open the start screen on their battle."""
    import game.ui.app
    from game.cli.entry import main

    seen: dict[str, Setup] = {}
    monkeypatch.setattr(game.ui.app, "run", lambda setup, **_: seen.setdefault("setup", setup) and 0)
    assert main(["play", "--scenario", "quick"]) == 2
    said = "quick: no battle or map of this id in the game or the mods loaded (the scenarios command lists"
    assert capfd.readouterr().err == f"error: {said} them)\n" and not seen
    assert main(["play", "--scenario", "quick-battle"]) == 0 and seen.pop("setup").scenario == "quick-battle"
    made = data_home / "forglory" / "battles" / "random-7.toml"  # a random battle the window made
    made.parent.mkdir(parents=True)
    text = (CONTENT / "scenarios" / "default.toml").read_text(encoding="utf-8")
    made.write_text(text.replace('id = "default"', 'id = "random-7"', 1), encoding="utf-8")
    assert main(["play", "--scenario", "random-7"]) == 0
    screen = StartScreen(window.get_size(), seen["setup"])
    assert screen.scenarios[screen.scenario.selected_option[0]].id == "random-7"

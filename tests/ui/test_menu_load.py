"""Loading a saved battle from the battle's Esc menu: the save browser (newest first, scrolling), the
question before leaving a battle in progress, the chosen save opened at its decision, and a damaged
save said in one line while the battle goes on."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.running.saves import saves_dir
from game.running.settings import Settings
from game.ui.battle.screen import BattleScreen
from game.ui.opening import switch_to_save
from game.ui.start.screen import Setup
from game.ui.widgets.load_list import scenario_words
from tests.ui.driver import answer_until, frame, hover, key, menu_click, open_screen, pick_save, settle


def one_command(screen: BattleScreen, surf: pygame.Surface) -> None:
    """Answer the decision in hand, so that the battle has something to lose."""
    settle(screen, surf)
    screen._button(next(b.key for b in screen.human.buttons() if b.enabled))
    assert screen.match.commands


def saved_battle(surf: pygame.Surface) -> tuple[Path, BattleScreen]:
    """A battle played into its activations and saved (its screen still open); its autosaves are
    removed, so that this save is the only one."""
    screen = open_screen(surf, a="human", b="human", seed=5)
    answer_until(screen, surf, "activate")
    assert screen.save()
    for auto in saves_dir().glob("autosave-*.json"):
        auto.unlink()
    (path,) = saves_dir().glob("save-*.json")
    return path, screen


def open_load_list(screen: BattleScreen, surf: pygame.Surface) -> None:
    key(pygame.K_ESCAPE)
    frame(screen, surf)
    assert menu_click(screen, surf, "load") is None and screen.menu == "load" and screen.browser
    screen.draw(surf)


def test_the_menu_offers_load_and_the_rules_reference(window: pygame.Surface) -> None:
    screen = open_screen(window)
    settle(screen, window)
    key(pygame.K_ESCAPE)
    frame(screen, window)
    keys = [k for _r, k in screen.menu_buttons]
    assert keys == ["resume", "save", "load", "settings", "rules", "end", "quit"]
    screen.close()


def test_load_opens_the_chosen_save_at_the_same_decision(window: pygame.Surface) -> None:
    path, played = saved_battle(window)
    commands, pending = list(played.match.commands), played.battle.pending
    played.close()
    screen = open_screen(window)  # another battle, in progress
    one_command(screen, window)
    open_load_list(screen, window)
    names = {sid: words.name for sid, words in scenario_words(screen.match.rules, "en").items()}
    browser = screen.browser
    assert browser.title(browser.saves[0]) == names["default"]
    assert browser.detail(browser.saves[0]).startswith("round 1  ·  French (Human) v Spanish (Human)")
    assert pick_save(screen, window, 0) is None and screen.menu == "load-ask"  # save it first?
    assert menu_click(screen, window, "load") is None and screen.menu == "load"  # Cancel: the saves again
    pick_save(screen, window, 0)
    assert menu_click(screen, window, "load-now") == "load" and screen.to_load == path
    opened = switch_to_save(screen, Setup(), window.get_size(), Settings())
    assert isinstance(opened, BattleScreen) and opened is not screen
    assert opened.match.commands == commands and opened.battle.pending == pending
    assert len(list(saves_dir().glob("save-*.json"))) == 1  # loaded without saving the other
    opened.draw(window)
    opened.close()


def test_save_then_load_keeps_the_battle_left(window: pygame.Surface) -> None:
    path, played = saved_battle(window)
    played.close()
    screen = open_screen(window)
    one_command(screen, window)
    open_load_list(screen, window)
    pick_save(screen, window, 0)
    assert menu_click(screen, window, "save-load") == "load" and screen.to_load == path
    assert len(list(saves_dir().glob("save-*.json"))) == 2
    screen.close()


def test_many_saves_scroll_newest_first(window: pygame.Surface) -> None:
    path, played = saved_battle(window)
    played.close()
    data = json.loads(path.read_text())
    copies = [path.with_name(f"save-default-2026010{n}-r1.json") for n in range(14)]
    for n, copy in enumerate(copies):  # saved a minute apart, the last copy the newest
        copy.write_text(json.dumps({**data, "saved": f"2099-01-01 10:{n:02d}"}))
    os.utime(path, (1, 1))
    screen = open_screen(window)
    settle(screen, window)
    open_load_list(screen, window)
    browser = screen.browser
    assert [s.path for s in browser.saves] == [*reversed(copies), path]
    assert browser.shown < len(browser.saves)  # more than fit: the list scrolls
    key(pygame.K_END)
    frame(screen, window)
    assert browser.selected == len(copies) and browser.top > 0  # the oldest, brought into view
    assert pick_save(screen, window, len(copies)) == "load"  # nothing at stake: no question
    assert screen.to_load == path
    screen.close()


def test_a_damaged_save_is_one_line_and_the_battle_goes_on(window: pygame.Surface) -> None:
    saves_dir().mkdir(parents=True)
    bad = saves_dir() / "save-default-20260101-000000-r3.json"
    bad.write_text(json.dumps({"scenario": {"id": "default"}, "round": 3}))  # listed, but not a save
    screen = open_screen(window)
    one_command(screen, window)
    pending = screen.battle.pending
    open_load_list(screen, window)
    pick_save(screen, window, 0)
    assert menu_click(screen, window, "load-now") == "load"
    again = switch_to_save(screen, Setup(), window.get_size(), Settings())
    assert again is screen and screen.battle.pending is pending
    assert screen.alert is not None and screen.alert.startswith("Not loaded: ")
    assert bad.name in screen.alert and "\n" not in screen.alert
    frame(screen, window)  # the battle goes on
    screen.close()


def test_no_saves_says_so(window: pygame.Surface) -> None:
    screen = open_screen(window)
    settle(screen, window)
    open_load_list(screen, window)
    assert screen.browser.saves == [] and screen.browser._question_line() == "No saved battles yet"
    key(pygame.K_ESCAPE)
    frame(screen, window)
    assert screen.menu == "menu"  # back to the menu
    screen.close()


def test_a_save_refused_halfway_leaves_the_battle_drawable(window: pygame.Surface) -> None:
    """A save whose battle is built and then refuses a command (an order for a division it does not
    have) is said in one line, and the battle in progress goes on: the mouse over its units (the hover
    box reads them) no longer reads the refused battle's world (a KeyError ended the game)."""
    path, played = saved_battle(window)
    played.close()
    data = json.loads(path.read_text())
    data["commands"][0]["division"] = "no-such-division"
    path.write_text(json.dumps(data))
    screen = open_screen(window)
    one_command(screen, window)
    pose = screen.battle.pose(next(screen.battle.units()))
    open_load_list(screen, window)
    pick_save(screen, window, 0)
    assert menu_click(screen, window, "load-now") == "load"
    assert switch_to_save(screen, Setup(), window.get_size(), Settings()) is screen
    why = "damaged or edited: they do not replay the saved battle"  # the reason first, then the file
    assert screen.alert == f"Not loaded: {why} ({path.name})", screen.alert
    hover(screen.camera.to_screen((pose.x, pose.y)))
    frame(screen, window)  # the battle goes on, its hover box drawn
    screen.close()


def test_a_save_refused_from_the_start_screen_is_said_by_its_name(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Continue on a save that will not open: the start screen said the whole path of the saves folder
    first, so that the reason fell past its edge, and without saying a save was not loaded; and (issue
    38's pass) said why in English on a Spanish screen."""
    import pygame_gui

    from game.content.locale import Texts
    from game.ui import app, opening
    from game.ui.start.screen import StartScreen
    from game.ui.stopping import Stopping

    path, played = saved_battle(window720)
    played.close()
    data = json.loads(path.read_text())
    data["commands"][0]["division"] = "no-such-division"
    path.write_text(json.dumps(data))
    setup = Setup()
    said: list[str] = []

    class Start(StartScreen):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            said.append(self.problem)

    monkeypatch.setattr(opening, "StartScreen", Start)  # the start screen the loop opens again
    start = Start(window720.get_size(), setup, "", Texts("es"))
    (button,) = start.resumes
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    settings = Settings(language="es")
    assert app._loop(setup, window720, start, None, None, None, settings, Stopping(), 3, None) == 0
    problem = said[-1]
    # why in the player's words, not the check's English ("commands: damaged or edited: they ...")
    why = "sus órdenes están dañadas o editadas: no reproducen la batalla guardada"
    assert problem == f"No se ha cargado: {why} ({path.name})", problem  # a line cut keeps the reason
    assert str(path.parent) not in problem


def test_a_save_is_watched_again_from_the_start_screen(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replay viewer was reached only by `play --replay FILE`: a player who saved a battle could
    not watch it again from the window. The start screen's save browser offers Watch it (W) for a
    For Glory battle (not for an Open Wars game, which the viewer does not show); Esc goes back to
    the start screen."""
    import pygame_gui

    from game.content.locale import Texts
    from game.ui import app, opening
    from game.ui.battle.replay import ReplayViewer
    from game.ui.start.screen import StartScreen
    from game.ui.stopping import Stopping
    from game.ui.widgets.save_browser import SaveBrowser, Scenario

    path, played = saved_battle(window720)
    commands = list(played.match.commands)
    played.close()
    watched: list[ReplayViewer] = []

    class Viewer(ReplayViewer):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            watched.append(self)

    monkeypatch.setattr(opening, "ReplayViewer", Viewer)
    setup = Setup()
    start = StartScreen(window720.get_size(), setup, "", Texts("en"))
    start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.saves_button))
    assert start.saves is not None and "watch" in start.saves._button_keys()
    for ev in (
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""),
        pygame.event.Event(pygame.QUIT),
    ):
        pygame.event.post(ev)
    assert app._loop(setup, window720, start, None, None, None, Settings(), Stopping(), 3, None) == 0
    (viewer,) = watched
    assert viewer.commands == commands and viewer.cursor == 0 and setup.replay is None
    as_a_map = SaveBrowser(Texts("en"), {"default": Scenario("a map", {}, turns=True)}, {}, figures=True)
    assert as_a_map.current is not None and as_a_map.current.path == path
    chosen = as_a_map.press("watch")  # an Open Wars game has its own viewer (issue 37)
    assert chosen is not None and chosen.what == "watch" and chosen.path == path

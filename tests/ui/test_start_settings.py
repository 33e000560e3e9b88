"""Issue 38, the start screen: Settings there (language, window size, palette, interface size, thinking
time were only in a battle's Esc menu), the same page as in battle; its choices remembered across
restarts (the battle or map, who plays each seat, the rule modules); laid out for 1920x1080 as for
1280x720 (not a small block in the middle); Continue offers the player's own last battle, never a demo
between computer players; the scenario's forces first in its box (they were hidden behind a scrollbar)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

import game.ui.app as app
from game.cli.entry import main
from game.content.locale import Texts
from game.running.match import new_match
from game.running.saves import save_game
from game.running.settings import Settings, load_settings, next_window
from game.ui.playing.settings_menu import SETTINGS
from game.ui.start.screen import StartScreen
from game.ui.start.setup import Setup


def press(screen: StartScreen, element: object) -> str | None:
    return screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))


def click(screen: StartScreen, surf: pygame.Surface, key: str) -> str | None:
    """A click on an entry of the Settings page, laid out as it is drawn."""
    screen.update(0.05)
    screen.draw(surf)
    assert screen.page is not None
    rect = next(r for r, k in screen.page.buttons if k == key)
    return screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))


def test_settings_on_the_start_screen_is_the_battle_s_page(window: pygame.Surface) -> None:
    settings = Settings()
    screen = StartScreen(window.get_size(), Setup(), settings=settings)
    assert screen.page is None and press(screen, screen.settings_button) is None and screen.page is not None
    screen.update(0.05)
    screen.draw(window)
    assert [k for _r, k in screen.page.buttons] == [k for k, _label in SETTINGS]
    assert click(screen, window, "colour-blind") is None and settings.colour_blind  # kept, nothing to redo
    assert click(screen, window, "ai-think") is None and settings.ai_think == 2.0
    assert click(screen, window, "language") == "again" and settings.language == "es"  # words made again
    assert click(screen, window, "window") == "window"  # the window made again, at its new size
    assert click(screen, window, "menu") is None and screen.page is None  # Back
    press(screen, screen.settings_button)
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert screen.page is None


def playing(
    monkeypatch: pytest.MonkeyPatch, steps: list[Callable[[StartScreen, pygame.Surface], object]], *argv: str
) -> list[StartScreen]:
    """`play` (with `argv`), each frame's events made by the next step from
    the start screen shown (a step's events, or None for none); the window closed after the last.
    Returns the start screens the window made."""
    made: list[StartScreen] = []
    real_start, real_get = app.start_screen, pygame.event.get

    def start_screen(*args: object, **kw: object) -> StartScreen:
        made.append(real_start(*args, **kw))  # type: ignore[arg-type]
        return made[-1]

    script: Iterator[Callable[[StartScreen, pygame.Surface], object]] = iter(steps)

    def events(*args: object, **kw: object) -> list[pygame.event.Event]:
        real_get()
        step = next(script, None)
        if step is None:
            return [pygame.event.Event(pygame.QUIT)]
        got = step(made[-1], pygame.display.get_surface())
        return got if isinstance(got, list) else []

    monkeypatch.setattr(app, "start_screen", start_screen)
    monkeypatch.setattr(pygame.event, "get", events)
    assert main(["play", *argv]) == 0
    return made


def on_page(key: str) -> Callable[[StartScreen, pygame.Surface], list[pygame.event.Event]]:
    def step(screen: StartScreen, surf: pygame.Surface) -> list[pygame.event.Event]:
        assert screen.page is not None and screen.page.buttons, "the page is drawn"
        rect = next(r for r, k in screen.page.buttons if k == key)
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)]

    return step


def test_the_window_shows_at_once_what_settings_changes_and_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])

    def settings_button(screen: StartScreen, _surf: pygame.Surface) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.settings_button)]

    made = playing(monkeypatch, [settings_button, lambda s, f: None, on_page("language"), lambda s, f: None,
                                 on_page("window"), lambda s, f: None])  # fmt: skip
    first, spanish, larger = made
    assert (
        first.t.language == "en" and spanish.t.language == "es" and spanish.start.text == "Empezar la batalla"
    )
    assert spanish.page is not None and larger.page is not None  # Settings stays open where it was
    assert larger.manager.window_resolution == next_window((1280, 800), (1920, 1080))
    kept, _problems = load_settings()
    assert kept.language == "es" and kept.window == next_window((1280, 800), (1920, 1080))


def test_a_window_resized_keeps_settings_open(monkeypatch: pytest.MonkeyPatch) -> None:
    def settings_button(screen: StartScreen, _surf: pygame.Surface) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.settings_button)]

    def resized(_screen: StartScreen, _surf: pygame.Surface) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900)]

    made = playing(monkeypatch, [settings_button, lambda s, f: None, resized, lambda s, f: None])
    assert made[-1].manager.window_resolution == (1600, 900) and made[-1].page is not None


def test_the_start_screen_s_choices_are_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    def choose(screen: StartScreen, _surf: pygame.Surface) -> list[pygame.event.Event]:
        name = next(n for n, sc in screen.scenarios.items() if sc.id == "bailen")
        hard = next(shown for shown, who in screen.players.items() if who == "hard")
        screen.scenario.selected_option, screen.side_a.selected_option = (name, name), (hard, hard)
        return [
            pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=screen.scenario, text=name),
            pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=screen.side_a, text=hard),
        ]

    def switch(screen: StartScreen, _surf: pygame.Surface) -> list[pygame.event.Event]:
        (module,) = [b for b, mid in screen.module_switches.items() if mid == "warhammer-charges"]
        return [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=module)]

    playing(monkeypatch, [lambda s, f: None, choose, switch, lambda s, f: None])  # then the window closed
    (again,) = playing(monkeypatch, [lambda s, f: None])  # the next session
    chosen = again.scenarios[again.scenario.selected_option[0]]
    assert chosen.id == "bailen" and again.seats.controllers() == ["hard", "normal"]
    assert again.setup.modules == ["warhammer-charges"]
    (given,) = playing(monkeypatch, [lambda s, f: None], "--scenario", "default")  # the command line's own
    assert given.scenarios[given.scenario.selected_option[0]].id == "default"
    assert given.seats.controllers() == ["human", "normal"] and given.setup.modules == []


def test_a_damaged_remembered_choice_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"scenario": "../../etc/passwd", "seats": ["human", "god"], "modules": ["A B"]}')
    s, problems = load_settings(path)
    assert (s.scenario, s.seats, s.modules) == ("", (), ()) and len(problems) == 3
    path.write_text(
        '{"scenario": "bailen", "seats": ["human", "hard", "easy"], "modules": ["clash-command"]}'
    )
    s, problems = load_settings(path)
    assert (s.scenario, s.seats, s.modules) == ("bailen", ("human", "hard", "easy"), ("clash-command",))
    assert problems == []
    made = str(tmp_path / "battles" / "random-7.toml")  # a battle the window made, by its path
    path.write_text(json.dumps({"scenario": made}))
    assert load_settings(path) == (Settings(scenario=made), [])


def test_continue_offers_the_player_s_own_battle(window: pygame.Surface) -> None:
    own = new_match("bailen", 2)
    demo = new_match("talavera", 2)
    try:
        sides = own.battle.game.sides  # type: ignore[union-attr]
        mine = save_game(own, {sides[0]: "human", sides[1]: "hard"})
        watched = save_game(demo, dict.fromkeys(demo.battle.game.sides, "hard"), autosave=True)  # type: ignore[union-attr]
        later = os.stat(mine).st_mtime + 60
        os.utime(watched, (later, later))  # the demo's is the newer
    finally:
        own.battle.close()
        demo.battle.close()
    screen = StartScreen(window.get_size(), Setup())
    assert list(screen.resumes.values()) == [mine]
    assert "Bail" in next(iter(screen.resumes)).text


def test_the_start_screen_uses_the_room_at_1920x1080(window: pygame.Surface) -> None:
    """At 1280x720 the page fills the window; at 1920x1080 the same page, larger, as filled."""
    spans = {}
    for size in ((1280, 720), (1920, 1080)):
        surf = pygame.display.set_mode(size)
        screen = StartScreen(size, Setup(), t=Texts("es"))
        screen.update(0.05)
        screen.draw(surf)
        rects = [e.rect for e in screen.manager.get_root_container().elements]
        left, right = min(r.left for r in rects), max(r.right for r in rects)
        bottom = max(r.bottom for r in rects if r is not screen.options.rect)
        spans[size] = ((right - left) / size[0], bottom / size[1], screen.start.rect.h)
    (w720, h720, button720), (w1080, h1080, button1080) = spans[(1280, 720)], spans[(1920, 1080)]
    assert w1080 == pytest.approx(w720, abs=0.02) and w1080 > 0.9
    assert h1080 == pytest.approx(h720, abs=0.03)
    assert button1080 == round(button720 * 1.5)  # and its words grow with it (pygame-gui's theme)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_forces_come_before_the_story(window720: pygame.Surface, language: str) -> None:
    screen = StartScreen(window720.get_size(), Setup(), t=Texts(language))
    for name in screen.scenarios:
        screen.show_about(name)
        lines = screen.about.html_text.split("<br>")
        assert lines[1].startswith("<i>"), name  # under the title, before the description


def test_the_lobby_grows_with_the_window_as_the_start_screen(window: pygame.Surface) -> None:
    from game.ui.start.lobby import WIDTH, Lobby

    for size, k in (((1280, 720), 1.0), ((1920, 1080), 1.5)):
        surf = pygame.display.set_mode(size)
        lobby = Lobby(size, Setup(), "by-file", Texts("es"))
        try:
            lobby.update(0.05)
            lobby.draw(surf)
            assert lobby.about.rect.w == round(WIDTH * k) and lobby.back.rect.h == round(40 * k)
            assert lobby.about.rect.centerx == size[0] // 2
        finally:
            lobby.close()

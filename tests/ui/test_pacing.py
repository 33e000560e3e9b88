"""A window that rests (issue 38, item 5): a still picture is drawn once, then the loop draws no new
frame until an input, an animation, news (the AI's answer, the other machine, a file) or a timer (a
caret's blink, a tooltip's delay) changes what it shows; an input is drawn in the next frame. The
loop's decision (game/ui/pacing.py), what each screen says of itself, and the window's loop itself,
headless. The CPU it saves is measured in bench/idle.py."""

from __future__ import annotations

import time
from collections.abc import Hashable

import pygame
import pytest

from game.content.locale import Texts
from game.net.said import Said
from game.ui.battle.end_screen import EndScreen
from game.ui.pacing import AWAKE, TICK, Pacer
from game.ui.start.lobby import Lobby
from game.ui.start.screen import Setup, StartScreen
from tests.ui.driver import open_screen, settle

T0 = 1000.0  # the pacer's clock in the tests below: any monotonic time


class Still:
    """A screen with nothing to do."""

    def __init__(self) -> None:
        self.news = 0

    def pace(self) -> float | None:
        return None

    def stamp(self) -> Hashable:
        return self.news


class Timed(Still):
    def __init__(self, due: float) -> None:
        super().__init__()
        self.due = due

    def pace(self) -> float | None:
        return self.due


def drawn(pacer: Pacer, screen: object, start: float, seconds: float, step: float = 1 / 60) -> int:
    """Frames the pacer draws of a screen asked every `step` seconds for `seconds`."""
    return sum(pacer.draws(start + i * step, screen) for i in range(round(seconds / step)))


def test_a_screen_with_nothing_to_do_draws_no_new_frame(window: pygame.Surface) -> None:
    pacer, still = Pacer(), Still()
    assert pacer.draws(T0, still)  # the first frame is drawn
    assert drawn(pacer, still, T0 + 0.01, 5.0) == 0
    assert pacer.wait(T0 + 5) == TICK  # the loop waits for an event, updating at ticks


def test_an_event_is_drawn_in_the_next_frame_and_a_few_after(window: pygame.Surface) -> None:
    pacer, still = Pacer(), Still()
    pacer.draws(T0, still)
    pacer.saw(T0 + 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))])
    assert pacer.wait(T0 + 1) == 0
    assert pacer.draws(T0 + 1 + 1 / 60, still)
    assert drawn(pacer, still, T0 + 1, AWAKE) == round(AWAKE * 60)
    assert drawn(pacer, still, T0 + 1 + AWAKE, 2.0) == 0
    pacer.saw(T0 + 4, [])  # no event: still at rest
    assert not pacer.draws(T0 + 4, still)


def test_news_draws_one_frame(window: pygame.Surface) -> None:
    """What an update changes without an event (the AI's answer, the network's line) is drawn once."""
    pacer, still = Pacer(), Still()
    pacer.draws(T0, still)
    still.news += 1
    assert pacer.draws(T0 + 1, still)
    assert not pacer.draws(T0 + 1.1, still)


def test_a_screen_that_does_not_say_is_drawn_every_frame(window: pygame.Surface) -> None:
    """One that forgets errs on the side of drawing."""
    pacer = Pacer()
    assert drawn(pacer, object(), T0, 1.0) == 60
    assert pacer.wait(T0 + 1) == 0


def test_a_timer_wakes_the_loop_when_it_falls_due(window: pygame.Surface) -> None:
    pacer, timed = Pacer(), Timed(0.04)
    pacer.draws(T0, timed)
    assert pacer.wait(T0) == pytest.approx(0.04)
    assert pacer.wait(T0 + 0.03) == pytest.approx(0.01)
    timed.due = 0.0  # it moves now: every frame
    assert drawn(pacer, timed, T0 + 1, 0.5) == 30


def test_a_key_held_keeps_the_loop_awake_until_it_is_let_go(window: pygame.Surface) -> None:
    pacer, still = Pacer(), Still()
    pacer.saw(T0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")])
    assert pacer.wait(T0 + 3) == 0 and pacer.draws(T0 + 3, still)
    pacer.saw(T0 + 3, [pygame.event.Event(pygame.KEYUP, key=pygame.K_BACKSPACE, mod=0, unicode="")])
    assert pacer.wait(T0 + 3 + 2 * AWAKE) == TICK


def test_the_demo_draws_every_frame(window: pygame.Surface) -> None:
    """Its fixed frames and the screenshot of the last one are drawn whatever the screen says."""
    assert drawn(Pacer(always=True), Still(), T0, 1.0) == 60


# --- what the screens say of themselves --------------------------------------------------------------


def rest(screen: object, seconds: float = 7.0, dt: float = TICK) -> None:
    """The screen's updates at the loop's resting tick (time enough for the last roll to go)."""
    for _ in range(round(seconds / dt)):
        screen.update(dt)  # type: ignore[attr-defined]


def test_a_battle_waiting_for_the_player_rests_and_an_order_moves_it(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    settle(screen, window)
    rest(screen)
    pacer = Pacer()
    pacer.draws(T0, screen)
    before = screen.stamp()
    rest(screen, 3.0)
    assert screen.pace() is None and screen.stamp() == before
    assert not pacer.draws(T0 + 3, screen)
    keys = [b.key for b in screen.human.buttons() if b.enabled]
    screen._button(keys[0])  # the player's command: its events are shown, animated
    screen.update(1 / 60)
    assert screen.stamp() != before and pacer.draws(T0 + 3.1, screen)
    screen.close()


def test_the_computer_players_answer_is_drawn(window: pygame.Surface) -> None:
    """While it thinks its answer is looked for every frame and nothing is drawn; once it comes, a
    frame is."""
    screen = open_screen(window, a="random", b="human")
    screen.display.tick(7.0)  # the last roll gone: nothing moves
    screen.update(1 / 60)  # the AI is asked
    assert screen.ai.thinking is not None
    pace = screen.pace()
    assert pace is not None and 0 < pace <= 1 / 30
    pacer = Pacer()
    pacer.draws(T0, screen)
    events = len(screen.battle.events)
    for _ in range(2000):
        screen.ai.wait_for_answer(30)
        screen.update(1 / 60)
        if len(screen.battle.events) > events:
            break
        assert screen.pace() != 0 or screen.display.busy
    assert len(screen.battle.events) > events
    assert pacer.draws(T0 + 1, screen)
    screen.close()


def test_the_last_roll_and_the_banner_go_by_themselves(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    settle(screen, window)
    rest(screen)
    d = screen.display
    d.banner, d.banner_age = "Round 2", 0.0
    pace = screen.pace()
    assert pace is not None and 1.5 < pace <= 1.6 + 1e-6  # the banner's time
    before = screen.stamp()
    rest(screen, 1.7)
    assert screen.stamp() != before and screen.pace() is None  # gone: one frame shows it so
    screen.close()


def test_the_end_screen_rests_and_tab_is_drawn(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    settle(screen, window)
    rest(screen)
    end = EndScreen(screen)
    pacer = Pacer()
    assert pacer.draws(T0, screen)
    assert pacer.draws(T0 + 1, screen, end)  # the end screen laid over the battle: a frame
    assert not pacer.draws(T0 + 2, screen, end)
    end.showing_stats = True
    assert pacer.draws(T0 + 3, screen, end)
    screen.close()


def test_the_start_screen_rests_but_a_focused_caret_blinks(window: pygame.Surface) -> None:
    start = StartScreen(window.get_size(), Setup(), t=Texts("en"))
    rest(start, 1.0)
    assert start.pace() is None
    before = start.stamp()
    rest(start, 1.0)
    assert start.stamp() == before
    start.manager.set_focus_set(start.seed)
    blinks, seen = 0, start.stamp()
    for _ in range(100):  # three seconds in frames the pace asks for
        pace = start.pace()
        assert pace is not None and 0 < pace <= 1.0
        start.update(min(pace, TICK))
        blinks += start.stamp() != seen
        seen = start.stamp()
    assert blinks >= 4  # it stands for a second after focus, then blinks every 0.4 s


def test_the_lobby_draws_what_the_network_says(window: pygame.Surface) -> None:
    lobby = Lobby(window.get_size(), Setup(), "join", Texts("en"))
    try:
        lobby.update(TICK)
        before = lobby.stamp()
        assert lobby.pace() is None
        lobby.update(TICK)
        assert lobby.stamp() == before
        lobby.say(Said("net_bad_address", {"address": "x"}, bad=True))
        assert lobby.stamp() != before
    finally:
        lobby.close()


# --- the window's loop ---------------------------------------------------------------------------


def test_the_window_draws_a_still_start_screen_once_and_an_input_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The whole loop (game/ui/app.py), headless: after the window's first frames nothing is drawn
    while nothing happens; a mouse move is drawn in the next frame."""
    from game.ui import app

    flips: list[float] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(time.monotonic()))
    real = pygame.event.get
    moved: list[float] = []
    begun: list[float] = []  # when the loop first looked for events (the start screen is made before)

    def get() -> list[pygame.event.Event]:
        came = real()
        now = time.monotonic()
        begun[:] = begun or [now]
        if now - begun[0] > 1.6:
            return [pygame.event.Event(pygame.QUIT)]
        if now - begun[0] > 1.2 and not moved:
            moved.append(now)
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0))]
        return came

    monkeypatch.setattr(pygame.event, "get", get)
    assert app.run(Setup()) == 0
    start = begun[0]
    assert flips and flips[0] - start < 0.5  # the first frame
    assert not [f for f in flips if start + 0.9 < f < moved[0]]  # at rest: no frame
    after = [f for f in flips if f >= moved[0]]
    assert after and after[0] - moved[0] < 1 / 30  # the input: in the next frame
    assert len(after) <= round((AWAKE + 0.05) * 60) + 2  # and a few after it, then rest again

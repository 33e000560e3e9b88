"""Drive the client the way a player does: post pygame events and let the screen handle them."""

from __future__ import annotations

from typing import Any

import pygame

from game.running.match import new_match
from game.ui.battle.screen import BattleScreen


def open_screen(
    surf: pygame.Surface, a: str = "human", b: str = "human", seed: int = 3, scenario: str = "default"
) -> BattleScreen:
    m = new_match(scenario, seed)
    sides = m.battle.game.sides
    return BattleScreen(m, {sides[0]: a, sides[1]: b}, surf.get_size())


def frame(screen: BattleScreen, surf: pygame.Surface, dt: float = 0.05) -> None:
    """One frame: handle the queued events, advance, draw. A frame in which the AI is thinking waits
    for its answer: its process runs beside the test, and frames alone would race it."""
    screen.ai.wait_for_answer(30)
    for ev in pygame.event.get():
        screen.handle(ev)
    screen.update(dt)
    screen.draw(surf)


def settle(screen: BattleScreen, surf: pygame.Surface, limit: int = 400) -> None:
    """Run frames until a human has a decision in hand (or the battle ends)."""
    for _ in range(limit):
        screen.display.skip()
        frame(screen, surf)
        if screen.battle.pending is None or (screen.human_turn() and screen.asked is screen.battle.pending):
            return
    raise AssertionError("the screen never came to a human decision")


def click(pos: tuple[float, float], button: int = 1) -> None:
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))


def hover(pos: tuple[float, float]) -> None:
    p = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))


def key(k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))


def button_pos(screen: BattleScreen, key_prefix: str) -> tuple[float, float]:
    for rect, b in screen.buttons:
        if b.key.startswith(key_prefix) and b.enabled:
            return rect.center
    raise AssertionError(f"no enabled button {key_prefix!r}: {[b.key for _r, b in screen.buttons]}")


def press(screen: BattleScreen, surf: pygame.Surface, key_prefix: str) -> None:
    click(button_pos(screen, key_prefix))
    frame(screen, surf)


def at(screen: BattleScreen, table_point: tuple[float, float]) -> tuple[float, float]:
    return screen.camera.to_screen(table_point)


def answer_until(screen: BattleScreen, surf: pygame.Surface, kind: str, prefer: str = "") -> None:
    """Answer as the panel suggests (its first enabled button, or `prefer` when offered) until a
    decision of this kind is in a human's hand."""
    for _ in range(200):
        settle(screen, surf)
        d = screen.battle.pending
        if d is None or d.kind == kind:
            break
        keys = [b.key for b in screen.human.buttons() if b.enabled]
        screen._button(prefer if prefer in keys else keys[0])
    assert screen.battle.pending is not None and screen.battle.pending.kind == kind


def menu_click(screen: BattleScreen, surf: pygame.Surface, choice: str) -> str | None:
    """Click an entry of the open menu (its buttons are laid out as it is drawn)."""
    screen.draw(surf)
    rect = next(r for r, k in screen.menu_buttons if k == choice)
    return screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))


def pick_save(screen: Any, surf: pygame.Surface, n: int = 0) -> str | None:
    """Load the nth save of the open save browser as a player does: a click chooses it, a second
    click on it loads it. Returns what the screen's handler returned."""
    browser = screen.browser
    browser.select(n)
    screen.draw(surf)
    rect = next(r for r, i in browser.rows if i == n)
    return screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))

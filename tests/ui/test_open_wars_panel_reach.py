"""The Open Wars panel at 1280x720 gives its choices the room there is (a tester's pass): a combat's
stacks, odds and dice once pushed "Retreat" under the chronicle, out of reach of the mouse and the
wheel; the initiative list ran past the panel's edge; the place under the mouse was drawn over the
dice and the Attack button; four lines kept for it made a faction's recruits and a march's "One
token fewer" scroll with the panel half empty."""

from __future__ import annotations

import pygame
import pytest

from game.model import commands as cmd
from game.ui import theme
from game.ui.open_wars.screen import OpenWarsScreen
from systems.open_wars.combat import FallBack
from tests.ui.test_open_wars_screen import combat_screen, hotseat, until


def fought(window: pygame.Surface, language: str) -> OpenWarsScreen:
    """The Northern clan's 6 dwarves against 9 orcs in West Ford, asked again after the orcs' blow:
    its stacks, odds, last roll and dice all over the choices."""
    screen = combat_screen(window, language, dwarves=6, orcs=9)
    c = screen.campaign
    north = c.sides[0]
    screen.send(cmd.Pass())  # the dwarves strike, then the orcs
    screen.send(cmd.Pass())
    d = c.pending
    assert d is not None and (d.kind, d.side, d.stage) == ("ow_combat", north, "west-ford")
    return screen


def rendered(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every text drawn from now on, with its width."""
    said: list[tuple[str, int]] = []
    real = pygame.font.Font.render

    def render(f: pygame.font.Font, text: str, *a: object) -> pygame.Surface:
        s = real(f, text, *a)  # type: ignore[arg-type]
        said.append((str(text), s.get_width()))
        return s

    monkeypatch.setattr(theme.GameFont, "render", render)
    return said


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_combat_choice_is_on_screen_and_a_click_or_a_key_sends_it(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = fought(window720, language)
    d = screen.campaign.pending
    assert d is not None
    every = [ch.key for ch in screen.choices(d)]
    assert len(every) == 3  # attack, and a retreat to each field
    said = rendered(monkeypatch)
    screen.mouse = screen.view.cards["west-ford"].center  # the place hovered: its words in the panel too
    screen.draw(window720)
    assert [ch.key for _r, ch in screen.buttons] == every
    room = screen.panel.w - 20
    assert all(width <= room for _text, width in said if screen.names["north"] in _text)  # never cut
    for rect, _ch in screen.buttons:
        assert screen.panel.contains(rect) and rect.bottom <= screen.log.rect.top
    assert screen.log.rect.h >= theme.px(theme.LOG_LEAST)
    retreat = next(ch for _r, ch in screen.buttons if ch.key.startswith("retreat:"))
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))
    assert isinstance(screen.match.commands[-1], FallBack) and screen.match.commands[-1] == retreat.command
    screen.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_place_under_the_mouse_covers_no_choice_nor_the_dice(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = fought(window720, language)
    screen.draw(window720)
    lowest = max(r.bottom for r, _ch in screen.buttons)
    above = pygame.Rect(screen.panel.x, screen.panel.y, screen.panel.w, lowest - screen.panel.y)
    before = pygame.image.tobytes(window720.subsurface(above), "RGB")
    said = rendered(monkeypatch)
    screen.mouse = screen.view.cards["west-ford"].center
    screen.draw(window720)
    assert pygame.image.tobytes(window720.subsurface(above), "RGB") == before  # the dice, the choices
    words = screen.place_words("west-ford")
    assert any(text and words.startswith(text) for text, _w in said)  # said under them, over the log
    screen.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_faction_s_recruits_and_a_march_s_counts_all_show_without_scrolling(
    window720: pygame.Surface, language: str
) -> None:
    screen = hotseat(window720, language=language)
    c = screen.campaign
    for side in c.sides:  # the orcs' eight units and the dwarves'
        until(screen, "ow_recruit")
        while c.pending is not None and c.pending.side != side:
            screen.send(cmd.Pass())
        c.purses[side].gold = 40
        screen.draw(window720)
        d = c.pending
        assert d is not None and d.kind == "ow_recruit"
        assert [ch.key for _r, ch in screen.buttons] == [ch.key for ch in screen.choices(d)]
        screen.send(cmd.Pass())
    until(screen, "ow_move")
    d = c.pending
    assert d is not None
    home = next(s for s in c.stacks if s.player == d.side and s.count > 1)
    screen.picked = home.location
    screen.draw(window720)
    stack = next(r for r, ch in screen.buttons if ch.key == f"stack:{home.unit}")
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stack.center, button=1))
    screen.draw(window720)
    keys = [ch.key for _r, ch in screen.buttons]
    assert {"fewer", "more", "pass"} <= set(keys)
    fewer = next(r for r, ch in screen.buttons if ch.key == "fewer")
    count = screen.count
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=fewer.center, button=1))
    assert screen.count == count - 1
    screen.close()

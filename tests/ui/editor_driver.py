"""Driving the editor's window as a player does: events posted to pygame's queue (clicks where a widget
is drawn, keys, letters typed), then handled and drawn frame by frame as the window's loop does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui.editor.forms import Bound
from game.ui.editor.screen import EditorScreen


def frames(ed: EditorScreen, surf: pygame.Surface, n: int = 2) -> None:
    """Handle the queued events and draw, as the window's loop does."""
    for _ in range(n):
        for ev in pygame.event.get():
            ed.handle(ev)
        ed.update(0.05)
        ed.draw(surf)


def mouse(kind: int, pos: tuple[float, float], button: int = 1) -> None:
    p = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=p, button=button))


def click_at(ed: EditorScreen, surf: pygame.Surface, pos: tuple[float, float], button: int = 1) -> None:
    """A click at a place of the screen (the table, the map): the button pressed and let go."""
    mouse(pygame.MOUSEBUTTONDOWN, pos, button)
    mouse(pygame.MOUSEBUTTONUP, pos, button)
    frames(ed, surf, 1)


def press(ed: EditorScreen, surf: pygame.Surface, button: Any) -> None:
    """A click on a pygame-gui widget, where it is drawn."""
    frames(ed, surf, 1)
    pos = button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(ed, surf, 4)  # the click, the button's press, what a list or a menu makes of it


def key(ed: EditorScreen, surf: pygame.Surface, code: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=unicode, scancode=0))
    frames(ed, surf, 1)


def tool(ed: EditorScreen, kind: str, arg: Any = None) -> Any:
    return next(b for b, (k, a) in ed.tools.items() if k == kind and (arg is None or a == arg))


def bar(ed: EditorScreen, name: str) -> Any:
    return next(b for b, k in ed.bar.items() if k == name)


def tab(ed: EditorScreen, name: str) -> Any:
    return next(b for b, k in ed.tab_buttons.items() if k == name)


def widget(ed: EditorScreen, test: Callable[[Any, Bound], bool], nth: int = 0) -> Any:
    """The panel's nth widget whose binding passes the test (the panel is built anew after each edit:
    ask again after each)."""
    found = [w for w, b in ed.form.bound.items() if test(w, b)]
    assert len(found) > nth, f"the panel shows {len(found)} such widgets"
    return found[nth]


def field(ed: EditorScreen, path: tuple[Any, ...], name: Any, language: str = "en") -> Any:
    return widget(ed, lambda _w, b: b.path == path and b.name == name and b.language == language)


def labelled(ed: EditorScreen, words: str, nth: int = 0) -> Any:
    """The panel's nth button that says these words."""
    return widget(ed, lambda w, b: b.kind == "action" and w.text == words, nth)


def reveal(ed: EditorScreen, surf: pygame.Surface, w: Any) -> None:
    """Scroll the panel, as the wheel does, until the widget is in sight."""
    box = ed.form.rect
    for _ in range(200):
        if box.top <= w.rect.top and w.rect.bottom <= box.bottom:
            return
        ed.form.scroll(30 if w.rect.bottom > box.bottom else -30)
        frames(ed, surf, 1)
    raise AssertionError(f"{w} never came into sight in the panel")


def click(ed: EditorScreen, surf: pygame.Surface, w: Any) -> None:
    """A click on a widget of the panel, scrolled into sight first."""
    reveal(ed, surf, w)
    press(ed, surf, w)


def type_in(ed: EditorScreen, surf: pygame.Surface, w: Any, words: str) -> None:
    """Click an entry of the panel, select what it holds (Ctrl+A) and type over it letter by letter."""
    click(ed, surf, w)
    key(ed, surf, pygame.K_a, pygame.KMOD_CTRL)
    for letter in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        frames(ed, surf, 1)
    frames(ed, surf, 2)


def choose(ed: EditorScreen, surf: pygame.Surface, chooser: Any, words: str) -> None:
    """Open a choice's list of options and click the one that says these words."""
    click(ed, surf, chooser)
    popup = ed.form.popup
    assert popup is not None, "a choice opens its options"
    option = next(b for b in popup.item_list_container.elements if b.text == words)
    press(ed, surf, option)


def pick_kind(ed: EditorScreen, surf: pygame.Surface, words: str) -> None:
    """Open the tools' menu of terrain kinds (or card types) and click one."""
    press(ed, surf, ed.kind_menu)
    options = ed.kind_menu.menu_states["expanded"].options_selection_list
    press(ed, surf, next(b for b in options.item_list_container.elements if b.text == words))


def choose_value(ed: EditorScreen, surf: pygame.Surface, chooser: Any, value: Any) -> None:
    """Choose the option that stands for a value (a category's code), by the words it shows."""
    words = next(shown for shown, v in ed.form.bound[chooser].options if v == value)
    choose(ed, surf, chooser, words)

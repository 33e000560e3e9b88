"""Issue 38: buttons with long labels shrank their font alone, so neighbours differed ("Cargar partida"
large beside "Renombrar" small); every row (or column) of buttons now has one size: the largest in which
all its labels fit."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from game.content.locale import Texts
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.screen import BattleScreen
from game.ui.widgets.load_list import save_browser
from game.ui.widgets.menu import draw_menu
from tests.ui.driver import frame, settle
from tests.ui.test_open_wars_menu import hotseat


@contextmanager
def sizes() -> Iterator[dict[str, int]]:
    """The height of the font each text is drawn in, while inside."""
    seen: dict[str, int] = {}
    real = theme.GameFont.render

    def render(self: theme.GameFont, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen[str(text)] = self.get_height()
        return real(self, text, *args, **kwargs)

    theme.GameFont.render = render  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        theme.GameFont.render = real  # type: ignore[method-assign]


def long_label(room: int) -> str:
    """Words too wide for `room` in the menu's largest size, narrow enough for its smallest."""
    words = "Save"
    while theme.font(22).size(words)[0] <= room:
        words += " and more"
    assert theme.font(18).size(words)[0] <= room
    return words


def test_a_menu_s_buttons_share_one_size(window: pygame.Surface) -> None:
    long = long_label(theme.px(380 - 60) - 2 * theme.px(8))
    items = [("resume", "Resume"), ("other", long), ("again", "Again")]
    with sizes() as drawn:
        draw_menu(window, "Menu", items, (0, 0))
    assert drawn["Resume"] == drawn[long] == drawn["Again"] < theme.font(22).get_height()


@pytest.mark.parametrize("width", [900, 1000, 1280])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_save_browser_s_row_shares_one_size(width: int, language: str) -> None:
    surf = pygame.display.set_mode((width, 720))
    t = Texts(language)
    browser = save_browser(t, {}, figures=True)
    with sizes() as drawn:
        browser.draw(surf, (0, 0))
    labels = [t(f"saves_{key}") for key in ("load", "rename", "delete", "figures", "watch", "path", "close")]
    assert len({drawn[label] for label in labels}) == 1, {label: drawn[label] for label in labels}


def test_the_battle_panel_s_buttons_share_one_size(window720: pygame.Surface) -> None:
    """A long label (a formation's whole name, a reaction's odds) beside short ones."""
    from game.running.match import new_match
    from game.ui.battle.human import Button

    m = new_match("bailen", 3)
    sides = m.battle.game.sides
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window720.get_size(), Settings())
    try:
        settle(screen, window720)
        room = screen.panel.w - 20 - 12  # a button without a picture
        long = "Activate the"
        while theme.font(19).size(long)[0] <= room:
            long += " and more"
        assert theme.font(15).size(long)[0] <= room
        shown = [Button("a", "Move"), Button("b", long), Button("c", "Fire")]
        screen.human.buttons = lambda: shown  # type: ignore[method-assign]
        with sizes() as drawn:
            frame(screen, window720)
        assert drawn["Move"] == drawn[long] == drawn["Fire"] < theme.font(19).get_height()
    finally:
        screen.close()


def test_open_wars_buttons_share_one_size(window: pygame.Surface) -> None:
    from game.ui.open_wars.view import Choice

    screen = hotseat(window)
    try:
        long = "Recruit " + "wolf riders " * 4
        while theme.font(20).size(long)[0] <= screen.panel.w - 20 - 24:
            long += "and more "
        screen.choices = lambda d: [Choice("a", "End"), Choice("b", long), Choice("c", "Pass")]  # type: ignore[method-assign]
        with sizes() as drawn:
            screen.draw(window)
        assert (
            drawn["End"] == drawn["Pass"] == max(h for k, h in drawn.items() if k.startswith("Recruit wolf"))
        )
    finally:
        screen.close()

"""A campaign's battle on the table: its Esc menu saves, loads and leaves the campaign, and says so (it
said "Save the battle (Ctrl+S)" and "Quit the battle?" while the save it writes is the whole war's)."""

from __future__ import annotations

import pygame
import pytest

from game.running.settings import Settings
from game.ui.opening import table_screen
from game.ui.playing import settings_menu
from tests.ui.campaign_driver import fight_on_the_table, march_on_the_enemy, open_war


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_campaign_battles_menu_names_the_campaign(
    window: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, list[str]]] = []
    drawn = settings_menu.draw_menu
    monkeypatch.setattr(
        settings_menu,
        "draw_menu",
        lambda surf, title, items, *a, **k: (
            shown.append((title, [x for _k, x in items])) or drawn(surf, title, items, *a, **k)
        ),
    )
    s = open_war(window, al="heuristic", language=language)
    try:
        march_on_the_enemy(s, window)
        fight_on_the_table(s, window)
        settings = Settings()
        settings.language = language
        b = table_screen(s, window.get_size(), settings)
        try:
            t = b.t
            escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
            b.handle(escape)
            b.draw(window)
            labels = shown[-1][1]
            assert t("campaign_menu_save") in labels and t("campaign_menu_load") in labels
            assert t("menu_save") not in labels
            b.menu = "quit"
            b.draw(window)
            assert shown[-1][0] == t("campaign_quit_title")
        finally:
            b.close()
    finally:
        s.close()

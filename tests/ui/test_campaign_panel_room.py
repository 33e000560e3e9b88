"""The campaign's screen at 1280x720, in English and Spanish (the Peninsular War, the French played
here): the panel's lists of cities and armies are never cut short (every one shown, else reached by
the mouse wheel or Page Up/Down, a line saying how many more are above and below, the phase's end
always there)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.model import commands as cmd
from game.ui.campaign import panel
from game.ui.campaign.screen import CampaignScreen
from game.ui.campaign.words import when
from game.ui.widgets import choice_list
from tests.ui.campaign_driver import open_war, until_human

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"


def wheel(s: CampaignScreen, surf: pygame.Surface, y: int) -> list[str]:
    """The wheel over the panel's choices; the keys of the buttons then drawn."""
    s.mouse = s.choice_list.area.center
    s.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    s.draw(surf)
    return [ch.key for _r, ch in s.buttons]


def page(s: CampaignScreen, surf: pygame.Surface, key: int) -> list[str]:
    """Page Up or Down; the keys of the buttons then drawn."""
    s.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    s.draw(surf)
    return [ch.key for _r, ch in s.buttons]


def reached(s: CampaignScreen, surf: pygame.Surface, said: list[str]) -> set[str]:
    """The choices the player sees: all of them when they fit (no line of more); else scrolling the
    list to its end, its end always shown above the log, the line of how many more there are (`said`,
    as drawn) counting down to none below, and back with the wheel or Page Up/Down."""
    said.clear()
    s.draw(surf)
    seen = {ch.key for _r, ch in s.buttons}
    if seen == set(keys_of(s)):
        assert not said and all(r.bottom <= s.log.rect.top for r, _ch in s.buttons)
        return seen
    for _ in range(20):
        said.clear()
        keys = wheel(s, surf, -1)
        assert keys[-1] == "pass" and said
        assert all(r.bottom <= s.log.rect.top and r.right <= s.panel.right for r, _ch in s.buttons)
        seen |= set(keys)
    assert said[-1] == s.t("choices_more_above", above=len(seen) - len(keys))  # none below: not said
    said.clear()
    assert wheel(s, surf, 30)[0] == next(iter(keys_of(s)))  # back to the first
    assert said[-1].endswith(s.t("choices_more_below", below=1).split("1")[1])  # none above: not said
    first = keys_of(s)[0]
    assert page(s, surf, pygame.K_PAGEDOWN)[0] != first and page(s, surf, pygame.K_PAGEUP)[0] == first
    return seen


def keys_of(s: CampaignScreen) -> list[str]:
    d = s.human_turn()
    assert d is not None
    return [ch.key for ch in s.choices(d)]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_city_and_army_is_in_the_panel(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(choice_list, "draw_more", lambda _surf, line, _row: said.append(line))
    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_orders")
        cities = keys_of(s)
        assert {"pick:toledo", "pick:vitoria"} <= set(cities)  # both raise troops on turn 1
        assert reached(s, window720, said) == set(cities)
        s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        until_human(s, window720, "camp_move")
        armies = keys_of(s)
        assert len(armies) == 7 and any("verdier" in a for a in armies)  # six armies and the end
        assert reached(s, window720, said) == set(armies)
    finally:
        s.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_top_bar_says_the_turn_date_and_phase_whole(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Spanish title of a later month, "La Guerra de la Independencia, 1808-1812: turno 2 de 19,
    agosto de 1808, movimiento", lost its phase: the campaign's name is cut first."""
    titles: list[str] = []
    drawn = panel._title
    monkeypatch.setattr(panel, "_title", lambda *a: titles.append(drawn(*a)) or titles[-1])
    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_orders")
        s.send(cmd.Pass())
        until_human(s, window720, "camp_move")
        assert s.war.game is not None
        s.war.game.round = 2  # the tester's: August
        s.draw(window720)
        date = when(s.n, 2)
        assert titles[-1].endswith(f"{date}, {s.t('camp_phase_movement')}")
        assert s.t("campaign_top", name="", turn=2, limit=19, date=date, phase="") in titles[-1] + ", "
    finally:
        s.close()

"""The Open Wars panel in little room (issue 37, item 6): at 1280x720 with the interface at 125%, a
faction of nine units to recruit from: "End recruitment" is always drawn and clickable, the others
scroll with the mouse wheel, a line saying how many are above and below, when even the room the
chronicle gives up for them is short; the place under the mouse (its special card's name and
effects) is said over the chronicle (item 4)."""

from __future__ import annotations

import pygame
import pytest

from game.model import commands as cmd
from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.open_wars.screen import OpenWarsScreen


def crowded(window720: pygame.Surface, language: str = "en") -> OpenWarsScreen:
    """The Three Crowns' barbarians (nine units) to recruit, at 125%."""
    m = new_match("ow-three-crowns", 1)
    settings = Settings(language=language, ui_scale=1.25)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), settings)
    c = screen.campaign
    while c.pending is not None and (c.pending.kind, c.pending.side) != ("ow_recruit", "barbarians"):
        screen.send(cmd.Pass())
    c.purses["barbarians"].gold = 40  # every unit affordable: a button each
    return screen


def wheel(screen: OpenWarsScreen, y: int) -> None:
    screen.mouse = screen.choice_list.area.center
    screen.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))


@pytest.mark.parametrize("language", ["en", "es"])
def test_nine_units_and_the_end_all_show_the_chronicle_giving_up_room(
    window720: pygame.Surface, language: str
) -> None:
    """A tester's pass: the panel kept four lines for the place under the mouse and scrolled them."""
    screen = crowded(window720, language)
    d = screen.campaign.pending
    assert d is not None
    screen.draw(window720)
    assert [ch.key for _r, ch in screen.buttons] == [ch.key for ch in screen.choices(d)]
    assert max(r.bottom for r, _ch in screen.buttons) <= screen.log.rect.top
    assert screen.log.rect.h >= theme.px(theme.LOG_LEAST)
    screen.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_end_recruitment_is_always_reachable_and_the_rest_scroll(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where even the room the chronicle gives up is short (here: a chronicle that keeps more)."""
    monkeypatch.setattr(theme, "LOG_LEAST", 300)
    screen = crowded(window720, language)
    d = screen.campaign.pending
    assert d is not None
    every = [ch.key for ch in screen.choices(d)]
    assert len(every) == 10  # nine units and the end
    screen.draw(window720)
    shown = [ch.key for _r, ch in screen.buttons]
    assert shown[-1] == "pass" and len(shown) < len(every)  # they do not all fit
    end = next(r for r, ch in screen.buttons if ch.key == "pass")
    assert end.bottom <= screen.log.rect.top and end.right <= screen.panel.right
    seen = set(shown)
    for _ in range(12):
        wheel(screen, -1)
        screen.draw(window720)
        keys = [ch.key for _r, ch in screen.buttons]
        assert keys[-1] == "pass"
        seen |= set(keys)
    assert seen == set(every)  # every unit reached by the wheel
    wheel(screen, 20)
    screen.draw(window720)
    assert next(ch.key for _r, ch in screen.buttons) == every[0]  # back to the first
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end.center, button=1))
    assert screen.campaign.pending is None or screen.campaign.pending.side != "barbarians"  # ended
    screen.close()


def test_the_panel_says_the_place_and_its_card_under_the_mouse(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OW-LOC-7: the place picked (the mouse over the panel: no hover box) is named over the chronicle
    with its special card's name and effects."""
    screen = crowded(window720)
    said: list[str] = []
    real = pygame.font.Font.render
    monkeypatch.setattr(
        theme.GameFont, "render", lambda f, text, *a: said.append(str(text)) or real(f, text, *a)
    )
    screen.picked = "crown-valley"
    screen.mouse = (screen.panel.centerx, screen.log.rect.top - 5)
    screen.draw(window720)
    text = " ".join(said)
    assert "Crown Valley" in text and "Standing stones" in text and "No spell is cast at it" in text
    assert theme.RIGHT_PANEL > 360  # drawn at the larger interface size
    screen.close()


def test_a_long_card_is_said_whole_in_the_room_under_the_choices(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OW-LOC-7, OW-DEC-28: the Spanish mana spring (its rite and its yield) takes five lines; the
    panel cut it at four ("una vez por…") with room left under the choices. It takes that room, whole,
    and the choices stay where they were."""
    m = new_match("ow-burning-sands", 1)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), Settings("es"))
    screen.mouse = (screen.panel.centerx, screen.log.rect.top - 5)
    screen.draw(window720)
    before = [r.copy() for r, _ch in screen.buttons]
    said: list[str] = []
    real = pygame.font.Font.render
    monkeypatch.setattr(
        theme.GameFont, "render", lambda f, text, *a: said.append(str(text)) or real(f, text, *a)
    )
    screen.picked = "green-hell"
    screen.draw(window720)
    assert "Manantial de maná" in " ".join(said)
    assert any(line.endswith("+2 de maná por turno.") for line in said)  # its last words drawn
    assert not any(line.endswith("…") for line in said)
    assert [r for r, _ch in screen.buttons] == before
    screen.close()

"""The defending player lays the hits on the screen (issue 37, item 3: OW-COMBAT-2's "the defending
player assigns", OW-COMBAT-7, OW-DEC-11): in a fight at West Ford, skeletons and mummies of the same
cost, the panel offers a button for each and the default; a click is the same TakeHit command a script
or a computer player sends, and the token falls there."""

from __future__ import annotations

import pygame
import pytest

from game.model import commands as cmd
from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen
from systems.open_wars.combat import Hits, TakeHit


def hits_screen(window: pygame.Surface, language: str) -> OpenWarsScreen:
    """Four dwarf warriors against four skeletons, two mummies and a goblin archer at West Ford, the
    phases ended (Enter) until the defender is asked where a hit falls."""
    m = new_match("ow-twin-fords", 2)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), Settings(language))
    c = screen.campaign
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    while c.pending is not None and c.pending.kind != "ow_move":
        screen.handle(enter)
    north, south = c.sides
    c.add(north, "west-ford", "dwarf-warriors", 4)
    c.add(south, "west-ford", "skeletons", 4)
    c.add(south, "west-ford", "mummies", 2)
    c.add(south, "west-ford", "goblin-archers", 1)  # dearer (2 gold): never offered while those stand
    for _ in range(30):
        if c.pending is None or c.pending.kind == "ow_hits":
            break
        screen.handle(enter)
    return screen


@pytest.mark.parametrize("language", ["en", "es"])
def test_OW_DEC_11_OW_COMBAT_7_the_defender_clicks_the_stack_a_hit_falls_on(
    window720: pygame.Surface, language: str
) -> None:
    screen = hits_screen(window720, language)
    c = screen.campaign
    d = c.pending
    assert d is not None and (d.kind, d.stage, d.options) == (
        "ow_hits",
        "west-ford",
        ("mummies", "skeletons"),
    )
    assert isinstance(d.payload, Hits) and d.payload.count >= 1
    south = d.side
    screen.draw(window720)
    shown = {ch.key: (rect, ch) for rect, ch in screen.buttons}
    assert set(shown) == {"hit:mummies", "hit:skeletons", "pass"}  # the cheapest only (OW-COMBAT-6)
    assert isinstance(shown["pass"][1].command, cmd.Pass)  # the default (OW-DEC-11)
    word = {"en": "Skeletons", "es": "Esqueletos"}[language]
    assert word in shown["hit:skeletons"][1].label
    before = len(screen.match.commands)
    rect = shown["hit:skeletons"][0]
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert screen.match.commands[before] == TakeHit("west-ford", "skeletons")
    stack = c.stack_of(south, "west-ford", "skeletons")
    assert stack is not None and stack.count == 3
    mummies = c.stack_of(south, "west-ford", "mummies")
    assert mummies is not None and mummies.count == 2
    screen.close()

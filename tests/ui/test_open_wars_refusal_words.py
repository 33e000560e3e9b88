"""Open Wars' screen tells a refused order in the player's language, as the campaign's does: the order,
the reason and the names it records (a location, a unit, a faction) in Spanish when the screen speaks
Spanish (it told them in English)."""

from __future__ import annotations

import pygame
import pytest

from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen
from systems.open_wars.moves import Recruit

SAID = {
    "en": [
        "the order to recruit is refused (OW-RECRUIT-2): North Keep is not a city you hold",
        "the order to recruit is refused (OW-RECRUIT-3): no unit 'dwarf-warriors' in the Orcs' army",
        "the order to recruit is refused (OW-RECRUIT-4): at most 4 Orc warriors in one location (OW-STACK-1)",
    ],
    "es": [
        "se rechaza la orden de reclutar (OW-RECRUIT-2): Torreón del Norte no es una ciudad tuya",
        "se rechaza la orden de reclutar (OW-RECRUIT-3): no hay ninguna unidad 'dwarf-warriors' en el "
        "ejército de Orcos",
        "se rechaza la orden de reclutar (OW-RECRUIT-4): como máximo 4 Guerreros orcos en una localización "
        "(OW-STACK-1)",
    ],
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_refused_order_is_told_in_the_players_language(window720: pygame.Surface, language: str) -> None:
    m = new_match("ow-twin-fords", 2)
    settings = Settings()
    settings.language = language
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), settings)
    try:
        d = screen.campaign.pending
        assert d is not None and d.side == "south"  # the orcs recruit first under seed 2
        said = []
        for c in (Recruit("north-keep", "orc-warriors"), Recruit("south-keep", "dwarf-warriors"),
                  Recruit("south-keep", "orc-warriors", 40)):  # fmt: skip
            screen.send(c)
            said.append(screen.log.lines[-1].text)
        assert said == SAID[language]
        screen.draw(window720)
    finally:
        screen.close()

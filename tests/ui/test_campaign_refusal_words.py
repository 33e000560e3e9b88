"""A campaign's refusals in the player's language (the Peninsular War): the army's and the places'
names in a Spanish sentence are the Spanish ones, with their articles, and the order refused is said
in Spanish too; a march refused by Open Wars' rule (OW-MOVE-1) is worded, not shown as its key."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from systems.campaign.commands import March, Rest
from tests.ui.campaign_driver import open_war, until_human

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"

SAID = {
    "en": [
        "the order to march is refused (OW-MOVE-3): Guadarrama costs 3 and Dupont's Corps has 1 left",
        "the order to rest is refused (CAMP-DEC-17): Dupont's Corps has marched or rested this turn",
        "the order to march is refused (OW-MOVE-1): Lisbon is not next to Madrid",
        "the order to march is refused (CAMP-DEC-3): a march of Moncey's Corps starts where it stands and "
        "goes somewhere",
    ],
    "es": [  # "al Cuerpo de Dupont": a + el (it read "a Cuerpo de Dupont")
        "se rechaza la orden de marchar (OW-MOVE-3): Guadarrama cuesta 3 y el Cuerpo de Dupont tiene 1",
        "se rechaza la orden de descansar (CAMP-DEC-17): el Cuerpo de Dupont ya ha marchado o descansado "
        "este turno",
        "se rechaza la orden de marchar (OW-MOVE-1): Lisboa no es adyacente a Madrid",
        "se rechaza la orden de marchar (CAMP-DEC-3): una marcha del Cuerpo de Moncey empieza donde está y "
        "va a alguna parte",
    ],
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_refusal_names_the_army_and_places_in_the_players_language(
    window720: pygame.Surface, language: str
) -> None:
    s = open_war(window720, "human", "human", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_move")
        said = []
        too_far = March("dupont", ("toledo", "la-mancha", "madrid", "guadarrama", "salamanca"))
        for c in (too_far, Rest("dupont"), Rest("dupont"), March("moncey", ("madrid", "lisboa")),
                  March("moncey", ("toledo", "madrid"))):  # fmt: skip
            s.send(c)
            said.append(s.alert)
        assert [said[0], *said[2:]] == SAID[language]
        assert said[1] == said[0]  # the first rest is an order obeyed: no refusal of its own
    finally:
        s.close()

"""A campaign's refusals in the player's language (the Peninsular War): the army's and the places'
names in a Spanish sentence are the Spanish ones, with their articles, and the order refused is said
in Spanish too; a march refused by Open Wars' rule (OW-MOVE-1) is worded, not shown as its key; the
refusal over the map goes once an order is obeyed."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.playing.ai_turns import Restarted
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
        assert said[1] is None  # the first rest is an order obeyed: the refusal before it goes
    finally:
        s.close()


def test_the_refusal_over_the_map_goes_once_an_order_is_obeyed(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A march refused, then another army's rest obeyed: the refusal stayed over the map, as if the
    rest had been refused too. A computer player's restart told there is no refusal: it stays."""
    drawn: list[str] = []
    lines = theme.text_lines
    monkeypatch.setattr(
        theme, "text_lines", lambda surf, text, *a: drawn.append(text) or lines(surf, text, *a)
    )
    s = open_war(window720, "human", "human", path=PENINSULAR)
    try:
        until_human(s, window720, "camp_move")
        s.send(March("dupont", ("toledo", "la-mancha", "madrid", "guadarrama", "salamanca")))
        drawn.clear()
        s.draw(window720)
        assert SAID["en"][0] in drawn
        s.send(Rest("moncey"))
        drawn.clear()
        s.draw(window720)
        assert SAID["en"][0] not in drawn and s.alert is None
        s.computer_answer("al", Restarted("al", 31.0))
        restarted = s.alert
        s.send(Rest("dupont"))
        drawn.clear()
        s.draw(window720)
        assert restarted is not None and restarted in drawn
    finally:
        s.close()

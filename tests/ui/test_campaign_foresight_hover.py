"""The hover box of a place an army may march to where an enemy army stands gives the odds of the
battle the march would bring if it were fought now (CAMP-DEC-24), as the war will tell them, in the
player's language (systems/campaign/foresight.py); a place with no enemy army gives none."""

from __future__ import annotations

import pygame
import pytest

from game.model.words import percent
from game.running.log_texts import texts_for
from systems.campaign.calendar import enlist
from systems.campaign.commands import March
from systems.campaign.foresight import foreseen
from tests.ui.campaign_driver import click, hover_boxes, open_war, until_human

SAID = {
    "en": (
        "If the battle were fought now (CAMP-DEC-24): the French win ",
        "Brigades each may lose: French ",
        "Would march to it (CAMP-DEC-8): Allies: ",
    ),
    "es": (
        "Si la batalla se librara ahora (CAMP-DEC-24): ganan los franceses un ",
        "Brigadas que puede perder cada bando: Franceses ",
        "Acudirían desde los lugares vecinos (CAMP-DEC-8): Aliados: ",
    ),
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_hover_box_of_a_march_on_the_enemy_gives_the_battles_odds(
    monkeypatch: pytest.MonkeyPatch, window: pygame.Surface, language: str
) -> None:
    drawn = hover_boxes(monkeypatch)
    s = open_war(window, "human", "human", language=language)
    try:
        until_human(s, window, "camp_move")
        assert s.war.pending.side == "al"  # the allies move first: onto the Bridge
        click(s, window, next(r for r, x in s.map.chips if x.id == "al-army").center)
        click(s, window, s.map.marker("bridge").center)
        assert s.war.pending.side == "fr"  # their one army marched: the French move
        landed = next(x.army for e in s.war.theatre.spec.events for x in e.effects if x.army is not None)
        enlist(s.war, landed, "al").location = "east-field"  # next to the Bridge: it would march to it
        a = next(x for x in s.war.armies_of("fr") if x.id == "fr-army")
        click(s, window, next(r for r, x in s.map.chips if x is a).center)
        path = s.paths()["bridge"][0]
        f = foreseen(s.war, March(a.id, path))
        assert f is not None and f.odds is not None

        def hover(loc: str) -> list[str]:
            at = s.map.marker(loc).center
            s.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
            s.draw(window)
            return drawn[-1].splitlines()

        box = hover("bridge")
        odds, losses, coming = SAID[language]
        line = next(x for x in box if x.startswith(odds))
        assert line.startswith(odds + percent(f.odds.win["fr"], texts_for(language)))
        assert any(x.startswith(losses) for x in box)
        assert any(x.startswith(coming) and x.endswith("2)") for x in box)  # in round 2
        assert not any(x.startswith(odds[:12]) for x in hover("hills"))  # no enemy army there
    finally:
        s.close()

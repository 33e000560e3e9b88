"""The campaign's map at 1280x720, in English and Spanish (the Peninsular War): an army's chip covers
no place's marker, no garrison's tower and no other chip, armies crowded at neighbouring places too
(Castaños and Cuesta at Talavera beside Dupont at Toledo, Verdier at Vitoria beside Pamplona's tower)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.campaign.screen import CampaignScreen
from tests.ui.campaign_driver import open_war

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"


def overlaps(s: CampaignScreen) -> list[str]:
    """What each chip drawn covers: another chip, a marker, a tower (the garrisons' places)."""
    m, w = s.map, s.war
    out = []
    for i, (chip, a) in enumerate(m.chips):
        out += [f"{a.id} on {b.id}" for other, b in m.chips[i + 1 :] if chip.colliderect(other)]
        out += [f"{a.id} on {loc}" for loc in m.centres if chip.colliderect(m.marker(loc))]
        out += [
            f"{a.id} on {loc}'s tower"
            for loc in m.centres
            if w.garrison_at(loc) and chip.colliderect(tower(s, loc))
        ]
        if not m.area.contains(chip):
            out.append(f"{a.id} off the map")
    return out


def tower(s: CampaignScreen, loc: str) -> pygame.Rect:
    """The garrison's tower, left of the marker (war_map.py `_garrison`): no chip is that near."""
    m = s.map.marker(loc)
    return pygame.Rect(m.left - 4 - 16, m.top, 16, m.h)


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_chip_covers_a_place_a_tower_or_another_chip(window720: pygame.Surface, language: str) -> None:
    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        s.page = None
        s.draw(window720)
        assert len(s.map.chips) == len(s.war.armies_of("fr")) + len(s.war.armies_of("al"))
        assert overlaps(s) == []
        for army, loc in (
            ("castanos", "talavera"),
            ("cuesta", "talavera"),
            ("dupont", "toledo"),
            ("verdier", "vitoria"),
        ):
            a = s.war.find_army(army)
            assert a is not None
            a.location = loc
        s.draw(window720)
        assert overlaps(s) == []
    finally:
        s.close()

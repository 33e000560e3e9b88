"""An army's page at 1280x720 in English and Spanish, for an army that raised many brigades (Dupont's
corps with 24 more, and a garrison of three beside it): every line drawn sits above the Close button,
the wheel brings every brigade's line into view, a line says how many more there are, and a raised
brigade's line is not cut short."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.campaign.screen import CampaignScreen
from systems.campaign.forces import Brigade, Service
from systems.campaign.orders import garrison, join
from tests.ui.campaign_driver import click, open_war, until_human

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"


def raised(s: CampaignScreen, army: str, count: int, garrisoned: int) -> list[str]:
    """Brigades raised at Ciudad Rodrigo for the army, and for the garrison where it stands: their ids."""
    w = s.war
    a = w.find_army(army)
    assert a is not None
    out = []
    for i in range(count + garrisoned):
        b = w.enrol(
            Brigade(w.new_id(), "LnInf", "M", hits=i % 2, record=[Service(1, "raised", "ciudad-rodrigo")])
        )
        if i < count:
            join(w, a, b)
        else:
            garrison(w, a.side, a.location).brigades.append(b)
        out.append(b.id)
    return out


def wheel(s: CampaignScreen, surf: pygame.Surface, y: int) -> None:
    s.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    s.draw(surf)


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_line_of_a_grown_army_is_read_above_the_close_button(
    window720: pygame.Surface, language: str
) -> None:
    s = open_war(window720, "human", "human", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_orders")
        ids = raised(s, "dupont", 24, 3)
        a = s.war.find_army("dupont")
        assert a is not None
        s.army, s.page = "dupont", "army"
        s.draw(window720)
        close = next(r for r, ch in s.page_buttons if ch.key == "close")
        s.mouse = s.page_rows[0][0].center  # the wheel over the lines
        seen: set[str] = set()
        for _ in range(60):
            assert s.page_rows and all(r.bottom <= close.top for r, _ident in s.page_rows)
            seen |= {ident for _r, ident in s.page_rows}
            wheel(s, window720, -1)
        wanted = {"dupont", *(d.id for d in a.divisions), *(b.id for b in a.brigades()), *ids}
        assert seen == wanted
        assert "dupont" not in {ident for _r, ident in s.page_rows}  # scrolled down: the estado mayor gone
        last = next(r for r, ident in s.page_rows if ident == ids[-1])
        click(s, window720, last.center)
        assert s.record == ids[-1]  # the garrison's last brigade, reached and clicked: its record
        one_line = window720.get_height() // 40  # a raised brigade's line takes one row, not two
        assert all(r.h <= one_line for r, ident in s.page_rows if ident in ids)
    finally:
        s.close()

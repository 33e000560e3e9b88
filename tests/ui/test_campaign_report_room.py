"""The report after a battle at 1280x720: its lines under the columns (officers fallen, quality gained,
the pursuit and retreat) stop above its buttons, the rest counted in a last line. Burgos, turn 4 of a
Spanish play-through: 19 brigades gained quality, their lines ran over the buttons and off the page."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.ui import theme
from game.ui.campaign import sheets
from systems.campaign.report import BattleReport, Changed
from tests.ui.test_campaign_counts import declined_then_fought


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_reports_lines_stop_above_its_buttons(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = declined_then_fought()
    try:
        s.settings.language = language
        s.settings_changed("language")
        f = s.war.fought[-1]
        unit = next(iter(f.setup.units))
        reported = sheets.battle_report

        def many(*a: object) -> BattleReport:  # a battle after which 30 brigades gained quality
            return replace(reported(*a), changed=[Changed(unit, "V", "victories")] * 30)  # type: ignore[arg-type]

        monkeypatch.setattr(sheets, "battle_report", many)
        drawn: list[tuple[str, int]] = []
        lines = theme.text_lines

        def told(surf: pygame.Surface, text: str, *a: object) -> int:
            bottom = lines(surf, text, *a)  # type: ignore[arg-type]
            drawn.append((text, bottom))
            return bottom

        monkeypatch.setattr(theme, "text_lines", told)
        s.page, s.report_of = "report", f.number
        s.draw(window720)
        top = min(r.top for r, _ch in s.page_buttons)
        assert all(bottom <= top for _text, bottom in drawn)
        more = [text for text, _b in drawn if text.startswith(s.t("campaign_more", n=99).split("99")[0])]
        assert more  # how many more there are
    finally:
        s.close()

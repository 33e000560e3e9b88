"""The report after a battle at 1280x720: its lines under the columns (officers fallen, quality gained,
the pursuit and retreat) stop above its buttons, the rest counted in a last line. Burgos, turn 4 of a
Spanish play-through: 19 brigades gained quality, their lines ran over the buttons and off the page."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.ai.players import campaign_player
from game.model.events import Note
from game.running.campaign_match import new_campaign, play
from game.running.settings import Settings
from game.ui import theme
from game.ui.campaign import sheets
from game.ui.campaign.screen import CampaignScreen
from game.ui.playing.war_play import WarPlay
from systems.campaign.report import BattleReport, Changed
from systems.campaign.state import War
from tests.campaign_helpers import BORDER, notes
from tests.ui.test_campaign_counts import declined_then_fought


def notes_of(w: War) -> list[Note]:
    return [e for e in w.events if isinstance(e, Note)]


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
        over = next(
            e for e in reversed(notes_of(s.war)) if (e.details or {}).get("say") == "camp_battle_over"
        )
        assert s.narrate(over) in [text for text, _b in drawn]  # the battle's end before the 30 gains
    finally:
        s.close()


def test_a_brigades_quality_gained_is_said_once(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report listed each quality gained ('... are now Veteran (victories)') and then told it again in
    the log's words ('... have won their spurs ...'): once is enough."""
    m = new_campaign(str(BORDER), 1, max_turns=4)
    play(m, {s: campaign_player("easy", s, 1 + i, "auto") for i, s in enumerate(m.war.sides)})
    gained = notes(m.war, "camp_quality")
    assert gained
    s = CampaignScreen(WarPlay.start(m, {"fr": "human", "al": "human"}), window720.get_size(), Settings())
    try:
        said: list[str] = []
        lines = theme.text_lines
        monkeypatch.setattr(
            theme, "text_lines", lambda surf, text, *a: said.append(text) or lines(surf, text, *a)
        )
        for f in m.war.fought:
            report = sheets.battle_report(m.war, f)
            for c in report.changed:
                said.clear()
                s.page, s.report_of = "report", f.number
                s.draw(window720)
                assert sum(s.n.brigade(c.unit) in text for text in said) == 2  # its row, its gain: once
    finally:
        s.close()

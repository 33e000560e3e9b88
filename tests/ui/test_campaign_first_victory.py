"""CAMP-DEC-25 on the campaign's screen: while no battle of the war is won, a battle's page says what
the first victory is worth; once one is won, the pages say it no more, and the end's points say who
earned it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import theme
from game.ui.campaign.figures import outcome
from systems.campaign.victory import first_victor
from tests.campaign_helpers import campaign_file
from tests.ui.campaign_driver import frame, march_on_the_enemy, open_war, press

STAKE = "The war's first victory is worth 2 points at its end to the side that wins it (CAMP-DEC-25)."


def test_CAMP_DEC_25_the_first_victory_is_told_before_it_and_counted_at_the_end(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = campaign_file(tmp_path, swaps=(("army_destroyed = 2", "army_destroyed = 2\nfirst_victory = 2"),))
    drawn: list[str] = []
    own = theme.text_lines

    def seen(surf: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> int:
        drawn.append(text)
        return own(surf, text, *args, **kwargs)

    monkeypatch.setattr(theme, "text_lines", seen)
    s = open_war(window, al="heuristic", seed=1, path=path)
    try:
        march_on_the_enemy(s, window)
        s.draw(window)
        assert STAKE in drawn
        press(s, window, "resolve")
        for _ in range(600):
            frame(s, window)
            if s.war.fought and s.war.fought[0].result is not None:
                break
        winner = s.war.fought[0].result.winner  # type: ignore[union-attr]
        assert winner is not None and first_victor(s.war) == winner
        drawn.clear()
        s.draw(window)
        assert STAKE not in drawn
        _head, points = outcome(s.war, s.n)
        assert points.endswith(
            f"counting 2 for the war's first victory, won by the {s.n.side(winner)} (CAMP-DEC-25)"
        )
    finally:
        s.close()

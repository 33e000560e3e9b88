"""Every game screen starts its computer players the same way, given the player's thinking time
(Settings.ai_think): For Glory's battle did, the Open Wars screen started them at x1 whatever the
setting (its players' process and the deadline after which it is deemed stuck)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ai.players import budget
from game.running.match import new_match
from game.running.settings import Settings
from game.ui.battle.screen import BattleScreen
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.playing import ai_turns


def not_started(made: list[tuple[dict[str, tuple[str, int]], float]]) -> type[Any]:
    """The AI's process as a screen starts it, not started: what it was given goes to `made`."""

    class Worker:
        def __init__(self, _m: Any, players: dict[str, tuple[str, int]], think: float = 1.0) -> None:
            made.append((players, think))

        def close(self, grace: float = 0.0) -> None:
            pass

    return Worker


@pytest.mark.parametrize(
    ("screen_kind", "scenario"), [(OpenWarsScreen, "ow-twin-fords"), (BattleScreen, "default")]
)
def test_a_screen_starts_its_computer_players_with_the_players_thinking_time(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch, screen_kind: type[Any], scenario: str
) -> None:
    made: list[tuple[dict[str, tuple[str, int]], float]] = []
    monkeypatch.setattr(ai_turns, "Worker", not_started(made))
    m = new_match(scenario, 2)
    first, second = m.battle.sides[:2]
    settings = Settings()
    settings.ai_think = 2.0
    screen = screen_kind(m, {first: "human", second: "hard"}, window720.get_size(), settings)
    try:
        assert made == [({second: ("hard", m.seed + 1)}, 2.0)]
        assert screen.ai.think == 2.0
        assert screen.ai.deadline(second) == budget("hard", 2.0) + screen.ai.margin
    finally:
        screen.close()

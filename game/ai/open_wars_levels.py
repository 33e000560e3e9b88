"""Open Wars' computer players by name; the levels of a search general play these (game/ai/common.py:
a level the mode lacks plays its best player)."""

from __future__ import annotations

from game.ai.open_wars import OpenWarsEasy, OpenWarsHeuristic, OpenWarsPlayer
from game.ai.open_wars_hard import OpenWarsHard

PLAYERS = {
    "random": OpenWarsPlayer,
    "heuristic": OpenWarsHeuristic,
    "easy": OpenWarsEasy,
    "normal": OpenWarsHeuristic,
    "hard": OpenWarsHard,
}

"""Computer players. A player answers the battle's decisions with Commands and sees only what a
player at the table sees (the state of the table, never the dice to come)."""

from __future__ import annotations

from game.ai import open_wars
from game.ai.common import MODE_PLAYERS
from game.ai.heuristic import HeuristicPlayer
from game.ai.random_player import RandomPlayer
from game.errors import UserError

AnyPlayer = RandomPlayer | HeuristicPlayer
PLAYERS: dict[str, type[AnyPlayer]] = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
MODE_PLAYERS["open-wars"] = open_wars.PLAYERS


def make_player(name: str, side: str, seed: int) -> AnyPlayer:
    cls = PLAYERS.get(name)
    if cls is None:
        raise UserError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})")
    return cls(side, seed)

"""How even a scenario is: whole battles of two equal computer generals (hard against hard by default),
each seed a battle, the two players' seeds swapping sides every other game, and the wins of each
SIDE counted (a tournament counts the players'). The figures in docs/scenarios.md come from it.

    nice python -m bench.balance --scenario talavera [--games 20] [--level hard] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

from game.ai.players import make_player
from game.running import builtin_rules
from game.running.match import new_match, play, summary


def battle(scenario: str, seed: int, level: str, swap: bool) -> tuple[str | None, int]:
    """One battle: the winning side (None for a draw) and its rounds."""
    m = new_match(scenario, seed)
    try:
        assert m.battle.game is not None
        sides = list(m.battle.game.sides)
        seeds = [seed, seed + 1][:: -1 if swap else 1]  # the same two players, on the other sides
        play(m, {s: make_player(level, s, k) for s, k in zip(sides, seeds, strict=True)})
        result = summary(m)
        return result["winner"], int(result["rounds"])
    finally:
        m.battle.close()


def measure(scenario: str, games: int, level: str, first_seed: int, quiet: bool = False) -> dict[str, Any]:
    wins: dict[str, int] = {}
    draws = 0
    rounds = []
    start = time.perf_counter()
    for n in range(games):
        winner, played = battle(scenario, first_seed + n, level, swap=n % 2 == 1)
        rounds.append(played)
        if winner is None:
            draws += 1
        else:
            wins[winner] = wins.get(winner, 0) + 1
        if not quiet:
            print(f"  {scenario} game {n + 1}/{games}: {winner or 'draw'} in {played} rounds", flush=True)
    decided = sum(wins.values())
    return {
        "scenario": scenario,
        "level": level,
        "games": games,
        "wins": wins,
        "draws": draws,
        "share": {s: round(w / games, 3) for s, w in wins.items()},
        "share_of_decided": {s: round(w / decided, 3) for s, w in wins.items()} if decided else {},
        "mean_rounds": round(sum(rounds) / len(rounds), 1),
        "seconds": round(time.perf_counter() - start),
    }


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.balance")
    p.add_argument("--scenario", action="append", required=True)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--level", default="hard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    builtin_rules.load()
    for scenario in args.scenario:
        result = measure(scenario, args.games, args.level, args.seed, quiet=args.json)
        print(json.dumps(result, sort_keys=True) if args.json else result, flush=True)


if __name__ == "__main__":
    main()

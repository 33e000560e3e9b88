"""Open Wars: a whole game between heuristic players on each shipped map, the exact odds of a crowded
combat (what the screen works out when a combat's decision comes), and one frame of its screen.

    python -m bench.open_wars [--samples N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable

from game.ai.players import make_player
from game.running.match import new_match, play
from systems.open_wars.odds import combat_odds
from systems.open_wars.state import Campaign

MAPS = ("ow-twin-fords", "ow-border-march")
CROWD = {  # four stacks of four a side: the largest fight the stacking rules allow for normal units
    "north": ("dwarf-warriors", "crossbows", "ram-riders", "gyrocopter"),
    "south": ("orc-warriors", "goblin-archers", "wolf-riders", "troll"),
}


def median_ms(samples: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def whole_game(scenario: str, seed: int) -> None:
    m = new_match(scenario, seed)
    play(m, {s: make_player("heuristic", s, seed + k) for k, s in enumerate(m.battle.sides)})


def crowded(seed: int) -> Campaign:
    m = new_match("ow-twin-fords", seed)
    c = m.battle
    assert isinstance(c, Campaign)
    for player, units in CROWD.items():
        for u in units:
            c.add(player, "west-ford", u, 4 if c.unit(u).type not in ("flying", "magic") else 1)
    return c


def frame_ms(samples: int) -> float:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.open_wars.screen import OpenWarsScreen

    pygame.init()
    surf = pygame.display.set_mode((1280, 720))
    m = new_match("ow-border-march", 1)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), surf.get_size())
    try:
        screen.draw(surf)  # fonts and layout made once
        return median_ms(samples, lambda: screen.draw(surf))
    finally:
        screen.close()
        pygame.quit()


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--samples", type=int, default=5)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    out: dict[str, float] = {}
    for scenario in MAPS:
        seeds = iter(range(1, 10_000))
        out[f"game {scenario} (ms)"] = median_ms(
            args.samples, lambda s=scenario, seeds=seeds: whole_game(s, next(seeds))
        )
    places = [crowded(seed) for seed in range(args.samples)]
    todo = iter(places)
    out["odds, 4 stacks a side (ms)"] = median_ms(args.samples, lambda: combat_odds(next(todo), "west-ford"))
    out["screen frame 1280x720 (ms)"] = frame_ms(args.samples * 4)
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>34}: {v:.1f}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])

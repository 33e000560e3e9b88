"""The search generals' think time: every decision of each level (and of the reference generals kept
from earlier versions) in whole battles against the heuristic player, timed one by one (median, 95th
percentile, worst), and what a whole battle of two hard generals costs to watch (the client adds its
pause between answers).

    python -m bench.ai_levels [--seeds N] [--scenario ID ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from typing import Any

from game.ai.kinds import LEVELS, REFERENCES
from game.ai.players import make_player
from game.running.match import new_match, summary

SCENARIOS = ("default", "quick-battle", "bailen")


def _timed_battle(scenario: str, seed: int, kinds: tuple[str, str], times: dict[str, list[float]]) -> float:
    """Play one battle; each decision of a search level timed into times[level]; the whole in s."""
    m = new_match(scenario, seed)
    b = m.battle
    assert b.game is not None
    players = {
        s: (k, make_player(k, s, seed + i)) for i, (s, k) in enumerate(zip(b.game.sides, kinds, strict=True))
    }
    start = time.perf_counter()
    try:
        while b.pending is not None:
            d = b.pending
            kind, player = players[d.side]
            t = time.perf_counter()
            c = player.decide(b, d)
            if kind in times:
                times[kind].append(time.perf_counter() - t)
            m.apply(c)
        summary(m)
    finally:
        b.close()
    return time.perf_counter() - start


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(prog="bench.ai_levels")
    p.add_argument("--seeds", type=int, default=2, help="battles per level and scenario")
    p.add_argument("--scenario", action="append", default=[])
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    scenarios = args.scenario or list(SCENARIOS)
    times: dict[str, list[float]] = {level: [] for level in (*LEVELS, *REFERENCES)}
    for level in times:
        for sc in scenarios:
            for seed in range(1, args.seeds + 1):
                kinds = (level, "heuristic") if seed % 2 else ("heuristic", level)
                _timed_battle(sc, seed, kinds, times)
    watch = [_timed_battle(sc, 1, ("hard", "hard"), {}) for sc in scenarios]
    out: dict[str, Any] = {
        "decisions": {
            level: {
                "count": len(xs),
                "median_ms": round(statistics.median(xs) * 1000, 1),
                "p95_ms": round(_quantile(xs, 0.95) * 1000, 1),
                "max_ms": round(max(xs) * 1000, 1),
            }
            for level, xs in times.items()
        },
        "hard_vs_hard_battle_s": {sc: round(s, 1) for sc, s in zip(scenarios, watch, strict=True)},
    }
    if args.json:
        print(json.dumps(out))
    else:
        for level, d in out["decisions"].items():
            print(
                f"{level:>12}: {d['count']} decisions, median {d['median_ms']} ms, "
                f"p95 {d['p95_ms']} ms, worst {d['max_ms']} ms"
            )
        for sc, s in out["hard_vs_hard_battle_s"].items():
            print(f"hard against hard, {sc}: {s} s of thinking and rules for the whole battle")
    return out


if __name__ == "__main__":
    main()

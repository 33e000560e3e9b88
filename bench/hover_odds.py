"""The odds on the map (issue 22): with a unit selected, the fire and charge odds against the enemy
under the mouse, first worked out and then asked again (each frame the mouse rests there), and why a
greyed Fire or Charge is greyed, on a table of N bases (bench/orders.py's two armies).

    python -m bench.hover_odds [--samples N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bench.orders import army
from game.model.resolution import Decision
from game.ui.battle.human import HumanInput

SIZES = (20, 100, 400)


def measure(n: int, samples: int) -> dict[str, float]:
    first, again, why = [], [], []
    for s in range(samples):
        b, front = army(n, s)
        b.enter()
        h = HumanInput(b)
        shooter, target = front["a"][0], front["b"][0]
        h.decision, h.selected = Decision("order", "a", shooter, (shooter,)), shooter
        t0 = time.perf_counter()
        h.preview(target)
        t1 = time.perf_counter()
        h.preview(target)
        t2 = time.perf_counter()
        h.no_target_why("charge", b.ids[front["a"][-1]])
        t3 = time.perf_counter()
        first.append((t1 - t0) * 1000)
        again.append((t2 - t1) * 1000)
        why.append((t3 - t2) * 1000)
        b.close()
    return {
        "preview_ms": statistics.median(first),
        "preview_cached_ms": statistics.median(again),
        "greyed_why_ms": statistics.median(why),
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--samples", type=int, default=9)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    out = {n: measure(n, args.samples) for n in SIZES}
    if args.json:
        print(json.dumps(out, sort_keys=True))
        return
    for n, r in out.items():
        print(
            f"{n:>4} bases: odds under the mouse {r['preview_ms']:.2f} ms, asked again "
            f"{r['preview_cached_ms']:.4f} ms; why Charge is greyed {r['greyed_why_ms']:.2f} ms"
        )


if __name__ == "__main__":
    main()

"""Time to resolve one order, reaction-area and line-of-sight checks included, on a table of N bases.

Two armies face each other in ranks, 8" apart, so a front-rank move ends inside enemy reaction areas
and shots and charges have real targets and blockers around them. Each sample builds a fresh battle
(untimed) and times one order from `apply` to its last decision answered (every reaction declined).

    python -m bench [--samples N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from game.content.ruleset_files import load_ruleset
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.dice import Dice
from game.model.table import Table
from game.running.log_texts import english

CATEGORIES = ("LnInf", "LnInf", "LI", "LnInf", "FA", "LnInf", "HC", "LnInf", "LC", "HA")
GAP = 6.0  # inches between the front ranks: inside cavalry charge and artillery range


def army(n_bases: int, seed: int) -> tuple[Battle, dict[str, list[str]]]:
    """Two armies of n_bases/2 in ranks facing each other; a division officer among each four units."""
    rules = load_ruleset()
    per_side = n_bases // 2
    ranks = 2 if per_side <= 30 else max(2, round((per_side / 10) ** 0.5 / 1.5))
    files = -(-per_side // ranks)
    width = files * 2.6 + 8
    depth = 2 * ranks * 3.0 + GAP + 8
    b = Battle(rules, Table(width, depth), Dice(seed), words=english())
    front: dict[str, list[str]] = {"a": [], "b": []}
    for side, sign in (("a", -1), ("b", 1)):
        facing = 90.0 if side == "a" else 270.0
        spots = []
        for i in range(per_side):
            rank, file = divmod(i, files)
            spots.append((5 + file * 2.6, depth / 2 + sign * (GAP / 2 + 0.6 + rank * 3.0)))
            if rank == 0:
                front[side].append(f"{side}{i}")
        for d in range(-(-per_side // 4)):
            group = spots[4 * d : 4 * d + 4]
            cx = sum(x for x, _ in group) / len(group)
            cy = sum(y for _, y in group) / len(group)
            b.add_officer(f"{side}-d{d}", side, "division", 3, (cx, cy + sign * 0.6))
        b.add_officer(
            f"{side}-staff", side, "staff", 3, (width / 2, depth / 2 + sign * (GAP / 2 + ranks * 3))
        )
        for i, at in enumerate(spots):
            cat = CATEGORIES[i % len(CATEGORIES)]
            b.add_unit(f"{side}{i}", side, f"{side}-d{i // 4}", cat, "R", at, facing)
    return b, front


def _resolve(b: Battle, command: cmd.Command) -> None:
    b.apply(command)
    while b.pending is not None:
        b.apply(cmd.Pass())


def orders(front: dict[str, list[str]], i: int, b: Battle) -> dict[str, cmd.Command]:
    """One of each kind of order for a front-rank unit near the middle of the line."""
    import esper

    from game.model.components import Pose, Unit

    b.enter()
    mid = len(front["a"]) // 2
    infantry = next(
        u for u in front["a"][mid:] if esper.component_for_entity(b.ids[u], Unit).category.code == "FA"
    )
    horse = next(
        u for u in front["a"][mid:] if esper.component_for_entity(b.ids[u], Unit).category.type == "cavalry"
    )
    p = esper.component_for_entity(b.ids[front["a"][mid]], Pose)
    enemy_ahead = min(
        front["b"],
        key=lambda u: abs(
            esper.component_for_entity(b.ids[u], Pose).x - esper.component_for_entity(b.ids[horse], Pose).x
        ),
    )
    shooter_target = min(
        front["b"],
        key=lambda u: abs(
            esper.component_for_entity(b.ids[u], Pose).x - esper.component_for_entity(b.ids[infantry], Pose).x
        ),
    )
    return {
        "move": cmd.Move(front["a"][mid], (p.x, p.y + 3.0)),
        "fire": cmd.Fire(infantry, shooter_target),
        "charge": cmd.Charge(horse, enemy_ahead),
    }


def measure(n_bases: int, samples: int) -> dict[str, float]:
    times: dict[str, list[float]] = {"move": [], "fire": [], "charge": []}
    rejected: dict[str, int] = {k: 0 for k in times}
    for s in range(samples):
        for kind in times:
            b, front = army(n_bases, s)
            command = orders(front, s, b)[kind]
            b.apply(cmd.Activate(command.unit, leadership=False))  # type: ignore[attr-defined]
            t0 = time.perf_counter()
            _resolve(b, command)
            times[kind].append((time.perf_counter() - t0) * 1000)
            rejected[kind] += sum(1 for e in b.events if e.kind == "rejected")
            b.close()
    out = {f"{k}_ms": round(statistics.median(v), 3) for k, v in times.items()}
    out["order_ms"] = round(statistics.median([t for v in times.values() for t in v]), 3)
    out["rejected"] = sum(rejected.values())
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench")
    p.add_argument("--samples", type=int, default=15)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    results = {str(n): measure(n, args.samples) for n in (60, 500)}
    if args.json:
        print(json.dumps({"order_resolution": results}))
    else:
        for n, r in results.items():
            print(
                f"{n:>4} bases: median order {r['order_ms']:.2f} ms  "
                f"(move {r['move_ms']:.2f}, fire {r['fire_ms']:.2f}, charge {r['charge_ms']:.2f}; "
                f"{r['rejected']} rejected)"
            )
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
